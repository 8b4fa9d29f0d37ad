"""The OpenAPI document (scorekeeper/openapi.json) stays honest: valid, covering exactly the api blueprint's routes,
describing the answers a real session gets, and fuzzed with schemathesis against the app in-process."""

from __future__ import annotations

import copy
import json
import re
import time
from pathlib import Path
from typing import Any

import jsonschema
import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from openapi_spec_validator import validate
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from scorekeeper.games import DEFAULT_KIND, KINDS
from scorekeeper.openapi import openapi_document

from .helpers import OPEN_DOUBLE_POSITION as POSITION

DOC: dict[str, Any] = copy.deepcopy(openapi_document())
METHODS = {"get", "put", "post", "delete", "patch"}


def test_the_document_is_valid_openapi_and_served(client: FlaskClient) -> None:
    validate(DOC)
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    assert response.get_json() == DOC


def test_every_route_is_documented_and_every_path_is_a_route(app: Flask) -> None:
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint.startswith("api."):
            path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule).removeprefix("/api/v1")
            path = path.replace("{game_id}", "{id}")
            routes |= {(path, m.lower()) for m in rule.methods or () if m.lower() in METHODS}
    documented = {(path, m) for path, item in DOC["paths"].items() for m in item if m in METHODS}
    assert routes == documented


def _validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**DOC, **schema})


def _conforms(response: Any, path: str, method: str) -> None:
    """The answer's status is documented for this operation, and its body and ETag match what is documented."""
    answers = DOC["paths"][path][method]["responses"]
    assert str(response.status_code) in answers, (path, method, response.status_code, response.get_data(as_text=True))
    answer = answers[str(response.status_code)]
    if "$ref" in answer:
        answer = DOC["components"]["responses"][answer["$ref"].rsplit("/", 1)[1]]
    if "ETag" in answer.get("headers", {}) and response.status_code != 409:
        assert re.fullmatch(r'"[0-9]+"', response.headers["ETag"])
    if "content" in answer:
        assert response.mimetype == "application/json"
        _validator(answer["content"]["application/json"]["schema"]).validate(response.get_json())
    else:
        assert not response.get_data()


