"""The Chicken Foot rules page: its address, sections, the questions tables argue about, and the numbers it quotes.

The page itself is ``templates/reference/chicken_foot/rules.html``; the reference service registers what is here
beside the other games' pages, so :func:`~scorekeeper.services.reference.reference_url` finds every anchor.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...reference_pages import Dispute, ReferencePage
from ...rules import DominoSet
from ...rules.chicken_foot import CHICKEN_DEALS, CHICKEN_PRESETS, RULES, ChickenPreset
from ...rules.i18n import N_

KIND_ID = "chicken-foot"
"""The game's id, as stored with a game and sent in JSON."""

PAGE = "reference.chicken_foot_rules"
"""The page's endpoint."""
PATH = "/rules/chicken-foot"
"""The page's address."""
TEMPLATE = "reference/chicken_foot/rules.html"

SECTIONS: tuple[str, ...] = (
    "chicken-foot-disputes",
    "chicken-foot",
    "chicken-foot-deal",
    "chicken-foot-start",
    "chicken-foot-turns",
    "chicken-foot-centre",
    "chicken-foot-ends",
    "chicken-foot-feet",
    "chicken-foot-drawing",
    "chicken-foot-ending",
    "chicken-foot-house-rules",
    "chicken-foot-rule-ids",
)
"""The ids of the page's sections, in reading order; the checker's rules link those its rulebook names."""

GLOSSARY = "chicken-foot-rule-ids"

SUBSECTIONS: Mapping[str, tuple[str, ...]] = {"chicken-foot": ("chicken-foot-equipment",)}

PARAGRAPHS: tuple[str, ...] = (
    "cf-double-missing",
    "cf-first-feet",
    "cf-one-tile",
    "cf-feet-stuck",
    "cf-foot-first",
    "cf-two-doubles",
    "cf-double-last",
    "cf-foot-stuck",
    "cf-pass-holding",
    "cf-draw-one",
    "cf-empty-yard",
    "cf-going-out",
    "cf-blocked",
    "cf-double-blank",
    "cf-next-round",
    "cf-winner",
    "cf-centre-feet",
)
"""The ids of the paragraphs a link may land on: the answers to the disputes and the rules."""

DISPUTES = (
    Dispute(N_("Must I play on the chicken-footed double even if I could play elsewhere?"), "cf-foot-first"),
    Dispute(N_("Can the first player play more than one tile?"), "cf-one-tile"),
    Dispute(N_("How many tiles go around the centre before other plays?"), "cf-first-feet"),
    Dispute(N_("What if nobody can play on the centre double?"), "cf-feet-stuck"),
    Dispute(N_("Can a toe of a chicken foot be a double?"), "cf-two-doubles"),
    Dispute(N_("May I go out on a double before its foot has toes?"), "cf-double-last"),
    Dispute(N_("What if nobody can finish a chicken foot?"), "cf-foot-stuck"),
    Dispute(N_("May I draw while I hold a tile that fits?"), "cf-pass-holding"),
    Dispute(N_("What if nobody holds the round's double?"), "cf-double-missing"),
    Dispute(N_("What does the double-blank count?"), "cf-double-blank"),
)
"""The questions tables argue about most, each with the paragraph that answers it."""

RULE_PARAGRAPHS: Mapping[str, str] = {
    "cf-centre-not-full": "cf-first-feet",
    "cf-foot-not-finished": "cf-foot-first",
    "cf-must-play-before-drawing": "cf-pass-holding",
    "cf-cannot-pass": "cf-pass-holding",
    "cf-already-drew": "cf-draw-one",
    "cf-boneyard-empty": "cf-empty-yard",
}
"""rule id -> the paragraph that states it, where its section is longer than a screen."""

SETS = (9, 6, 12)
"""The sets the page gives a deal table for, the usual one first."""


@dataclass(frozen=True, slots=True)
class DealGrid:
    """One set's deal: tiles, rounds, and for each number of players the hand and what is left to draw."""

    highest: int
    tiles: int
    rounds: int
    rows: tuple[tuple[int, int, int], ...]
    """(players, tiles each, tiles left in the chicken yard)."""


@dataclass(frozen=True, slots=True)
class Facts:
    """What the page quotes."""

    grids: tuple[DealGrid, ...]
    feet: int
    """Tiles around the centre double under the usual rules."""
    presets: tuple[ChickenPreset, ...]
    rules: Mapping[str, tuple[str, str]]
    """The checker's rule ids: id -> (title, section)."""
    rules_by_anchor: Mapping[str, tuple[str, ...]]
    """Section -> the rule ids it explains."""


def deal_grid(highest: int) -> DealGrid:
    """The deal table of one set, yard included.

    >>> deal_grid(9).rows[2]
    (4, 11, 11)
    """
    tiles = DominoSet(highest).tile_count
    rows = tuple((n, hand, tiles - n * hand) for n, hand in sorted(CHICKEN_DEALS[highest].items()))
    return DealGrid(highest, tiles, highest + 1, rows)


def facts() -> Facts:
    """The numbers, presets and rule ids the page quotes, from the rules room."""
    by_anchor: dict[str, list[str]] = {}
    for rule, (_title, anchor) in RULES.items():
        by_anchor.setdefault(anchor, []).append(rule)
    usual = next(iter(CHICKEN_PRESETS.values()))
    return Facts(
        grids=tuple(deal_grid(n) for n in SETS),
        feet=usual.options.centre_tiles,
        presets=tuple(CHICKEN_PRESETS.values()),
        rules=RULES,
        rules_by_anchor={anchor: tuple(rules) for anchor, rules in by_anchor.items()},
    )


def rule_ids() -> Mapping[str, tuple[str, str]]:
    """The checker's rule ids for Chicken Foot, each with its title and section."""
    return RULES


def anchors() -> tuple[str, ...]:
    """The page's ids a link may land on besides its sections and paragraphs: deal tables, presets, rule ids."""
    return (
        *(f"chicken-foot-deal-{n}" for n in SETS),
        "chicken-foot-presets",
        *(f"cf-preset-{name}" for name in CHICKEN_PRESETS),
        *(f"rule-{rule}" for rule in rule_ids()),
    )


def _context() -> Mapping[str, object]:
    return {"rule_ids": RULES, "cf": facts()}


PAGES = (
    ReferencePage(
        endpoint=PAGE,
        path=PATH,
        template=TEMPLATE,
        title=N_("Chicken Foot: the rules"),
        name=N_("Chicken Foot"),
        sections=SECTIONS,
        subsections=SUBSECTIONS,
        paragraphs=PARAGRAPHS,
        ids=anchors(),
        disputes=DISPUTES,
        rule_paragraphs=RULE_PARAGRAPHS,
        context=_context,
    ),
)
"""The game's rules pages."""
