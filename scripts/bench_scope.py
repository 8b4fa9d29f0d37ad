"""What scoping every query by household costs on the hot path, in process (no server, no network): a phone's
live check, the table screen (given again by scorekeeper.fast_pages, and drawn through Flask for a phone that holds
it: a 304) and the round form (the game read through services.loading), in microseconds per request.

    .venv/bin/python scripts/bench_scope.py              # home mode
    .venv/bin/python scripts/bench_scope.py --hosted     # a household's phone in hosted mode

Run it on two trees (PYTHONPATH=<other tree> for the code before) to compare; the figures are the median of five
runs of ``--requests`` each."""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.services.results import upgrade


def _timed(ask: Callable[[], int], requests: int) -> float:
    runs = []
    for _ in range(5):
        began = time.perf_counter()
        for _ in range(requests):
            ask()
        runs.append((time.perf_counter() - began) / requests * 1e6)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--hosted", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    url = f"sqlite:///{folder / 'bench.sqlite3'}"
    upgrade(url)
    config = {"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False}
    app = create_app({**config, "SCOREKEEPER_HOSTED": True} if args.hosted else config)
    phone = app.test_client()
    if args.hosted:
        words = {"name": "The Rossis", "passphrase": "four dominoes on the train", "player": "Ana"}
        data = {f"create-{k}": v for k, v in words.items()} | {"create-passphrase_again": words["passphrase"]}
        assert phone.post("/welcome/create", data=data).status_code == 302
    start = {"players-0": "Ana", "players-1": "Ben", "players-2": "Cleo", "set": "12", "order": "down"}
    made = phone.post("/games/new", data={**start, "double_blank": "0", "rounds": ""})
    game = made.headers["Location"]
    for pips in ((0, 10, 20), (5, 0, 15), (7, 3, 0)):
        data = {f"pips-{i}": str(p) for i, p in enumerate(pips)} | {"went_out": str(pips.index(0))}
        assert phone.post(f"{game}/rounds/new", data=data).status_code == 302
    game_id = game.rsplit("/", 1)[1]
    # the pages read as a phone does, with CSRF on (a page holds a token: its ETag and fast_pages need one)
    viewer = create_app({**config, "WTF_CSRF_ENABLED": True, "SCOREKEEPER_HOSTED": args.hosted})
    kept = phone.get_cookie("session")
    phone = viewer.test_client()
    if kept is not None:
        phone.set_cookie("session", kept.value)
    phone.get("/")
    tag = phone.get(f"/api/v1/games/{game_id}/live").headers["ETag"]
    page = phone.get(game)
    etag = page.headers["ETag"]

    def poll() -> int:
        return phone.get(f"/api/v1/games/{game_id}/live", headers={"If-None-Match": tag}).status_code

    def table_again() -> int:
        return phone.get(game).status_code

    def table_held() -> int:  # a 304 through Flask: the If-None-Match differs each time, so fast_pages is missed
        return phone.get(game, headers={"If-None-Match": f'{etag}, W/"{time.perf_counter_ns()}"'}).status_code

    def round_form() -> int:
        return phone.get(f"{game}/rounds/new").status_code

    assert poll() == 304 and table_again() == 200 and table_held() == 304 and round_form() == 200
    mode = "hosted" if args.hosted else "home"
    for name, ask in (("live check (304)", poll), ("table screen, given again", table_again)):
        print(f"{mode:6} {name:32} {_timed(ask, args.requests):8.1f} µs")
    for name, ask in (("table screen, 304 via Flask", table_held), ("round form (game read)", round_form)):
        print(f"{mode:6} {name:32} {_timed(ask, args.requests):8.1f} µs")


if __name__ == "__main__":
    main()
