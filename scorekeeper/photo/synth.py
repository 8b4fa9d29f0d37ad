"""Synthetic photos of domino hands with exact labels, for tuning and measuring the pip counter.

Twelve real photos are far too few to tune a counter to, so this draws as many as wanted: tiles as real sets
look (rounded faces with a visible edge, a divider, sometimes a brass spinner, pips in the layouts of double-12
and larger sets, black, coloured or white pips), laid on cloth, wood, glossy or cluttered tables, touching or
scattered at any angle, then photographed badly: a little perspective (a quarter of them tilted), shadows,
glare, uneven light, blur, noise and JPEG at 60-95 quality, 640 to 4,000 px on the long side.

Every photo is a pure function of its seed (numpy Generators seeded with it), so a benchmark on seeds 0..N-1
means the same photos on every machine::

    >>> a, b = render(7), render(7)
    >>> a.jpeg == b.jpeg and a.tiles == b.tiles and len(a.tiles) == len(a.boxes)
    True

Colours of the coloured sets (each number its own colour, as double-12 sets print them): 1 light blue,
2 green, 3 red, 4 brown, 5 dark blue, 6 yellow, 7 purple, 8 dark green, 9 near black, 10 orange, 11 pink,
12 grey; 13-18 (double-15/18 sets) teal, olive, maroon, navy, gold, violet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
# OpenCV's stubs type every array it returns loosely; float pictures are float32 in practice
Floats = npt.NDArray[Any]
Box = tuple[int, int, int, int]
Tile = tuple[int, int]

Background = Literal["cloth", "wood", "glossy", "cluttered"]
Face = Literal["black", "coloured", "dark"]
Layout = Literal["touching", "rows", "scatter"]

BACKGROUNDS: tuple[Background, ...] = ("cloth", "wood", "glossy", "cluttered")
FACES: tuple[Face, ...] = ("black", "coloured", "dark")
LAYOUTS: tuple[Layout, ...] = ("touching", "rows", "scatter")

# the scene is drawn at most this long, then enlarged to the photo's size (phones' big photos are soft anyway)
RENDER_LONG_SIDE = 1280

PIP_RGB: dict[int, tuple[int, int, int]] = {
    1: (80, 175, 235),
    2: (35, 150, 60),
    3: (215, 35, 40),
    4: (125, 75, 35),
    5: (25, 60, 185),
    6: (230, 195, 20),
    7: (125, 45, 160),
    8: (15, 85, 45),
    9: (40, 40, 45),
    10: (240, 120, 20),
    11: (235, 95, 160),
    12: (120, 120, 125),
    13: (20, 150, 150),
    14: (120, 125, 30),
    15: (120, 20, 40),
    16: (20, 30, 110),
    17: (200, 160, 40),
    18: (170, 90, 220),
}
"""The pip colour of each number in a coloured set (RGB)."""


@dataclass(frozen=True)
class Style:
    """How one photo was made: what the benchmark groups its failures by."""

    background: Background
    face: Face
    layout: Layout
    spinner: bool
    perspective: bool
    tilt: float
    """How much shorter the far side of a tilted view is at each end (0 = not tilted)."""
    glare: bool
    blur: float
    """Gaussian blur sigma in pixels of the drawn scene (0 = sharp)."""
    noise: float
    """Standard deviation of the added sensor noise, in grey levels."""
    quality: int
    """JPEG quality."""
    tile_fraction: float
    """A tile's long side as a share of the photo's short side."""
    divider: tuple[float, float]
    """The middle bar's thickness and length as shares of a tile's width."""


@dataclass(frozen=True)
class Synthetic:
    """One synthetic photo and its exact labels."""

    jpeg: bytes
    tiles: tuple[Tile, ...]
    """Each tile's two halves as drawn (first the half that was on top before rotating)."""
    boxes: tuple[Box, ...]
    """Each tile's box (x, y, w, h) in the photo's pixels, the same order as ``tiles``."""
    width: int
    height: int
    highest: int
    style: Style

    @property
    def total(self) -> int:
        return sum(a + b for a, b in self.tiles)


