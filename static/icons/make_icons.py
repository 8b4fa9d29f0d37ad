"""Draw the home-screen icons from static/icon.svg's shapes, with nothing but the standard library.

Run from the checkout: `python static/icons/make_icons.py`. Writes icon-192.png,
icon-512.png (rounded, like icon.svg) and icon-maskable-512.png (full-bleed
felt, the domino inside the central safe circle that launchers never crop).
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
FELT = (0x14, 0x53, 0x2D)
BONE = (0xFF, 0xFD, 0xF7)
INK = (0x11, 0x18, 0x27)
PIPS = [(24, 15), (40, 23), (32, 19), (24, 41), (40, 41), (24, 50), (40, 50)]  # icon.svg, 64x64 units
SAMPLES = 4  # per axis: 16 samples a pixel smooth the edges


def in_round_rect(x: float, y: float, left: float, top: float, w: float, h: float, r: float) -> bool:
    if not (left <= x <= left + w and top <= y <= top + h):
        return False
    cx = min(max(x, left + r), left + w - r)
    cy = min(max(y, top + r), top + h - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def colour_at(x: float, y: float, maskable: bool) -> tuple[int, int, int, int]:
    """The colour of icon.svg at a point in its 64-unit space; alpha 0 outside the rounded square."""
    if maskable:
        # shrink the drawing about the centre so the domino's corners stay inside the 40% safe radius
        x, y = 32 + (x - 32) / 0.78, 32 + (y - 32) / 0.78
    elif not in_round_rect(x, y, 0, 0, 64, 64, 12):
        return (0, 0, 0, 0)
    if not in_round_rect(x, y, 14, 6, 36, 52, 6):
        return (*FELT, 255)
    if 18 <= x <= 46 and 31 <= y <= 33:
        return (*INK, 255)
    if any((x - px) ** 2 + (y - py) ** 2 <= 3.5**2 for px, py in PIPS):
        return (*INK, 255)
    return (*BONE, 255)


def draw(size: int, maskable: bool = False) -> bytes:
    rows = []
    unit = 64 / size
    for j in range(size):
        row = bytearray([0])  # filter type 0 for each scanline
        for i in range(size):
            acc = [0, 0, 0, 0]
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    r, g, b, a = colour_at(
                        (i + (si + 0.5) / SAMPLES) * unit, (j + (sj + 0.5) / SAMPLES) * unit, maskable
                    )
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            n = SAMPLES * SAMPLES
            alpha = acc[3]
            rgb = [round(c / alpha) if alpha else 0 for c in acc[:3]]
            row += bytes([*rgb, round(alpha / n)])
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
    ):
        (HERE / name).write_bytes(draw(size, maskable))
        print(name, (HERE / name).stat().st_size, "bytes")
