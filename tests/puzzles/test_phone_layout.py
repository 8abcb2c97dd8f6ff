"""On a phone the question comes first, and the preview image shows the whole question."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.puzzles.helpers import saved
from tutor.puzzles.preview import _prompt_lines, preview_svg

pytestmark = pytest.mark.django_db


def test_the_question_and_answer_box_come_before_the_board(client):
    page = client.get(saved("pt").get_absolute_url()).content.decode()
    assert page.index('id="play"') < page.index('id="board-heading"')


@pytest.mark.parametrize("words", [8, 20, 45, 80])
def test_the_preview_shows_the_whole_question_in_whole_words(words):
    prompt = " ".join(f"word{n}" for n in range(words)) + "?"
    svg = preview_svg("A title", [], prompt)
    texts = [unescape(t) for t in re.findall(r'font-size="(?:26|22|18)"[^>]*>([^<]*)<', svg)]
    shown = " ".join(texts)
    if words <= 45:
        assert shown == prompt
    else:
        assert shown.endswith("…") and all(w in prompt.split() for w in shown.split()[:-1])


def test_a_longer_question_gets_smaller_type_not_a_cut():
    size_short, _ = _prompt_lines("What are Grizzly Bears' power and toughness now?")
    size_long, lines = _prompt_lines("In which order do these effects apply " * 5)
    assert size_long < size_short and len(lines) > 2
