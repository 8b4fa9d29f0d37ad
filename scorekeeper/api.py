"""The JSON API, version 1. Documented in docs/api.md."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge

from . import polling, services
from .api_json import game_json, round_json
from .db import engine, household_of, session
from .errors import error_response
from .games import DEFAULT_KIND, KINDS
from .i18n import _, current_language
from .models import Game
from .openapi import openapi_text
from .page_cache import kept, may_give_again, not_modified, revalidate
from .phones import WRONG_PASSWORD, my_games, remember
from .phones import sign_in as household_sign_in
from .rules.text import number
from .services import export, photos
from .services.game_view import StoredGame
from .services.history import BY_API
from .services.loading import read_game, recent_game, shown_game
from .services.play import play_json
from .throttle import max_games

bp = Blueprint("api", __name__, url_prefix="/api/v1")


MAX_DEPTH = 20
"""How deeply a body's lists and objects may nest; a position needs about six."""


@bp.before_request
def _writes_send_json() -> None:
    """Every write says it is JSON, which a plain HTML form on another site cannot (CSRF: the API takes no token).

    DELETE may come without a body: no form can send one, and a page on another site can only send it after a
    CORS preflight this API never answers.

    The photo to count comes as a form (multipart/form-data), as a page's file input sends it: that route writes
    nothing and keeps nothing, so a form from another site gains nothing there (and sends no cookie: SameSite=Lax).
    """
    if request.endpoint == "api.count":
        return
    if request.method in ("POST", "PUT", "PATCH") and not request.is_json:
        raise services.BadRequest(_("Send JSON with the header Content-Type: application/json."))


def _depth(data: object) -> int:
    """How deeply ``data`` nests (a scalar is 0), counted without recursion and stopping past MAX_DEPTH."""
    level, deepest = [data], 0
    while level and deepest <= MAX_DEPTH:
        level = [v for x in level if isinstance(x, dict | list) for v in (x.values() if isinstance(x, dict) else x)]
        deepest += 1
    return deepest - 1 if not level else deepest


def _body() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what to send."""
    if not request.is_json:
        raise services.BadRequest(_("Send JSON with the header Content-Type: application/json."))
    nested = _("The JSON is nested too deeply; send the shape docs/api.md shows.")
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # the parser gives up on [[[[... thousands deep
        raise services.BadRequest(nested) from None
    if _depth(data) > MAX_DEPTH:
        raise services.BadRequest(nested)
    if not isinstance(data, dict):
        raise services.BadRequest('The body is not a JSON object; send something like {"players": [...]}.')
    return data


def _answer(game: Game | StoredGame) -> Response:
    """The game as the API shows it, after whatever the request changed, with its version as the ETag; its read
    model built here and only here, once per request.

    A new round's answer (the game as written, as plain values) is kept as the game's JSON at its new version:
    the other phones at the table ask for just that next (:func:`get_game`)."""
    version = str(game.version)
    body = (
        kept(_kept_as(game.id, version), lambda: _game_text(game), forms=False)
        if isinstance(game, StoredGame)
        else _game_text(game)
    )
    response = Response(body + "\n", mimetype="application/json")
    response.set_etag(version)
    return response


def _if_match() -> int | None:
    """The version named by If-Match: None when the header is absent or ``*``; -1 (matching nothing) when
    it names no version of this API."""
    if not request.if_match or request.if_match.star_tag:
        return None
    for tag in request.if_match.as_set():
        if tag and tag.isascii() and tag.isdecimal() and len(tag) < 12:  # an empty tag ("") reads as None
            return int(tag)
    return -1


def _round_number(data: dict[str, Any]) -> int | None:
    given = data.get("number")
    if given is None:
        return None
    if isinstance(given, bool) or not isinstance(given, int) or given < 1:
        raise services.Invalid('Give "number" as the round this ends, a whole number from 1, or leave it out.')
    return given


@bp.errorhandler(services.Conflict)
@bp.errorhandler(services.PreconditionFailed)
def _changed_meanwhile(e: services.Conflict | services.PreconditionFailed) -> tuple[Response, int]:
    """A write that came too late or was based on an old version: the sentence, and the game as stored now
    (with the round stored under the number sent, when that is what it clashed with)."""
    if e.game is None:
        return error_response(e.status, e.message)
    current = services.view(e.game)
    body: dict[str, object] = {"error": e.message, "game": game_json(current)}
    stored = e.stored if isinstance(e, services.Conflict) else None
    if stored is not None:
        body["round"] = round_json(current, next(r for r in current.rounds if r.number == stored.number))
    response = jsonify(body)
    response.set_etag(str(e.game.version))
    return response, e.status


@bp.post("/games")
def create_game() -> tuple[Response, int]:
    """Start a game; a browser that starts one through the API finds it in its games list too."""
    game = services.create_game(session(), services.new_game_from_json(_body()), most=max_games())
    remember(game.id)
    return _answer(game), 201


def _game_text(game: Game | StoredGame) -> str:
    """The game's JSON, as every answer that carries the game gives it (a newline follows it)."""
    return str(current_app.json.dumps(game_json(services.view(game))))