def test_a_scripted_session_answers_as_documented(client: FlaskClient) -> None:
    def call(method: str, path: str, status: int, **kwargs: Any) -> Any:
        template = re.sub(r"/games/[^/]+", "/games/{id}", path)
        template = re.sub(r"/rounds/-?\d+$", "/rounds/{number}", template).split("?")[0]
        response = client.open(f"/api/v1{path}", method=method, **kwargs)
        assert response.status_code == status, response.get_data(as_text=True)
        _conforms(response, template, method.lower())
        return response

    game = call("POST", "/games", 201, json={"players": ["Ana", "Ben"], "set": 6}).get_json()
    gid = game["id"]
    one = {"number": 1, "pips": {"Ana": 0, "Ben": 12}, "went_out": "Ana"}
    call("POST", f"/games/{gid}/rounds", 201, json=one)
    call("POST", f"/games/{gid}/rounds", 200, json=one)  # sent again: nothing stored
    call("POST", f"/games/{gid}/rounds", 409, json={**one, "pips": {"Ana": 0, "Ben": 13}, "went_out": "Ana"})
    call("POST", f"/games/{gid}/rounds", 409, json={**one, "number": 5})
    etag = call("GET", f"/games/{gid}", 200).headers["ETag"]
    call("GET", f"/games/{gid}", 304, headers={"If-None-Match": etag})
    call(
        "PUT",
        f"/games/{gid}/rounds/1",
        200,
        json={"pips": {"Ana": 0, "Ben": 20}, "went_out": "Ana"},
        headers={"If-Match": etag},
    )
    call(
        "PUT",
        f"/games/{gid}/rounds/1",
        412,
        json={"pips": {"Ana": 0, "Ben": 21}, "went_out": "Ana"},
        headers={"If-Match": etag},
    )
    call(
        "PUT",
        f"/games/{gid}/rounds/1",
        412,
        json={"pips": {"Ana": 0, "Ben": 21}, "went_out": "Ana"},
        headers={"If-Match": '""'},
    )
    call("PUT", f"/games/{gid}/rounds/9", 404, json={"pips": {"Ana": 0, "Ben": 21}, "went_out": "Ana"})
    call("PUT", f"/games/{gid}/rounds/1", 422, json={"pips": {"Ana": 0, "Cleo": 21}, "went_out": "Ana"})
    call("POST", f"/games/{gid}/rounds", 201, json={"number": 2, "pips": {"Ana": 3, "Ben": 0}, "went_out": "Ben"})
    call("DELETE", f"/games/{gid}/rounds/1", 409)
    call("DELETE", f"/games/{gid}/rounds/2", 200)
    call("DELETE", f"/games/{gid}/rounds/2", 409)
    call("POST", f"/games/{gid}/finish", 409, json={"number": 2})  # round 2 was undone since
    call("POST", f"/games/{gid}/finish", 422, json={"number": "two"})
    call("GET", "/games/nosuchgame", 404)
    call("POST", "/games", 400, data="players=Ana", content_type="application/x-www-form-urlencoded")
    call("POST", "/games", 400, data="[1]", content_type="application/json")
    call("POST", "/games", 413, data=json.dumps({"players": ["x" * 70_000]}), content_type="application/json")
    call("POST", "/games", 422, json={"players": ["Ana", "ana"]})
    sd = call("POST", "/games", 201, json={"game": "super-domino", "players": ["Ana", "Ben", "Cleo"]}).get_json()
    hand = {"pips": {"Ana": 0, "Ben": 30, "Cleo": 5}, "tiles": {"Ana": 0, "Ben": 3, "Cleo": 1}, "went_out": "Ana"}
    call("POST", f"/games/{sd['id']}/rounds", 201, json=hand)
    call("POST", f"/games/{sd['id']}/finish", 200, json={})
    call("POST", "/check", 200, json={"position": POSITION, "move": {"action": "play", "tile": "3-3", "train": 0}})
    call("POST", "/check", 422, json={"position": POSITION, "move": {"action": "fly"}})
    call("POST", "/check", 422, json={"position": POSITION})
    call("POST", "/moves", 200, json={"position": POSITION})
    call("POST", "/play", 200, json={"position": POSITION, "move": {"action": "play", "tile": "5-1", "train": 0}})
    refused = call(
        "POST", "/play", 422, json={"position": POSITION, "move": {"action": "play", "tile": "3-3", "train": 1}}
    )
    assert refused.get_json()["rule"] == "double-must-be-covered"  # the verdict's fields, as documented
    call("POST", "/play", 422, json={"position": POSITION, "move": {"action": "fly"}})
    call("POST", "/moves", 422, json={"position": {**POSITION, "set": "twelve"}})
    call("GET", "/deal?players=5&set=12&rules=standard", 200)
    call("GET", "/deal?players=50", 422)
    call("GET", "/deal", 422)
    call("GET", "/presets", 200)
    call("GET", "/openapi.json", 200)


# ---------------------------------------------------------------- the fuzz

EXAMPLES = 125
"""Generated requests per operation and generation mode (fewer where there is little to vary)."""

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
"""What every answer is held to. Not positive_data_acceptance: the schema cannot say that names differ ignoring
case, or how many pips a hand can hold, so schema-valid bodies may rightly answer 422."""


