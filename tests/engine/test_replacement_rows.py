"""The replacement grammar's rows (replacement/rows/, tried by replacement/sentences.py):
each row's example is read by that row, and each row's pattern runs in linear time."""

from __future__ import annotations

import pytest

from rules_engine.cards import library_card
from rules_engine.oracle.text import clean, mark_self, strip_reminder
from rules_engine.replacement.compounds import COMPOUNDS, split_compound
from rules_engine.replacement.grammar import normal_sentence
from rules_engine.replacement.rows.row import Row
from rules_engine.replacement.sentences import ROWS, route
from rules_engine.replacement.specs import (
    GROUP,
    SPEC_OF,
    DamageSpec,
    EventGroup,
    Family,
    ReplacementSpec,
)
from tests.engine.patterns import Found, engine_patterns, slow_calls


def _where(row: Row) -> str:
    return f"{row.build.__module__}:{row.priority}"


def _body(row: Row) -> str:
    """The example as the grammar reads it: the card's name as "~", in lower case."""
    return normal_sentence(mark_self(strip_reminder(clean(row.example)), row.card or "Example"))


@pytest.mark.parametrize("row", ROWS, ids=_where)
def test_every_row_example_is_read_by_that_row(row):
    found = route(_body(row), row.example)
    assert found is not None, f"no row reads {row.example!r}"
    routed, spec = found
    assert routed is row, f"{row.example!r} is read by {_where(routed)}"
    family = spec.family if isinstance(spec, ReplacementSpec) else Family.CANT
    assert family == row.family


@pytest.mark.parametrize("row", [r for r in ROWS if r.card], ids=_where)
def test_every_row_example_is_its_card_oracle_text(row):
    card = library_card(row.card)
    assert card is not None and row.example in card.oracle_text


def test_rows_are_tried_in_one_explicit_order():
    assert len({row.priority for row in ROWS}) == len(ROWS)
    assert [row.priority for row in ROWS] == sorted(row.priority for row in ROWS)
    assert all(row.rule[:3] in ("614", "615", "616", "701", "702") for row in ROWS)


def test_every_row_pattern_is_collected_for_the_linear_time_check():
    collected = {found.pattern.pattern for found in engine_patterns()}
    assert {row.pattern.pattern for row in ROWS} <= collected


@pytest.mark.parametrize("row", ROWS, ids=_where)
def test_every_row_pattern_runs_in_linear_time(row):
    slow = slow_calls(Found(row.pattern, _where(row), frozenset({"match"})))
    assert not slow, "\n".join(str(s) for s in slow)


# The event groups each module of rows reads (docs/architecture.md, the plan for one
# module per group): a module's rows stay within its groups.
MODULE_GROUPS = {
    "damage": {EventGroup.DAMAGE},
    "redirect": {EventGroup.DAMAGE},
    "prevention": {EventGroup.DAMAGE},
    "prevention_mill": {EventGroup.DAMAGE},
    "zones": {EventGroup.ZONE_MOVE, EventGroup.DESTRUCTION},
    "draw": {EventGroup.DRAW},
    "life": {EventGroup.LIFE},
    "tokens": {EventGroup.TOKENS},
    "counters": {EventGroup.COUNTERS},
    "entering": {EventGroup.ENTERING},
    "entering_counters": {EventGroup.ENTERING},
    "entering_counted": {EventGroup.ENTERING},
    "entering_reveal": {EventGroup.ENTERING},
    "entering_cast_this_way": {EventGroup.ENTERING},
    "entering_riders": {EventGroup.ENTERING},
    "turns": {EventGroup.STEP},
    "cants": {EventGroup.CANT},
    "hidden": {EventGroup.HIDDEN},
    "game_loss": {EventGroup.GAME_LOSS},
}


def test_every_family_is_in_one_event_group():
    assert set(GROUP) == set(Family)


@pytest.mark.parametrize("row", ROWS, ids=_where)
def test_every_row_builds_families_of_its_module_group(row):
    module = row.build.__module__.rsplit(".", 1)[-1]
    assert {GROUP[f] for f in (row.family, *row.also)} <= MODULE_GROUPS[module]


@pytest.mark.parametrize("compound", COMPOUNDS, ids=lambda c: c.split.__name__)
def test_every_compound_example_is_split_by_that_compound(compound):
    body = normal_sentence(mark_self(clean(compound.example), compound.card or "Example"))
    first = next(c for c in COMPOUNDS if (m := c.pattern.match(body)) and c.split(m) is not None)
    assert first is compound
    assert split_compound(body) != [body]  # its parts (Banefire's one: the other changes nothing)
    if compound.card:
        card = library_card(compound.card)
        assert card is not None and compound.example in card.oracle_text


def test_a_spec_is_always_of_its_family_group_class():
    # The tag of the union is the class: a damage family's spec is a DamageSpec, checked
    # as it is made, so isinstance tells which fields it has.
    assert set(SPEC_OF) == set(EventGroup)
    assert isinstance(DamageSpec("Prevent all damage.", Family.PREVENT_STATIC), ReplacementSpec)
    with pytest.raises(TypeError, match="DamageSpec"):
        ReplacementSpec("Prevent all damage.", Family.PREVENT_STATIC)
    with pytest.raises(TypeError, match="EnterSpec"):
        DamageSpec("This land enters tapped.", Family.ENTER_TAPPED)
