"""The score sheet pages: games list, new game, the table screen, rounds, history."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from .. import services
from ..db import engine, household_of, session
from ..forms.games import EVERY_GAME_SEATS, ConfirmForm, EndForm, NewGameForm, RoundForm, UndoForm
from ..games import KINDS
from ..i18n import _, current_language
from ..page_cache import csrf_part, flash_pending, kept, may_give_again, not_modified, page_tag, revalidate
from ..phones import author, belong, my_games, password, remember, this_phone
from ..services.loading import recent_game, shown_game
from ..throttle import max_games
from .drafts import send_seat
from .round_pages import flash_saved, moved_on, round_page

bp = Blueprint("games", __name__)


@bp.get("/")
def index() -> str:
    """List games in progress and finished games, a page at a time; right after a delete, offer to undo it."""
    page = services.list_games(session(), my_games(), request.args.get("after"))
    deleted = request.args.get("deleted", "")
    undo = deleted if deleted and services.in_trash(session(), deleted) else None
    return render_template(
        "games/index.html",
        page=page,
        older=bool(request.args.get("after")),
        undo_delete=undo,
        confirm=ConfirmForm(),
        household=password() is not None,
    )


@bp.route("/games/new", methods=["GET", "POST"])
def new() -> ResponseReturnValue:
    """Start a game: players in seat order, the game and its setup."""
    form = NewGameForm()
    status = 200
    last = services.last_players(session(), my_games())
    if request.method == "GET" and request.args.get("reuse"):
        form.reuse(last)
    if form.validate_on_submit():
        try:
            game = services.create_game(session(), services.read_new_game(form.choices()), most=max_games())
        except services.Invalid as e:
            form.show(e)
        except services.QuotaReached as e:  # on top of the form, kept as typed: it waits for a game deleted
            form.form_errors.append(e.message)
            status = e.status
        else:
            remember(game.id)
            return redirect(url_for("games.table", game_id=game.id))
    form.name_the_dealers()
    return render_template(
        "games/new.html",
        form=form,
        has_last=bool(last),
        suggestions=services.suggested_names(session(), my_games()),
        kinds=KINDS.values(),
        every_game_seats=EVERY_GAME_SEATS,
    ), status


@bp.get("/games/<game_id>")
def table(game_id: str) -> Response:
    """The table screen: this round's engine and deal, standings; the final result once done. 304 while the
    browser's copy is still what it would be drawn as now; drawn once per version of the game for every phone
    that asks (see :func:`~scorekeeper.page_cache.kept`)."""

    def draw(stored: services.StoredGame) -> str:
        current = services.view(stored)
        # the photos kept with the rounds: linked only by a round's own write, so drawn once per version like the rest
        photos = services.photo_marks(session(), stored.id) if stored.rounds else {}
        return render_template(
            "games/table.html", game=current, draft=services.draft_of(stored), confirm=ConfirmForm(), photos=photos
        )

    return _per_stamp(game_id, "table", draw)


@bp.get("/games/<game_id>/grid")
def grid(game_id: str) -> Response:
    """The score grid: rounds as rows, players as columns, totals at the foot, as on paper. Kept and answered 304
    by the game's stamp, as the table screen is (it holds no form)."""

    def draw(stored: services.StoredGame) -> str:
        current = services.view(stored)
        return render_template("games/grid.html", game=current, grid=services.score_grid(current))

    return _per_stamp(game_id, "grid", draw, forms=False)


def _per_stamp(game_id: str, page: str, draw: Callable[[services.StoredGame], str], *, forms: bool = True) -> Response:
    """A page of the game drawn once per live tag (version and drafts) for every phone that asks, and 304 while the
    browser's copy is still what it would be drawn as now. ``forms``: the page holds forms (their CSRF token is
    the visitor's, so the ETag names it too)."""
    # one indexed read of the game's live tag, no game loaded: all it takes to answer a phone that holds the
    # page, or one that asks for a page drawn already
    database = engine()
    stamp = services.game_stamp(database, game_id)
    if stamp is None:
        raise services.no_game()
    live = stamp.tag
    remember(game_id)
    shape = _table_shape(game_id, live, page)
    token = csrf_part() if forms else ""
    etag = None if shape is None or token is None else page_tag(shape, token)

    household = household_of()  # asked again after the request too (scorekeeper.fast_pages): for whom it was

    def unchanged() -> bool:
        return services.game_stamp(database, game_id, household) == stamp

    if etag is not None and request.if_none_match.contains_weak(etag):
        may_give_again(b"", unchanged)
        return not_modified(etag, weak=True)

    def drawn() -> str:
        # read after the live tag: the page drawn is never older than the tag it is kept under (at worst newer,
        # and the phone's next live check then finds the tag moved on and loads the page again)
        return draw(shown_game(session(), game_id))

    body = (drawn() if shape is None else kept((page, shape), drawn, forms=forms)).encode()
    response = revalidate(Response(body, mimetype="text/html"))
    if etag is not None:
        # weak: the same page, but not the same bytes in every worker (each signs the session's CSRF token once)
        response.set_etag(etag, weak=True)
        may_give_again(body, unchanged)  # asked again by the same phone while the game stays as it is
    return response


