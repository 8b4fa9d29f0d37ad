"""The position both games share: what the player to move sees, immutable and validated on creation.

Each game's position (:class:`~scorekeeper.rules.Position`, :class:`~scorekeeper.rules.SuperPosition`) is a
frozen dataclass of what its JSON says; on creation it builds its core table, which is also where every
impossible fact is refused, and the shared legality API then reads that table.
"""

from __future__ import annotations

from collections.abc import Sequence

from .legality import Legality, M, T, W


class BasePosition(Legality[M, W, T]):
    """A checker position of any game: the dataclass fields, and the core table built from them."""

    __slots__ = ()

    names: tuple[str, ...] | None
    _table: T

    def __post_init__(self) -> None:
        object.__setattr__(self, "_table", self._build())

    def _build(self) -> T:
        """The core table for this position; raises :class:`~scorekeeper.rules.PositionError` naming a bad field."""
        raise NotImplementedError

    def _core(self) -> T:
        return self._table

    @property
    def is_over(self) -> bool:
        """The round (hand) is over in this position: nobody may move."""
        return self._table.over

    def _names(self) -> Sequence[str] | None:
        return self.names
