"""Text stays readable at arm's length: every colour pair the pages use meets WCAG AA (4.5:1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[1] / "static" / "base.css").read_text()
COLOURS = {
    name: value if len(value) == 7 else "#" + "".join(c * 2 for c in value[1:])
    for name, value in re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b)", CSS)
}

# (text, background) as the stylesheets pair them
PAIRS = [
    ("ink", "paper"),
    ("ink", "card"),
    ("muted", "paper"),
    ("muted", "card"),
    ("felt-2", "paper"),
    ("felt-2", "card"),  # links, the "Correct" labels
    ("danger", "paper"),
    ("danger", "card"),  # error messages
    ("#ffffff", "felt"),
    ("#ffffff", "felt-2"),  # header, primary buttons, the language in use
    ("#ffffff", "danger"),  # the delete button
    ("ink", "#fef3c7"),
    ("ink", "#dcfce7"),  # the leader's row, "went out" toggles
    ("ok", "#f0fdf4"),
    ("danger", "#fef2f2"),  # the checker's verdicts
]


def luminance(colour: str) -> float:
    value = COLOURS.get(colour, colour).lstrip("#")
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_palette_is_read_from_the_stylesheet() -> None:
    assert {"ink", "paper", "felt", "danger"} <= set(COLOURS)


@pytest.mark.parametrize(("text", "background"), PAIRS)
def test_text_meets_aa_contrast(text: str, background: str) -> None:
    assert contrast(text, background) >= 4.5, f"{text} on {background}: {contrast(text, background):.2f}:1"
