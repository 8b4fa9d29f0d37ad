"""Records and stats: 30 games among 5 people, every figure the SQL reads checked against plain Python over the
same rows, with the rules' own standings deciding who won; the leaderboard's periods; the pages and the API."""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update
from time_machine import TimeMachineFixture

from scorekeeper import rules
from scorekeeper.db import session
from scorekeeper.models import Game
from scorekeeper.services import stats
from scorekeeper.services.tallies import game_changed

from .helpers import DATABASES, fresh_postgres_app
from .helpers import text as page_text

PEOPLE = ["Ana", "Ben", "Cleo", "Dora", "Šárka"]


@pytest.fixture(params=DATABASES)
def db_app(request: pytest.FixtureRequest, tmp_path: Path, app_factory: Callable[..., Flask]) -> Iterator[Flask]:
    """The app on SQLite, and on PostgreSQL too when TEST_DATABASE_URL names one it may wipe."""
    if request.param == "sqlite":
        yield app_factory(tmp_path, WTF_CSRF_ENABLED=False)
        return
    yield fresh_postgres_app(WTF_CSRF_ENABLED=False)


def _post(client: FlaskClient, path: str, body: dict[str, Any], status: int = 201) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == status, response.get_json()
    return dict(response.get_json())


def _mexican_train(client: FlaskClient, rng: random.Random, players: list[str], finish: bool, tied: bool) -> str:
    game = _post(client, "/api/v1/games", {"players": players, "set": 9, "rounds": 7})["id"]
    rounds = 7 if finish else rng.randint(1, 6)
    for _n in range(rounds):
        if tied:  # nobody ahead of anybody: first place shared by all
            body: dict[str, Any] = {"pips": dict.fromkeys(players, 0), "went_out": players[0]}
        elif rng.random() < 0.15:
            body = {"pips": {p: rng.randint(1, 40) for p in players}, "blocked": True}
        else:
            out = rng.choice(players[:2]) if rng.random() < 0.6 else rng.choice(players)
            body = {"pips": {p: 0 if p == out else rng.randint(0, 40) for p in players}, "went_out": out}
        _post(client, f"/api/v1/games/{game}/rounds", body)
    return str(game)


def _super_domino(client: FlaskClient, rng: random.Random, players: list[str], finish: bool) -> str:
    game = _post(client, "/api/v1/games", {"game": "super-domino", "players": players})["id"]
    for _n in range(rng.randint(1, 5)):
        tiles = {p: rng.randint(1, 5) for p in players}
        pips = {p: rng.randint(tiles[p], tiles[p] * 12) for p in players}
        if rng.random() < 0.25:
            body: dict[str, Any] = {"pips": pips, "tiles": tiles, "blocked": True}
        else:
            out = rng.choice(players)
            body = {"pips": pips | {out: 0}, "tiles": tiles | {out: 0}, "went_out": out}
        _post(client, f"/api/v1/games/{game}/rounds", body)
    if finish:
        _post(client, f"/api/v1/games/{game}/finish", {}, 200)
    return str(game)


def _thirty_games(client: FlaskClient) -> list[str]:
    rng = random.Random(14)
    ids = []
    for i in range(30):
        players = rng.sample(PEOPLE, rng.randint(2, 5))
        if i % 3 == 2:
            ids.append(_super_domino(client, rng, players, finish=i != 29))
        else:
            ids.append(_mexican_train(client, rng, players, finish=i not in (4, 13), tied=i in (7, 19)))
    return ids


# ---------------------------------------------------------------- the same figures in plain Python


