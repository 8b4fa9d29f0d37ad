"""The house has floors: no import circle, and no arrow from a lower floor to a higher one.

Every import of the ``scorekeeper`` package counts, those under ``TYPE_CHECKING`` and inside functions too: a
type-only or late import is still a dependency a reader (and the next change) has to follow.

The floors, lowest first (a module gets its floor from its folder; the few exceptions are named here):

0. the rules floor: ``scorekeeper/rules/*.py`` (tiles, errors, verdicts, position and round bases...);
1. the rule rooms: ``scorekeeper/rules/<game>/`` (one game's rules each);
2. the rules door: the registry of rooms and what asks it (:data:`RULES_DOOR`), and ``rules/__init__.py``;
3. the house base: the other top-level modules (kinds, models, db, reading, i18n, house_rules, entries...) and
   ``scorekeeper/games/`` (but for a game's pages' part, :data:`GAME_PAGES`);
4. the services: ``scorekeeper/services/``;
5. the web: ``scorekeeper/forms/``, ``scorekeeper/views/`` and the top-level modules in :data:`WEB`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"

FLOORS = ("rules floor", "rule rooms", "rules door", "house base", "services", "web")

RULES_DOOR = frozenset(("games", "dealer", "apply", "bench"))
"""The modules of ``scorekeeper/rules/`` that ask the registry of rooms (``games``), so stand above the rooms."""

WEB = frozenset(("app", "api", "api_json", "cli", "errors", "phones", "throttle", "wsgi", "gunicorn_conf"))
"""The top-level modules that call services or views: the app, its blueprints and its entry points."""

FOLDERS: Mapping[str, str] = {"services": "services", "forms": "web", "views": "web", "games": "house base"}
"""A top-level folder's floor (``rules`` and ``migrations`` are read apart)."""

GAME_PAGES = frozenset(("checker",))
"""The modules of a game's folder (``scorekeeper/games/<game>/``) that are its pages' part (its checker form), so
stand on the web floor; the rest of the folder (its kind, house rules, reference tables) is house base."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> Mapping[str, Path]:
    """Every module of the package by dotted name; the Alembic migrations are scripts, not part of the house."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py")) if "migrations" not in path.parts}


def floor(name: str) -> int:
    """The floor of a module, by its folder."""
    parts = name.split(".")[1:]
    if not parts:  # the package itself: create_app
        return FLOORS.index("web")
    if parts[0] == "rules":
        if len(parts) == 1 or parts[1] in RULES_DOOR:
            return FLOORS.index("rules door")
        is_room = len(parts) > 2 or modules()[name].name == "__init__.py"
        return FLOORS.index("rule rooms" if is_room else "rules floor")
    if parts[0] == "games" and len(parts) > 2 and parts[2] in GAME_PAGES:
        return FLOORS.index("web")
    if parts[0] in FOLDERS:
        return FLOORS.index(FOLDERS[parts[0]])
    return FLOORS.index("web" if parts[0] in WEB else "house base")


def imported(name: str) -> set[str]:
    """The package's modules that ``name`` imports, wherever the import stands in it."""
    path = modules()[name]
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[: len(here.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            # ``from . import x`` imports the module x; ``from .m import name`` imports m
            found.update(f"{source}.{a.name}" if f"{source}.{a.name}" in modules() else source for a in node.names)
    targets = set()
    for target in found:
        while target and target not in modules():
            target = target.rpartition(".")[0]
        if target and target != name:
            targets.add(target)
    return targets


def graph() -> dict[str, set[str]]:
    return {name: imported(name) for name in modules()}


def cycles(edges: Mapping[str, set[str]]) -> Iterator[tuple[list[str], set[str]]]:
    """Each group of modules that import one another round a circle (Tarjan's strongly connected components),
    with one shortest circle through it as a path a -> ... -> a."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.add(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(edges):
        if node not in index:
            visit(node)
    for group in groups:
        yield _circle(edges, group), group


def _circle(edges: Mapping[str, set[str]], group: set[str]) -> list[str]:
    """A shortest path from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(edges[node] & group):
            if nxt == start:
                return [*paths[node], start]
            if nxt not in paths:
                paths[nxt] = [*paths[node], nxt]
                queue.append(nxt)
    raise AssertionError(f"no circle in {sorted(group)}")  # a strongly connected group always has one


def test_the_graph_sees_every_kind_of_import() -> None:
    edges = graph()
    # a relative import, a ``from . import module`` and an import inside a function are all seen
    assert "scorekeeper.rules.text" in edges["scorekeeper.rules.errors"]
    assert "scorekeeper.rules" in edges["scorekeeper.kinds"]
    assert "scorekeeper.services.backup" in edges["scorekeeper.cli"]
    assert {floor(n) for n in edges} == set(range(len(FLOORS))), "every floor holds modules"


def test_a_planted_circle_is_found_and_printed_shortest() -> None:
    edges = {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": {"b"}, "e": {"a"}}
    found = sorted((circle, sorted(group)) for circle, group in cycles(edges))
    assert found == [(["a", "b", "c", "a"], ["a", "b", "c", "d"])]
    assert list(cycles({"a": {"b"}, "b": set()})) == []


def test_a_module_takes_its_floor_from_its_folder() -> None:
    names = {
        "scorekeeper.rules.tiles": "rules floor",
        "scorekeeper.rules.mexican_train.core": "rule rooms",
        "scorekeeper.rules.super_domino": "rule rooms",
        "scorekeeper.rules.games": "rules door",
        "scorekeeper.rules": "rules door",
        "scorekeeper.kinds": "house base",
        "scorekeeper.entries": "house base",
        "scorekeeper.services.inputs": "services",
        "scorekeeper.views.household": "web",
        "scorekeeper.phones": "web",
        "scorekeeper": "web",
    }
    assert {name: FLOORS[floor(name)] for name in names} == names


def test_no_import_circle() -> None:
    found = [
        f"{' -> '.join(circle)} (the circle's group: {', '.join(sorted(group))})" for circle, group in cycles(graph())
    ]
    assert not found, "import circles:\n" + "\n".join(found)


def test_no_import_from_a_lower_floor_to_a_higher_one() -> None:
    upward = [
        f"{name} ({FLOORS[floor(name)]}) imports {target} ({FLOORS[floor(target)]})"
        for name, targets in sorted(graph().items())
        for target in sorted(targets)
        if floor(target) > floor(name)
    ]
    assert not upward, "upward imports:\n" + "\n".join(upward)


def test_a_rule_room_imports_no_other_room() -> None:
    room = FLOORS.index("rule rooms")
    crossing = [
        f"{name} imports {target}"
        for name, targets in sorted(graph().items())
        if floor(name) == room
        for target in sorted(targets)
        if floor(target) == room and target.split(".")[2] != name.split(".")[2]
    ]
    assert not crossing, "a room reaches into another:\n" + "\n".join(crossing)


def test_the_json_api_and_the_pages_do_not_import_each_other() -> None:
    # side by side on the web floor: what both need (the phone's session, the read model) sits below them
    edges = graph()
    pages = {name for name in edges if name.startswith("scorekeeper.views")}
    assert not edges["scorekeeper.api"] & pages, f"the API imports {sorted(edges['scorekeeper.api'] & pages)}"
    assert not [name for name in pages if "scorekeeper.api" in edges[name]], "a page imports the API"
