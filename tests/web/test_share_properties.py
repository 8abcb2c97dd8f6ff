"""Share links as properties: any board survives the link, and a forged link is a 400."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.strategies import board_text, boards
from tutor.boards.codec import decode_board, encode_board

TEXT = board_text


@st.composite
def shareable_boards(draw: st.DrawFn) -> dict[str, Any]:
    """A random legal board, with the free-text fields a sharer may fill in."""
    board = draw(boards(max_steps=20))
    if draw(st.booleans()):
        board["title"] = draw(TEXT)
    if draw(st.booleans()):
        board["notes"] = draw(TEXT)
    return board


def reordered(board: dict[str, Any], seed: int) -> dict[str, Any]:
    """The same board with its keys (at every level) in another order."""
    rng = random.Random(seed)

    def shuffle(value: Any) -> Any:
        if isinstance(value, dict):
            items = list(value.items())
            rng.shuffle(items)
            return {k: shuffle(v) for k, v in items}
        if isinstance(value, list):
            return [shuffle(v) for v in value]
        return value

    return shuffle(board)


@pytest.mark.database_free  # the codec alone: run once, not again on PostgreSQL
@settings(max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shareable_boards(), st.integers(0, 2**32))
def test_boards_round_trip_and_equal_boards_share_one_token(board, seed):
    token = encode_board(board)
    assert decode_board(token) == board
    assert encode_board(reordered(board, seed)) == token


@pytest.mark.database_free
@settings(max_examples=300, deadline=None)
@given(boards(min_steps=20, max_steps=20))
def test_a_twenty_step_boards_link_is_under_2000_characters(board):
    assert len(f"https://layerlab.example/b/{encode_board(board)}") < 2_000


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=%"


@st.composite
def forged_tokens(draw: st.DrawFn) -> str:
    """Random strings, and real tokens with characters changed, cut or added."""
    if draw(st.booleans()):
        return draw(st.text(alphabet=ALPHABET, min_size=1, max_size=300))
    token = list(encode_board(draw(boards(max_steps=6))))
    for _ in range(draw(st.integers(1, 4))):
        spot = draw(st.integers(0, len(token) - 1))
        change = draw(st.sampled_from(["replace", "delete", "insert"]))
        if change == "replace":
            token[spot] = draw(st.sampled_from(ALPHABET[:64]))
        elif change == "delete" and len(token) > 1:
            del token[spot]
        else:
            token.insert(spot, draw(st.sampled_from(ALPHABET[:64])))
    return "".join(token)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(forged_tokens())
def test_a_forged_share_link_is_answered_200_or_400_never_500(client, token):
    response = client.get(f"/b/{token}")
    assert response.status_code in (200, 400), (token, response.status_code)
