"""Super Domino's kind: hands won by going out, or by the fewest tiles when blocked."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from ... import rules
from ...i18n import _, _l
from ...kinds import GameKind, N_plural, Played, Setup, Words
from ...reading import Problems, read_count, whole
from ...rules.i18n import N_

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ...entries import GameChoices, RoundEntry


class SuperDominoKind(GameKind):
    """Hands won by going out, or by the fewest tiles when blocked; the most hands won takes the evening."""

    most_hands = 99
    """The most hands a game may be set to last."""

    def deal(self, players: int, highest: int, rules_name: str) -> int:
        return rules.super_deal_size(players, highest)

    def boneyard(self, players: int, highest: int, rules_name: str) -> int:
        return rules.DominoSet(highest).tile_count - self.deal(players, highest, rules_name) * players

    def hand_winners(self, pips: Mapping[str, int], tiles: Mapping[str, int] | None, went_out: str | None) -> list[str]:
        return rules.hand_winners(pips, tiles or {}, went_out)

    def standings(
        self, players: Sequence[str], played: Sequence[Played], left: Mapping[str, int] | None = None
    ) -> list[rules.Standing]:
        return rules.hand_standings(players, [(r.winners, r.pips) for r in played], left)

    def progression(self, players: Sequence[str], played: Sequence[Played]) -> dict[str, list[int]]:
        return rules.running_wins(players, [r.winners for r in played])

    def check_setup(self, choices: GameChoices, players: int, problems: Problems) -> Setup | None:
        if choices.set not in (None, "", self.default_set):
            problems.add("set", _("Super Domino is played with a double-%(set)d set.", set=self.default_set))
        limit: int | None = None
        if choices.rounds not in (None, ""):
            limit = whole(choices.rounds)
            if limit is None or not 1 <= limit <= self.most_hands:
                problems.add(
                    self.rounds_field, _("Play 1 to 99 hands, or leave it empty and end the evening when you like.")
                )
        self.check_house_rules(self.default_rules, choices.house_rules, problems)
        if problems:
            return None
        return Setup(set=self.default_set, rules=self.default_rules, rounds=limit)

    def check_hand(
        self, names: Sequence[str], highest: int, entry: RoundEntry, pips: Sequence[int], problems: Problems
    ) -> list[int] | None:
        """Tiles left per player, consistent with the pips and with who went out."""
        raw = list(entry.tiles or [])
        if len(raw) != len(names):
            problems.add("tiles", _("Enter the tiles left for all %(count)d players.", count=len(names)))
            return [0] * len(names)
        if entry.went_out is None and not entry.blocked:
            problems.add("went_out", _("Tap who went out, or mark the hand as blocked."))
        most = rules.DominoSet(highest).tile_count
        tiles: list[int] = []
        for i, (name, value) in enumerate(zip(names, raw)):
            try:
                count = read_count(value)
            except ValueError:
                count = -1
            if count is None:
                count = 0 if entry.went_out == i else -2
            if count == -2:
                problems.add(
                    "tiles", _("Enter how many tiles %(name)s has left (0 if %(name)s went out).", name=name), i
                )
            elif count < 0 or count > most:
                problems.add(
                    "tiles", _("%(name)s: tiles left is a whole number from 0 to %(most)d.", name=name, most=most), i
                )
            elif entry.went_out == i and count != 0:
                problems.add(
                    "tiles",
                    _("%(name)s went out, so %(name)s has no tiles left; clear “went out” or enter 0.", name=name),
                    i,
                )
            elif count == 0 and pips[i] > 0:
                problems.add(
                    "tiles",
                    _("%(name)s has no tiles but %(pips)d pips; check both numbers.", name=name, pips=pips[i]),
                    i,
                )
            elif count > 0 and pips[i] == 0 and count > 1:
                problems.add_unless_noted(
                    "pips",
                    _(
                        "%(name)s has %(count)d tiles but 0 pips; only one tile, the 0-0, has no pips.",
                        name=name,
                        count=count,
                    ),
                    i,
                )
            tiles.append(max(count, 0))
        return tiles


SUPER_DOMINO = SuperDominoKind(
    id="super-domino",
    title=_l("Super Domino"),
    reference_page="reference.super_domino",
    reference_path="/rules/super-domino",
    reference_sections=(
        "super-domino",
        "super-domino-start",
        "super-domino-turns",
        "super-domino-edges",
        "super-domino-doubles",
        "super-domino-specials",
        "super-domino-spell",
        "super-domino-stuck",
        "super-domino-ending",
        "super-domino-choices",
        "super-domino-rule-ids",
    ),
    reference_ids=("super-domino-equipment", "super-domino-deal", "super-domino-presets", "super-domino-compare"),
    glossary="super-domino-rule-ids",
    place=2,
    sets=rules.SUPER_DOMINO_SETS,
    default_set=rules.SUPER_DOMINO_SETS[0],  # the score sheet keeps to double-15, the set the game is sold with
    max_players=rules.super_domino_max_players(rules.SUPER_DOMINO_SETS[0]),
    presets=rules.SUPER_PRESETS,
    default_rules="super-domino",
    words=Words(
        round=N_("Hand %(number)d"),
        end_of=N_("End of hand %(number)d"),
        correct=N_("Correct hand %(number)d"),
        save=N_("Save hand %(number)d"),
        stored=N_("Hand %(number)d is complete and saved."),
        undo=N_("Undo hand %(number)d"),
        undo_question=N_("Undo hand %(number)d? Its scores stay in the history."),
        rounds=N_("Hands"),
        nobody_out=N_("Nobody went out"),
        blocked=N_("Blocked hand: nobody could play"),
        how_to_enter=N_(
            "Tap “out” for who went out. For everyone else enter the pips and tiles left; the calculator does both. "
            "A blocked hand goes to the fewest tiles, then the fewest pips."
        ),
        chart_title=N_("Hands won so far"),
        chart_caption=N_("Hands won, hand by hand (higher is better)"),
        left_after=N_("left after hand %(number)d"),
        ended_after=N_("ended after hand %(number)d of %(total)d"),
        end_question=N_("End the game after hand %(number)d of %(total)d? The standings become final."),
        end_question_open=N_("End the game after hand %(number)d? The standings become final."),
        standings_note=N_("(hands won, then fewest pips)"),
        check_move=N_("Playing Super Domino? Check a Super Domino move"),
        waiting=N_plural("Offline · %(num)d hand waiting", "Offline · %(num)d hands waiting"),
    ),
    rounds_field="hands",
    setup_fields=("hands",),
    short_names=MappingProxyType({"german": N_("German"), "pagat": N_("Pagat")}),
    wins_hands=True,
)
