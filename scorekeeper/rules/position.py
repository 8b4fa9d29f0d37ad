"""The position both games share: what the player to move sees, immutable and validated on creation.

Each game's position (:class:`~scorekeeper.rules.Position`, :class:`~scorekeeper.rules.SuperPosition`) is a
frozen dataclass of what its JSON says; on creation it builds its core table, which is also where every
impossible fact is refused, and the shared legality API then reads that table. Nothing in a position
changes, so its legal moves are generated once, when first asked for, and kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from .legality import Legality, M, T, W


class BasePosition(Legality[M, W, T]):
    """A checker position of any game: the dataclass fields, and the core table built from them."""

    __slots__ = ()

    names: tuple[str, ...] | None
    _table: T
    _legal: tuple[int, ...] | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "_table", self._build())
        object.__setattr__(self, "_legal", None)

    def _build(self) -> T:
        """The core table for this position; raises :class:`~scorekeeper.rules.PositionError` naming a bad field."""
        raise NotImplementedError

    def _core(self) -> T:
        return self._table

    def _legal_codes(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:  # first asked: the position is immutable, so generate once
            legal = tuple(self._table.legal_codes())
            object.__setattr__(self, "_legal", legal)
        return legal

    @property
    def is_over(self) -> bool:
        """The round (hand) is over in this position: nobody may move."""
        return self._table.over

    def _names(self) -> Sequence[str] | None:
        return self.names
