"""What the server does with the writes a phone kept while it had no connection (static/offline.js): sent later, in
order, each with its round number, perhaps twice; and the tag that keeps the service worker's copies of the pages
to one household (scorekeeper/views/pwa.py, static/sw.js)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from hosted.phones import Phone

from scorekeeper.views.pwa import HOUSEHOLD_HEADER

from .helpers import start_game, text

STATIC = Path(__file__).resolve().parents[2] / "static"


def kept_round(client: FlaskClient, game: str, number: int, *pips: int, went_out: int) -> dict[str, str]:
    """A round as offline.js keeps it: the form's fields, its CSRF token and round number as the page had them."""
    page = text(client.get(f"{game}/rounds/new"))
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    return {
        "csrf_token": token.group(1),
        "number": str(number),
        "went_out": str(went_out),
        **{f"pips-{i}": str(p) for i, p in enumerate(pips)},
    }


def rounds(client: FlaskClient, game: str) -> list[dict[str, object]]:
    stored: list[dict[str, object]] = client.get(f"/api/v1/games/{game.rsplit('/', 1)[1]}").get_json()["rounds"]
    return stored


def test_rounds_kept_offline_are_stored_once_in_order_however_often_they_are_sent(app_with_csrf: Flask) -> None:
    # no `with`: a test client kept open would hand the next client its CSRF token (Flask-WTF keeps it in g)
    client = app_with_csrf.test_client()
    game = start_game_with_token(client)
    first = kept_round(client, game, 1, 12, 0, 7, went_out=1)
    second = {**first, "number": "2", "went_out": "0", "pips-0": "0", "pips-1": "5", "pips-2": "9"}
    # sent in order, then sent again (a second tab, or an answer lost on the way back): each answered as done
    for fields in (first, second, first, second):
        answer = client.post(f"{game}/rounds/new", data=fields)
        assert answer.status_code == 302 and answer.headers["Location"] == game
    assert [(r["number"], r["pips"]) for r in rounds(client, game)] == [
        (1, {"Ana": 12, "Ben": 0, "Cleo": 7}),
        (2, {"Ana": 0, "Ben": 5, "Cleo": 9}),
    ]


def test_a_kept_round_another_phone_entered_with_other_values_is_the_conflict_screen_with_both(
    app_with_csrf: Flask,
) -> None:
    client, other = app_with_csrf.test_client(), app_with_csrf.test_client()
    game = start_game_with_token(client)
    kept = kept_round(client, game, 1, 30, 0, 4, went_out=1)
    assert other.post(f"{game}/rounds/new", data=kept_round(other, game, 1, 0, 12, 8, went_out=0)).status_code == 302

    answer = client.post(f"{game}/rounds/new", data=kept)
    assert answer.status_code == 409
    page = text(answer)
    assert "Round 1 was already entered on another phone." in page
    stored = re.findall(r'<td class="stored">(\d+)', page)
    yours = re.findall(r'<td class="yours">(\d+)', page)
    assert stored == ["0", "12", "8"] and yours == ["30", "0", "4"]  # nothing typed is lost
    assert [r["pips"] for r in rounds(client, game)] == [{"Ana": 0, "Ben": 12, "Cleo": 8}]


def test_a_players_own_pips_kept_offline_and_sent_twice_count_once(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    fields = {"seat": "0", "number": "1", "pips-0": "14"}
    for _ in range(2):
        answer = client.post(f"{game}/rounds/new", data=fields, headers={"Accept": "application/json"})
        assert answer.status_code == 200 and answer.get_json()["stored"] is False
    page = text(client.get(f"{game}/rounds/new"))
    assert page.count('class="mark sent"') == 1 and "Sent: 14" in page


def start_game_with_token(client: FlaskClient) -> str:
    """Three players through the new-game form, CSRF token included."""
    page = text(client.get("/games/new"))
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    data = {"csrf_token": token.group(1), "players-0": "Ana", "players-1": "Ben", "players-2": "Cleo"}
    data.update({"set": "12", "order": "down", "double_blank": "0", "rounds": ""})
    answer = client.post("/games/new", data=data)
    assert answer.status_code == 302, text(answer)
    return str(answer.headers["Location"])


def test_every_page_says_whose_it_is_the_same_for_every_phone_of_a_home(client: FlaskClient, app: Flask) -> None:
    game = start_game(client, "Ana", "Ben")
    tags = {client.get(path).headers.get(HOUSEHOLD_HEADER) for path in ("/", game, f"{game}/rounds/new", "/rules")}
    with app.test_client() as other:
        tags.add(other.get("/").headers.get(HOUSEHOLD_HEADER))
    assert len(tags) == 1 and None not in tags
    (tag,) = tags
    assert re.fullmatch(r"[0-9a-f]{20}", str(tag))  # opaque: it names no household
    assert HOUSEHOLD_HEADER not in client.get(f"/api/v1/games/{game.rsplit('/', 1)[1]}").headers


def test_signing_in_past_the_household_password_changes_the_tag(
    tmp_path: Path, app_factory: Callable[..., Flask]
) -> None:
    client = app_factory(tmp_path, SCOREKEEPER_PASSWORD="domino night").test_client()
    outside = client.get("/login").headers[HOUSEHOLD_HEADER]
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text(client.get("/login")))
    assert token
    assert client.post("/login", data={"csrf_token": token.group(1), "password": "domino night"}).status_code == 302
    home = client.get("/")
    assert home.status_code == 200 and home.headers[HOUSEHOLD_HEADER] != outside


def test_two_households_get_two_tags(tmp_path: Path, app_factory: Callable[..., Flask]) -> None:
    app = app_factory(tmp_path, SCOREKEEPER_HOSTED=True, WTF_CSRF_ENABLED=False)
    novak, costa, novak_again = (Phone(app, f"203.0.113.{n}") for n in (1, 2, 3))
    assert novak.create("The Novaks").status_code == 302
    assert costa.create("The Costas").status_code == 302
    assert novak_again.sign_in("The Novaks").status_code == 302
    first, second, again = (p.get("/games/new").headers[HOUSEHOLD_HEADER] for p in (novak, costa, novak_again))
    assert first != second and first == again


def test_the_worker_reads_the_tag_the_pages_carry_and_keeps_no_answer_to_a_form(client: FlaskClient) -> None:
    worker = client.get("/sw.js").get_data(as_text=True)
    assert f'const HOUSEHOLD = "{HOUSEHOLD_HEADER}";' in worker
    # the score pages answered from the last copy only when the network fails; a form's answer is never kept
    assert "freshOrLastSeen" in worker and "scorePage(bare)" in worker
    post_branch = worker[worker.index('request.method !== "GET"') : worker.index("const bare")]
    assert "cache.put" not in post_branch and ".put(" not in post_branch
