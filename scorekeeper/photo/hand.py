"""A hand read from a photo: every tile found once, by its middle bar first, then by its face alone.

The tiles' bars are looked for three times: as found (:func:`tiles.dark_parts`), with the blobs thicker than the
hand's bars taken away (a dot touching a bar hides it), and at a lower contrast (a bar washed by glare, or drawn
grey). A tile whose bar none of them found, lying on its own on a darker table, is then found by its face
(:mod:`.faces`). A photo where light faces give almost nothing is read again as its negative: dark tiles with white
dots turn into light ones with dark dots.
"""

from __future__ import annotations

import cv2
import numpy as np

from .faces import loose_tiles
from .tiles import Bar, Image, Reading, dark_parts, find_bars, read_measured, read_tile

FEW = 2
"""A photo where light faces give this many tiles or fewer is read again as its negative."""

FAINT = 20
"""The contrast of the third look for bars: how much darker than around it a stripe must be (the first: 40)."""


CLOSE_UP_SIDE = 400
"""The long side of the small picture a close-up is read on, in pixels."""

BIG = 0.2
"""A tile at least this wide, against the photo's long side, is a close-up's."""

COVER = 0.15
"""The least share of the photo the close-up's tiles cover, together."""


def read_tiles(rgb: Image, highest: int = 12) -> list[Reading]:
    """Every tile found, once each; a close-up (one or a few tiles filling the photo) read on a small picture.

    The thresholds suit tiles 3-25 % as wide as the photo: in a close-up a tile's bar is wider than the
    neighbourhood it is compared with, and a mat's weave or the grain of wood is large enough to pass for bars and
    dots. Read small, the close-up's tiles are of the usual size and the weave is gone."""
    fine = _read_any_faces(rgb, highest)
    height, width = rgb.shape[:2]
    factor = max(height, width) / CLOSE_UP_SIDE
    if factor <= 1.5:
        return fine
    size = (max(1, round(width / factor)), max(1, round(height / factor)))
    small = cv2.resize(rgb, size, interpolation=cv2.INTER_AREA)
    big = []
    for reading in _read_any_faces(np.asarray(small, np.uint8), highest):
        bar = reading.bar
        if bar.tile_width < BIG * CLOSE_UP_SIDE:
            continue
        # the place and size back on the fine picture, the halves read there again (its dots are sharper)
        grown = Bar(
            bar.cx * factor,
            bar.cy * factor,
            bar.length * factor,
            bar.thickness * factor,
            bar.angle,
            bar.tile_width * factor,
            bar.joined,
        )
        again = read_measured(rgb, grown, highest)
        if again is not None:
            big.append(again)
    if sum(2 * reading.bar.tile_width**2 for reading in big) < COVER * height * width:
        return fine
    typical = typical_width(big)
    # a tile the fine reading found as well stays as it found it; the rest of its findings are the weave's
    alike_fine = [reading for reading in fine if alike(reading.bar.tile_width, typical)]
    return _once(alike_fine + big)


def _read_any_faces(rgb: Image, highest: int) -> list[Reading]:
    """Every tile found, once each, on light faces or (where light faces give few) on dark ones."""
    light = _read_light_faces(rgb, highest)
    if len(light) > FEW:
        return light
    dark = _read_light_faces(np.asarray(255 - rgb, np.uint8), highest)
    return dark if len(dark) > len(light) else light


def _read_light_faces(rgb: Image, highest: int) -> list[Reading]:
    """Every tile with a light face found, once each."""
    dark = dark_parts(rgb)
    readings = [reading for bar in find_bars(dark) if (reading := read_tile(rgb, bar, highest))]
    kept = _once(readings)
    if len(kept) >= 3:
        # the tiles of one hand are of one set, so one size: a reading far from the others' width is a piece of
        # something (half a bar cut by glare, a stripe on a dot), and may have hidden the real tile
        typical = typical_width(kept)
        kept = _once([reading for reading in readings if alike(reading.bar.tile_width, typical)])
    if kept:
        # once the tiles found tell how thick a bar is, the blobs thicker than that (dots touching a bar) are
        # taken away and the stripes looked for again; then once more at a lower contrast
        thickness = float(np.median([reading.bar.thickness for reading in kept]))
        for stripes in (dark, dark_parts(rgb, FAINT)):
            kept = _more(rgb, _thin(stripes, thickness), kept, highest)
        kept = _once(kept + loose_tiles(rgb, kept, highest, typical_width(kept)))
    if len(kept) > FEW:
        return kept
    # one or two tiles found, or none: their size tells little, and what was found may be a piece of a tile (two
    # rows of dots read as a bar); a whole tile's face around it is the tile
    for face in loose_tiles(rgb, [], highest, None):
        inside = [reading for reading in kept if same_place(reading.bar, face.bar)]
        if all(reading.bar.tile_width < 0.75 * face.bar.tile_width for reading in inside):
            kept = [reading for reading in kept if reading not in inside] + [face]
    return kept


def _thin(dark: Image, thickness: float) -> Image:
    """The dark parts without the blobs thicker than a bar."""
    size = int(2 * thickness + 3)
    blobs = cv2.morphologyEx(dark, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    return np.asarray(cv2.subtract(dark, blobs), np.uint8)


def _more(rgb: Image, stripes: Image, kept: list[Reading], highest: int) -> list[Reading]:
    """The tiles kept and those of the stripes' bars where no tile is yet, as wide as the hand's tiles."""
    typical = typical_width(kept)
    more = [
        reading
        for bar in find_bars(stripes)
        # a bar is shorter than its tile is wide, and not much shorter: the grain of a table gives many stripes
        if 0.4 * typical <= bar.length <= 1.33 * typical
        and all(not same_place(bar, other.bar) for other in kept)
        and (reading := read_tile(rgb, bar, highest))
        and alike(reading.bar.tile_width, typical)
    ]
    return _once(kept + more) if more else kept


def typical_width(readings: list[Reading]) -> float:
    """The width of the middle tile by width: one of the tiles' own, so at least it is alike to itself."""
    widths = sorted(reading.bar.tile_width for reading in readings)
    return widths[(len(widths) - 1) // 2]


def alike(width: float, typical: float) -> bool:
    """Whether a tile's width is near the hand's usual width (a little perspective allowed)."""
    return 0.75 * typical <= width <= 1.33 * typical


def _once(readings: list[Reading]) -> list[Reading]:
    """Of readings of one place, the one with the more face-like halves (a bar seen before a face alone)."""
    readings = sorted(readings, key=lambda reading: (not reading.bar.joined, -reading.face))
    kept: list[Reading] = []
    for reading in readings:
        if all(not same_place(reading.bar, other.bar) for other in kept):
            kept.append(reading)
    return kept


def same_place(one: Bar, other: Bar) -> bool:
    """Whether two tiles overlap by more than a third of the smaller: one is a misreading (the gap between two
    touching tiles looks like a bar with a face on both sides)."""
    first, second = one.corners(), other.corners()
    overlap, _ = cv2.intersectConvexConvex(first, second)
    smaller = min(float(cv2.contourArea(first)), float(cv2.contourArea(second)))
    return float(overlap) > 0.3 * smaller
