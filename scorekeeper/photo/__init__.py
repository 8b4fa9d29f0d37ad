"""Count the pips of a hand from a photo: ``count_pips(data)`` finds each tile, reads its two halves, and says
where each tile is in the photo (issue 27). Classical computer vision (Pillow, NumPy, OpenCV), no model."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .decode import MAX_PHOTO_BYTES, decode
from .errors import NotAnImage, NoTiles, PhotoError, TooLarge, TooManyPixels, TruncatedImage
from .hand import read_tiles

__all__ = [
    "MAX_PHOTO_BYTES",
    "NoTiles",
    "NotAnImage",
    "PhotoCount",
    "PhotoError",
    "TooLarge",
    "TooManyPixels",
    "TruncatedImage",
    "count_pips",
]


@dataclass(frozen=True)
class PhotoCount:
    """What a photo shows: each tile's two halves and where it lies, in the photo's own pixels."""

    tiles: tuple[tuple[int, int], ...]
    boxes: tuple[tuple[int, int, int, int], ...]
    """x, y, width, height of each tile, in the order of ``tiles``, in the photo's pixels after EXIF rotation."""
    width: int
    height: int
    highest: int
    """The set's highest double: no half reads above it."""

    @property
    def total(self) -> int:
        return sum(a + b for a, b in self.tiles)


def count_pips(data: bytes, *, highest: int = 12) -> PhotoCount:
    """Count the tiles in a photo's bytes; raise a :class:`PhotoError` for a file that is no usable photo."""
    picture = decode(data)
    tiles: list[tuple[int, int]] = []
    boxes: list[tuple[int, int, int, int]] = []
    for reading in read_tiles(picture.rgb, highest):
        tiles.append(reading.halves)
        corners = reading.bar.corners() * picture.scale
        left, top = np.floor(corners.min(axis=0)).astype(int)
        right, bottom = np.ceil(corners.max(axis=0)).astype(int)
        left, top = max(int(left), 0), max(int(top), 0)
        right, bottom = min(int(right), picture.width), min(int(bottom), picture.height)
        boxes.append((left, top, right - left, bottom - top))
    if not tiles:
        raise NoTiles()
    return PhotoCount(tuple(tiles), tuple(boxes), picture.width, picture.height, highest)