def _table_shape(game_id: str, live: str, page: str = "table") -> str | None:
    """All a page of the game (the table screen, the grid) at this live tag (the game's version and drafts) is
    drawn from but the visitor's CSRF token: their language, the address (the language bar links back to it) and
    the household gate. None when a message waits to be flashed: it shows once, and a copy kept with it must not
    come back."""
    if flash_pending():
        return None
    return page_tag(page, game_id, live, current_language(), request.full_path, "h" if password() else "")


@bp.route("/games/<game_id>/rounds/new", methods=["GET", "POST"])
def new_round(game_id: str) -> ResponseReturnValue:
    """Enter the pips each player is left holding at the end of the round; sent twice, it is stored once.

    The round goes the API's way (``POST /api/v1/games/<id>/rounds``): the game read once as plain values (one
    row when this worker holds it as stored), the round decided once on it and written with a few statements."""
    form = RoundForm()
    if request.method == "POST" and "seat" in request.form:  # one seat's Send, not the whole round's Save
        game = services.get_game(session(), game_id)
        current = services.view(game)
        form.seat(len(current.players))
        return send_seat(game, current, form, form.sent("number") or 0)
    shown = recent_game(session(), game_id)
    current = services.view(shown)
    form.seat(len(current.players))
    if form.validate_on_submit():
        try:
            stored, _created = services.add_round(
                session(),
                shown,
                form.entry(current.kind),
                form.sent("number"),
                author=author(game_id, current.players),
            )
        except services.Invalid as e:
            form.show(e)
        except services.Conflict as e:
            if e.game is not None and e.stored is not None:
                return _clash(form, e.game, e.stored.number, e.message)
            return moved_on(form, e.game or shown, e.message)
        else:
            flash_saved(stored, form.sent("number"))
            return redirect(url_for("games.table", game_id=game_id))
    if current.next_round is None:
        flash(_("All rounds are scored. Correct a round from the list below if needed."))
        return redirect(url_for("games.table", game_id=game_id))
    draft = services.draft_of(shown)
    if form.sent("number") is None:
        form.number.data = str(current.next_round.number)
        if draft is not None:
            form.fill_draft(draft)
    return round_page(current, form, draft)


@bp.route("/games/<game_id>/rounds/<int:number>", methods=["GET", "POST"])
def edit_round(game_id: str, number: int) -> ResponseReturnValue:
    """Correct a round already entered; a correction made on an older version shows both to choose from. The
    round path of a new round (:func:`new_round`): the game read once as plain values, decided once."""
    game = recent_game(session(), game_id)
    current = services.view(game)
    form = RoundForm()
    form.seat(len(current.players))
    if form.validate_on_submit():
        # sent for a round that is gone too: the service tells an undo on another phone from a wrong number
        try:
            services.edit_round(
                session(),
                game,
                number,
                form.entry(current.kind),
                form.sent("version"),
                form.seen.data or None,
                author=author(game_id, current.players),
            )
        except services.Invalid as e:
            form.show(e)
        except services.PreconditionFailed as e:
            return _clash(form, e.game, number, e.message)
        except services.Conflict as e:
            return moved_on(form, e.game or game, e.message)
        else:
            flash(_("Round %(number)d corrected.", number=number))
            return redirect(url_for("games.table", game_id=game_id))
    rnd = services.find_round(game, number)
    if request.method == "GET":
        form.fill(rnd)
        form.version.data = str(game.version)
        form.seen.data = services.round_mark(rnd)
    return render_template("games/round.html", game=current, form=form, number=number, engine=rnd.engine, editing=True)


