"""A finished game's result as a picture to send: the game and the winner at the top, the podium (second, first,
third, as the end screen stands them), then every place with its score; drawn with Pillow as a PNG.

Names come in every script the table writes (Šárka, João, Zoë), so the text needs a font that has their letters.
Pillow brings none, so a font of the system is found (DejaVu on Debian and Ubuntu, Liberation, Noto, the usual
ones of macOS and Windows): only from a fixed list of paths, never from anything a request says. A machine with
none of them gets Pillow's own scalable font, which has only plain Latin letters: names are then drawn with
their accents taken off (Šárka as Sarka) rather than as empty boxes.
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont


@dataclass(frozen=True)
class Place:
    """One line of the result: the place, the player and their score in words."""

    rank: int
    player: str
    score: str
    """"45 pips", or in a game scored by hands won "3 hands won", in the reader's language."""
    mark: str = ""
    """When the player left ("left after round 4"), or nothing: a player who left holds no place."""

    @property
    def named(self) -> str:
        """The player as the list of places shows them: with their mark, when there is one."""
        return f"{self.player} ({self.mark})" if self.mark else self.player


@dataclass(frozen=True)
class ResultCard:
    """A finished game's result, in the reader's language, as the shared text and picture both say it."""

    title: str
    """The game's name, its kind's title."""
    headline: str
    """Who won, as the end screen says it, without its markup."""
    places: tuple[Place, ...]
    """Every player, first place first."""
    note: str = ""
    """A mark the result carries (how the game ended), or nothing."""
    podium: tuple[Place, ...] | None = None
    """The places on the podium, best first, as the end screen stands them (a player who left is on no step);
    None for the first three places."""


FONTS: dict[bool, tuple[str, ...]] = {
    False: (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
        "/usr/share/fonts/noto/NotoSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf",
        "/System/Library/Fonts/Supplemental/Arial.ttf",
        "C:/Windows/Fonts/arial.ttf",
    ),
    True: (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
        "/usr/share/fonts/noto/NotoSans-Bold.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
        "/usr/share/fonts/liberation-sans/LiberationSans-Bold.ttf",
        "/System/Library/Fonts/Supplemental/Arial Bold.ttf",
        "C:/Windows/Fonts/arialbd.ttf",
    ),
}
"""Where a font with the letters of most European languages is found, regular and bold, best first."""

WIDTH = 1080
"""The picture's width in pixels: sharp on a phone, small enough to send (its height grows with the players)."""
MARGIN = 60
ROW = 64
"""The height of one place's line under the podium."""

INK, MUTED, PAPER, LINE = "#111827", "#4b5563", "#f8faf9", "#d1d5db"
FELT, GOLD = "#14532d", "#f2d7a7"
"""The app's own colours (static/base.css): felt green, ink on paper, the first step in the accent's light tint."""


@cache
def font_file(bold: bool) -> str | None:
    """The first font of :data:`FONTS` that is there and opens; None when there is none."""
    for path in FONTS[bold]:
        try:
            if Path(path).is_file():
                ImageFont.truetype(path, 12)
                return path
        except OSError:  # there but unreadable, or not a font after all: try the next
            continue
    return None


NO_LETTER = "\U0010fffd"
"""A private-use character no font draws: what a font shows for it is its box for a letter it does not have."""


def _shape(font: ImageFont.FreeTypeFont, char: str) -> tuple[tuple[int, int], bytes]:
    mask = font.getmask(char)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_letter(path: str, char: str) -> bool:
    """Whether the font at ``path`` draws ``char`` rather than its box for a missing letter."""
    font = ImageFont.truetype(path, 24, layout_engine=ImageFont.Layout.BASIC)  # one per question: threads share none
    return _shape(font, char) != _shape(font, NO_LETTER)


def drawable(text: str, bold: bool = False) -> str:
    """The text as the font found can draw it: a letter it does not have (a 🎲 in a name, most fonts' Chinese)
    is left out rather than drawn as a box, and Pillow's own font, with plain Latin letters only, gets the
    letters without their accents. A text with nothing left to draw is a question mark."""
    path = font_file(bold) or font_file(not bold)
    if path is not None:
        kept = "".join(c for c in text if has_letter(path, c))
    else:
        plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
        kept = "".join(c for c in plain if c.isascii())
    kept = " ".join(kept.split())
    # joiners and variation selectors left from emoji draw nothing: a name of nothing else is a question mark
    return kept if any(unicodedata.category(c)[0] not in "CZ" for c in kept) else "?"


