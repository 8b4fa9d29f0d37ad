"""The score sheet's forms: a new game, a round, and the bare confirmation behind undo, end and delete.

They read what was typed into the services' shapes (:class:`~scorekeeper.services.GameChoices`,
:class:`~scorekeeper.services.RoundEntry`) and show the services' problems next to their fields.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, HiddenField, RadioField, SelectField, StringField
from wtforms.fields import Field as WTField
from wtforms.fields.choices import SelectChoice
from wtforms.utils import unset_value

from ..games import DEFAULT_KIND, KINDS, kind_of
from ..house_rules import HouseRule
from ..i18n import _l
from ..kinds import GameKind
from ..reading import Field
from ..rules import DOUBLE_BLANK_VALUES, DominoSet
from ..services import MOST_SEATS as SEATS_EVER
from ..services import (
    START_HIGHEST,
    START_ZERO,
    Draft,
    GameChoices,
    Invalid,
    RoundEntry,
    Sent,
    ServiceError,
    StoredRound,
    clean_name,
)
from .names import NAME_FIELD

MOST_SEATS = max(k.max_players for k in KINDS.values())
"""Name fields on the new-game form: as many as the game with the most seats takes."""

EVERY_GAME_SEATS = min(k.max_players for k in KINDS.values())
GAME_SEATS = max(MOST_SEATS, SEATS_EVER)
"""Seats one game may have had in all, counting those who joined late or left: the round form's fields."""
"""Name fields shown before "More players": as many as every game takes."""


def _readers(field: str) -> list[GameKind]:
    """The games whose setup reads a field of the new-game form (``kind.setup_fields``), in the registry's order."""
    return [kind for kind in KINDS.values() if field in kind.setup_fields] or [DEFAULT_KIND]


class SeatList(FieldList):
    """A FieldList with one entry per seat: ``pips-3`` is always the fourth seat's, whatever else was sent.

    Only ASCII indices below ``max_entries`` count (WTForms' own reading fails on ``pips-²`` or an index with
    thousands of digits), and missing ones stay blank instead of the later entries moving up into their place.
    """

    def _extract_indices(self, prefix: str, formdata: Any) -> Iterator[int]:
        start = prefix + self._separator
        for key in formdata:
            if isinstance(key, str) and key.startswith(start):
                index = key[len(start) :].split(self._field_separator, 1)[0]
                if index.isascii() and index.isdecimal() and len(index) <= 3 and int(index) < (self.max_entries or 0):
                    yield int(index)

    def process(self, formdata: Any, data: Any = unset_value, extra_filters: Any = None) -> None:
        super().process(formdata, data, extra_filters)
        if formdata:
            seats = max(self._extract_indices(self.name, formdata), default=-1) + 1
            self.entries: list[Any] = []
            self.last_index = -1
            for index in range(max(seats, self.min_entries)):
                self._add_entry(formdata, index=index)

    def seats(self, count: int) -> None:
        """Exactly ``count`` entries: a blank one for each seat not sent, none for a seat the table lacks."""
        del self.entries[count:]
        while len(self.entries) < count:
            self.append_entry()
        self.last_index = len(self.entries) - 1


