"""Tiles found by their face alone: a light rectangle twice as long as it is wide, standing on a darker table.

A glare spot across a tile's middle, or a spinner and a faint line, can leave no bar to find, while the tile's
face still stands out of a dark, wooden or cloth table. Such a face is looked for only where no tile was found,
and only at the size of the hand's tiles found by their bars: a book or a phone on the table is rarely the size
and shape of a domino and, if it is, rarely has a tile's two halves of one colour with dots on them.
"""

from __future__ import annotations

import cv2
import numpy as np

from .tiles import BAR_TO_WIDTH, Bar, Image, Reading, read_measured

SHAPE = (1.75, 2.35)
"""A face's length over its width (2 for a tile seen from above; perspective and the rim move it a little)."""

FILLED = 0.85
"""The least share of its rectangle a face's outline must fill: a domino's corners are only a little rounded."""


def loose_tiles(rgb: Image, kept: list[Reading], highest: int, typical: float | None) -> list[Reading]:
    """The tiles whose faces stand alone where none of ``kept`` lies, ``typical`` wide (give or take perspective),
    or of any likely size where the hand's size is not known (a photo of one tile whose bar was not seen)."""
    low, high = (0.8 * typical, 1.25 * typical) if typical else (0.04 * min(rgb.shape[:2]), 0.7 * min(rgb.shape[:2]))
    hsv = cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV)
    value = hsv[..., 2]
    level, _ = cv2.threshold(value, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    faces = ((value > level) & (hsv[..., 1] < 90)).astype(np.uint8)
    # the tiles found are no loose faces; a little beyond their outline too, where their rims lie
    for reading in kept:
        bar = reading.bar
        grown = Bar(bar.cx, bar.cy, bar.length, bar.thickness, bar.angle, bar.tile_width * 1.15)
        cv2.fillConvexPoly(faces, grown.corners().astype(np.int32), 0)
    # a speck of glare or table bridging two faces: parted by a small opening
    faces = np.asarray(cv2.morphologyEx(faces, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)), np.uint8)
    outlines, _ = cv2.findContours(faces, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found: list[Reading] = []
    for outline in outlines:
        area = cv2.contourArea(outline)
        if area < 1.4 * low * low:
            continue
        (cx, cy), (w, h), angle = cv2.minAreaRect(outline)
        short, long = min(w, h), max(w, h)
        if not low <= short <= high or not SHAPE[0] <= long / short <= SHAPE[1]:
            continue
        if area < FILLED * w * h:
            continue
        # the bar lies across the tile: along the rectangle's short side
        across = angle if w < h else angle + 90
        bar = Bar(cx, cy, short * BAR_TO_WIDTH, max(1.0, 0.04 * short), across % 180, short)
        read = read_measured(rgb, bar, highest, bar_seen=False)
        if read is not None:
            found.append(read)
    return found
