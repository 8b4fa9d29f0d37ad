"""Speed of the rules engine: ``python -m scorekeeper.rules.bench [rounds]``, every game in turn.

Each room times its own game with the shared harness (:mod:`~scorekeeper.rules.speed`) and prints its figures:
random full rounds (hands) on the core table the public types wrap (moves as ints), tiles laid per second,
legal-move generations per second on positions in play; then the same rounds through the public API, as a
share of the core's; and the checker's JSON path, ``read_position(data).legal_moves_json()``, in microseconds
per call. See each room's ``bench`` module for its table and rules.
"""

from __future__ import annotations

import sys
from importlib import import_module

from .games import ROOMS


def main(argv: list[str]) -> None:
    """Print every game's figures, in the registry's order."""
    rounds = int(argv[0]) if argv else 3000
    for room in ROOMS:
        if room.bench is not None:
            import_module(room.bench).main(rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
