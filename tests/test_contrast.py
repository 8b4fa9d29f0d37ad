"""Text stays readable at arm's length, in a lit kitchen and in a dim room: every colour pair the pages use meets
WCAG AA (4.5:1 for text, 3:1 for the focus ring) in the light theme and in the dark one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[1] / "static"
CSS = (STATIC / "base.css").read_text()
HEX = r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b"


def block(opening: str) -> str:
    """The declarations between ``opening {`` and its closing brace."""
    start = CSS.index(opening + " {") + len(opening) + 2
    return CSS[start : CSS.index("}", start)]


def palette(declarations: str) -> dict[str, str]:
    return {
        name: value if len(value) == 7 else "#" + "".join(c * 2 for c in value[1:])
        for name, value in re.findall(rf"--([\w-]+):\s*({HEX})", declarations)
    }


LIGHT = palette(block(":root"))
DARK_OWN = palette(block(":root[data-theme=dark]"))
DARK = {**LIGHT, **DARK_OWN}
THEMES = {"light": LIGHT, "dark": DARK}

# (text, background) as the stylesheets pair them
PAIRS = [
    ("ink", "paper"),
    ("ink", "card"),
    ("ink", "field"),  # inputs, plain buttons, toggles
    ("ink", "chosen"),  # a checked toggle, a picked filter
    ("ink", "hl"),  # the part of the reference a checker link lands on
    ("ink", "soft"),  # notes and code in the reference
    ("ink", "yes"),  # the flash after an action, table heads in the reference
    ("muted", "paper"),
    ("muted", "card"),
    ("muted", "field"),
    ("muted", "soft"),  # "used by none" tags
    ("felt-2", "paper"),
    ("felt-2", "card"),
    ("felt-2", "field"),
    ("felt-2", "soft"),
    ("felt-2", "hl"),
    ("felt-2", "yes"),  # links, "Correct" labels, sent marks, links in notes and highlighted sections
    ("danger", "paper"),
    ("danger", "card"),
    ("danger", "field"),  # error messages, the danger links
    ("ok", "card"),  # the checker's "Allowed"
    ("#ffffff", "felt"),  # the header
    ("on-felt-2", "felt-2"),  # primary buttons, the language in use, a picked tile
    ("paper", "danger"),  # the delete button
]
# the focus ring around whatever has focus: a graphic, 3:1 is enough
RINGS = [("accent", "paper"), ("accent", "card"), ("accent", "field")]


def luminance(colour: str, theme: dict[str, str]) -> float:
    value = theme.get(colour, colour).lstrip("#")
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str, theme: dict[str, str]) -> float:
    high, low = sorted((luminance(a, theme), luminance(b, theme)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_palettes_are_read_from_the_stylesheet() -> None:
    assert {"ink", "paper", "felt", "felt-2", "danger", "field", "on-felt-2"} <= set(LIGHT)
    assert "color-scheme: dark" in block(":root[data-theme=dark]")


def test_the_dark_theme_redefines_every_colour_but_the_felt() -> None:
    # the header's felt green is the app's face in both themes; anything else left light would glare in the dark
    assert set(LIGHT) - set(DARK_OWN) == {"felt"}
    assert set(DARK_OWN) <= set(LIGHT)


def test_the_phone_s_dark_setting_and_the_dark_pick_give_the_same_colours() -> None:
    # the same declarations twice: once for the phone's setting, once for a pick made on the page
    assert "@media screen and (prefers-color-scheme: dark) { :root:not([data-theme=light]) {" in CSS
    assert "@media screen { :root[data-theme=dark] {" in CSS  # a printed page: dark ink on white
    assert block(":root:not([data-theme=light])").split() == block(":root[data-theme=dark]").split()


@pytest.mark.parametrize("name", ["base.css", "join.css"])
def test_colours_are_named_once_as_variables(name: str) -> None:
    # rules say var(--...); the few fixed colours left are the same in both themes on purpose:
    # white on the felt, the QR code's white, the red edge of a danger link
    rules = re.sub(r"--[\w-]+:\s*[^;]+;", "", (STATIC / name).read_text())
    assert set(re.findall(HEX, rules)) <= {"#fff", "#fca5a5"}


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(("text", "background"), PAIRS)
def test_text_meets_aa_contrast(text: str, background: str, theme: str) -> None:
    ratio = contrast(text, background, THEMES[theme])
    assert ratio >= 4.5, f"{theme}: {text} on {background}: {ratio:.2f}:1"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(("ring", "background"), RINGS)
def test_the_focus_ring_stands_out(ring: str, background: str, theme: str) -> None:
    ratio = contrast(ring, background, THEMES[theme])
    assert ratio >= 3, f"{theme}: {ring} around {background}: {ratio:.2f}:1"
