"""Whether this instance can serve: the database answers one cheap query."""

from __future__ import annotations

from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError


def database_trouble(engine: Engine) -> str | None:
    """None when the database answers ``SELECT 1``; else a short reason (never the driver's words: they can
    name hosts and users).

    A PostgreSQL server that drops packets instead of refusing makes this wait for the connection's timeout: give
    ``connect_timeout=<seconds>`` in ``DATABASE_URL`` so that a load balancer's check gets its answer in time."""
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError:
        return "the database does not answer"
    return None