def _kept_as(game_id: str, version: str) -> tuple[str, ...]:
    """Where the game's JSON at this version is kept: a round's answer there is what the next phone gets."""
    return ("game", game_id, version, current_language())


@bp.post("/sign-in")
def sign_in() -> Response | tuple[Response, int]:
    """Sign this client in with the household password: the session cookie it gets opens the rest of the API.
    204 (also when the site has no password), 403 for a wrong one, 422 for no text; after too many wrong ones
    429 with the wait (scorekeeper.throttle)."""
    typed = _body().get("password")
    if not isinstance(typed, str):
        raise services.Invalid(_('Send the household password as a text: {"password": "..."}.'))
    if household_sign_in(typed):
        return Response(status=204)
    return error_response(403, _(WRONG_PASSWORD))


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    """A game with its rounds and standings; 304 when If-None-Match names its version. One indexed read of the
    version first: a phone that holds the game is answered without loading it, and the answer at each version
    is built once for every phone that asks (see :func:`~scorekeeper.page_cache.kept`)."""
    database = engine()
    stamp = services.game_stamp(database, game_id)
    if stamp is None:
        raise services.no_game()
    version = str(stamp.version)  # the drafts are not part of the game's JSON

    def draw() -> str:
        # read after the version: the answer kept under it is never older than it (at worst newer)
        return _game_text(shown_game(session(), game_id))

    household = household_of()  # asked again after the request too (scorekeeper.fast_pages): for whom it was

    def unchanged() -> bool:
        now = services.game_stamp(database, game_id, household)
        return now is not None and now.version == stamp.version

    if request.if_none_match.contains_weak(version):
        may_give_again(b"", unchanged)
        return not_modified(version)
    body = (kept(_kept_as(game_id, version), draw, forms=False) + "\n").encode()
    may_give_again(body, unchanged)  # asked again the same way while the game stays at this version
    response = revalidate(Response(body, mimetype="application/json"))  # a phone asks again each time
    response.set_etag(version)
    return response


@bp.get("/games/<game_id>/live")
def live(game_id: str) -> Response:
    """What a phone polls every second or two: the game's live tag, 304 while If-None-Match still names it."""
    stamp = services.game_stamp(engine(), game_id)
    if stamp is None:
        raise services.no_game()
    return polling.answer(stamp.tag)


@bp.post("/games/<game_id>/rounds")
def add_round(game_id: str) -> tuple[Response, int]:
    """Score the round ``number`` (or the next); the same round sent again stores nothing and answers 200.
    With If-Match, a game that changed since answers 412 (a resend of a stored round still answers 200)."""
    data = _body()
    game = recent_game(session(), game_id)
    number = _round_number(data)
    entry = services.entry_from_json(game, data, number)
    stored, created = services.add_round(session(), game, entry, number, _if_match(), BY_API)
    return _answer(stored), 201 if created else 200


@bp.put("/games/<game_id>/rounds/<int:number>")
def edit_round(game_id: str, number: int) -> Response:
    """Correct a round."""
    data = _body()
    game = recent_game(session(), game_id)
    # no look for the round here: the service tells a round undone meanwhile (409) from one never played (404)
    entry = services.entry_from_json(game, data, number)
    return _answer(services.edit_round(session(), game, number, entry, _if_match(), author=BY_API))


@bp.delete("/games/<game_id>/rounds/<int:number>")
def undo_round(game_id: str, number: int) -> Response | tuple[Response, int]:
    """Take back the last round (only the last one can go)."""
    game = recent_game(session(), game_id)
    if number < len(game.rounds):
        return error_response(
            409, f"Only the last round ({len(game.rounds)}) can be removed; correct round {number} with PUT instead."
        )
    return _answer(services.undo_round(session(), game, number, _if_match(), author=BY_API))


@bp.post("/games/<game_id>/finish")
def finish_game(game_id: str) -> Response:
    """End the game now; the standings become final. The body is ``{}`` or ``{"number": <the last round seen>}``."""
    number = _body().get("number")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool) or number < 1):
        raise services.Invalid(_('"number" is the last round you saw, a whole number from 1, like {"number": 7}.'))
    game = recent_game(session(), game_id)
    return _answer(services.finish_game(session(), game, _if_match(), number, BY_API)[0])


@bp.post("/games/<game_id>/seats")
def join_game(game_id: str) -> tuple[Response, int]:
    """A player joins late: ``{"name": "Eve", "start": "highest" | "zero"}``; 201 with the game, 200 when that
    join was made already (sent again)."""
    data = _body()
    game = services.get_game(session(), game_id)
    joined = services.join_game(session(), game, data.get("name"), data.get("start"), _if_match(), BY_API)
    return _answer(game), 201 if joined.new else 200


