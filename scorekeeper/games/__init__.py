"""The one registry of the games the house knows: each game is a package in this folder.

A game's package (``scorekeeper/games/<folder>/``, its folder being its id as a Python name) exports ``KIND``,
its :class:`~scorekeeper.kinds.GameKind`, and holds whatever else is the game's own: its checker form
(``checker.py``), its reference pages (``reference.py``), its OpenAPI fragments (``openapi.json``). The
registry finds the packages by looking in this folder, so adding a game is adding its folder: nothing here
names a game. Code outside asks the registry for a kind, and the kind (or :func:`part`) for what differs.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Mapping
from types import MappingProxyType, ModuleType

from ..kinds import GameKind


def _discover() -> tuple[GameKind, ...]:
    """Every game package's kind, in the order of their places (the new-game form's order)."""
    found: list[GameKind] = []
    for package in pkgutil.iter_modules(__path__):
        if not package.ispkg:
            continue
        kind = importlib.import_module(f"{__name__}.{package.name}").KIND
        if not isinstance(kind, GameKind) or kind.folder != package.name:
            raise TypeError(f"scorekeeper/games/{package.name}/ must export KIND, a GameKind whose id names the folder")
        found.append(kind)
    return tuple(sorted(found, key=lambda kind: kind.place))


KINDS: Mapping[str, GameKind] = MappingProxyType({kind.id: kind for kind in _discover()})
"""Every game kind by id, in the order the new-game form offers them."""

DEFAULT_KIND: GameKind = next(iter(KINDS.values()))
"""What a game is unless told otherwise: the new-game form's first choice, an API call without ``"game"``."""


def kind_with_rules(rules_name: str) -> GameKind | None:
    """The game whose presets include ``rules_name``; None for rules no game has."""
    return next((kind for kind in KINDS.values() if rules_name in kind.presets), None)


def kind_of(kind_id: str) -> GameKind:
    """The kind with this id; KeyError for an id no game has (callers validate input before asking)."""
    return KINDS[kind_id]


def part(kind: GameKind, name: str) -> ModuleType:
    """The module ``name`` of the game's own package (``part(kind, "checker")``): the pieces a higher floor
    (forms, pages) needs, found by the package's convention rather than by the game's name."""
    return importlib.import_module(f"{__name__}.{kind.folder}.{name}")


def has_part(kind: GameKind, name: str) -> bool:
    """Whether the game's package has the module ``name`` (a game may have no rules pages yet)."""
    return importlib.util.find_spec(f"{__name__}.{kind.folder}.{name}") is not None
