"""Every kind of one-shot part a resolving text can have (``one_shot.OneShotKind``, CR 608.2c)
is performed by exactly one instruction (rules_engine/timeline/instructions.py)."""

from __future__ import annotations

from typing import get_args

from rules_engine.one_shot import OneShotKind
from rules_engine.timeline import instructions


def test_every_kind_of_one_shot_part_has_an_instruction() -> None:
    assert set(instructions.INSTRUCTIONS) == set(get_args(OneShotKind))


def test_no_kind_is_performed_two_ways() -> None:
    tables = (instructions._DIRECT, instructions._CHANGING, instructions._EVENTS)
    assert sum(len(table) for table in tables) == len(instructions.INSTRUCTIONS)