def _expected(client: FlaskClient, ids: list[str]) -> dict[tuple[str, str], dict[str, Any]]:
    """Every record by (game kind, name), computed from the games as the API gives them, row by row."""
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for game_id in ids:
        game = client.get(f"/api/v1/games/{game_id}").get_json()
        if not game["finished"]:
            continue
        players, rounds, kind = game["players"], game["rounds"], game["game"]
        if kind == "super-domino":
            hands = [(rules.hand_winners(r["pips"], r["tiles"], r["went_out"]), r["pips"]) for r in rounds]
            table = rules.hand_standings(players, hands)
        else:
            table = rules.standings(players, [r["pips"] for r in rounds])
        place = {s.player: s.rank for s in table}
        firsts = sum(1 for s in table if s.rank == 1)
        for p in players:
            mine = [r["pips"][p] for r in rounds]
            outs = [r["went_out"] == p for r in rounds]
            run = best_run = 0
            for out in outs:
                run = run + 1 if out else 0
                best_run = max(best_run, run)
            rec = seen.setdefault((kind, p), defaultdict(list))
            rec["games"].append(1)
            rec["won"].append(place[p] == 1)
            rec["shared"].append(place[p] == 1 and firsts > 1)
            rec["totals"].append(sum(mine))
            rec["rounds"].extend(mine)
            rec["went_out"].append(sum(outs))
            rec["blocked"].append(sum(r["blocked"] for r in rounds))
            rec["streak"].append(best_run)
            rec["hands"].append(sum(p in w for w, _pips in hands) if kind == "super-domino" else 0)
            rec["places"].append((game_id, place[p]))
    return seen


def _pairs(client: FlaskClient, ids: list[str]) -> dict[tuple[str, str, str], list[int]]:
    """(kind, name, other) -> [games together, ahead, behind]."""
    out: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    places: dict[str, dict[str, int]] = {}
    kinds: dict[str, str] = {}
    for kind, name in (e := _expected(client, ids)):
        for game_id, place in e[(kind, name)]["places"]:
            places.setdefault(game_id, {})[name] = place
            kinds[game_id] = kind
    for game_id, table in places.items():
        for a, pa in table.items():
            for b, pb in table.items():
                if a != b:
                    row = out[(kinds[game_id], a, b)]
                    row[0] += 1
                    row[1] += pa < pb
                    row[2] += pa > pb
    return out


def test_every_stat_agrees_with_plain_python_over_the_same_rows(db_app: Flask) -> None:
    client = db_app.test_client()
    ids = _thirty_games(client)
    expected = _expected(client, ids)
    assert any(sum(r["shared"]) for r in expected.values()), "the games should hold a shared win"
    assert any(sum(r["blocked"]) for r in expected.values())
    players = {p["name"]: p for p in client.get("/api/v1/players").get_json()["players"]}
    assert sorted(players) == sorted(PEOPLE)
    checked = 0
    for (kind, name), e in expected.items():
        got = players[name]["stats"][kind]
        games = len(e["games"])
        assert got == {
            "games": games,
            "won": sum(e["won"]),
            "shared_wins": sum(e["shared"]),
            "win_rate": round(sum(e["won"]) / games, 4),
            "rounds": len(e["rounds"]),
            "pips_per_round": round(sum(e["rounds"]) / len(e["rounds"]), 2),
            "pips_per_game": round(sum(e["totals"]) / games, 2),
            "hands_won": sum(e["hands"]),
            "went_out": sum(e["went_out"]),
            "blocked_rounds": sum(e["blocked"]),
            "best_game": min(e["totals"]),
            "worst_game": max(e["totals"]),
            "lowest_round": min(e["rounds"]),
            "highest_round": max(e["rounds"]),
            "best_streak": max(e["streak"]),
            "games_left": 0,  # nobody leaves these games (test_disputed_results counts a leaver's)
        }, (kind, name)
        checked += 1
    for name, p in players.items():  # nobody has records for a game they never finished
        for kind, got in p["stats"].items():
            assert (got is None) == ((kind, name) not in expected)
    assert checked >= 8

    pairs = _pairs(client, ids)
    for name in PEOPLE:
        person = client.get(f"/api/v1/players/{players[name]['id']}").get_json()
        assert person["stats"] == players[name]["stats"]
        got_pairs = {
            (h["game"], name, h["opponent"]["name"]): [h["games"], h["ahead"], h["behind"]]
            for h in person["head_to_head"]
        }
        assert got_pairs == {k: v for k, v in pairs.items() if k[1] == name}
        for kind, points in person["series"].items():
            want = expected.get((kind, name), {}).get("totals", [])
            assert [p["total"] for p in points] == want  # the games in the order they started
            assert [p["place"] for p in points] == [pl for _g, pl in expected.get((kind, name), {}).get("places", [])]


