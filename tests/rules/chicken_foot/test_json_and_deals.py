"""Chicken Foot positions as JSON (read, written, refused with the field named), presets, and the deal tables."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from scorekeeper.rules import DealError, MoveError, OptionsError, PositionError
from scorekeeper.rules.chicken_foot import (
    ANCHORS,
    CHICKEN_DEALS,
    CHICKEN_PRESETS,
    ROOM,
    RULES,
    ChickenMove,
    ChickenPosition,
    ChickenRound,
    check_chicken,
    chicken_deal_size,
    chicken_max_players,
    resolve,
    round_doubles,
    rules_json,
    sketch_position,
)
from scorekeeper.rules.errors import SketchError
from scorekeeper.rules.tiles import DominoSet, Tile

from .helpers import MID, cf_json, cf_pos

# -- JSON -------------------------------------------------------------------------------


def test_a_position_is_written_as_it_was_read() -> None:
    doc = cf_json("5-3 4-0", ends=[4, 9, 2, 9, 7, 3, 5, 5], unfilled=[6, 7], passes=1, hand_sizes=[2, 5, 5, 5])
    doc["names"] = ["Ana", "Ben", "Cleo", "Dev"]
    written = ChickenPosition.from_json(doc).to_json()
    assert written == {**doc, "set": 9, "drawn": False}
    assert ChickenPosition.from_json(json.loads(json.dumps(written))) == ChickenPosition.from_json(doc)
    assert next(iter(written)) == "game"


def test_a_round_position_round_trips_through_json() -> None:
    r = ChickenRound.deal("chicken-foot-double-12", players=6, seed=5)
    for _ in range(30):
        doc = r.position().to_json()
        assert ChickenPosition.from_json(json.loads(json.dumps(doc))) == r.position()
        r.push(r.legal_moves()[0])


def test_house_rules_are_written_as_the_shortest_spec() -> None:
    rules = {"preset": "chicken-foot", "double_blank": 0, "draw": "one"}
    assert cf_pos(rules=rules).to_json()["rules"] == {"preset": "chicken-foot", "double_blank": 0}
    assert rules_json(*resolve("chicken-foot-double-6")) == "chicken-foot-double-6"


def test_the_set_and_centre_default_to_the_presets_set_and_its_highest_double() -> None:
    doc = cf_json("5-3", ends=[], rules="chicken-foot-double-12")
    del doc["centre"]
    pos = ChickenPosition.from_json(doc)
    assert (pos.highest, pos.centre) == (12, 12)


BAD: list[tuple[dict[str, Any], str, str]] = [
    ({"game": "super-domino"}, "game", "expected 'chicken-foot'"),
    ({"rules": "czech"}, "rules", "unknown Chicken Foot preset"),
    ({"rules": {"preset": "chicken-foot", "centre_tiles": 5}}, "rules.centre_tiles", "expected one of 6, 4, 8"),
    ({"rules": {"preset": "chicken-foot", "spinner": 1}}, "rules.spinner", "unknown option"),
    ({"set": 15}, "set", "double-6, double-9 or double-12"),
    ({"players": 9}, "players", "2 to 8 players"),
    ({"turn": 4}, "turn", "seats are 0 to 3"),
    ({"centre": 10}, "centre", "0 to 9"),
    ({"ends": [9, 9, 9]}, "ends", "6 open ends around the centre"),
    ({"ends": [4, 9, 2, 9, 7, 13]}, "ends[5]", "0 to 9"),
    ({"ends": "9"}, "ends", "expected a list"),
    ({"unfilled": [6]}, "unfilled[0]", "no open end 6"),
    ({"unfilled": [1, 1]}, "unfilled[1]", "listed twice"),
    ({"unfilled": [0]}, "unfilled[0]", "end 0 shows 4"),
    ({"ends": [], "unfilled": [0]}, "unfilled", "nothing is on the table"),
    ({"ends": [4, 9, 2, 9, 5, 5, 5, 5], "unfilled": [4, 5, 6, 7]}, "unfilled", "at most 3 ends"),
    ({"hand": ["9-9"]}, "hand", "already in the centre"),
    ({"hand": ["5-3", "3-5"]}, "hand[1]", "appears twice"),
    ({"hand": ["10-3"]}, "hand[0]", "not in a double-9 set"),
    ({"hand": [53]}, "hand[0]", 'like "9-4"'),
    ({"hand": []}, "hand", "nobody can go out"),
    ({"boneyard": 60}, "boneyard", "more than the"),
    ({"boneyard": -1}, "boneyard", "cannot be negative"),
    ({"hand_sizes": [1, 2]}, "hand_sizes", "one count per player"),
    ({"passes": 5}, "passes", "at most 4 passes"),
    ({"laid": 1}, "laid", "option first_turn_multiple is off"),
    ({"drawn": "yes"}, "drawn", "true or false"),
    ({"names": ["Ana"]}, "names", "one name per player"),
    ({"colour": "red"}, "colour", "unknown field; the Chicken Foot fields are"),
]


@pytest.mark.parametrize(("change", "field", "words"), BAD, ids=[b[1] + ":" + b[2][:16] for b in BAD])
def test_a_bad_position_names_its_field(change: dict[str, Any], field: str, words: str) -> None:
    doc = cf_json("5-3", ends=[] if change.get("hand") == [] else MID)
    doc.update(change)
    with pytest.raises(PositionError) as caught:
        ChickenPosition.from_json(doc)
    assert caught.value.field == field and words in caught.value.problem, caught.value


def test_a_missing_field_is_named() -> None:
    doc = cf_json("5-3")
    del doc["boneyard"]
    with pytest.raises(PositionError, match="boneyard: missing"):
        ChickenPosition.from_json(doc)


def test_laid_needs_the_option_and_a_ring_with_room() -> None:
    rules = {"preset": "chicken-foot", "first_turn_multiple": True}
    with pytest.raises(PositionError, match="laid: only the first player"):
        cf_pos("5-3", ends=MID, laid=1, rules=rules)
    with pytest.raises(PositionError, match="drawn: a player who has laid"):
        cf_pos("9-3", ends=[9] * 6, unfilled=range(6), laid=1, drawn=True, rules=rules)


def test_toes_listed_without_feet_first_are_refused() -> None:
    with pytest.raises(PositionError, match="foot_first is off"):
        cf_pos("5-3", ends=[*MID, 5, 5], unfilled=[6, 7], rules={"preset": "chicken-foot", "foot_first": False})


def test_moves_read_and_write_json_and_text() -> None:
    assert ChickenMove.from_json({"action": "play", "tile": "9-4", "end": 2}) == ChickenMove.play("9-4", 2)
    assert ChickenMove.parse("9-9") == ChickenMove.centre("9-9")
    assert ChickenMove.parse("draw") == ChickenMove.draw()
    for bad, field in (
        ({"action": "play", "tile": "9-4", "end": -1}, "end"),
        ({"action": "play", "tile": "9-4", "edge": 1}, "edge"),
        ({"action": "jump"}, "action"),
        ({"action": "play"}, "tile"),
    ):
        with pytest.raises(MoveError) as caught:
            ChickenMove.from_json(bad)
        assert caught.value.field == field


def test_check_chicken_takes_json_or_values() -> None:
    doc = cf_json("4-1", ends=MID)
    verdict = check_chicken(doc, {"action": "play", "tile": "4-1", "end": 0})
    assert verdict.to_json() == {
        "legal": True,
        "rule": "cf-legal",
        "reason": "You may lay 4-1 on end 1 (showing 4).",
        "title": "A legal move",
        "anchor": "chicken-foot-turns",
    }
    assert check_chicken(cf_pos("4-1", ends=MID), ChickenMove.draw()).rule == "cf-must-play-before-drawing"


# -- presets and options ------------------------------------------------------------------


def test_three_presets_one_per_set() -> None:
    assert {p: (CHICKEN_PRESETS[p].highest, CHICKEN_PRESETS[p].options.centre_tiles) for p in CHICKEN_PRESETS} == {
        "chicken-foot": (9, 6),
        "chicken-foot-double-6": (6, 4),
        "chicken-foot-double-12": (12, 6),
    }
    first = CHICKEN_PRESETS["chicken-foot"].to_json()
    assert first["name"] == "chicken-foot" and first["set"] == 9 and first["title"] == "Chicken Foot (double-9)"
    assert first["options"] == {
        "centre_tiles": 6,
        "foot_first": True,
        "draw": "one",
        "first_turn_multiple": False,
        "double_blank": 50,
    }


def test_options_refuse_what_no_table_plays() -> None:
    with pytest.raises(OptionsError, match="rules.double_blank: expected one of 50, 0, not 25"):
        resolve({"preset": "chicken-foot", "double_blank": 25})
    with pytest.raises(OptionsError, match="unknown Chicken Foot preset"):
        resolve("standard")
    with pytest.raises(OptionsError):
        CHICKEN_PRESETS["chicken-foot"].options.replace(centre_tiles=True)


# -- deal tables ----------------------------------------------------------------------------


def test_deal_tables_leave_tiles_to_draw_for_every_player_count() -> None:
    for highest, table in CHICKEN_DEALS.items():
        tiles = DominoSet(highest).tile_count
        for players, each in table.items():
            assert tiles - players * each >= 7, (highest, players)
        assert list(table) == list(range(2, max(table) + 1))


def test_deal_sizes_from_the_rule_sheets() -> None:
    assert [chicken_deal_size(n, 9) for n in range(2, 9)] == [20, 14, 11, 8, 7, 6, 6]
    assert [chicken_deal_size(n, 6) for n in range(2, 5)] == [5, 5, 5]
    assert chicken_deal_size(4, 12) == 15 and chicken_deal_size(10, 12) == 7
    assert [chicken_max_players(h) for h in (6, 9, 12)] == [4, 8, 10]


def test_too_many_players_names_the_largest_table_and_a_bigger_set() -> None:
    with pytest.raises(DealError, match="^a double-9 set deals for at most 8 players; use a double-12 set$"):
        chicken_deal_size(9, 9)
    with pytest.raises(DealError, match="^a double-6 set deals for at most 4 players; use a double-9 set$"):
        chicken_deal_size(5, 6)
    with pytest.raises(DealError, match="^a double-12 set deals for at most 10 players$"):
        chicken_deal_size(11, 12)
    with pytest.raises(DealError, match="double-6, double-9 or double-12"):
        chicken_deal_size(4, 15)
    with pytest.raises(DealError, match="at least 2 players"):
        chicken_deal_size(1, 9)
    with pytest.raises(DealError):
        ChickenRound.deal("chicken-foot", players=9)


def test_a_game_plays_a_round_per_double_from_the_highest_down() -> None:
    assert round_doubles(9) == (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
    r = ChickenRound.deal("chicken-foot-double-6", players=3, centre=0, seed=1)
    assert (r.highest, r.centre, len(r.hand(0)), r.boneyard_count) == (6, 0, 5, 13)


# -- the sketch ------------------------------------------------------------------------------


def test_a_sketch_guesses_a_chicken_yard_and_names_a_bad_field() -> None:
    pos = sketch_position(rules="chicken-foot", players=4, turn=0, ends=MID, hand=[Tile(4, 1)])
    assert pos.boneyard == 20 and pos.check(ChickenMove.play("4-1", 0)).legal
    assert (
        sketch_position(
            rules="chicken-foot", players=4, turn=0, ends=MID, hand=[], boneyard_empty=True, centre=3
        ).boneyard
        == 0
    )
    with pytest.raises(SketchError) as caught:
        sketch_position(rules="chicken-foot", players=4, turn=0, ends=MID, unfilled=[9], hand=[Tile(4, 1)])
    assert caught.value.field == "unfilled[0]"


def test_the_room_hands_the_registry_everything_it_needs() -> None:
    assert (ROOM.id, ROOM.name) == ("chicken-foot", "Chicken Foot")
    pos = ROOM.read_position(cf_json("4-1", ends=MID))
    assert isinstance(pos, ChickenPosition) and pos.game == ROOM.id
    assert ROOM.deal_size(4, 9, "chicken-foot") == 11 and ROOM.deal_size(10, 12, {"preset": "chicken-foot"}) == 7
    with pytest.raises(OptionsError):
        ROOM.deal_size(4, 12, "standard")  # another game's preset is not dealt for
    with pytest.raises(DealError):
        ROOM.deal_size(9, 9, "chicken-foot")
    assert ROOM.starting_rule(CHICKEN_PRESETS["chicken-foot"].options) == "engine-holder"
    assert ROOM.round_doubles("chicken-foot", 9) == (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
    assert ROOM.reader.presets is CHICKEN_PRESETS
    book = getattr(ROOM, "rulebook", None)  # once wired in, the floor's Rulebook built from the room's sections
    if book is None:
        book = Rulebook(ROOM.sections)
    assert dict(book.rules) == dict(RULES) and dict(book.anchors) == dict(ANCHORS)


class Rulebook:
    """The floor's ``Rulebook`` read the way the registry reads it, for a room not wired in yet."""

    def __init__(self, sections: tuple[tuple[str, str, Mapping[str, str]], ...]) -> None:
        self.rules = {rule: (title, anchor) for anchor, _, rules in sections for rule, title in rules.items()}
        self.anchors = {anchor: heading for anchor, heading, _ in sections}
