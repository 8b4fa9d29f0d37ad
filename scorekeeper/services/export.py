"""Take a game with you: one game as the backup's JSON document or as a spreadsheet (CSV), and a game brought
back from such a document.

The JSON is :func:`~.backup.single_game_backup`'s document, dated at the game's last change, so that a game
exported, imported elsewhere and exported again gives the very same document. An imported game keeps its id,
its rounds and its history; its players become the household's people of the same names (added when new),
as every seat does (:mod:`.people`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from ..i18n import _
from ..models import Game, new_game_id
from .backup import FORMAT, FormatError, backed_up_game, read_document, same_game, single_game_backup, store_games
from .errors import Conflict, Invalid
from .game_file import storable_text
from .game_view import GameView, view
from .loading import no_game
from .people import known_names
from .unit_of_work import new_games

FORMATS = ("json", "csv")
"""What a game is exported as."""


def export_format(raw: str | None) -> str:
    """The format asked for (JSON unless told); Invalid for any other."""
    wanted = "json" if raw is None else raw
    if wanted not in FORMATS:
        raise Invalid(_("Ask for format=json (the game, to import elsewhere) or format=csv (a spreadsheet)."))
    return wanted


def game_export(db: Session, game_id: str) -> dict[str, Any]:
    """The game as a one-game backup document, dated at its last change, with its score sheet as people read it
    (``score_sheet``, see :func:`score_sheet_json`: an import reads the game and leaves the sheet); NotFound as
    for any game."""
    game = backed_up_game(db, game_id)
    if game is None:
        raise no_game()
    return {**single_game_backup(game, game.updated_at), "score_sheet": score_sheet_json(view(game))}


AWAY_CODES = {"joined later": "joined_later", "left": "left"}
"""Why a player has no score in a round (:meth:`GameView.away`), as the JSON score sheet says it."""


def score_sheet_json(game: GameView) -> dict[str, Any]:
    """The score sheet the CSV holds, as JSON: the totals late joiners started with (``start``), each round with
    what it counted for each player who played it (``points``), why the others did not (``away``:
    ``"joined_later"`` or ``"left"``) and who went out or that it was blocked; each player's total (their start
    and their points), and the standings, where a player who left has ``"place": null`` and ``left_after``
    (ranked after everyone who played on). ``ended_after``: the last round of a game the table ended early."""
    rounds = []
    for r in game.rounds:
        away = {p: AWAY_CODES[why] for p in game.players if (why := game.away(p, r.number)) is not None}
        rounds.append(
            {
                "number": r.number,
                "points": {p: r.counted(p) for p in game.players if p in r.pips},
                "away": away,
                "went_out": r.went_out,
                "blocked": r.blocked,
            }
        )
    standings = []
    for s in game.standings:
        line: dict[str, Any] = {"player": s.player, "total": s.total}
        if game.kind.wins_hands:
            line["wins"] = s.wins
        if s.left_after is None:
            line["place"] = s.rank
        else:
            line.update({"place": None, "left_after": s.left_after})
        standings.append(line)
    return {
        "game": game.kind.id,
        "players": game.players,
        "rounds_total": game.rounds_total,
        "finished": game.finished,
        "ended_after": game.ended_after,
        "start": game.starts,
        "rounds": rounds,
        "standings": standings,
    }


def _cell(text: str) -> str:
    # a name a spreadsheet would take for a formula ("=1+1", "@Ana") is kept as text
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def score_sheet_csv(game: GameView) -> str:
    """The score sheet as CSV: a header of the players, the totals late joiners started with, one row per round
    with what it counted for each player (or why they did not play it) and who went out or that it was blocked,
    then the totals (in a game scored by hands, the hands won too) and the places. Each player's column adds up
    to their total: a spreadsheet's SUM skips the words."""
    out = io.StringIO()
    sheet = csv.writer(out, lineterminator="\r\n")
    words = game.kind.words
    sheet.writerow([_("Round"), *(_cell(p) for p in game.players), _("Went out")])
    starts = game.starts
    if starts:
        sheet.writerow([_("Start"), *(starts.get(p, "") for p in game.players), ""])
    for r in game.rounds:
        # as counted, house rules and all
        cells = [r.counted(p) if p in r.pips else _(game.away(p, r.number) or "left") for p in game.players]
        ending = _cell(r.went_out) if r.went_out is not None else _("blocked") if r.blocked else ""
        sheet.writerow([r.number, *cells, ending])
    totals = {s.player: s for s in game.standings}
    sheet.writerow([_("Total"), *(totals[p].total for p in game.players), ""])
    if game.kind.wins_hands:
        sheet.writerow([_("Hands won"), *(totals[p].wins for p in game.players), ""])
    if game.finished and game.rounds:
        places = [_place(totals[p].rank, totals[p].left_after, words.left_after) for p in game.players]
        sheet.writerow([_("Place"), *places, ""])
    if game.ended_after is not None:
        sheet.writerow([_(words.ended_after, number=game.ended_after, total=game.rounds_total)])
    return out.getvalue()


