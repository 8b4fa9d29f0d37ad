"""Find the tiles by their middle line, then count the dots of each half.

Every domino, whatever its face colour, set or dots, has a dark bar across its middle whose length is nearly the
tile's width. Looking for that bar first (a thin dark stripe with the face's light on both sides) finds touching
tiles one by one, needs no guess at the background, and gives each tile's rotation and size at once: the two
halves are the squares on either side of the bar.

The picture is read by its brightest channel (``max(R, G, B)``): a black bar and black dots stay dark, while
coloured dots, however saturated, stay light, so only the bar and black dots stand out of a light face.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]

BAR_TO_WIDTH = 0.88
"""A middle bar's length over the tile's width (0.85 to 0.95 on the sets photographed)."""

HALF = 96
"""The side of a half, in pixels, once turned upright and resized: dots of a 12 half are about 14 px here."""


@dataclass(frozen=True)
class Bar:
    """A middle line: its centre, its length and thickness (working pixels), its direction in degrees."""

    cx: float
    cy: float
    length: float
    thickness: float
    angle: float

    @property
    def tile_width(self) -> float:
        return self.length / BAR_TO_WIDTH

    def corners(self) -> npt.NDArray[np.float32]:
        """The tile's four corners: the bar's length across, two tile widths along its normal."""
        width = self.tile_width
        rect = ((self.cx, self.cy), (width, 2 * width + self.thickness), self.angle)
        return np.asarray(cv2.boxPoints(rect), dtype=np.float32)


def find_bars(rgb: Image) -> list[Bar]:
    """Every thin dark stripe that could be a tile's middle line."""
    value = rgb.max(axis=2)
    height, width = value.shape
    block = (max(height, width) // 25) | 1
    dark = cv2.adaptiveThreshold(value, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 40)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=8)
    shortest = max(height, width) / 40
    bars: list[Bar] = []
    for index in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[index])
        if area < 20 or max(w, h) < shortest:
            continue
        ys, xs = np.nonzero(labels[y : y + h, x : x + w] == index)
        points = np.stack([xs + x, ys + y], axis=1).astype(np.float32)
        (cx, cy), (rw, rh), angle = cv2.minAreaRect(points)
        # the rectangle's first side is rw at `angle`; make the angle the bar's own direction
        if rw < rh:
            rw, rh, angle = rh, rw, angle + 90
        if rw < shortest or rw / max(rh, 1.0) < 4 or area / (rw * rh + 1) < 0.5:
            continue
        bars.append(Bar(cx, cy, rw, max(rh, 1.0), angle))
    return bars


def upright(rgb: Image, bar: Bar) -> Image:
    """The tile turned so its bar lies flat across the middle, resized to HALF wide and 2 HALF tall."""
    scale = HALF / bar.tile_width
    theta = np.deg2rad(bar.angle)
    along = np.array([np.cos(theta), np.sin(theta)])  # the bar's direction in the photo
    normal = np.array([-np.sin(theta), np.cos(theta)])
    centre = np.array([bar.cx, bar.cy])
    # three points of the photo and where they go in the upright tile
    source = np.array([centre, centre + along * bar.tile_width / 2, centre + normal * bar.tile_width], dtype=np.float32)
    target = np.array([[HALF / 2, HALF], [HALF, HALF], [HALF / 2, 2 * HALF]], dtype=np.float32)
    del scale
    matrix = cv2.getAffineTransform(source, target)
    return np.asarray(
        cv2.warpAffine(rgb, matrix, (HALF, 2 * HALF), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE),
        dtype=np.uint8,
    )


DOT_CONTRAST = 0.5
"""Where a dot begins, as a share of the way from the face's colour to the half's most distant colour."""

FRAGMENT = 0.4
"""The least share of a half's usual dot area that a blob must have to count as a dot."""

FACE_SHARE = 0.45
"""The least share of each half that must look like a tile's face (light and grey-ish) for a bar to be a tile's:
a tile's edge against the table, a shadow or a stripe of the tablecloth has background on one side."""


@dataclass(frozen=True)
class Reading:
    """A tile found: its bar, its two halves' dot counts, and how sure the face check was (0 to 1)."""

    bar: Bar
    halves: tuple[int, int]
    face: float


