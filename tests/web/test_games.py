"""The score sheet pages, as a player uses them through the browser's forms."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from .helpers import enter_round, errors, start_game, text


def test_new_game_opens_the_table_screen_at_round_one(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", "Dan")
    html = text(client.get(game))
    assert "Round 1 of 13" in html
    assert "Engine <strong>double-12</strong>" in html
    assert "draws <strong>15</strong> tiles" in html
    assert "30 stay in the boneyard" in html  # 91 - engine - 4 x 15


def test_game_urls_are_unguessable(client: FlaskClient) -> None:
    a = start_game(client, "Ana", "Ben")
    b = start_game(client, "Ana", "Ben")
    ids = [a.rsplit("/", 1)[1], b.rsplit("/", 1)[1]]
    assert all(len(i) >= 16 and not i.isdigit() for i in ids)
    assert ids[0] != ids[1]


def test_names_are_trimmed_kept_in_any_script_and_escaped(client: FlaskClient) -> None:
    game = start_game(client, "  Šárka ", "João", "<script>x</script>")
    html = text(client.get(game))
    assert "Šárka" in html and "João" in html
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html


def test_bad_players_are_refused_next_to_the_field_and_typing_is_kept(client: FlaskClient) -> None:
    response = client.post(
        "/games/new",
        data={
            "players-0": "Ana",
            "players-1": "ana",
            "players-2": "x" * 31,
            "set": "12",
            "order": "down",
            "double_blank": "0",
        },
    )
    assert response.status_code == 200
    html = text(response)
    messages = errors(html)
    assert any("already player 1" in m for m in messages)
    assert any("keep names to 30" in m for m in messages)
    assert 'value="ana"' in html and "x" * 31 in html


def test_a_repeated_name_names_the_box_it_was_first_typed_in_though_boxes_between_are_empty(
    client: FlaskClient,
) -> None:
    # Ana in the 4th box, with the 2nd and 3rd left empty: "already player 4", the box the person sees
    response = client.post(
        "/games/new",
        data={"players-0": "Ben", "players-3": "Ana", "players-5": "ANA", "set": "12", "order": "down"},
    )
    messages = errors(text(response))
    assert any("“ANA” is already player 4" in m for m in messages), messages


def test_one_player_is_not_a_game(client: FlaskClient) -> None:
    html = text(client.post("/games/new", data={"players-0": "Ana", "set": "12", "order": "down", "double_blank": "0"}))
    assert any("at least 2 players" in m for m in errors(html))


def test_a_small_set_refuses_a_big_table(client: FlaskClient) -> None:
    response = client.post(
        "/games/new",
        data={**{f"players-{i}": f"P{i}" for i in range(6)}, "set": "6", "order": "down", "double_blank": "0"},
    )
    assert any("double-6 set deals for at most 4 players; use a double-9 set" in m for m in errors(text(response)))


def test_counting_up_and_a_short_game(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", order="up", rounds="3")
    assert "Round 1 of 3" in text(client.get(game))
    assert "double-0" in text(client.get(game))


def test_rounds_outside_the_set_are_refused(client: FlaskClient) -> None:
    html = text(
        client.post(
            "/games/new",
            data={
                "players-0": "A",
                "players-1": "B",
                "set": "12",
                "order": "down",
                "double_blank": "0",
                "rounds": "14",
            },
        )
    )
    assert any("1 to 13 rounds" in m for m in errors(html))


def test_entering_a_round_moves_on_and_updates_totals(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo")
    assert enter_round(client, game, 0, 23, 41, went_out="0").status_code == 302
    html = text(client.get(game))
    assert "Round 2 of 13" in html and "double-11" in html
    totals = re.findall(r'class="name">([^<]+)</span>\s*<span class="total">(\d+)', html)
    assert totals == [("Ana", "0"), ("Ben", "23"), ("Cleo", "41")]


def test_went_out_with_a_blank_field_counts_zero(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    assert enter_round(client, game, "", 7, went_out="0").status_code == 302
    assert "Ana 0" in text(client.get(game))


def test_bad_pips_get_a_message_next_to_the_field_and_nothing_typed_is_lost(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", "Dan")
    response = enter_round(client, game, "-3", "abc", "5000", "")
    html = text(response)
    messages = errors(html)
    assert any("Ana: pips cannot be negative" in m for m in messages)
    assert any("“abc” is not a whole number" in m for m in messages)
    assert any("5000 is more pips than a hand can hold" in m for m in messages)
    assert any("Enter Dan's pips" in m for m in messages)
    for typed in ('value="-3"', 'value="abc"', 'value="5000"'):
        assert typed in html
    assert "Round 1 of 13" in text(client.get(game))  # nothing saved


def test_went_out_with_pips_left_is_refused(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    html = text(enter_round(client, game, 4, 7, went_out="0"))
    assert any("Ana went out, so Ana has 0 pips" in m for m in errors(html))


def test_blocked_round_with_somebody_out_is_refused(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    html = text(enter_round(client, game, 0, 7, went_out="0", blocked=True))
    assert "A blocked round has nobody who went out" in html


def test_blocked_round_is_recorded(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    enter_round(client, game, 3, 7, blocked=True)
    assert "12-12 · blocked" in text(client.get(game))


def test_correcting_a_round_changes_the_totals_and_the_history(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    enter_round(client, game, 0, 20, went_out="0")
    enter_round(client, game, 10, 0, went_out="1")
    form = text(client.get(f"{game}/rounds/1"))
    assert 'value="20"' in form
    response = client.post(f"{game}/rounds/1", data={"pips-0": "0", "pips-1": "2", "went_out": "0"})
    assert response.status_code == 302
    html = text(client.get(game))
    assert re.findall(r'class="name">([^<]+)</span>\s*<span class="total">(\d+)', html) == [("Ben", "2"), ("Ana", "10")]
    history = text(client.get(f"{game}/history"))
    assert re.search(r'<h2 id="round-1">Round 1</h2>\s*<ol>.*Ben: 20 → 2', history, re.S)


def test_undo_removes_only_the_last_round_and_keeps_it_in_history(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    enter_round(client, game, 0, 20, went_out="0")
    enter_round(client, game, 5, 0, went_out="1")
    assert client.post(f"{game}/rounds/undo", data={"number": "2"}).status_code == 302
    html = text(client.get(game))
    assert "Round 2 of 13" in html
    assert "round undone (was Ana 5 · Ben 0)" in text(client.get(f"{game}/history"))


def test_undo_with_no_rounds_says_so(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    response = client.post(f"{game}/rounds/undo", data={"number": "1"})
    assert response.status_code == 404
    assert "this game has no rounds yet" in text(response)


def test_a_full_game_ends_with_the_winner_and_a_chart(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo")
    for r in range(13):
        enter_round(
            client, game, 0 if r % 3 == 0 else 5, 0 if r % 3 == 1 else 6, 0 if r % 3 == 2 else 9, went_out=str(r % 3)
        )
    html = text(client.get(game))
    assert "Game over" in html
    assert "<strong>Ana</strong> wins" in html
    assert "<svg viewBox" in html and "polyline" in html
    # no fourteenth round
    follow = client.get(f"{game}/rounds/new")
    assert follow.status_code == 302


def test_equal_totals_share_the_win(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", rounds="1")
    enter_round(client, game, 4, 4, blocked=True)
    assert "Shared win: <strong>Ana and Ben</strong>" in text(client.get(game))


def test_double_blank_value_raises_the_pip_limit(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", double_blank="50")
    html = text(enter_round(client, game, 1119, 0))
    assert any("at most 1118" in m for m in errors(html))


def test_games_list_shows_progress_and_finished_games(client: FlaskClient) -> None:
    playing = start_game(client, "Ana", "Ben")
    done = start_game(client, "Cleo", "Dan", rounds="1")
    enter_round(client, done, 0, 9, went_out="0")
    html = text(client.get("/"))
    in_progress, finished = html.split("<h2>Finished</h2>")
    assert "Ana, Ben" in in_progress and "Round 1 of 13" in in_progress
    assert "Cleo, Dan" in finished and "won by Cleo" in finished
    assert playing.rsplit("/", 1)[1] in in_progress


def test_reuse_last_players(client: FlaskClient) -> None:
    start_game(client, "Ana", "Šárka", "João")
    html = text(client.get("/games/new?reuse=1"))
    assert 'value="Ana"' in html and 'value="Šárka"' in html and 'value="João"' in html


def test_delete_asks_then_removes(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben")
    assert "Delete this game?" in text(client.get(f"{game}/delete"))
    assert client.post(f"{game}/delete").status_code == 302
    assert client.get(game).status_code == 404


def test_unknown_game_and_round_are_404_pages_not_errors(client: FlaskClient) -> None:
    assert client.get("/games/no-such-game").status_code == 404
    game = start_game(client, "Ana", "Ben")
    response = client.get(f"{game}/rounds/5")
    assert response.status_code == 404
    assert "Round 5 has not been played" in text(response)
    assert client.get(f"{game}/rounds/-1").status_code == 404
    assert client.get(f"{game}/rounds/abc").status_code == 404


def test_the_game_keeps_its_rules_and_deals_by_them(client: FlaskClient) -> None:
    game = start_game(client, "Ana", "Ben", "Cleo", "Dan", "Eva", rules="italian")
    html = text(client.get(game))
    assert "Italian rules" in html
    assert "draws <strong>14</strong> tiles" in html  # the Italian table: 5 players 14
    standard = start_game(client, "Ana", "Ben", "Cleo", "Dan", "Eva")
    assert "draws <strong>12</strong> tiles" in text(client.get(standard))


def test_rules_that_cannot_deal_for_the_table_say_so(client: FlaskClient) -> None:
    response = client.post(
        "/games/new",
        data={
            **{f"players-{i}": f"P{i}" for i in range(7)},
            "set": "12",
            "order": "down",
            "double_blank": "0",
            "rules": "portuguese",
        },
    )
    assert any("at most 6 players" in m for m in errors(text(response)))
