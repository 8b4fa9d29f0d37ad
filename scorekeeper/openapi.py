"""The OpenAPI document served at ``/api/v1/openapi.json``: ``openapi.json`` with what differs between games filled
in from the registry, so a game added to ``scorekeeper/games/`` appears in it without editing the JSON.

From the registry: every schema's ``game`` property lists the game ids (the default game's where the property may be
left out), and every ``rules`` (a property or a query parameter) lists every game's presets (and the rules a
game without presets on its score sheet stores). A game's own pieces
of the document are in its package's ``openapi.json`` (``{"house_rules": {<rule>: <schema>}}``), merged in.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

from .games import DEFAULT_KIND, KINDS


def _fragment(folder: str) -> dict[str, Any]:
    """A game's own pieces of the document; none when its package has no ``openapi.json``."""
    resource = files("scorekeeper.games").joinpath(folder, "openapi.json")
    if not resource.is_file():
        return {}
    fragment: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    return fragment


def _a_string(schema: dict[str, Any] | None) -> bool:
    """A property whose values are plain strings (not a game object that happens to be called ``game``)."""
    return schema is not None and schema.get("type", "string") == "string" and not {"$ref", "oneOf"} & set(schema)


@cache
def openapi_document() -> dict[str, Any]:
    """The document as served (the same until the next deployment)."""
    doc: dict[str, Any] = json.loads(files("scorekeeper").joinpath("openapi.json").read_text(encoding="utf-8"))
    games = list(KINDS)
    # every game's presets, and the rules a game without presets on its score sheet stores (its own id)
    presets = list(dict.fromkeys(name for kind in KINDS.values() for name in (*kind.presets, kind.default_rules)))
    for schema in doc["components"]["schemas"].values():
        properties = schema.get("properties", {})
        if _a_string(properties.get("game")):
            properties["game"]["enum"] = games
            if "game" not in schema.get("required", ()):
                properties["game"]["default"] = DEFAULT_KIND.id
        if _a_string(properties.get("rules")):
            properties["rules"]["enum"] = presets
    for operation in (op for item in doc["paths"].values() for op in item.values() if isinstance(op, dict)):
        for parameter in operation.get("parameters", ()):
            if parameter.get("name") == "rules" and parameter.get("schema", {}).get("type") == "string":
                parameter["schema"]["enum"] = presets
    house_rules = doc["components"]["schemas"]["NewGame"]["properties"]["house_rules"]["properties"]
    for kind in KINDS.values():
        house_rules.update(_fragment(kind.folder).get("house_rules", {}))
    return doc


@cache
def openapi_text() -> str:
    """The document as JSON text."""
    return json.dumps(openapi_document(), ensure_ascii=False)
