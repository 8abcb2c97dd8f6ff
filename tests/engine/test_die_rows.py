"""A spell's die roll read with its results table (CR 706.2, 706.3a): each row done only for
the result the cast step states; a row that needs more than its range stays named."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import evaluate
from rules_engine.effects import AllOf, Compare
from rules_engine.errors import BoardError
from rules_engine.oracle.die_rows import read_die_table, row_condition


@pytest.mark.parametrize(
    ("row", "sides", "lo", "hi"),
    [
        ("1—9 | Draw a card.", 20, 1, 9),
        ("20 | Draw a card.", 20, 20, 20),
        ("15+ | Draw a card.", 20, 15, 20),
        ("9 or less | Draw a card.", 20, 1, 9),
        ("5 — Destroy it.", 6, 5, 5),
    ],
)
def test_a_row_covers_its_range(row: str, sides: int, lo: int, hi: int) -> None:
    condition = row_condition(row, sides)
    assert isinstance(condition, AllOf)
    bounds = {c.op: c.value for c in condition.conditions if isinstance(c, Compare)}
    assert bounds == {">=": lo, "<=": hi}


def test_a_range_past_the_die_is_not_read() -> None:
    assert row_condition("7 — Destroy it.", 6) is None


def test_a_row_with_its_own_target_stays_named() -> None:
    table = read_die_table(
        ("Roll a d20.", "1—9 | Draw a card.", "10—20 | Destroy target creature."), "Odd Dice"
    )
    assert set(table) == {0, 1}
    assert [a.kind for a in table[0].actions] == ["roll"]


def _board(rolls: list[int] | None) -> dict[str, Any]:
    choices: dict[str, Any] = {} if rolls is None else {"rolls": rolls}
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [
            {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"},
            {"cast": "Overwhelming Encounter", "as": "spell", "controller": "Alice"}
            | ({"choices": choices} if choices else {}),
        ],
    }


def test_the_roll_needs_its_result() -> None:
    with pytest.raises(BoardError, match="rolls"):
        evaluate(_board(None))
    with pytest.raises(BoardError, match="rolls"):
        evaluate(_board([21]))


def test_only_the_row_for_the_result_happens() -> None:
    answer = evaluate(_board([9]))
    assert (answer["objects"]["bears"]["power"], answer["not_modelled"]) == (4, [])
    answer = evaluate(_board([10]))
    assert answer["objects"]["bears"]["counters"] == {"+1/+1": 2}
