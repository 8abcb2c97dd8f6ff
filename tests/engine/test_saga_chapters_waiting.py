"""CR 714.4: a Saga at or past its final chapter stays while one of its chapter abilities
has triggered (714.2b) and no step has resolved it; the answer names those chapters."""

from __future__ import annotations

import copy

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.sba import CHAPTER_WAITING
from tests.engine.boards import board_data

WAITS = "sagas/history-of-benalia-three-lore-counters-waits-for-chapter-three.json"
RESOLVED = "sagas/history-of-benalia-sacrificed-after-chapter-three-resolves.json"
ELDEST_III = "sagas/the-eldest-reborn-third-lore-counter-waits-for-chapter-three.json"
ELDEST = "sagas/the-eldest-reborn-three-lore-counters-stays-while-chapters-wait.json"


def _waiting(data: dict[str, object]) -> list[str]:
    game = evaluate_board(data).game
    return [n.ability.split(" — ")[0] for n in game.not_modelled if n.why == CHAPTER_WAITING]


def test_only_the_unresolved_chapter_is_named_waiting() -> None:
    assert _waiting(board_data(WAITS)) == ["III"]


def test_a_resolved_final_chapter_is_not_named() -> None:
    assert _waiting(board_data(RESOLVED)) == []


def test_the_eldest_reborn_waits_for_chapter_three_only() -> None:
    """714.2b ruling: the third lore counter triggers III; I and II don't trigger again."""
    assert _waiting(board_data(ELDEST_III)) == ["III"]


def test_each_chapter_reached_triggers_once() -> None:
    """714.2b: entering triggers I, two more counters trigger II and III (none resolved)."""
    assert _waiting(board_data(ELDEST)) == ["I", "II", "III"]


def test_resolving_every_chapter_lets_the_saga_go() -> None:
    """The Saga is sacrificed by the check after its last waiting chapter resolves."""
    data = copy.deepcopy(board_data(WAITS))
    data["steps"].append({"activate": "benalia", "ability": 2})
    game = evaluate_board(data).game
    benalia = game.object("benalia")
    assert benalia is not None and benalia.zone == "graveyard"
