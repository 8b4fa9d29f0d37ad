"""Sharing the result: the end screen's Share sends the result itself, a text and a picture of the podium and
totals drawn by the server, with the read-only watch link where it opens from anywhere; never the game's own
address, which lets whoever holds it change the scores."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from scorekeeper.db import session
from scorekeeper.services import join, result_image, share
from scorekeeper.services.game_view import view
from scorekeeper.services.loading import read_game
from scorekeeper.services.result_image import Place, ResultCard

from .helpers import text
from .test_disputed_results import _evening


@pytest.fixture(autouse=True)
def on_a_home_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(join, "lan_address", lambda: "192.168.1.23")
    monkeypatch.setattr(join, "listening", lambda host, port: True)


def _finished(client: FlaskClient, players: tuple[str, ...] = ("Šárka", "João", "Zoë", "Ben")) -> str:
    game = client.post("/api/v1/games", json={"players": list(players), "set": 9, "rounds": 2}).get_json()["id"]
    for number, out in ((1, players[0]), (2, players[1])):
        pips = {p: 0 if p == out else 7 * (i + 1) + number for i, p in enumerate(players)}
        answer = client.post(f"/api/v1/games/{game}/rounds", json={"pips": pips, "went_out": out})
        assert answer.status_code == 201, answer.get_json()
    return str(game)


def _shared(client: FlaskClient, game: str, **kw: Any) -> dict[str, Any]:
    answer = client.get(f"/games/{game}/share", **kw)
    assert answer.status_code == 200, text(answer)
    body: dict[str, Any] = answer.get_json()
    return body


def test_the_shared_text_says_who_won_every_place_and_no_game_address(client: FlaskClient) -> None:
    game = _finished(client)
    body = _shared(client, game)
    lines = body["text"].splitlines()
    assert lines[0] == "Mexican Train: Final result" == body["title"]
    assert lines[1] == "Šárka wins with 9 pips"  # the end screen's words without their markup
    assert lines[2:] == ["1. Šárka: 9 pips", "2. João: 15 pips", "3. Zoë: 45 pips", "4. Ben: 59 pips"]
    assert game not in body["text"] and game not in str(body["watch"]) and "/games/" not in body["text"]
    assert body["watch"] is None  # on the home network a link opens nowhere else: the text and picture go alone
    assert body["image"] == f"/games/{game}/result.png"


@pytest.mark.parametrize(
    ("base_url", "public", "outside"),
    [
        ("http://localhost:5000", None, False),
        ("http://192.168.1.7:5000", None, False),
        ("http://raspberrypi:5000", None, False),
        ("http://scores.local", None, False),
        ("https://scores.example.org", None, True),
        ("http://192.168.1.7:5000", "https://domino.example.net", True),
    ],
)
def test_the_watch_link_is_shared_only_where_it_opens_from_anywhere(
    tmp_path: Path, app_factory: Callable[..., Flask], base_url: str, public: str | None, outside: bool
) -> None:
    app = app_factory(tmp_path, WTF_CSRF_ENABLED=False, SCOREKEEPER_PUBLIC_URL=public)
    with app.test_client() as client:
        game = _finished(client)
        body = _shared(client, game, base_url=base_url)
        assert game not in body["text"] and f"/games/{game}" not in body["text"]
        if not outside:
            assert body["watch"] is None
            return
        watch = body["watch"]
        assert watch.startswith((public or base_url) + "/watch/")
        assert body["text"].endswith(f"Follow the game (this link cannot change it): {watch}")
        # the link shares what it says: the game, read only
        page = client.get(watch.removeprefix(public or base_url))
        assert page.status_code == 200 and "Šárka" in text(page) and f"/games/{game}" not in text(page)


def test_the_picture_is_a_png_of_sane_size_with_the_winner_on_top(client: FlaskClient) -> None:
    game = _finished(client)
    answer = client.get(f"/games/{game}/result.png")
    assert answer.status_code == 200 and answer.mimetype == "image/png"
    image = Image.open(io.BytesIO(answer.data))
    image.verify()
    image = Image.open(io.BytesIO(answer.data))
    assert image.format == "PNG" and image.width == 1080 and 700 <= image.height <= 1400
    assert len(answer.data) < 300_000
    # the first step of the podium stands in the middle, the tallest, in the winner's colour
    middle = image.convert("RGB").getpixel((540, 545))
    left = image.convert("RGB").getpixel((200, 545))
    assert middle == Image.new("RGB", (1, 1), result_image.GOLD).getpixel((0, 0)) and middle != left
    again = client.get(f"/games/{game}/result.png", headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304


def test_the_picture_draws_the_winner_and_the_podiums_names() -> None:
    """Drawn twice, with another winner the second time: the headline and the first step's name are drawn where
    the card says, dark on the light paper, and differ with the name."""

    def drawn(winner: str) -> Image.Image:
        card = ResultCard(
            "Mexican Train",
            f"{winner} wins with 9 pips",
            (Place(1, winner, "9 pips"), Place(2, "Ben", "15 pips"), Place(3, "João", "45 pips")),
        )
        return Image.open(io.BytesIO(result_image.result_png(card))).convert("L")

    first, second = drawn("Šárka"), drawn("Zoë")
    headline, first_step_name = (0, 100, 1080, 180), (380, 240, 700, 300)
    for band in (headline, first_step_name):
        assert first.crop(band).getextrema()[0] < 80  # dark letters there
        assert first.crop(band).tobytes() != second.crop(band).tobytes()  # and they are the name's


def test_a_long_winners_name_leaves_the_headline_whole_on_two_lines() -> None:
    """A name of 30 wide letters: the headline is not cut to the name and an ellipsis, it goes on below."""

    def drawn(headline: str) -> Image.Image:
        card = ResultCard("Mexican Train", headline, (Place(1, "W" * 30, "9 pips"), Place(2, "Ben", "15 pips")))
        return Image.open(io.BytesIO(result_image.result_png(card))).convert("L")

    below = (0, 175, 1080, 215)  # under a one-line headline, above the podium's names
    assert drawn("Ana wins with 9 pips").crop(below).getextrema()[0] > 200  # one line: nothing there
    long = drawn(f"{'W' * 30} wins with 9 pips")
    assert long.crop(below).getextrema()[0] < 80  # the rest of the sentence, dark on the paper
    assert long.crop(below).tobytes() != drawn(f"{'W' * 30} wins with 12 pips").crop(below).tobytes()


def _colour(name: str) -> tuple[int, ...]:
    return tuple(Image.new("RGB", (1, 1), name).getpixel((0, 0)))  # type: ignore[arg-type]


def test_players_sharing_a_place_stand_on_steps_as_high_as_each_other() -> None:
    """Ana and Ben share first place: on the end screen both stand on the first's step; the picture agrees."""
    places = (Place(1, "Ana", "10 pips"), Place(1, "Ben", "10 pips"), Place(3, "Cleo", "15 pips"))
    image = Image.open(io.BytesIO(result_image.result_png(ResultCard("Mexican Train", "Shared win", places))))
    second_column, as_high_as_the_first = 80, result_image.PODIUM_BASE - result_image.RISE[1] + 30
    assert image.convert("RGB").getpixel((second_column, as_high_as_the_first)) == _colour(result_image.GOLD)