@pytest.mark.dates
@pytest.mark.parametrize(
    "today",
    [None, datetime(2028, 1, 1, 0, 5, tzinfo=UTC), datetime(2028, 2, 29, 12, tzinfo=UTC)],
    ids=["today", "new-years-night", "leap-day"],  # the month and the year start together; no such day a year back
)
def test_the_leaderboard_counts_this_month_this_year_or_all_time(
    app: Flask, client: FlaskClient, time_machine: TimeMachineFixture, today: datetime | None
) -> None:
    if today is not None:
        time_machine.move_to(today)
    old = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"], "set": 6})["id"]
    new = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"], "set": 6})["id"]
    for game, out in ((old, "Ana"), (new, "Ben")):
        for _n in range(7):
            body = {"pips": {"Ana": 0, "Ben": 0} | {p: 9 for p in ("Ana", "Ben") if p != out}, "went_out": out}
            _post(client, f"/api/v1/games/{game}/rounds", body)
    last_year = stats.period_start("year") - timedelta(seconds=1)  # the last moment before this year began
    with app.app_context():
        session().execute(update(Game).where(Game.id == old).values(created_at=last_year))
        game_changed(session(), old)  # a write around the app: the tallies are told, as the app's own writes do
        session().commit()

    def winners(period: str) -> dict[str, int]:
        people = client.get(f"/api/v1/players?period={period}").get_json()["players"]
        return {p["name"]: p["stats"]["mexican-train"]["won"] for p in people if p["stats"]["mexican-train"]}

    assert winners("all") == {"Ana": 1, "Ben": 1}
    assert winners("year") == winners("month") == {"Ana": 0, "Ben": 1}
    assert client.get("/api/v1/players?period=decade").status_code == 422
    page = page_text(client.get("/stats?period=year"))
    assert "Ben" in page and 'aria-current="page"' in page
    assert page.index("Ben") < page.index("Super Domino")  # Ben leads the Mexican Train board
    assert "No finished game in this period." in page  # no Super Domino this year
    refused = client.get("/stats?period=decade")
    assert refused.status_code == 422 and "Choose the period" in page_text(refused)


def test_the_person_page_shows_records_head_to_head_and_a_chart(client: FlaskClient) -> None:
    for _g in range(2):
        game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"], "set": 6})["id"]
        for _n in range(7):
            _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 0, "Ben": 12}, "went_out": "Ana"})
    ana = next(p for p in client.get("/api/v1/players").get_json()["players"] if p["name"] == "Ana")
    page = page_text(client.get(f"/people/{ana['id']}"))
    assert "Head to head" in page and "<polyline" in page and "Win rate" in page
    assert ana["stats"]["mexican-train"]["best_streak"] == 7 and ana["stats"]["super-domino"] is None


def test_the_series_chart_is_drawn_from_nought() -> None:
    points = [
        stats.Point(str(i), datetime(2026, 1, i + 1, tzinfo=UTC), total, 1) for i, total in enumerate([40, 0, 80])
    ]
    chart = stats.series_chart(points)
    ys = [y for _x, y, _v in chart.dots]
    assert ys[1] == chart.bottom and ys[2] < ys[0] < ys[1]
    assert [v for _y, v in chart.y_ticks][0] == 0
    (alone,) = stats.series_chart(points[:1]).dots
    assert alone[0] == (chart.left + chart.right) / 2  # a first game stands in the middle