class _Pen:
    """Draws lines of text in one font family, shrinking a line until it fits its width."""

    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self.draw = draw

    def font(self, size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
        path = font_file(bold) or font_file(not bold)
        return ImageFont.truetype(path, size) if path else ImageFont.load_default(size=size)

    def fitted(self, text: str, size: int, width: int, bold: bool = False) -> tuple[str, Font]:
        """The text, and a font of at most ``size`` (at least half of it) in which it fits ``width``; a text
        still too wide then loses letters at its end, marked with an ellipsis."""
        text = drawable(text, bold)
        for step in range(size, max(size // 2, 10) - 1, -2):
            font = self.font(step, bold)
            if self.draw.textlength(text, font=font) <= width:
                return text, font
        cut = text
        while cut and self.draw.textlength(cut + "…", font=font) > width:
            cut = cut[:-1]
        return cut + "…", font

    def line(self, xy: tuple[float, float], text: str, size: int, width: int, **style: object) -> None:
        """One line at ``xy``, anchored as ``style`` says (``anchor="mt"``: its middle top), fitted to ``width``."""
        bold = bool(style.pop("bold", False))
        shown, font = self.fitted(text, size, width, bold)
        self.draw.text(xy, shown, font=font, **style)  # type: ignore[arg-type]

    def headline(self, xy: tuple[float, float], text: str, size: int, width: int, **style: object) -> None:
        """Like :meth:`line`, but a text that fits only in a much smaller font (a long name before "wins with 9
        pips") is broken into two lines, so that the sentence is read whole rather than cut after the name."""
        bold = bool(style.get("bold", False))
        smallest = size * 2 // 3
        if self.draw.textlength(drawable(text, bold), font=self.font(smallest, bold)) <= width:
            self.line(xy, text, size, width, **style)
            return
        words = text.split()
        halves = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))] or [(text, "")]
        font = self.font(smallest, bold)
        top, bottom = min(halves, key=lambda h: max(self.draw.textlength(drawable(t, bold), font=font) for t in h))
        x, y = xy
        self.line((x, y), top, smallest, width, **dict(style))
        if bottom:
            self.line((x, y + smallest * 5 // 4), bottom, smallest, width, **dict(style))


Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# the podium's steps, left to right: second, first, third (as the end screen stands them); each as tall as its
# rank, so that players sharing a place stand as high as each other (a tie for first: two steps of the first's)
COLUMNS = (1, 0, 2)
RISE = {1: 220, 2: 150}
LOWEST_RISE = 110
PODIUM_TOP = 250
PODIUM_BASE = 570


def result_png(card: ResultCard) -> bytes:
    """The card drawn as a PNG: :data:`WIDTH` wide, as tall as its places need."""
    height = PODIUM_BASE + 40 + ROW * len(card.places) + (50 if card.note else 0) + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    pen = _Pen(draw)
    inner = WIDTH - 2 * MARGIN
    draw.rectangle((0, 0, WIDTH, 12), fill=FELT)
    pen.line((WIDTH / 2, 48), card.title, 40, inner, fill=MUTED, anchor="mt")
    pen.headline((WIDTH / 2, 112), card.headline, 60, inner, fill=INK, anchor="mt", bold=True)
    _podium(draw, pen, card)
    top = PODIUM_BASE + 40
    for i, place in enumerate(card.places):
        y = top + i * ROW
        if i % 2 == 0:
            draw.rectangle((MARGIN - 16, y, WIDTH - MARGIN + 16, y + ROW), fill="#eef2ef")
        middle = y + ROW / 2
        pen.line(
            (MARGIN + 40, middle), "–" if place.mark else str(place.rank), 34, 80, fill=INK, anchor="mm", bold=True
        )
        pen.line((MARGIN + 100, middle), place.named, 34, inner - 420, fill=INK, anchor="lm")
        pen.line((WIDTH - MARGIN, middle), place.score, 34, 300, fill=INK, anchor="rm")
    if card.note:
        pen.line((WIDTH / 2, top + ROW * len(card.places) + 20), card.note, 30, inner, fill=MUTED, anchor="mt")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _podium(draw: ImageDraw.ImageDraw, pen: _Pen, card: ResultCard) -> None:
    """The first three places on their steps, a step taller the better the place, its rank on its front."""
    step_width = (WIDTH - 2 * MARGIN - 2 * 24) / 3
    standing = [p for p in card.places if not p.mark][:3] if card.podium is None else card.podium
    for column, index in enumerate(COLUMNS):
        if index >= len(standing):
            continue
        place = standing[index]
        rise = RISE.get(place.rank, LOWEST_RISE)
        left = MARGIN + column * (step_width + 24)
        middle = left + step_width / 2
        top = PODIUM_BASE - rise
        fill = GOLD if place.rank == 1 else LINE
        draw.rounded_rectangle((left, top, left + step_width, PODIUM_BASE), radius=14, fill=fill)
        pen.line((middle, top + rise / 2), str(place.rank), 64, int(step_width), fill=INK, anchor="mm", bold=True)
        pen.line((middle, top - 56), place.player, 40, int(step_width), fill=INK, anchor="mb", bold=True)
        pen.line((middle, top - 12), place.score, 30, int(step_width), fill=MUTED, anchor="mb")
    draw.line((MARGIN - 16, PODIUM_BASE, WIDTH - MARGIN + 16, PODIUM_BASE), fill=INK, width=3)
