"""A table sketched in a few taps becomes a real position the engine can judge."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Move, SketchError, Tile, TrainSketch, sketch_position

NOT_STARTED = TrainSketch(None)


def sketch(  # type: ignore[no-untyped-def]
    trains: list[TrainSketch], hand: list[str], mexican: TrainSketch = NOT_STARTED, **kw: object
):
    return sketch_position(
        highest=12,
        engine=12,
        players=len(trains),
        turn=0,
        trains=trains,
        mexican=mexican,
        hand=[Tile.parse(t) for t in hand],
        **kw,
    )  # type: ignore[arg-type]


def test_each_train_leads_from_the_engine_to_the_end_the_player_sees() -> None:
    pos = sketch([TrainSketch(5), TrainSketch(12), TrainSketch(7, open_double=True)], ["5-1"], TrainSketch(3))
    ends = []
    for train in (*pos.trains,):
        end = 12
        for tile in train.tiles:
            end = tile.other_end(end)
        ends.append(end)
    assert ends == [5, 12, 7]
    assert pos.trains[2].tiles[-1] == Tile(7, 7) and pos.open_doubles == (2,)
    assert pos.mexican[-1].has(3)


def test_filler_tiles_never_come_from_the_hand() -> None:
    pos = sketch([TrainSketch(5), NOT_STARTED], ["12-5", "5-4"])
    assert Tile(12, 5) not in pos.trains[0].tiles
    assert pos.check(Move.play("5-4", 0)).legal


def test_a_marker_opens_another_train() -> None:
    closed = sketch([NOT_STARTED, TrainSketch(3)], ["3-4"])
    marked = sketch([NOT_STARTED, TrainSketch(3, marker=True)], ["3-4"])
    assert closed.check(Move.play("3-4", 1)).rule == "train-not-open"
    assert marked.check(Move.play("3-4", 1)).rule == "legal"


def test_an_empty_boneyard_makes_a_stuck_player_pass() -> None:
    stuck = sketch([TrainSketch(5), NOT_STARTED], ["1-2"], boneyard_empty=True)
    assert stuck.check(Move.pass_()).legal
    assert sketch([TrainSketch(5), NOT_STARTED], ["1-2"]).check(Move.pass_()).rule == "cannot-pass"


@pytest.mark.parametrize(
    ("trains", "hand", "message"),
    [
        ([TrainSketch(None, open_double=True), NOT_STARTED], [], "not started"),
        ([TrainSketch(12, open_double=True), NOT_STARTED], [], "is the engine"),
        ([TrainSketch(5, open_double=True), NOT_STARTED], ["5-5"], "in your hand or on another train"),
        ([TrainSketch(5, open_double=True), TrainSketch(5, open_double=True)], [], "on another train"),
        ([TrainSketch(13), NOT_STARTED], [], "cannot end in 13"),
        ([NOT_STARTED, NOT_STARTED], ["12-12"], "the engine"),
        ([NOT_STARTED, NOT_STARTED], ["3-4", "4-3"], "already in your hand"),
    ],
)
def test_impossible_tables_say_what_cannot_be(trains: list[TrainSketch], hand: list[str], message: str) -> None:
    with pytest.raises(SketchError, match=message):
        sketch(trains, hand)


def test_a_double_just_laid_binds_its_layer_by_the_preset() -> None:
    trains = [TrainSketch(5, marker=True), TrainSketch(3, open_double=True)]
    standard = sketch_position(
        highest=12,
        engine=12,
        players=2,
        turn=1,
        trains=trains,
        mexican=NOT_STARTED,
        hand=[Tile(5, 1)],
        laid_double=True,
    )
    italian = sketch_position(
        highest=12,
        engine=12,
        players=2,
        turn=1,
        trains=trains,
        mexican=NOT_STARTED,
        hand=[Tile(5, 1)],
        laid_double=True,
        rules="italian",
    )
    assert standard.check(Move.play("5-1", 0)).rule == "double-must-be-covered"
    assert italian.check(Move.play("5-1", 0)).rule == "legal"  # "on the double or on another train"
