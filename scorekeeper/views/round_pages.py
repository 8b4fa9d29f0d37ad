"""The round form as the table fills it in: shared by the whole-round Save (views.games) and each seat's
Send (views.drafts)."""

from __future__ import annotations

from flask import flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from .. import services
from ..forms.games import RoundForm
from .household import this_phone


def round_page(
    current: services.GameView, form: RoundForm, draft: services.Draft | None, status: int = 200, **notes: str
) -> tuple[str, int]:
    """The form for the round to play next, with what the phones have sent for it so far."""
    assert current.next_round is not None
    page = render_template(
        "games/round.html",
        game=current,
        form=form,
        number=current.next_round.number,
        engine=current.next_round.engine,
        editing=False,
        draft=draft,
        me=this_phone(current.id),
        **notes,
    )
    return page, status


def moved_on(form: RoundForm, game: services.AnyGame, message: str) -> ResponseReturnValue:
    """The round this form was for went away or moved (another phone undid or entered rounds meanwhile):
    what was typed stays, now in the form for the round that comes next, under the sentence that says why."""
    current = services.view(game)
    if current.next_round is None:
        flash(message)
        return redirect(url_for("games.table", game_id=game.id))
    form.number.data = str(current.next_round.number)
    return round_page(current, form, services.draft_of(game), 409, moved=message)
