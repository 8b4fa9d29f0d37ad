"""The Super Domino JSON position and move formats, the dispatcher, presets and the player limit."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.rules import (
    SUPER_PRESETS,
    MoveError,
    OptionsError,
    Position,
    PositionError,
    SuperMove,
    SuperOptions,
    SuperPosition,
    check_super,
    read_position,
    resolve_super,
    super_domino_max_players,
)

from ..mexican_train.helpers import pos_json
from .helpers import sd_json

SPEC_EXAMPLE: dict[str, Any] = {
    "game": "super-domino",
    "rules": "german",
    "set": 15,
    "players": 4,
    "turn": 2,
    "direction": "right",
    "edges": [15, 7, 13, 15],
    "hand": ["13-4", "5-5", "7-1"],
    "boneyard": 60,
    "drawn": False,
    "spell": [2],
    "spell_caster": 1,
    "hand_sizes": [5, 9, 3, 8],
    "names": ["Ana", "Ben", "Cleo", "Dev"],
}


def test_the_readme_example_reads_and_writes_back_unchanged() -> None:
    pos = SuperPosition.from_json(SPEC_EXAMPLE)
    assert pos.to_json() == SPEC_EXAMPLE
    assert SuperPosition.from_json(json.loads(json.dumps(pos.to_json()))) == pos


def test_minimal_position_and_defaults() -> None:
    pos = SuperPosition.from_json(
        {
            "game": "super-domino",
            "rules": "pagat",
            "players": 2,
            "turn": 1,
            "edges": [],
            "hand": ["9-9"],
            "boneyard": 118,
        }
    )
    assert pos.highest == 15 and pos.direction == "left" and pos.spell == () and not pos.drawn
    assert pos.to_json()["set"] == 15


def test_a_spell_on_one_edge_may_be_written_bare() -> None:
    assert SuperPosition.from_json(sd_json("13-4", edges=[15, 7, 13, 15], spell=2)).spell == (2,)


def test_rules_with_options_round_trip() -> None:
    doc = sd_json("15-3", edges=[15] * 6, rules={"preset": "german", "spinner_edges": 6})
    assert SuperPosition.from_json(doc).to_json()["rules"] == {"preset": "german", "spinner_edges": 6}


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"game": "dominoes"}, "game", "super-domino"),
        ({"colour": "red"}, "colour", "unknown field"),
        ({"set": 12}, "set", "13, 14 and 15 suits"),
        ({"players": 16}, "players", "2 to 15 players"),
        ({"players": 1}, "players", "2 to 15"),
        ({"turn": 4}, "turn", "0 to 3"),
        ({"direction": "up"}, "direction", "left"),
        ({"edges": [15, 15, 15]}, "edges", "4 open edges"),
        ({"edges": [15, 15, 16, 15]}, "edges[2]", "0 to 15"),
        ({"spell": [1]}, "spell[0]", "shows 15"),
        ({"spell": [5]}, "spell[0]", "no open edge 5"),
        ({"spell_caster": 1}, "spell_caster", "no spell"),
        ({"hand": ["15-3", "3-15"]}, "hand[1]", "twice"),
        ({"hand": ["16-3"]}, "hand[0]", "not in a double-15 set"),
        ({"hand": [7]}, "hand[0]", "tile written like"),
        ({"boneyard": 200}, "boneyard", "cannot be left to draw"),
        ({"boneyard": "60"}, "boneyard", "whole number"),
        ({"drawn": True}, "drawn", "only when a spell binds you"),
        ({"passes": 5}, "passes", "at most 4"),
        ({"hand_sizes": [1, 2, 3]}, "hand_sizes", "one count per player"),
        ({"hand_sizes": [2, 9, 9, 9]}, "hand_sizes[0]", "holds 1 tiles"),
        ({"names": ["Ana"]}, "names", "one name per player"),
        ({"rules": "czech"}, "rules", "unknown Super Domino preset"),
        ({"rules": {"preset": "german", "spinner_edges": 5}}, "rules.spinner_edges", "expected one of 4, 6"),
        ({"rules": {"preset": "german", "caster_exempt": 1}}, "rules.caster_exempt", "true, false"),
    ],
)
def test_bad_positions_say_which_field_and_why(change: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(PositionError) as e:
        SuperPosition.from_json({**sd_json("15-3"), **change})
    assert e.value.field == field and words in e.value.problem, str(e.value)


def test_missing_fields() -> None:
    doc = sd_json("15-3")
    del doc["edges"]
    with pytest.raises(PositionError, match="edges: missing"):
        SuperPosition.from_json(doc)


def test_moves_read_and_write_json() -> None:
    for doc in (
        {"action": "play", "tile": "15-3", "edge": 2},
        {"action": "play", "tile": "9-9", "edge": None},
        {"action": "draw"},
        {"action": "pass"},
    ):
        assert SuperMove.from_json(doc).to_json() == doc
    assert SuperMove.from_json({"action": "play", "tile": "9-9"}) == SuperMove.spinner("9-9")
    assert SuperMove.parse("3-15 on 1") == SuperMove.play("15-3", 1) and SuperMove.parse("9-9") == SuperMove.spinner(
        "9-9"
    )


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"action": "play", "edge": 1}, "tile"),
        ({"action": "play", "tile": "15-3", "edge": -1}, "edge"),
        ({"action": "play", "tile": "15-3", "edge": True}, "edge"),
        ({"action": "play", "tile": "15-3", "train": 0}, "train"),
        ({"action": "draw", "tile": "1-1"}, "tile"),
        ({"action": "fold"}, "action"),
        ([], "move"),
    ],
)
def test_bad_moves(doc: Any, field: str) -> None:
    with pytest.raises(MoveError) as e:
        SuperMove.from_json(doc)
    assert e.value.field == field


def test_read_position_dispatches_on_game() -> None:
    assert isinstance(read_position(sd_json("15-3")), SuperPosition)
    assert isinstance(read_position(pos_json("12-5")), Position)
    assert isinstance(read_position(pos_json("12-5", game="mexican-train")), Position)
    with pytest.raises(PositionError) as e:
        read_position(pos_json("12-5", game="chess"))
    assert e.value.field == "game"
    with pytest.raises(PositionError):
        read_position([1, 2])
    with pytest.raises(PositionError) as e2:
        Position.from_json(pos_json("12-5", game="super-domino"))
    assert e2.value.field == "game"


def test_both_position_types_offer_the_same_seam() -> None:
    for data, move in (
        (sd_json("15-3"), {"action": "play", "tile": "15-3", "edge": 0}),
        (pos_json("12-5"), {"action": "play", "tile": "12-5", "train": 0}),
    ):
        p = read_position(data)
        assert p.check_json(move).legal and move in p.legal_moves_json()
        assert p.read_move(move).to_json() == move and p.game in ("super-domino", "mexican-train")
    assert "game" not in read_position(pos_json("12-5", game="mexican-train")).to_json()


def test_check_super_takes_json() -> None:
    verdict = check_super(SPEC_EXAMPLE, {"action": "play", "tile": "7-1", "edge": 1})
    assert verdict.to_json() == {
        "legal": False,
        "rule": "sd-spell",
        "reason": "The spell is on: you must play on the 13 showing on edge 3, so 7-1 cannot go on edge 2.",
        "title": "Under the spell, play on the 13",
        "anchor": "super-domino-spell",
    }


def test_presets_are_named_described_and_round_trip() -> None:
    assert list(SUPER_PRESETS) == ["german", "pagat"]
    for name, preset in SUPER_PRESETS.items():
        doc = preset.to_json()
        assert preset.name == name and preset.title and len(preset.description) > 200
        assert json.loads(json.dumps(doc)) == doc
        assert resolve_super(doc["options"] | {"preset": name}) == (name, preset.options)
    assert SUPER_PRESETS["german"].options == SuperOptions()


def test_options_validate_and_replace() -> None:
    assert SuperOptions().replace(cannot_play="draw-two").cannot_play == "draw-two"
    with pytest.raises(OptionsError):
        SuperOptions(spinner_edges=5)
    with pytest.raises(OptionsError):
        resolve_super({"preset": "german", "deals": {}})


def test_player_limit() -> None:
    assert super_domino_max_players() == 15 and super_domino_max_players(18) == 21
    SuperPosition.from_json(sd_json("15-3", players=15, boneyard=1))
