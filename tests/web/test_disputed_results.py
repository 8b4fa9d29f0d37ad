"""Results a table would not dispute: a player who left never wins or places ahead of those who played on, any
game may be ended early and says so, the chart and the exports add up for a late joiner and a leaver, and every
shape of game prints. The evening the issue describes (13 rounds planned, Cleo leaves after round 4 with the
lowest total, Dani joins with the highest, the table stops after round 7) is played through all of it."""

from __future__ import annotations

import csv
import html
import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from scorekeeper.db import alembic_config, session
from scorekeeper.models import Game, Seat, SeatResult
from scorekeeper.services.results import upgrade

from .helpers import DATABASES, errors, fresh_postgres_app, text


@pytest.fixture
def other(tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[Flask]:
    """A second scorekeeper with no game yet, to import into."""
    (tmp_path / "other").mkdir()
    yield app_factory(tmp_path / "other", WTF_CSRF_ENABLED=False)


@pytest.fixture(params=DATABASES)
def either(request: pytest.FixtureRequest, tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[Flask]:
    """The app on SQLite, and on PostgreSQL too when TEST_DATABASE_URL names one it may wipe."""
    if request.param == "sqlite":
        yield app_factory(tmp_path, WTF_CSRF_ENABLED=False)
        return
    yield fresh_postgres_app(WTF_CSRF_ENABLED=False)


def _post(client: FlaskClient, path: str, body: Any, status: int = 201, **headers: str) -> Any:
    response = client.post(path, json=body, headers=headers)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def _round(client: FlaskClient, game: str, pips: dict[str, int]) -> None:
    out = next(p for p, v in pips.items() if v == 0)
    _post(client, f"/api/v1/games/{game}/rounds", {"pips": pips, "went_out": out})


def _json(client: FlaskClient, game: str) -> Any:
    return client.get(f"/api/v1/games/{game}").get_json()


def _page(client: FlaskClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return " ".join(html.unescape(text(response)).split())


def _csv(client: FlaskClient, game: str) -> list[list[str]]:
    response = client.get(f"/api/v1/games/{game}/export?format=csv")
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


def _stats(client: FlaskClient, kind: str = "mexican-train") -> dict[str, Any]:
    people = client.get("/api/v1/players").get_json()["players"]
    return {p["name"]: p["stats"][kind] for p in people if p["stats"][kind]}


def _end(client: FlaskClient, game: str, number: int, version: object) -> None:
    """Tap "End the game now" on the table screen, as it was drawn at ``version`` after round ``number``."""
    response = client.post(f"/games/{game}/finish", data={"number": str(number), "version": str(version)})
    assert response.status_code == 302


FIRST_FOUR = [
    {"Ana": 20, "Ben": 30, "Cleo": 0, "Eve": 25},
    {"Ana": 15, "Ben": 0, "Cleo": 10, "Eve": 30},
    {"Ana": 0, "Ben": 25, "Cleo": 30, "Eve": 20},
    {"Ana": 35, "Ben": 12, "Cleo": 24, "Eve": 0},
]
"""After them: Ana 70, Ben 67, Cleo 64 (the lowest), Eve 75 (the highest)."""
WITH_DANI = [
    {"Ana": 0, "Ben": 10, "Eve": 12, "Dani": 5},
    {"Ana": 8, "Ben": 0, "Eve": 9, "Dani": 6},
    {"Ana": 5, "Ben": 14, "Eve": 0, "Dani": 3},
]
"""After them: Ana 83, Ben 91, Eve 96, Dani 75 + 14 = 89."""


def _evening(client: FlaskClient, *, end: bool = True) -> str:
    """The issue's evening through the web forms and the API: Cleo leaves after round 4 with the lowest total,
    Dani joins for round 5 with the highest (75), and, with ``end``, the table ends the game after round 7 of 13."""
    game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben", "Cleo", "Eve"]})["id"]
    for pips in FIRST_FOUR:
        _round(client, game, pips)
    left = client.post(f"/games/{game}/players/leave", data={"leave-seat": "2"})
    assert left.status_code == 302, errors(text(left))
    joined = client.post(f"/games/{game}/players/join", data={"join-name": "Dani", "join-start": "highest"})
    assert joined.status_code == 302, errors(text(joined))
    for pips in WITH_DANI:
        _round(client, game, pips)
    if end:
        _end(client, game, 7, _json(client, game)["version"])
    return str(game)


# ---------------------------------------------------------------- a player who left


def test_a_player_who_left_with_the_lowest_total_does_not_win(client: FlaskClient) -> None:
    game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben", "Cleo"], "rounds": 4})["id"]
    _round(client, game, {"Ana": 10, "Ben": 12, "Cleo": 0})
    assert client.patch(f"/api/v1/games/{game}/seats/2", json={"left": True}).status_code == 200
    for pips in ({"Ana": 0, "Ben": 9}, {"Ana": 4, "Ben": 0}, {"Ana": 0, "Ben": 7}):
        _round(client, game, pips)
    answer = _json(client, game)
    assert answer["finished"] and answer["winners"] == ["Ana"]  # 14 against Ben's 28; Cleo's 0 does not count
    assert answer["standings"] == [
        {"player": "Ana", "total": 14, "rank": 1},
        {"player": "Ben", "total": 28, "rank": 2},
        {"player": "Cleo", "total": 0, "rank": None, "left_after": 1},
    ]
    end = _page(client, f"/games/{game}")
    assert "<strong>Ana</strong> wins with" in end and "<strong>Cleo</strong> wins" not in end
    podium = re.search(r'<ol class="podium".*?</ol>', end)
    assert podium and "Ana" in podium.group() and "Cleo" not in podium.group()
    assert re.search(r'class="name">Cleo <small class="gone">left after round 1</small>', end)
    ranks = dict(re.findall(r'<span class="rank">([^<]*)</span>\s*<span class="name">(\w+)', end))
    assert ranks == {"1": "Ana", "2": "Ben", "–": "Cleo"}  # no place number beside the one who left
    assert "won by Ana" in _page(client, "/")
    stats = _stats(client)
    assert (stats["Ana"]["won"], stats["Cleo"]["won"], stats["Cleo"]["win_rate"]) == (1, 0, 0)
    people = {p["name"]: p["id"] for p in client.get("/api/v1/players").get_json()["players"]}
    series = client.get(f"/api/v1/players/{people['Cleo']}").get_json()["series"]["mexican-train"]
    assert [(s["place"], s["left_after"]) for s in series] == [(None, 1)]
    assert 'class="person-chart"' not in _page(client, f"/people/{people['Cleo']}")  # her 0 is no whole game
    assert 'class="person-chart"' in _page(client, f"/people/{people['Ana']}")


def test_a_super_domino_player_who_left_with_the_most_hands_does_not_win(client: FlaskClient) -> None:
    game = _post(client, "/api/v1/games", {"game": "super-domino", "players": ["Ana", "Ben", "Cleo"]})["id"]
    url = f"/api/v1/games/{game}"
    for out in ("Cleo", "Cleo"):
        pips = {p: 0 if p == out else 9 for p in ("Ana", "Ben", "Cleo")}
        tiles = {p: 0 if p == out else 2 for p in ("Ana", "Ben", "Cleo")}
        _post(client, f"{url}/rounds", {"pips": pips, "tiles": tiles, "went_out": out})
    assert client.patch(f"{url}/seats/2", json={"left": True}).status_code == 200
    _post(client, f"{url}/rounds", {"pips": {"Ana": 0, "Ben": 5}, "tiles": {"Ana": 0, "Ben": 1}, "went_out": "Ana"})
    ended = _post(client, f"{url}/finish", {}, 200)
    assert ended["winners"] == ["Ana"]
    assert ended["standings"][-1] == {"player": "Cleo", "wins": 2, "total": 0, "rank": None, "left_after": 2}
    page = _page(client, f"/games/{game}")
    assert "<strong>Ana</strong> wins with" in page and "left after hand 2" in page
    assert _stats(client, "super-domino")["Cleo"]["won"] == 0


def test_a_super_domino_evening_asks_to_end_after_the_hand_it_names(client: FlaskClient) -> None:
    game = _post(client, "/api/v1/games", {"game": "super-domino", "players": ["Ana", "Ben"]})["id"]
    hand = {"pips": {"Ana": 0, "Ben": 9}, "tiles": {"Ana": 0, "Ben": 2}, "went_out": "Ana"}
    _post(client, f"/api/v1/games/{game}/rounds", hand)
    assert 'data-confirm="End the game after hand 1? The standings become final."' in _page(client, f"/games/{game}")
    planned = _post(client, "/api/v1/games", {"game": "super-domino", "players": ["Ana", "Ben"], "rounds": 5})["id"]
    _post(client, f"/api/v1/games/{planned}/rounds", hand)
    assert "End the game after hand 1 of 5?" in _page(client, f"/games/{planned}")
    _end(client, planned, 1, _json(client, planned)["version"])
    assert "ended after hand 1 of 5" in _page(client, f"/games/{planned}")


def test_an_upgrade_places_again_a_leaver_stored_as_the_winner(either: Flask) -> None:
    app, client = either, either.test_client()
    game = _evening(client)
    url = app.config["DATABASE_URL"]

    def places() -> dict[str, tuple[int, int | None]]:
        with app.app_context():
            rows = session().execute(
                select(Seat.name, SeatResult.place, SeatResult.left_after).join(Seat, Seat.id == SeatResult.seat_id)
            )
            return {name: (place, left) for name, place, left in rows}

    assert places()["Cleo"] == (5, 4) and places()["Ana"] == (1, None)
    with app.app_context():  # as the app before this fix stored it: Cleo's 64 first, Ana second
        db = session()
        cleo = select(Seat.id).where(Seat.game_id == game, Seat.name == "Cleo").scalar_subquery()
        ana = select(Seat.id).where(Seat.game_id == game, Seat.name == "Ana").scalar_subquery()
        db.execute(update(SeatResult).where(SeatResult.seat_id == cleo).values(place=1, left_after=None))
        db.execute(update(SeatResult).where(SeatResult.seat_id == ana).values(place=2))
        db.commit()
    command.downgrade(alembic_config(url), "0010")
    upgrade(url)
    assert places()["Cleo"] == (5, 4) and places()["Ana"] == (1, None)
    assert _stats(client)["Ana"]["won"] == 1 and _stats(client)["Cleo"]["won"] == 0


# ---------------------------------------------------------------- ending early


def test_a_mexican_train_game_ends_after_the_round_the_table_names(client: FlaskClient) -> None:
    game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"]})["id"]
    for n in range(7):
        _round(client, game, {"Ana": 0, "Ben": 10 + n} if n % 3 else {"Ana": 12, "Ben": 0})
    table = _page(client, f"/games/{game}")
    assert 'data-confirm="End the game after round 7 of 13? The standings become final."' in table
    assert ">End the game now</button>" in table
    version = _json(client, game)["version"]
    _end(client, game, 6, version)  # a page drawn before round 7: refused, said on the table screen
    assert not _json(client, game)["finished"]
    assert "This game changed on another phone since you opened it." in _page(client, f"/games/{game}")
    _end(client, game, 7, version - 1)  # a stale version
    assert not _json(client, game)["finished"]
    _end(client, game, 7, version)
    ended = _json(client, game)
    assert ended["finished"] and ended["ended_after"] == 7 and ended["rounds_total"] == 13
    _end(client, game, 7, version)  # tapped twice: harmless
    assert _json(client, game)["version"] == ended["version"]
    end = _page(client, f"/games/{game}")
    assert "Game over" in end and "ended after round 7 of 13" in end and "<strong>Ana</strong> wins" in end
    assert "End the game now" not in end
    assert re.search(r"won by Ana · ended after round 7 of 13", _page(client, "/"))
    assert "ended after round 7 of 13" in _page(client, f"/games/{game}/print")
    assert _csv(client, game)[-1] == ["ended after round 7 of 13"]
    assert _stats(client)["Ana"]["won"] == 1
    undone = client.post(f"/games/{game}/rounds/undo", data={"number": "7"})
    assert undone.status_code == 302
    reopened = _json(client, game)
    assert not reopened["finished"] and reopened["ended_after"] is None and reopened["next_round"]["number"] == 7
    assert _stats(client) == {}


def test_ending_through_the_api_names_the_round_and_honours_the_version(client: FlaskClient) -> None:
    game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"], "set": 6})["id"]
    url = f"/api/v1/games/{game}"
    _round(client, game, {"Ana": 0, "Ben": 5})
    _round(client, game, {"Ana": 3, "Ben": 0})
    assert _post(client, f"{url}/finish", {}, 412, **{"If-Match": '"1"'})["game"]["finished"] is False
    assert "another phone" in _post(client, f"{url}/finish", {"number": 1}, 409)["error"]
    ended = _post(client, f"{url}/finish", {"number": 2}, 200)
    assert ended["ended_after"] == 2 and ended["winners"] == ["Ana"]
    again = _post(client, f"{url}/finish", {"number": 2}, 200, **{"If-Match": '"3"'})
    assert again["version"] == ended["version"]


# ---------------------------------------------------------------- the chart


def _legend(page: str) -> dict[str, str]:
    legend = re.search(r'<ul class="legend">(.*?)</ul>', page, re.S)
    assert legend
    pairs = re.findall(r'<span class="who">([^<]+)</span> <span class="score">([^<]+)</span>', legend.group(1))
    return dict(pairs)


def _lines(page: str) -> list[list[tuple[float, float]]]:
    drawn = re.findall(r'<polyline class="series s\d" points="([^"]*)"', page)
    return [[tuple(map(float, p.split(","))) for p in line.split()] for line in drawn]  # type: ignore[misc]


def test_the_chart_draws_a_joiner_from_their_start_and_a_leaver_to_their_last_round(client: FlaskClient) -> None:
    game = _evening(client, end=False)
    page = text(client.get(f"/games/{game}"))
    standings = {s["player"]: s["total"] for s in _json(client, game)["standings"]}
    assert _legend(page) == {p: str(t) for p, t in standings.items()}  # Dani 89, not 14
    ana, ben, cleo, eve, dani = _lines(page)
    assert len(ana) == 8 and len(cleo) == 5 and len(dani) == 4  # the start and rounds 1-7; 0-4; 4-7
    assert dani[0][0] == cleo[-1][0] == ana[4][0]  # Dani starts where round 4 ends, Cleo stops there
    assert dani[0][1] == pytest.approx(eve[4][1], abs=4)  # at Eve's 75, the total he joined with (lanes apart)
    assert dani[0][1] < ana[1][1]  # never down on nought in round 1


def test_a_joiner_not_yet_played_shows_his_start_in_the_legend(client: FlaskClient) -> None:
    game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"]})["id"]
    _round(client, game, {"Ana": 0, "Ben": 40})
    _post(client, f"/api/v1/games/{game}/seats", {"name": "Dani", "start": "highest"})
    assert _legend(text(client.get(f"/games/{game}")))["Dani"] == "40"


# ---------------------------------------------------------------- the exports


def test_the_csv_adds_up_for_a_joiner_and_a_leaver(client: FlaskClient) -> None:
    game = _evening(client)
    rows = _csv(client, game)
    assert rows[0] == ["Round", "Ana", "Ben", "Cleo", "Eve", "Dani", "Went out"]
    assert rows[1] == ["Start", "", "", "", "", "75", ""]
    assert rows[2] == ["1", "20", "30", "0", "25", "joined later", "Cleo"]
    assert rows[6] == ["5", "0", "10", "left", "12", "5", "Ana"]
    total = next(r for r in rows if r[0] == "Total")
    for column in range(1, 6):  # each column adds up to its total, as a spreadsheet's SUM reads it
        cells = [r[column] for r in rows[1:9]]
        assert sum(int(c) for c in cells if c.isdigit()) == int(total[column])
    assert total[1:6] == ["83", "91", "64", "96", "89"]
    assert next(r for r in rows if r[0] == "Place")[1:6] == ["1", "3", "left after round 4", "4", "2"]


def test_the_csv_says_which_round_was_blocked(client: FlaskClient) -> None:
    game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"]})["id"]
    _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 4, "Ben": 9}, "blocked": True})
    assert _csv(client, game)[1] == ["1", "4", "9", "blocked"]


