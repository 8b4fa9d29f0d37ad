"""Settle it at the table: the move checker and the deal lookup."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from .. import rules, services
from ..checker_form import EDGE_SLOTS, CheckForm, SuperCheckForm
from ..rules.super_options import SUPER_PRESETS
from ..db import session

bp = Blueprint("checker", __name__)


@bp.get("/check")
def check() -> str:
    """Describe the table in a few taps and get a verdict with its rule."""
    form = CheckForm()
    game_id = request.args.get("game", "")
    game = services.view(services.get_game(session(), game_id)) if game_id else None
    if (game is not None and game.is_super_domino) or request.args.get("game_kind") == services.SUPER_DOMINO:
        return _super_check(game)
    if game is not None:
        form = CheckForm(preset=game.rules, highest=game.set, names=list(game.players), game=game.id,
                         engine=game.next_round.engine if game.next_round and game.next_round.engine is not None
                         else game.engines[-1])
    form.read(request.args)
    result, problem = None, None
    if form.submitted:
        question = form.request()
        if question is not None:
            try:
                result = services.check_sketch(question)
            except services.Invalid as e:
                problem = e.message
                form.errors.update(e.errors)
    return render_template("checker/check.html", form=form, result=result, problem=problem,
                           presets=rules.PRESETS)


@bp.get("/deal")
def deal() -> str:
    """How many tiles each player draws, for every set, player count and preset."""
    preset = request.args.get("rules", "standard")
    preset = preset if preset in rules.PRESETS else "standard"
    raw_set = request.args.get("set", "12")
    highest = int(raw_set) if raw_set.isdecimal() and int(raw_set) in rules.SUPPORTED_SETS else 12
    raw_players = request.args.get("players", "4")
    players = int(raw_players) if raw_players.isdecimal() and 1 <= int(raw_players) <= 99 else 4
    answer = services.deal_lookup(players, highest, preset)
    return render_template("checker/deal.html", answer=answer, table=services.deal_table(highest),
                           presets=rules.PRESETS, sets=rules.SUPPORTED_SETS)


def _super_check(game: services.GameView | None) -> str:
    form = SuperCheckForm()
    if game is not None:
        form = SuperCheckForm(names=list(game.players), game=game.id)
    form.read(request.args)
    result, problem = None, None
    if form.submitted:
        question = form.request()
        if question is not None:
            try:
                result = services.check_super(*question)
            except services.Invalid as e:
                problem = e.message
    options = SUPER_PRESETS[form.preset].options
    # doubles that do not branch leave exactly the spinner's edges open all hand long
    slots = options.spinner_edges if options.double_edges == 1 else EDGE_SLOTS
    return render_template("checker/super.html", form=form, result=result, problem=problem,
                           presets=SUPER_PRESETS, slots=slots)
