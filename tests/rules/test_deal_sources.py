"""Each preset deals what its source document says, the numbers copied here by hand from the source.

The expectations are written out from /work/shared/seeds/ (the four machine-translated how-to articles) and
/work/shared/RULES-SOURCES.md (their plain-English summary), never from the code's own deal tables, so a
typo in a table shows here.
"""

from __future__ import annotations

import pytest

from scorekeeper.games import kind_of
from scorekeeper.rules import DealError, deal_size

# Seed 000 (Italian), seeds/000_efb92ba7b52c02b6.txt line 11: "due o tre giocatori disegnano 16, quattro
# giocatori disegnano 15, cinque giocatori disegnano 14, sei giocatori disegnano 12, sette giocatori
# disegnano 10 e otto giocatori disegnano 9"; RULES-SOURCES.md lines 14-15.
ITALIAN = {2: 16, 3: 16, 4: 15, 5: 14, 6: 12, 7: 10, 8: 9}

# Seed 001 (Czech), seeds/001_d51aa4f70c2ad2cb.txt line 8: "Až 4 hráči obdrží 15 každý . Pět nebo šest
# hráčů se 12 každý , a 7 nebo 8 hráčů se 10 každý"; line 4: "2-8 hráčů"; RULES-SOURCES.md lines 46-47.
CZECH = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}

# Seed 002 (Portuguese), seeds/002_ddcf26cd192c8637.txt line 5: "lidar 15 para cada jogador";
# RULES-SOURCES.md line 66 ("deal 15 to each player (any player count)"). 91 tiles less the engine leave 90:
# 15 each fits at most six players.
PORTUGUESE = {2: 15, 3: 15, 4: 15, 5: 15, 6: 15}

# The most common published table, RULES-SOURCES.md line 110: "up to 4 players 15, 5-6 players 12,
# 7-8 players 10".
STANDARD = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}

# Seed 004 (German, Super Domino, double-15), seeds/004_b9ed852c2afbcaef.txt line 6: "Deal neun Fliesen an
# jeden Spieler"; line 3: "mit zwei oder mehr Spielern"; RULES-SOURCES.md line 87 ("Deal 9 tiles each").
GERMAN_SUPER_DOMINO = 9


@pytest.mark.parametrize(
    ("preset", "table"),
    [("italian", ITALIAN), ("czech", CZECH), ("portuguese", PORTUGUESE), ("standard", STANDARD)],
)
def test_a_double_12_preset_deals_as_its_source_says(preset: str, table: dict[int, int]) -> None:
    assert {players: deal_size(players, 12, rules=preset) for players in table} == table


def test_the_mexican_train_kind_deals_the_same() -> None:
    kind = kind_of("mexican-train")
    for preset, table in (("italian", ITALIAN), ("czech", CZECH), ("portuguese", PORTUGUESE)):
        assert {n: kind.deal(n, 12, preset) for n in table} == table, preset


@pytest.mark.parametrize("players", [7, 8])
def test_fifteen_each_does_not_fit_seven_or_eight_players(players: int) -> None:
    """The Portuguese source deals 15 whatever the count; a double-12 set cannot, and says so."""
    with pytest.raises(DealError):
        deal_size(players, 12, rules="portuguese")


@pytest.mark.parametrize("players", range(2, 16))
def test_super_domino_deals_nine_each_as_the_german_source_says(players: int) -> None:
    kind = kind_of("super-domino")
    for preset in kind.presets:
        assert kind.deal(players, 15, preset) == GERMAN_SUPER_DOMINO, (preset, players)
