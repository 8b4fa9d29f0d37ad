"""The JSON API's shape of a game (docs/api.md): the read model as the API answers it.

A game with engines names each round's engine; a game scored by hands won adds each hand's tiles left and
winners, and each player's hands won; a game with scoring house rules adds what each round counted.
"""

from __future__ import annotations

from .rules import Standing
from .services import GameView, NextRound, RoundView


def round_json(game: GameView, r: RoundView) -> dict[str, object]:
    """One round as the game's ``rounds`` list shows it."""
    entry: dict[str, object] = {"number": r.number}
    if game.kind.has_engines:
        entry["engine"] = r.engine
    entry.update({"pips": r.pips, "went_out": r.went_out, "blocked": r.blocked})
    if game.kind.wins_hands:
        entry.update({"tiles": r.tiles, "winners": r.winners})
    scoring = game.scoring
    if scoring:  # a game with scoring house rules: what each round counted, and the marks the rules read
        entry["points"] = {p: r.counted(p) for p in game.players}
        if scoring.double_end:
            entry["ended_on_double"] = r.ended_on_double
        if scoring.marker_penalty:
            entry["markers"] = r.markers
    return entry


def _next_round(game: GameView, nr: NextRound | None) -> dict[str, object] | None:
    if nr is None:
        return None
    # "leader" is null when a rule decides who plays first ("starts": "engine-holder", "highest-tile")
    turn = {"dealer": nr.dealer, "leader": nr.leader, "starts": nr.starts}
    if game.kind.has_engines:
        return {"number": nr.number, "engine": nr.engine, "deal": nr.deal, **turn}
    return {"number": nr.number, "deal": nr.deal, **turn}


def _seats(game: GameView) -> list[dict[str, object]]:
    """Each seat and its state: there from the start or joined late (and with what total), left or playing."""
    at_table = set(game.at_table)
    return [
        {
            "position": s.position,
            "name": s.name,
            "joined_round": s.joined_round,
            "start_total": s.start_total,
            "left_round": s.left_round,
            "state": "left" if s.left else "playing" if s.name in at_table else "joining",
        }
        for s in game.seats
    ]


def _standing(game: GameView, s: Standing) -> dict[str, object]:
    """A player's line of the standings; one who left has no rank but the last round they played."""
    line: dict[str, object] = {"player": s.player}
    if game.kind.wins_hands:
        line["wins"] = s.wins
    line["total"] = s.total
    if s.left_after is None:
        line["rank"] = s.rank
    else:
        line.update({"rank": None, "left_after": s.left_after})
    return line


def game_json(game: GameView) -> dict[str, object]:
    """The game with its rounds, standings and the round to play next, as ``GET /api/v1/games/<id>`` answers."""
    standings = [_standing(game, s) for s in game.standings]
    return {
        "id": game.id,
        "game": game.kind.id,
        "players": game.players,
        "seats": _seats(game),
        "first_dealer": game.first_dealer,
        "set": game.set,
        "rules": game.rules,
        "double_blank": game.double_blank,
        "house_rules": game.house_rules.to_json(),
        "order": "up" if game.ascending else "down",
        "rounds_total": game.rounds_total,
        "rounds": [round_json(game, r) for r in game.rounds],
        "standings": standings,
        "next_round": _next_round(game, game.next_round),
        "finished": game.finished,
        "ended_after": game.ended_after,
        "winners": game.winners,
        "version": game.version,
    }
