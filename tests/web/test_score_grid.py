"""The score grid and its print: the game as on paper, every cell, mark and total read back from the grid page and
from the print page and held against what was played and what the table screen's standings say. The issue's
evening: a player joins after round 2 with the highest total, one leaves after round 4, a round starts on a
stand-in engine, one is blocked, and the table ends the game after round 6 of 13; and the same shape of evening
at Super Domino, hands as rows with the tiles left and who won each."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .helpers import errors, text

# ---------------------------------------------------------------- reading a grid as a player reads it


@dataclass
class Cell:
    text: str
    classes: set[str] = field(default_factory=set)
    parts: dict[str, str] = field(default_factory=dict)
    """The text of each marked part of the cell (``v``: the score, ``run``: the total so far, ``tiles``...)."""


@dataclass
class Line:
    head: Cell
    cells: list[Cell]
    classes: set[str]


@dataclass
class Sheet:
    names: list[Cell] = field(default_factory=list)
    body: list[Line] = field(default_factory=list)
    foot: list[Line] = field(default_factory=list)


class _GridReader(HTMLParser):
    """The first ``table.score-grid`` of a page, read as its text shows (what only a screen reader hears is left
    out), each cell with its classes and the text of its marked parts."""

    def __init__(self) -> None:
        super().__init__()
        self.sheet = Sheet()
        self.inside = False
        self.done = False
        self.section = ""
        self.line: Line | None = None
        self.cell: Cell | None = None
        self.stack: list[tuple[str, str | None, bool]] = []  # (tag, part, hidden)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        if tag == "table" and "score-grid" in classes and not self.done:
            self.inside = True
            return
        if not self.inside:
            return
        if tag in ("thead", "tbody", "tfoot"):
            self.section = tag
        elif tag == "tr":
            self.line = Line(Cell(""), [], classes)
        elif tag in ("th", "td") and self.line is not None:
            self.cell = Cell("", classes)
            self.stack = []
        elif self.cell is not None and tag not in ("br",):
            hidden = "sr-only" in classes or any(h for _t, _p, h in self.stack)
            part = next(
                (c for c in ("v", "run", "tiles", "engine", "stand-in", "blocked-mark", "gone", "n") if c in classes),
                None,
            )
            self.stack.append((tag, part, hidden))

    def handle_endtag(self, tag: str) -> None:
        if not self.inside:
            return
        if tag == "table":
            self.inside, self.done = False, True
        elif tag in ("th", "td") and self.cell is not None and self.line is not None:
            self.cell.text = " ".join(self.cell.text.split())
            self.cell.parts = {k: " ".join(v.split()) for k, v in self.cell.parts.items()}
            if tag == "th" and not self.line.cells and not self.line.head.text and self.section != "thead":
                self.line.head = self.cell
            elif self.section == "thead":
                self.sheet.names.append(self.cell)
            else:
                self.line.cells.append(self.cell)
            self.cell = None
        elif tag == "tr" and self.line is not None:
            if self.section == "tbody":
                self.sheet.body.append(self.line)
            elif self.section == "tfoot":
                self.sheet.foot.append(self.line)
            self.line = None
        elif self.cell is not None and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.cell is None or any(hidden for _t, _p, hidden in self.stack):
            return
        self.cell.text += data
        for _tag, part, _hidden in self.stack:
            if part is not None:
                self.cell.parts[part] = self.cell.parts.get(part, "") + data


def grid_of(page: str) -> tuple[Sheet, str]:
    """The page's score grid, and the page's text (tags taken out) for the lines under it."""
    reader = _GridReader()
    reader.feed(page)
    assert reader.done, "no score grid on the page"
    return reader.sheet, " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _get(client: FlaskClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return text(response)


def _post(client: FlaskClient, path: str, body: Any, status: int = 201) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def _form(client: FlaskClient, path: str, data: dict[str, str]) -> None:
    response = client.post(path, data=data)
    assert response.status_code == 302, errors(text(response))


def standings(client: FlaskClient, game: str) -> dict[str, tuple[str, str]]:
    """The table screen's standings: each player's place ("–" for one who left) and the total shown big."""
    page = " ".join(_get(client, f"/games/{game}").split())
    box = re.search(r'<ol class="standings">(.*?)</ol>', page)
    assert box
    row = r'<span class="rank">([^<]*)</span> <span class="name">([^<]+?)\s*(?:<small|</span>)'
    rows = re.findall(row + r'.*?<span class="total"[^>]*>([^<]*)</span>', box.group(1))
    return {html.unescape(name).strip(): (rank, total) for rank, name, total in rows}


# ---------------------------------------------------------------- the evening at Mexican Train

PLAYERS = ["Ana", "Ben", "Cleo", "Eve"]
ROUNDS: list[dict[str, Any]] = [
    {"pips": {"Ana": 20, "Ben": 30, "Cleo": 0, "Eve": 25}, "went_out": "Cleo"},
    {"pips": {"Ana": 15, "Ben": 0, "Cleo": 10, "Eve": 30}, "went_out": "Ben"},
    # Dani joins here, with the highest total: Eve's 55
    {"pips": {"Ana": 0, "Ben": 12, "Cleo": 8, "Eve": 4, "Dani": 6}, "went_out": "Ana", "engine": 9},
    {"pips": {"Ana": 5, "Ben": 9, "Cleo": 3, "Eve": 7, "Dani": 2}, "blocked": True},
    # Cleo leaves here, with the lowest total (21)
    {"pips": {"Ana": 10, "Ben": 0, "Eve": 11, "Dani": 14}, "went_out": "Ben"},
    {"pips": {"Ana": 6, "Ben": 13, "Eve": 0, "Dani": 9}, "went_out": "Eve"},
]
"""Totals after round 6: Ana 56, Ben 64, Cleo 21 (left after round 4), Eve 77, Dani 55 + 31 = 86."""


def _evening(client: FlaskClient, body: dict[str, Any], rounds: list[dict[str, Any]], join_start: str) -> str:
    """The issue's evening: Dani joins after round 2 (starting as ``join_start`` says), Cleo (seat 2) leaves after
    round 4, and the table ends the game after round 6."""
    game = str(_post(client, "/api/v1/games", body)["id"])
    for number, entry in enumerate(rounds, start=1):
        _post(client, f"/api/v1/games/{game}/rounds", entry)
        if number == 2:
            _form(client, f"/games/{game}/players/join", {"join-name": "Dani", "join-start": join_start})
        if number == 4:
            _form(client, f"/games/{game}/players/leave", {"leave-seat": "2"})
    version = client.get(f"/api/v1/games/{game}").get_json()["version"]
    _form(client, f"/games/{game}/finish", {"number": "6", "version": str(version)})
    return game


def _mexican_train_evening(client: FlaskClient) -> str:
    body = {"players": PLAYERS, "rules": "czech", "house_rules": {"missing_engine": "highest-double"}}
    return _evening(client, body, ROUNDS, "highest")


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.mark.parametrize("path", ["/games/{game}/grid", "/games/{game}/print"])
def test_the_grid_of_an_evening_with_a_joiner_a_leaver_and_an_early_end(client: FlaskClient, path: str) -> None:
    game = _mexican_train_evening(client)
    sheet, words = grid_of(_get(client, path.format(game=game)))
    names = ["Ana", "Ben", "Cleo", "Eve", "Dani"]
    assert [n.parts.get("name", n.text).split(" left")[0] for n in sheet.names[1:]] == names
    assert sheet.names[0].text == "Rounds"
    assert sheet.names[3].text == "Cleo left after round 4" and "left" in sheet.names[3].classes
    assert [n.text for n in sheet.names if n is not sheet.names[3]][1:] == ["Ana", "Ben", "Eve", "Dani"]

    # the rows in play order, the start row just before the joiner's first round
    heads = [line.head.text for line in sheet.body]
    assert heads == ["1 12-12", "2 11-11", "Start", "3 9-9 (for 10-10)", "4 9-9 ⊘ blocked", "5 8-8", "6 7-7"]
    assert "blocked" in sheet.body[4].classes and "blocked" not in sheet.body[3].classes
    start = sheet.body[2]
    assert "start" in start.classes
    assert [c.text for c in start.cells] == ["", "", "", "", "55"]  # Dani starts from Eve's 55, the highest

    played = [line for line in sheet.body if "start" not in line.classes]
    running = dict.fromkeys(names, 0)
    running["Dani"] = 55
    for line, entry in zip(played, ROUNDS, strict=True):
        for player, cell in zip(names, line.cells, strict=True):
            if player in entry["pips"]:
                running[player] += entry["pips"][player]
                assert cell.parts["v"].removeprefix("★") == str(entry["pips"][player]), (line.head.text, player)
                assert cell.parts["run"] == str(running[player]), (line.head.text, player)
                assert ("out" in cell.classes) == (entry.get("went_out") == player), (line.head.text, player)
                assert ("★" in cell.text) == (entry.get("went_out") == player)
            elif player == "Dani":  # not yet at the table: a dash
                assert cell.text == "–" and "not-yet" in cell.classes, line.head.text
            else:  # Cleo, gone: an empty cell
                assert cell.text == "" and "gone" in cell.classes, line.head.text
    assert not any("out" in c.classes for c in played[3].cells)  # the blocked round: nobody went out

    # the foot: each total is the table screen's, each column adds up to it, places as the standings give them
    total, place = sheet.foot
    assert total.head.text == "Total" and place.head.text == "Place"
    table = standings(client, game)
    assert [c.text for c in total.cells] == [table[p][1] for p in names] == ["56", "64", "21", "77", "86"]
    assert [c.text for c in total.cells] == [str(running[p]) for p in names]
    assert [c.text for c in place.cells] == ["1", "2", "", "3", "4"]
    assert {p: table[p][0] for p in names} == {"Ana": "1", "Ben": "2", "Cleo": "–", "Eve": "3", "Dani": "4"}

    # under the grid: the early end, and what the marks mean
    assert "ended after round 6 of 13" in words
    assert "★ went out" in words and "⊘ blocked" in words and "– joined later" in words


def test_a_round_number_on_the_grid_page_opens_its_correction_and_the_print_has_no_links(client: FlaskClient) -> None:
    game = _mexican_train_evening(client)
    page = _get(client, f"/games/{game}/grid")
    for number in range(1, 7):
        assert f'href="/games/{game}/rounds/{number}"' in page
    assert f"/games/{game}/rounds/" not in _get(client, f"/games/{game}/print")


def test_the_table_screen_the_end_screen_and_the_history_lead_to_the_grid(client: FlaskClient) -> None:
    game = str(_post(client, "/api/v1/games", {"players": ["Ana", "Ben"], "rounds": 2})["id"])
    assert f'href="/games/{game}/grid"' not in _get(client, f"/games/{game}")  # no rounds, no grid to see
    _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 0, "Ben": 7}, "went_out": "Ana"})
    assert _get(client, f"/games/{game}").count(f'href="/games/{game}/grid"') == 1  # beside the rounds
    _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 3, "Ben": 0}, "went_out": "Ben"})
    end = _get(client, f"/games/{game}")
    assert "Game over" in end and end.count(f'href="/games/{game}/grid"') == 2  # and on the end screen
    assert f'href="/games/{game}/grid"' in _get(client, f"/games/{game}/history")  # and from the history


def test_the_grid_is_kept_by_the_games_stamp_and_follows_the_game(client: FlaskClient) -> None:
    game = str(_post(client, "/api/v1/games", {"players": ["Ana", "Ben"]})["id"])
    _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 0, "Ben": 7}, "went_out": "Ana"})
    first = client.get(f"/games/{game}/grid")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and etag.startswith('W/"')
    assert client.get(f"/games/{game}/grid", headers={"If-None-Match": etag}).status_code == 304
    _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 4, "Ben": 0}, "went_out": "Ben"})
    again = client.get(f"/games/{game}/grid", headers={"If-None-Match": etag})
    assert again.status_code == 200 and again.headers["ETag"] != etag
    sheet, _words = grid_of(text(again))
    assert [c.text for c in sheet.foot[0].cells] == ["4", "7"]
    assert client.get("/games/nosuchgame12345/grid").status_code == 404


def test_a_game_with_nothing_played_says_so(client: FlaskClient) -> None:
    game = str(_post(client, "/api/v1/games", {"players": ["Ana", "Ben"]})["id"])
    assert "Nothing entered yet." in _get(client, f"/games/{game}/grid")


def test_the_grid_speaks_the_readers_language(client: FlaskClient) -> None:
    game = _mexican_train_evening(client)
    page = text(client.get(f"/games/{game}/grid", headers={"Accept-Language": "de"}))
    sheet, words = grid_of(page)
    assert sheet.names[0].text == "Runden" and sheet.foot[0].head.text == "Summe"
    assert "Punktetabelle" in words and "Unter jeder Zahl: der Stand bis dahin." in words


# ---------------------------------------------------------------- the evening at Super Domino

HANDS: list[dict[str, Any]] = [
    {
        "pips": {"Ana": 0, "Ben": 20, "Cleo": 15, "Eve": 30},
        "tiles": {"Ana": 0, "Ben": 3, "Cleo": 2, "Eve": 4},
        "went_out": "Ana",
    },
    {
        "pips": {"Ana": 12, "Ben": 0, "Cleo": 9, "Eve": 22},
        "tiles": {"Ana": 2, "Ben": 0, "Cleo": 1, "Eve": 3},
        "went_out": "Ben",
    },
    # Dani joins here, with no hands won
    {
        "pips": {"Ana": 8, "Ben": 14, "Cleo": 0, "Eve": 6, "Dani": 25},
        "tiles": {"Ana": 1, "Ben": 2, "Cleo": 0, "Eve": 1, "Dani": 4},
        "went_out": "Cleo",
    },
    {  # blocked: Dani holds the fewest tiles and wins it
        "pips": {"Ana": 10, "Ben": 7, "Cleo": 18, "Eve": 9, "Dani": 5},
        "tiles": {"Ana": 2, "Ben": 2, "Cleo": 3, "Eve": 2, "Dani": 1},
        "blocked": True,
    },
    # Cleo leaves here
    {
        "pips": {"Ana": 0, "Ben": 11, "Eve": 13, "Dani": 4},
        "tiles": {"Ana": 0, "Ben": 2, "Eve": 2, "Dani": 1},
        "went_out": "Ana",
    },
    {
        "pips": {"Ana": 6, "Ben": 9, "Eve": 8, "Dani": 0},
        "tiles": {"Ana": 1, "Ben": 2, "Eve": 2, "Dani": 0},
        "went_out": "Dani",
    },
]
WON = ["Ana", "Ben", "Cleo", "Dani", "Ana", "Dani"]
"""Who won each hand: hands won Ana 2, Ben 1, Cleo 1, Eve 0, Dani 2; pips Ana 36, Ben 61, Cleo 42, Eve 88, Dani 34."""


@pytest.mark.parametrize("path", ["/games/{game}/grid", "/games/{game}/print"])
def test_the_super_domino_grid_has_hands_as_rows_with_tiles_and_winners(client: FlaskClient, path: str) -> None:
    game = _evening(client, {"game": "super-domino", "players": PLAYERS, "rounds": 10}, HANDS, "zero")

    sheet, words = grid_of(_get(client, path.format(game=game)))
    names = ["Ana", "Ben", "Cleo", "Eve", "Dani"]
    assert sheet.names[0].text == "Hands" and sheet.names[3].text == "Cleo left after hand 4"
    assert [line.head.text for line in sheet.body] == ["1", "2", "Start", "3", "4 ⊘ blocked", "5", "6"]  # no engines
    assert [c.text for c in sheet.body[2].cells] == ["", "", "", "", "0"]  # Dani starts with no hand won
    played = [line for line in sheet.body if "start" not in line.classes]
    for line, entry, winner in zip(played, HANDS, WON, strict=True):
        for player, cell in zip(names, line.cells, strict=True):
            if player in entry["pips"]:
                assert cell.parts["v"].removeprefix("★") == str(entry["pips"][player]), (line.head.text, player)
                assert cell.parts["tiles"] == f"({entry['tiles'][player]})", (line.head.text, player)
                assert "run" not in cell.parts  # hands won so far are the foot's, not under each pip count
                assert ("out" in cell.classes) == (player == winner), (line.head.text, player)
            elif player == "Dani":
                assert cell.text == "–", line.head.text
            else:
                assert cell.text == "", line.head.text
    total, wins, place = sheet.foot
    assert (total.head.text, wins.head.text, place.head.text) == ("Total", "Hands won", "Place")
    table = standings(client, game)
    assert [c.text for c in wins.cells] == [table[p][1] for p in names] == ["2", "1", "1", "0", "2"]
    assert [c.text for c in total.cells] == ["36", "61", "42", "88", "34"]
    assert [c.text for c in place.cells] == ["2", "3", "", "4", "1"]
    assert {p: table[p][0] for p in names} == {"Dani": "1", "Ana": "2", "Ben": "3", "Eve": "4", "Cleo": "–"}
    assert "ended after hand 6 of 10" in words and "★ won the hand" in words and "In brackets: tiles left." in words


def test_the_grid_counts_as_the_scoring_house_rules_do(client: FlaskClient) -> None:
    body = {"players": ["Ana", "Ben", "Cleo"], "house_rules": {"going_out": -10, "double_end": True}}
    game = str(_post(client, "/api/v1/games", body)["id"])
    first = {"pips": {"Ana": 0, "Ben": 12, "Cleo": 7}, "went_out": "Ana", "ended_on_double": True}
    _post(client, f"/api/v1/games/{game}/rounds", first)
    _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 5, "Ben": 0, "Cleo": 3}, "went_out": "Ben"})
    sheet, _words = grid_of(_get(client, f"/games/{game}/grid"))
    assert [line.head.text for line in sheet.body] == ["1 12-12 ended on a double", "2 11-11"]
    assert [(c.parts["v"].removeprefix("★"), c.parts["run"]) for c in sheet.body[0].cells] == [
        ("-10", "-10"),
        ("24", "24"),
        ("14", "14"),
    ]
    assert [c.parts["run"] for c in sheet.body[1].cells] == ["-5", "14", "17"]  # going out again: −10
    table = standings(client, game)
    assert [c.text for c in sheet.foot[0].cells] == [table[p][1] for p in ("Ana", "Ben", "Cleo")] == ["-5", "14", "17"]


def test_a_player_joining_for_the_next_round_shows_their_start_at_once(client: FlaskClient) -> None:
    game = str(_post(client, "/api/v1/games", {"players": ["Ana", "Ben"]})["id"])
    _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 0, "Ben": 17}, "went_out": "Ana"})
    _form(client, f"/games/{game}/players/join", {"join-name": "Dani", "join-start": "highest"})
    sheet, _words = grid_of(_get(client, f"/games/{game}/grid"))
    assert [line.head.text for line in sheet.body] == ["1 12-12", "Start"]  # before round 2 is played
    assert [c.text for c in sheet.body[0].cells] == ["★0 0", "17 17", "–"]
    assert [c.text for c in sheet.body[1].cells] == ["", "", "17"]
    assert [c.text for c in sheet.foot[0].cells] == ["0", "17", "17"]
