"""A Class's level bands and a station card's striations as a learner reads them."""

from __future__ import annotations

from rules_engine.ability_lines import printed_line, shown_ability


def test_a_class_level_band_reads_as_printed_and_says_why_it_waits():
    text = "CLASS LEVEL 3+ | Creatures you control have haste."
    shown = shown_ability(text, "Barbarian Class", class_level=2, counters={})
    assert shown.startswith("Level 3+: Creatures you control have haste. (not yet:")
    assert "level 2" in shown and "CR 716.2a" in shown
    assert shown_ability(text, "Barbarian Class", class_level=3, counters={}) == (
        "Level 3+: Creatures you control have haste."
    )


def test_a_station_band_counts_charge_counters():
    text = "STATION 8+ 5/4 | Flying"
    waiting = shown_ability(text, "Atmospheric Greenhouse", class_level=1, counters={"charge": 1})
    assert waiting.startswith("8+ | Flying; a 5/4 creature (not yet:")
    assert "1 charge counter and needs 8, CR 721.2" in waiting
    assert shown_ability(text, "X", class_level=1, counters={"charge": 8}) == (
        "8+ | Flying; a 5/4 creature"
    )


def test_any_other_ability_is_shown_unchanged():
    assert shown_ability("Flying", "Birds", class_level=1, counters={}) == "Flying"


def test_quoted_outside_a_board_a_band_reads_as_printed():
    assert printed_line("CLASS LEVEL 2+ | Vigilance") == "Level 2+: Vigilance"
    assert printed_line("STATION 12+ | Flying") == "12+ | Flying"
