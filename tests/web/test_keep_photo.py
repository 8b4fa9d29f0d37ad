"""Keeping the photo of a hand with its round (issue 27): kept only when the player asks, linked by the round's save
(or by the seat's own Send), shown from the table screen, gone with an undo, a day unlinked, or the game; every bad
input a 4xx in the player's language. On SQLite, and on PostgreSQL too when TEST_DATABASE_URL names one."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import time_machine
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image
from sqlalchemy import func, select

from scorekeeper.db import session
from scorekeeper.models import RoundPhoto
from scorekeeper.services.results import upgrade
from scorekeeper.services.trash import purge_trash
from scorekeeper.uploads import MAX_PHOTO_BYTES

from .helpers import enter_round, start_game, text, wipe_postgres

POSTGRES = os.environ.get("TEST_DATABASE_URL", "")
HAND = [[12, 5], [6, 0], [3, 3]]


@pytest.fixture(params=["sqlite", "postgresql"])
def app(request: pytest.FixtureRequest, tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[Flask]:
    if request.param == "sqlite":
        yield app_factory(tmp_path, WTF_CSRF_ENABLED=False)
        return
    if not POSTGRES.startswith("postgres"):
        pytest.skip("TEST_DATABASE_URL names no PostgreSQL database")
    wipe_postgres()
    upgrade(POSTGRES)
    yield app_factory(tmp_path, WTF_CSRF_ENABLED=False, DATABASE_URL=POSTGRES)


def photo_bytes(width: int = 2400, height: int = 1800, colour: tuple[int, int, int] = (200, 40, 40)) -> bytes:
    """A camera's photo: larger than kept, lying on its side with EXIF saying so, and a camera's name in its EXIF."""
    image = Image.new("RGB", (width, height), colour)
    image.paste((250, 250, 240), (100, 100, 700, 400))  # a tile, near the top left as the file stores it
    exif = Image.Exif()
    exif[0x0112] = 6  # turn 90° clockwise to show upright
    exif[0x0110] = "Phone X"  # the camera model: must not be kept
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", exif=exif, quality=90)
    return buffer.getvalue()


def keep(  # type: ignore[no-untyped-def]
    client: FlaskClient,
    game: str,
    data: bytes | None = None,
    seat: str = "0",
    tiles: object = HAND,
    language: str = "en",
    **more: str,
):
    form: dict[str, object] = {"seat": seat, "tiles": tiles if isinstance(tiles, str) else json.dumps(tiles), **more}
    if data is not None:
        form["photo"] = (io.BytesIO(data), "hand.jpg")
    headers = {"Accept-Language": language, "Accept": "application/json"}
    return client.post(f"{game}/photos", data=form, content_type="multipart/form-data", headers=headers)


def kept(client: FlaskClient, game: str, data: bytes | None = None, seat: str = "0") -> str:
    answer = keep(client, game, photo_bytes() if data is None else data, seat)
    assert answer.status_code == 201, answer.get_json()
    token = answer.get_json()["token"]
    assert answer.get_json()["url"] == f"{game}/photos/{token}"
    return str(token)


def rows(app: Flask) -> list[RoundPhoto]:
    with app.app_context():
        return list(session().scalars(select(RoundPhoto).order_by(RoundPhoto.id)))


def marks(client: FlaskClient, game: str) -> list[tuple[str, str]]:
    """The table screen's links to kept photos: (address, whose)."""
    page = text(client.get(game))
    return re.findall(r'<a class="photo-mark" href="([^"]+)"\s+aria-label="[^"]*">([^<]+)</a>', page)


def first_round_with_bens_photo(client: FlaskClient, game: str) -> str:
    """Round 1 saved (Ana out, Ben 9) with a photo of Ben's hand kept: its token."""
    token = kept(client, game, seat="1")
    data = {"pips-0": "0", "pips-1": "9", "went_out": "0", "photo-1": token}
    assert client.post(f"{game}/rounds/new", data=data).status_code == 302
    return token


def test_a_photo_kept_is_linked_by_the_rounds_save_and_shown_from_the_table(app: Flask) -> None:
    client = app.test_client()
    game = start_game(client, "Ana", "Ben", "Cleo")
    token = kept(client, game, seat="1")
    assert rows(app)[0].round_number is None and marks(client, game) == []  # nothing shown before the save
    saved = client.post(
        f"{game}/rounds/new", data={"pips-0": "0", "pips-1": "29", "pips-2": "7", "went_out": "0"} | {"photo-1": token}
    )
    assert saved.status_code == 302
    assert marks(client, game) == [(f"{game}/photos/{token}", "Ben")]
    page = client.get(f"{game}/photos/{token}")
    assert page.status_code == 200
    shown = text(page)
    assert "Ben" in shown and "Round 1" in shown and "3 tiles" in shown and "29 pips" in shown
    assert re.findall(r"<li>(\d+-\d+)</li>", shown) == ["12-5", "6-0", "3-3"]
    picture = client.get(f"{game}/photos/{token}.jpg")
    assert picture.status_code == 200 and picture.mimetype == "image/jpeg"
    assert "private" in picture.headers["Cache-Control"] and "max-age" in picture.headers["Cache-Control"]
    assert (
        client.get(f"{game}/photos/{token}.jpg", headers={"If-None-Match": picture.headers["ETag"]}).status_code == 304
    )
    image = Image.open(io.BytesIO(picture.data))
    assert image.size == (1200, 1600)  # upright (the EXIF turn applied) and at most 1,600 px
    assert image.getpixel((1100, 200))[0] > 240  # the tile, at the top right once turned
    assert not image.getexif() and b"Phone X" not in picture.data