def _place(rank: int, left_after: int | None, left_words: str) -> int | str:
    """A player's place on the score sheet: their rank, or when they left (no place of their own)."""
    return rank if left_after is None else _(left_words, number=left_after)


# ---------------------------------------------------------------- bringing a game back


def _refuse(problem: str) -> Invalid:
    return Invalid(_("This file cannot be imported: %(problem)s", problem=problem))


class AlreadyHere(Conflict):
    """The game of the document is here already (``game_id``): exactly as in the file, in another version, or in
    the trash (``trashed``); a page links to it instead of importing it again."""

    def __init__(self, message: str, game_id: str, *, trashed: bool = False) -> None:
        super().__init__(message)
        self.game_id = game_id
        self.trashed = trashed


def import_game(db: Session, doc: object) -> Game:
    """Add the game of a one-game document (as :func:`game_export` makes it), with its rounds and history.

    Invalid says what is wrong with the document (nothing is written); AlreadyHere (a Conflict) when that game
    is already here, in another version, or in the trash."""
    if not isinstance(doc, Mapping) or doc.get("format") != FORMAT:
        raise _refuse(
            _(
                "it is not a game downloaded from a scorekeeper. On the other server, open the game, tap Download "
                "and choose the game (JSON)."
            )
        )
    try:
        nodes = read_document(doc)
    except FormatError as e:
        raise _refuse(str(e)) from None
    if len(nodes) != 1:
        raise _refuse(_("it does not hold exactly one game; import one game at a time."))
    node = nodes[0]
    if node.values.get("deleted_at") is not None:  # stored in the trash, where no list shows it: out of reach
        raise _refuse(_("it is a game from the trash. Restore it there, then download it again."))
    game_id = node.values["id"]
    here = db.get(Game, game_id)
    if here is not None:
        if here.deleted_at is not None:
            raise AlreadyHere(
                _("This game is in the trash here: restore it from the trash instead."), game_id, trashed=True
            )
        if same_game(backed_up_game(db, game_id) or here, node):
            raise AlreadyHere(_("This game is already here, exactly as in the file."), game_id)
        raise AlreadyHere(_("Another version of this game is already here; it was left as it is."), game_id)
    node.values.pop("next_game_id", None)  # a game of another household's: its "Play again" game is not here
    if _elsewhere(db, game_id):
        # the same game kept by another household of this deployment (its file shared): a copy of its own here,
        # under new keys, so that neither household's game, link or code is the other's
        node.values["id"] = new_game_id()
        for code in ("join_code", "watch_code"):
            node.values.pop(code, None)
        game_id = node.values["id"]
    try:
        with new_games(db) as ids:
            (game,) = store_games(db, [("games[0]", node)])
            ids.append(game.id)
    except FormatError as e:
        if db.get(Game, game_id) is not None:  # the same game imported from another phone at the same moment
            raise AlreadyHere(_("This game is already here, exactly as in the file."), game_id) from None
        raise _refuse(str(e)) from None
    return game


_WHOSE = select(Game.__table__.c.household_id).where(Game.__table__.c.id == bindparam("game_id"))
"""Whose a game id is, in any household: asked only to keep an imported game's keys apart from another's."""


def _elsewhere(db: Session, game_id: object) -> bool:
    """Whether this game id is taken by a game of another household (this household's was looked for first)."""
    return db.connection().execute(_WHOSE, {"game_id": game_id}).first() is not None


def _named(doc: object) -> list[str]:
    """The players' names a document gives, read leniently (:func:`import_game` checks the document)."""
    games = doc.get("games") if isinstance(doc, Mapping) else None
    if not isinstance(games, list):
        return []
    lists = [g.get("seats") for g in games if isinstance(g, Mapping)]
    seats = [s for listed in lists if isinstance(listed, list) for s in listed if isinstance(s, Mapping)]
    return [name for s in seats if isinstance(name := s.get("name"), str)]


@dataclass(frozen=True)
class Imported:
    """A game brought in from a file, and what became of its players."""

    game: Game
    known: list[str]
    """Players who were people of this phone's games already: the game is theirs too now."""
    added: list[str]
    """Players new to this phone's games."""


def import_file(db: Session, data: bytes, among: Collection[str] | None = None) -> Imported:
    """Import the game of an uploaded file (a game's JSON download), as :func:`import_game` does, and say which
    of its players this phone's games (``among``, every game for None) already had. Invalid for a file that is
    not such JSON; AlreadyHere when its game is here."""
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _refuse(
            _("it is not JSON. Choose the file the other server's Download gave (it ends in .json).")
        ) from None
    try:
        storable_text(doc)  # before its names are looked up among the people here
    except FormatError as e:
        raise _refuse(str(e)) from None
    known = known_names(db, _named(doc), among)  # asked before the import makes them people
    game = import_game(db, doc)
    names = [s.name for s in sorted(game.seats, key=lambda s: s.position)]
    return Imported(game, [n for n in names if n in known], [n for n in names if n not in known])
