"""The mana of each color spent to cast a spell (CR 601.2h) and adamant's test (207.2c)."""

from __future__ import annotations

import pytest

from rules_engine.errors import BoardError
from rules_engine.mana_paid import mana_by_color, spent_at_least


def test_three_white_is_at_least_three_white() -> None:
    paid = mana_by_color({"W": 3, "U": 1}, "choices.mana_by_color")
    assert spent_at_least(paid, "W", 3)
    assert not spent_at_least(paid, "U", 3)


def test_same_color_means_any_one_color() -> None:
    assert spent_at_least(mana_by_color({"G": 3}, "p"), "same", 3)
    assert not spent_at_least(mana_by_color({"W": 2, "U": 1}, "p"), "same", 3)


def test_nothing_spent_when_not_cast() -> None:
    assert not spent_at_least((), "same", 3)


def test_a_bad_color_names_the_letters() -> None:
    with pytest.raises(BoardError, match="W U B R G"):
        mana_by_color({"white": 3}, "steps[0].choices.mana_by_color")
