"""The table screen says each thing once: Super Domino's game and set are in the line under it, not twice."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from .helpers import start_game, text


def words_on_screen(page: str) -> str:
    main = page[page.index("<main") : page.index("</main>")]
    main = re.sub(r"<template.*?</template>", "", main, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)))


@pytest.mark.parametrize("language", ["en", "it", "cs", "pt", "de"])
def test_the_super_domino_table_names_its_game_and_set_once(client: FlaskClient, language: str) -> None:
    path = start_game(client, "Ana", "Ben", "Cleo", game="super-domino")
    client.get(f"/language/{language}")
    screen = words_on_screen(text(client.get(path)))
    assert screen.count("15") == 1, screen  # "double-15" in every language's words
    assert "fat spinner" in screen or language != "en"
