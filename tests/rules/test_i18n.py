"""Every sentence the rules library shows a player goes through the translator hook (rules/i18n.py).

A fake translator wraps each message in «» (keeping its placeholders), so a test can see which
texts were looked up, that names of trains and seats were looked up on their own, and that the
placeholders were filled in after the lookup. The AST checks make sure pybabel can extract every
message: the first argument of ``_`` and ``N_`` is a literal, and its placeholders are exactly the
keyword arguments given.
"""

from __future__ import annotations

import ast
import string
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from scorekeeper.rules import (
    ANCHORS,
    PRESETS,
    RULES,
    SUPER_PRESETS,
    DealError,
    IllegalMove,
    Move,
    Position,
    SketchError,
    SuperMove,
    SuperPosition,
    Tile,
    TileError,
    TrainSketch,
    deal_size,
    rule_title,
    section_title,
    sketch_position,
)
from scorekeeper.rules.i18n import N_, _, get_translator, set_translator, translated

from .mexican_train.helpers import pos_json

RULES_DIR = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"


def wrap(message: str) -> str:
    return f"«{message}»"


@pytest.fixture
def translator() -> Iterator[Callable[[Callable[[str], str]], None]]:
    """Install a fake translator for one test (``translator(fn)``); the one installed before comes back after."""
    before = get_translator()
    try:
        yield set_translator
    finally:
        set_translator(before)


@pytest.fixture
def wrapped(translator: Callable[[Callable[[str], str]], None]) -> None:
    translator(wrap)


# -- the hook ----------------------------------------------------------------------------


def test_placeholders_are_filled_after_the_lookup_so_a_translation_may_reorder_them(
    translator: Callable[[Callable[[str], str]], None],
) -> None:
    catalog = {"{tile} does not match {train}, which ends in a {end}.": "{train} ends in a {end}: {tile} does not fit."}
    translator(lambda m: catalog.get(m, m))
    assert _("{tile} does not match {train}, which ends in a {end}.", tile="5-1", train="your train", end=7) == (
        "your train ends in a 7: 5-1 does not fit."
    )


def test_a_translation_with_broken_placeholders_falls_back_to_english(
    translator: Callable[[Callable[[str], str]], None],
) -> None:
    translator(lambda m: "{tile} passt nicht zu {zug}")
    assert _("{tile} does not match {train}.", tile="5-1", train="your train") == "5-1 does not match your train."


def test_n_marks_without_translating_and_translated_reads_later(wrapped: None) -> None:
    assert N_("A legal move") == "A legal move"
    assert translated("A legal move") == "«A legal move»"


def test_the_translator_is_put_back_after_a_test() -> None:
    # runs after the tests above: whatever they installed is gone
    assert _("{tile} is not in your hand.", tile="5-1") == "5-1 is not in your hand."


# -- what players see ---------------------------------------------------------------------------


def test_a_verdict_reason_and_title_come_out_translated_with_train_names_filled_in(wrapped: None) -> None:
    data = pos_json(hand="9-4 3-3", trains=["12-5 5-5", "", "", ""], open_doubles=[0], names=["Ana", "Bo", "Cy", "Di"])
    data["turn"] = 1
    verdict = Position.from_json(data).check(Move.play("9-4", 2))
    assert verdict.rule == "double-must-be-covered"
    assert verdict.reason == (
        "«5-5 on «Ana's train» must be covered before anyone plays elsewhere, so 9-4 cannot go on «Cy's train».»"
    )
    assert verdict.title == "«An open double must be covered first»"
    assert verdict.to_json()["title"] == verdict.title and verdict.to_json()["reason"] == verdict.reason
    assert verdict.anchor == "doubles"  # ids and anchors never change


def test_your_train_and_unnamed_seats_are_translated_too(wrapped: None) -> None:
    position = Position.from_json(pos_json(hand="5-1", trains=["12-5", "", "", ""]))
    assert position.check(Move.play("5-1", 0)).reason == "«You may lay 5-1 on «your train».»"
    assert position.check(Move.play("5-1", 2)).reason == (
        "«5-1 cannot go on «seat 2's train»: it has no marker, so only its owner may play there.»"
    )
    assert position.check(Move.draw()).reason == "«You cannot draw while you can play: 5-1 on «your train» is legal.»"


def test_illegal_move_carries_the_translated_reason_and_title(wrapped: None) -> None:
    position = Position.from_json(pos_json(hand="5-1", trains=["12-5", "", "", ""]))
    with pytest.raises(IllegalMove) as caught:
        position.verify(Move.play("3-3", 0))
    assert str(caught.value) == "«3-3 is not in your hand.»"
    assert caught.value.title == "«You can only lay a tile from your hand»"


def test_a_super_domino_reason_comes_out_translated(wrapped: None) -> None:
    position = SuperPosition.from_json({
        "game": "super-domino", "rules": "german", "set": 15, "players": 4, "turn": 2,
        "edges": [15, 7, 13, 15], "spell": [2], "hand": ["13-4", "5-5", "7-1"], "boneyard": 60,
        "names": ["Ana", "Bo", "Cy", "Di"],
    })  # fmt: skip
    verdict = position.check(SuperMove.play("7-1", 1))
    assert verdict.reason == "«The spell is on: you must play on the 13 showing on edge 3, so 7-1 cannot go on edge 2.»"
    assert verdict.title == "«Under the spell, play on the 13»"
    assert position.check(SuperMove.draw()).reason == (
        "«You cannot draw while you can play: 5-5 on edge 3 (showing 13) is legal.»"
    )