def _fuzz(operation: Any, mode: GenerationMode, ids: st.SearchStrategy[str]) -> int:
    """Send EXAMPLES generated requests to one operation; each must answer a documented status, body and headers."""
    positive = mode is GenerationMode.POSITIVE
    sent = 0

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode), data=st.data())
    def run(case: Any, data: st.DataObject) -> None:
        nonlocal sent
        if positive and case.path_parameters:
            case.path_parameters["id"] = data.draw(ids)
            if "number" in case.path_parameters:
                case.path_parameters["number"] = data.draw(st.integers(0, 4))
        if positive and operation.path == "/games/{id}/rounds" and data.draw(st.booleans()):
            pips = data.draw(st.integers(0, 60))
            case.body = {"number": data.draw(st.integers(1, 9)), "pips": {"Ana": 0, "Ben": pips}, "went_out": "Ana"}
            case.body.update({"tiles": {"Ana": 0, "Ben": 1}, "went_out": "Ana"})
        sent += 1
        # in-process WSGI answers are not unzipped as an HTTP client would (gzip has its own tests)
        case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})

    try:
        run()
    except Unsatisfiable:  # negative mode, when every part of the request takes any string (GET /games/{id})
        assert not positive
    return sent


def test_schemathesis_finds_no_5xx_and_no_undocumented_answer(app: Flask) -> None:
    """Every operation, in positive and negative mode; ids and round numbers often hit real games."""
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    with app.test_client() as c:
        open_game = c.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 6}).get_json()["id"]
        super_game = c.post("/api/v1/games", json={"game": "super-domino", "players": ["Ana", "Ben"]}).get_json()["id"]
        c.post(f"/api/v1/games/{open_game}/rounds", json={"pips": {"Ana": 0, "Ben": 4}, "went_out": "Ana"})
    ids = st.sampled_from([open_game, open_game, super_game, "nosuchgame"])
    started = time.monotonic()
    operations = [result.ok() for result in schema.get_all_operations()]
    verbs = {"get", "post", "put", "delete", "patch"}
    fuzzed = {f"{op.method.upper()} {op.path}" for op in operations}
    documented = {f"{verb.upper()} {path}" for path, item in DOC["paths"].items() for verb in verbs & set(item)}
    assert fuzzed == documented - {"GET /openapi.json"}  # every operation but the document itself
    sent = 0
    for op in operations:
        sent += _fuzz(op, GenerationMode.POSITIVE, ids)
        if op.path_parameters or op.query or op.body:  # nothing to get wrong in GET /presets
            sent += _fuzz(op, GenerationMode.NEGATIVE, ids)
    print(f"schemathesis: {sent} requests in {time.monotonic() - started:.1f} s")
    assert sent >= 2_000


def test_the_games_and_their_presets_come_from_the_registry(client: FlaskClient) -> None:
    """A game added to scorekeeper/games/ appears in every "game" enum and its presets in every "rules" one,
    without editing openapi.json; a game's own pieces (house rules) come from its package."""
    served = client.get("/api/v1/openapi.json").get_json()
    schemas = served["components"]["schemas"]
    for name in ("NewGame", "Game", "Position", "Deal", "Preset"):
        assert schemas[name]["properties"]["game"]["enum"] == list(KINDS), name
    assert schemas["NewGame"]["properties"]["game"]["default"] == DEFAULT_KIND.id
    every_preset = list(dict.fromkeys(p for kind in KINDS.values() for p in (*kind.presets, kind.default_rules)))
    assert schemas["NewGame"]["properties"]["rules"]["enum"] == every_preset
    deal_rules = next(p for p in served["paths"]["/deal"]["get"]["parameters"] if p["name"] == "rules")
    assert deal_rules["schema"]["enum"] == every_preset
    offered = {rule.name for kind in KINDS.values() for rule in kind.house_rules}
    assert set(schemas["NewGame"]["properties"]["house_rules"]["properties"]) == offered
    presets = client.get("/api/v1/presets").get_json()["presets"]
    assert [(p["game"], p["name"]) for p in presets] == [(k.id, p) for k in KINDS.values() for p in k.presets]
    raw = (Path(__file__).parents[2] / "scorekeeper" / "openapi.json").read_text()
    assert not any(kind.id in raw for kind in KINDS.values())  # the shipped JSON names no game's id