class NewGameForm(FlaskForm):
    """The players in seat order, the game, and every game's setup fields; each kind reads its own
    (``kind.setup_fields``), the ones its ``_options.html`` partial shows."""

    game = RadioField(
        _l("Game"),
        choices=[SelectChoice(kind.id, kind.title) for kind in KINDS.values()],
        default=DEFAULT_KIND.id,
    )
    players = SeatList(StringField(_l("Player"), render_kw=NAME_FIELD), min_entries=MOST_SEATS, max_entries=MOST_SEATS)
    first_dealer = SelectField(
        _l("Who deals first"),
        # by name field, numbered as their placeholders are: the names are not known when the page is drawn
        choices=[
            SelectChoice("", _l("The first player named")),
            *(SelectChoice(str(i), _l("Player %(number)d", number=i + 1)) for i in range(MOST_SEATS)),
        ],
        default="",
    )
    # the setup fields, each offering what the games that read it offer; each game's partial shows those it reads
    set = SelectField(
        _l("Set"),
        choices=[
            SelectChoice(str(n), _l("Double-%(set)d (%(count)d tiles)", set=n, count=DominoSet(n).tile_count))
            for n in sorted({n for kind in _readers("set") for n in kind.sets})
        ],
        default=str(_readers("set")[0].default_set),
    )
    order = RadioField(
        _l("Engines"),
        choices=[SelectChoice("down", _l("Count down (12, 11 … 0)")), SelectChoice("up", _l("Count up (0, 1 … 12)"))],
        default="down",
    )
    rounds = StringField(_l("Rounds to play"), default="")
    rules = SelectField(
        _l("Rules"),
        choices=[SelectChoice(p.name, _l(p.title)) for kind in _readers("rules") for p in kind.presets.values()],
        default=_readers("rules")[0].default_rules,
    )
    double_blank = SelectField(
        _l("Double-blank counts"),
        choices=[SelectChoice(str(v), _l("%(pips)d pips", pips=v)) for v in DOUBLE_BLANK_VALUES],
        default="0",
    )
    hands = StringField(_l("Hands to play"), default="")
    # the house rules: a field per rule any game offers, added below the class (house_<rule name>)

    def house_fields(self, kind: GameKind) -> list[tuple[HouseRule, Any]]:
        """The game's house rules with their fields, in the list's order, for its "House rules" panel."""
        return [(rule, self[_house_field(rule)]) for rule in kind.house_rules]

    def name_the_dealers(self) -> None:
        """Offer to deal first each player by the name typed in their field, once any name is typed ("Player 3"
        for every field on a blank form, as their placeholders say); static/dealers.js renames the choices as the
        names are typed. Each choice stays its field's number, which is what the form sends."""
        unnamed = [str(_l("Player %(number)d", number=i + 1)) for i in range(len(self.players))]
        typed = [clean_name(f.data) for f in self.players]
        chosen = self.first_dealer.data
        # once names are typed, an empty field has nobody to offer (the one chosen stays, to be seen)
        nobody = {"hidden": True, "disabled": True}
        self.first_dealer.choices = [
            SelectChoice("", _l("The first player named")),
            *(
                SelectChoice(
                    str(i),
                    name or unnamed[i],
                    {"data-unnamed": unnamed[i], **(nobody if any(typed) and not name and chosen != str(i) else {})},
                )
                for i, name in enumerate(typed)
            ),
        ]

    def reuse(self, names: Sequence[str]) -> None:
        """Fill in the names of an earlier game's players, in seat order."""
        for field, name in zip(self.players, names):
            field.data = name

    def choices(self) -> GameChoices:
        """What was asked for: the chosen game, the names typed (blanks left out) and that game's setup fields."""
        kind = self.kind
        given = {kind.setup_choice(name): _typed(self[name].data) for name in kind.setup_fields}
        return GameChoices(
            [name for name in (clean_name(f.data) for f in self.players) if name],
            kind=kind,
            set=given.get("set", kind.default_set),
            rounds=given.get(kind.setup_choice(kind.rounds_field)),
            ascending=given.get("order") == "up",
            double_blank=given.get("double_blank", 0),
            rules=given.get("rules", kind.default_rules),
            first_dealer=self._first_dealer(),
            house_rules={rule.name: _house_value(rule, field.data) for rule, field in self.house_fields(kind)},
            boxes=[i for i, f in enumerate(self.players) if clean_name(f.data)],
        )

    def _first_dealer(self) -> str | None:
        """The name typed in the field chosen to deal first ("" when that field is blank); None for the default."""
        chosen = _whole(self.first_dealer.data)
        if chosen is None or chosen >= len(self.players):
            return None
        return clean_name(self.players[chosen].data)

    @property
    def kind(self) -> GameKind:
        """The game chosen."""
        return kind_of(self.game.data or DEFAULT_KIND.id)

    def show(self, error: Invalid) -> None:
        """Show each problem next to its field; whatever was typed stays in the form."""
        # the names were compacted (blanks skipped): map a name's problem back to the field it was typed in
        typed_at = [i for i, f in enumerate(self.players) if clean_name(f.data)]
        # a house rule's problem is named as in JSON (house_rules.going_out): put it on that rule's field
        prefix = "house_rules."
        # a setup problem is named as the API client sent it (rules): put it on the chosen game's own field
        kind = self.kind
        errors = {
            Field(f"house_{f.name[len(prefix) :]}")
            if f.name.startswith(prefix)
            else Field(kind.form_field(f.name), f.index): m
            for f, m in error.errors.items()
        }
        _show_problems(self, Invalid(error.message, errors), typed_at)