def test_a_deal_error_comes_out_translated(wrapped: None) -> None:
    with pytest.raises(DealError) as caught:
        deal_size(9, 12)
    assert str(caught.value) == "«a double-12 set deals for at most 8 players; use a double-15 set»"


def test_a_sketch_error_comes_out_translated(wrapped: None) -> None:
    with pytest.raises(SketchError) as caught:
        sketch_position(
            highest=12, engine=12, players=2, turn=0,
            trains=[TrainSketch(None), TrainSketch(None, open_double=True)], mexican=TrainSketch(None),
            hand=[Tile(5, 1)], names=["Ana", "Bo"],
        )  # fmt: skip
    assert caught.value.field == "trains[1]"  # field paths stay as they are
    assert caught.value.problem == "««Bo's train» is not started, so it cannot end in a double»"


def test_a_tile_error_comes_out_translated(wrapped: None) -> None:
    with pytest.raises(TileError) as caught:
        Tile.parse("12 5")
    assert str(caught.value) == "«'12 5' is not a tile; write it as two numbers like 12-5»"


def test_rule_titles_section_headings_and_presets_are_translated_when_read(wrapped: None) -> None:
    assert rule_title("sd-spell") == "«Under the spell, play on the 13»"
    assert section_title("doubles") == "«Doubles»"
    assert RULES["double-must-be-covered"][0] == "An open double must be covered first"  # stored in English
    standard = PRESETS["standard"]
    assert standard.title == "Mexican Train (standard)"  # the stored English text is the message id
    assert standard.display_title == "«Mexican Train (standard)»"
    assert standard.display_description == f"«{standard.description}»"
    assert standard.to_json()["title"] == "«Mexican Train (standard)»"
    german = SUPER_PRESETS["german"]
    assert german.display_title == "«Super Domino (the German how-to)»"
    assert german.to_json()["description"] == f"«{german.description}»"


def test_english_stays_byte_for_byte_without_a_translator() -> None:
    assert PRESETS["standard"].to_json()["title"] == "Mexican Train (standard)"
    assert rule_title("legal") == "A legal move"
    with pytest.raises(DealError, match=r"^a game needs at least 2 players$"):
        deal_size(1, 12)


# -- extraction ------------------------------------------------------------------------------


def _calls(name: str) -> Iterator[tuple[Path, ast.Call]]:
    for path in sorted(RULES_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
                yield path, node


def _literal(path: Path, call: ast.Call) -> str:
    where = f"{path.name}:{call.lineno}"
    assert call.args, f"{where}: no message"
    first = call.args[0]
    assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
        f"{where}: the message must be a literal string (not an f-string or a variable) so pybabel extracts it"
    )
    return first.value


def _placeholders(message: str) -> set[str]:
    return {part[1] for part in string.Formatter().parse(message) if part[1] is not None}


def test_every_message_is_a_literal_whose_placeholders_match_its_keywords() -> None:
    seen = 0
    for path, call in _calls("_"):
        message = _literal(path, call)
        where = f"{path.name}:{call.lineno}"
        assert len(call.args) == 1, f"{where}: placeholders are named keyword arguments"
        keywords = {k.arg for k in call.keywords}
        assert None not in keywords, f"{where}: name each placeholder (no **kwargs), so this check can see them"
        assert _placeholders(message) == keywords, f"{where}: placeholders {_placeholders(message)} vs {keywords}"
        if not call.keywords:
            assert "{" not in message and "}" not in message, f"{where}: a literal brace in a message"
        seen += 1
    assert seen > 80


def test_texts_stored_at_import_time_are_marked_and_have_no_braces() -> None:
    marked = set()
    for path, call in _calls("N_"):
        message = _literal(path, call)
        assert len(call.args) == 1 and not call.keywords, f"{path.name}:{call.lineno}"
        assert "{" not in message and "}" not in message, f"{path.name}:{call.lineno}: braces in a stored text"
        marked.add(message)
    stored = {entry[0] for entry in RULES.values()} | set(ANCHORS.values())
    for preset in (*PRESETS.values(), *SUPER_PRESETS.values()):
        stored |= {preset.title, preset.description}
    assert stored <= marked, f"not marked with N_: {sorted(stored - marked)}"


def test_pybabel_extracts_every_message() -> None:
    extract = pytest.importorskip("babel.messages.extract")
    found = set()
    for path in sorted(RULES_DIR.rglob("*.py")):
        with path.open("rb") as f:
            for _lineno, message, _comments, _context in extract.extract(
                "python", f, keywords={"_": None, "N_": None}, comment_tags=()
            ):
                found.add(message)
    written = {_literal(p, c) for name in ("_", "N_") for p, c in _calls(name)}
    assert written == found