def test_a_player_who_left_stands_on_no_step_of_the_pictures_podium(client: FlaskClient) -> None:
    """Cleo left after round 1 of 2 with her 4 pips: the end screen's podium has Ana and Ben only; so has the
    picture, while its places and the text still list her, marked as having left, as the end screen marks her."""
    game = client.post("/api/v1/games", json={"players": ["Ana", "Ben", "Cleo"], "rounds": 2}).get_json()["id"]
    first = {"pips": {"Ana": 0, "Ben": 9, "Cleo": 4}, "went_out": "Ana"}
    assert client.post(f"/api/v1/games/{game}/rounds", json=first).status_code == 201
    assert client.patch(f"/api/v1/games/{game}/seats/2", json={"left": True}).status_code == 200
    second = {"pips": {"Ana": 7, "Ben": 0}, "went_out": "Ben"}
    assert client.post(f"/api/v1/games/{game}/rounds", json=second).status_code == 201
    assert _shared(client, game)["text"].splitlines()[-1] == "– Cleo (left after round 1): 4 pips"
    image = Image.open(io.BytesIO(client.get(f"/games/{game}/result.png").data)).convert("RGB")
    third_step = (736, result_image.PODIUM_BASE - 20)
    assert image.getpixel(third_step) == _colour(result_image.PAPER)


def test_a_game_still_played_has_no_result_to_share(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"players": ["Ana", "Ben"]}).get_json()["id"]
    for path in (f"/games/{game}/share", f"/games/{game}/result.png"):
        answer = client.get(path)
        assert answer.status_code == 409
        assert "The game is not over yet" in text(answer)
    assert client.get("/games/no-such-game-0/result.png").status_code == 404


def test_super_domino_shares_hands_won(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"game": "super-domino", "players": ["Ana", "Ben"]}).get_json()["id"]
    hand = {"pips": {"Ana": 0, "Ben": 37}, "tiles": {"Ana": 0, "Ben": 2}, "went_out": "Ana"}
    assert client.post(f"/api/v1/games/{game}/rounds", json=hand).status_code == 201
    assert client.post(f"/api/v1/games/{game}/finish", json={}).status_code == 200
    lines = _shared(client, game)["text"].splitlines()
    assert lines[1:] == ["Ana wins with 1 hand won", "1. Ana: 1 hand won, 0 pips", "2. Ben: 0 hands won, 37 pips"]
    assert client.get(f"/games/{game}/result.png").status_code == 200