def _house_field(rule: HouseRule) -> str:
    """The new-game form's field for a house rule."""
    return f"house_{rule.name}"


def _house_input(rule: HouseRule) -> Any:
    """The form field that asks for a house rule: a checkbox, a number, or a pick of the choices (blank: the
    preset's)."""
    if rule.input == "flag":
        return BooleanField(_l(rule.label))
    if rule.input == "number":
        return StringField(_l(rule.label), default="")
    offered = [SelectChoice("", _l("As the rules say")), *(SelectChoice(v, _l(words)) for v, words in rule.choices)]
    # a value not offered is the service's to refuse, with a message, not WTForms' to drop
    return SelectField(_l(rule.label), choices=offered, default="", validate_choice=False)


def _house_value(rule: HouseRule, data: object) -> object:
    """A house rule's field as the services read it: a box as true or false, a number as an int (a minus sign
    typed either way), blank as None."""
    if rule.input == "flag":
        return bool(data)
    text = data.strip().replace("\u2212", "-") if isinstance(data, str) else data
    if rule.input == "number" and isinstance(text, str):
        digits = text[1:] if text.startswith(("-", "+")) else text
        if digits.isascii() and digits.isdecimal() and len(digits) <= 6:
            return int(text)
    return text if text != "" else None


for _rule in {rule.name: rule for kind in KINDS.values() for rule in kind.house_rules}.values():
    setattr(NewGameForm, _house_field(_rule), _house_input(_rule))


BLOCKED = "blocked"
"""The round form's choice of how the round ended when nobody went out (the others are seat numbers)."""


