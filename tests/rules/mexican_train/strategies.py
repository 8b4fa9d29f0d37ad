"""Hypothesis strategies for the rules tests: Mexican Train rounds dealt under any preset with any options."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.rules import MEXICAN, PRESETS, SUPPORTED_SETS, Move, Round, Tile

OPTION_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "double_blank": st.sampled_from([0, 25, 50]),
    "engine_placement": st.sampled_from(["set-aside", "holder"]),
    "end_on_double": st.booleans(),
    "follow_up_elsewhere": st.booleans(),
    "multi_tile_first_lap": st.booleans(),
    "double_cover": st.sampled_from(["anyone", "layer"]),
    "mexican_train": st.booleans(),
    "mexican_before_own": st.booleans(),
    "mexican_start": st.sampled_from(["play", "bonus"]),
    "markers": st.booleans(),
    "play_on_marked": st.booleans(),
    "mark_unfollowed_double": st.booleans(),
    "markers_per_player": st.sampled_from([0, 1, 2]),
    "draw_until_playable": st.booleans(),
    "one_double_per_turn": st.booleans(),
    "mexican_after_all_started": st.booleans(),
    "mexican_after_first_lap": st.booleans(),
    "missing_engine": st.sampled_from(["draw", "each-draws", "highest-double", "next-double"]),
    "marker_removed_by": st.sampled_from(["owner", "anyone", "next"]),
    "announce_last_tile": st.booleans(),
    "last_tile_penalty": st.integers(1, 4),
    "caught_last_tile": st.sampled_from(["draw", "lose-turn"]),
}
"""Every engine option but the deal tables, with the values it takes (the score sheet's
``highest_engine_every_round`` changes no round)."""


@st.composite
def dealt_rounds(draw: st.DrawFn, sets: tuple[int, ...] = SUPPORTED_SETS) -> Round:
    """A round dealt under a random preset with any options changed on top of it."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    highest = draw(st.sampled_from(sets))
    table = PRESETS[preset].options.deals[highest]
    players = draw(st.sampled_from(sorted(table)))
    engine = draw(st.integers(0, highest))
    tweaks: dict[str, Any] = draw(st.fixed_dictionaries({}, optional=OPTION_VALUES))
    rules: Any = {"preset": preset, **tweaks} if tweaks else preset
    seed = draw(st.integers(0, 2**32))
    first = draw(st.integers(0, players - 1))
    return Round.deal(rules, players, highest, engine=engine, seed=seed, first=first)


def candidates(r: Round) -> list[Move]:
    """Every hand tile on every train, plus draw and pass (and one tile nobody holds), and every call about a last
    tile (one seat past the last too)."""
    trains: list[int | str] = [*range(r.players), MEXICAN]
    tiles = list(r.hand(r.turn)) if not r.is_over else []
    tiles.append(Tile(r.engine, r.engine))  # on the table, so never in hand
    calls = [call(s) for call in (Move.announce, Move.catch) for s in range(r.players + 1)]
    return [Move.play(t, tr) for t in tiles for tr in trains] + [Move.draw(), Move.pass_(), *calls]  # type: ignore[arg-type]