def pip_centres(value: int) -> list[tuple[float, float]]:
    """Where a half showing ``value`` has its pips, as (x, y) in a unit square (0 = the half's top left).

    0-6 as every set prints them; 7 and up in three columns, the outer two ``ceil(value / 3)`` long and the
    middle one the rest (7 = 3-1-3, 10 = 4-2-4, 12 = 4-4-4, 15 = 5-5-5, 18 = 6-6-6), as double-12 to
    double-18 sets lay them.

    >>> len(pip_centres(12)), pip_centres(1)
    (12, [(0.5, 0.5)])
    """
    lo, mid, hi = 0.22, 0.5, 0.78
    small: dict[int, list[tuple[float, float]]] = {
        0: [],
        1: [(mid, mid)],
        2: [(lo, lo), (hi, hi)],
        3: [(lo, lo), (mid, mid), (hi, hi)],
        4: [(lo, lo), (hi, lo), (lo, hi), (hi, hi)],
        5: [(lo, lo), (hi, lo), (mid, mid), (lo, hi), (hi, hi)],
        6: [(lo, lo), (lo, mid), (lo, hi), (hi, lo), (hi, mid), (hi, hi)],
    }
    if value in small:
        return small[value]
    side = math.ceil(value / 3)
    middle = value - 2 * side
    margin = 0.2 if side <= 3 else 0.15 if side == 4 else 0.13
    step = (1 - 2 * margin) / (side - 1)

    def column(x: float, count: int) -> list[tuple[float, float]]:
        start = 0.5 - step * (count - 1) / 2
        return [(x, start + step * i) for i in range(count)]

    return column(lo, side) + column(mid, middle) + column(hi, side)


def pip_radius(highest: int) -> float:
    """A pip's radius as a share of the half's side. A set prints every pip the same size, as big as its largest
    number leaves room for: big on a double-6, smaller on a double-12 (12 = 4-4-4), smaller still on double-15/18.
    """
    return 0.1 if highest <= 6 else 0.078 if highest <= 12 else 0.055


def draw_half(
    canvas: Image,
    value: int,
    left: float,
    top: float,
    side: float,
    colour: tuple[int, int, int] | None,
    highest: int = 12,
) -> None:
    """Draw the pips of one half (a ``side``-pixel square at ``left``, ``top``) onto a BGR ``canvas``.

    ``colour`` is the pips' RGB colour; None means the coloured set's colour for ``value``. ``highest`` is the
    set's highest double, which sets the pips' size.
    """
    rgb = PIP_RGB.get(value, (0, 0, 0)) if colour is None else colour
    bgr = (rgb[2], rgb[1], rgb[0])
    # subpixel centres (shift=4): small pips on small tiles stay round and where they belong
    scale = 16
    radius = max(1, round(pip_radius(highest) * side * scale))
    for x, y in pip_centres(value):
        centre = (round((left + x * side) * scale), round((top + y * side) * scale))
        cv2.circle(canvas, centre, radius, bgr, -1, cv2.LINE_AA, 4)


def _rounded_rect(width: float, height: float, radius: float, inset: float = 0.0) -> npt.NDArray[np.int32]:
    """The outline of a rounded rectangle as polygon points (×16 for cv2's shift=4), its corner at (0, 0)."""
    r = max(radius - inset, 0.5)
    corners = [
        (width - inset - r, inset + r, -90.0),
        (width - inset - r, height - inset - r, 0.0),
        (inset + r, height - inset - r, 90.0),
        (inset + r, inset + r, 180.0),
    ]
    points = []
    for cx, cy, start in corners:
        for step in range(7):
            angle = math.radians(start + step * 15)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return (np.array(points) * 16).round().astype(np.int32)


def _clip(picture: Floats) -> Floats:
    """Grey levels held to 0..255, as float32."""
    clipped: Floats = np.clip(picture, 0, 255).astype(np.float32)
    return clipped


