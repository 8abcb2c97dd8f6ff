"""Board tokens: canonical, reversible, and refusing anything forged or oversized."""

from __future__ import annotations

import base64
import contextlib
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.web.boards import GRAY_OGRE, example
from tutor.boards.codec import (
    MAX_JSON_BYTES,
    MAX_TOKEN_LENGTH,
    BoardTokenError,
    decode_board,
    encode_board,
)


def test_a_board_survives_the_round_trip_and_equal_boards_share_a_token():
    board = example(GRAY_OGRE)
    token = encode_board(board)
    assert token.startswith("1.")
    assert decode_board(token) == board
    reordered = dict(reversed(list(board.items())))
    assert encode_board(reordered) == token


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ("", "version"),
        ("2.abc", "version"),
        ("1.!!!", "damaged"),
        ("1.AAAA", "damaged"),
        ("1." + "A" * (MAX_TOKEN_LENGTH + 1), "too long"),
    ],
)
def test_forged_tokens_are_refused_with_a_reason(token, reason):
    with pytest.raises(BoardTokenError, match=reason):
        decode_board(token)


def test_a_decompression_bomb_is_refused_without_inflating_it():
    bomb = zlib.compress(b'{"a":"' + b"x" * (MAX_JSON_BYTES * 20) + b'"}', 9)
    token = "1." + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(token) < MAX_TOKEN_LENGTH
    with pytest.raises(BoardTokenError, match="too large"):
        decode_board(token)


def test_json_that_is_not_a_board_object_is_refused():
    packed = base64.urlsafe_b64encode(zlib.compress(b"[1, 2]")).decode().rstrip("=")
    with pytest.raises(BoardTokenError):
        decode_board("1." + packed)


@settings(max_examples=200, deadline=None)
@given(
    st.text(
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.", max_size=80
    )
)
def test_random_tokens_decode_or_raise_the_token_error(text):
    with contextlib.suppress(BoardTokenError):
        decode_board("1." + text)