def test_nothing_is_kept_unless_asked(app: Flask) -> None:
    client = app.test_client()
    game = start_game(client, "Ana", "Ben")
    counted = client.post("/api/v1/count", data={"photo": (io.BytesIO(photo_bytes()), "hand.jpg")})
    assert counted.status_code in (200, 422)  # counted or not: either way nothing of it is kept
    assert enter_round(client, game, 0, 32, went_out="0").status_code == 302
    assert rows(app) == [] and marks(client, game) == []


def test_the_same_photo_kept_twice_is_one_photo(app: Flask) -> None:
    client = app.test_client()
    game = start_game(client, "Ana", "Ben")
    data = photo_bytes()
    first = kept(client, game, data)
    again = keep(client, game, data, seat="1", tiles=[[12, 5]])  # the player changed whose hand and a tile
    assert again.status_code == 201 and again.get_json()["token"] == first
    (row,) = rows(app)
    assert (row.seat_position, json.loads(row.tiles), row.pips) == (1, [[12, 5]], 17)


def test_a_token_of_another_game_or_seat_is_passed_over(app: Flask) -> None:
    client = app.test_client()
    game, other = start_game(client, "Ana", "Ben"), start_game(client, "Cleo", "Dora")
    theirs = kept(client, other)
    mine = kept(client, game, photo_bytes(colour=(10, 90, 10)), seat="1")
    data = {"pips-0": "0", "pips-1": "9", "went_out": "0", "photo-0": theirs, "photo-1": "made-up-token"}
    assert client.post(f"{game}/rounds/new", data=data).status_code == 302  # the round is saved all the same
    data = {"pips-0": "0", "pips-1": "4", "went_out": "0", "photo-0": mine}  # Ben's photo under Ana's row
    assert client.post(f"{game}/rounds/new", data=data).status_code == 302
    assert marks(client, game) == [] and all(r.round_number is None for r in rows(app))
    assert client.get(f"{game}/photos/{theirs}").status_code == 404
    assert client.get(f"{other}/photos/{theirs}").status_code == 404  # never linked: no page either


def test_undoing_the_round_deletes_its_photos(app: Flask) -> None:
    client = app.test_client()
    game = start_game(client, "Ana", "Ben")
    first = first_round_with_bens_photo(client, game)
    second = kept(client, game, photo_bytes(colour=(0, 0, 200)), seat="0")
    data = {"pips-0": "5", "pips-1": "0", "went_out": "1", "photo-0": second}
    assert client.post(f"{game}/rounds/new", data=data).status_code == 302
    assert len(marks(client, game)) == 2
    assert client.post(f"{game}/rounds/undo", data={"number": "2"}).status_code == 302
    assert [r.token for r in rows(app)] == [first]
    assert client.get(f"{game}/photos/{second}").status_code == 404
    assert marks(client, game) == [(f"{game}/photos/{first}", "Ben")]


def test_a_seats_send_carries_its_photo_to_the_round(app: Flask) -> None:
    client = app.test_client()
    game = start_game(client, "Ana", "Ben")
    token = kept(client, game, seat="1")
    sent = client.post(f"{game}/rounds/1/mine", data={"seat": "1", "pips-1": "32", "photo-1": token})
    assert sent.status_code == 200
    assert rows(app)[0].round_number is None  # sent, not yet a round
    # the other phone sends Ana's 0 and her going out: the round is stored, with Ben's photo
    sent = client.post(f"{game}/rounds/1/mine", data={"seat": "0", "pips-0": "0", "went_out": "0"})
    assert sent.status_code == 302
    assert marks(client, game) == [(f"{game}/photos/{token}", "Ben")]


def test_a_correction_keeps_a_photo_in_place_of_the_one_the_round_had(app: Flask) -> None:
    client = app.test_client()
    game = start_game(client, "Ana", "Ben")
    first = first_round_with_bens_photo(client, game)
    second = kept(client, game, photo_bytes(colour=(0, 0, 200)), seat="1")
    data = {"pips-0": "0", "pips-1": "9", "went_out": "0", "photo-1": second}  # only the photo is new
    assert client.post(f"{game}/rounds/1", data=data).status_code == 302
    assert marks(client, game) == [(f"{game}/photos/{second}", "Ben")]
    assert client.get(f"{game}/photos/{first}").status_code == 404  # the photo it replaced is gone
    assert [r.token for r in rows(app)] == [second]


