"""Every write to a game goes through the unit of work (services.unit_of_work): it moves the game's version (or,
for the round being filled in, its drafts count), and every answer kept or validated for the game (the table
screen and its ETag, the API's game and its ETag, the watch page, the games list) changes with it.

The walk is over the app's own routes: a write route added later and left out here fails the first test."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import delete, select

from scorekeeper.db import session
from scorekeeper.models import Change, Game

from .helpers import enter_round, start_game, text

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


@dataclass
class Table:
    """The game every write is made on: three players, two rounds played."""

    app: Flask
    client: FlaskClient
    id: str
    document: bytes = b""

    @property
    def path(self) -> str:
        return f"/games/{self.id}"

    def counters(self) -> tuple[int, int] | None:
        """The game's (version, drafts) as stored; None once it is gone for good."""
        with self.app.app_context():
            row = session().execute(select(Game.version, Game.drafts).where(Game.id == self.id)).first()
            return None if row is None else (row[0], row[1])

    def person(self, name: str) -> int:
        found = re.search(r'href="/people/(\d+)">\s*<span class="who">' + re.escape(name) + "<", self._get("/people"))
        assert found
        return int(found.group(1))

    def _get(self, path: str) -> str:
        return text(self.client.get(path))


def _ok(response: object, *codes: int) -> None:
    status = getattr(response, "status_code", None)
    assert status in (codes or (200, 201, 204, 302)), (
        status,
        getattr(response, "get_data", lambda **_: "")(as_text=True),
    )


def _post(t: Table, path: str, data: dict[str, str] | None = None) -> None:
    _ok(t.client.post(path, data=data or {}))


def _api(t: Table, method: str, path: str, body: object) -> None:
    _ok(t.client.open(f"/api/v1/games/{t.id}{path}", method=method, json=body))


def _gone_for_good(t: Table) -> None:
    """The game's file kept (``t.document``), then the game deleted for good, as if never here."""
    t.document = t.client.get(f"/api/v1/games/{t.id}/export").get_data()
    with t.app.app_context():
        db = session()
        db.execute(delete(Change).where(Change.game_id == t.id))
        db.delete(db.get(Game, t.id))
        db.commit()


def _import(t: Table, web: bool) -> None:
    if web:
        files = {"file": (io.BytesIO(t.document), "game.json")}
        _ok(t.client.post("/games/import", data=files, content_type="multipart/form-data"))
    else:
        _ok(t.client.post("/api/v1/games/import", data=t.document, content_type="application/json"))


def _merge(t: Table) -> None:
    _post(t, f"/people/{t.person('Ana')}/merge/{t.person('Dora')}")


def _undo_merge(t: Table) -> None:
    page = text(t.client.get(f"/people/{t.person('Dora')}"))
    undo = re.search(r'action="(/people/merges/\d+/undo)"', page)
    assert undo
    _post(t, undo.group(1))


@dataclass(frozen=True)
class Write:
    """A valid write through one route: ``before`` sets the game up for it (not itself the write looked at)."""

    write: Callable[[Table], None]
    before: Callable[[Table], None] | None = None
    draft: bool = False
    """A change to the round being filled in: the drafts count moves, not the version, and no list shows it."""
    gone: bool = False
    """The game leaves every page (to the trash)."""
    listed: bool = True
    """The games list shows what changed (not so a player leaving: the list names every player who played)."""


def _merged(t: Table) -> None:
    _other_game_with_dora(t)
    _merge(t)


def _delete(t: Table) -> None:
    _post(t, f"{t.path}/delete")


def _other_game_with_dora(t: Table) -> None:
    start_game(t.client, "Dora", "Eli")


