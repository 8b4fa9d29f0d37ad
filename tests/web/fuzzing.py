"""Malformed requests for every endpoint, as hypothesis strategies; shared by test_fuzz.py and scripts/fuzz.py.

A request is ``(method, path, options)`` for the Flask test client. :func:`problem` says what is wrong with an
answer: a 5xx, or an /api/ error that is not JSON with an "error" sentence, or one that echoes a long value.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import strategies as st
from PIL import Image
from werkzeug.test import TestResponse

NAMES = ["Ana", "Ben", "Cleo"]
ODD_TEXT = [
    "",
    " ",
    "Ana",
    " Ben ",
    "BEN",
    "Cleo\x00",
    "\x00",
    "²",
    "²-1",
    "٣-1",
    "12-5",
    "5-12",
    "12 - 5",
    "-1",
    "1-",
    "--",
    "0",
    "07",
    "13",
    "1e3",
    "NaN",
    "1" * 50,
    "1" * 5000,
    "9" * 5000 + "-1",
    "x" * 3000,
    "mexican",
    "mexican-train",
    "super-domino",
    "standard",
    "german",
    "italian",
    "left",
    "right",
    "play",
    "draw",
    "pass",
    "\u202e",
    "\ud7ff",
    "🂡",
    "<script>",
    "%00",
    "\n",
    "/\t/evil.example",
    "//evil.example",
    "\\evil.example",
    "[" * 200,
]
"""Strings that have broken a reader somewhere, or might."""

HUGE_INTS = [-1, 0, 1, 2, 12, 15, 99, 10**6, -(10**18), 2**63, 10**300, 10**4000]

UNENCODABLE = ["\ud800", "Ana\udfff", "\udc00x"]
"""Halves of surrogate pairs: JSON may carry them (escaped), but no text encoding holds them; only JSON bodies
send them (a form or a query string cannot be encoded with them at all)."""

HUGE_INTS += [2**31 - 1, 2**31, -(2**31) - 1, 10**9]
texts = st.one_of(st.sampled_from(ODD_TEXT), st.text(max_size=40))
json_texts = st.one_of(texts, st.sampled_from(UNENCODABLE))
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from(HUGE_INTS),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    json_texts,
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.one_of(json_texts, st.sampled_from(NAMES)), inner, max_size=5),
    ),
    max_leaves=20,
)


def _nested(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


raw_bodies = st.one_of(
    st.sampled_from(
        ["", "{", "null", "[]", "1", '"x"', "{}", _nested(30), _nested(5000), '{"a":' + _nested(3000) + "}"]
    ),
    st.text(max_size=200),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
)
content_types = st.sampled_from(
    [
        "application/json",
        "application/json; charset=utf-8",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "application/vnd.api+json",
        "",
    ]
)


def _mutated(base: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """``base`` with some of its fields replaced, dropped or joined by odd ones."""
    keys = list(base)
    return st.tuples(
        st.dictionaries(st.sampled_from(keys), json_values, max_size=3),
        st.sets(st.sampled_from(keys), max_size=2),
        st.dictionaries(texts, json_values, max_size=2),
    ).map(lambda t: {**{k: v for k, v in base.items() if k not in t[1]}, **t[0], **t[2]})


POSITION = {
    "rules": "standard",
    "set": 12,
    "engine": 12,
    "players": 2,
    "turn": 0,
    "trains": [{"tiles": ["12-5"], "marker": False}, {"tiles": []}],
    "mexican": [],
    "hand": ["5-1", "12-1"],
    "boneyard": 60,
}
SUPER_POSITION = {
    "game": "super-domino",
    "rules": "german",
    "players": 2,
    "turn": 0,
    "edges": [],
    "hand": ["4-4", "15-3"],
    "boneyard": 118,
    "passes": 0,
}
MOVE = {"action": "play", "tile": "5-1", "train": 0}
SUPER_MOVE = {"action": "play", "tile": "4-4", "edge": None}
NEW_GAME = {"players": NAMES, "game": "mexican-train", "set": 12, "rounds": 3, "order": "down", "rules": "standard"}
ROUND = {"pips": {"Ana": 0, "Ben": 5, "Cleo": 9}, "tiles": {"Ana": 0, "Ben": 1, "Cleo": 2}, "went_out": "Ana"}

positions = st.one_of(_mutated(POSITION), _mutated(SUPER_POSITION), json_values)
moves = st.one_of(_mutated(MOVE), _mutated(SUPER_MOVE), json_values)
json_bodies = {
    "games": st.one_of(_mutated(NEW_GAME), _mutated({**NEW_GAME, "game": "super-domino"}), json_values),
    "rounds": st.one_of(_mutated(ROUND), _mutated({"pips": ROUND["pips"]}), json_values),
    "check": st.one_of(
        st.fixed_dictionaries({"position": positions, "move": moves}),
        _mutated({"position": POSITION, "move": MOVE}),
        json_values,
    ),
    "moves": st.one_of(st.fixed_dictionaries({"position": positions}), json_values),
    "empty": st.one_of(st.just({}), json_values),
}


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    options: dict[str, Any]

    def __str__(self) -> str:
        body = self.options.get("data", self.options.get("json", ""))
        return f"{self.method} {self.path[:120]} {str(body)[:200]!r}"


@dataclass(frozen=True)
class Games:
    """Games the fuzzer aims at: ids of a Mexican Train and a Super Domino game, each with a round, and of a
    finished one-round game; and a game's download, which the imports are fuzzed from."""

    ids: tuple[str, ...]
    document: Any = None


