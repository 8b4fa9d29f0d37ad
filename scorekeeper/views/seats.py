"""Changing the players of a running game: rename one, seat one who joins late, let one leave."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from .. import services
from ..db import session
from ..forms.games import JoinForm, LeaveForm, RenameForm
from ..i18n import _
from ..models import Game
from .household import remember

bp = Blueprint("seats", __name__)


def _page(
    game: Game,
    rename: RenameForm | None = None,
    join: JoinForm | None = None,
    leave: LeaveForm | None = None,
    status: int = 200,
) -> tuple[str, int]:
    """The players page: the three forms, each at the game's version as it is now."""
    current = services.view(game)
    forms = (
        rename or RenameForm(formdata=None, prefix="rename"),
        join or JoinForm(formdata=None, prefix="join"),
        leave or LeaveForm(formdata=None, prefix="leave"),
    )
    at_table = current.at_table
    for form in forms:
        form.version.data = str(current.version)
        if hasattr(form, "seat"):
            seats = current.seats if isinstance(form, RenameForm) else [s for s in current.seats if s.name in at_table]
            form.seat.choices = [(str(s.position), s.name) for s in seats]
    page = render_template(
        "games/players.html", game=current, rename=forms[0], join=forms[1], leave=forms[2], at_table=at_table
    )
    return page, status


@bp.get("/games/<game_id>/players")
def players(game_id: str) -> ResponseReturnValue:
    """The players of the game, and the forms to rename one, seat a late joiner or let one leave."""
    game = services.get_game(session(), game_id)
    remember(game_id)
    return _page(game)


@bp.post("/games/<game_id>/players/rename")
def rename(game_id: str) -> ResponseReturnValue:
    """Give a player a new name in this game; sent again, it changes nothing."""
    game = services.get_game(session(), game_id)
    form = RenameForm(prefix="rename")
    if not form.validate_on_submit():
        return _page(game, rename=form, status=400)
    try:
        seat = services.rename_seat(session(), game, form.seat_sent(), form.name.data, form.sent())
    except services.ServiceError as e:
        form.show(e)
        return _page(game, rename=form, status=e.status)
    flash(_("The player is now called %(name)s.", name=seat.name))
    return redirect(url_for("games.table", game_id=game_id))


@bp.post("/games/<game_id>/players/join")
def join(game_id: str) -> ResponseReturnValue:
    """Seat a player who joins late, from the next round on; sent again, it seats them once."""
    game = services.get_game(session(), game_id)
    form = JoinForm(prefix="join")
    if not form.validate_on_submit():
        return _page(game, join=form, status=400)
    try:
        seat = services.join_game(session(), game, form.name.data, form.start.data or None, form.sent())
    except services.ServiceError as e:
        form.show(e)
        return _page(game, join=form, status=e.status)
    flash(_("%(name)s joins from round %(number)d.", name=seat.name, number=seat.joined_round or 1))
    return redirect(url_for("games.table", game_id=game_id))


@bp.post("/games/<game_id>/players/leave")
def leave(game_id: str) -> ResponseReturnValue:
    """A player leaves: they keep their total and play no further round; sent again, it changes nothing."""
    game = services.get_game(session(), game_id)
    form = LeaveForm(prefix="leave")
    if not form.validate_on_submit():
        return _page(game, leave=form, status=400)
    try:
        seat = services.leave_game(session(), game, form.seat_sent(), form.sent())
    except services.ServiceError as e:
        form.show(e)
        return _page(game, leave=form, status=e.status)
    flash(_("%(name)s left the game and keeps their total.", name=seat.name))
    return redirect(url_for("games.table", game_id=game_id))
