"""The Alembic migrations build exactly the schema the models describe."""

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from scorekeeper.models import Base
from scorekeeper.services.results import upgrade


def test_migrations_match_the_models(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.sqlite3'}"
    upgrade(url)
    upgrade(url)  # running it again is harmless
    with create_engine(url).connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert diff == []


def test_upgrading_keeps_games_played_before(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import text

    from scorekeeper.db import alembic_config

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    command.upgrade(alembic_config(url), "0001")
    engine = create_engine(url)
    with engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO game (id, created_at, updated_at, set_highest, ascending, rounds_planned, "
                "double_blank, rules) VALUES ('old', '2026-01-01', '2026-01-01', 12, 0, 13, 0, 'standard')"
            )
        )
        c.execute(text("INSERT INTO seat (game_id, position, name) VALUES ('old', 0, 'Ana'), ('old', 1, 'Ben')"))
        c.execute(
            text(
                "INSERT INTO round (id, game_id, number, engine, blocked, created_at) "
                "VALUES (1, 'old', 1, 12, 0, '2026-01-01')"
            )
        )
        c.execute(
            text("INSERT INTO score (round_id, seat_position, pips, went_out) VALUES (1, 0, 0, 1), (1, 1, 17, 0)")
        )
    upgrade(url)
    with engine.connect() as c:
        assert c.execute(text("SELECT kind, rounds_planned FROM game")).one() == ("mexican-train", 13)
        assert c.execute(text("SELECT pips FROM score ORDER BY seat_position")).scalars().all() == [0, 17]


def test_an_upgrade_works_out_the_results_of_games_stored_before_0010(tmp_path: Path) -> None:
    """Games finished before results were kept get them on the upgrade: places (a tie shares first place),
    rounds, pips, hands, went out, blocked, the lowest and highest round and the longest run of going out."""
    from alembic import command
    from sqlalchemy import text

    from scorekeeper.db import alembic_config

    url = f"sqlite:///{tmp_path / 'before-results.sqlite3'}"
    command.upgrade(alembic_config(url), "0009")
    # game id: (kind, planned rounds, finished_at, deleted_at), seats, each round's (engine, blocked, {seat: pips})
    finished, gone = "2026-01-01 22:00:00", "2026-01-02 09:00:00"
    games = {
        "tie": ("mexican-train", 3, None, None, ["Ana", "Ben", "Cleo"]),
        "left": ("mexican-train", 3, None, None, ["Dora", "Eli", "Fay"]),
        "evening": ("super-domino", None, finished, None, ["Ana", "Ben", "Cleo"]),
        "going": ("mexican-train", 3, None, None, ["Ana", "Ben"]),
        "binned": ("mexican-train", 1, None, gone, ["Ana", "Ben"]),
    }
    # (engine, blocked, went out, {seat: (pips, tiles)}); a seat with no score sat the round out
    rounds = {
        "tie": [
            (12, False, 0, {0: (0, None), 1: (10, None), 2: (12, None)}),
            (11, False, 1, {0: (10, None), 1: (0, None), 2: (8, None)}),
            (10, True, None, {0: (5, None), 1: (5, None), 2: (1, None)}),
        ],
        "left": [  # Fay left after round 1
            (12, False, 0, {0: (0, None), 1: (9, None), 2: (1, None)}),
            (11, False, 1, {0: (4, None), 1: (0, None)}),
            (10, False, 0, {0: (0, None), 1: (7, None)}),
        ],
        "evening": [  # Ana goes out; blocked, Ben wins on fewest tiles and pips; Cleo goes out
            (None, False, 0, {0: (0, 0), 1: (11, 2), 2: (6, 1)}),
            (None, True, None, {0: (9, 2), 1: (3, 1), 2: (8, 1)}),
            (None, False, 2, {0: (7, 2), 1: (4, 1), 2: (0, 0)}),
        ],
        "going": [(12, False, 0, {0: (0, None), 1: (5, None)})],
        "binned": [(12, False, 0, {0: (0, None), 1: (5, None)})],
    }
    with create_engine(url).begin() as c:
        for name in ["Ana", "Ben", "Cleo", "Dora", "Eli", "Fay"]:
            c.execute(text("INSERT INTO person (name, created_at) VALUES (:n, '2026-01-01')"), {"n": name})
        for game_id, (kind, planned, finished_at, deleted_at, seats) in games.items():
            c.execute(
                text(
                    "INSERT INTO game (id, kind, created_at, updated_at, set_highest, ascending, rounds_planned, "
                    "finished_at, double_blank, rules, deleted_at) VALUES (:g, :kind, '2026-01-01 20:00:00', "
                    "'2026-01-01 22:00:00', :set, 0, :planned, :finished, 0, 'standard', :deleted)"
                ),
                {
                    "g": game_id,
                    "kind": kind,
                    "set": 15 if kind == "super-domino" else 12,
                    "planned": planned,
                    "finished": finished_at,
                    "deleted": deleted_at,
                },
            )
            for position, name in enumerate(seats):
                c.execute(
                    text(
                        "INSERT INTO seat (game_id, position, name, person_id, left_round) "
                        "VALUES (:g, :p, :n, (SELECT id FROM person WHERE name = :n), :left)"
                    ),
                    {"g": game_id, "p": position, "n": name, "left": 2 if name == "Fay" else None},
                )
            for number, (engine, blocked, out, scores) in enumerate(rounds[game_id], start=1):
                round_id = c.execute(
                    text(
                        "INSERT INTO round (game_id, number, engine, blocked, created_at) "
                        "VALUES (:g, :n, :e, :b, '2026-01-01 21:00:00') RETURNING id"
                    ),
                    {"g": game_id, "n": number, "e": engine, "b": blocked},
                ).scalar_one()
                for seat, (pips, tiles) in scores.items():
                    c.execute(
                        text(
                            "INSERT INTO score (round_id, seat_position, pips, tiles, went_out) "
                            "VALUES (:r, :s, :p, :t, :o)"
                        ),
                        {"r": round_id, "s": seat, "p": pips, "t": tiles, "o": seat == out},
                    )
    upgrade(url)  # what `make run` and `scorekeeper upgrade-db` do: the migrations, then what they left due

    with create_engine(url).connect() as c:
        assert c.execute(text("SELECT count(*) FROM result_due")).scalar_one() == 0
        rows = c.execute(
            text(
                "SELECT r.game_id, s.name, r.place, r.shares_place, r.rounds, r.pips, r.total, r.hands, r.went_out, "
                "r.blocked, r.lowest, r.highest, r.run FROM seat_result r JOIN seat s ON s.id = r.seat_id "
                "ORDER BY r.game_id, s.position"
            )
        ).all()
    found = {(game, name): tuple(rest) for game, name, *rest in rows}
    assert {game for game, _name in found} == {"tie", "left", "evening"}  # none for a game going on or in the trash
    # place, shares, rounds, pips, total, hands, went out, blocked, lowest, highest, run
    assert found[("tie", "Ana")] == (1, True, 3, 15, 15, 0, 1, 1, 0, 10, 1)
    assert found[("tie", "Ben")] == (1, True, 3, 15, 15, 0, 1, 1, 0, 10, 1)
    assert found[("tie", "Cleo")] == (3, False, 3, 21, 21, 0, 0, 1, 1, 12, 0)
    assert found[("evening", "Cleo")] == (1, False, 3, 14, 14, 1, 1, 1, 0, 8, 1)  # a hand each: fewest pips first
    assert found[("evening", "Ana")] == (2, False, 3, 16, 16, 1, 1, 1, 0, 9, 1)
    assert found[("evening", "Ben")] == (3, False, 3, 18, 18, 1, 0, 1, 3, 11, 0)
    # the rounds each played; where a leaver ranks is the standings' to say, but those who played on keep order
    assert found[("left", "Dora")][1:] == (False, 3, 4, 4, 0, 2, 0, 0, 4, 1)
    assert found[("left", "Eli")][1:] == (False, 3, 16, 16, 0, 1, 0, 0, 9, 1)
    assert found[("left", "Fay")][2:] == (1, 1, 1, 0, 0, 0, 1, 1, 0)
    assert found[("left", "Dora")][0] < found[("left", "Eli")][0]


def test_flask_upgrade_db_runs_the_migrations_then_settles_what_they_left_due(tmp_path: Path) -> None:
    # `make upgrade-db` (and so `make run`) goes through the app's command: the database module only migrates
    from sqlalchemy import text

    from scorekeeper import create_app
    from scorekeeper.db import migrate

    url = f"sqlite:///{tmp_path / 'flask.sqlite3'}"
    migrate(url)
    with create_engine(url).begin() as c:
        c.execute(
            text(
                "INSERT INTO game (id, kind, set_highest, ascending, double_blank, rules, version, created_at, "
                "updated_at, finished_at) VALUES ('due', 'mexican-train', 12, 0, 0, 'standard', 1, "
                "'2026-01-01 20:00:00', '2026-01-01 21:00:00', '2026-01-01 21:00:00')"
            )
        )
        c.execute(text("INSERT INTO result_due (game_id) VALUES ('due')"))
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "test"})
    done = app.test_cli_runner().invoke(args=["upgrade-db"])
    assert done.exit_code == 0, done.output
    assert done.output == "Database is up to date.\n"
    with create_engine(url).connect() as c:
        assert c.execute(text("SELECT count(*) FROM result_due")).scalar_one() == 0
