"""The tallies the stats read (services.tallies) follow every write to a game: after any sequence of rounds,
corrections, undos, ends, joins, leaves, seat and person renames, merges and their undo, the trash (delete, restore,
purge), imports, restored backups and Play again, they are what counting every game afresh gives.

And reading the stats costs the same few statements however many games the household has played."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db import session
from scorekeeper.models import Game, Merge, Person, TallyPart
from scorekeeper.services.backup import backup_document, restore_document
from scorekeeper.services.tallies import game_changed, games_changed
from scorekeeper.services.trash import purge_trash

from .helpers import DATABASES, fresh_postgres_app
from .tallies_check import afresh, assert_counted_right, kept

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn"]


@pytest.fixture(params=DATABASES)
def app(request: pytest.FixtureRequest, tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[Flask]:
    """The app on SQLite, and on PostgreSQL too when TEST_DATABASE_URL names one it may wipe."""
    if request.param == "sqlite":
        yield app_factory(tmp_path, WTF_CSRF_ENABLED=False)
        return
    yield fresh_postgres_app(WTF_CSRF_ENABLED=False)


class Table:
    """A household playing at random through the app's own routes, as phones and API clients would."""

    def __init__(self, app: Flask, client: FlaskClient, rng: random.Random) -> None:
        self.app, self.client, self.rng = app, client, rng
        self.games: list[str] = []
        self.done: list[str] = []

    def _ok(self, response: Any) -> Any:
        assert response.status_code < 500, response.get_data(as_text=True)
        return response

    def _game(self, game: str) -> dict[str, Any]:
        return dict(self.client.get(f"/api/v1/games/{game}").get_json())

    def _pick(self) -> str | None:
        return self.rng.choice(self.games) if self.games else None

    def new_game(self) -> None:
        players = self.rng.sample(NAMES, self.rng.randint(2, 4))
        body: dict[str, Any] = {"players": players, "set": 6, "rounds": self.rng.randint(2, 4)}
        if self.rng.random() < 0.3:
            body = {"players": players, "game": "super-domino"}
        answer = self._ok(self.client.post("/api/v1/games", json=body))
        if answer.status_code == 201:
            self.games.append(answer.get_json()["id"])

    def _pips(self, game: dict[str, Any]) -> dict[str, Any]:
        playing = [s["name"] for s in game["seats"] if s["state"] == "playing"]
        out = self.rng.choice(playing)
        pips = {n: 0 if n == out else self.rng.randint(1, 25) for n in playing}
        body: dict[str, Any] = {"pips": pips, "went_out": out}
        if game.get("game") == "super-domino":
            body["tiles"] = {n: 0 if n == out else self.rng.randint(1, 4) for n in playing}
        return body

    def round(self) -> None:
        game = self._pick()
        for _ in range(self.rng.randint(1, 3) if game is not None else 0):
            self._ok(self.client.post(f"/api/v1/games/{game}/rounds", json=self._pips(self._game(game))))

    def correct(self) -> None:
        game = self._pick()
        if game is None:
            return
        shown = self._game(game)
        if shown["rounds"]:
            number = self.rng.randint(1, len(shown["rounds"]))
            self._ok(self.client.put(f"/api/v1/games/{game}/rounds/{number}", json=self._pips(shown)))

    def undo(self) -> None:
        game = self._pick()
        if game is not None and (rounds := len(self._game(game)["rounds"])):
            self._ok(self.client.delete(f"/api/v1/games/{game}/rounds/{rounds}"))

    def finish(self) -> None:
        game = self._pick()
        if game is not None:
            self._ok(self.client.post(f"/api/v1/games/{game}/finish", json={}))

    def join(self) -> None:
        game = self._pick()
        if game is not None:
            name = self.rng.choice(NAMES)
            self._ok(self.client.post(f"/api/v1/games/{game}/seats", json={"name": name, "start": "zero"}))

    def leave(self) -> None:
        game = self._pick()
        if game is not None:
            seat = self.rng.randrange(len(self._game(game)["seats"]))
            self._ok(self.client.patch(f"/api/v1/games/{game}/seats/{seat}", json={"left": True}))

    def rename_seat(self) -> None:
        game = self._pick()
        if game is not None:
            seat = self.rng.randrange(len(self._game(game)["seats"]))
            name = self.rng.choice(NAMES)
            self._ok(self.client.patch(f"/api/v1/games/{game}/seats/{seat}", json={"name": name}))

    def _people(self) -> list[int]:
        return [p["id"] for p in self.client.get("/api/v1/players").get_json()["players"]]

    def rename_person(self) -> None:
        if people := self._people():
            name = self.rng.choice([*NAMES, "Gus", "Hana"])
            self._ok(self.client.post(f"/people/{self.rng.choice(people)}/rename", data={"name": name}))

    def merge(self) -> None:
        people = self._people()
        if len(people) >= 2:
            gone, into = self.rng.sample(people, 2)
            self._ok(self.client.post(f"/people/{gone}/merge/{into}"))

    def undo_merge(self) -> None:
        with self.app.app_context():
            merges = session().scalars(select(Merge.id).where(Merge.undone_at.is_(None))).all()
        if merges:
            self._ok(self.client.post(f"/people/merges/{self.rng.choice(merges)}/undo"))

    def delete(self) -> None:
        game = self._pick()
        if game is not None:
            self._ok(self.client.post(f"/games/{game}/delete"))
            self.games.remove(game)
            self.done.append(game)

    def restore(self) -> None:
        if self.done:
            game = self.rng.choice(self.done)
            if self._ok(self.client.post(f"/games/{game}/restore")).status_code == 302:
                self.done.remove(game)
                self.games.append(game)

    def purge_and_bring_back(self) -> None:
        """A game out of the trash for good, then brought back from its file (import) or a backup (restore)."""
        game = self._pick()
        if game is None:
            return
        document = self.client.get(f"/api/v1/games/{game}/export?format=json").get_json()
        with self.app.app_context():
            backup = backup_document(session(), [game])
        self._ok(self.client.post(f"/games/{game}/delete"))
        with self.app.app_context():
            db = session()
            db.execute(
                Game.__table__.update().where(Game.id == game).values(deleted_at=datetime(2020, 1, 1, tzinfo=UTC))
            )
            db.commit()
            assert purge_trash(db, now=datetime.now(UTC) + timedelta(days=1)) >= 1
        if self.rng.random() < 0.5:
            self._ok(self.client.post("/api/v1/games/import", json=document))
        else:
            with self.app.app_context():
                restore_document(session(), backup)

    def again(self) -> None:
        game = self._pick()
        if game is None:
            return
        answer = self._ok(self.client.post(f"/games/{game}/again"))
        started = answer.headers.get("Location", "").rstrip("/").split("/")[-1]
        if answer.status_code == 302 and started not in self.games:
            self.games.append(started)


