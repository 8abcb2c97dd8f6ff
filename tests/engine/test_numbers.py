"""One number reader (rules_engine/oracle/numbers.py): digits and words, never a silent 0."""

from __future__ import annotations

import pytest

from rules_engine.oracle.numbers import read_number
from rules_engine.oracle.parser import parse_ability_text


@pytest.mark.parametrize(("word", "value"), [("3", 3), ("three", 3), ("A", 1), ("twenty", 20)])
def test_numbers_in_digits_and_words(word, value):
    assert read_number(word) == value


@pytest.mark.parametrize("word", ["X", "many", "", "-1"])
def test_what_is_not_a_number_is_none(word):
    assert read_number(word) is None


def test_a_condition_with_no_number_is_named_not_read_as_zero():
    # Before the one reader, "several or more" silently became "0 or more" (always true);
    # now the sentence is not applied, and named as not modelled with the word it lacks.
    (ability,) = parse_ability_text(
        "As long as several or more cards are in your graveyard, ~ gets +2/+2.", "Odd"
    )
    assert not ability.effects
    ((_, why),) = ability.gaps
    assert 'got "several"' in why
