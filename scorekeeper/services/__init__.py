"""Use cases: the one bridge between scorekeeper.rules and the database.

Views and the JSON API call these functions; they validate what a person typed,
ask the rules for deal sizes, engines, standings and verdicts, and write rows.
Every problem comes back as a ServiceError whose message a player can act on.
"""

from .checker import (
    CheckRequest,
    CheckResult,
    DealAnswer,
    SuperCheckResult,
    check_json,
    check_sketch,
    check_super,
    deal_lookup,
    deal_table,
    legal_moves_json,
    reference_link,
)
from .errors import BadRequest, Conflict, Invalid, NotFound, ServiceError
from .games import (
    GAMES,
    HISTORY_WORDS,
    MAX_NAME,
    MAX_PLAYERS,
    MEXICAN_TRAIN,
    MIN_PLAYERS,
    SUPER_DOMINO,
    GameView,
    NextRound,
    RoundEntry,
    RoundView,
    add_round,
    clean_name,
    create_game,
    delete_game,
    edit_round,
    entry_from_names,
    find_round,
    finish_game,
    get_game,
    history,
    last_players,
    list_games,
    max_players,
    undo_last_round,
    validate_players,
    view,
)

__all__ = [
    "GAMES", "HISTORY_WORDS", "MAX_NAME", "MAX_PLAYERS", "MEXICAN_TRAIN", "MIN_PLAYERS", "SUPER_DOMINO",
    "BadRequest", "CheckRequest", "CheckResult", "Conflict", "DealAnswer", "GameView", "Invalid", "NextRound",
    "NotFound", "RoundEntry", "RoundView", "ServiceError", "SuperCheckResult",
    "add_round", "check_json", "check_sketch", "check_super", "clean_name", "create_game", "deal_lookup",
    "deal_table", "delete_game", "edit_round", "entry_from_names", "find_round", "finish_game", "get_game",
    "history", "last_players", "legal_moves_json", "list_games", "max_players", "reference_link",
    "undo_last_round", "validate_players", "view",
]