WRITES: dict[str, Write] = {
    "games.new_round": Write(lambda t: _ok(enter_round(t.client, t.path, 0, 5, 9, went_out="0"), 302)),
    "games.edit_round": Write(
        lambda t: _post(t, f"{t.path}/rounds/2", {"pips-0": "30", "pips-1": "0", "pips-2": "8", "went_out": "1"})
    ),
    "games.undo": Write(lambda t: _post(t, f"{t.path}/rounds/undo", {"number": "2"})),
    "games.finish": Write(lambda t: _post(t, f"{t.path}/finish", {"number": "2"})),
    "games.delete": Write(_delete, gone=True),
    "games.restore": Write(lambda t: _post(t, f"{t.path}/restore"), before=_delete),
    "games.play_again": Write(lambda t: _post(t, f"{t.path}/again")),
    "seats.join": Write(lambda t: _post(t, f"{t.path}/players/join", {"join-name": "Dora", "join-start": "zero"})),
    "seats.leave": Write(lambda t: _post(t, f"{t.path}/players/leave", {"leave-seat": "2"}), listed=False),
    "seats.rename": Write(lambda t: _post(t, f"{t.path}/players/rename", {"rename-seat": "1", "rename-name": "Bea"})),
    "drafts.send": Write(lambda t: _post(t, f"{t.path}/rounds/3/mine", {"seat": "0", "pips-0": "7"}), draft=True),
    "people.rename": Write(lambda t: _post(t, f"/people/{t.person('Ana')}/rename", {"name": "Anna"})),
    "people.merge": Write(_merge, before=_other_game_with_dora),
    "people.undo_merge": Write(_undo_merge, before=_merged),
    "people.import_game": Write(lambda t: _import(t, web=True), before=_gone_for_good),
    "api.add_round": Write(
        lambda t: _api(t, "POST", "/rounds", {"pips": {"Ana": 0, "Ben": 4, "Cleo": 6}, "went_out": "Ana"})
    ),
    "api.edit_round": Write(
        lambda t: _api(t, "PUT", "/rounds/2", {"pips": {"Ana": 30, "Ben": 0, "Cleo": 6}, "went_out": "Ben"})
    ),
    "api.undo_round": Write(lambda t: _api(t, "DELETE", "/rounds/2", None)),
    "api.finish_game": Write(lambda t: _api(t, "POST", "/finish", {})),
    "api.join_game": Write(lambda t: _api(t, "POST", "/seats", {"name": "Dora", "start": "zero"})),
    "api.change_seat": Write(lambda t: _api(t, "PATCH", "/seats/1", {"name": "Bea"})),
    "api.import_game": Write(lambda t: _import(t, web=False), before=_gone_for_good),
}
"""Every route that writes to an existing game."""

HOUSEHOLD_WRITE = "a household's settings or a phone's sign-in (tests/web/test_hosted_households.py)"
NOT_A_GAME_WRITE = {
    "games.new": "starts a new game (test_a_new_game_is_on_the_games_list)",
    "api.create_game": "starts a new game (test_a_new_game_is_on_the_games_list)",
    "drafts.this_phone": "says whose phone this is: this phone's session only",
    "api.check": "the move checker: reads a position sent",
    "api.moves": "the move checker: reads a position sent",
    "api.play": "the move checker: reads a position sent",
    "api.count": "counts the pips in a photo sent: keeps nothing (tests/web/test_count_photo.py)",
    "photos.keep": "keeps a photo of a hand for a round not saved yet: nothing shows until the round's save links it, "
    "which moves the version (tests/web/test_keep_photo.py)",
    "api.sign_in": "the household password: this phone's session only",
    "household.login": "the household password: this phone's session only",
    "join.watch_refused": "refuses every write under /watch/",
    "households.create": HOUSEHOLD_WRITE,
    "households.delete": HOUSEHOLD_WRITE,
    "households.invite": HOUSEHOLD_WRITE,
    "households.leave": HOUSEHOLD_WRITE,
    "households.make_token": HOUSEHOLD_WRITE,
    "households.passphrase": HOUSEHOLD_WRITE,
    "households.rename": HOUSEHOLD_WRITE,
    "households.renew_invite": HOUSEHOLD_WRITE,
    "households.revoke_token": HOUSEHOLD_WRITE,
    "households.sign_in": HOUSEHOLD_WRITE,
    "households.sign_out_phone": HOUSEHOLD_WRITE,
}


