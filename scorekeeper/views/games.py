"""The score sheet pages: games list, new game, the table screen, rounds, history."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from .. import services
from ..db import session
from ..i18n import _
from ..forms import ConfirmForm, NewGameForm, RoundForm

bp = Blueprint("games", __name__)


@bp.get("/")
def index() -> str:
    """List games in progress and finished games."""
    playing, finished = services.list_games(session())
    return render_template("games/index.html", playing=playing, finished=finished)


@bp.route("/games/new", methods=["GET", "POST"])
def new() -> str | Response:
    """Start a game: players in seat order, the set and the round options."""
    form = NewGameForm()
    if request.method == "GET" and request.args.get("reuse"):
        for field, name in zip(form.players, services.last_players(session())):
            field.data = name
    if form.validate_on_submit():
        names = [services.clean_name(f.data) for f in form.players]
        names = [n for n in names if n]
        kind = form.game.data or services.MEXICAN_TRAIN
        rounds = (form.hands.data if kind == services.SUPER_DOMINO else form.rounds.data or "").strip()
        try:
            game = services.create_game(
                session(), names, int(form.set.data or 12) if kind == services.MEXICAN_TRAIN else None,
                ascending=form.order.data == "up",
                rounds=int(rounds) if rounds.isdecimal() else (rounds or None),
                double_blank=int(form.double_blank.data or 0),
                rules_name=form.rules.data or "standard",
                kind=kind,
            )
        except services.Invalid as e:
            _attach_errors(form, e, blank_names=_blank_positions(form))
        else:
            return redirect(url_for("games.table", game_id=game.id))
    has_last = bool(services.last_players(session()))
    return render_template("games/new.html", form=form, has_last=has_last)


@bp.get("/games/<game_id>")
def table(game_id: str) -> str:
    """The table screen: this round's engine and deal, standings; the final result once done."""
    game = services.view(services.get_game(session(), game_id))
    return render_template("games/table.html", game=game, confirm=ConfirmForm())


@bp.route("/games/<game_id>/rounds/new", methods=["GET", "POST"])
def new_round(game_id: str) -> str | Response:
    """Enter the pips each player is left holding at the end of the round."""
    game = services.get_game(session(), game_id)
    current = services.view(game)
    if current.next_round is None:
        flash(_("All rounds are scored. Correct a round from the list below if needed."))
        return redirect(url_for("games.table", game_id=game_id))
    form = RoundForm()
    _size(form, len(current.players))
    if form.validate_on_submit():
        try:
            services.add_round(session(), game, _entry(form, current))
        except services.Invalid as e:
            _attach_errors(form, e)
        else:
            return redirect(url_for("games.table", game_id=game_id))
    return render_template("games/round.html", game=current, form=form, number=current.next_round.number,
                           engine=current.next_round.engine, most=current.next_round.most_pips, editing=False)


@bp.route("/games/<game_id>/rounds/<int:number>", methods=["GET", "POST"])
def edit_round(game_id: str, number: int) -> str | Response:
    """Correct a round already entered."""
    game = services.get_game(session(), game_id)
    rnd = services.find_round(game, number)
    current = services.view(game)
    form = RoundForm()
    _size(form, len(current.players))
    if request.method == "GET":
        for field, tiles, score in zip(form.pips, form.tiles, rnd.scores):
            field.data = str(score.pips)
            tiles.data = "" if score.tiles is None else str(score.tiles)
        out = next((s.seat_position for s in rnd.scores if s.went_out), None)
        form.went_out.data = "" if out is None else str(out)
        form.blocked.data = rnd.blocked
    elif form.validate_on_submit():
        try:
            services.edit_round(session(), game, number, _entry(form, current))
        except services.Invalid as e:
            _attach_errors(form, e)
        else:
            flash(_("Round %(number)d corrected.", number=number))
            return redirect(url_for("games.table", game_id=game_id))
    return render_template("games/round.html", game=current, form=form, number=number, engine=rnd.engine,
                           most=current.most_pips(rnd.engine), editing=True)


@bp.post("/games/<game_id>/rounds/undo")
def undo(game_id: str) -> Response:
    """Take back the last round entered."""
    game = services.get_game(session(), game_id)
    if ConfirmForm().validate_on_submit():
        number = services.undo_last_round(session(), game)
        flash(_("Round %(number)d was undone; its scores are kept in the history.", number=number))
    return redirect(url_for("games.table", game_id=game_id))


@bp.post("/games/<game_id>/finish")
def finish(game_id: str) -> Response:
    """End an open-ended Super Domino evening."""
    game = services.get_game(session(), game_id)
    if ConfirmForm().validate_on_submit():
        services.finish_game(session(), game)
    return redirect(url_for("games.table", game_id=game_id))


@bp.get("/games/<game_id>/history")
def history(game_id: str) -> str:
    """Every change made to the scores, oldest first."""
    game = services.get_game(session(), game_id)
    return render_template("games/history.html", game=services.view(game),
                           changes=services.history(session(), game), history_words=services.HISTORY_WORDS)


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
def delete(game_id: str) -> str | Response:
    """Delete a game after asking once."""
    game = services.get_game(session(), game_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        services.delete_game(session(), game)
        flash(_("The game was deleted."))
        return redirect(url_for("games.index"))
    return render_template("games/delete.html", game=services.view(game), form=form)


# ---------------------------------------------------------------- helpers


def _size(form: RoundForm, players: int) -> None:
    for fields in (form.pips, form.tiles):
        while len(fields) < players:
            fields.append_entry()


def _entry(form: RoundForm, game: services.GameView) -> services.RoundEntry:
    out = (form.went_out.data or "").strip()
    return services.RoundEntry(
        pips=[f.data for f in form.pips],
        went_out=int(out) if out.isdecimal() else None,
        blocked=bool(form.blocked.data),
        tiles=[f.data for f in form.tiles] if game.is_super_domino else None,
    )


def _blank_positions(form: NewGameForm) -> list[int]:
    return [i for i, f in enumerate(form.players) if services.clean_name(f.data)]


def _attach_errors(form: NewGameForm | RoundForm, error: services.Invalid,
                   blank_names: list[int] | None = None) -> None:
    """Show each problem next to its field; whatever was typed stays in the form."""
    general = []
    for key, message in error.errors.items():
        name, _, index = key.partition("-")
        field = getattr(form, name, None)
        if field is not None and index.isdecimal():
            i = int(index)
            # names were compacted (blanks skipped): map back to the field the player typed in
            if blank_names is not None and i < len(blank_names):
                i = blank_names[i]
            if i < len(field.entries):
                field.entries[i].errors = [*field.entries[i].errors, message]
                continue
        if field is not None and not index and name not in ("players", "went_out", "tiles"):
            field.errors = [*field.errors, message]
            continue
        general.append(message)
    form.form_errors.extend(general)
