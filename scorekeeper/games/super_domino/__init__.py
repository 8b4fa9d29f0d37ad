"""Super Domino: everything the house knows about it that another game does differently, in one folder."""

from .kind import SUPER_DOMINO as KIND
from .kind import SuperDominoKind

__all__ = ["KIND", "SuperDominoKind"]
