"""A Super Domino table tapped into the checker becomes the same position the form's JSON used to give."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scorekeeper.rules import SketchError, SuperMove, SuperPosition, Tile, read_position, sketch_super_position


def old_form_json(
    *,
    rules: str,
    players: int,
    turn: int,
    direction: str,
    edges: Sequence[int],
    spell: Sequence[int],
    hand: Sequence[str],
    drawn: bool = False,
    boneyard_empty: bool = False,
    names: Sequence[str],
) -> dict[str, object]:
    """The position JSON the Super Domino checker form built by hand before the sketch existed."""
    shown = len(edges) + len(hand)
    return {
        "game": "super-domino",
        "rules": rules,
        "set": 15,
        "players": players,
        "turn": turn,
        "direction": direction,
        "edges": list(edges),
        "spell": list(spell),
        "hand": list(hand),
        "boneyard": 0 if boneyard_empty else max(0, min(20, 136 - shown - players * 2)),
        "drawn": drawn,
        "names": list(names),
    }


CASES: list[dict[str, object]] = [
    {
        "rules": "german",
        "players": 4,
        "turn": 2,
        "direction": "left",
        "edges": [15, 7, 13, 15],
        "spell": [2],
        "hand": ["13-4", "5-5", "7-1"],
    },
    {
        "rules": "pagat",
        "players": 3,
        "turn": 0,
        "direction": "right",
        "edges": [9, 9, 9, 9, 9, 9],
        "spell": [],
        "hand": ["9-2"],
        "drawn": True,
    },
    {"rules": "german", "players": 2, "turn": 1, "direction": "left", "edges": [], "spell": [], "hand": ["6-6", "1-0"]},
    {
        "rules": "german",
        "players": 5,
        "turn": 4,
        "direction": "left",
        "edges": [3, 0, 12, 14],
        "spell": [],
        "hand": ["3-1"],
        "boneyard_empty": True,
    },
    {
        "rules": "german",
        "players": 15,
        "turn": 3,
        "direction": "right",
        "edges": [13, 13, 2, 13],
        "spell": [0, 1],
        "hand": ["13-13", "2-1", "15-15", "14-0", "11-4", "8-8", "7-6", "5-0", "4-4", "3-2"],
    },
    {
        "rules": "german",
        "players": 4,
        "turn": 0,
        "direction": "left",
        "edges": [15, 15, 15, 15],
        "spell": [],
        "hand": [f"{a}-{b}" for a in range(13) for b in range(a + 1)],
    },  # a huge hand: the boneyard runs out
]


@pytest.mark.parametrize("case", CASES)
def test_the_sketch_gives_exactly_the_position_the_form_json_gave(case: dict[str, object]) -> None:
    names = [f"Player {i + 1}" for i in range(case["players"])]  # type: ignore[call-overload]
    old = read_position(old_form_json(names=names, **case))  # type: ignore[arg-type]
    hand = [Tile.parse(t) for t in case.pop("hand")]  # type: ignore[attr-defined]
    new = sketch_super_position(highest=15, hand=hand, names=names, **case)  # type: ignore[arg-type]
    assert isinstance(new, SuperPosition)
    assert new == old
    assert new.to_json() == old.to_json()
    assert new.legal_moves() == old.legal_moves()


def test_the_guessed_boneyard_is_capped_and_an_empty_one_is_zero() -> None:
    common = {
        "rules": "german",
        "highest": 15,
        "players": 4,
        "turn": 0,
        "direction": "left",
        "edges": [5, 5, 5, 5],
        "spell": [],
        "hand": [Tile(5, 1)],
    }
    assert sketch_super_position(**common).boneyard == 20  # type: ignore[arg-type]
    assert sketch_super_position(boneyard_empty=True, **common).boneyard == 0  # type: ignore[arg-type]
    stuck = sketch_super_position(boneyard_empty=True, **{**common, "hand": [Tile(2, 1)]})  # type: ignore[arg-type]
    assert stuck.check(SuperMove.pass_()).legal


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"rules": "swiss"}, "rules", "unknown Super Domino preset"),
        ({"edges": [5, 5, 5]}, "edges", "always has 4 open edges"),
        ({"edges": [5, 5, 5, 16]}, "edges[3]", "shows 0 to 15, not 16"),
        ({"spell": [1]}, "spell[0]", "a spell is cast by a 13"),
        ({"spell": [7]}, "spell[0]", "open edge"),
        ({"hand": [Tile(16, 1)]}, "hand[0]", "not in a double-15 set"),
        ({"hand": [Tile(5, 1), Tile(1, 5)]}, "hand[1]", "appears twice"),
        ({"drawn": True}, "drawn", "only when a spell binds you"),
        ({"edges": [], "hand": []}, "hand", "before the fat spinner"),
        ({"edges": [], "drawn": True}, "drawn", "every player has been skipped"),
        ({"players": 16}, "players", "2 to 15 players"),
        ({"highest": 12}, "set", "not double-12"),
        ({"direction": "up"}, "direction", "not 'up'"),
    ],
)
def test_facts_that_cannot_all_be_true_name_the_field(change: dict[str, object], field: str, message: str) -> None:
    facts: dict[str, object] = {
        "rules": "german",
        "highest": 15,
        "players": 4,
        "turn": 0,
        "direction": "left",
        "edges": [5, 5, 5, 5],
        "spell": [],
        "hand": [Tile(5, 1)],
    }
    with pytest.raises(SketchError) as e:
        sketch_super_position(**{**facts, **change})  # type: ignore[arg-type]
    assert e.value.field == field
    assert message in e.value.problem