def test_a_phone_sees_the_records_of_its_own_games_only(app: Flask) -> None:
    mine, theirs = app.test_client(), app.test_client()
    game = _post(theirs, "/api/v1/games", {"players": ["Ana", "Ben"], "set": 6})["id"]
    for _n in range(7):
        _post(theirs, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 0, "Ben": 3}, "went_out": "Ana"})
    assert mine.get("/api/v1/players").get_json() == {"players": []}
    ana = theirs.get("/api/v1/players").get_json()["players"][0]
    assert mine.get(f"/api/v1/players/{ana['id']}").status_code == 404
    assert theirs.get(f"/api/v1/players/{ana['id']}").status_code == 200


def test_a_kept_leaderboard_follows_every_change(client: FlaskClient) -> None:
    def ana() -> Any:
        players = client.get("/api/v1/players").get_json()["players"]
        return next((p["stats"]["mexican-train"] for p in players if p["name"] == "Ana"), None)

    game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"], "set": 6})["id"]
    for _n in range(7):
        _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 0, "Ben": 5}, "went_out": "Ana"})
    assert ana()["won"] == 1 and ana() == ana()
    fixed = {"pips": {"Ana": 50, "Ben": 0}, "went_out": "Ben"}
    assert client.put(f"/api/v1/games/{game}/rounds/1", json=fixed).status_code == 200
    assert ana()["won"] == 0 and ana()["worst_game"] == 50  # a correction shows at once
    assert client.post(f"/games/{game}/delete").status_code == 302
    assert ana() is None  # so does the trash: nobody of this phone's games is left


@pytest.mark.dates
def test_a_long_history_shows_the_newest_games_and_the_latest_totals(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.views import people as people_pages

    games = []
    for n in range(3):
        game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben"], "set": 6})["id"]
        for _r in range(7):
            _post(client, f"/api/v1/games/{game}/rounds", {"pips": {"Ana": 0, "Ben": 1 + n}, "went_out": "Ana"})
        games.append(game)
    ben = next(p for p in client.get("/api/v1/players").get_json()["players"] if p["name"] == "Ben")
    monkeypatch.setattr(people_pages, "GAMES_SHOWN", 2)
    page = page_text(client.get(f"/people/{ben['id']}"))
    assert "The 2 newest of 3 games:" in page
    assert f"/games/{games[2]}" in page and f"/games/{games[0]}" not in page
    with app.app_context():
        latest = stats.series(session(), ben["id"], last=2)["mexican-train"]
    assert [p.total for p in latest] == [14, 21]  # the latest two, oldest first


def test_the_household_page_names_who_holds_each_record(client: FlaskClient) -> None:
    rounds = [  # Ana goes out of the first three in a row; Ben of the rest, and holds the highest round
        {"Ana": 0, "Ben": 9, "Cleo": 4},
        {"Ana": 0, "Ben": 2, "Cleo": 3},
        {"Ana": 0, "Ben": 40, "Cleo": 5},
        {"Ana": 6, "Ben": 0, "Cleo": 1},
        {"Ana": 8, "Ben": 0, "Cleo": 2},
        {"Ana": 1, "Ben": 0, "Cleo": 3},
        {"Ana": 2, "Ben": 0, "Cleo": 9},
    ]
    game = _post(client, "/api/v1/games", {"players": ["Ana", "Ben", "Cleo"], "set": 6})["id"]
    for pips in rounds:
        out = next(p for p, v in pips.items() if v == 0)
        _post(client, f"/api/v1/games/{game}/rounds", {"pips": pips, "went_out": out})
    totals = {p: sum(r[p] for r in rounds) for p in ("Ana", "Ben", "Cleo")}  # Ana 17, Ben 51, Cleo 27
    page = page_text(client.get("/stats"))
    records = re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>\s*<dd class=\"holders\">([^<]+)</dd>", page)
    assert records[:6] == [
        ("Best game", str(min(totals.values())), "Ana"),
        ("Worst game", str(max(totals.values())), "Ben"),
        ("Highest round", "40", "Ben"),
        ("Longest run going out", "4", "Ben"),
        ("Went out", "4", "Ben"),
        ("Won", "1", "Ana"),
    ]
