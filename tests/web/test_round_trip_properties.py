"""Any board the builder can produce (random legal boards, with texts a sharer types and
invented cards named freely) comes back unchanged through its share token and through the
database, on SQLite and PostgreSQL alike (.ci/run runs the suite on both)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.strategies import board_text, boards
from tutor.boards.codec import decode_board, ensure_shareable
from tutor.puzzles.models import Puzzle

pytestmark = pytest.mark.django_db

NAME = board_text.filter(lambda text: text.strip() != "")


@st.composite
def builder_boards(draw: st.DrawFn) -> dict[str, Any]:
    board = draw(boards(max_steps=12))
    if draw(st.booleans()):
        board["title"] = draw(board_text)
    if draw(st.booleans()):
        board["notes"] = draw(board_text)
    if draw(st.booleans()):
        invented = {
            "name": draw(NAME),
            "types": ["Creature"],
            "subtypes": [draw(NAME)],
            "power": draw(st.integers(0, 20)),
            "toughness": draw(st.integers(1, 20)),
            "abilities": [draw(board_text)],
        }
        board["steps"].append({"enter": invented, "as": "invented", "controller": "Alice"})
    return board


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(builder_boards())
def test_a_builder_board_survives_its_link_and_the_database(board):
    token = ensure_shareable(board)  # within every bound the site holds boards to
    shared = decode_board(token)
    assert shared == board
    saved = Puzzle.objects.create(short_id="roundtrp", title="t", description="d", board=shared)
    try:
        assert Puzzle.objects.get(pk=saved.pk).board == board
    finally:
        saved.delete()
