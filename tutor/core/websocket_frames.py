"""A websocket message over Daphne's size limit (``--websocket_max_message_size``, 1 MiB by
default) is refused in words: Autobahn, under Daphne, drops such a connection without a
close frame, and the page can't tell a refusal from a network fault. Here the client gets an
error frame saying why, then a close with 1009 ("message too big", RFC 6455 7.4.1), and the
rest of the message is read and thrown away, never kept.

Installed once by ``tutor/asgi.py`` (``install``), on the protocol class Daphne serves with.
"""

from __future__ import annotations

import json
from typing import Any

from daphne.ws_protocol import WebSocketProtocol

MESSAGE_TOO_BIG = 1009
TOO_BIG = json.dumps(
    {"type": "error", "message": "That message is too long: send less than 1 MiB at a time."}
).encode()


def _refuse_too_big(protocol: Any, size: int, limit: int, reason: str) -> None:
    if protocol.failedByMe or protocol.state != WebSocketProtocol.STATE_OPEN:
        return
    protocol.failedByMe = True  # from now on Autobahn keeps none of the message's data
    protocol.sendMessage(TOO_BIG, isBinary=False)
    protocol.sendCloseFrame(code=MESSAGE_TOO_BIG, reasonUtf8=b"message too big", isReply=False)


def install() -> None:
    # A patch of Autobahn's private hook on Daphne's protocol class (see the module's doc).
    setattr(WebSocketProtocol, "_max_message_size_exceeded", _refuse_too_big)  # noqa: B010
