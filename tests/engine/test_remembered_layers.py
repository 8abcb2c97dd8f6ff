"""The layers of a game remembered by its value (``layers.rules_evaluation``)."""

from __future__ import annotations

from rules_engine import work
from rules_engine.board import parse_board
from rules_engine.layers import compute, rules_evaluation
from rules_engine.timeline import replay

BOARD = {
    "format": "mtg-board/1",
    "players": ["Alice", "Bob"],
    "steps": [
        {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"},
        {"enter": "Glorious Anthem", "as": "anthem", "controller": "Alice"},
        {"cast": "Twisted Image", "as": "switch", "controller": "Alice", "targets": ["bears"]},
    ],
}


def test_a_remembered_evaluation_is_the_one_compute_gives_and_charges_the_same_work():
    # The work budget must not depend on what was remembered before, or a board would be
    # refused only sometimes.
    game = replay(parse_board(BOARD))
    with work.metered(10**9) as computed:
        fresh = compute(game)
    with work.metered(10**9) as first:
        remembered = rules_evaluation(game)
    with work.metered(10**9) as again:
        assert rules_evaluation(replay(parse_board(BOARD))) is remembered  # an equal game
    assert remembered.chars == fresh.chars and remembered.trace == fresh.trace
    assert computed is not None and first is not None and again is not None
    assert computed.spent == first.spent == again.spent > 0


def test_a_replay_charges_the_same_work_every_time():
    spent = []
    for _ in range(2):
        with work.metered(10**9) as meter:
            replay(parse_board(BOARD), budget=None)
        assert meter is not None
        spent.append(meter.spent)
    assert spent[0] == spent[1] > 0
