"""Settle it at the table: the move checker and the deal lookup."""

from __future__ import annotations

from flask import Blueprint, Response, render_template, request

from .. import kinds, rules, services
from ..db import session
from ..forms.checker import checker_form
from ..page_cache import cached_page
from ..rules.text import number

bp = Blueprint("checker", __name__)


@bp.get("/check")
def check() -> str:
    """Describe the table in a few taps and get a verdict with its rule."""
    game_id = request.args.get("game", "")
    game = services.view(services.get_game(session(), game_id)) if game_id else None
    # a game in progress brings its own kind; otherwise the address may name one
    kind = game.kind if game is not None else kinds.KINDS.get(request.args.get("game_kind", ""), kinds.DEFAULT_KIND)
    form = checker_form(kind, game)
    form.read(request.args)
    result: services.CheckResult | services.SuperCheckResult | None = None
    problem = None
    question = form.request() if form.submitted else None
    if question is not None:
        try:
            result = services.check_tapped(question)
        except services.Invalid as e:
            problem = e.message
            form.errors.update({str(field): message for field, message in e.errors.items()})
    return render_template(
        kind.checker_template,
        form=form,
        result=result,
        problem=problem,
        presets=kind.presets,
        kind=kind,
        kinds=kinds,
        game=game,
    )


@bp.get("/deal")
def deal() -> Response:
    """How many tiles each player draws, for every set, player count and preset (the same until the next
    deployment, for each question asked)."""
    return cached_page(_deal)


def _deal() -> str:
    preset = request.args.get("rules", "standard")
    preset = preset if preset in rules.PRESETS else "standard"
    highest = number(request.args.get("set", "12")) or 12
    highest = highest if highest in rules.SUPPORTED_SETS else 12
    players = number(request.args.get("players", "4")) or 4
    players = players if 1 <= players <= 99 else 4
    answer = services.deal_lookup(players, highest, preset)
    return render_template(
        "checker/deal.html",
        answer=answer,
        table=services.deal_table(highest),
        presets=rules.PRESETS,
        sets=rules.SUPPORTED_SETS,
    )
