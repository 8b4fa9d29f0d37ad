"""Chicken Foot: everything the house knows about it that another game does differently, in one folder."""

from .kind import CHICKEN_FOOT as KIND
from .kind import ChickenFootKind

__all__ = ["KIND", "ChickenFootKind"]
