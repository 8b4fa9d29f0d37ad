"""The Alembic migrations build exactly the schema the models describe."""

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from scorekeeper.db import upgrade
from scorekeeper.models import Base


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
