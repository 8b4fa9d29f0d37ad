"""Super Domino's rules reference page (``/rules/super-domino``): its sections, disputes and the facts it quotes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...reference_pages import Dispute, game_page
from ...rules import (
    SUPER_DOMINO_HAND,
    SUPER_DOMINO_RULES,
    SUPER_OPTION_NAMES,
    SUPER_PRESETS,
    DominoSet,
    super_domino_max_players,
)
from ...rules.i18n import N_
from .kind import SUPER_DOMINO

DISPUTES = (
    Dispute(N_("What does a 15 do?"), "sd-15"),
    Dispute(N_("What does a 14 do?"), "sd-14"),
    Dispute(N_("What does a 13 do?"), "sd-13"),
    Dispute(N_("What does a 3 do?"), "sd-3"),
    Dispute(N_("What does a double do?"), "sd-double"),
)
"""The questions tables argue about most, each with the paragraph that answers it."""


@dataclass(frozen=True, slots=True)
class SuperDominoFacts:
    """The numbers the page quotes, from the engine."""

    highest: int
    tiles: int
    hand: int
    most_players: int
    example_players: int
    example_boneyard: int
    big_set_most_players: int


def super_domino_facts(example_players: int = 4) -> SuperDominoFacts:
    """The set, hand and player limits the page quotes, with a worked example deal."""
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


def _context() -> Mapping[str, object]:
    return {
        "rule_ids": SUPER_DOMINO_RULES,
        "SUPER_PRESETS": SUPER_PRESETS,
        "SUPER_OPTION_NAMES": SUPER_OPTION_NAMES,
        "super_domino": super_domino_facts(),
    }


PAGES = (
    game_page(
        SUPER_DOMINO,
        title=N_("Super Domino: the rules"),
        name=N_("Super Domino"),
        disputes_section="super-domino-disputes",
        disputes=DISPUTES,
        subsections={
            "super-domino": ("super-domino-equipment", "super-domino-deal"),
            "super-domino-choices": ("super-domino-presets",),
        },
        paragraphs=("sd-15", "sd-14", "sd-13", "sd-3", "sd-double", "sd-stuck"),
        more_ids=(
            *(f"sd-preset-{name}" for name in SUPER_PRESETS),
            *(f"rule-{rule}" for rule in SUPER_DOMINO_RULES),
        ),
        rule_paragraphs={"sd-no-drawing": "sd-stuck", "sd-must-play-before-drawing": "sd-stuck", "sd-spell": "sd-13"},
        context=_context,
    ),
)
"""The game's rules pages."""
