"""Super Domino: two effects in a row, as a table meets them. Each case plays a short hand with every tile
known (German rules, 4 players, seats numbered to the left), and checks the same moves through
``apply_move`` from the JSON positions a client would send.

Seats 0 to 3; "left" is seat + 1. A 3 left showing reverses the direction, a 15 makes the others draw one
each in turn from the next player, a 14 gives another turn, a 13 casts the spell on the next player, and a
turn ending with a double skips the next player.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import SuperMove, SuperRound, Tile, apply_move

from .helpers import hand_from, sd_pos

DRAW, PASS = SuperMove.draw(), SuperMove.pass_()


def lay(r: SuperRound, tile: str, edge: int) -> None:
    step(r, SuperMove.play(tile, edge))


def step(r: SuperRound, move: SuperMove) -> None:
    """Push ``move`` and check apply_move gives the same position from the JSON of the one before."""
    before = r.position().to_json()
    mover, held = r.turn, set(r.hand(r.turn))
    r.push(move)
    extra: dict[str, Any] = {}
    if move.action == "draw":
        extra["drawn"] = [str(t) for t in sorted(set(r.hand(mover)) - held)]
    if r.turn != mover:
        extra["hand"] = [str(t) for t in r.hand(r.turn)]
    assert apply_move(before, move.to_json(), **extra) == r.position().to_json()


def table(hands: list[str], boneyard: str = "", edges: tuple[int, ...] = (9, 7, 9, 9), **extra: Any) -> SuperRound:
    """A hand with seat 0 to move, the spinner's edges showing ``edges``, every tile known."""
    position = sd_pos(hands[0], edges=edges, boneyard=len(boneyard.split()), **extra)
    return hand_from(position, hands, boneyard)


def test_3_then_15_the_draws_and_the_next_turn_follow_the_reversed_direction() -> None:
    r = table(["9-3 1-1", "4-4 5-6", "6-6 5-8", "7-15 2-2"], boneyard="10-10 11-11")
    lay(r, "9-3", 0)  # 3 left showing: play now goes right
    assert r.direction == "right" and r.turn == 3
    lay(r, "15-7", 1)  # 15 left showing: the others draw in turn from the next player, to the right
    assert r.turn == 2, "after the 15 play goes on to the right, to seat 2"
    assert Tile(11, 11) in r.hand(2)  # the first to draw
    assert len(r.hand(1)) == 3 and len(r.hand(0)) == 1  # seat 1 drew the last tile; the layer's left seat none
    assert r.boneyard_count == 0


def test_14_then_a_double_the_extra_turn_ends_with_a_skip() -> None:
    r = table(["9-14 7-7 1-2", "4-4", "6-6", "5-5"])
    lay(r, "14-9", 0)  # 14 left showing: seat 0 again
    assert r.turn == 0
    lay(r, "7-7", 1)  # the extra turn ends with a double: seat 1 loses the turn
    assert r.turn == 2


def test_14_14_is_another_turn_not_a_skip() -> None:
    r = table(["14-14 1-2 3-4", "4-4", "6-6", "5-5"], edges=(14, 7, 9, 9))
    lay(r, "14-14", 0)
    assert r.turn == 0


def test_the_13_spell_passes_on_in_the_reversed_direction() -> None:
    r = table(["9-3 0-1", "13-2 0-2", "4-5 6-8", "7-13 0-4"], boneyard="10-11 11-12 10-12 1-3")
    lay(r, "9-3", 0)  # reversed: seat 3 next
    lay(r, "13-7", 1)  # the spell, on edge 1, binds the next player to the right: seat 2
    assert r.turn == 2 and r.spell == (1,)
    assert r.legal_moves() == [DRAW]  # seat 2 cannot break it: draw two, which ends the turn (German)
    step(r, DRAW)
    step(r, PASS)
    assert r.turn == 1 and r.spell == (1,)  # still on, and it passed on to the right
    assert r.position().check(SuperMove.play("0-2", 0)).rule == "sd-spell"
    lay(r, "13-2", 1)  # seat 1 breaks it
    assert r.spell == () and r.turn == 0


def test_a_double_after_a_reversal_skips_the_next_seat_in_the_new_direction() -> None:
    r = table(["9-3 0-1", "4-4 0-2", "6-6 0-3", "7-7 0-4"])
    lay(r, "9-3", 0)  # reversed: seat 3 next
    lay(r, "7-7", 1)  # a double: seat 2 (next to the right) loses the turn
    assert r.turn == 1


def test_a_double_skip_in_a_position_already_going_right() -> None:
    r = table(["9-9 0-1", "4-4 0-2", "6-6 0-3", "5-5 0-4"], direction="right")
    lay(r, "9-9", 0)
    assert r.turn == 2