def test_the_json_export_carries_the_score_sheet_and_imports_again(client: FlaskClient, other: Flask) -> None:
    game = _evening(client)
    document = client.get(f"/api/v1/games/{game}/export").get_json()
    sheet = document["score_sheet"]
    assert sheet["start"] == {"Dani": 75} and sheet["ended_after"] == 7 and sheet["rounds_total"] == 13
    assert sheet["rounds"][0]["away"] == {"Dani": "joined_later"} and sheet["rounds"][0]["went_out"] == "Cleo"
    assert sheet["rounds"][6] == {
        "number": 7,
        "points": {"Ana": 5, "Ben": 14, "Eve": 0, "Dani": 3},
        "away": {"Cleo": "left"},
        "went_out": "Eve",
        "blocked": False,
    }
    assert sheet["standings"][0] == {"player": "Ana", "total": 83, "place": 1}
    assert sheet["standings"][-1] == {"player": "Cleo", "total": 64, "place": None, "left_after": 4}
    with other.test_client() as there:
        assert there.post("/api/v1/games/import", json=document).status_code == 201
        assert there.get(f"/api/v1/games/{game}/export").get_json() == document
        old = {k: v for k, v in document.items() if k != "score_sheet"}  # a file from before the score sheet
        assert there.post("/api/v1/games/import", json=old).status_code == 409  # here already: read, not refused


