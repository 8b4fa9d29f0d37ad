"""Entering a round (issue 13): every round ends with a player out or blocked, unlikely pips are asked about
before they are saved, the table screen confirms a saved round with an Undo, the history reads by round."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from scorekeeper.games.mexican_train import KIND as MEXICAN_TRAIN
from scorekeeper.games.super_domino import KIND as SUPER_DOMINO

from .helpers import enter_round, errors, start_game, text


def api(game: str) -> str:
    return game.replace("/games/", "/api/v1/games/")


def stored_rounds(client: FlaskClient, game: str) -> list[dict[str, object]]:
    return client.get(api(game)).get_json()["rounds"]  # type: ignore[no-any-return]


# ---------------------------------------------------------------- a round needs its end


def test_the_api_refuses_a_round_nobody_went_out_of_that_is_not_blocked(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    neither = client.post(f"{api(game)}/rounds", json={"pips": {"Ana": 0, "Ben": 12}})
    assert neither.status_code == 422
    assert '"went_out"' in neither.get_json()["error"] and '"blocked": true' in neither.get_json()["error"]
    assert stored_rounds(client, game) == []
    assert client.post(f"{api(game)}/rounds", json={"pips": {"Ana": 3, "Ben": 12}, "blocked": True}).status_code == 201
    # a correction needs it too
    corrected = client.put(f"{api(game)}/rounds/1", json={"pips": {"Ana": 3, "Ben": 10}, "blocked": False})
    assert corrected.status_code == 422 and '"went_out"' in corrected.get_json()["error"]
    assert stored_rounds(client, game)[0]["pips"] == {"Ana": 3, "Ben": 12}


def test_the_form_refuses_a_round_without_its_end_at_that_choice(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    page = text(enter_round(client, game, 4, 12))
    ending = re.search(r'<fieldset class="ending invalid" id="ending"(.*?)</fieldset>', page, re.S)
    assert ending, page
    assert "Choose who went out, or that the round was blocked." in html.unescape(ending.group(1))
    assert "aria-describedby=went_out-error" in ending.group(0)
    assert re.search(r'name="pips-1"[^>]*value="12"', page)  # nothing typed is lost
    assert stored_rounds(client, game) == []


def test_the_ending_is_one_choice_with_none_made_at_first(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    page = text(client.get(f"{game}/rounds/new"))
    radios = re.findall(r'<input type="radio" name="went_out" value="([^"]*)"[^>]*>', page)
    assert radios == ["0", "1", "blocked"]
    assert not re.search(r'name="went_out"[^>]*checked', page)
    assert 'name="blocked"' not in page  # no second control for the same thing
    # blocked is a choice of that group, for a whole round and for the phones sending seat by seat
    assert enter_round(client, game, 4, 12, went_out="blocked").status_code == 302
    assert stored_rounds(client, game)[0]["blocked"] is True
    client.post(f"{game}/rounds/2/mine", data={"seat": "0", "pips-0": "5"})
    client.post(f"{game}/rounds/2/mine", data={"seat": "1", "pips-1": "9"})
    assert len(stored_rounds(client, game)) == 1
    marked = client.post(
        f"{game}/rounds/2/mine", data={"seat": "blocked", "went_out": "blocked"}, headers={"Accept": "application/json"}
    )
    assert marked.get_json()["stored"] is True
    assert stored_rounds(client, game)[1]["blocked"] is True
    # a correction opens with the round's ending chosen
    assert re.search(r'value="blocked"\s*checked', text(client.get(f"{game}/rounds/1")))


# ---------------------------------------------------------------- unlikely pips


def test_the_plausible_most_comes_from_the_deal() -> None:
    # four players, double-12: 15 tiles each, as if every one were the 12-12
    assert MEXICAN_TRAIN.likely_pips(4, 12, "standard", 12, 0) == 15 * 24
    assert MEXICAN_TRAIN.likely_pips(8, 12, "standard", 12, 0) == 10 * 24
    assert MEXICAN_TRAIN.likely_pips(4, 12, "standard", 12, 50) == 15 * 24 + 50  # the double-blank counted once
    assert SUPER_DOMINO.likely_pips(4, 15, "super-domino", None, 0) == 9 * 30
    # never above what a hand can hold at all
    for players in (2, 4):
        assert MEXICAN_TRAIN.likely_pips(players, 6, "standard", 6, 50) <= MEXICAN_TRAIN.most_pips(6, 6, 50)


def test_unlikely_pips_are_saved_only_once_confirmed(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "João", "Cleo", "Dan")
    page = client.post(
        f"{game}/rounds/new",
        data={"number": "1", "pips-0": "0", "pips-1": "1000", "pips-2": "7", "pips-3": "30", "went_out": "0"},
    )
    body = text(page)
    assert "Really 1000 for João? A hand rarely holds more than 360 pips in this round." in errors(body)
    assert 'name="confirmed" value="y"' in body  # "Yes, save it as typed", without any script
    assert re.search(r'name="pips-1"[^>]*value="1000"', body)
    assert stored_rounds(client, game) == []
    saved = client.post(
        f"{game}/rounds/new",
        data={
            "number": "1",
            "pips-0": "0",
            "pips-1": "1000",
            "pips-2": "7",
            "pips-3": "30",
            "went_out": "0",
            "confirmed": "y",
        },
    )
    assert saved.status_code == 302
    assert stored_rounds(client, game)[0]["pips"]["João"] == 1000


def test_the_hard_limit_stands_even_when_confirmed(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    page = text(
        client.post(f"{game}/rounds/new", data={"pips-0": "0", "pips-1": "5000", "went_out": "0", "confirmed": "y"})
    )
    assert any("more pips than a hand can hold" in e for e in errors(page))
    assert stored_rounds(client, game) == []


def test_likely_pips_pass_without_a_question_and_the_api_never_asks(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    assert enter_round(client, game, 0, 360, went_out="0").status_code == 302
    assert (
        client.post(f"{api(game)}/rounds", json={"pips": {"Ana": 0, "Ben": 1000}, "went_out": "Ana"}).status_code == 201
    )


def test_the_page_script_gets_the_bound_and_the_question(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", "Dan")
    page = text(client.get(f"{game}/rounds/new"))
    assert 'data-likely="360"' in page
    assert 'data-really="Really {pips} for {name}?"' in page


# ---------------------------------------------------------------- the table screen confirms, with Undo


def test_a_saved_round_is_confirmed_on_the_table_screen_with_undo(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo")
    assert enter_round(client, game, 0, 12, 30, went_out="0").status_code == 302
    table = text(client.get(game))
    assert "Round 1 saved: Ana 0 (out), Ben 12, Cleo 30" in table
    undo = re.search(
        r'<form id="undo-saved"[^>]*>.*?</form>\s*<p class="flash saved" role="status">.*?</p>', table, re.S
    )
    assert undo and f'action="{game}/rounds/undo"' in undo.group(0) and 'name="number" value="1"' in undo.group(0)
    assert '<button type="submit" form="undo-saved">Undo</button>' in undo.group(0)
    assert "Round 1 saved" not in text(client.get(game))  # once only: the next drawing is the shared one
    assert client.post(f"{game}/rounds/undo", data={"number": "1"}).status_code == 302
    assert stored_rounds(client, game) == []
    assert "Round 1 was undone" in text(client.get(game))


def test_the_confirmation_says_blocked_and_leaves_other_messages_alone(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    enter_round(client, game, 3, 7, went_out="blocked")
    assert "Round 1 saved: Ana 3, Ben 7, blocked" in text(client.get(game))
    client.post(f"{game}/rounds/1", data={"pips-0": "3", "pips-1": "8", "went_out": "blocked"})
    table = text(client.get(game))
    assert "Round 1 corrected." in table and "saved:" not in table and 'class="flash saved' not in table


def test_a_super_domino_hand_is_confirmed_with_its_tiles(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", game="super-domino", hands="")
    client.post(
        f"{game}/rounds/new", data={"pips-0": "0", "tiles-0": "0", "pips-1": "12", "tiles-1": "2", "went_out": "0"}
    )
    assert "Hand 1 saved: Ana 0 (out), Ben 12 · 2 tiles" in text(client.get(game))


# ---------------------------------------------------------------- the history, by round


def history_blocks(client: FlaskClient, game: str) -> list[tuple[str, list[str]]]:
    """The history page's blocks as shown: (heading, its lines without their times)."""
    page = text(client.get(f"{game}/history"))
    blocks = re.findall(r"<h2[^>]*>([^<]*)</h2>\s*<ol>(.*?)</ol>", page, re.S)
    return [
        (
            html.unescape(heading),
            [html.unescape(" ".join(line.split())) for line in re.findall(r"</time>\s*<span>(.*?)</span>", body, re.S)],
        )
        for heading, body in blocks
    ]


