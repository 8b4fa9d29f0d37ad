"""Answers a worker keeps until any game changes: the household's records and people, which add up rows of
every game, cost their SQL once per change, and the same page asked again costs one indexed count."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TypeVar, cast

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..lru import Lru
from ..models import Game

KEPT = 64
"""Answers a worker keeps (see :func:`kept_until_changed`)."""

_kept: Lru[tuple[object, ...], object] = Lru(KEPT)

_T = TypeVar("_T")


def _fingerprint(db: Session, among: Collection[str] | None) -> tuple[object, ...]:
    """What changes whenever any record could: the games' count, their versions' sum and the latest change (every
    round, correction, undo, end, trash, rename and merge moves the version; an import or a purge the count)."""
    query = select(func.count(), func.sum(Game.version), func.max(Game.updated_at)).where(Game.deleted_at.is_(None))
    if among is not None:
        query = query.where(Game.id.in_(list(among)))
    count, versions, latest = db.execute(query).one()
    return (str(db.connection().engine.url), int(count), int(versions or 0), str(latest))


def kept_until_changed(
    db: Session, among: Collection[str] | None, what: tuple[object, ...], read: Callable[[], _T]
) -> _T:
    """The answer ``read`` gives for ``what`` over the games ``among``, kept (KEPT of them, per worker) until a
    game changes. The caller copies what it hands on."""
    key = (_fingerprint(db, among), None if among is None else tuple(sorted(among)), *what)
    value = _kept.get(key)
    if value is None:
        value = read()
        _kept.put(key, value)
    return cast(_T, value)
