"""Presets, options, deal sizes and their errors, and tiles as text."""

from __future__ import annotations

import json

import pytest

from scorekeeper.rules import (
    PRESETS,
    STANDARD_DEALS,
    SUPPORTED_SETS,
    DealError,
    DominoSet,
    Options,
    OptionsError,
    Tile,
    boneyard_after_deal,
    deal_size,
    resolve_options,
)


def test_tiles_parse_and_print() -> None:
    assert str(Tile.parse("12-5")) == "12-5" and Tile.parse("5-12") == Tile(12, 5)
    assert eval(repr(Tile(9, 9)), {"Tile": Tile}) == Tile(9, 9)


def test_presets_are_named_and_described() -> None:
    assert list(PRESETS) == ["standard", "italian", "czech", "portuguese"]
    for name, preset in PRESETS.items():
        assert preset.name == name and preset.title and len(preset.description) > 200
        doc = preset.to_json()
        assert json.loads(json.dumps(doc)) == doc
        assert resolve_options(doc["options"] | {"preset": name}) == preset.options


def test_options_are_immutable_and_overridable() -> None:
    opts = PRESETS["czech"].options
    with pytest.raises(AttributeError):
        opts.markers = False  # type: ignore[misc]
    changed = opts.replace(mexican_train=True)
    assert changed.mexican_train and not opts.mexican_train
    assert hash(changed) != hash(opts) or changed != opts
    assert resolve_options({"preset": "czech", "deals": {"12": {"4": 10}}}).deals[12][4] == 10


def test_option_errors() -> None:
    with pytest.raises(OptionsError, match="rules.double_cover"):
        resolve_options({"preset": "standard", "double_cover": "nobody"})
    with pytest.raises(OptionsError, match=r"rules.deals.12.4: 4 hands of 30"):
        resolve_options({"deals": {"12": {"4": 30}}})


def test_standard_deal_table() -> None:
    assert [deal_size(n, 12) for n in range(2, 9)] == [15, 15, 15, 12, 12, 10, 10]
    assert deal_size(4, 12, STANDARD_DEALS) == 15  # the table stays a positional parameter
    assert boneyard_after_deal(4, 12) == 91 - 1 - 60


@pytest.mark.parametrize(
    ("rules", "sizes"),
    [
        ("italian", [16, 16, 15, 14, 12, 10, 9]),
        ("czech", [15, 15, 15, 12, 12, 10, 10]),
        ("portuguese", [15, 15, 15, 15, 15]),
    ],
)
def test_preset_deal_tables_for_double_12(rules: str, sizes: list[int]) -> None:
    assert [deal_size(n, 12, rules=rules) for n in range(2, 2 + len(sizes))] == sizes


def test_boneyard_after_deal_depends_on_engine_placement() -> None:
    assert boneyard_after_deal(4, 12, rules="italian") == 90 - 60
    assert boneyard_after_deal(4, 12, rules="czech") == 91 - 60  # the engine is in a hand or the boneyard
    assert boneyard_after_deal(6, 12, rules="portuguese") == 1


def test_every_preset_deals_for_every_set_it_lists() -> None:
    for name, preset in PRESETS.items():
        for highest in SUPPORTED_SETS:
            for players, size in preset.options.deals[highest].items():
                assert deal_size(players, highest, rules=name) == size
                assert boneyard_after_deal(players, highest, rules=name) >= 0
                assert players * size < DominoSet(highest).tile_count


def test_too_many_players_names_the_limit_and_a_bigger_set() -> None:
    with pytest.raises(DealError, match="a double-12 set deals for at most 8 players; use a double-15 set"):
        deal_size(9, 12)
    with pytest.raises(DealError, match="at most 6 players; use a double-15 set"):
        deal_size(7, 12, rules="portuguese")
    with pytest.raises(DealError, match="at most 4 players; use a double-9 set"):
        deal_size(5, 6)
    with pytest.raises(DealError, match="at most 12 players$"):
        deal_size(13, 18)
    with pytest.raises(DealError, match="at least 2 players"):
        deal_size(1, 12)


def test_options_default_is_standard() -> None:
    assert Options() == PRESETS["standard"].options


def test_a_rules_spec_read_again_reads_alike() -> None:
    """A spec of plain values is read once and then answered from memory: the same options, and every refusal
    still refused with its own message, whatever was read before."""
    spec = {"preset": "czech", "double_blank": 50, "markers": True}
    first = resolve_options(spec)
    assert resolve_options(dict(spec)) is first and first == PRESETS["czech"].options.replace(double_blank=50)
    for bad, message in [
        ({"preset": "czech", "double_blank": 50, "markers": 1}, "rules.markers: expected true or false"),
        ({"preset": "czech", "double_blank": 50.0, "markers": True}, "rules.double_blank: expected a whole number"),
        ({"preset": "czech", "markers": True, "colour": "red"}, "rules.colour: unknown option"),
    ]:
        for _ in range(2):
            with pytest.raises(OptionsError) as caught:
                resolve_options(bad)
            assert str(caught.value).startswith(message)
    deals = {"preset": "standard", "deals": {"12": {"4": 10}}}  # not a plain value: read every time
    assert resolve_options(deals) is not resolve_options(deals) and resolve_options(deals).deals[12][4] == 10
