"""Settle it at the table: the move checker and the deal lookup."""

from __future__ import annotations

from flask import Blueprint, Response, render_template, request

from .. import rules, services
from ..db import session
from ..forms.checker import checker_form
from ..games import DEFAULT_KIND, KINDS
from ..kinds import GameKind
from ..page_cache import cached_page
from ..rules.text import number

bp = Blueprint("checker", __name__)


@bp.get("/check")
def check() -> str:
    """Describe the table in a few taps and get a verdict with its rule."""
    game_id = request.args.get("game", "")
    game = services.view(services.get_game(session(), game_id)) if game_id else None
    # a game in progress brings its own kind; otherwise the address may name one
    kind = game.kind if game is not None else KINDS.get(request.args.get("game_kind", ""), DEFAULT_KIND)
    form = checker_form(kind, game)
    form.read(request.args)
    result: services.TappedAnswer | None = None
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
        kinds=KINDS,
        game=game,
    )


@bp.get("/deal")
def deal() -> Response | tuple[str, int]:
    """How many tiles each player draws, for every set, player count and preset of either game (the same until
    the next deployment, for each question asked); rules no game has are refused on the page, by name."""
    try:
        kind = services.deal_rules(request.args.get("rules", DEFAULT_KIND.default_rules))
    except services.Invalid as e:
        return _deal_page(None, DEFAULT_KIND, e.message), 422
    return cached_page(lambda: _deal(kind))


def _deal(kind: GameKind) -> str:
    preset = request.args.get("rules", DEFAULT_KIND.default_rules)
    highest = number(request.args.get("set", "")) or kind.default_set
    highest = highest if highest in rules.SUPPORTED_SETS else kind.default_set
    players = number(request.args.get("players", "4")) or 4
    players = players if 1 <= players <= 99 else 4
    return _deal_page(services.deal_lookup(players, highest, preset), kind)


def _deal_page(answer: services.DealAnswer | None, kind: GameKind, problem: str | None = None) -> str:
    """The deal page: the answer (or the problem with the question) and the table of the answer's game and set."""
    highest = answer.highest if answer else kind.default_set
    table = services.deal_table(highest, kind)
    return render_template(
        "checker/deal.html",
        answer=answer,
        problem=problem,
        kind=kind,
        kinds=KINDS,
        table=table,
        highest=highest,
        counts=sorted({2, 4, *(n for n, _ in table), *([answer.players] if answer else [])}),
        sets=rules.SUPPORTED_SETS,
    )
