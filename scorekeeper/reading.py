"""Reading what a person typed: whole numbers, and the problems found, each kept by its field.

A leaf module: the services and the game kinds both read input with these, so neither has to import
the other to do it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    """The input a problem belongs to: a whole field (``players``) or one entry of a list (``pips``, 3)."""

    name: str
    """The form field's name (``"pips"``, ``"went_out"``)."""
    index: int | None = None
    """The seat of a per-player list (``pips``, ``tiles``, ``players``); None for a whole field."""

    def __str__(self) -> str:
        """The name the form gives the field: ``pips-3``, or ``went_out``."""
        return self.name if self.index is None else f"{self.name}-{self.index}"


class Problems(dict[Field, str]):
    """What is wrong with some input, by field, in the order found; a later problem with a field replaces
    the earlier one in place."""

    def add(self, name: str, message: str, index: int | None = None) -> None:
        """Note a problem with a field (``add("pips", message, 3)`` for the fourth seat's pips)."""
        self[Field(name, index)] = message

    def add_unless_noted(self, name: str, message: str, index: int | None = None) -> None:
        """Note a problem with a field that has none yet; an earlier, more basic one stays."""
        self.setdefault(Field(name, index), message)

    def noted(self, name: str) -> bool:
        """Has a problem with this whole field been noted?"""
        return Field(name) in self


def whole(value: object) -> int | None:
    """An int that is really an int (JSON true/false are not numbers here); None for anything else."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def read_count(raw: object) -> int | None:
    """A typed count (pips, tiles) as an int, None when blank; ValueError when it is not a whole number."""
    if raw is None or isinstance(raw, bool):
        if raw is None:
            return None
        raise ValueError
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str):
        text = raw.strip()
        if not text:
            return None
        if text.isdecimal() or (text.startswith("-") and text[1:].isdecimal()):
            return int(text)
    raise ValueError
