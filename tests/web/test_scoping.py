"""The household is the boundary of every query, by construction (scorekeeper.db).

Every statement the app sends on a table a household owns either names the household (the ORM's criteria, or
``db.mine``/``db.ours``/``db.scoped`` on a Core statement) or is marked as run only behind a scoped read of its game
(``db.behind_its_game``): a new Core statement that does neither fails the walk below, whichever route sends it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, func, select

from scorekeeper import households
from scorekeeper.db import BEHIND_ITS_GAME, session
from scorekeeper.models import Base, Game, Household, HouseholdOwned, Person
from scorekeeper.services import NotFound, game_stamp, read_game

from .helpers import enter_round, start_game
from .test_every_write import WRITES, Table

OWNED = {
    table.name
    for table in Base.metadata.sorted_tables
    if "household_id" in table.c
    and table.name in {cls.__tablename__ for cls in Base.__subclasses__() if issubclass(cls, HouseholdOwned)}
}
ON_A_TABLE = re.compile(r'\b(?:FROM|JOIN|UPDATE|INTO)\s+"?(\w+)"?', re.IGNORECASE)
BY_ITS_KEY = re.compile(
    r'^(?:UPDATE "?(\w+)"? SET .*|DELETE FROM "?(\w+)"?) WHERE \w+\.id = (?:\?|%\(\w+\)s)$', re.DOTALL
)
"""The ORM's flush of a row it holds, by its key: a row the session read through a scoped statement."""


def unscoped(sql: str) -> set[str]:
    """The owned tables a statement reaches without naming the household (and without the mark)."""
    if BEHIND_ITS_GAME in sql or "household_id" in sql or BY_ITS_KEY.match(sql.strip()):
        return set()
    return {name for name in ON_A_TABLE.findall(sql) if name in OWNED}


def test_the_check_sees_an_unscoped_statement() -> None:
    assert {"game", "person", "person_merge", "tally", "tally_part", "tally_pair", "tally_person"} <= OWNED
    assert unscoped("SELECT game.id FROM game WHERE game.id = ?") == {"game"}
    assert unscoped('UPDATE "person" SET name = ?') == {"person"}
    assert unscoped("SELECT seat.id FROM seat JOIN game ON game.id = seat.game_id AND game.household_id = ?") == set()
    assert unscoped(f"DELETE {BEHIND_ITS_GAME} FROM tally WHERE person_id IN (?)") == set()
    assert unscoped("SELECT round.id FROM round WHERE round.game_id = ?") == set()
    assert unscoped("UPDATE person SET name=? WHERE person.id = ?") == set()  # a flush of a row read scoped
    assert unscoped("UPDATE person SET name=? WHERE person.name = ?") == {"person"}
    assert unscoped("DELETE FROM game WHERE game.id = %(id)s") == set()
    assert unscoped("DELETE FROM game WHERE game.deleted_at < ?") == {"game"}


@pytest.fixture
def sent(app: Flask) -> Iterator[list[str]]:
    """Every SQL statement the app sends from now on (the driver's own, services.prepared, included)."""
    statements: list[str] = []

    def told(_conn: Any, _cursor: Any, sql: str, *_rest: Any) -> None:
        statements.append(sql)

    engine = app.extensions["db_engine"]
    event.listen(engine, "before_cursor_execute", told)
    yield statements
    event.remove(engine, "before_cursor_execute", told)


def _table(app: Flask, client: FlaskClient) -> Table:
    path = start_game(client, "Ana", "Ben", "Cleo")
    for pips in ((0, 10, 20), (5, 0, 15)):
        assert enter_round(client, path, *pips, went_out=str(pips.index(0))).status_code == 302
    return Table(app, client, path.rsplit("/", 1)[1])


READS = (
    "/",
    "/games/trash",
    "/people",
    "/stats",
    "/api/v1/games",
    "/api/v1/players",
    "/settings/backup",
)


@pytest.mark.parametrize("endpoint", sorted(WRITES))
def test_every_statement_on_a_households_table_names_the_household(
    app: Flask, client: FlaskClient, sent: list[str], endpoint: str
) -> None:
    table = _table(app, client)
    person = table.person("Cleo")
    watch = re.search(r"/watch/[\w-]+", client.get(f"{table.path}/join").get_data(as_text=True))
    assert watch
    write = WRITES[endpoint]
    if write.before is not None:
        write.before(table)
    write.write(table)
    for path in (*READS, table.path, f"/api/v1/games/{table.id}", f"/people/{person}", watch.group(0)):
        client.get(path)
    for path in (f"{table.path}/live", f"/api/v1/games/{table.id}/live", f"{table.path}/export"):
        client.get(path)
    assert sent, "the walk sent nothing"
    wrong = {sql.split("\n")[0][:160]: tables for sql in sent if (tables := unscoped(sql))}
    assert not wrong, wrong


@pytest.fixture
def hosted(tmp_path: Any, app_factory: Any) -> tuple[Flask, str]:
    """A hosted app on the database of a home one: household 1 (home mode's) holds a game of Ana and Ben started
    there; household 2 holds nothing yet."""
    home: Flask = app_factory(tmp_path, WTF_CSRF_ENABLED=False)
    game = start_game(home.test_client(), "Ana", "Ben").rsplit("/", 1)[1]
    app: Flask = app_factory(tmp_path, WTF_CSRF_ENABLED=False, SCOREKEEPER_HOSTED=True)
    with app.app_context():
        db = session()
        db.add(Household(id=2, name="Other", name_key="other"))
        db.commit()
    return app, game


@pytest.mark.parametrize("household", [None, 2])
def test_a_hosted_request_reads_nothing_of_another_household(hosted: tuple[Flask, str], household: int | None) -> None:
    app, game = hosted
    with app.test_request_context():
        households.enter(household)
        db = session()
        assert db.scalars(select(Game)).all() == []
        assert db.scalar(select(func.count()).select_from(Person)) == 0
        assert db.get(Game, game) is None
        assert game_stamp(db.connection(), game) is None
        with pytest.raises(NotFound):
            read_game(db, game)
    with app.test_request_context():
        households.enter(1)
        db = session()
        assert [g.id for g in db.scalars(select(Game))] == [game]
        assert game_stamp(db.connection(), game) is not None
        assert sorted(p.name for p in db.scalars(select(Person))) == ["Ana", "Ben"]


def test_a_row_added_is_its_households_and_never_of_none(hosted: tuple[Flask, str]) -> None:
    app, _game = hosted
    with app.test_request_context():
        households.enter(2)
        db = session()
        db.add(Person(name="Ana"))  # another household's Ana is somebody else
        db.commit()
        mine = db.scalars(select(Person)).one()
        assert (mine.name, mine.household_id) == ("Ana", 2)
    with app.test_request_context():
        households.enter(None)
        db = session()
        db.add(Person(name="Zoe"))
        with pytest.raises(RuntimeError, match="no household"):
            db.flush()
    with app.test_request_context():
        households.enter(2)
        db = session()
        db.add(Person(name="Eve", household_id=1))
        with pytest.raises(RuntimeError, match="another one"):
            db.flush()
