"""Every bad photo is refused with its own error and a reason for the player; a turned photo is read upright."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from scorekeeper.photo import (
    MAX_PHOTO_BYTES,
    NotAnImage,
    NoTiles,
    PhotoError,
    TooLarge,
    TooManyPixels,
    TruncatedImage,
    count_pips,
)
from scorekeeper.photo.decode import WORK_SIDE, decode

from .drawing import draw_hand


def _jpeg(image: Image.Image, **options: object) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", **options)
    return out.getvalue()


@pytest.mark.parametrize("data", [b"", b"hello, these are not pixels", b"%PDF-1.7\n" + b"0" * 500])
def test_what_is_not_a_picture_is_not_an_image(data: bytes) -> None:
    with pytest.raises(NotAnImage) as raised:
        count_pips(data)
    assert "not a photo" in raised.value.reason


def test_a_photo_cut_short_is_truncated() -> None:
    whole = draw_hand([(3, 4)], seed=1, coloured=False)
    with pytest.raises(TruncatedImage) as raised:
        count_pips(whole[: len(whole) // 2])
    assert "incomplete" in raised.value.reason


def test_a_picture_past_the_pixel_limit_is_refused_as_a_bomb(monkeypatch: pytest.MonkeyPatch) -> None:
    small = _jpeg(Image.new("RGB", (300, 300), "white"))
    # past the limit: Pillow's warning; past twice the limit: its error; both are refused alike
    for limit in (60_000, 30_000):
        monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", limit)
        with pytest.raises(TooManyPixels):
            count_pips(small)


def test_more_than_fifteen_megabytes_is_too_large_before_any_decoding() -> None:
    with pytest.raises(TooLarge) as raised:
        count_pips(b"\xff\xd8" + b"\0" * MAX_PHOTO_BYTES)
    assert "15 MB" in raised.value.reason


def test_a_photo_of_an_empty_table_has_no_tiles() -> None:
    with pytest.raises(NoTiles):
        count_pips(_jpeg(Image.new("RGB", (800, 600), (60, 50, 40))))


def test_every_refusal_is_a_value_error_with_its_reason_as_the_message() -> None:
    with pytest.raises(PhotoError) as raised:
        count_pips(b"nothing")
    assert isinstance(raised.value, ValueError)
    assert str(raised.value) == raised.value.reason


def test_a_large_photo_is_worked_on_small_and_measured_in_its_own_pixels() -> None:
    picture = decode(_jpeg(Image.new("RGB", (4000, 3000), "white")))
    assert max(picture.rgb.shape[:2]) <= WORK_SIDE
    assert (picture.width, picture.height) == (4000, 3000)


def test_exif_orientation_turns_the_photo_as_the_phone_showed_it() -> None:
    image = Image.new("RGB", (400, 200), "white")
    exif = Image.Exif()
    exif[0x0112] = 6  # stored sideways, shown turned a quarter
    picture = decode(_jpeg(image, exif=exif.tobytes()))
    assert (picture.width, picture.height) == (200, 400)
    height, width = picture.rgb.shape[:2]
    assert height == 2 * width
    assert picture.scale == pytest.approx(200 / width)


def test_a_small_photo_is_enlarged_to_the_working_size_and_measured_in_its_own_pixels() -> None:
    picture = decode(_jpeg(Image.new("RGB", (640, 480), "white")))
    assert max(picture.rgb.shape[:2]) == WORK_SIDE
    assert (picture.width, picture.height) == (640, 480)
    assert picture.scale == pytest.approx(640 / WORK_SIDE)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


@pytest.mark.parametrize(
    "image",
    [
        Image.new("RGB", (1, 1), "white"),
        Image.new("RGB", (3000, 2), "white"),
        Image.new("L", (2, 900), 30),
        Image.new("RGBA", (500, 400), (255, 255, 255, 0)),
        Image.new("P", (300, 300)),
        Image.new("I;16", (400, 300), 40000),
        Image.new("1", (640, 480), 1),
        Image.effect_noise((700, 500), 120),
    ],
    ids=["1 px", "a thin line", "grey sliver", "transparent", "palette", "16-bit", "1-bit", "noise"],
)
def test_odd_pictures_give_an_answer_or_a_reason_never_a_crash(image: Image.Image) -> None:
    try:
        found = count_pips(_png(image))
    except PhotoError as error:
        assert error.reason
    else:
        assert found.total >= 0
