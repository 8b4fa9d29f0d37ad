"""What the checker says about one move, in either game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .rulebook import CitesRule


@dataclass(frozen=True, slots=True)
class Verdict(CitesRule):
    """Whether one move is legal, the rule that decides it, and why, in a sentence."""

    legal: bool
    rule: str
    """A key of :data:`~scorekeeper.rules.rulebook.RULES`; ``"legal"`` (``"sd-legal"``) when legal."""
    reason: str
    """One sentence for a player, in the language of the translator installed when it was built."""

    def to_json(self) -> dict[str, Any]:
        """``reason`` and ``title`` in the player's language; ``rule`` and ``anchor`` are stable ids."""
        return {
            "legal": self.legal,
            "rule": self.rule,
            "reason": self.reason,
            "title": self.title,
            "anchor": self.anchor,
        }
