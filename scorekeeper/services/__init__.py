"""Use cases: the one bridge between scorekeeper.rules and the database.

Views and the JSON API call these functions; they validate what a person typed,
ask the game's kind and the rules for deal sizes, engines, standings and verdicts,
and write rows. Every problem comes back as a ServiceError whose message a player
can act on. By job:

- ``starting``, ``rounds``, ``finish``, ``trash``: the score sheet's use cases (start; enter, correct, undo a round;
  end; delete, restore, purge);
- ``listing`` and ``history``: the games list and the trash a page at a time, and a game's history;
- ``game_view``: the read model, one :class:`GameView` per game and request;
- ``inputs``: reading and checking what was typed or sent (:class:`NewGame`, :class:`RoundEntry`);
- ``errors``: what can go wrong, each problem kept by its :class:`Field`;
- ``drafts``: a round filled in from several phones, each player sending their own pips;
- ``seats``: a player renamed, joining late or leaving mid-game (``seating``: who plays which round);
- ``live``: the tag a phone polls to see whether a game changed, and the game's read-only link;
- ``checker`` and ``reference``: the move checker, the deal lookup and the rules pages' links.
"""

from ..entries import RoundEntry
from ..reading import Field, Problems
from .checker import (
    DealAnswer,
    TappedAnswer,
    TappedQuestion,
    check_json,
    check_tapped,
    deal_lookup,
    deal_rules,
    deal_table,
    legal_moves_json,
    reference_link,
)
from .drafts import Draft, DraftEntry, Sent, draft_of, mark_blocked, mark_double_end, mark_engine, send_mine
from .errors import BadRequest, Conflict, Invalid, NotFound, PreconditionFailed, QuotaReached, ServiceError
from .finish import finish_game
from .game_view import (
    AnyGame,
    GameView,
    NextRound,
    RoundView,
    StoredGame,
    StoredRound,
    next_round,
    rounds_total,
    view,
)
from .grid import Grid, score_grid
from .history import HISTORY_WORDS, history
from .inputs import (
    MAX_NAME,
    GameChoices,
    NewGame,
    check_players,
    check_round,
    clean_name,
    entry_from_json,
    new_game_from_json,
    read_kind,
    read_new_game,
)
from .listing import last_players, list_games, trashed_games
from .live import Stamp, game_stamp, stamp_of, watch_code, watched_game
from .loading import get_game, no_game, read_game
from .people import (
    Listed,
    MergePreview,
    games_of,
    get_person,
    link_seats,
    list_people,
    listed,
    merge,
    merge_preview,
    merges_into,
    others,
    rename,
    suggested_names,
    undo_merge,
)
from .replay import play_again
from .round_photos import KeptMark, KeptPhoto, keep_photo, kept_photo, photo_marks
from .rounds import add_round, edit_round, find_round, round_mark, undo_round
from .seats import MOST_SEATS, START_HIGHEST, START_ZERO, STARTS, join_game, leave_game, rename_seat, seat_name
from .starting import create_game
from .stats import (
    PERIODS,
    Best,
    HeadToHead,
    Point,
    Record,
    head_to_head,
    household_bests,
    records,
    series,
    series_chart,
)
from .tallies import games_changed
from .trash import TRASH_DAYS, delete_game, in_trash, purge_trash, restore_game
from .unit_of_work import on_change

# the stats' running tallies follow every change to a game, in its transaction (the unit of work's one hook place)
on_change(games_changed)

__all__ = [
    "Draft",
    "DraftEntry",
    "Sent",
    "draft_of",
    "mark_blocked",
    "mark_double_end",
    "mark_engine",
    "send_mine",
    "watch_code",
    "watched_game",
    "Stamp",
    "game_stamp",
    "stamp_of",
    # the move checker and the deal lookup
    "DealAnswer",
    "TappedAnswer",
    "TappedQuestion",
    "check_json",
    "check_tapped",
    "deal_lookup",
    "deal_rules",
    "deal_table",
    "legal_moves_json",
    "reference_link",
    # what can go wrong
    "BadRequest",
    "Conflict",
    "Field",
    "Invalid",
    "QuotaReached",
    "NotFound",
    "PreconditionFailed",
    "Problems",
    "ServiceError",
    # the score sheet: the read model, the use cases and queries, reading what was typed
    "AnyGame",
    "GameView",
    "Grid",
    "StoredGame",
    "StoredRound",
    "NextRound",
    "RoundView",
    "next_round",
    "rounds_total",
    "view",
    "HISTORY_WORDS",
    "TRASH_DAYS",
    "add_round",
    "create_game",
    "delete_game",
    "edit_round",
    "find_round",
    "finish_game",
    "get_game",
    "read_game",
    "play_again",
    "history",
    "score_grid",
    # photos of hands kept with their rounds
    "KeptMark",
    "KeptPhoto",
    "keep_photo",
    "kept_photo",
    "photo_marks",
    "last_players",
    "in_trash",
    "list_games",
    "no_game",
    "round_mark",
    "purge_trash",
    "restore_game",
    "trashed_games",
    "undo_round",
    "MAX_NAME",
    "GameChoices",
    "NewGame",
    "RoundEntry",
    "check_players",
    "check_round",
    "clean_name",
    "entry_from_json",
    "new_game_from_json",
    "read_kind",
    "read_new_game",
    # the household's people, their records and stats
    "Listed",
    "MergePreview",
    "get_person",
    "games_of",
    "link_seats",
    "merge",
    "merge_preview",
    "merges_into",
    "list_people",
    "listed",
    "others",
    "rename",
    "suggested_names",
    "undo_merge",
    "PERIODS",
    "Best",
    "household_bests",
    "HeadToHead",
    "Point",
    "Record",
    "head_to_head",
    "records",
    "series",
    "series_chart",
    # mid-game changes of the players
    "MOST_SEATS",
    "STARTS",
    "START_HIGHEST",
    "START_ZERO",
    "join_game",
    "leave_game",
    "rename_seat",
    "seat_name",
]
