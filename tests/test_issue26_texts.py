"""Issue 26: the pages a board builder and a mentor read (the builder, its refusal, the
share page, the what-if page, the class report) carry no board label, id, template syntax,
"~", doubled word, nested parentheses or count from 0 (``tests/leaks.py``)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.classes.helpers import make_session, student_browser
from tests.leaks import board_labels, html_leaks
from tests.web.boards import DS_THEN_SCALES, GRAY_OGRE, example
from tutor.boards.codec import encode_board
from tutor.classes import live
from tutor.classes.models import LiveQuestion
from tutor.classes.sources import snapshot_for

pytestmark = pytest.mark.django_db
BOARDS = [GRAY_OGRE, DS_THEN_SCALES, "game/rest-in-peace-lethal-damage-creature-exiled.json"]


@pytest.mark.parametrize("relative", BOARDS)
def test_the_builder_share_and_whatif_pages_read_cleanly(client, relative):
    board = example(relative)
    labels = board_labels(board)
    token = encode_board(board)
    pages = {
        "builder": client.get(reverse("board-builder", args=[token])),
        "share": client.get(reverse("board", args=[token])),
        "what-if": client.get(reverse("board-whatif", args=[token]), {"remove": "0"}),
        "refusal": client.post(reverse("board-remove", args=[token, "0"])),
    }
    for name, response in pages.items():
        page = response.content.decode()
        if name == "builder":  # its menus name labels as values, never as text
            page = page.split('<form class="step-form"', 1)[0]
        assert html_leaks(page, labels) == [], name


def test_the_class_report_reads_cleanly(client):
    teacher, session = make_session()
    board = {"kind": "board", "token": encode_board(example(GRAY_OGRE)), "label": "ogre"}
    question = live.push(session, snapshot_for(board))
    student_browser(session, "Ada")
    live.record_answer(session.students.get(), question.pk, "9/9")
    live.set_state(session, LiveQuestion.REVEALED)
    report = teacher.get(reverse("live-report", args=[session.pk])).content.decode()
    assert html_leaks(report, board_labels(example(GRAY_OGRE))) == []