def _face_mask(tile: Image) -> npt.NDArray[np.bool_]:
    """Where the upright tile shows its light face: bright, and not a coloured dot."""
    hsv = cv2.cvtColor(tile, cv2.COLOR_RGB2HSV)
    return np.asarray((hsv[..., 2] > 110) & (hsv[..., 1] < 90))


def _halves(tile: Image, bar: Bar) -> tuple[Image, Image]:
    """The two halves of an upright tile, without the bar and a thin frame (the tile's rounded edge)."""
    gap = int(np.ceil(bar.thickness * HALF / bar.tile_width / 2)) + 3
    margin = 4
    top = tile[margin : HALF - gap, margin : HALF - margin]
    bottom = tile[HALF + gap : 2 * HALF - margin, margin : HALF - margin]
    return top, bottom[::-1, ::-1]


def count_dots(half: Image) -> int:
    """The dots of one half: blobs far in colour from the face (black, white-on-dark or coloured)."""
    lab = cv2.cvtColor(half, cv2.COLOR_RGB2LAB).astype(np.float32)
    face = _face_mask(half)
    if face.sum() < 10:
        return 0
    reference = np.median(lab[face], axis=0)
    distance = np.sqrt(((lab - reference) ** 2).sum(axis=2))
    # halfway between the face and the most distant colour: blurred, glossy dots bleed into the face between them
    threshold = max(38.0, DOT_CONTRAST * float(np.percentile(distance, 97)))
    mask = (distance > threshold).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    areas: list[int] = []
    for index in range(1, count):
        _x, _y, w, h, area = (int(v) for v in stats[index])
        if area < 25 or area > 1200:
            continue
        if max(w, h) > 2.6 * min(w, h) or area < 0.4 * w * h:
            continue
        areas.append(area)
    if not areas:
        return 0
    typical = float(np.median(areas))
    # a glossy dot's highlight cuts a sliver off it: a piece under FRAGMENT of the usual dot is no dot;
    # two dots run together in the mask count as two: a blob of about twice the usual area
    return sum(max(1, round(area / typical)) for area in areas if area >= FRAGMENT * typical)


def read_tile(rgb: Image, bar: Bar) -> Reading | None:
    """The tile around a bar, or None when the bar's two sides do not look like a tile's face."""
    tile = upright(rgb, bar)
    top, bottom = _halves(tile, bar)
    top_face, bottom_face = _face_mask(top), _face_mask(bottom)
    face = min(float(top_face.mean()), float(bottom_face.mean()))
    if face < FACE_SHARE:
        return None
    # both halves one face: a tile's edge has the face on one side and a grey table on the other
    top_value = float(np.median(top.max(axis=2)[top_face]))
    bottom_value = float(np.median(bottom.max(axis=2)[bottom_face]))
    thick = max(1, int(bar.thickness * HALF / bar.tile_width / 2))
    line = tile[HALF - thick : HALF + thick + 1, HALF // 4 : 3 * HALF // 4].max(axis=2)
    if abs(top_value - bottom_value) > 35 or min(top_value, bottom_value) - float(np.median(line)) < 70:
        return None
    return Reading(bar, (count_dots(top), count_dots(bottom)), face)


def read_tiles(rgb: Image) -> list[Reading]:
    """Every tile found, once each: of two readings of one place, the one with the more face-like halves."""
    readings = [reading for bar in find_bars(rgb) if (reading := read_tile(rgb, bar))]
    readings.sort(key=lambda reading: -reading.face)
    kept: list[Reading] = []
    for reading in readings:
        if all(not _same_place(reading.bar, other.bar) for other in kept):
            kept.append(reading)
    return kept


def _same_place(one: Bar, other: Bar) -> bool:
    """Whether two tiles overlap by more than a third of the smaller: one is a misreading (the gap between two
    touching tiles looks like a bar with a face on both sides)."""
    first, second = one.corners(), other.corners()
    overlap, _ = cv2.intersectConvexConvex(first, second)
    smaller = min(float(cv2.contourArea(first)), float(cv2.contourArea(second)))
    return float(overlap) > 0.3 * smaller
