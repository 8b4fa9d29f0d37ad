"""The checker (``POST /api/v1/check``) and the play path (``POST /api/v1/play``) agree on every move.

Both views are thin: they hand the JSON to ``services.check_json`` and ``services.play.play_json``. Random rounds
of every preset, with any option changed on top of it (hypothesis), are followed move by move; at each position the
every legal move and one other candidate are sent to both: what the checker calls legal, the play path plays
(the move the round makes, to exactly the round's next position), and what the checker refuses, the play path
refuses with the same rule, reason and reference.
"""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rules.mexican_train.strategies import candidates, dealt_rounds

from scorekeeper.rules import Move, Round
from scorekeeper.services.checker import check_json
from scorekeeper.services.errors import Invalid
from scorekeeper.services.play import play_json


def _hidden(r: Round, move: Move, mover: int, held: set[Any]) -> dict[str, Any]:
    """The tiles nobody could know from the position before ``move`` (already pushed on ``r``)."""
    extra: dict[str, Any] = {}
    if move.action == "draw" or (move.action == "catch" and move.seat == mover):
        extra["drawn"] = [str(t) for t in sorted(set(r.hand(mover)) - held)]
    if r.turn != mover:
        extra["hand"] = [str(t) for t in r.hand(r.turn)]
    return extra


def _agree(doc: dict[str, Any], move: Move, **extra: Any) -> dict[str, Any] | None:
    """Send ``move`` to the checker and the play path; they must agree. The position after it, if legal."""
    verdict = check_json(doc, move.to_json())
    try:
        played = play_json(doc, move.to_json(), **extra)
    except Invalid as e:  # the move was read, so anything refused here is a disagreement
        raise AssertionError(f"/play answered {e.message!r} where /check said {verdict}: {doc} {move}") from e
    if verdict["legal"]:
        assert played.position is not None, (doc, move, played.verdict)
        return played.position
    assert played.position is None and played.verdict == verdict, (doc, move, verdict, played.verdict)
    return None


# no shrinking: a whole round shrinks for minutes, and the assertion names the position and the move already
@settings(
    deadline=None,
    max_examples=80,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
@given(r=dealt_rounds(sets=(6, 9, 12)), data=st.data())
def test_the_checker_and_the_play_path_agree_on_every_move(r: Round, data: st.DataObject) -> None:
    while not r.is_over:
        doc = json.loads(json.dumps(r.position().to_json()))  # what a client sends
        legal = r.legal_moves()
        for move in [*legal, data.draw(st.sampled_from(candidates(r)), label="another move")]:
            _agree(doc, move)  # without the hidden tiles: a legal move is played with "hand": null
        mover, held = r.turn, set(r.hand(r.turn))
        doubles = [m for m in legal if m.tile is not None and m.tile.is_double]
        # doubles more often than their share: what follows a double is where the rules differ most
        move = data.draw(st.sampled_from(doubles if doubles and data.draw(st.booleans()) else legal), label="the move")
        r.push(move)
        after = _agree(doc, move, **_hidden(r, move, mover, held))
        assert after == json.loads(json.dumps(r.position().to_json())), (doc, move)


TRAIN_ONE_DOUBLE = {
    "set": 12,
    "engine": 12,
    "players": 2,
    "turn": 1,
    "trains": [{"tiles": ["12-4"]}, {"tiles": ["12-3"]}],
    "mexican": ["12-7"],
    "hand": ["3-3", "7-2"],
    "boneyard": 75,
    "hand_sizes": [10, 2],
}


def test_going_out_with_the_follow_up_of_a_double_on_the_mexican_train(client: FlaskClient) -> None:
    """Seed 002 steps 3 and 5: after the double 3-3 on train 1 the layer lays another tile at once, 7-2 on the
    Mexican train, their last: the round is over, and the uncovered double binds nobody."""
    for rules in ("portuguese", {"preset": "standard", "double_cover": "layer", "follow_up_elsewhere": True}):
        first = client.post(
            "/api/v1/play",
            json={
                "position": {**TRAIN_ONE_DOUBLE, "rules": rules},
                "move": {"action": "play", "tile": "3-3", "train": 1},
            },
        )
        assert first.status_code == 200
        doubled = first.get_json()["position"]
        out = {"action": "play", "tile": "7-2", "train": "mexican"}
        assert client.post("/api/v1/check", json={"position": doubled, "move": out}).get_json()["legal"]
        played = client.post("/api/v1/play", json={"position": doubled, "move": out})
        assert played.status_code == 200, played.get_json()
        after = played.get_json()["position"]
        assert after["hand"] == [] and after["mexican"] == ["12-7", "7-2"] and after["open_doubles"] == []
        assert client.post("/api/v1/moves", json={"position": after}).get_json()["moves"] == []  # the round is over