def _check(app: Flask) -> None:
    with app.app_context():
        assert_counted_right(session())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_tallies_are_what_counting_every_game_afresh_gives_after_any_writes(
    app: Flask, client: FlaskClient, seed: int
) -> None:
    rng = random.Random(seed)
    table = Table(app, client, rng)
    steps: list[tuple[Callable[[], None], int]] = [
        (table.new_game, 4),
        (table.round, 12),
        (table.correct, 3),
        (table.undo, 3),
        (table.finish, 2),
        (table.join, 2),
        (table.leave, 2),
        (table.rename_seat, 2),
        (table.rename_person, 2),
        (table.merge, 2),
        (table.undo_merge, 1),
        (table.delete, 1),
        (table.restore, 1),
        (table.purge_and_bring_back, 1),
        (table.again, 1),
    ]
    actions = [a for a, weight in steps for _ in range(weight)]
    table.new_game()
    for _ in range(70):
        rng.choice(actions)()
        _check(app)
    with app.app_context():
        counted = kept(session())
        assert counted["tally"] and counted["tally_pair"], "no game was finished: the walk proved little"


def test_a_second_call_changes_nothing_and_a_missed_one_shows(app: Flask, client: FlaskClient) -> None:
    table = Table(app, client, random.Random(7))
    for _ in range(3):
        table.new_game()
    for _ in range(12):
        table.round()
    with app.app_context():
        db = session()
        games_changed(db, table.games)
        game_changed(db, table.games[0])
        db.commit()
        assert_counted_right(db)
        # a write that forgot the hook (a game put in the trash behind its back) is what the check catches
        trashed = datetime.now(UTC)
        db.execute(Game.__table__.update().where(Game.id == table.games[0]).values(deleted_at=trashed))
        db.commit()
        assert kept(db) != afresh(db)
        game_changed(db, table.games[0])
        db.commit()
        assert_counted_right(db)


def test_a_person_merged_away_and_left_with_nothing_counts_nothing(app: Flask, client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"players": ["Ana", "Mum"], "set": 6}).get_json()["id"]
    for n in range(7):
        client.post(f"/api/v1/games/{game}/rounds", json={"pips": {"Ana": 0, "Mum": 3 + n}, "went_out": "Ana"})
    client.post("/api/v1/games", json={"players": ["Mom", "Ben"], "set": 6})
    people = {p["name"]: p["id"] for p in client.get("/api/v1/players").get_json()["players"]}
    assert client.post(f"/people/{people['Mum']}/merge/{people['Mom']}").status_code == 302
    _check(app)
    with app.app_context():
        mine = session().scalars(select(TallyPart.person_id).where(TallyPart.game_id == game)).all()
        assert people["Mum"] not in mine and people["Mom"] in mine
        assert session().get(Person, people["Mum"]) is not None  # kept for the merge's undo
        merge = session().scalars(select(Merge.id)).one()
    assert client.post(f"/people/merges/{merge}/undo").status_code == 302
    _check(app)
    with app.app_context():
        assert (
            session().scalars(select(TallyPart.person_id).where(TallyPart.game_id == game)).all().count(people["Mum"])
            == 1
        )


def test_games_ending_at_once_for_the_same_people_are_all_counted(app: Flask) -> None:
    """Several phones end their games at the same moment, the same two people in each: on PostgreSQL the writes
    run side by side (each claims its own game), and each one's months of Ana and Ben are counted after the
    other's, not over them."""
    client = app.test_client()
    games = []
    for _ in range(6):
        game = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "set": 6, "rounds": 2}).get_json()["id"]
        assert client.post(f"/api/v1/games/{game}/rounds", json={"pips": {"Ana": 0, "Ben": 4}, "went_out": "Ana"})
        games.append(game)

    def end(game: str) -> int:
        with app.test_client() as phone:
            body = {"pips": {"Ana": 7, "Ben": 0}, "went_out": "Ben"}
            return phone.post(f"/api/v1/games/{game}/rounds", json=body).status_code

    with ThreadPoolExecutor(max_workers=len(games)) as pool:
        assert list(pool.map(end, games)) == [201] * len(games)
    _check(app)
    ana = next(p for p in client.get("/api/v1/players").get_json()["players"] if p["name"] == "Ana")
    assert ana["stats"]["mexican-train"]["games"] == len(games)
