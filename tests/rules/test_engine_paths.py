"""The engine's fast paths agree with its careful ones, for both games.

``verify``/``check`` call a move legal as soon as the move generator yields it, and ``read_position`` checks a
position's tiles a train at a time; these tests play random rounds and compare every answer with the long way
round: the core table's rule for each generated move, and a position read back from its JSON.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorekeeper.rules import PRESETS, SUPER_PRESETS, MoveError, Round, SuperRound, read_position
from scorekeeper.rules.mexican_train.rulebook import LEGAL
from scorekeeper.rules.super_domino.rulebook import SD_LEGAL


def _rounds(game: str, count: int) -> list[Round | SuperRound]:
    out: list[Round | SuperRound] = []
    for seed in range(count):
        if game == "mexican-train":
            preset = sorted(PRESETS)[seed % len(PRESETS)]
            # every other round with the house rules that add moves (the calls) and narrow a marked train
            rules = {"preset": preset, "announce_last_tile": True, "marker_removed_by": "next"} if seed % 2 else preset
            out.append(Round.deal(rules, 2 + seed % 5, 12, seed=seed))
        else:
            preset = sorted(SUPER_PRESETS)[seed % len(SUPER_PRESETS)]
            out.append(SuperRound.deal(preset, 2 + seed % 4, 15, seed=seed))
    return out


def _candidates(position: Any) -> list[dict[str, Any]]:
    """Every tile in hand at every place it could go, a draw and a pass, and in Mexican Train every call about a
    last tile (one seat past the last too), as JSON."""
    data = position.to_json()
    if "edges" in data:
        wheres: list[Any] = [None, *range(len(data["edges"]) + 1)]
        key = "edge"
    else:
        wheres = [*range(data["players"] + 1), "mexican"]
        key = "train"
    plays = [{"action": "play", "tile": tile, key: where} for tile in data["hand"] for where in wheres]
    calls = [] if key == "edge" else [{"action": a, "seat": s} for a in ("announce", "catch") for s in wheres[:-1]]
    return [*plays, {"action": "draw"}, {"action": "pass"}, *calls]


@pytest.mark.parametrize("game", ["mexican-train", "super-domino"])
def test_every_generated_move_is_legal_by_the_rules(game: str) -> None:
    """The move generator yields only moves the core's rules allow, which lets verify skip a second look."""
    legal = LEGAL if game == "mexican-train" else SD_LEGAL
    choose = random.Random(1)
    for r in _rounds(game, 30):
        while not r.is_over:
            table = r._core()
            codes = table.legal_codes()
            assert codes and all(table.rule(code) == legal for code in codes)
            r.push(choose.choice(r.legal_moves()))  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["mexican-train", "super-domino"])
def test_the_json_path_agrees_with_the_round(game: str) -> None:
    """A position read from JSON gives the round's legal moves, and the round's verdict for every candidate."""
    choose = random.Random(2)
    for r in _rounds(game, 12):
        while not r.is_over:
            data = r.position().to_json()
            position = read_position(data)
            assert position.legal_moves_json() == [m.to_json() for m in r.legal_moves()]
            for move in _candidates(position):
                try:
                    mine = position.check_json(move)
                except MoveError:
                    continue
                theirs = r.check(r.read_move(move))  # type: ignore[arg-type]
                assert (mine.legal, mine.rule, mine.reason) == (theirs.legal, theirs.rule, theirs.reason)
            r.push(choose.choice(r.legal_moves()))  # type: ignore[arg-type]
