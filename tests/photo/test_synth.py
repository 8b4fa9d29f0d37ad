"""The synthetic photos are what the counter is tuned and measured on, so their labels must be exactly right.

Each test decodes or redraws what the generator made and checks it against its labels: the same seed gives the
same photo, every labelled box holds a tile and every tile lies in its box, each half shows as many pips as its
label says, and seeds 0..199 (the benchmark's set) cover every table, face and layout.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from scorekeeper.photo.synth import (
    BACKGROUNDS,
    FACES,
    LAYOUTS,
    choose_style,
    draw_half,
    pip_centres,
    render,
    tile_picture,
)

BENCH_SEEDS = range(200)


def decode(jpeg: bytes) -> npt.NDArray[np.uint8]:
    picture = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert picture is not None, "the generator wrote something that is not a JPEG"
    return np.asarray(picture, np.uint8)


def dots(mask: npt.NDArray[np.uint8]) -> int:
    """How many separate blobs a 0/255 mask holds."""
    count, _labels = cv2.connectedComponents(mask, connectivity=8)
    return int(count) - 1


def test_the_same_seed_gives_the_same_photo_and_labels() -> None:
    first, again, other = render(11), render(11), render(12)
    assert first.jpeg == again.jpeg
    assert (first.tiles, first.boxes, first.style) == (again.tiles, again.boxes, again.style)
    assert first.jpeg != other.jpeg


@pytest.mark.parametrize("seed", range(6))
def test_labels_describe_a_photo_as_the_set_and_the_size_allow(seed: int) -> None:
    photo = render(seed)
    picture = decode(photo.jpeg)
    assert picture.shape[:2] == (photo.height, photo.width)
    assert 640 <= max(photo.width, photo.height) <= 4000
    assert 1 <= len(photo.tiles) <= 18 and len(photo.boxes) == len(photo.tiles)
    # a set holds each tile once
    assert len({tuple(sorted(tile)) for tile in photo.tiles}) == len(photo.tiles)
    assert all(0 <= half <= photo.highest for tile in photo.tiles for half in tile)
    assert photo.total == sum(a + b for a, b in photo.tiles)
    for x, y, w, h in photo.boxes:
        assert x >= 0 and y >= 0 and w > 0 and h > 0
        assert x + w <= photo.width and y + h <= photo.height


def test_the_photo_is_as_wide_as_asked_and_shows_the_tiles_asked() -> None:
    photo = render(3, width=800, tiles=[(12, 11), (0, 0)], highest=12)
    assert max(photo.width, photo.height) == 800
    assert photo.tiles == ((12, 11), (0, 0)) and photo.total == 23


def face_pixels(picture: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    """Where a white or ivory face shows: bright and nearly grey (the dark cloth never is)."""
    hsv = cv2.cvtColor(picture, cv2.COLOR_BGR2HSV)
    return np.asarray((hsv[..., 2] > 150) & (hsv[..., 1] < 80))


def test_every_box_holds_a_tile_and_every_tile_lies_in_its_box() -> None:
    # white faces on a dark cloth: the face pixels are exactly the tiles (photos with a glare spot left out: the
    # glare may light the cloth round a tile)
    photos = (render(seed, width=700, background="cloth", face="black") for seed in range(40))
    checked = 0
    for photo in (p for p in photos if not p.style.glare):
        faces = face_pixels(decode(photo.jpeg))
        covered = np.zeros_like(faces)
        for x, y, w, h in photo.boxes:
            # a tile turned any way fills over a third of its box (a 2:1 tile at 45 degrees fills 4/9 of it)
            inside = faces[y : y + h, x : x + w]
            assert inside.mean() > 0.3, f"box {(x, y, w, h)} holds no tile"
            # and fits it: the tile reaches each of the box's four sides
            m = 3 + round(0.03 * max(w, h))
            assert inside[:m].any() and inside[-m:].any() and inside[:, :m].any() and inside[:, -m:].any()
            covered[max(0, y - 2) : y + h + 2, max(0, x - 2) : x + w + 2] = True
        outside = faces & ~covered
        assert outside.sum() <= 0.002 * faces.sum(), "part of a tile lies outside every box"
        # nor a piece of one anywhere (the perspective's border mirrors the table, never a tile)
        _count, _labels, stats, _centres = cv2.connectedComponentsWithStats(outside.astype(np.uint8))
        assert stats[1:, cv2.CC_STAT_AREA].max(initial=0) < 30, "a piece of a tile lies outside every box"
        checked += 1
        if checked == 6:
            break
    assert checked == 6


@pytest.mark.parametrize("value", range(19))
def test_a_half_shows_as_many_separate_pips_as_its_number(value: int) -> None:
    for side in (40, 120):
        canvas = np.full((side, side, 3), 255, np.uint8)
        draw_half(canvas, value, 0, 0, side, (0, 0, 0), highest=12 if value <= 12 else 18)
        ink = np.where(canvas.max(axis=2) < 128, 255, 0).astype(np.uint8)
        assert dots(ink) == value == len(pip_centres(value))
        # no pip touches the half's rim, where the divider or the tile's edge would swallow it
        if value:
            assert not ink[0].any() and not ink[-1].any() and not ink[:, 0].any() and not ink[:, -1].any()


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("tile", [(0, 12), (5, 9), (11, 7), (6, 6)])
def test_a_drawn_tile_shows_its_label_in_each_half(tile: tuple[int, int], face: str) -> None:
    rng = np.random.default_rng(0)
    # the thickest, longest middle bar the photos get: it must not swallow a pip
    sprite, alpha = tile_picture(rng, tile, 160.0, face, spinner=False, divider=(0.07, 0.85))
    inside = cv2.erode((alpha > 0.99).astype(np.uint8), np.ones((9, 9), np.uint8)).astype(bool)
    face_colour = np.median(sprite[inside], axis=0)
    # a pip is whatever colour lies far from the face's: black, coloured, or white on a dark face
    ink = inside & (np.linalg.norm(sprite.astype(float) - face_colour, axis=2) > 60)
    middle = sprite.shape[0] // 2
    ink[middle - 4 : middle + 5] = False  # the divider line
    mask = ink.astype(np.uint8) * 255
    assert (dots(mask[:middle]), dots(mask[middle:])) == tile


def test_the_benchmark_seeds_cover_every_table_face_and_layout() -> None:
    styles = [choose_style(seed) for seed in BENCH_SEEDS]
    assert {background for background, _, _ in styles} == set(BACKGROUNDS)
    assert {face for _, face, _ in styles} == set(FACES)
    assert {layout for _, _, layout in styles} == set(LAYOUTS)
    # roughly half the photos black pips on white faces, half coloured pips
    black = sum(face == "black" for _, face, _ in styles)
    coloured = sum(face == "coloured" for _, face, _ in styles)
    assert 70 <= black <= 110 and 70 <= coloured <= 110


@pytest.mark.parametrize("seed", [2, 5])
def test_a_photo_is_drawn_in_the_style_its_seed_names(seed: int) -> None:
    photo = render(seed)
    background, face, layout = choose_style(seed)
    assert (photo.style.background, photo.style.face) == (background, face)
    assert photo.style.layout == (layout if len(photo.tiles) > 1 else "scatter")


def test_a_photo_of_no_tiles_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one tile"):
        render(1, tiles=[])


@pytest.mark.parametrize("highest", [6, 15, 18])
def test_a_photo_draws_its_tiles_from_the_set_asked(highest: int) -> None:
    photo = render(8, highest=highest)
    assert photo.highest == highest
    assert all(0 <= half <= highest for tile in photo.tiles for half in tile)
    # a double-6 set has 28 tiles; a hand of up to 18 still comes from it without repeats
    assert len({tuple(sorted(tile)) for tile in photo.tiles}) == len(photo.tiles)


def test_a_photo_can_be_asked_for_a_number_of_tiles_and_stays_the_seeds_photo() -> None:
    one, usual = render(9, count=1), render(9)
    assert len(one.tiles) == 1 and len(usual.tiles) > 1
    assert (one.width, one.height, one.style.background, one.style.face) == (
        usual.width,
        usual.height,
        usual.style.background,
        usual.style.face,
    )
