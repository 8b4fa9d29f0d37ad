"""Small pictures of known tiles for the counter's tests, drawn here so they never depend on the dev photos.

A tile is drawn upright (a light face, a dark middle bar, each half's dots in the usual layout), then turned
and pasted on a plain or striped table; the photo is saved as JPEG like a phone's.
"""

from __future__ import annotations

import io
import random

from PIL import Image, ImageDraw

# where the dots of a half lie, on a 3 x 3 grid (columns, rows 0..2), or a 3 x 4 grid past 9
_GRID: dict[int, list[tuple[float, float]]] = {
    0: [],
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    7: [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
    8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    9: [(x, y) for y in range(3) for x in range(3)],
}
_GRID[10] = [(x, y * 2 / 3) for y in range(4) for x in (0, 2)] + [(1, 0.33), (1, 1.67)]
_GRID[11] = [(x, y * 2 / 3) for y in range(4) for x in (0, 2)] + [(1, 0.33), (1, 1), (1, 1.67)]
_GRID[12] = [(x, y * 2 / 3) for y in range(4) for x in range(3)]

COLOURS = [(30, 150, 200), (200, 40, 150), (240, 170, 20), (40, 160, 60), (120, 60, 170), (210, 40, 40)]


def draw_tile(halves: tuple[int, int], *, width: int, coloured: bool, rng: random.Random) -> Image.Image:
    """One upright tile, ``width`` wide and twice as long, with a transparent outside."""
    length = 2 * width
    tile = Image.new("RGBA", (width, length), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle((0, 0, width - 1, length - 1), radius=width // 10, fill=(245, 243, 232, 255))
    bar = max(2, width // 28)
    draw.rectangle((width * 0.07, width - bar, width * 0.93, width + bar), fill=(20, 20, 20, 255))
    for index, count in enumerate(halves):
        colour = rng.choice(COLOURS) if coloured else (15, 15, 15)
        radius = width / (15 if count > 9 else 11)
        for gx, gy in _GRID[count]:
            x = width * (0.22 + 0.28 * gx)
            y = width * (0.2 + 0.3 * gy) + index * (width + bar)
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour + (255,))
    return tile


def draw_hand(tiles: list[tuple[int, int]], *, seed: int, coloured: bool, size: tuple[int, int] = (1200, 900)) -> bytes:
    """A photo of the tiles apart on a dark or wooden table, each turned at random; JPEG bytes."""
    rng = random.Random(seed)
    table = rng.choice([(40, 40, 45), (70, 60, 55), (120, 80, 45)])
    photo = Image.new("RGB", size, table)
    draw = ImageDraw.Draw(photo)
    for stripe in range(0, size[1], 23):  # grain or weave: lines the counter must not take for bars
        shade = tuple(max(0, c - 15) for c in table)
        draw.line((0, stripe, size[0], stripe + 40), fill=shade, width=3)
    columns = 4
    cell_w, cell_h = size[0] // columns, size[1] // max(1, (len(tiles) + columns - 1) // columns)
    width = int(min(cell_w, cell_h) * 0.32)
    for index, halves in enumerate(tiles):
        tile = draw_tile(halves, width=width, coloured=coloured, rng=rng)
        turned = tile.rotate(rng.uniform(0, 360), expand=True, resample=Image.Resampling.BICUBIC)
        cx = (index % columns) * cell_w + cell_w // 2 - turned.width // 2
        cy = (index // columns) * cell_h + cell_h // 2 - turned.height // 2
        photo.paste(turned, (cx, cy), turned)
    out = io.BytesIO()
    photo.save(out, "JPEG", quality=88)
    return out.getvalue()