class RoundForm(FlaskForm):
    """The end of a round: each seat's pips (and tiles left, in a game that records them), and how it ended."""

    # every seat the game ever had (players who joined late or left count too)
    pips = SeatList(StringField(_l("Pips")), min_entries=0, max_entries=GAME_SEATS)
    tiles = SeatList(StringField(_l("Tiles")), min_entries=0, max_entries=GAME_SEATS)
    markers = SeatList(BooleanField(_l("Marker still on the train")), min_entries=0, max_entries=GAME_SEATS)
    """Per seat: a marker was left on its train (shown only when a scoring house rule counts it)."""
    photo = SeatList(StringField(), min_entries=0, max_entries=GAME_SEATS)
    """Per seat: the token of the photo of its hand kept with the round (static/camera.js puts it in; blank: none)."""
    ended_on_double = BooleanField(_l("Ended on a double"))
    """The player who went out laid a double last (shown only when a scoring house rule counts it)."""
    engine = StringField(_l("The double that started the round"))
    """Which double started the round, as a number (asked only when a house rule lets another double stand in for
    a missing engine); blank: the round's own engine."""
    went_out = StringField()
    """How the round ended, rendered by hand as one radio group: a seat number for the player who went out, or
    BLOCKED; nothing chosen until the player chooses."""
    blocked = BooleanField(_l("Blocked round: nobody went out"))
    """Set from ``went_out`` (BLOCKED); still read on its own, as older pages and the phones' Send post it."""
    confirmed = BooleanField()
    """The player said that pips above what a hand plausibly holds are right ("Really 1000 for João?")."""
    number = HiddenField()
    """The round this form ends, so that sending it twice stores it once."""
    version = HiddenField()
    """The game's version the correction was opened at, so that a stale one is caught."""
    seen = HiddenField()
    """The round as the correction found it (services.round_mark): a change to another round is no clash."""

    asking = False
    """The server asked "Really …?" about some pips: the page offers to save them as typed."""

    def process(self, formdata: Any = None, obj: Any = None, data: Any = None, **kwargs: Any) -> None:
        super().process(formdata, obj, data, **kwargs)
        if (self.went_out.data or "").strip() == BLOCKED:
            self.blocked.data = True

    def sent(self, name: str) -> int | None:
        """A hidden number as sent (``number`` or ``version``); None when missing or not a number."""
        return _whole(self[name].data)

    def seat(self, players: int) -> None:
        """A pips and a tiles field for each player at the table."""
        for fields in (self.pips, self.tiles, self.markers, self.photo):
            fields.seats(players)

    def fill(self, rnd: StoredRound) -> None:
        """Show a round as it was entered, to correct it."""
        for score in rnd.scores:  # by seat: a seat away from the round has no score in it
            if score.seat_position < len(self.pips):
                self.pips[score.seat_position].data = str(score.pips)
                self.tiles[score.seat_position].data = "" if score.tiles is None else str(score.tiles)
                self.markers[score.seat_position].data = bool(score.marker)
        out = next((s.seat_position for s in rnd.scores if s.went_out), None)
        self.went_out.data = _ending(out, rnd.blocked)
        self.blocked.data = rnd.blocked
        self.ended_on_double.data = bool(rnd.ended_on_double)
        self.engine.data = "" if rnd.engine is None else str(rnd.engine)

    def fill_draft(self, draft: Draft) -> None:
        """Show what the phones have sent so far for the round being filled in."""
        for seat, sent in draft.entries.items():
            if seat < len(self.pips):
                self.pips[seat].data = str(sent.pips)
                self.tiles[seat].data = "" if sent.tiles is None else str(sent.tiles)
                self.markers[seat].data = sent.marker
        out = next((seat for seat, sent in draft.entries.items() if sent.went_out), None)
        self.went_out.data = _ending(out, draft.blocked)
        self.blocked.data = draft.blocked
        self.ended_on_double.data = draft.double_end
        if draft.engine is not None:
            self.engine.data = str(draft.engine)

    def sent_seat(self, seat: int) -> Sent:
        """One seat's value as typed in this form, to send on its own (a seat past the table sends nothing,
        and the service refuses it)."""
        if not 0 <= seat < len(self.pips):
            return Sent(seat=seat, pips=None)
        return Sent(
            seat=seat,
            pips=self.pips[seat].data,
            tiles=self.tiles[seat].data,
            went_out=(self.went_out.data or "").strip() == str(seat),
            marker=bool(self.markers[seat].data) if seat < len(self.markers) else False,
            photo=self._photos().get(seat),
        )

    def entry(self, kind: GameKind) -> RoundEntry:
        """The round as typed, with the tiles left for a game that records them."""
        out = (self.went_out.data or "").strip()
        if out == BLOCKED:
            out = ""
        return RoundEntry(
            pips=[f.data for f in self.pips],
            # anything but a seat number (a tampered form) is a seat nobody sits at, which check_round refuses
            went_out=None if not out else int(out) if _seat_number(out) else -1,
            blocked=bool(self.blocked.data),
            tiles=[f.data for f in self.tiles] if kind.wins_hands else None,
            confirmed=bool(self.confirmed.data),
            ended_on_double=bool(self.ended_on_double.data),
            markers=[bool(f.data) for f in self.markers],
            engine=(self.engine.data or "").strip() or None,
            photos=self._photos(),
        )

    def _photos(self) -> dict[int, str]:
        """The photos kept with the round, by seat: each seat's token as sent."""
        return {i: f.data.strip() for i, f in enumerate(self.photo) if isinstance(f.data, str) and f.data.strip()}

    def show(self, error: Invalid) -> None:
        """Show each problem next to its field; whatever was typed stays in the form. A question about pips
        ("Really 1000 for João?") goes next to those pips, and the page then offers to save them as typed."""
        questions = {Field("pips", f.index): m for f, m in error.errors.items() if f.name == "confirmed"}
        self.asking = bool(questions)
        if questions:
            others = {f: m for f, m in error.errors.items() if f.name != "confirmed"}
            error = Invalid.of({**others, **questions})
        _show_problems(self, error)