def test_super_domino_shares_the_pips_that_rank_players_with_as_many_hands(client: FlaskClient) -> None:
    """Zoë second and Bob third with no hand won each: the shared result says why (5 pips against 12)."""
    players = ["Šárka", "Bob", "Giulia", "Zoë"]
    game = client.post("/api/v1/games", json={"game": "super-domino", "players": players}).get_json()["id"]
    hand = {"pips": dict(zip(players, (0, 12, 30, 5))), "tiles": dict(zip(players, (0, 2, 4, 1))), "went_out": "Šárka"}
    assert client.post(f"/api/v1/games/{game}/rounds", json=hand).status_code == 201
    assert client.post(f"/api/v1/games/{game}/finish", json={}).status_code == 200
    assert _shared(client, game)["text"].splitlines()[2:] == [
        "1. Šárka: 1 hand won, 0 pips",
        "2. Zoë: 0 hands won, 5 pips",
        "3. Bob: 0 hands won, 12 pips",
        "4. Giulia: 0 hands won, 30 pips",
    ]
    client.set_cookie("lang", "it")
    assert "2. Zoë: 0 mani vinte, 5 punti" in _shared(client, game)["text"].splitlines()


def test_the_result_is_shared_in_the_readers_language(client: FlaskClient) -> None:
    game = _finished(client)
    client.set_cookie("lang", "cs")
    body = _shared(client, game)
    assert body["text"].splitlines()[:2] == ["Mexický vlak: Konečný výsledek", "Šárka vítězí s výsledkem 9 b."]
    in_czech = client.get(f"/games/{game}/result.png").headers["ETag"]
    client.set_cookie("lang", "en")
    assert client.get(f"/games/{game}/result.png").headers["ETag"] != in_czech  # a picture per language


def test_without_a_system_font_the_picture_is_drawn_in_pillows_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(result_image, "FONTS", {False: ("/nowhere/font.ttf",), True: ()})
    result_image.font_file.cache_clear()
    try:
        card = ResultCard("Mexican Train", "Šárka wins", (Place(1, "Šárka", "3 pips"), Place(2, "李", "9 pips")))
        image = Image.open(io.BytesIO(result_image.result_png(card)))
        assert image.width == 1080
        assert result_image.drawable("Šárka Řehoř") == "Sarka Rehor"  # not boxes where the letters are missing
    finally:
        result_image.font_file.cache_clear()


def test_a_letter_the_font_lacks_is_left_out_of_the_picture_not_drawn_as_a_box() -> None:
    """A 🎲 in a name, or a name in Chinese, with a font of European letters only: Bob is still Bob, not "Bob □"."""
    path = result_image.font_file(True)
    if path is None:
        pytest.skip("no system font here: Pillow's own font is tested above")
    assert not result_image.has_letter(path, "🎲") and result_image.has_letter(path, "Ř")
    assert result_image.drawable("Bob 🎲", bold=True) == "Bob"
    assert result_image.drawable("🎲 Šárka Dvořáková 🎲", bold=True) == "Šárka Dvořáková"
    assert result_image.drawable("🎲🎲") == "?"
    assert result_image.drawable("👨\u200d👩\u200d👧") == "?"  # the joiners of a family left on their own draw nothing
    card = ResultCard("Mexican Train", "🎲 wins with 3 pips", (Place(1, "🎲", "3 pips"), Place(2, "Bob 🎲", "9 pips")))
    assert Image.open(io.BytesIO(result_image.result_png(card))).width == 1080


def test_a_game_ended_early_is_shared_as_ended_early(client: FlaskClient) -> None:
    """The table stopped after round 1 of 3: the end screen says so, and so do the text and the picture."""
    game = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "rounds": 3}).get_json()["id"]
    played = {"pips": {"Ana": 0, "Ben": 9}, "went_out": "Ana"}
    assert client.post(f"/api/v1/games/{game}/rounds", json=played).status_code == 201
    assert client.post(f"/api/v1/games/{game}/finish", json={"number": 1}).status_code == 200
    assert _shared(client, game)["text"].splitlines()[-1] == "ended after round 1 of 3"
    ended = Image.open(io.BytesIO(client.get(f"/games/{game}/result.png").data))
    whole = _finished(client, ("Ana", "Ben"))
    assert ended.height > Image.open(io.BytesIO(client.get(f"/games/{whole}/result.png").data)).height  # its line


def test_the_text_carries_the_results_note(app: Flask) -> None:
    card = ResultCard("Mexican Train", "Ana wins with 3 pips", (Place(1, "Ana", "3 pips"),), note="ended early")
    with app.test_request_context():
        assert share.share_text(card, None).splitlines()[-1] == "ended early"


