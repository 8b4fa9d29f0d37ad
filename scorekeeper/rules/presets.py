"""Named rule sets and reading a rules spec: the same machinery for every game.

A game's room brings its options dataclass, its presets and one reader per option; a
:class:`RulesReader` then turns any rules spec (a preset id, a preset, options, or
``{"preset": id, option: value, ...}``) into the preset id and the options it stands for, and
writes options back as the shortest spec.

>>> from scorekeeper.rules import PRESETS, SUPER_PRESETS
>>> PRESETS["standard"].display_title, SUPER_PRESETS["german"].to_json()["name"]
('Mexican Train (standard)', 'german')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .errors import FormatError, OptionsError
from .i18n import translated
from .text import brief


class GameOptions(Protocol):
    """What a game's options dataclass offers the shared machinery."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def to_json(self) -> dict[str, Any]:
        """Every option as JSON."""


OptionsT = TypeVar("OptionsT", bound=GameOptions)

OptionReader = Callable[[object, str, type[FormatError]], object]
"""Checks one option's JSON value (``reader(raw, path, error)``) and returns the value to store."""


@dataclass(frozen=True, slots=True)
class NamedRules(Generic[OptionsT]):
    """A named set of rules a player recognises, in any game: an id, a title, a description and the options."""

    name: str
    """The stable id used in JSON (``"standard"``, ``"german"``)."""
    title: str
    """The English title, as written in the source (the message id); show :attr:`display_title`."""
    description: str
    """The rules in brief, and every choice made where the source is unclear: English, as written in the
    source (the message id); show :attr:`display_description`."""
    options: OptionsT

    @property
    def display_title(self) -> str:
        """The title in the player's language (translated when read)."""
        return translated(self.title)

    @property
    def display_description(self) -> str:
        """The description in the player's language (translated when read)."""
        return translated(self.description)

    def to_json(self) -> dict[str, Any]:
        """``title`` and ``description`` in the player's language, like a verdict's ``reason``; ``name`` is stable."""
        return {
            "name": self.name,
            "title": self.display_title,
            "description": self.display_description,
            "options": self.options.to_json(),
        }


def show_json(value: object) -> str:
    """A value as JSON writes it, for messages about JSON input (``true``, ``'pass'``, ``4``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return brief(value)


def one_of(*choices: object, show: Callable[[object], str] = show_json) -> OptionReader:
    """A reader that accepts exactly one of ``choices``."""

    def read(raw: object, path: str, error: type[FormatError]) -> object:
        # True == 1 in Python: compare types too, so 1 is not a yes and true is not one edge
        if not any(raw == c and type(raw) is type(c) for c in choices):
            raise error(path, f"expected one of {', '.join(map(show, choices))}, not {show(raw)}")
        return raw

    return read


def check_options(options: GameOptions, readers: Mapping[str, OptionReader]) -> None:
    """Raise :class:`OptionsError` for any value of ``options`` its reader would refuse in JSON."""
    for name, read in readers.items():
        read(getattr(options, name), f"rules.{name}", OptionsError)


_PLAIN = frozenset((str, int, bool, float, type(None)))
_RESOLVED_MAX = 256


def _spec_key(spec: Mapping[Any, object]) -> object | None:
    """A rules spec as a dictionary key: its items in order and each value's type (JSON's true is not 1, though
    ``True == 1``); None when a value is not a plain one (a list or an object, such as a table of deals)."""
    types = tuple(map(type, spec.values()))
    if not _PLAIN.issuperset(types):
        return None
    return tuple(spec.items()), types


class RulesReader(Generic[OptionsT]):
    """One game's presets and how a rules spec reads against them."""

    __slots__ = ("presets", "readers", "game", "default", "names", "_options", "_preset", "_resolved")

    def __init__(
        self, presets: Mapping[str, NamedRules[OptionsT]], readers: Mapping[str, OptionReader], game: str = ""
    ) -> None:
        self.presets = presets
        """The game's presets by id; the first one is the default."""
        self.readers = readers
        """One reader per option."""
        self.game = game
        """How messages name the game's presets and options: "" or "Super Domino "."""
        self.default = next(iter(presets))
        first = presets[self.default]
        self._options = type(first.options)
        self._preset = type(first)
        self.names: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(self._options))
        """The option names, in the order the options class declares them."""
        assert set(self.names) == set(readers), "every option needs exactly one reader"
        self._resolved: dict[object, tuple[str, OptionsT]] = {}
        """Rules specs of plain values already read (see :meth:`resolve`), by :func:`_spec_key`."""

    def reads(self, spec: object) -> bool:
        """Whether ``spec`` names this game's rules: one of its presets or its options, a preset id of its own, or
        ``{"preset": <one of its ids>, ...}`` (a mapping without a preset names no game in particular)."""
        if isinstance(spec, self._options | self._preset):
            return True
        if isinstance(spec, Mapping):
            spec = spec.get("preset")
        return isinstance(spec, str) and spec in self.presets

    def read_options(
        self, value: object, path: str = "rules", error: type[FormatError] = OptionsError, base: OptionsT | None = None
    ) -> OptionsT:
        """Options from a mapping of option names to JSON values, on top of ``base`` (the defaults)."""
        if not isinstance(value, Mapping):
            raise error(path, "expected an object of options")
        changes: dict[str, Any] = {}
        for name, raw in value.items():
            here = f"{path}.{name}"
            read = self.readers.get(name)
            if read is None:
                raise error(here, f"unknown option; the {self.game}options are {', '.join(self.names)}")
            changes[name] = read(raw, here, error)
        return dataclasses.replace(base if base is not None else self._options(), **changes)

    def resolve(
        self, spec: object, path: str = "rules", error: type[FormatError] = OptionsError
    ) -> tuple[str, OptionsT]:
        """The preset id (the default preset's for bare options) and the options a rules spec stands for."""
        if isinstance(spec, self._options):
            return self.default, spec
        if isinstance(spec, self._preset):
            return spec.name, spec.options
        if isinstance(spec, str):
            if spec not in self.presets:
                raise error(path, f"unknown {self.game}preset {brief(spec)}; choose one of {', '.join(self.presets)}")
            return spec, self.presets[spec].options
        if isinstance(spec, Mapping):
            # a game's house rules come with each of its checker requests, and reading them builds new options (a
            # third of such a request's time): options are immutable, so a spec of plain values, once read, is
            # answered by what it read (a refused spec is never kept, so it is refused again with the same message)
            key = _spec_key(spec)
            known = self._resolved.get(key) if key is not None else None
            if known is not None:
                return known
            name, base = self.resolve(spec.get("preset", self.default), f"{path}.preset", error)
            rest = {k: v for k, v in spec.items() if k != "preset"}
            resolved = name, self.read_options(rest, path, error, base)
            if key is not None:
                if len(self._resolved) >= _RESOLVED_MAX:  # bounded: start again rather than grow without end
                    self._resolved.clear()
                self._resolved[key] = resolved
            return resolved
        raise error(path, f'expected a preset name or an object like {{"preset": "{self.default}", ...}}')

    def rules_json(self, preset: str, options: OptionsT) -> str | dict[str, Any]:
        """The shortest spec: ``"standard"``, or ``{"preset": "standard", <changed option>: <value>, ...}``."""
        base = self.presets[preset].options.to_json()
        changed = {k: v for k, v in options.to_json().items() if base[k] != v}
        return {"preset": preset, **changed} if changed else preset
