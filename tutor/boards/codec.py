"""A board as a URL token, like a FEN for a chess position.

``1.`` + base64url(zlib(canonical JSON)): the same board always gives the same
token, and a link alone reproduces the board anywhere. Decoding is bounded so
that a forged token can neither exhaust memory (a decompression bomb) nor
reach the engine unvalidated.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

VERSION = "1"
MAX_TOKEN_LENGTH = 12_000
MAX_JSON_BYTES = 200_000
MAX_DEPTH = 32  # a board nests a few levels; deeper is forged, and slow to copy


class BoardTokenError(ValueError):
    """A token that does not decode to a board; the message says why, for a 400 page."""


def canonical_json(board: dict[str, Any]) -> str:
    """One spelling per board: sorted keys, no insignificant whitespace."""
    return json.dumps(board, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def encode_board(board: dict[str, Any]) -> str:
    raw = canonical_json(board).encode("utf-8")
    packed = zlib.compress(raw, 9)
    return f"{VERSION}.{base64.urlsafe_b64encode(packed).decode('ascii').rstrip('=')}"


def decode_board(token: str) -> dict[str, Any]:
    """The board a token carries; ``BoardTokenError`` with a reason for anything else."""
    if len(token) > MAX_TOKEN_LENGTH:
        raise BoardTokenError(
            f"this link is too long ({len(token)} characters; at most {MAX_TOKEN_LENGTH})"
        )
    version, dot, body = token.partition(".")
    if not dot:
        raise BoardTokenError("this link is not a board link (it has no version prefix)")
    if version != VERSION:
        raise BoardTokenError(
            f"this link was made by a version of Layerlab this site can't read ({version!r})"
        )
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as exc:
        raise BoardTokenError("this link is damaged (it is not valid base64)") from exc
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error as exc:
        raise BoardTokenError("this link is damaged (it does not decompress)") from exc
    if len(raw) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise BoardTokenError("this link's board is too large")
    if not inflater.eof:
        raise BoardTokenError("this link is damaged (it is cut short)")
    try:
        board = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise BoardTokenError("this link is damaged (its board is not valid JSON)") from exc
    if not isinstance(board, dict):
        raise BoardTokenError("this link does not hold a board")
    check_shape(board)
    return board


def check_shape(board: Any) -> None:
    """Refuse what no real board holds: absurd nesting, and text that isn't Unicode."""
    stack = [(board, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BoardTokenError(f"this board nests more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            stack.extend((item, depth + 1) for pair in value.items() for item in pair)
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str) and any("\ud800" <= c <= "\udfff" for c in value):
            raise BoardTokenError("this board holds text that isn't valid Unicode")


def ensure_shareable(board: dict[str, Any]) -> str:
    """The board's token, or ``BoardTokenError`` if the board no longer fits in a link."""
    check_shape(board)
    token = encode_board(board)
    if len(token) > MAX_TOKEN_LENGTH:
        raise BoardTokenError(
            f"this board is too large to fit in a link ({len(token)} characters; "
            f"at most {MAX_TOKEN_LENGTH}): shorten its texts or remove some steps"
        )
    return token


def download_name(board: dict[str, Any]) -> str:
    """A file name from the board's title (ASCII letters, digits and dashes)."""
    title = str(board.get("title") or "board").lower()
    slug = "-".join("".join(c if c.isascii() and c.isalnum() else " " for c in title).split())
    return f"{slug[:60].rstrip('-') or 'board'}.json"