def test_a_file_from_before_the_score_sheet_still_imports(client: FlaskClient, other: Flask) -> None:
    game = _evening(client)
    document = client.get(f"/api/v1/games/{game}/export").get_json()
    del document["score_sheet"]
    with other.test_client() as there:
        assert there.post("/api/v1/games/import", json=document).status_code == 201
        assert there.get(f"/api/v1/games/{game}").get_json()["ended_after"] == 7


# ---------------------------------------------------------------- print


def test_every_shape_of_game_prints(client: FlaskClient) -> None:
    joiner = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"]})["id"]
    _round(client, joiner, {"Ana": 0, "Ben": 40})
    _post(client, f"/api/v1/games/{joiner}/seats", {"name": "Dani", "start": "highest"})
    _round(client, joiner, {"Ana": 3, "Ben": 0, "Dani": 2})
    page = _page(client, f"/games/{joiner}/print")
    assert "Start" in page and "joined later" in page

    leaver = _post(client, "/api/v1/games", {"players": ["Ana", "Ben", "Cleo"], "rounds": 4})["id"]
    _round(client, leaver, {"Ana": 10, "Ben": 12, "Cleo": 0})
    client.patch(f"/api/v1/games/{leaver}/seats/2", json={"left": True})
    for pips in ({"Ana": 0, "Ben": 9}, {"Ana": 4, "Ben": 0}, {"Ana": 0, "Ben": 7}):
        _round(client, leaver, pips)
    page = _page(client, f"/games/{leaver}/print")
    assert (
        "<strong>Ana</strong> wins with" in page
        and "left after round 1" in page
        and '<td class="gone"></td>' in page  # the score grid: a leaver's rounds after their last are empty
    )

    ended = _evening(client)
    page = _page(client, f"/games/{ended}/print")
    assert (
        "ended after round 7 of 13" in page
        and "<strong>Ana</strong> wins with" in page
        and "left after round 4" in page
    )

    tie = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"], "rounds": 1})["id"]
    _post(client, f"/api/v1/games/{tie}/rounds", {"pips": {"Ana": 5, "Ben": 5}, "blocked": True})
    assert "Shared win: <strong>Ana and Ben</strong>" in _page(client, f"/games/{tie}/print")

    hands = _post(client, "/api/v1/games", {"game": "super-domino", "players": ["Ana", "Ben"]})["id"]
    body = {"pips": {"Ana": 0, "Ben": 9}, "tiles": {"Ana": 0, "Ben": 2}, "went_out": "Ana"}
    _post(client, f"/api/v1/games/{hands}/rounds", body)
    _post(client, f"/api/v1/games/{hands}/finish", {}, 200)
    page = _page(client, f"/games/{hands}/print")
    assert "Hands won" in page and "<strong>Ana</strong> wins with" in page


