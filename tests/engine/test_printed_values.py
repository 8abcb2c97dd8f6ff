"""Printed values read from a card's face (CR 208)."""

from __future__ import annotations

from rules_engine.characteristics import printed_pt


def test_printed_power_and_toughness_with_a_star():
    # CR 208.2a: "*" counts as 0 until a characteristic-defining ability defines it.
    assert [printed_pt(v) for v in ("*", "1+*", "7-*", "3", "-1")] == [0, 1, 7, 3, -1]
