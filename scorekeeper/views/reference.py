"""The rules reference: one printable page with a stable anchor for every rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask import Blueprint, render_template

from ..rules import (
    ANCHORS,
    OPTION_NAMES,
    PRESETS,
    RULES,
    STANDARD_DEALS,
    SUPER_DOMINO_HAND,
    SUPER_OPTION_NAMES,
    SUPER_PRESETS,
    SUPPORTED_SETS,
    DealTable,
    DominoSet,
    Preset,
    boneyard_after_deal,
    deal_size,
    super_domino_max_players,
)

bp = Blueprint("reference", __name__)


@dataclass(frozen=True, slots=True)
class DealGrid:
    """One set's deal table, a column per distinct table: presets that deal alike share a column.

    A cell is ``None`` where those presets cannot deal that many hands from the set.
    """

    highest: int
    tiles: int
    columns: tuple[tuple[str, ...], ...]
    """The preset ids behind each column, in :data:`PRESETS` order."""
    rows: tuple[tuple[int, tuple[int | None, ...]], ...]
    """(players, tiles each in every column)."""


@dataclass(frozen=True, slots=True)
class SetFacts:
    """What the equipment and game sections say about one set."""

    highest: int
    tiles: int
    pips: int
    rounds: int
    most_players: int


def deal_grids(presets: Sequence[Preset], sets: Sequence[int] = SUPPORTED_SETS) -> list[DealGrid]:
    """Every set's deal table side by side for the given presets, straight from their options."""
    grids = []
    for highest in sets:
        columns: dict[tuple[tuple[int, int], ...], list[str]] = {}
        for p in presets:
            counts = tuple(sorted(p.options.deals.get(highest, {}).items()))
            columns.setdefault(counts, []).append(p.name)
        tables = [dict(counts) for counts in columns]
        players = sorted({n for t in tables for n in t})
        rows = tuple((n, tuple(t.get(n) for t in tables)) for n in players)
        grids.append(DealGrid(highest, DominoSet(highest).tile_count, tuple(map(tuple, columns.values())), rows))
    return grids


def deal_summary(table: DealTable, highest: int) -> str:
    """A deal table row in one line, runs of equal hands merged: "2–4 players: 15 · 5–6 players: 12"."""
    counts = sorted(table.get(highest, {}).items())
    runs: list[list[int]] = []  # [first players, last players, tiles]
    for players, tiles in counts:
        if runs and runs[-1][2] == tiles and runs[-1][1] == players - 1:
            runs[-1][1] = players
        else:
            runs.append([players, players, tiles])
    parts = [f"{a}–{b} players: {t}" if a != b else f"{a} players: {t}" for a, b, t in runs]
    return " · ".join(parts)


def set_facts(sets: Sequence[int] = SUPPORTED_SETS) -> list[SetFacts]:
    out = []
    for highest in sets:
        s = DominoSet(highest)
        out.append(SetFacts(highest, s.tile_count, s.pip_total, s.rounds, max(STANDARD_DEALS[highest])))
    return out


# an option that only matters when another one is on: a preset without markers has no say on how they come off
_ONLY_WITH = {
    "mexican_before_own": "mexican_train",
    "mexican_start": "mexican_train",
    "play_on_marked": "markers",
    "marker_removed_by": "markers",
    "mark_unfollowed_double": "markers",
}


def presets_by_option(presets: Sequence[Preset], names: Sequence[str] = OPTION_NAMES) -> dict[str, dict[object, list[str]]]:
    """option -> value -> the presets that choose it, so the page says "used by" from the presets themselves.

    A preset is left out of an option that its other options make moot (no Mexican train, no markers).
    """
    uses: dict[str, dict[object, list[str]]] = {}
    for name in names:
        if name == "deals":  # a table, not a choice; the deal tables show it
            continue
        choices = uses.setdefault(name, {})
        for p in presets:
            parent = _ONLY_WITH.get(name)
            if parent is None or getattr(p.options, parent):
                choices.setdefault(getattr(p.options, name), []).append(p.name)
    return uses


def rules_by_anchor(rules: Mapping[str, tuple[str, str]] = RULES) -> dict[str, list[str]]:
    """Rule ids grouped under the section that explains them, in :data:`RULES` order."""
    grouped: dict[str, list[str]] = {}
    for rule, (_title, anchor) in rules.items():
        grouped.setdefault(anchor, []).append(rule)
    return grouped


@bp.get("/rules")
def rules() -> str:
    """Show the complete rules."""
    presets = list(PRESETS.values())
    example_players = 4
    return render_template(
        "reference/rules.html",
        RULES=RULES,
        ANCHORS=ANCHORS,
        PRESETS=PRESETS,
        OPTION_NAMES=OPTION_NAMES,
        SUPPORTED_SETS=SUPPORTED_SETS,
        presets=presets,
        deal_grids=deal_grids(presets),
        deal_summaries={p.name: deal_summary(p.options.deals, 12) for p in presets},
        sets=set_facts(),
        rules_by_anchor=rules_by_anchor(),
        uses=presets_by_option(presets),
        example={
            "players": example_players,
            "hand": deal_size(example_players, 12),
            "boneyard": boneyard_after_deal(example_players, 12),
        },
        SUPER_PRESETS=SUPER_PRESETS,
        SUPER_OPTION_NAMES=SUPER_OPTION_NAMES,
        super_domino=super_domino_facts(),
    )


@dataclass(frozen=True, slots=True)
class SuperDominoFacts:
    """The numbers the Super Domino part of the page quotes, from the engine."""

    highest: int
    tiles: int
    hand: int
    most_players: int
    example_players: int
    example_boneyard: int
    big_set_most_players: int


def super_domino_facts(example_players: int = 4) -> SuperDominoFacts:
    tiles = DominoSet(15).tile_count
    return SuperDominoFacts(
        highest=15,
        tiles=tiles,
        hand=SUPER_DOMINO_HAND,
        most_players=super_domino_max_players(15),
        example_players=example_players,
        example_boneyard=tiles - example_players * SUPER_DOMINO_HAND,
        big_set_most_players=super_domino_max_players(18),
    )