# ---------------------------------------------------------------- the whole evening


def test_the_evening_of_the_issue_shows_the_right_winner_chart_print_csv_and_stats(client: FlaskClient) -> None:
    game = _evening(client)
    end = _page(client, f"/games/{game}")
    assert "Game over" in end and "<strong>Ana</strong> wins with" in end and "ended after round 7 of 13" in end
    podium = re.findall(r'<span class="podium-name">([^<]+)</span>', end)
    assert podium == ["Ana", "Dani", "Ben"]
    standings = re.findall(r'<span class="rank">([^<]+)</span> <span class="name">([^<]+)', end)
    assert [(rank, name.strip()) for rank, name in standings] == [
        ("1", "Ana"),
        ("2", "Dani"),
        ("3", "Ben"),
        ("4", "Eve"),
        ("–", "Cleo"),
    ]
    assert 'Cleo <small class="gone">left after round 4</small>' in end
    assert re.search(r'<span class="total">64</span> <span class="gap"></span>', end)  # no "+-19" behind Ana
    assert _legend(text(client.get(f"/games/{game}")))["Dani"] == "89"
    assert re.search(r"won by Ana · ended after round 7 of 13", _page(client, "/"))
    sheet = _page(client, f"/games/{game}/print")
    assert (
        "<strong>Ana</strong> wins with" in sheet and "joined later" in sheet and "ended after round 7 of 13" in sheet
    )
    total = next(r for r in _csv(client, game) if r[0] == "Total")
    assert total[1:6] == ["83", "91", "64", "96", "89"]
    stats = _stats(client)
    assert (stats["Ana"]["won"], stats["Ana"]["win_rate"]) == (1, 1)
    assert all(stats[p]["won"] == 0 for p in ("Ben", "Cleo", "Eve", "Dani"))
    assert stats["Cleo"]["best_game"] == 64  # her only game, though not a whole one
    board = _page(client, "/stats")
    best = re.search(r"<dt>Best game</dt><dd>(\d+)</dd> <dd class=\"holders\">([^<]+)</dd>", board)
    assert best and best.groups() == ("83", "Ana")  # not Cleo's 64 after four rounds of thirteen


