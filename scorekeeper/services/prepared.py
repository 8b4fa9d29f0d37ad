"""Statements of the writer's turn, and the read of a game's stamp, sent straight through the database driver.

In the writer's turn every other writer waits, and SQLAlchemy's work around each statement (its execution
context, the parameters' and the result's processing, the cursor's result object) cost about as much as the
statements themselves on SQLite. A :class:`Prepared` statement is compiled once per dialect into the driver's SQL
text, the order of its parameters and the type processing of its values (a date as SQLite stores it), then sent
on the connection's driver cursor: the same SQL, the same values, in the same transaction (a read on an engine: on a
connection of its pool, as ``engine.connect()`` would give). The engine's
``before_cursor_execute`` listeners are still told of each statement (tests count what a write sends)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, Select
from sqlalchemy.engine import Dialect
from sqlalchemy.sql.dml import UpdateBase

Processor = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class _Compiled:
    sql: str
    names: tuple[str, ...]
    positional: bool
    binds: tuple[tuple[str, Processor], ...]
    results: tuple[Processor | None, ...]
    constants: tuple[tuple[str, object], ...]
    """The values the statement holds itself (the 1 of ``version + 1``)."""

    def parameters(self, values: Mapping[str, object]) -> Any:
        if self.binds or self.constants:
            values = {**dict(self.constants), **values}
            for name, process in self.binds:
                values[name] = process(values[name])
        if self.positional:
            return tuple(values[name] for name in self.names)
        return values


class Prepared:
    """A statement (a SELECT; an INSERT, UPDATE or DELETE, with or without RETURNING) compiled once per dialect for
    these parameter names (``keys``: the columns an INSERT sets, every one given each time)."""

    def __init__(self, statement: UpdateBase | Select[Any], keys: Sequence[str] = ()) -> None:
        self._statement = statement
        self._keys = list(keys)
        self._by_dialect: dict[str, _Compiled] = {}

    def _compiled(self, dialect: Dialect) -> _Compiled:
        found = self._by_dialect.get(dialect.name)
        if found is None:
            compiled = self._statement.compile(dialect=dialect, column_keys=self._keys or None)
            names = tuple(compiled.positiontup or ()) if dialect.positional else tuple(compiled.binds)
            binds = []
            for name in set(names) if dialect.positional else names:
                process = compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect)
                if process is not None:
                    binds.append((name, process))
            statement = self._statement
            if isinstance(statement, Select):
                returned: Sequence[Any] = list(statement.selected_columns)
            else:
                returned = list(statement.exported_columns) if statement._returning else []
            results = tuple(c.type.dialect_impl(dialect).result_processor(dialect, None) for c in returned)
            constants = tuple((name, b.value) for name, b in compiled.binds.items() if not b.required)
            found = _Compiled(compiled.string, names, dialect.positional, tuple(binds), results, constants)
            self._by_dialect[dialect.name] = found
        return found

    def _cursor(self, connection: Connection, sql: str, parameters: Any, many: bool) -> Any:
        _told(connection, connection, sql, parameters, many)
        driver = connection.connection.dbapi_connection
        assert driver is not None  # a connection checked out of the pool has one
        return driver.cursor()

    def rows(self, database: Connection | Engine, values: Mapping[str, object]) -> list[tuple[Any, ...]]:
        """Run once with these values; the rows it returns (SELECT, RETURNING), processed as SQLAlchemy would.
        On an engine: on a connection of its pool, given back at once (a read)."""
        compiled = self._compiled(database.dialect)
        parameters = compiled.parameters(values)
        if isinstance(database, Engine):
            _told(database, None, compiled.sql, parameters, False)
            pooled = database.raw_connection()
            try:
                cursor = pooled.cursor()
                try:
                    cursor.execute(compiled.sql, parameters)
                    found = cursor.fetchall()
                finally:
                    cursor.close()
            finally:
                pooled.close()
        else:
            cursor = self._cursor(database, compiled.sql, parameters, False)
            try:
                cursor.execute(compiled.sql, parameters)
                found = cursor.fetchall() if compiled.results else []
            finally:
                cursor.close()
        if any(compiled.results):
            return [
                tuple(v if process is None else process(v) for v, process in zip(row, compiled.results, strict=True))
                for row in found
            ]
        return [tuple(row) for row in found]

    def many(self, connection: Connection, values: Sequence[Mapping[str, object]]) -> None:
        """Run once for each of these rows of values, in one call to the driver."""
        if not values:
            return
        compiled = self._compiled(connection.dialect)
        parameters = [compiled.parameters(v) for v in values]
        cursor = self._cursor(connection, compiled.sql, parameters, True)
        try:
            cursor.executemany(compiled.sql, parameters)
        finally:
            cursor.close()


def _told(database: Connection | Engine, connection: Connection | None, sql: str, parameters: Any, many: bool) -> None:
    """Tell the engine's ``before_cursor_execute`` listeners of a statement, as SQLAlchemy would (no cost without
    any: the tests that count statements listen)."""
    listeners = database.dispatch.before_cursor_execute
    if listeners:
        for listener in listeners:
            listener(connection, None, sql, parameters, None, many)