class _SeatChange(FlaskForm):
    """A change to the players, naming the game's version it was made on (a stale one is refused)."""

    version = HiddenField()

    def sent(self) -> int | None:
        """The version sent; None when missing (the change is then made on the game as it is)."""
        return _whole(self.version.data)

    def seat_sent(self) -> int:
        """The seat chosen; -1 (no seat) for nothing or anything but a seat number."""
        chosen = getattr(self, "seat", None)
        text = (chosen.data or "").strip() if chosen is not None else ""
        return int(text) if _seat_number(text) else -1

    def show(self, error: ServiceError) -> None:
        """Each problem next to its field; one that names no field on top of the form."""
        if not error.errors:  # the game changed meanwhile, or is over: no one field is at fault
            self.form_errors.append(error.message)
            return
        _show_problems(self, error if isinstance(error, Invalid) else Invalid(error.message, error.errors))


class RenameForm(_SeatChange):
    """A player's new name in this game (a typo fixed: "Jaon" is João)."""

    seat = SelectField(_l("Player"), choices=[], validate_choice=False)
    name = StringField(_l("New name"), render_kw=NAME_FIELD)


class JoinForm(_SeatChange):
    """A player who joins the game late, and the total they start with."""

    name = StringField(_l("Name"), render_kw=NAME_FIELD)
    start = RadioField(
        _l("Starts with"),
        choices=[
            SelectChoice(START_HIGHEST, _l("The highest total at the table")),
            SelectChoice(START_ZERO, _l("Zero")),
        ],
        validate_choice=False,
    )


class LeaveForm(_SeatChange):
    """A player who leaves the game: they keep their total and play no further round."""

    seat = SelectField(_l("Player"), choices=[], validate_choice=False)


class ConfirmForm(FlaskForm):
    """A bare form for POST-only actions (undo, delete): CSRF and nothing else."""


class UndoForm(ConfirmForm):
    """Undo, naming the round it takes back, so that sending it twice takes back one round."""

    number = HiddenField()

    def sent(self) -> int | None:
        """The round named; None when the form did not say."""
        return _whole(self.number.data)


class EndForm(ConfirmForm):
    """End the game now, naming the last round the table saw and the game's version then: a stale page is
    refused, a resend is harmless."""

    number = HiddenField()
    version = HiddenField()

    def sent(self) -> tuple[int | None, int | None]:
        """The round and the version named; None for either the form did not say."""
        return _whole(self.number.data), _whole(self.version.data)


def _ending(out: int | None, blocked: bool) -> str:
    """The round form's choice for a round as stored or sent: the seat that went out, BLOCKED, or none yet."""
    return BLOCKED if blocked else "" if out is None else str(out)


def _whole(data: object) -> int | None:
    text = data.strip() if isinstance(data, str) else ""
    return int(text) if text.isascii() and text.isdecimal() and len(text) < 12 else None


def _seat_number(text: str) -> bool:
    """Plain digits, few enough to be a seat (``int`` refuses some Unicode digits and thousands of them)."""
    return text.isascii() and text.isdecimal() and len(text) <= 3


def _typed(data: object) -> object:
    """A form value as the services read it: a whole number as an int, blank as None, anything else as typed."""
    text = data.strip() if isinstance(data, str) else data
    if isinstance(text, str) and text.isascii() and text.isdecimal() and len(text) <= 9:
        return int(text)
    return text if text != "" else None


def _show_problems(form: FlaskForm, error: Invalid, typed_at: Sequence[int] | None = None) -> None:
    """Put each of the error's problems on its field (``typed_at`` maps a list's entries back to the fields
    they came from); the rest go on top of the form."""
    general = []
    for key, message in error.errors.items():
        field = getattr(form, key.name, None)
        if not isinstance(field, WTField):  # a method of the form named like the problem's field ("seat")
            field = None
        if field is not None and key.index is not None:
            i = key.index
            if typed_at is not None and i < len(typed_at):
                i = typed_at[i]
            if i < len(field.entries):
                field.entries[i].errors = [*field.entries[i].errors, message]
                continue
        if field is not None and key.index is None and key.name not in ("players", "tiles", "markers"):
            field.errors = [*field.errors, message]
            continue
        general.append(message)
    form.form_errors.extend(general)


# each game's own setup fields, when it has any (named so that they cannot clash with the shared ones)
for _kind in KINDS.values():
    for _name, _field in _kind.form_fields().items():
        setattr(NewGameForm, _name, _field)