def test_a_persons_page_marks_the_game_they_left_and_never_counts_it_won(client: FlaskClient) -> None:
    game = _evening(client)
    people = {p["name"]: p["id"] for p in client.get("/api/v1/players").get_json()["players"]}
    cleo = _page(client, f"/people/{people['Cleo']}")
    link = re.search(rf'<a class="game-link" href="/games/{game}">(.*?)</a>', cleo)
    assert link and '<span class="gone">left after round 4</span>' in link.group(1)
    assert "<dt>Won</dt><dd>0</dd>" in cleo
    ana = _page(client, f"/people/{people['Ana']}")
    link = re.search(rf'<a class="game-link" href="/games/{game}">(.*?)</a>', ana)
    assert link and "left after" not in link.group(1) and "<dt>Won</dt><dd>1</dd>" in ana
    answer = client.get(f"/api/v1/players/{people['Cleo']}").get_json()
    record = answer["stats"]["mexican-train"]
    assert (record["won"], record["shared_wins"], record["games_left"]) == (0, 0, 1)
    assert [(s["place"], s["left_after"]) for s in answer["series"]["mexican-train"]] == [(None, 4)]
    assert client.get(f"/api/v1/players/{people['Ana']}").get_json()["stats"]["mexican-train"]["games_left"] == 0


