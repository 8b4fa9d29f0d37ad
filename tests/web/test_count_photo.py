"""POST /api/v1/count: a photo of a hand counted, and every photo that cannot be counted refused with a 4xx that says
why, in the player's language. Only this route takes a body over 64 KB; nothing of the photo is kept."""

from __future__ import annotations

import io
import json
import struct
import tempfile
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from scorekeeper import photo
from scorekeeper.app import ROOT
from scorekeeper.photo.synth import render
from scorekeeper.uploads import MAX_PHOTO_BYTES, PHOTO_BODY

from .helpers import hosted_app

DEV_PHOTOS = next(
    (p for p in (ROOT.parent / "shared" / "photos-dev", ROOT.parents[1] / "shared" / "photos-dev") if p.is_dir()),
    ROOT.parent / "shared" / "photos-dev",
)
"""Beside the repository's checkout (or its work tree's folder); a clone without them skips the tests on them."""


def jpeg(image: Image.Image, **options: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", **options)
    return buffer.getvalue()


def plain_table(width: int = 800, height: int = 600) -> bytes:
    """A photo of an empty grey table: nothing on it to count."""
    return jpeg(Image.new("RGB", (width, height), (90, 96, 92)))


def noise(side: int) -> bytes:
    """A large photo of nothing in particular (random colours compress badly: about 1 MB at 700 px)."""
    pixels = np.random.default_rng(7).integers(0, 256, (side, side, 3), dtype=np.uint8)
    return jpeg(Image.fromarray(pixels), quality=95)


def bomb() -> bytes:
    """A valid PNG a few dozen bytes long that says it is 60,000 × 60,000 pixels: 3.6 billion, far past Pillow's
    limit, which the counter must refuse before it decodes a pixel."""
    buffer = io.BytesIO()
    Image.new("L", (1, 1)).save(buffer, "PNG")
    data = bytearray(buffer.getvalue())
    start = data.index(b"IHDR")
    data[start + 4 : start + 12] = struct.pack(">II", 60_000, 60_000)
    crc = zlib.crc32(bytes(data[start : start + 17]))
    data[start + 17 : start + 21] = struct.pack(">I", crc)
    return bytes(data)


def send(client: FlaskClient, data: bytes | None, language: str = "en", **fields: str) -> Any:
    form: dict[str, Any] = dict(fields)
    if data is not None:
        form["photo"] = (io.BytesIO(data), "hand.jpg")
    return client.post("/api/v1/count", data=form, headers={"Accept-Language": language})


def dev_photo(name: str) -> Path:
    path = DEV_PHOTOS / name
    if not path.is_file():
        pytest.skip(f"the development photos are not beside the repository ({DEV_PHOTOS})")
    return path


def test_a_photo_of_tiles_answers_its_tiles_boxes_and_total(client: FlaskClient) -> None:
    path = dev_photo("dev01.jpg")
    response = send(client, path.read_bytes())
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert list(body) == ["total", "tiles", "boxes", "set", "width", "height"]
    assert body["set"] == 12
    with Image.open(path) as image:
        assert (body["width"], body["height"]) == image.size
    assert body["tiles"] and len(body["boxes"]) == len(body["tiles"])
    assert body["total"] == sum(a + b for a, b in body["tiles"])
    for x, y, w, h in body["boxes"]:
        assert 0 <= x < x + w <= body["width"] and 0 <= y < y + h <= body["height"]


def test_a_synthetic_hand_is_answered_as_the_counter_counts_it(client: FlaskClient) -> None:
    """Never skipped: a drawn hand of four tiles, its answer the counter's own reading, its boxes where tiles lie."""
    drawn = render(27, width=1200, tiles=((12, 5), (6, 3), (9, 9), (4, 0)), face="black", background="cloth")
    counted = photo.count_pips(drawn.jpeg, highest=12)
    response = send(client, drawn.jpeg, set="12")
    assert response.status_code == 200
    assert response.get_json() == {
        "total": counted.total,
        "tiles": [list(t) for t in counted.tiles],
        "boxes": [list(b) for b in counted.boxes],
        "set": 12,
        "width": drawn.width,
        "height": drawn.height,
    }
    assert counted.tiles


def test_the_set_sent_is_the_set_answered(client: FlaskClient) -> None:
    response = send(client, dev_photo("dev01.jpg").read_bytes(), set="15")
    assert response.status_code == 200 and response.get_json()["set"] == 15


@pytest.mark.parametrize("given", ["5", "19", "twelve", "-12", "12.5", "１２"])
def test_a_set_that_is_no_set_is_a_400_in_the_players_language(client: FlaskClient, given: str) -> None:
    response = send(client, plain_table(), set=given)
    assert response.status_code == 400
    assert "6" in response.get_json()["error"] and "18" in response.get_json()["error"]
    german = send(client, plain_table(), language="de", set=given).get_json()["error"]
    assert german != response.get_json()["error"] and "18" in german


def test_no_photo_field_is_a_400_that_names_the_field(client: FlaskClient) -> None:
    for response in (send(client, None), send(client, None, set="12"), send(client, b"")):
        assert response.status_code == 400
        assert '"photo"' in response.get_json()["error"]


def test_a_file_that_is_no_image_is_a_422(client: FlaskClient) -> None:
    for data in (b"hello, these are not pixels", b"%PDF-1.7\n" + bytes(200), json.dumps({"a": 1}).encode()):
        response = send(client, data)
        assert response.status_code == 422
        assert "JPEG" in response.get_json()["error"]


def test_a_photo_cut_off_on_the_way_is_a_422_that_says_so(client: FlaskClient) -> None:
    whole = noise(300)
    response = send(client, whole[: len(whole) * 2 // 3])
    assert response.status_code == 422
    assert "cut off" in response.get_json()["error"]


def test_an_image_bomb_is_refused_before_it_is_decoded(client: FlaskClient) -> None:
    response = send(client, bomb())
    assert response.status_code == 413
    assert "pixels" in response.get_json()["error"]


@pytest.mark.parametrize("side", [1, 2, 8, 16])
def test_a_picture_of_a_few_pixels_is_a_422_not_a_500(client: FlaskClient, side: int) -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (side, side), (200, 200, 200)).save(buffer, "PNG")
    response = send(client, buffer.getvalue())
    assert response.status_code == 422
    assert response.get_json()["error"]


def test_a_photo_with_no_tiles_is_a_422_that_says_how_to_take_one(client: FlaskClient) -> None:
    response = send(client, plain_table())
    assert response.status_code == 422
    assert "No tiles" in response.get_json()["error"]
    assert "Nessuna tessera" in send(client, plain_table(), language="it").get_json()["error"]


def test_a_photo_over_15_mb_is_a_413_that_says_15_mb(client: FlaskClient) -> None:
    just_over = b"\xff\xd8" + bytes(MAX_PHOTO_BYTES - 1)  # inside the route's body limit, one byte over the photo's
    far_over = bytes(PHOTO_BODY + 1024)  # over the route's body limit itself: refused as the form is read
    for data in (just_over, far_over):
        response = send(client, data, language="pt")
        assert response.status_code == 413
        assert "15 MB" in response.get_json()["error"] and "64 KB" not in response.get_json()["error"]


def test_only_the_photo_route_takes_more_than_64_kb(client: FlaskClient) -> None:
    large = noise(700)
    assert 64 * 1024 < len(large) < MAX_PHOTO_BYTES
    assert send(client, large).status_code in (200, 422)  # counted, not refused for its size
    body = json.dumps({"players": ["Ana", "Ben"], "note": "x" * (65 * 1024)})
    response = client.post("/api/v1/games", data=body, content_type="application/json")
    assert response.status_code == 413 and "64 KB" in response.get_json()["error"]
    response = client.post("/games/import", data={"file": (io.BytesIO(large), "game.json")})
    assert response.status_code == 413


def test_the_photo_never_touches_the_disk(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Werkzeug keeps an upload over 500 KB in a temporary file; this app keeps it in memory for the one request."""

    def no_files(*args: object, **kwargs: object) -> None:
        raise AssertionError("a temporary file was made for the upload")

    monkeypatch.setattr(tempfile, "TemporaryFile", no_files)
    monkeypatch.setattr(tempfile, "NamedTemporaryFile", no_files)
    large = noise(700)
    assert len(large) > 500 * 1024
    assert send(client, large).status_code in (200, 422)


def test_the_counter_and_the_route_agree_on_15_mb() -> None:
    assert MAX_PHOTO_BYTES == 15 * 1024 * 1024
    with pytest.raises(photo.TooLarge):
        photo.count_pips(b"\xff\xd8" + bytes(MAX_PHOTO_BYTES))


def test_in_hosted_mode_counting_needs_a_household_and_is_limited(tmp_path: Path) -> None:
    from scorekeeper.services.results import upgrade

    url = f"sqlite:///{tmp_path / 'hosted.sqlite3'}"
    upgrade(url)
    app: Flask = hosted_app(url, WTF_CSRF_ENABLED=False, SCOREKEEPER_COUNT_LIMIT="2 per minute")
    phone = app.test_client()
    assert send(phone, plain_table()).status_code == 401
    created = phone.post(
        "/welcome/create",
        data={
            "create-name": "The Rossis",
            "create-passphrase": "correct horse battery staple",
            "create-passphrase_again": "correct horse battery staple",
            "create-player": "Ana",
        },
    )
    assert created.status_code == 302
    assert [send(phone, plain_table()).status_code for _ in range(2)] == [422, 422]
    refused = send(phone, plain_table())
    assert refused.status_code == 429 and "photos" in refused.get_json()["error"]
    assert int(refused.headers["Retry-After"]) >= 1


def test_the_round_pages_camera_words_come_in_the_phones_language_with_its_stylesheet(client: FlaskClient) -> None:
    english = client.get("/camera.json").get_json()
    german = client.get("/camera.json", headers={"Accept-Language": "de"}).get_json()
    assert (
        set(english)
        == set(german)
        == {
            "camera",
            "counting",
            "tap",
            "unreachable",
            "use",
            "box",
            "remove",
            "keep",
            "keeping",
            "notKept",
            "css",
        }
    )
    assert english["use"] == "Use {pips}" and "{pips}" in german["use"] and german["use"] != english["use"]
    assert all(german[key] != english[key] for key in ("camera", "counting", "tap", "unreachable"))
    sheet = client.get(english["css"])
    assert sheet.status_code == 200 and b".photo .box" in sheet.get_data()


def test_gunicorn_keeps_the_connection_for_a_photo_and_closes_it_for_any_other_large_body(app: Flask) -> None:
    """gunicorn closes a connection whose body the app will refuse unread (scorekeeper.gunicorn_conf); a photo
    within the photo route's own limit is read, so its phone keeps the connection for the next request."""
    from types import SimpleNamespace

    from scorekeeper.gunicorn_conf import pre_request

    worker = SimpleNamespace(wsgi=app)

    def closes(path: str, length: int) -> bool:
        req = SimpleNamespace(path=path, headers=[("Content-Length", str(length))], must_close=False)
        pre_request(worker, req)
        return bool(req.must_close)

    assert not closes("/api/v1/count", 5 * 1024 * 1024)
    assert closes("/api/v1/count", PHOTO_BODY + 1)
    assert closes("/api/v1/games", 5 * 1024 * 1024)
    assert not closes("/api/v1/games", 1024)
