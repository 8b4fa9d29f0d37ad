"""A game is one folder: outside the folders named after it, at most two files of the house name a game.

For every registered kind (so a game added later is held to it too), the files of ``scorekeeper/``,
``templates/`` and ``static/`` that name the game are counted, leaving out those inside a folder named after the
game (its id as a Python name), the message catalogs, the migrations and the OpenAPI document (generated from
the registry where it names games). A game is named by its id with hyphens, underscores, spaces or nothing
between the words ("mexican-train", "mexican_train", "MexicanTrain"), or by its English title.

What counts is what the code depends on: in Python files the code and its strings, not the comments and
docstrings that explain it by example ("which only Mexican Train has"); Markdown files are prose and are not
counted; templates and static files count whole (a title in a page is a page naming the game).
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from scorekeeper.games import DEFAULT_KIND, KINDS
from scorekeeper.kinds import GameKind

ROOT = Path(__file__).resolve().parent.parent
HOUSE = ("scorekeeper", "templates", "static")
ASIDE = ("translations", "migrations", "__pycache__")
"""Folders whose files are not counted: the catalogs (every text in every language), the database's history."""
GENERATED = (Path("scorekeeper/openapi.json"),)
MOST_FILES = 2
"""The files a game may be named in outside its folders: the rules floor's registry of rule rooms, say."""


def naming(kind: GameKind) -> re.Pattern[str]:
    """The game's names: its id's words with any of "-", "_", " " or nothing between them, and its English title."""
    forms = {tuple(kind.id.split("-")), tuple(str(kind.title).split())}
    return re.compile("|".join(r"[-_ ]?".join(map(re.escape, words)) for words in forms), re.IGNORECASE)


_STATEMENT_START = {tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}


def python_code(text: str) -> str:
    """A Python file without its comments and docstrings (a string standing alone as a statement)."""
    kept = []
    before = tokenize.NEWLINE
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        alone = token.type == tokenize.STRING and before in _STATEMENT_START
        if token.type != tokenize.COMMENT and not alone:
            kept.append(token.string)
        if token.type not in (tokenize.COMMENT, tokenize.NL):
            before = token.type
    return " ".join(kept)


def files_naming(kind: GameKind) -> list[str]:
    """The house's files outside the game's own folders that name it, as paths from the project root."""
    pattern = naming(kind)
    found = []
    for top in HOUSE:
        for path in sorted((ROOT / top).rglob("*")):
            relative = path.relative_to(ROOT)
            parts = relative.parts[:-1]
            if not path.is_file() or kind.folder in parts or any(p in ASIDE for p in parts) or relative in GENERATED:
                continue
            if path.suffix == ".md":  # prose about the code, not the code
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:  # images, compiled catalogs
                continue
            if pattern.search(python_code(text) if path.suffix == ".py" else text):
                found.append(relative.as_posix())
    return found


def test_the_names_of_a_game_cover_its_id_class_name_and_title() -> None:
    pattern = naming(next(iter(KINDS.values())))
    kind = next(iter(KINDS.values()))
    words = kind.id.split("-")
    for form in ("-".join(words), "_".join(words), " ".join(words), "".join(w.title() for w in words), str(kind.title)):
        assert pattern.search(f"x {form} y"), form
    assert not pattern.search("a game with no name in it")


def test_comments_and_docstrings_do_not_count_but_code_and_its_strings_do() -> None:
    source = '"""Mexican Train is the example."""\n# as Mexican Train does\nx = 1  # Mexican Train\n'
    assert "Mexican" not in python_code(source)
    assert "mexican-train" in python_code('GAME = "mexican-train"\n')
    assert "Super" in python_code('title = _l("Super Domino")\n')


@pytest.mark.parametrize("kind", list(KINDS.values()), ids=list(KINDS))
def test_a_game_is_named_only_in_its_own_folders(kind: GameKind) -> None:
    found = files_naming(kind)
    assert len(found) <= MOST_FILES, f"{kind.id} is named in {len(found)} files outside its folders: {found}"


def test_every_package_in_the_games_folder_is_a_registered_game_in_the_order_of_its_place() -> None:
    """Adding a game is adding its folder: the registry finds it without a line naming it."""
    folders = {p.name for p in (ROOT / "scorekeeper" / "games").iterdir() if (p / "__init__.py").is_file()}
    assert {kind.folder for kind in KINDS.values()} == folders
    places = [kind.place for kind in KINDS.values()]
    assert places == sorted(places) and len(set(places)) == len(places)
    assert DEFAULT_KIND is next(iter(KINDS.values()))