@pytest.mark.time_machine(datetime(2027, 2, 3, 20, 0, tzinfo=UTC), tick=False)
def test_a_photo_never_linked_is_deleted_a_day_later(app: Flask, time_machine: time_machine.TimeMachineFixture) -> None:
    client = app.test_client()
    game = start_game(client, "Ana", "Ben")
    linked = first_round_with_bens_photo(client, game)
    forgotten = kept(client, game, photo_bytes(colour=(0, 0, 200)))
    time_machine.shift(timedelta(hours=23))
    kept(client, game, photo_bytes(colour=(0, 200, 0)))
    assert forgotten in [r.token for r in rows(app)]  # not a day yet
    time_machine.shift(timedelta(hours=2))
    newest = kept(client, game, photo_bytes(colour=(200, 200, 0)))  # the next keep sweeps
    tokens = [r.token for r in rows(app)]
    assert forgotten not in tokens and linked in tokens and newest in tokens and len(tokens) == 3


@pytest.mark.time_machine(datetime(2027, 2, 3, 20, 0, tzinfo=UTC), tick=False)
def test_deleting_the_game_for_good_deletes_its_photos(
    app: Flask, time_machine: time_machine.TimeMachineFixture
) -> None:
    client = app.test_client()
    game = start_game(client, "Ana", "Ben")
    token = first_round_with_bens_photo(client, game)
    assert client.post(f"{game}/delete").status_code == 302
    assert client.get(f"{game}/photos/{token}.jpg").status_code == 404  # in the trash: no game, no photo
    assert len(rows(app)) == 1  # kept while the game may come back
    with app.app_context():
        assert purge_trash(session(), datetime.now(UTC) + timedelta(days=31)) == 1
    assert rows(app) == []


def test_every_bad_keep_is_a_4xx_that_says_why(app: Flask) -> None:
    client = app.test_client()
    game = start_game(client, "Ana", "Ben")
    cases = [
        (keep(client, game, b"just some text, not a photo"), 422, "not a photo"),
        (keep(client, game, photo_bytes()[:2000]), 422, "cut off"),
        (keep(client, game, b"\xff" * (MAX_PHOTO_BYTES + 1)), 413, "15 MB"),
        (keep(client, game, None), 400, "No photo"),
        (keep(client, game, photo_bytes(), seat="7"), 400, "whose hand"),
        (keep(client, game, photo_bytes(), seat="x"), 400, "whose hand"),
        (keep(client, game, photo_bytes(), tiles="[[13, 2]]"), 400, "pairs of halves"),
        (keep(client, game, photo_bytes(), tiles="[[1, 2], [2, 1]]"), 400, "pairs of halves"),
        (keep(client, game, photo_bytes(), tiles="{not json"), 400, "pairs of halves"),
        (keep(client, "/games/no-such-game", photo_bytes()), 404, "no game"),
    ]
    for answer, status, words in cases:
        assert answer.status_code == status, (words, answer.status_code, answer.get_data(as_text=True)[:300])
        assert answer.is_json and words in answer.get_json()["error"], answer.get_json()
    assert rows(app) == []
    assert client.get(f"{game}/photos/made-up-token").status_code == 404
    assert client.get(f"{game}/photos/made-up-token.jpg").status_code == 404
    assert "never kept with a saved round" in text(client.get(f"{game}/photos/made-up-token"))
    german = keep(client, game, b"kein Foto", language="de")
    assert german.status_code == 422 and "Foto" in german.get_json()["error"]


def test_a_keep_without_the_pages_token_is_refused(app_with_csrf: Flask) -> None:
    client = app_with_csrf.test_client()
    page = client.get("/games/new")
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text(page))
    assert token
    names = {"players-0": "Ana", "players-1": "Ben", "set": "12", "order": "down", "double_blank": "0", "rounds": ""}
    game = client.post("/games/new", data={**names, "csrf_token": token.group(1)}).headers["Location"]
    refused = keep(client, game, photo_bytes())
    assert refused.status_code == 400 and "expired" in refused.get_json()["error"]
    assert keep(client, game, photo_bytes(), csrf_token=token.group(1)).status_code == 201


def test_only_the_photo_routes_take_a_large_body(app: Flask) -> None:
    client = app.test_client()
    game = start_game(client, "Ana", "Ben")
    big = {"pips-0": "0", "pips-1": "1" * 70_000, "went_out": "0"}
    assert client.post(f"{game}/rounds/new", data=big).status_code == 413
    with app.app_context():
        assert session().scalar(select(func.count()).select_from(RoundPhoto)) == 0
