"""The round form as the table fills it in: shared by the whole-round Save (views.games) and each seat's
Send (views.drafts)."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from .. import services
from ..forms.games import RoundForm
from ..i18n import _, ngettext
from ..page_cache import flash_pending
from ..phones import this_phone

SAVED = "saved:"
"""The flash category of the note a whole-round Save leaves on the table screen, followed by the round's number
("saved:3"): base.html shows it with an Undo button that names that round (templates/games/_saved.html)."""


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
        # the form answering this phone's own post (a mistake to fix): the values shown are what it typed and has
        # not stored; app.js keeps them from being taken for other phones' (see static/live.js)
        unsent=request.method == "POST",
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


def saved_note(current: services.GameView, number: int) -> str:
    """The round's values as the table screen confirms them: "Round 3 saved: Ana 0 (out), Ben 12, Cleo 30"."""
    rnd = next(r for r in current.rounds if r.number == number)
    values = []
    for name in (p for p in current.players if p in rnd.pips):  # the players of that round
        if rnd.went_out == name:
            values.append(_("%(name)s %(pips)d (out)", name=name, pips=rnd.counted(name)))
        elif rnd.tiles is not None:  # a game that records the tiles left: they decide a blocked hand
            tiles = ngettext("%(num)d tile", "%(num)d tiles", rnd.tiles[name])
            values.append(f"{name} {rnd.pips[name]} · {tiles}")
        else:  # what the round counted: the pips after the game's scoring house rules
            values.append(f"{name} {rnd.counted(name)}")
    if rnd.blocked:
        values.append(_("blocked"))
    round_name = _(current.kind.words.round, number=number)
    return _("%(round)s saved: %(values)s", round=round_name, values=", ".join(values))


def flash_saved(stored: services.StoredGame, number: int | None) -> None:
    """Confirm on the table screen the round just saved (``number``, or the last), with its values and an Undo;
    left out when another message already waits to be shown."""
    if flash_pending():
        return
    current = services.view(stored)
    shown = number if number is not None else len(current.rounds)
    if any(r.number == shown for r in current.rounds):
        flash(saved_note(current, shown), f"{SAVED}{shown}")
