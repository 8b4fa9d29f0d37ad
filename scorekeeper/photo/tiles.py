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

BAR_TO_WIDTH = 0.8
"""A middle bar's length over the tile's width, the first guess (0.7 to 0.95 on real and drawn sets) before
the width is measured on the face itself."""

HALF = 96
"""The side of a half, in pixels, once turned upright and resized: dots of a 12 half are about 14 px here."""


@dataclass(frozen=True)
class Bar:
    """A middle line: its centre, its length and thickness (working pixels), its direction in degrees, and the
    width of the tile around it."""

    cx: float
    cy: float
    length: float
    thickness: float
    angle: float
    width: float = 0.0
    """The tile's width (the bar's length across the face); 0 until measured: then the first guess."""
    joined: bool = False
    """Whether the bar is two pieces joined across a gap (a spinner's, or a seam's between two tiles)."""

    @property
    def tile_width(self) -> float:
        return self.width or self.length / BAR_TO_WIDTH

    def corners(self) -> npt.NDArray[np.float32]:
        """The tile's four corners: its width across, two widths along the bar's normal."""
        width = self.tile_width
        rect = ((self.cx, self.cy), (width, 2 * width + self.thickness), self.angle)
        return np.asarray(cv2.boxPoints(rect), dtype=np.float32)

    def ends(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        theta = np.deg2rad(self.angle)
        along = np.array([np.cos(theta), np.sin(theta)]) * self.length / 2
        centre = np.array([self.cx, self.cy])
        return centre - along, centre + along


def dark_parts(rgb: Image, contrast: int = 40) -> Image:
    """Where the picture is much darker than around it (255), in its brightest channel."""
    value = rgb.max(axis=2)
    block = (max(value.shape) // 25) | 1
    return np.asarray(
        cv2.adaptiveThreshold(value, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, contrast),
        np.uint8,
    )


def find_bars(dark: Image) -> list[Bar]:
    """Every thin dark stripe that could be a tile's middle line, its pieces joined again where a brass spinner
    or a glare spot cuts it in two."""
    height, width = dark.shape
    count, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=8)
    shortest = max(height, width) / 60
    pieces: list[Bar] = []
    # a textured table makes thousands of specks: only blobs long enough, and thin for their box, are looked at
    sides = np.maximum(stats[:, 2], stats[:, 3])
    candidates = (stats[:, 4] >= 6) & (sides >= shortest / 3) & (stats[:, 4] <= 0.6 * sides * sides)
    candidates[0] = False  # the label of everything not dark
    for index in np.nonzero(candidates)[0]:
        x, y, w, h, area = (int(v) for v in stats[index])
        ys, xs = np.nonzero(labels[y : y + h, x : x + w] == index)
        points = np.stack([xs + x, ys + y], axis=1).astype(np.float32)
        (cx, cy), (rw, rh), angle = cv2.minAreaRect(points)
        # the rectangle's first side is rw at `angle`; make the angle the bar's own direction
        if rw < rh:
            rw, rh, angle = rh, rw, angle + 90
        # a piece of a bar cut by a spinner is short for its thickness: pieces may be stubbier than bars
        if rw / max(rh, 1.0) < 2.5 or area / (rw * max(rh, 1.0) + 1) < 0.5:
            continue
        pieces.append(Bar(cx, cy, rw, max(rh, 1.0), angle % 180))
    whole = [bar for bar in pieces if bar.length >= shortest and bar.length >= 4 * bar.thickness]
    joined = [bar for bar in _pairs(pieces) if bar.length >= shortest]
    return whole + joined


def _pairs(pieces: list[Bar]) -> list[Bar]:
    """Every two pieces that could be one line cut in two: same direction, on one line, a short gap between.

    Two touching tiles' bars in a row look the same, so the joined line is only a candidate beside its pieces:
    the tile's measured width decides (:func:`read_tile`)."""
    if len(pieces) < 2:
        return []
    pieces = sorted(pieces, key=lambda bar: bar.cx)
    xs = np.array([bar.cx for bar in pieces])
    ys = np.array([bar.cy for bar in pieces])
    lengths = np.array([bar.length for bar in pieces])
    angles = np.array([bar.angle for bar in pieces])
    joined: list[Bar] = []
    for index, bar in enumerate(pieces):
        # the two pieces of one bar are alike in length: look only as far as a piece three times as long
        reach = bar.length * 3.5
        stop = int(np.searchsorted(xs, bar.cx + reach, side="right"))
        window = slice(index + 1, stop)
        near = np.hypot(xs[window] - bar.cx, ys[window] - bar.cy) < (lengths[window] + bar.length) * 0.8
        turn = np.abs(angles[window] - bar.angle) % 180
        near &= np.minimum(turn, 180 - turn) <= 6
        near &= (lengths[window] > bar.length / 3) & (lengths[window] < bar.length * 3)
        for other in np.nonzero(near)[0]:
            if (pair := _join(bar, pieces[index + 1 + int(other)])) is not None:
                joined.append(pair)
    return joined


def _join(bar: Bar, piece: Bar) -> Bar | None:
    theta = np.deg2rad(bar.angle)
    along = np.array([np.cos(theta), np.sin(theta)])
    normal = np.array([-along[1], along[0]])
    offset = np.array([piece.cx - bar.cx, piece.cy - bar.cy])
    if abs(float(offset @ normal)) > 1.5 * max(bar.thickness, piece.thickness):
        return None
    # where the piece's ends fall along the bar's line, the bar's centre at 0
    reach = float(offset @ along)
    low, high = min(-bar.length / 2, reach - piece.length / 2), max(bar.length / 2, reach + piece.length / 2)
    gap = (high - low) - bar.length - piece.length
    if gap < 0 or gap > 0.35 * (high - low) or piece.thickness > 2 * bar.thickness + 2:
        return None
    centre = np.array([bar.cx, bar.cy]) + along * (low + high) / 2
    thickness = max(bar.thickness, piece.thickness)
    return Bar(float(centre[0]), float(centre[1]), high - low, thickness, bar.angle, joined=True)


def _warp(rgb: Image, bar: Bar, width: float, side: int) -> Image:
    """The tile ``width`` photo pixels wide around a bar, turned so the bar lies flat across the middle, resized
    to ``side`` wide and 2 ``side`` tall."""
    theta = np.deg2rad(bar.angle)
    along = np.array([np.cos(theta), np.sin(theta)])  # the bar's direction in the photo
    normal = np.array([-np.sin(theta), np.cos(theta)])
    centre = np.array([bar.cx, bar.cy])
    # three points of the photo and where they go in the upright tile
    source = np.array([centre, centre + along * width / 2, centre + normal * width], dtype=np.float32)
    target = np.array([[side / 2, side], [side, side], [side / 2, 2 * side]], dtype=np.float32)
    matrix = cv2.getAffineTransform(source, target)
    return np.asarray(
        cv2.warpAffine(rgb, matrix, (side, 2 * side), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE),
        dtype=np.uint8,
    )


def upright(rgb: Image, bar: Bar) -> Image:
    """The tile turned so its bar lies flat across the middle, each half resized to HALF by HALF: a half as long
    as it was measured (a tile seen at an angle is longer or shorter than twice its width)."""
    width = bar.tile_width
    top_length, bottom_length = half_lengths(rgb, bar)
    theta = np.deg2rad(bar.angle)
    along = np.array([np.cos(theta), np.sin(theta)])
    normal = np.array([-np.sin(theta), np.cos(theta)])
    centre = np.array([bar.cx, bar.cy])
    halves = []
    for sign, length in ((-1, top_length), (1, bottom_length)):
        source = np.array([centre, centre + along * width / 2, centre + sign * normal * length], dtype=np.float32)
        # the bar on the half's edge row: the top half's last row, the bottom half's first
        edge = HALF if sign < 0 else 0
        target = np.array([[HALF / 2, edge], [HALF, edge], [HALF / 2, edge + sign * HALF]], dtype=np.float32)
        matrix = cv2.getAffineTransform(source, target)
        halves.append(cv2.warpAffine(rgb, matrix, (HALF, HALF), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE))
    return np.asarray(np.vstack(halves), dtype=np.uint8)


REACH = 1.5
"""How far from the bar a half's end is looked for, in tile widths."""


def half_lengths(rgb: Image, bar: Bar) -> tuple[float, float]:
    """How long each half is, from the bar to the tile's end, in working pixels: where the strips just inside the
    tile's long sides (no dots come that near the edge) stop being face. A half whose end is not seen (a table as
    light as the face) is as long as the tile is wide."""
    width = bar.tile_width
    theta = np.deg2rad(bar.angle)
    along = np.array([np.cos(theta), np.sin(theta)])
    normal = np.array([-np.sin(theta), np.cos(theta)])
    centre = np.array([bar.cx, bar.cy])
    rows = int(REACH * LOOK)
    source = np.array([centre, centre + along * width / 2, centre + normal * width], dtype=np.float32)
    target = np.array([[LOOK / 2, rows], [LOOK, rows], [LOOK / 2, rows + LOOK]], dtype=np.float32)
    matrix = cv2.getAffineTransform(source, target)
    view = np.asarray(
        cv2.warpAffine(rgb, matrix, (LOOK, 2 * rows), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_CONSTANT),
        np.uint8,
    )
    light = _light(view)
    strips = np.r_[int(0.06 * LOOK) : int(0.12 * LOOK), int(0.88 * LOOK) : int(0.94 * LOOK)]
    face = light[:, strips].mean(axis=1) > 0.5
    lengths = []
    for step in (-1, 1):
        row = rows + step * int(0.6 * LOOK)
        length = float(width)
        while 0 <= row < 2 * rows:
            if not face[row] and not face[min(max(row + step, 0), 2 * rows - 1)]:
                length = abs(row - rows) / LOOK * width
                break
            row += step
        lengths.append(min(max(length, 1.0 * width), 1.4 * width))
    return lengths[0], lengths[1]


GLARE = 250
"""A pixel this bright (in its brightest channel) is a reflection rather than a tile's face."""

LOOK = 128
"""The side of the wide view a tile's width is measured on."""

WIDEST = 0.55
"""The shortest a bar can be against its tile's width: the wide view reaches this far."""


def _light(view: Image) -> npt.NDArray[np.bool_]:
    """Where a view shows a light face: near the face's own brightness, and grey-ish."""
    hsv = cv2.cvtColor(view, cv2.COLOR_RGB2HSV)
    value = hsv[..., 2].astype(np.float32)
    return np.asarray((value > 0.82 * float(np.percentile(value, 90))) & (hsv[..., 1] < 90))


def measure(rgb: Image, bar: Bar) -> Bar | None:
    """The bar with its tile's width measured on the face beside it, or None when it is no tile's middle line:
    its face stops before the bar's ends, or the bar is two bars in a row with a seam between two tiles."""
    guess = bar.length / WIDEST
    view = _warp(rgb, bar, guess, LOOK)
    half_bar = bar.length / guess * LOOK / 2
    # the rows right beside the bar: the dots of a 12 come within a few pixels of it
    off = bar.thickness / guess * LOOK / 2 + 1.5
    band = 3
    light = _light(view)
    rows = np.r_[LOOK - off - band : LOOK - off, LOOK + off + 1 : LOOK + off + band + 1].astype(int)
    columns = light[rows].mean(axis=0) > 0.5
    middle = LOOK // 2
    # from each end of the bar outwards, the face runs on to the tile's edge
    left_end, right_end = int(middle - half_bar), int(np.ceil(middle + half_bar))
    left = left_end
    while left > 0 and columns[left - 1]:
        left -= 1
    right = right_end
    while right < LOOK - 1 and columns[right + 1]:
        right += 1
    open_left, open_right = left == 0, right == LOOK - 1
    if open_left and open_right:  # a table as light as the face: no edge to see, the usual ratio
        width = bar.length / BAR_TO_WIDTH
    else:
        # a bar lies across the middle of its tile, so one edge seen gives the other; where both are seen
        # they must agree (a piece of a bar cut by a spinner lies to one side)
        if not open_left and not open_right and abs((left + right) / 2 - middle) > 0.08 * (right - left):
            return None
        reach = (middle - left) if open_right else (right + 1 - middle) if open_left else (right + 1 - left) / 2
        width = 2 * reach * guess / LOOK
    if width < bar.length * 0.9:
        return None
    # a bar nearly as long as the face is wide: the rounded edge darkens the last columns
    width = max(width, bar.length / 0.97)
    # two pieces in a row: the gap is a spinner, or the seam between two touching tiles; a seam is a thin dark
    # line that runs on along their length with the faces light either side, where a spinner is round and a dot
    # darkens its neighbours too
    if bar.joined:
        along = np.arange(int(LOOK + off + 0.24 * LOOK), int(LOOK + 0.85 * LOOK * width / guess))
        rows = light[np.r_[2 * LOOK - along, along].clip(0, 2 * LOOK - 1)]
        seam = ~rows[:, middle - 1 : middle + 2].all(axis=1) & rows[:, middle - 6] & rows[:, middle + 6]
        # along the bar's own line a spinner fills the gap (brass, not face); between two tiles' bars lies face
        # (a glare spot that washed the bar out is as white as white gets: not face)
        strip = slice(LOOK - 1, LOOK + 2), slice(left_end, right_end)
        line = (light[strip] & (view[strip].max(axis=2) < GLARE)).any(axis=0)
        if seam.mean() > 0.4 or line.mean() > 0.05:
            return None
    return Bar(bar.cx, bar.cy, bar.length, bar.thickness, bar.angle, width, bar.joined)


DOT_CONTRASTS = (0.5, 0.6, 0.7)
"""Where a dot begins, as a share of the way from the face's colour to the half's most distant colour: the first
reading, then the stricter ones tried when a half reads more dots than the set's halves can show."""

LENIENT = 0.35
"""The first, lenient reading's contrast (see DOT_CONTRASTS)."""
ONE_DOT = 1.5
"""The largest blob of the lenient reading, against the median blob, that is still one dot."""

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


def count_dots(half: Image, contrast: float = 0.5) -> int:
    """The dots of one half: blobs far in colour from the face (black, white-on-dark or coloured); two dots run
    together in the mask count as two (a blob of about twice the usual area)."""
    areas = dot_areas(half, contrast)
    if not areas:
        return 0
    typical = float(np.median(areas))
    return sum(max(1, round(area / typical)) for area in areas)


def dot_areas(half: Image, contrast: float) -> list[int]:
    """The area of each blob far in colour from the face that could be a dot, or a few dots run together."""
    lab = cv2.cvtColor(half, cv2.COLOR_RGB2LAB).astype(np.float32)
    face = _face_mask(half)
    if face.sum() < 10:
        return []
    reference = np.median(lab[face], axis=0)
    distance = np.sqrt(((lab - reference) ** 2).sum(axis=2))
    # halfway between the face and the most distant colour: blurred, glossy dots bleed into the face between them
    threshold = max(38.0, contrast * float(np.percentile(distance, 97)))
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
        return []
    # a glossy dot's highlight cuts a sliver off it: a piece under FRAGMENT of the usual dot is no dot
    typical = float(np.median(areas))
    return [area for area in areas if area >= FRAGMENT * typical]


def read_half(half: Image, highest: int) -> int:
    """A half's dots. First read leniently (a pale dot, or one under glare, is nearer the face's colour than the
    others), kept where every blob is one dot's size; else halfway, and where that counts more than any half of
    the set shows (dots run together with a shadow or the table), stricter, capped at the highest."""
    lenient = dot_areas(half, LENIENT)
    if lenient and len(lenient) <= highest and max(lenient) <= ONE_DOT * float(np.median(lenient)):
        return len(lenient)
    for contrast in DOT_CONTRASTS:
        if (count := count_dots(half, contrast)) <= highest:
            return count
    return highest


def read_tile(rgb: Image, bar: Bar, highest: int = 12) -> Reading | None:
    """The tile around a bar, or None when the bar's two sides do not look like a tile's face."""
    measured = measure(rgb, bar)
    if measured is None:
        return None
    return read_measured(rgb, measured, highest)


def read_measured(rgb: Image, bar: Bar, highest: int, *, bar_seen: bool = True) -> Reading | None:
    """The tile of a known place and size, or None when its halves do not look like one tile's face. A tile found
    by its face alone (``bar_seen`` false: a glare spot washed its bar out) is not asked for a dark bar."""
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
    if abs(top_value - bottom_value) > 35:
        return None
    if bar_seen and min(top_value, bottom_value) - float(np.percentile(line, 30)) < 60:
        return None
    return Reading(bar, (read_half(top, highest), read_half(bottom, highest)), face)
