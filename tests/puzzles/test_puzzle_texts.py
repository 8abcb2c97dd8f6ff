"""What a newcomer reads on puzzle pages (issue #26): no doubled period after a quoted
ability, no parentheses inside parentheses, no "~", no template comment, modes by their
text."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string

from tutor.boards.services import describe_step
from tutor.puzzles.content import puzzle_files
from tutor.puzzles.explanation import explain
from tutor.puzzles.questions import question_for
from tutor.puzzles.spec import read_puzzle

LAYER_PUZZLES = [path for path in puzzle_files() if path.parent.name == "layers"]


@pytest.mark.parametrize("path", LAYER_PUZZLES, ids=lambda p: p.stem)
def test_a_puzzles_explanation_reads_as_sentences(path):
    spec = read_puzzle(path)
    question = question_for(spec.board, spec.field)
    html = render_to_string(
        "puzzles/_explanation.html", {"explanation": explain(spec.board, question)}
    )
    assert ".</q>." not in html and "!</q>." not in html
    assert "(and counters))" not in html
    assert "~" not in question.prompt + html
    assert all("~" not in option.text for option in question.options)


def test_a_chosen_mode_is_named_by_its_text_not_its_index():
    step = {"cast": "Healing Salve", "targets": ["Alice"], "choices": {"mode": 1}}
    words = describe_step(step)
    assert "mode 1" not in words
    assert "choosing the mode “Prevent the next 3 damage" in words


@pytest.mark.django_db
def test_the_puzzle_library_prints_no_template_comment(client):
    page = client.get("/puzzles/").content.decode()
    assert "{#" not in page and "#}" not in page