@bp.patch("/games/<game_id>/seats/<int:position>")
def change_seat(game_id: str, position: int) -> Response:
    """Rename the seat's player in this game (``{"name": "João"}``) or let them leave (``{"left": true}``)."""
    data = _body()
    game = services.get_game(session(), game_id)
    if ("name" in data) == ("left" in data):
        raise services.Invalid('Send either {"name": "the new name"} or {"left": true}.')
    if "name" in data:
        services.rename_seat(session(), game, position, data["name"], _if_match(), BY_API)
    elif data["left"] is True:
        services.leave_game(session(), game, position, _if_match(), BY_API)
    else:
        raise services.Invalid('"left" can only be true: a player who left joins again with POST .../seats.')
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
    highest = None if request.args.get("set") is None else _int_arg("set", None)  # None: the game's usual set
    answer = services.deal_lookup(players, highest, request.args.get("rules", DEFAULT_KIND.default_rules))
    if answer.problem:
        return error_response(422, answer.problem)
    return jsonify(answer.to_json())


@bp.get("/openapi.json")
def openapi() -> Response:
    """This API described in OpenAPI 3.1 (scorekeeper/openapi.json with the games from the registry)."""
    return Response(openapi_text(), mimetype="application/json")


@bp.post("/play")
def play() -> Response | tuple[Response, int]:
    """The position after a move (both games), to follow a disputed sequence move by move; a move the rules
    forbid answers 422 with the checker's verdict (the same rule and reason)."""
    data = _body()
    for key in ("position", "move"):
        if key not in data:
            raise services.Invalid(f'Send "{key}" as well: {{"position": {{...}}, "move": {{...}}}}.')
    played = play_json(data["position"], data["move"], hand=data.get("hand"), drawn=data.get("drawn"))
    if played.position is None:
        verdict = played.verdict or {}
        return jsonify(error=verdict.get("reason"), **verdict), 422
    return jsonify(position=played.position)


@bp.post("/count")
def count() -> Response:
    """Count the pips of the tiles in a photo (the form field ``photo``; ``set``: the set's highest double, 12 if
    left out): the total, each tile's halves and where it lies in the photo. The photo is not kept."""
    try:
        photo, highest = request.files.get("photo"), request.form.get("set")
    except RequestEntityTooLarge:  # the body is over the photo route's own limit (scorekeeper.uploads)
        raise photos.too_large() from None
    counted = photos.count_photo(None if photo is None else photo.stream, highest)
    return jsonify(photos.count_json(counted))


@bp.get("/presets")
def presets() -> Response:
    """The rules presets of every game, each with its game, description and options."""
    return jsonify(presets=[{**p.to_json(), "game": kind.id} for kind in KINDS.values() for p in kind.presets.values()])


def _int_arg(name: str, default: int | None) -> int:
    raw = request.args.get(name)
    if raw is None and default is not None:
        return default
    value = None if raw is None else number(raw)
    if value is None:
        raise services.Invalid(f'Give "{name}" as a whole number, like ?{name}=4.')
    return value


# ---------------------------------------------------------------- a game to take along, the household's people


@bp.get("/games/<game_id>/export")
def export_game(game_id: str) -> Response:
    """The game as a file to keep or import elsewhere: ``?format=json`` (the default: the one-game backup
    document ``POST /games/import`` takes) or ``?format=csv`` (a score sheet for a spreadsheet)."""
    wanted = export.export_format(request.args.get("format"))
    if wanted == "csv":
        sheet = export.score_sheet_csv(services.view(read_game(session(), game_id)))
        response = Response(sheet, content_type="text/csv; charset=utf-8")
    else:
        response = jsonify(export.game_export(session(), game_id))
    response.headers["Content-Disposition"] = f'attachment; filename="scorekeeper-game-{game_id}.{wanted}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/games/import")
def import_game() -> tuple[Response, int]:
    """Add a game exported from a scorekeeper (``GET /games/<id>/export``): 201 with the game; 409 when it is
    here already. Its players become the household's people of those names; this browser lists the game."""
    game = export.import_game(session(), _body())
    remember(game.id)
    return _answer(services.get_game(session(), game.id)), 201


def _player(listed: services.Listed, boards: dict[str, dict[int, services.Record]]) -> dict[str, object]:
    stats = {kind: None if listed.id not in board else board[listed.id].to_json() for kind, board in boards.items()}
    return {"id": listed.id, "name": listed.name, "games": listed.games, "stats": stats}


def _by_person(boards: dict[str, list[services.Record]]) -> dict[str, dict[int, services.Record]]:
    return {kind: {r.person_id: r for r in board} for kind, board in boards.items()}


@bp.get("/players")
def players() -> Response:
    """The household's people (those of the games this browser sees) with their records, each game apart;
    ``?period=month|year|all`` (the default) counts only the games started in it."""
    db, among = session(), my_games()
    boards = _by_person(services.records(db, among, request.args.get("period")))
    return jsonify(players=[_player(p, boards) for p in services.list_people(db, among)])


@bp.get("/players/<int:person_id>")
def player(person_id: int) -> Response:
    """One person's records, head to head against each other person, and their game totals over time."""
    db, among = session(), my_games()
    person = services.get_person(db, person_id, among)
    body = _player(services.listed(db, person, among), _by_person(services.records(db, among, person_id=person.id)))
    body["head_to_head"] = [h.to_json() for h in services.head_to_head(db, person.id, among)]
    body["series"] = {
        kind: [p.to_json() for p in points] for kind, points in services.series(db, person.id, among).items()
    }
    return jsonify(body)
