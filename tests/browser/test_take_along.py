"""Taking a game along and bringing one in, on a phone: the print view of a whole 8-player, 13-round game is one A4
page in Chromium's print-to-PDF; the new-game form seats a suggested player with one tap; a game's file from
another server is imported from the games list."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

EIGHT = ["Alexandrina", "Bartholomew", "Constantina", "Dobromila", "Emmanuelle", "Florentina", "Gwendolyn", "Hildegard"]


def _game(page: Page, server: str, players: list[str], rounds: int, **setup: object) -> str:
    response = page.request.post(f"{server}/api/v1/games", data={"players": players, **setup})
    assert response.status == 201, response.text()
    game = str(response.json()["id"])
    for n in range(rounds):
        out = players[n % len(players)]
        pips = {p: 0 if p == out else 20 + 7 * i + n for i, p in enumerate(players)}
        done = page.request.post(f"{server}/api/v1/games/{game}/rounds", data={"pips": pips, "went_out": out})
        assert done.status == 201, done.text()
    return game


def _pages(pdf: bytes) -> int:
    """The pages of a PDF: its page objects (/Type /Page, not the /Pages tree above them)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_a_whole_13_round_game_for_8_players_prints_on_one_a4_page(
    page: Page, live_server: str, artifacts: Path
) -> None:
    game = _game(page, live_server, EIGHT, 13, set=12)
    page.goto(f"{live_server}/games/{game}")
    page.get_by_role("link", name="Print").click()
    expect(page.get_by_role("heading", name=re.compile("Mexican Train"))).to_be_visible()
    expect(page.locator(".score-grid tbody tr")).to_have_count(13)
    expect(page.locator(".score-grid thead th")).to_have_count(9)
    expect(page.locator(".sheet .chart polyline")).to_have_count(8)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # the table scrolls in its box
    page.screenshot(path=str(artifacts / "print-view.png"), full_page=True)
    pdf = page.pdf(format="A4", print_background=True)
    (artifacts / "print-view.pdf").write_bytes(pdf)
    assert pdf.startswith(b"%PDF")
    assert _pages(pdf) == 1
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi, to look at what the paper shows
    page.emulate_media(media="print")
    page.screenshot(path=str(artifacts / "print-view-a4.png"), full_page=True)
    page.emulate_media(media="screen")
    # the count is real: a long evening takes more than one page
    many = _game(page, live_server, ["Ana", "Ben"], 0, game="super-domino")
    for _n in range(60):
        data = {"pips": {"Ana": 0, "Ben": 5}, "tiles": {"Ana": 0, "Ben": 1}, "went_out": "Ana"}
        assert page.request.post(f"{live_server}/api/v1/games/{many}/rounds", data=data).status == 201
    page.goto(f"{live_server}/games/{many}/print")
    assert _pages(page.pdf(format="A4")) > 1


def _tap_size(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    return box["width"], box["height"]


def test_a_suggested_player_is_seated_with_one_tap_at_360_px(page: Page, live_server: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    _game(page, live_server, ["Wilhelmina", "Bo"], 0, set=6)
    _game(page, live_server, ["Cleo", "Wilhelmina"], 0, set=6)
    page.goto(f"{live_server}/games/new")
    chips = page.locator(".suggested-names button")
    expect(chips).to_have_text(["Cleo", "Wilhelmina", "Bo"])  # the newest game's players first
    width, height = _tap_size(page, ".suggested-names button")
    assert width >= 44 and height >= 44
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / "new-game-suggestions.png"), full_page=True)

    page.get_by_role("button", name="Wilhelmina").click()
    page.get_by_role("button", name="Bo", exact=True).click()
    expect(page.get_by_label("Player 1", exact=True)).to_have_value("Wilhelmina")
    expect(page.get_by_label("Player 2", exact=True)).to_have_value("Bo")
    expect(page.get_by_role("button", name="Wilhelmina")).to_be_disabled()  # seated once, never twice
    page.get_by_label("Player 3", exact=True).fill("Nadia")  # a new name is still taken
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".standings .name")).to_have_text(["Wilhelmina", "Bo", "Nadia"])


def test_a_game_file_from_another_server_is_imported_from_the_games_list(
    page: Page, live_server: str, artifacts: Path, tmp_path: Path
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    game = _game(page, live_server, ["Olga", "Pavel"], 3, set=6)
    document = page.request.get(f"{live_server}/api/v1/games/{game}/export").json()
    theirs = "ImportedGame-" + game[:8]  # the same game as another server would hold it, under its own id
    document["games"][0]["id"] = theirs
    document["games"][0]["watch_code"] = None
    upload = tmp_path / "their-game.json"
    upload.write_text(json.dumps(document), encoding="utf-8")
    wrong = tmp_path / "photo.json"
    wrong.write_bytes(b"\x89PNG\r\n\x1a\n")

    page.goto(live_server + "/")
    page.get_by_role("link", name="Import a game").click()
    page.get_by_label("The game's file (JSON)").set_input_files(str(wrong))
    page.get_by_role("button", name="Import the game").click()
    expect(page.locator(".error")).to_contain_text("it is not JSON")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / "import-wrong-file.png"), full_page=True)

    page.get_by_label("The game's file (JSON)").set_input_files(str(upload))
    page.get_by_role("button", name="Import the game").click()
    expect(page.locator(".flash").first).to_contain_text("The game is here now")
    expect(page.locator(".standings .name")).to_have_text(["Olga", "Pavel"])
    assert page.url.endswith(f"/games/{theirs}")

    page.goto(live_server + "/games/import")
    page.get_by_label("The game's file (JSON)").set_input_files(str(upload))
    page.get_by_role("button", name="Import the game").click()
    expect(page.locator(".error")).to_have_text("This game is already here, exactly as in the file.")
    page.get_by_role("link", name="Open that game").click()
    assert page.url.endswith(f"/games/{theirs}")
