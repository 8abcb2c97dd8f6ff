"""A board as a URL token, like a FEN for a chess position.

``1.`` + base64url(zlib(canonical JSON)): the same board always gives the same
token, and a link alone reproduces the board anywhere. Decoding is bounded so
that a forged token can neither exhaust memory (a decompression bomb) nor
reach the engine unvalidated. A token decodes exactly: nothing may follow its
compressed data. The bounds live in ``tutor.boards.limits``.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from tutor.boards import limits
from tutor.boards.limits import MAX_JSON_BYTES, MAX_TOKEN_LENGTH

VERSION = "1"
# What ``encode_board`` writes after the dot: unpadded base64url, nothing else.
BODY = re.compile(r"[A-Za-z0-9_-]*")


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
    if not BODY.fullmatch(body):
        raise BoardTokenError("this link is damaged (it holds characters a board link never has)")
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
    if inflater.unused_data:
        raise BoardTokenError("this link is damaged (something follows its board)")
    try:
        board = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise BoardTokenError("this link is damaged (its board is not valid JSON)") from exc
    if not isinstance(board, dict):
        raise BoardTokenError("this link does not hold a board")
    check_shape(board)
    return board


def check_shape(board: Any) -> None:
    """The site's bounds (``limits.check_board``), as a ``BoardTokenError``."""
    try:
        limits.check_board(board)
    except limits.BoardLimitError as error:
        raise BoardTokenError(str(error)) from error


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
