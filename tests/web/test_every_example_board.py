"""Acceptance: every worked example in tests/boards opens, steps and explores on the site."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from tests.web.boards import BOARDS, example
from tutor.boards.codec import encode_board

# Only status codes and page text are read here: no context capture (tests/conftest.py).
# Every board is walked in the first pass; the services pass walks every tenth.
pytestmark = [pytest.mark.usefixtures("render_without_capture"), pytest.mark.every_board]

LAYER_BOARDS = sorted(
    str(p.relative_to(BOARDS)) for p in BOARDS.rglob("*.json") if "events" not in p.parts
)
EVENT_BOARDS = sorted(str(p.relative_to(BOARDS)) for p in (BOARDS / "events").rglob("*.json"))


def opened(client, relative: str) -> str:
    """The board's token, reached the way a learner would: pasting the file into the builder."""
    response = client.post(reverse("board-import"), {"board_json": json.dumps(example(relative))})
    assert response.status_code == 303, response.content.decode()[:1000]
    token = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    assert client.get(response["Location"]).status_code == 200
    return token


@pytest.mark.parametrize("relative", LAYER_BOARDS)
def test_a_layer_board_opens_and_every_object_steps_to_the_end(client, relative):
    token = opened(client, relative)
    board_page = client.get(reverse("board", args=[token]))
    assert board_page.status_code == 200
    for href in sorted(
        set(re.findall(r'href="(/board/[^"]+/layers/[^"]+/)"', board_page.content.decode()))
    ):
        first = client.get(href)
        assert first.status_code == 200
        last = re.search(r"Step 0 of (\d+)", first.content.decode())
        assert last, href
        final = client.get(href, {"step": last.group(1)})
        assert final.status_code == 200
        assert "The result" in final.content.decode()


@pytest.mark.parametrize("relative", EVENT_BOARDS)
def test_an_event_board_walks_every_path_of_its_choice_tree(client, relative):
    token = opened(client, relative)
    url = reverse("board-event", args=[token])
    pending = [""]
    seen = 0
    while pending and seen < 60:
        path = pending.pop()
        response = client.get(url, {"path": path} if path else {})
        assert response.status_code == 200, response.content.decode()[:1000]
        page = response.content.decode()
        seen += 1
        options = len(re.findall(r'<li>\s*<a href="\?[^"]*path=', page))
        prefix = f"{path}," if path else ""
        pending.extend(f"{prefix}{n}" for n in range(options))
        if not options:
            assert "What actually happens" in page or "Stopped" in page
    assert encode_board(example(relative)) == token