JSON = {"Accept": "application/json"}
"""What a phone's script asks for when it sends one seat's pips."""


def test_ending_the_game_drops_the_pips_sent_for_the_next_round_and_undo_reopens_the_last(
    client: FlaskClient, app: Flask
) -> None:
    game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben", "Cleo"], "rounds": 5})["id"]
    _round(client, game, {"Ana": 0, "Ben": 12, "Cleo": 30})
    _round(client, game, {"Ana": 8, "Ben": 0, "Cleo": 4})
    # Ben's phone had sent his 15 for round 3, Ana's her went-out, when the table ends after round 2
    for seat, fields in (("1", {"pips-1": "15"}), ("0", {"pips-0": "0", "went_out": "0"})):
        sent = client.post(f"/games/{game}/rounds/3/mine", data={"seat": seat, **fields}, headers=JSON)
        assert sent.status_code == 200 and sent.get_json()["stored"] is False
    _end(client, game, 2, _json(client, game)["version"])
    with app.app_context():
        stored = session().get(Game, game)
        assert stored is not None and stored.draft_scores == [] and stored.draft_number is None
    assert "Sent so far" not in _page(client, f"/games/{game}")
    # Undo of round 2 reopens round 2 with its own values, none of round 3's
    assert client.post(f"/games/{game}/rounds/undo", data={"number": "2"}).status_code == 302
    form = _page(client, f"/games/{game}/rounds/new")
    assert "End of round 2" in form
    pips = [re.search(rf'name="pips-{i}"[^>]*value="(\d+)"', form) for i in range(3)]
    assert [m.group(1) if m else None for m in pips] == ["8", "0", "4"]
    resent = client.post(f"/games/{game}/rounds/2/mine", data={"seat": "2", "pips-2": "4"}, headers=JSON)
    assert resent.get_json()["stored"] is True
    assert [r["number"] for r in _json(client, game)["rounds"]] == [1, 2]
    form = _page(client, f"/games/{game}/rounds/new")
    assert "End of round 3" in form and not re.search(r'name="pips-1"[^>]*value="15"', form)
