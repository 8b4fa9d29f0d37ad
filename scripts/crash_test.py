"""Crash test: every round the server acknowledged survives a SIGKILL of the server.

Serves the app with gunicorn (as `make run` does) on 127.0.0.1 with a fresh SQLite file database, sends a
stream of rounds to several open-ended Super Domino games from as many threads (recording each 2xx answer),
kills the whole server with SIGKILL half way through, starts it again and checks that every acknowledged
round is stored with the values sent. Prints the counts; exits 1 on any loss.

    .venv/bin/python scripts/crash_test.py --seconds 6 --games 4
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import call, free_port, fresh_database, start, stop_server  # noqa: E402  (scripts/ is not a package)

PLAYERS = ["Ana", "Ben", "Cleo"]


def kill(server: subprocess.Popen[bytes]) -> None:
    stop_server(server, signal.SIGKILL)


def hand(number: int, game: int) -> dict[str, object]:
    """A distinct, valid hand for each round of each game, so a stored round can be told from another."""
    pips = (number * 7 + game) % 90 + 1
    return {
        "number": number,
        "pips": {"Ana": 0, "Ben": pips, "Cleo": 3},
        "tiles": {"Ana": 0, "Ben": 2, "Cleo": 1},
        "went_out": "Ana",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="how long to send rounds in all")
    parser.add_argument("--games", type=int, default=4, help="games written to at once, one thread each")
    options = parser.parse_args(argv)

    work, env = fresh_database("scorekeeper-crash-")
    port = free_port()
    base = f"http://127.0.0.1:{port}/api/v1"
    log = work / "gunicorn.log"
    server = start(env, port, log)

    games = []
    for _ in range(options.games):
        status, game = call(base, "POST", "/games", {"game": "super-domino", "players": PLAYERS})
        assert status == 201, (status, game)
        games.append(game["id"])
    acked: dict[str, dict[int, dict[str, object]]] = {g: {} for g in games}
    sent = [0]
    errors: list[str] = []
    stop = threading.Event()

    def send(index: int, game_id: str) -> None:
        number = 1
        while not stop.is_set():
            body = hand(number, index)
            sent[0] += 1
            try:
                status, answer = call(base, "POST", f"/games/{game_id}/rounds", body, timeout=2)
            except OSError:  # the server is down: the round may or may not be stored; try it again
                time.sleep(0.05)
                continue
            if status in (200, 201):
                acked[game_id][number] = body
                number += 1
            elif status == 409 and "round" in answer:
                errors.append(f"{game_id} round {number}: stored with other values: {answer['round']}")
                return
            else:
                errors.append(f"{game_id} round {number}: {status} {answer}")
                return

    threads = [threading.Thread(target=send, args=(i, g), daemon=True) for i, g in enumerate(games)]
    for t in threads:
        t.start()
    time.sleep(options.seconds / 2)
    before = sum(len(a) for a in acked.values())
    kill(server)
    killed_at = time.monotonic()
    server = start(env, port, log)
    print(f"killed with SIGKILL after {before} acknowledged rounds; back up in {time.monotonic() - killed_at:.1f} s")
    time.sleep(options.seconds / 2)
    stop.set()
    for t in threads:
        t.join(timeout=10)

    lost: list[str] = []
    stored_total = 0
    for game_id in games:
        status, game = call(base, "GET", f"/games/{game_id}")
        assert status == 200, (status, game)
        stored = {r["number"]: r for r in game["rounds"]}
        stored_total += len(stored)
        for number, body in acked[game_id].items():
            r = stored.get(number)
            if r is None or r["pips"] != body["pips"] or r["tiles"] != body["tiles"]:
                lost.append(f"{game_id} round {number}: acknowledged {body}, stored {r}")
    kill(server)
    acknowledged = sum(len(a) for a in acked.values())
    print(f"games: {len(games)}, requests sent: {sent[0]}, acknowledged: {acknowledged}, stored: {stored_total}")
    for problem in errors + lost:
        print("LOST" if problem in lost else "ERROR", problem)
    if lost or errors:
        print(f"FAIL: {len(lost)} acknowledged rounds lost or changed, {len(errors)} unexpected answers; log: {log}")
        return 1
    if before == 0 or acknowledged == before:
        print("FAIL: no round was acknowledged before or after the kill; nothing was tested")
        return 1
    print("OK: every acknowledged round survived the kill")
    return 0


if __name__ == "__main__":
    sys.exit(main())