def setup_games(client: FlaskClient) -> Games:
    ids = []
    for game in ("mexican-train", "super-domino"):
        body = client.post("/api/v1/games", json={"players": NAMES, "game": game}).get_json()
        ids.append(body["id"])
        hand = ROUND if game == "super-domino" else {"pips": ROUND["pips"], "went_out": "Ana"}
        client.post(f"/api/v1/games/{body['id']}/rounds", json=hand)
    over = client.post("/api/v1/games", json={"players": NAMES, "rounds": 1}).get_json()["id"]
    client.post(f"/api/v1/games/{over}/rounds", json={"pips": ROUND["pips"], "went_out": "Ana"})
    document = client.get(f"/api/v1/games/{ids[0]}/export").get_json()
    document["games"][0]["id"] = "imported0"  # not here: an import of it goes as far as the checks let it
    return Games((*ids, over), document)


def _places(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as the keys and indexes that lead to it."""
    found = [at]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _places(inner, (*at, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += _places(inner, (*at, i))
    return found


def _put(document: Any, at: tuple[Any, ...], value: Any, drop: bool) -> Any:
    """A copy of ``document`` with the value at ``at`` replaced (or, in an object, dropped)."""
    if not at:
        return value
    copy = json.loads(json.dumps(document))
    parent = copy
    for key in at[:-1]:
        parent = parent[key]
    if drop and isinstance(parent, dict):
        del parent[at[-1]]
    else:
        parent[at[-1]] = value
    return copy


def documents(document: Any) -> st.SearchStrategy[Any]:
    """A game's download with one or two of its values, anywhere in it, replaced by odd ones or dropped."""
    places = _places(document)
    once = st.tuples(st.sampled_from(places), json_values, st.booleans())

    def change(doc: Any, t: tuple[tuple[Any, ...], Any, bool]) -> Any:
        try:
            return _put(doc, *t)
        except (KeyError, IndexError, TypeError):  # the first change took away the place of the second
            return doc

    return st.one_of(
        st.just(document),
        once.map(lambda t: change(document, t)),
        st.tuples(once, once).map(lambda ts: change(change(document, ts[0]), ts[1])),
    )


def game_ids(games: Games) -> st.SearchStrategy[str]:
    """A real game's id about two times in three, else an odd one. (``one_of`` would pick the odd text far more:
    hypothesis looks for values it has not tried, and a few real ids are soon all tried.)"""
    junk = st.sampled_from(["%00", "nope", "a%2Fb", "%E2%80%AE", "x" * 40, "0", quote("²"), "%FF"])
    real = st.sampled_from(games.ids)
    odd = st.text(max_size=20).map(lambda t: quote(t, safe=""))
    return st.tuples(st.integers(0, 8), real, junk, odd).map(lambda t: t[1] if t[0] < 6 else t[2 + t[0] % 2])


round_numbers = st.sampled_from(["1", "2", "1", "2", "3", "0", "99", "-1", "x", "1" * 30, "%00"])


def _body_options(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A JSON body most of the time; otherwise raw text under any content type, or a form post."""
    return st.one_of(
        strategy.map(lambda body: {"json": body}),
        st.tuples(raw_bodies, content_types).map(lambda t: {"data": t[0], "content_type": t[1]}),
        st.dictionaries(texts, texts, max_size=4).map(lambda form: {"data": form}),
    )


def query(keys: list[str], usual: str = "") -> st.SearchStrategy[str]:
    """A query string of known and unknown keys with odd values, often after a ``usual`` one that works."""
    pairs = st.lists(st.tuples(st.one_of(st.sampled_from(keys), texts), texts), max_size=6)
    odd = pairs.map(lambda ps: "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in ps))
    return st.one_of(odd, odd.map(lambda q: f"{usual}&{q}" if usual else q))


def _photos() -> list[bytes]:
    """A few small files a photo upload might carry: a photo, the same cut off, one claiming 60,000² pixels."""
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 190, 170)).save(buffer, "JPEG")
    jpeg = buffer.getvalue()
    buffer = io.BytesIO()
    Image.new("L", (1, 1)).save(buffer, "PNG")
    png = bytearray(buffer.getvalue())
    png[16:24] = (60_000).to_bytes(4, "big") * 2  # the IHDR's width and height (its checksum left wrong too)
    return [jpeg, jpeg[: len(jpeg) // 2], bytes(png), b"", b"GIF89a"]


photo_files = st.one_of(st.sampled_from(_photos()), st.binary(max_size=300))


def form_data(keys: list[str]) -> st.SearchStrategy[dict[str, str]]:
    seat_keys = st.sampled_from(["pips-0", "pips-1", "pips-2", "pips-9", "pips-²", "pips-" + "1" * 5000, "tiles-1"])
    return st.dictionaries(st.one_of(st.sampled_from(keys), seat_keys, texts), texts, max_size=8)


def endpoints(games: Games) -> dict[str, st.SearchStrategy[Request]]:
    """One strategy per endpoint, named for reports."""
    gid = game_ids(games)
    api = "/api/v1/games"

    def req(method: str) -> Any:
        return lambda t: Request(method, t[0], t[1])

    check_keys = ["game", "game_kind", "rules", "set", "players", "turn", "engine", "tile", "train", "edge", "action"]
    check_keys += ["end-0", "end-1", "marker-0", "double-0", "hand", "direction", "edge-0", "spell-0", "mexican"]
    imports = documents(games.document) if games.document is not None else json_values
    seat_body = st.one_of(_mutated({"name": "Dora", "start": "highest"}), _mutated({"left": True}), json_values)
    page = st.sampled_from(
        ["", "/history", "/grid", "/players", "/print", "/export", "/join", "/delete", "/rounds/new"]
    )
    return {
        "POST /api/v1/games": _body_options(json_bodies["games"]).map(lambda o: Request("POST", api, o)),
        "GET /api/v1/games/<id>": gid.map(lambda g: Request("GET", f"{api}/{g}", {})),
        "POST /api/v1/games/<id>/rounds": st.tuples(
            gid.map(lambda g: f"{api}/{g}/rounds"), _body_options(json_bodies["rounds"])
        ).map(req("POST")),
        "PUT /api/v1/games/<id>/rounds/<n>": st.tuples(
            st.tuples(gid, round_numbers).map(lambda t: f"{api}/{t[0]}/rounds/{t[1]}"),
            _body_options(json_bodies["rounds"]),
        ).map(req("PUT")),
        "DELETE /api/v1/games/<id>/rounds/<n>": st.tuples(
            st.tuples(gid, round_numbers).map(lambda t: f"{api}/{t[0]}/rounds/{t[1]}"),
            st.one_of(st.just({}), _body_options(json_bodies["empty"])),
        ).map(req("DELETE")),
        "POST /api/v1/games/<id>/finish": st.tuples(
            gid.map(lambda g: f"{api}/{g}/finish"), _body_options(json_bodies["empty"])
        ).map(req("POST")),
        "POST /api/v1/check": _body_options(json_bodies["check"]).map(lambda o: Request("POST", "/api/v1/check", o)),
        "POST /api/v1/moves": _body_options(json_bodies["moves"]).map(lambda o: Request("POST", "/api/v1/moves", o)),
        "GET /api/v1/deal": query(["players", "set", "rules"], "players=4&set=12").map(
            lambda q: Request("GET", f"/api/v1/deal?{q}", {})
        ),
        "POST /api/v1/count": st.tuples(form_data(["set", "photo"]), st.one_of(st.none(), photo_files)).map(
            lambda t: Request(
                "POST", "/api/v1/count", {"data": {**t[0], **({} if t[1] is None else {"photo": (t[1], "hand.jpg")})}}
            )
        ),
        "GET /api/v1/presets": query(["x"]).map(lambda q: Request("GET", f"/api/v1/presets?{q}", {})),
        "POST /games/new": form_data(
            ["game", "players-0", "players-1", "players-7", "set", "order", "rounds", "rules", "double_blank", "hands"]
        ).map(lambda f: Request("POST", "/games/new", {"data": f})),
        "POST /games/<id>/rounds/new": st.tuples(
            gid.map(lambda g: f"/games/{g}/rounds/new"),
            form_data(["went_out", "blocked"]).map(lambda f: {"data": f}),
        ).map(req("POST")),
        "POST /games/<id>/rounds/<n>": st.tuples(
            st.tuples(gid, round_numbers).map(lambda t: f"/games/{t[0]}/rounds/{t[1]}"),
            form_data(["went_out", "blocked"]).map(lambda f: {"data": f}),
        ).map(req("POST")),
        "GET /check": query(check_keys, "engine=12&tile=12-5&train=0&hand=12-5&players=2").map(
            lambda q: Request("GET", f"/check?{q}", {})
        ),
        "GET /deal": query(["players", "set", "rules"]).map(lambda q: Request("GET", f"/deal?{q}", {})),
        "GET /language/<x>": st.tuples(texts, query(["next", "lang"])).map(
            lambda t: Request("GET", f"/language/{quote(t[0], safe='') or 'en'}?{t[1]}", {})
        ),
        "POST /api/v1/games/import": _body_options(imports).map(lambda o: Request("POST", f"{api}/import", o)),
        "POST /games/import": st.one_of(imports.map(json.dumps), raw_bodies).map(
            lambda body: Request(
                "POST",
                "/games/import",
                {"data": {"file": (body.encode("utf-8", "surrogatepass"), "game.json")}},
            )
        ),
        "POST /api/v1/games/<id>/seats": st.tuples(gid.map(lambda g: f"{api}/{g}/seats"), _body_options(seat_body)).map(
            req("POST")
        ),
        "PATCH /api/v1/games/<id>/seats/<n>": st.tuples(
            st.tuples(gid, round_numbers).map(lambda t: f"{api}/{t[0]}/seats/{t[1]}"), _body_options(seat_body)
        ).map(req("PATCH")),
        "POST /games/<id>/rounds/<n>/mine": st.tuples(
            st.tuples(gid, round_numbers).map(lambda t: f"/games/{t[0]}/rounds/{t[1]}/mine"),
            st.tuples(form_data(["seat", "went_out", "blocked", "ended_on_double"]), st.booleans()).map(
                lambda t: {"data": t[0], "headers": {"Accept": "application/json"} if t[1] else {}}
            ),
        ).map(req("POST")),
        "POST /games/<id>/<form>": st.tuples(
            st.tuples(gid, st.sampled_from(["me", "players/rename", "players/join", "players/leave", "again"])).map(
                lambda t: f"/games/{t[0]}/{t[1]}"
            ),
            form_data(["seat", "name", "start", "version", "number"]).map(lambda f: {"data": f}),
        ).map(req("POST")),
        "GET /games/<id>/<page>": st.tuples(gid, page, query(["lang", "format", "seat", "next"])).map(
            lambda t: Request("GET", f"/games/{t[0]}{t[1]}?{t[2]}", {})
        ),
        "GET /api/v1/games/<id>/<read>": st.tuples(
            gid, st.sampled_from(["export", "live"]), query(["format", "tag", "v"])
        ).map(lambda t: Request("GET", f"{api}/{t[0]}/{t[1]}?{t[2]}", {})),
        "people": st.tuples(
            st.sampled_from(["GET /people/", "GET /people/", "POST /people/", "GET /api/v1/players/"]),
            st.sampled_from(["1", "2", "3", "0", "99", "1" * 30]),
            st.sampled_from(["", "/merge", "/rename", "/merge/2", "/merge/1"]),
            query(["into", "period", "name"]),
            form_data(["name", "into"]),
        ).map(
            lambda t: Request(
                t[0].split()[0], f"{t[0].split()[1]}{t[1]}{t[2]}?{t[3]}", {"data": t[4]} if t[0][0] == "P" else {}
            )
        ),
        "GET lists": st.tuples(
            st.sampled_from(["/", "/stats", "/people", "/trash", "/open", "/settings", "/api/v1/players"]),
            query(["period", "page", "after", "before", "code", "next", "lang"]),
        ).map(lambda t: Request("GET", f"{t[0]}?{t[1]}", {})),
        "watch": st.tuples(
            st.one_of(st.sampled_from(["x", "A" * 16, "%00", "a%20b"]), texts.map(lambda t: quote(t, safe="") or "x")),
            st.sampled_from(["", "/live"]),
        ).map(lambda t: Request("GET", f"/watch/{t[0]}{t[1]}", {})),
    }


def send(client: FlaskClient, request: Request) -> TestResponse:
    options = request.options
    data = options.get("data")
    if isinstance(data, dict) and any(isinstance(v, tuple) for v in data.values()):  # a file: read afresh each time
        files = {k: (io.BytesIO(v[0]), v[1]) if isinstance(v, tuple) else v for k, v in data.items()}
        options = {**options, "data": files}
    return client.open(request.path, method=request.method, **options)


LONGEST_MESSAGE = 600
"""An error sentence longer than this echoes back too much of what was sent."""


def problem(request: Request, response: TestResponse) -> str | None:
    """What is wrong with the answer, or None."""
    if response.status_code >= 500:
        return f"{response.status_code} for {request}"
    if request.path.startswith("/api/") and response.status_code >= 400:
        body = response.get_json(silent=True)
        if not isinstance(body, dict) or not isinstance(body.get("error"), str) or not body["error"]:
            return f"{response.status_code} without a JSON error for {request}"
        if len(body["error"]) > LONGEST_MESSAGE:
            return f"a {len(body['error'])}-character error for {request}"
    return None


def fuzz_app(app: Flask) -> Flask:
    """Quiet the app's log: the fuzzer reports 5xx itself."""
    app.logger.disabled = True
    return app
