"""From the uploaded bytes to an RGB array small enough to work on, and the scale back to the original.

Pillow reads the file (its MAX_IMAGE_PIXELS guard against decompression bombs, its warning taken as an error
too), turns it as its EXIF orientation says (phones store portrait photos sideways), and shrinks it with
``draft`` (JPEG decodes at 1/2, 1/4 or 1/8 size for almost nothing) and ``thumbnail`` before any OpenCV work.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageOps, UnidentifiedImageError

from .errors import NotAnImage, TooLarge, TooManyPixels, TruncatedImage

MAX_PHOTO_BYTES = 15 * 1024 * 1024
"""The largest upload counted: a 4,000 px phone JPEG is 3-8 MB."""

WORK_SIDE = 1200
"""The long side of the picture the counter works on, in pixels: a double-12 tile in an 18-tile hand is still
about 60 px wide here, its dots 8 px, while one photo costs well under a second on one core."""


UPSCALE_BELOW = 0.9
"""A photo whose long side is under this share of WORK_SIDE is enlarged to it."""


@dataclass(frozen=True)
class Decoded:
    """The picture to work on and how it maps back to the photo as the player sees it (EXIF turned)."""

    rgb: npt.NDArray[np.uint8]
    width: int
    """The original photo's width after EXIF rotation."""
    height: int
    scale: float
    """Original pixels per working pixel (1.0 when the photo was small already)."""


def decode(data: bytes, *, side: int = WORK_SIDE) -> Decoded:
    """Read a photo's bytes; raise a :class:`PhotoError` subclass when they are not a usable photo."""
    if len(data) > MAX_PHOTO_BYTES:
        raise TooLarge()
    if not data:
        raise NotAnImage()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            full_size = image.size
            image.draft("RGB", (side, side))
            image.load()
            turned = ImageOps.exif_transpose(image)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise TooManyPixels() from error
    except UnidentifiedImageError as error:
        raise NotAnImage() from error
    except (OSError, SyntaxError, ValueError, EOFError) as error:
        # Pillow says "image file is truncated" / "broken data stream" for a file cut short
        raise TruncatedImage() from error
    # draft() may have decoded at a reduced size: the boxes are given in the photo's own pixels, turned
    width, height = full_size if turned.size == image.size else (full_size[1], full_size[0])
    rgb = turned.convert("RGB")
    if max(rgb.size) > side:
        rgb.thumbnail((side, side), Image.Resampling.BILINEAR)
    elif max(rgb.size) < side * UPSCALE_BELOW:
        # a webcam's 640 px photo of many tiles: a bar 1-2 px thick vanishes in the thresholds; enlarged, the
        # sizes the counter is tuned for hold for small photos too
        factor = side / max(rgb.size)
        rgb = rgb.resize((round(rgb.width * factor), round(rgb.height * factor)), Image.Resampling.BICUBIC)
    array = np.asarray(rgb, dtype=np.uint8)
    return Decoded(rgb=array, width=width, height=height, scale=width / array.shape[1])
