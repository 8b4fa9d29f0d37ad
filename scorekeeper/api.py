"""The JSON API, version 1. Documented in docs/api.md."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from . import rules, services
from .api_json import game_json
from .db import session
from .errors import error_response
from .models import Game

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def _body() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what to send."""
    if not request.is_json:
        raise services.BadRequest("Send JSON with the header Content-Type: application/json.")
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise services.BadRequest('The body is not a JSON object; send something like {"players": [...]}.')
    return data


def _answer(game: Game) -> Response:
    """The game as the API shows it, after whatever the request changed."""
    return jsonify(game_json(services.view(game)))


@bp.post("/games")
def create_game() -> tuple[Response, int]:
    """Start a game."""
    game = services.create_game(session(), services.new_game_from_json(_body()))
    return _answer(game), 201


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    """A game with its rounds and standings."""
    return _answer(services.get_game(session(), game_id))


@bp.post("/games/<game_id>/rounds")
def add_round(game_id: str) -> tuple[Response, int]:
    """Score the next round."""
    data = _body()
    game = services.get_game(session(), game_id)
    services.add_round(session(), game, services.entry_from_json(game, data))
    return _answer(game), 201


@bp.put("/games/<game_id>/rounds/<int:number>")
def edit_round(game_id: str, number: int) -> Response:
    """Correct a round."""
    data = _body()
    game = services.get_game(session(), game_id)
    services.find_round(game, number)
    services.edit_round(session(), game, number, services.entry_from_json(game, data))
    return _answer(game)


@bp.delete("/games/<game_id>/rounds/<int:number>")
def undo_round(game_id: str, number: int) -> Response | tuple[Response, int]:
    """Take back the last round (only the last one can go)."""
    game = services.get_game(session(), game_id)
    services.find_round(game, number)
    if number != len(game.rounds):
        return error_response(
            409, f"Only the last round ({len(game.rounds)}) can be removed; correct round {number} with PUT instead."
        )
    services.undo_last_round(session(), game)
    return _answer(game)


@bp.post("/games/<game_id>/finish")
def finish_game(game_id: str) -> Response:
    """End an open-ended evening; the standings become final."""
    game = services.get_game(session(), game_id)
    services.finish_game(session(), game)
    return _answer(game)


@bp.post("/check")
def check() -> Response:
    """Is this move legal here? The verdict, the rule and the reason."""
    data = _body()
    for key in ("position", "move"):
        if key not in data:
            raise services.Invalid(f'Send "{key}" as well: {{"position": {{...}}, "move": {{...}}}}.')
    return jsonify(services.check_json(data["position"], data["move"]))


@bp.post("/moves")
def moves() -> Response:
    """Every legal move in a position."""
    data = _body()
    if "position" not in data:
        raise services.Invalid('Send the position: {"position": {...}}.')
    return jsonify(moves=services.legal_moves_json(data["position"]))


@bp.get("/deal")
def deal() -> Response | tuple[Response, int]:
    """Tiles per player and the boneyard left, for a player count, set and rules."""
    players = _int_arg("players", None)
    highest = _int_arg("set", 12)
    answer = services.deal_lookup(players, highest, request.args.get("rules", "standard"))
    if answer.problem:
        return error_response(422, answer.problem)
    return jsonify(answer.to_json())


@bp.get("/presets")
def presets() -> Response:
    """The rules presets with their descriptions and options."""
    return jsonify(presets=[p.to_json() for p in rules.PRESETS.values()])


def _int_arg(name: str, default: int | None) -> int:
    raw = request.args.get(name)
    if raw is None and default is not None:
        return default
    if raw is None or not raw.strip().isdecimal():
        raise services.Invalid(f'Give "{name}" as a whole number, like ?{name}=4.')
    return int(raw)
