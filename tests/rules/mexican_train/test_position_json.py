"""Reading and writing the public JSON position and move formats."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scorekeeper.rules import Move, MoveError, Position, PositionError, Round, check

SPEC_EXAMPLE: dict[str, Any] = {
    "rules": "standard",
    "set": 12, "engine": 12, "players": 4,
    "turn": 1,
    "trains": [{"tiles": ["12-5", "5-5"], "marker": False}, {"tiles": [], "marker": True},
               {"tiles": ["12-0"], "marker": False}, {"tiles": [], "marker": False}],
    "mexican": ["12-7", "7-3"],
    "open_doubles": [0],
    "hand": ["5-1", "3-3", "9-4"],
    "boneyard": 37,
    "drawn": False,
}  # fmt: skip


def with_(**changes: Any) -> dict[str, Any]:
    doc = copy.deepcopy(SPEC_EXAMPLE)
    doc.update(changes)
    return doc


def error(doc: Any) -> str:
    with pytest.raises(PositionError) as caught:
        Position.from_json(doc)
    return str(caught.value)


def test_the_documented_example_reads_and_round_trips() -> None:
    pos = Position.from_json(SPEC_EXAMPLE)
    assert pos.to_json() == SPEC_EXAMPLE
    assert pos.legal_moves() == [Move.play("5-1", 0)]


def test_rules_with_options_round_trip() -> None:
    doc = with_(rules={"preset": "italian", "double_blank": 50})
    assert Position.from_json(doc).to_json()["rules"] == {"preset": "italian", "double_blank": 50}
    assert Position.from_json(with_(rules={"preset": "italian"})).to_json()["rules"] == "italian"


def test_a_dealt_round_gives_a_valid_position() -> None:
    pos = Round.deal("czech", players=6, seed=2, names=list("ABCDEF")).position()
    assert Position.from_json(pos.to_json()) == pos


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "position: expected an object"),
        (
            with_(trains=[{"tiles": ["12-5", "5-5"]}, {"tiles": []}, {"tiles": ["12-0", "7-3"]}, {"tiles": []}]),
            "trains[2].tiles[1]: 7-3 does not connect to 0",
        ),
        (with_(hand=["5-1", "3-3", "13-4"]), "hand[2]: 13-4 is not in a double-12 set"),
        (with_(hand=["5-1", "7-3"]), "hand[1]: 7-3 appears twice (also mexican[1])"),
        (with_(hand=["12-12"]), "hand[0]: 12-12 appears twice (also the engine)"),
        (with_(hand=["5-1", 7]), 'hand[1]: expected a tile written like "12-5", not 7'),
        (with_(hand=["5-1", "five"]), "hand[1]: 'five' is not a tile"),
        (with_(boneyard=83), "boneyard: 83 tiles cannot be left to draw: only 82 are not on the table or in hand"),
        (with_(boneyard=-1), "boneyard: cannot be negative (-1)"),
        (with_(boneyard="37"), "boneyard: expected a whole number, not '37'"),
        (with_(boneyard=True), "boneyard: expected a whole number, not True"),
        (with_(turn=4), "turn: seats are 0 to 3, not 4"),
        (with_(players=9), "players: a double-12 set deals for at most 8 players; use a double-15 set"),
        (with_(set=11), "set: double-11 is not a supported set"),
        (with_(engine=13), "engine: a double-12 set has engines 0-0 to 12-12, not 13"),
        (with_(open_doubles=[2]), "open_doubles[0]: seat 2's train does not end in a double"),
        (with_(open_doubles=["mexican"]), "open_doubles[0]: the Mexican train does not end in a double"),
        (with_(open_doubles=[0, 0]), "open_doubles[1]: seat 0's train is listed twice"),
        (with_(open_doubles=[9]), "open_doubles[0]: expected a seat from 0 to 3"),
        (with_(rules="klingon"), "rules: unknown preset 'klingon'"),
        (with_(rules={"preset": "standard", "wild": True}), "rules.wild: unknown option"),
        (
            with_(rules={"preset": "standard", "double_blank": 30}),
            "rules.double_blank: a double-blank counts 0, 25 or 50",
        ),
        (with_(rules={"preset": "standard", "markers": "yes"}), "rules.markers: expected true or false"),
        (with_(rules=7), "rules: expected a preset name"),
        (with_(trains=[]), "trains: expected one train per player (4), not 0"),
        (with_(trains="none"), "trains: expected a list"),
        (with_(trains=[[], {}, {}, {}]), "trains[0]: expected an object"),
        (with_(trains=[{"tiles": [], "marker": "no"}] * 4), "trains[0].marker: expected true or false"),
        (with_(mexican=None), "mexican: expected a list"),
        (with_(drawn="no"), "drawn: expected true or false"),
        (with_(laid_double=True, open_doubles=[]), "laid_double: the player to move laid a double"),
        (with_(passes=2), "passes: passes only count once the boneyard is empty"),
        (with_(hand_sizes=[3, 3, 3]), "hand_sizes: expected one count per player (4), not 3"),
        (with_(hand_sizes=[3, 2, 3, 3]), "hand_sizes[1]: the hand holds 3 tiles, not 2"),
        (with_(hand_sizes=[3, 3, 3, 3]), "boneyard: 37 to draw and 9 in other hands should make the 82 unseen tiles"),
        (with_(names=["Ana"]), "names: expected one name per player (4), not 1"),
        (with_(colour="red"), "colour: unknown field"),
        ({k: v for k, v in SPEC_EXAMPLE.items() if k != "hand"}, "hand: missing"),
    ],
)
def test_invalid_positions_name_the_field(doc: Any, message: str) -> None:
    assert error(doc).startswith(message)


def test_markers_and_mexican_train_must_exist_in_the_rules() -> None:
    assert error(with_(rules="czech")).startswith("mexican: these rules have no Mexican train")
    doc = with_(rules="portuguese", mexican=[], open_doubles=[])
    assert error(doc).startswith("trains[1].marker: these rules have no markers")


def test_moves_read_and_write() -> None:
    for doc in ({"action": "play", "tile": "5-1", "train": 0}, {"action": "play", "tile": "12-7", "train": "mexican"},
                {"action": "draw"}, {"action": "pass"}):  # fmt: skip
        assert Move.from_json(doc).to_json() == doc
    assert Move.from_json({"action": "play", "tile": "1-5", "train": 0}) == Move.play("5-1", 0)


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"action": "jump"}, "action"),
        ({"action": "play", "train": 0}, "tile"),
        ({"action": "play", "tile": "5-1"}, "train"),
        ({"action": "play", "tile": "5-1", "train": "north"}, "train"),
        ({"action": "play", "tile": "5-1", "train": True}, "train"),
        ({"action": "play", "tile": "5-1", "train": -1}, "train"),
        ({"action": "play", "tile": 51, "train": 0}, "tile"),
        ({"action": "draw", "tile": "5-1"}, "tile"),
        ("draw", "move"),
    ],
)
def test_invalid_moves_name_the_field(doc: Any, field: str) -> None:
    with pytest.raises(MoveError) as caught:
        Move.from_json(doc)
    assert caught.value.field == field


def test_check_takes_json_and_gives_a_verdict() -> None:
    verdict = check(SPEC_EXAMPLE, {"action": "play", "tile": "9-4", "train": "mexican"})
    assert not verdict.legal
    assert verdict.rule == "double-must-be-covered"
    assert verdict.reason == (
        "5-5 on seat 0's train must be covered before anyone plays elsewhere, so 9-4 cannot go on the Mexican train."
    )
    assert verdict.to_json()["anchor"] == "doubles"
    assert check(SPEC_EXAMPLE, {"action": "play", "tile": "5-1", "train": 0}).to_json() == {
        "legal": True, "rule": "legal", "reason": "You may lay 5-1 on seat 0's train.",
        "title": "A legal move", "anchor": "turns",
    }  # fmt: skip


def test_trains_read_at_once_or_one_by_one_read_alike() -> None:
    """Plainly written trains are read in one go; at any doubt they are read one check at a time, to name the
    first thing wrong, so both ways must agree."""
    plain = {"tiles": [], "marker": False}
    for trains, message in [
        ([plain, plain, {"marker": False}, plain], "trains[2].tiles: missing"),
        ([plain, {"tiles": [], "colour": "red"}, plain, plain], "trains[1].colour: unknown field"),
        ([plain, plain, plain, {"tiles": [], "marker": 0}], "trains[3].marker: expected true or false, not 0"),
        ([plain, plain, plain, {"tiles": "12-5"}], "trains[3].tiles: expected a list, not '12-5'"),
        ([plain, {"tiles": [["12", "5"]]}, plain, plain], 'trains[1].tiles[0]: expected a tile written like "12-5"'),
        ([plain, {"tiles": ["12-x"]}, plain, plain], "trains[1].tiles[0]: '12-x' is not a tile"),
        ([plain, plain, plain, None], "trains[3]: expected an object with tiles and marker"),
    ]:
        assert error(with_(trains=trains)).startswith(message)
    spaced = with_(trains=[{"tiles": ["5 - 12", "5-5"]}, {"tiles": [], "marker": True}, {"tiles": ["0-12"]}, plain])
    assert Position.from_json(spaced) == Position.from_json(SPEC_EXAMPLE)
    as_tuples = with_(trains=tuple({**t, "tiles": tuple(t["tiles"])} for t in SPEC_EXAMPLE["trains"]))
    assert Position.from_json(as_tuples) == Position.from_json(SPEC_EXAMPLE)