def test_the_shared_text_marks_the_leaver_and_the_early_end(client: FlaskClient) -> None:
    """The issue's evening: Cleo left after round 4 with the lowest total, Dani joined with the highest, the table
    ended after round 7 of 13. Cleo holds no place in what is sent, and the text says how the game ended."""
    game = _evening(client)
    lines = _shared(client, game)["text"].splitlines()
    assert lines[1] == "Ana wins with 83 pips"
    assert lines[2:] == [
        "1. Ana: 83 pips",
        "2. Dani: 89 pips",
        "3. Ben: 91 pips",
        "4. Eve: 96 pips",
        "– Cleo (left after round 4): 64 pips",
        "ended after round 7 of 13",
    ]
    with client.application.test_request_context():
        card = share.result_card(view(read_game(session(), game)))
    podium = [p.player for p in card.places if not p.mark][:3]
    assert podium == ["Ana", "Dani", "Ben"] and card.note == "ended after round 7 of 13"


def test_the_picture_leaves_a_leaver_off_the_podium() -> None:
    """Cleo left with the lowest total and stands last: the first step carries Ana, not Cleo, whatever order the
    card's places come in; her line says when she left."""

    def drawn(places: tuple[Place, ...]) -> Image.Image:
        card = ResultCard("Mexican Train", "Ana wins with 83 pips", places, note="ended after round 7 of 13")
        return Image.open(io.BytesIO(result_image.result_png(card))).convert("L")

    ana, ben = Place(1, "Ana", "83 pips"), Place(2, "Ben", "91 pips")
    with_leaver = drawn((ana, ben, Place(3, "Cleo", "64 pips", mark="left after round 4")))
    left_off = drawn((ana, ben, Place(3, "Zoë", "99 pips", mark="left after round 4")))
    first_step_name, third_step = (380, 240, 700, 300), (720, 380, 1020, 460)
    assert with_leaver.crop(first_step_name).tobytes() == left_off.crop(first_step_name).tobytes()
    assert with_leaver.crop(third_step).getextrema()[0] > 200  # no third step: only the paper there
    stayed = drawn((ana, ben, Place(3, "Cleo", "64 pips")))
    assert stayed.crop(third_step).getextrema()[0] < 240  # a third step when Cleo played on


@pytest.mark.parametrize("shape", ["leaver", "joiner", "ended early", "tie", "super domino"])
def test_every_shape_of_result_is_drawn(client: FlaskClient, shape: str) -> None:
    game = _shape(client, shape)
    answer = client.get(f"/games/{game}/result.png")
    assert answer.status_code == 200 and answer.mimetype == "image/png"
    image = Image.open(io.BytesIO(answer.data))
    image.verify()
    assert _shared(client, game)["text"]


def _shape(client: FlaskClient, shape: str) -> str:
    """A finished game of the given shape."""
    if shape == "ended early":
        return _evening(client)
    if shape == "super domino":
        game = client.post("/api/v1/games", json={"game": "super-domino", "players": ["Ana", "Ben"]}).get_json()
        hand = {"pips": {"Ana": 0, "Ben": 9}, "tiles": {"Ana": 0, "Ben": 2}, "went_out": "Ana"}
        assert client.post(f"/api/v1/games/{game['id']}/rounds", json=hand).status_code == 201
        assert client.post(f"/api/v1/games/{game['id']}/finish", json={}).status_code == 200
        return str(game["id"])
    if shape == "tie":
        game = client.post("/api/v1/games", json={"players": ["Ana", "Ben"], "rounds": 1}).get_json()["id"]
        body = {"pips": {"Ana": 5, "Ben": 5}, "blocked": True}
        assert client.post(f"/api/v1/games/{game}/rounds", json=body).status_code == 201
        return str(game)
    game = client.post("/api/v1/games", json={"players": ["Ana", "Ben", "Cleo"], "rounds": 2}).get_json()["id"]
    first = {"pips": {"Ana": 0, "Ben": 40, "Cleo": 3}, "went_out": "Ana"}
    assert client.post(f"/api/v1/games/{game}/rounds", json=first).status_code == 201
    if shape == "leaver":
        assert client.patch(f"/api/v1/games/{game}/seats/2", json={"left": True}).status_code == 200
        second = {"pips": {"Ana": 3, "Ben": 0}, "went_out": "Ben"}
    else:
        body = {"name": "Dani", "start": "highest"}
        assert client.post(f"/api/v1/games/{game}/seats", json=body).status_code == 201
        second = {"pips": {"Ana": 3, "Ben": 0, "Cleo": 4, "Dani": 2}, "went_out": "Ben"}
    assert client.post(f"/api/v1/games/{game}/rounds", json=second).status_code == 201
    return str(game)
