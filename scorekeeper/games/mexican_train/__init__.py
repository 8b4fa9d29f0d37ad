"""Mexican Train: everything the house knows about it that another game does differently, in one folder."""

from .kind import MEXICAN_TRAIN as KIND
from .kind import MexicanTrainKind

__all__ = ["KIND", "MexicanTrainKind"]