def _write_endpoints(app: Flask) -> set[str]:
    return {rule.endpoint for rule in app.url_map.iter_rules() if (rule.methods or set()) & WRITE_METHODS}


def test_the_walk_covers_every_write_route_of_the_app(app: Flask) -> None:
    assert set(WRITES) | set(NOT_A_GAME_WRITE) == _write_endpoints(app)
    assert not set(WRITES) & set(NOT_A_GAME_WRITE)


@dataclass(frozen=True)
class Answers:
    """What a phone holds of the game: each kept or validated answer's status, ETag and body."""

    table: tuple[int, str | None, bytes]
    api: tuple[int, str | None, bytes]
    watch: bytes
    games_list: bytes


def _asked(client: FlaskClient, path: str) -> tuple[int, str | None, bytes]:
    response = client.get(path)
    return response.status_code, response.headers.get("ETag"), response.get_data()


def _answers(t: Table, watch: str) -> Answers:
    return Answers(
        table=_asked(t.client, t.path),
        api=_asked(t.client, f"/api/v1/games/{t.id}"),
        watch=t.client.get(watch).get_data(),
        games_list=t.client.get("/").get_data(),
    )


def _still_held(client: FlaskClient, path: str, held: tuple[int, str | None, bytes]) -> bool:
    """Whether a phone holding this answer is told it is still current (a 304), or given the same bytes."""
    status, etag, body = held
    again = client.get(path, headers={"If-None-Match": etag} if etag else {})
    return again.status_code == 304 or (again.status_code == status and again.get_data() == body)


@pytest.fixture
def table(app: Flask, client: FlaskClient) -> Table:
    path = start_game(client, "Ana", "Ben", "Cleo")
    for pips in ((0, 10, 20), (5, 0, 15)):
        went_out = str(pips.index(0))
        assert enter_round(client, path, *pips, went_out=went_out).status_code == 302
    return Table(app, client, path.rsplit("/", 1)[1])


@pytest.mark.parametrize("endpoint", sorted(WRITES))
def test_every_write_moves_the_games_version_and_every_answer_kept_for_it(table: Table, endpoint: str) -> None:
    write = WRITES[endpoint]
    watch = re.search(r"/watch/[\w-]+", text(table.client.get(f"{table.path}/join")))
    assert watch
    if write.before is not None:
        write.before(table)
    before, held = table.counters(), _answers(table, watch.group(0))
    write.write(table)
    after = table.counters()
    assert after is not None and after != before
    version, drafts = after
    if before is None:  # imported: a game that was not here
        pass
    elif write.draft:
        assert (version, drafts) == (before[0], before[1] + 1)
    else:
        assert version == before[0] + 1  # bumped once, whatever the write
    assert not _still_held(table.client, table.path, held.table)
    # the API's game shows no drafts: a phone holding it still holds the game as it is after a draft
    assert _still_held(table.client, f"/api/v1/games/{table.id}", held.api) == write.draft
    assert table.client.get(watch.group(0)).get_data() != held.watch
    if write.listed and not write.draft:
        assert table.client.get("/").get_data() != held.games_list
    if write.gone:
        assert table.client.get(table.path).status_code == 404


@pytest.mark.parametrize("start", ["form", "api"])
def test_a_new_game_is_on_the_games_list(client: FlaskClient, start: str) -> None:
    listed = client.get("/").get_data(as_text=True)
    if start == "form":
        start_game(client, "Zoe", "Yuri")
    else:
        _ok(client.post("/api/v1/games", json={"players": ["Zoe", "Yuri"], "set": 12}), 201)
    assert "Zoe" not in listed and "Zoe" in client.get("/").get_data(as_text=True)
