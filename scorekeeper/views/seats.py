"""Changing the players of a running game: rename one, seat one who joins late, let one leave."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Blueprint, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from .. import services
from ..db import session
from ..forms.games import JoinForm, LeaveForm, RenameForm
from ..i18n import _
from ..models import Game, Seat
from ..phones import author, remember

bp = Blueprint("seats", __name__)


SeatForm = RenameForm | JoinForm | LeaveForm


def _page(game: Game, sent: SeatForm | None = None, status: int = 200) -> tuple[str, int]:
    """The players page: the three forms, each at the game's version as it is now, the one ``sent`` as it came."""
    current = services.view(game)
    rename = sent if isinstance(sent, RenameForm) else RenameForm(formdata=None, prefix="rename")
    join = sent if isinstance(sent, JoinForm) else JoinForm(formdata=None, prefix="join")
    leave = sent if isinstance(sent, LeaveForm) else LeaveForm(formdata=None, prefix="leave")
    at_table = current.at_table
    for form in (rename, join, leave):
        form.version.data = str(current.version)
    rename.seat.choices = [(str(s.position), s.name) for s in current.seats]
    leave.seat.choices = [(str(s.position), s.name) for s in current.seats if s.name in at_table]
    page = render_template("games/players.html", game=current, rename=rename, join=join, leave=leave, at_table=at_table)
    return page, status


_F = TypeVar("_F", RenameForm, JoinForm, LeaveForm)


def _change(
    game_id: str, form: _F, change: Callable[[Game, _F], Seat], said: Callable[[Seat], str]
) -> ResponseReturnValue:
    """One change of the players: the form checked, the service called, the table screen with ``said`` on it; a
    problem shown beside its field on the players page, with what was sent."""
    game = services.get_game(session(), game_id)
    if not form.validate_on_submit():
        return _page(game, form, status=400)
    try:
        seat = change(game, form)
    except services.ServiceError as e:
        form.show(e)
        return _page(game, form, status=e.status)
    flash(said(seat))
    return redirect(url_for("games.table", game_id=game_id))


@bp.get("/games/<game_id>/players")
def players(game_id: str) -> ResponseReturnValue:
    """The players of the game, and the forms to rename one, seat a late joiner or let one leave."""
    game = services.get_game(session(), game_id)
    remember(game_id)
    return _page(game)


@bp.post("/games/<game_id>/players/rename")
def rename(game_id: str) -> ResponseReturnValue:
    """Give a player a new name in this game; sent again, it changes nothing."""
    return _change(
        game_id,
        RenameForm(prefix="rename"),
        lambda game, form: services.rename_seat(
            session(), game, form.seat_sent(), form.name.data, form.sent(), _author(game)
        ),
        lambda seat: _("The player is now called %(name)s.", name=seat.name),
    )


@bp.post("/games/<game_id>/players/join")
def join(game_id: str) -> ResponseReturnValue:
    """Seat a player who joins late, from the next round on; sent again, it seats them once."""
    return _change(
        game_id,
        JoinForm(prefix="join"),
        lambda game, form: (
            services.join_game(
                session(), game, form.name.data, form.start.data or None, form.sent(), _author(game)
            ).seat
        ),
        lambda seat: _("%(name)s joins from round %(number)d.", name=seat.name, number=seat.joined_round or 1),
    )


@bp.post("/games/<game_id>/players/leave")
def leave(game_id: str) -> ResponseReturnValue:
    """A player leaves: they keep their total and play no further round; sent again, it changes nothing."""
    return _change(
        game_id,
        LeaveForm(prefix="leave"),
        lambda game, form: services.leave_game(session(), game, form.seat_sent(), form.sent(), _author(game)),
        lambda seat: _("%(name)s left the game and keeps their total.", name=seat.name),
    )


def _author(game: Game) -> str:
    """Who changes the players from this phone, for the game's history."""
    return author(game.id, [seat.name for seat in game.seats])
