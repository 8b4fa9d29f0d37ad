"""What a game's rules reference page is made of, and the tables its pages draw from the presets.

Each game's package declares its pages (``PAGES`` in ``scorekeeper/games/<game>/reference.py``) as
:class:`ReferencePage` values; :mod:`scorekeeper.services.reference` gathers them from every game, knows which page
has which anchor, and :mod:`scorekeeper.views.reference` serves them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from .i18n import ngettext
from .kinds import GameKind
from .rules import OPTION_NAMES, RULES, STANDARD_DEALS, SUPPORTED_SETS, DealTable, DominoSet, Preset


@dataclass(frozen=True, slots=True)
class Dispute:
    """A question tables argue about, and the paragraph that answers it."""

    question: str
    """The question in English, the message id (``_()`` it to show)."""
    anchor: str
    """The id of the answering paragraph, on the page :data:`ANCHOR_PAGES` names."""


@dataclass(frozen=True)
class ReferencePage:
    """One printable rules page of a game: its address, its template and every id a link may land on."""

    endpoint: str
    """The page's endpoint (``"reference.rules"``): ``url_for`` it."""
    path: str
    """Its address (``"/rules"``)."""
    template: str
    """Its template, in the game's folder under ``templates/reference/``."""
    title: str
    """Its heading (a message id)."""
    name: str
    """Its name in the pages nav (a message id)."""
    sections: tuple[str, ...]
    """The ids of its sections (its ``<h2>`` headings and table of contents), in reading order."""
    subsections: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """section id -> the ids of its ``<h3>`` subheadings, in reading order."""
    paragraphs: tuple[str, ...] = ()
    """The ids of its paragraphs a link may land on: the answers disputes and rule paragraphs point at."""
    ids: tuple[str, ...] = ()
    """Its other ids a link may land on (tables, presets, rule ids)."""
    disputes: tuple[Dispute, ...] | None = None
    """The questions tables argue about, listed first under its first section; None on a page without them."""
    rule_paragraphs: Mapping[str, str] = field(default_factory=dict)
    """rule id -> the paragraph that states it, for rules whose section is longer than a screen."""
    context: Callable[[], Mapping[str, object]] = dict
    """What its template reads besides what every reference page gets."""


def game_page(
    kind: GameKind,
    *,
    title: str,
    name: str,
    disputes_section: str,
    disputes: tuple[Dispute, ...],
    subsections: Mapping[str, tuple[str, ...]],
    paragraphs: tuple[str, ...],
    more_ids: tuple[str, ...] = (),
    rule_paragraphs: Mapping[str, str],
    context: Callable[[], Mapping[str, object]],
) -> ReferencePage:
    """A game's own rules page, where its kind says it is: the kind's endpoint, address, sections (after the
    disputes, first) and ids, its template ``reference/<folder>/rules.html``; the game gives its words and data."""
    return ReferencePage(
        endpoint=kind.reference_page,
        path=kind.reference_path,
        template=f"reference/{kind.folder}/rules.html",
        title=title,
        name=name,
        sections=(disputes_section, *kind.reference_sections),
        subsections=subsections,
        paragraphs=paragraphs,
        ids=(*kind.reference_ids, *more_ids),
        disputes=disputes,
        rule_paragraphs=rule_paragraphs,
        context=context,
    )


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
    parts = [
        ngettext("%(first)s–%(num)s player: %(tiles)s", "%(first)s–%(num)s players: %(tiles)s", b, first=a, tiles=t)
        if a != b
        else ngettext("%(num)s player: %(tiles)s", "%(num)s players: %(tiles)s", a, tiles=t)
        for a, b, t in runs
    ]
    return " · ".join(parts)


def set_facts(sets: Sequence[int] = SUPPORTED_SETS) -> list[SetFacts]:
    """Tiles, pips, rounds and the most players for each set, as the equipment section quotes them."""
    out = []
    for highest in sets:
        s = DominoSet(highest)
        out.append(SetFacts(highest, s.tile_count, s.pip_total, s.rounds, max(STANDARD_DEALS[highest])))
    return out


def presets_by_option(
    presets: Sequence[Preset], names: Sequence[str] = OPTION_NAMES, only_with: Mapping[str, str] | None = None
) -> dict[str, dict[object, list[str]]]:
    """option -> value -> the presets that choose it, so the page says "used by" from the presets themselves.

    A preset is left out of an option that its other options make moot (``only_with``: option -> the option that
    must be on for it to matter).
    """
    uses: dict[str, dict[object, list[str]]] = {}
    for name in names:
        if name == "deals":  # a table, not a choice; the deal tables show it
            continue
        choices = uses.setdefault(name, {})
        for p in presets:
            parent = (only_with or {}).get(name)
            if parent is None or getattr(p.options, parent):
                choices.setdefault(getattr(p.options, name), []).append(p.name)
    return uses


def rules_by_anchor(rules: Mapping[str, tuple[str, str]] = RULES) -> dict[str, list[str]]:
    """Rule ids grouped under the section that explains them, in :data:`RULES` order."""
    grouped: dict[str, list[str]] = {}
    for rule, (_title, anchor) in rules.items():
        grouped.setdefault(anchor, []).append(rule)
    return grouped


_NAMED_OPTION = re.compile(r"\s*\([^()]*\b[a-z0-9]+(?:_[a-z0-9]+)+\b[^()]*\)")


def without_option_ids(text: str) -> str:
    """A preset's description as players read it: without the brackets that name an option id for the API.

    >>> without_option_ids("The tile may go elsewhere (option follow_up_elsewhere); then the turn ends.")
    'The tile may go elsewhere; then the turn ends.'
    """
    return _NAMED_OPTION.sub("", text)