def _smooth_noise(rng: np.random.Generator, height: int, width: int, cells: int) -> Floats:
    """Low-frequency noise in [-1, 1]: a few random values enlarged smoothly (light, cloth folds, wood waves)."""
    small = rng.uniform(
        -1, 1, (max(2, cells * height // max(height, width)), max(2, cells * width // max(height, width)))
    )
    return np.asarray(cv2.resize(small.astype(np.float32), (width, height), interpolation=cv2.INTER_CUBIC))


def _background(rng: np.random.Generator, kind: Background, height: int, width: int) -> Floats:
    """A table surface, BGR float32 in 0..255."""
    if kind == "cloth":
        base = rng.choice([(40, 70, 20), (60, 30, 15), (25, 25, 28), (35, 25, 70), (70, 55, 40)]).astype(np.float32)
        folds = _smooth_noise(rng, height, width, 6)[..., None] * 18
        weave = rng.standard_normal((height, width, 1), dtype=np.float32) * 6
        return _clip(base * rng.uniform(0.6, 1.3) + folds + weave)
    if kind == "wood":
        base = np.array(rng.choice([(60, 105, 160), (40, 75, 120), (90, 140, 190), (30, 50, 80)]), np.float32)
        angle = rng.uniform(0, math.pi)
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
        along = xs * math.cos(angle) + ys * math.sin(angle)
        across = -xs * math.sin(angle) + ys * math.cos(angle)
        period = rng.uniform(0.01, 0.04) * max(height, width)
        wobble = _smooth_noise(rng, height, width, 5) * period * 1.5
        grain = np.sin((across + wobble + 0.02 * along) * (2 * math.pi / period))
        fine = _smooth_noise(rng, height, width, 60) * 0.3
        shade = (0.8 + 0.15 * grain + 0.1 * fine)[..., None]
        wood = base * shade
        # planks: a dark seam every so often across the grain
        plank = rng.uniform(0.15, 0.5) * max(height, width)
        seam = (np.abs(((across + plank / 2) % plank) - plank / 2) < 1.5)[..., None]
        return _clip(np.where(seam, wood * 0.45, wood))
    if kind == "glossy":
        level = rng.choice([30.0, 60.0, 200.0, 230.0])
        tint = rng.uniform(-15, 15, 3).astype(np.float32)
        surface = np.full((height, width, 3), level, np.float32) + tint
        # reflections of a window and a lamp: broad soft bright shapes
        # drawn and blurred at an eighth of the size: a wide blur on the whole picture costs too much
        small_h, small_w = max(2, height // 8), max(2, width // 8)
        reflection: Floats = np.zeros((small_h, small_w), np.float32)
        for _ in range(int(rng.integers(1, 4))):
            x0, y0 = int(rng.integers(0, small_w)), int(rng.integers(0, small_h))
            w, h = (
                int(rng.integers(1 + small_w // 10, 2 + small_w // 2)),
                int(rng.integers(1 + small_h // 10, 2 + small_h // 2)),
            )
            cv2.rectangle(reflection, (x0, y0), (x0 + w, y0 + h), float(rng.uniform(0.3, 1.0)), -1)
        sigma = max(small_h, small_w) / rng.uniform(15, 40)
        reflection = cv2.resize(cv2.GaussianBlur(reflection, (0, 0), sigma), (width, height))
        surface += reflection[..., None] * rng.uniform(40, 120)
        return _clip(surface + _smooth_noise(rng, height, width, 4)[..., None] * 10)
    # cluttered: a plain table covered in things that are not dominoes (paper, coins, pens, crumbs, prints)
    surface = np.full((height, width, 3), rng.uniform(40, 200, 3), np.float32)
    surface += _smooth_noise(rng, height, width, 5)[..., None] * 20
    short = min(height, width)
    for _ in range(int(rng.integers(8, 30))):
        colour = tuple(float(c) for c in rng.uniform(0, 255, 3))
        x, y = int(rng.integers(0, width)), int(rng.integers(0, height))
        shape = rng.integers(0, 5)
        if shape == 0:  # a coin or a cup's rim
            cv2.circle(surface, (x, y), int(rng.integers(short // 40, short // 8)), colour, -1, cv2.LINE_AA)
        elif shape == 1:  # paper, a card, a box
            w, h = int(rng.integers(short // 15, short // 3)), int(rng.integers(short // 15, short // 3))
            rect = ((x, y), (w, h), float(rng.uniform(0, 180)))
            poly = cv2.boxPoints(rect).astype(np.int32)
            cv2.fillPoly(surface, [poly], colour, cv2.LINE_AA)
        elif shape == 2:  # a pen or a pencil
            angle = rng.uniform(0, math.pi)
            length = rng.uniform(0.1, 0.4) * short
            end = (int(x + length * math.cos(angle)), int(y + length * math.sin(angle)))
            cv2.line(surface, (x, y), end, colour, int(rng.integers(3, max(4, short // 60))), cv2.LINE_AA)
        elif shape == 3:  # crumbs and printed dots
            for _ in range(int(rng.integers(3, 12))):
                dx, dy = rng.normal(0, short / 20, 2)
                cv2.circle(surface, (int(x + dx), int(y + dy)), int(rng.integers(1, 5)), colour, -1, cv2.LINE_AA)
        else:  # print on a box or a score pad: a line of letter-sized marks
            size = int(rng.integers(3, max(4, short // 50)))
            for i in range(int(rng.integers(4, 14))):
                left = x + i * size * 2
                cv2.rectangle(surface, (left, y), (left + size, y + int(size * rng.uniform(1, 2))), colour, -1)
    return _clip(surface)


_PAD = 2
"""Pixels of margin round a tile's picture."""
_CORNER = 0.09
"""A tile's corner radius as a share of its width."""


def tile_outline(long_side: float) -> Floats:
    """The rounded outline of a tile's picture (:func:`tile_picture`) in its pixels, as float (x, y) points."""
    return np.asarray(_rounded_rect(long_side / 2, long_side, _CORNER * long_side / 2), np.float64) / 16 + _PAD


def tile_picture(
    rng: np.random.Generator,
    tile: Tile,
    long_side: float,
    face: Face,
    spinner: bool,
    *,
    highest: int = 12,
    divider: tuple[float, float] = (0.04, 0.72),
) -> tuple[Image, Floats]:
    """One tile drawn upright on its own, ``tile[0]`` on top: its BGR picture (``long_side`` tall, 2 px of margin
    round it) and its alpha in 0..1. ``divider`` is the middle bar's thickness and length as shares of the tile's
    width (engraved hairlines to thick painted bars)."""
    width, height = long_side / 2, long_side
    pad = _PAD
    canvas_w, canvas_h = math.ceil(width) + 2 * pad, math.ceil(height) + 2 * pad
    if face == "dark":
        face_bgr = tuple(float(c) for c in rng.choice([(25, 25, 25), (60, 25, 15), (20, 45, 20)]))
        pips: tuple[int, int, int] | None = (235, 235, 230)
    else:
        tone = rng.uniform(0, 1)  # white to ivory
        face_bgr = (235 - 45 * tone, 240 - 15 * tone, 240 - 3 * tone)
        pips = (15, 15, 15) if face == "black" else None
    edge_bgr = tuple(c * 0.72 for c in face_bgr)
    sprite = np.zeros((canvas_h, canvas_w, 3), np.uint8)
    alpha = np.zeros((canvas_h, canvas_w), np.uint8)
    radius = _CORNER * width
    outline = _rounded_rect(width, height, radius) + pad * 16
    cv2.fillPoly(alpha, [outline], 255, cv2.LINE_AA, 4)
    cv2.fillPoly(sprite, [outline], edge_bgr, cv2.LINE_AA, 4)
    # the face, inset from the tile's rim by its visible edge (the side of the tile seen from a little off top)
    rim = max(1.0, 0.035 * width)
    cv2.fillPoly(sprite, [_rounded_rect(width, height, radius, rim) + pad * 16], face_bgr, cv2.LINE_AA, 4)
    half = width - 2 * rim
    draw_half(sprite, tile[0], pad + rim, pad + rim, half, pips, highest)
    draw_half(sprite, tile[1], pad + rim, pad + height / 2 + rim, half, pips, highest)
    bar = pips if pips is not None else (25, 25, 25)
    thickness, length = divider
    y = round((pad + height / 2) * 16)
    y0, y1 = (
        round((pad + height / 2 - thickness * width / 2) * 16),
        round((pad + height / 2 + thickness * width / 2) * 16),
    )
    x0, x1 = round((pad + (1 - length) / 2 * width) * 16), round((pad + (1 + length) / 2 * width) * 16)
    cv2.rectangle(sprite, (x0, y0), (x1, y1), bar[::-1], -1, cv2.LINE_AA, 4)
    if spinner:  # the brass rivet many sets have in the middle: not a pip
        centre = (round((pad + width / 2) * 16), y)
        cv2.circle(sprite, centre, round(0.07 * width * 16), (40, 150, 190), -1, cv2.LINE_AA, 4)
        cv2.circle(sprite, centre, round(0.03 * width * 16), (120, 210, 240), -1, cv2.LINE_AA, 4)
    return sprite, alpha.astype(np.float32) / 255


@dataclass(frozen=True)
class _Placed:
    centre: tuple[float, float]
    angle: float
    """Degrees, counter-clockwise, of the tile's long axis from upright."""


def _corners(placed: _Placed, long_side: float) -> Floats:
    """The four corners of a placed tile in scene pixels."""
    rect = (placed.centre, (long_side / 2, long_side), -placed.angle)
    return np.asarray(cv2.boxPoints(rect), np.float32)


def _overlaps(a: Floats, b: Floats) -> bool:
    area, _ = cv2.intersectConvexConvex(a, b)
    return bool(area > 1.0)


def _place(
    rng: np.random.Generator, count: int, long_side: float, layout: Layout, width: int, height: int
) -> list[_Placed] | None:
    """Where each tile lies in the scene, inside an 8 % margin and overlapping none; None if they do not fit."""
    margin = 0.08 * min(width, height)
    if layout == "scatter":
        placed: list[_Placed] = []
        for _ in range(count):
            for _attempt in range(60):
                candidate = _Placed(
                    (rng.uniform(margin, width - margin), rng.uniform(margin, height - margin)), rng.uniform(0, 360)
                )
                corners = _corners(candidate, long_side)
                inside = corners.min() >= margin * 0.5 and (corners[:, 0].max() <= width - margin * 0.5)
                inside = inside and corners[:, 1].max() <= height - margin * 0.5
                grown = _corners(candidate, long_side * 1.02)
                if inside and not any(_overlaps(grown, _corners(p, long_side)) for p in placed):
                    placed.append(candidate)
                    break
            else:
                return None
        return placed
    # rows: tiles upright side by side as a hand is laid out, the whole group turned to any angle
    gap = rng.uniform(0.0, 0.03) if layout == "touching" else rng.uniform(0.06, 0.4)
    step_x, step_y = long_side * (0.5 + gap), long_side * (1 + gap * 2)
    per_row = max(1, min(count, round(math.sqrt(count * 2.5 * rng.uniform(0.6, 1.4)))))
    rows = math.ceil(count / per_row)
    group = rng.uniform(0, 360)
    spin = math.radians(group)
    cx, cy = rng.uniform(0.4, 0.6) * width, rng.uniform(0.4, 0.6) * height
    placed = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        lx = (col - (in_row - 1) / 2) * step_x
        ly = (row - (rows - 1) / 2) * step_y
        x = cx + lx * math.cos(spin) + ly * math.sin(spin)
        y = cy - lx * math.sin(spin) + ly * math.cos(spin)
        jitter = rng.uniform(-6, 6) if layout == "rows" else 0.0
        placed.append(_Placed((x, y), group + jitter + (180 if rng.uniform() < 0.5 else 0)))
    everything = np.concatenate([_corners(p, long_side) for p in placed])
    if everything.min() < margin * 0.5 or everything[:, 0].max() > width - margin * 0.5:
        return None
    if everything[:, 1].max() > height - margin * 0.5:
        return None
    return placed


def _choose_tiles(rng: np.random.Generator, count: int, highest: int) -> list[Tile]:
    """``count`` different tiles of a double-``highest`` set, each turned either way up."""
    every = [(a, b) for a in range(highest + 1) for b in range(a, highest + 1)]
    picked = rng.choice(len(every), size=min(count, len(every)), replace=False)
    return [every[i] if rng.uniform() < 0.5 else every[i][::-1] for i in picked]


def _photo_size(rng: np.random.Generator) -> tuple[int, int]:
    """A photo's (width, height): phones, webcams and tablets, landscape or portrait, 640 to 4,000 px long."""
    long_side = round(math.exp(rng.uniform(math.log(640), math.log(4000))))
    aspect = float(rng.choice([4 / 3, 16 / 9, 1.0, 3 / 2]))
    short_side = round(long_side / aspect)
    return (long_side, short_side) if rng.uniform() < 0.6 else (short_side, long_side)


def choose_style(seed: int) -> tuple[Background, Face, Layout]:
    """The table, the faces and the layout of seed's photo: from a stream of their own, so that what a set of
    seeds covers can be listed without drawing it. Black and coloured pips 45 % each, dark faces 10 %."""
    rng = np.random.default_rng([seed, 1])
    faces: tuple[Face, ...] = ("black", "coloured") * 9 + ("dark",) * 2
    return (
        BACKGROUNDS[int(rng.integers(0, len(BACKGROUNDS)))],
        faces[int(rng.integers(0, len(faces)))],
        LAYOUTS[int(rng.integers(0, len(LAYOUTS)))],
    )


def render(
    seed: int,
    *,
    width: int | None = None,
    tiles: list[Tile] | tuple[Tile, ...] | None = None,
    highest: int = 12,
    background: Background | None = None,
    face: Face | None = None,
    layout: Layout | None = None,
    count: int | None = None,
) -> Synthetic:
    """A synthetic photo of domino tiles and its labels, the same for the same seed and arguments.

    ``width`` fixes the photo's long side (else 640-4,000 px), ``tiles`` the tiles drawn (else 1-18 different
    tiles of a double-``highest`` set, or ``count`` of them), and ``background``, ``face`` and ``layout`` the
    style (else chosen).
    """
    rng = np.random.default_rng(seed)
    photo_w, photo_h = _photo_size(rng)
    if width is not None:
        scale = width / max(photo_w, photo_h)
        photo_w, photo_h = max(1, round(photo_w * scale)), max(1, round(photo_h * scale))
    drawn = int(rng.integers(1, 19))  # drawn even when told, so the rest of the seed's photo stays the same
    count = len(tiles) if tiles is not None else drawn if count is None else count
    chosen = _choose_tiles(rng, count, highest) if tiles is None else [tuple(t) for t in tiles]
    count = len(chosen)
    if not count:
        raise ValueError("a photo needs at least one tile")
    chosen_background, chosen_face, chosen_layout = choose_style(seed)
    style_face = face or chosen_face
    style_background = background or chosen_background
    style_layout = layout or (chosen_layout if count > 1 else "scatter")

    # the scene is drawn at no more than RENDER_LONG_SIDE, then enlarged
    factor = min(1.0, RENDER_LONG_SIDE / max(photo_w, photo_h))
    scene_w, scene_h = max(16, round(photo_w * factor)), max(16, round(photo_h * factor))
    short = min(scene_w, scene_h)
    # a tile's long side: 8-40 % of the short side, no bigger than lets them all lie down
    fits = math.sqrt(0.35 * scene_w * scene_h / count) / short
    fraction = float(min(rng.triangular(0.08, 0.2, 0.4), max(0.08, fits)))
    placed = None
    while placed is None:
        for _attempt in range(8):
            placed = _place(rng, count, fraction * short, style_layout, scene_w, scene_h)
            if placed is not None:
                break
        else:
            fraction *= 0.9  # they did not fit: smaller tiles
            if fraction < 0.04:
                raise ValueError(f"{count} tiles do not fit a {photo_w}x{photo_h} photo")
    long_side = fraction * short

    scene = _background(rng, style_background, scene_h, scene_w)
    table = scene.copy()  # the bare table, to show where a tilted camera's view leaves the drawn scene
    # each tile's picture turns about its centre onto its spot; its rounded outline turned the same way gives
    # the label's box exactly (the corners of a sharp rectangle would make it a little too big)
    outline = tile_outline(long_side)
    sprite_w, sprite_h = math.ceil(long_side / 2) + 2 * _PAD, math.ceil(long_side) + 2 * _PAD
    turns = []
    outlines = []
    for spot in placed:
        matrix = cv2.getRotationMatrix2D((sprite_w / 2, sprite_h / 2), spot.angle, 1.0)
        matrix[0, 2] += spot.centre[0] - sprite_w / 2
        matrix[1, 2] += spot.centre[1] - sprite_h / 2
        turns.append(matrix)
        outlines.append((outline @ matrix[:, :2].T + matrix[:, 2]).astype(np.float32))

    # shadows: every tile's outline shifted away from the light, soft, darkening the table under it
    shadow: Floats = np.zeros((scene_h, scene_w), np.float32)
    offset = rng.uniform(0.02, 0.07, 2) * long_side * rng.choice([-1, 1], 2)
    for points in outlines:
        cv2.fillPoly(shadow, [((points + offset) * 16).round().astype(np.int32)], 1.0, cv2.LINE_AA, 4)
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(0.5, 0.04 * long_side))
    scene *= (1 - rng.uniform(0.3, 0.6) * shadow)[..., None]

    spinner = bool(rng.uniform() < 0.25)
    divider = (float(rng.uniform(0.015, 0.07)), float(rng.uniform(0.6, 0.85)))
    for tile, spot, turn in zip(chosen, placed, turns):
        sprite, alpha = tile_picture(
            rng, (tile[0], tile[1]), long_side, style_face, spinner, highest=highest, divider=divider
        )
        # draw only the tile's own part of the scene
        reach = math.ceil(math.hypot(sprite_w, sprite_h) / 2) + 2
        x0, y0 = max(0, int(spot.centre[0]) - reach), max(0, int(spot.centre[1]) - reach)
        x1, y1 = min(scene_w, int(spot.centre[0]) + reach), min(scene_h, int(spot.centre[1]) + reach)
        matrix = turn.copy()
        matrix[0, 2] -= x0
        matrix[1, 2] -= y0
        size = (x1 - x0, y1 - y0)
        turned = cv2.warpAffine(sprite, matrix, size, flags=cv2.INTER_LINEAR).astype(np.float32)
        cover = cv2.warpAffine(alpha, matrix, size, flags=cv2.INTER_LINEAR)[..., None]
        part = scene[y0:y1, x0:x1]
        scene[y0:y1, x0:x1] = part * (1 - cover) + turned * cover

    # light: uneven over the table, and sometimes a glare spot (a lamp on the glossy faces)
    light = 1 + _smooth_noise(rng, scene_h, scene_w, 3) * rng.uniform(0.05, 0.25)
    scene *= light[..., None]
    table *= light[..., None]
    glare = bool(rng.uniform() < 0.4)
    if glare:
        where = placed[int(rng.integers(0, count))].centre
        # drawn and blurred at a quarter of the size, like the reflections
        spot_img: Floats = np.zeros((max(2, scene_h // 4), max(2, scene_w // 4)), np.float32)
        axes = (max(1, int(rng.uniform(0.1, 0.4) * long_side / 4)), max(1, int(rng.uniform(0.05, 0.2) * long_side / 4)))
        cv2.ellipse(spot_img, (int(where[0] / 4), int(where[1] / 4)), axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
        spot_img = cv2.GaussianBlur(spot_img, (0, 0), max(0.5, axes[1] / 2))
        spot_img = cv2.resize(spot_img, (scene_w, scene_h))
        strength = rng.uniform(0.5, 1.0)
        scene += (255 - scene) * (spot_img * strength)[..., None]

    # perspective: the camera not quite above the table (each corner moved up to 3.5 % of the short side
    # inwards), and on a quarter of the photos tilted towards one side (that side 8-20 % shorter at each end and
    # up to 10 % nearer). The photo's border the scene no longer covers shows the bare table, mirrored.
    # The tilt has a stream of its own (seed, 2), so adding it left every other draw of a seed as it was.
    src = np.array([[0, 0], [scene_w, 0], [scene_w, scene_h], [0, scene_h]], np.float32)
    dst = src.copy()
    perspective = bool(rng.uniform() < 0.6)
    if perspective:
        pull = rng.uniform(0, 0.035, (4, 2)) * min(scene_w, scene_h)
        dst += pull * np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]], np.float32)
    tilt_rng = np.random.default_rng([seed, 2])
    tilt = float(tilt_rng.uniform(0.08, 0.2)) if tilt_rng.uniform() < 0.25 else 0.0
    if tilt:
        far = int(tilt_rng.integers(0, 4))  # the edge away from the camera: top, right, bottom, left
        i, j = far, (far + 1) % 4
        along = src[j] - src[i]
        nearer = (np.array([scene_w / 2, scene_h / 2], np.float32) - (src[i] + src[j]) / 2) * 2
        drop = float(tilt_rng.uniform(0, 0.1))
        dst[i] += along * tilt + nearer * drop
        dst[j] += -along * tilt + nearer * drop
    if perspective or tilt:
        matrix_p: Floats = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
        size = (scene_w, scene_h)
        covered = cv2.warpPerspective(np.ones((scene_h, scene_w), np.float32), matrix_p, size)[..., None]
        scene = cv2.warpPerspective(scene, matrix_p, size, borderMode=cv2.BORDER_REFLECT)
        bare = cv2.warpPerspective(table, matrix_p, size, borderMode=cv2.BORDER_REFLECT)
        scene = scene * covered + bare * (1 - covered)
        outlines = [cv2.perspectiveTransform(points[None], matrix_p)[0] for points in outlines]

    blur = float(rng.choice([0.0, 0.0, rng.uniform(0.4, 1.0), rng.uniform(1.0, 2.0)]))
    if blur > 0:
        scene = cv2.GaussianBlur(scene, (0, 0), blur)
    noise = float(rng.uniform(0, 9))
    scene += rng.standard_normal(scene.shape, dtype=np.float32) * noise
    picture: Floats = np.clip(scene, 0, 255).astype(np.uint8)
    if (scene_w, scene_h) != (photo_w, photo_h):
        picture = cv2.resize(picture, (photo_w, photo_h), interpolation=cv2.INTER_LINEAR)
    quality = int(rng.integers(60, 96))
    ok, encoded = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:  # pragma: no cover - libjpeg does not refuse an 8-bit BGR picture
        raise RuntimeError("JPEG encoding failed")

    sx, sy = photo_w / scene_w, photo_h / scene_h
    boxes = []
    for points in outlines:
        xs, ys = points[:, 0] * sx, points[:, 1] * sy
        left, top = max(0, math.floor(xs.min())), max(0, math.floor(ys.min()))
        right, bottom = min(photo_w, math.ceil(xs.max())), min(photo_h, math.ceil(ys.max()))
        boxes.append((left, top, right - left, bottom - top))
    style = Style(
        background=style_background,
        face=style_face,
        layout=style_layout,
        spinner=spinner,
        perspective=perspective,
        tilt=round(tilt, 3),
        glare=glare,
        blur=round(blur, 2),
        noise=round(noise, 2),
        quality=quality,
        tile_fraction=round(fraction, 3),
        divider=(round(divider[0], 3), round(divider[1], 3)),
    )
    return Synthetic(
        jpeg=encoded.tobytes(),
        tiles=tuple((int(a), int(b)) for a, b in chosen),
        boxes=tuple(boxes),
        width=photo_w,
        height=photo_h,
        highest=highest,
        style=style,
    )