def _clash(form: RoundForm, game: services.AnyGame, number: int, message: str) -> ResponseReturnValue:
    """Another phone got there first: the round as stored next to what was typed here (kept in the form,
    which now corrects the round at the game's current version), and the choice of either."""
    if not isinstance(game, services.StoredGame):  # a round is written on plain values: only their refusals come here
        game = shown_game(session(), game.id)
    current = services.view(game)
    stored = next((r for r in current.rounds if r.number == number), None)
    if stored is None:
        return moved_on(form, game, message)
    form.number.data = str(number)
    form.version.data = str(current.version)
    form.seen.data = services.round_mark(services.find_round(game, number))
    page = render_template(
        "games/round.html",
        game=current,
        form=form,
        number=number,
        engine=stored.engine,
        editing=True,
        clash=stored,
        clash_message=message,
    )
    return page, 409


@bp.post("/games/<game_id>/rounds/undo")
def undo(game_id: str) -> Response:
    """Take back the round the button names, which reopens with its values; sent again for the same round, or
    without a round, it says so and takes back nothing."""
    game = recent_game(session(), game_id)
    form = UndoForm()
    if form.validate_on_submit():
        number = form.sent()
        if number is None:
            flash(_("Nothing was undone: the Undo did not say which round. Use the Undo button on the table screen."))
            return redirect(url_for("games.table", game_id=game_id))
        try:
            names = [seat.name for seat in game.seats]
            services.undo_round(session(), game, number, by=this_phone(game_id), author=author(game_id, names))
        except services.Conflict as e:
            flash(e.message)
    return redirect(url_for("games.table", game_id=game_id))


@bp.post("/games/<game_id>/finish")
def finish(game_id: str) -> Response:
    """End the game now, after the round the confirmation named; a stale or refused end is said on the table
    screen, a resent one changes nothing."""
    game = recent_game(session(), game_id)
    form = EndForm()
    if form.validate_on_submit():
        number, version = form.sent()
        try:
            services.finish_game(session(), game, version, number, author(game_id, [s.name for s in game.seats]))
        except (services.Conflict, services.PreconditionFailed) as e:
            flash(e.message)  # the table screen as it is now says what changed
    return redirect(url_for("games.table", game_id=game_id))


@bp.get("/games/<game_id>/history")
def history(game_id: str) -> str:
    """Every change made to the scores, oldest first."""
    game = services.get_game(session(), game_id)
    return render_template(
        "games/history.html",
        game=services.view(game),
        changes=services.history(session(), game),
        history_words=services.HISTORY_WORDS,
    )


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
def delete(game_id: str) -> str | Response:
    """Delete a game after asking once."""
    game = services.get_game(session(), game_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        services.delete_game(session(), game)
        return redirect(url_for("games.index", deleted=game_id))
    return render_template("games/delete.html", game=services.view(game), form=form, days=services.TRASH_DAYS)


@bp.post("/games/<game_id>/restore")
def restore(game_id: str) -> Response:
    """Take a game out of the trash; sent twice, the second does nothing."""
    form = ConfirmForm()
    if form.validate_on_submit() and services.restore_game(session(), game_id):
        flash(_("Game restored."))
    return redirect(url_for("games.table", game_id=game_id))


@bp.get("/trash")
def trash() -> str:
    """The deleted games, most recently deleted first, a page at a time; those deleted long ago are purged on the
    way."""
    services.purge_trash(session())
    return render_template(
        "games/trash.html",
        page=services.trashed_games(session(), my_games(), request.args.get("after")),
        confirm=ConfirmForm(),
        days=services.TRASH_DAYS,
    )


@bp.post("/games/<game_id>/again")
def play_again(game_id: str) -> Response:
    """Start a new game with the same players, game and setup, the first deal moved on one seat; open it."""
    game = services.get_game(session(), game_id)
    if not ConfirmForm().validate_on_submit():
        return redirect(url_for("games.table", game_id=game_id))
    me = this_phone(game_id)
    name = game.seats[me].name if me is not None and me < len(game.seats) else None
    new = services.play_again(session(), game, most=max_games())
    remember(new.id)
    # "I am Ana" carries over to the new game: the same player, wherever their seat is now (None: not playing on)
    if name is not None:
        belong(new.id, next((s.position for s in new.seats if s.name == name), None))
    return redirect(url_for("games.table", game_id=new.id))