def test_the_history_shows_the_latest_round_first_one_block_each(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo")
    enter_round(client, game, 0, 10, 20, went_out="0")
    enter_round(client, game, 5, 0, 7, went_out="1")
    client.post(f"{game}/rounds/1", data={"pips-0": "0", "pips-1": "12", "pips-2": "20", "went_out": "0"})
    enter_round(client, game, 3, 4, 0, went_out="2")
    client.post(f"{game}/rounds/undo", data={"number": "3"})
    assert history_blocks(client, game) == [
        ("Round 3", ["round undone (was Ana 3 · Ben 4 · Cleo 0)", "entered Ana 3 · Ben 4 · Cleo 0"]),
        ("Round 2", ["entered Ana 5 · Ben 0 · Cleo 7"]),
        ("Round 1", ["Ben: 10 → 12", "entered Ana 0 · Ben 10 · Cleo 20"]),
    ]


# ---------------------------------------------------------------- two phones, one round: what differs is marked


def clash_rows(page: str) -> dict[str, tuple[str, str]]:
    """Each player's row of the clash table: the stored and the typed cell, as markup."""
    cells = r'<th scope="row">([^<]+)</th>\s*(<td class="stored">.*?</td>)\s*(<td class="yours">.*?</td>)'
    return {name: (stored, yours) for name, stored, yours in re.findall(cells, page, re.S)}


def marked(row: tuple[str, str]) -> bool:
    """Both cells marked as differing, visibly and for a screen reader; False when neither is (never one alone)."""
    flags = {'<span class="differs sr-only"> (differs)</span></td>' in cell for cell in row}
    assert len(flags) == 1, row
    return flags.pop()


def test_the_clash_marks_only_the_values_that_differ(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo")
    stored = {"number": "1", "pips-0": "0", "pips-1": "9", "pips-2": "14", "went_out": "0"}
    client.post(f"{game}/rounds/new", data=stored)
    late = client.post(f"{game}/rounds/new", data={**stored, "pips-2": "20"})
    assert late.status_code == 409
    rows = clash_rows(text(late))
    assert set(rows) == {"Ana", "Ben", "Cleo"}
    assert [name for name, row in rows.items() if marked(row)] == ["Cleo"]
    assert re.search(r'class="stored">14<', rows["Cleo"][0]) and re.search(r'class="yours">20<', rows["Cleo"][1])

    # who went out differs: those two players' cells, not the third's whose values agree
    other = client.post(f"{game}/rounds/new", data={**stored, "pips-1": "0", "went_out": "1"})
    rows = clash_rows(text(other))
    assert [name for name, row in rows.items() if marked(row)] == ["Ana", "Ben"]


def test_the_clash_marks_a_super_domino_hands_tiles_that_differ(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", game="super-domino", hands="")
    sent = {"number": "1", "pips-0": "0", "tiles-0": "0", "pips-1": "9", "tiles-1": "2", "went_out": "0"}
    client.post(f"{game}/rounds/new", data=sent)
    late = client.post(f"{game}/rounds/new", data={**sent, "tiles-1": "3"})
    assert late.status_code == 409
    rows = clash_rows(text(late))
    assert [name for name, row in rows.items() if marked(row)] == ["Ben"]
