"""Issue 26, a learner: a lesson's predict-first stepper doesn't show the final values on
the cards right above the question it asks (the cards are shown as printed)."""

from __future__ import annotations

import pytest

from tutor.learn.content import load_lessons
from tutor.learn.models import Lesson

pytestmark = pytest.mark.django_db


def test_predict_first_lessons_show_the_cards_as_printed(client):
    load_lessons()
    checked = 0
    for lesson in Lesson.objects.exclude(stepper_object=""):
        html = client.get(lesson.get_absolute_url()).content.decode()
        section = html.split('id="lesson-board-heading"', 1)[1].split('id="frame"', 1)[0]
        assert "The cards as printed" in section, lesson.slug
        assert "changed-mark" not in section, lesson.slug  # no value differs from print
        checked += 1
    assert checked


def test_signing_up_says_welcome_on_the_progress_page(client):
    from django.urls import reverse

    password = "a-long-passphrase-26"
    response = client.post(
        reverse("signup"),
        {"username": "newcomer", "password1": password, "password2": password},
        follow=True,
    )
    page = response.content.decode()
    assert response.status_code == 200 and "<h1>Your progress</h1>" in page
    assert "Welcome, newcomer: your account is ready" in page and 'role="status"' in page


def test_the_progress_chart_puts_each_name_above_its_bar_from_the_left_edge():
    """Issue 26: names were right-aligned into a 300 px column and clipped on the left
    ("ntering under effects…"); on a phone the bars were off screen."""
    from tutor.learn.chart import WIDTH, progress_svg
    from tutor.learn.concepts import CONCEPTS
    from tutor.learn.mastery import ConceptRow

    rows = [ConceptRow(c.slug, c.name, 4, 0.75, "familiar", None, 0) for c in CONCEPTS]
    svg = progress_svg(rows)
    longest = max((c.name for c in CONCEPTS), key=len)
    assert '<text x="0" y="' in svg and longest.split()[0] in svg
    assert 'text-anchor="end" font-size="16"' not in svg  # no right-aligned name column
    assert WIDTH > 38 * 15 * 0.55  # a name line (38 characters at most) fits at 15 px
    assert 'class="progress-chart"' in svg and "75% of 4 familiar ✓" in svg


def test_why_now_names_each_steps_layer_and_timestamp_and_a_miss_reads_as_a_sentence():
    from tests.web.boards import GRAY_OGRE, example
    from tutor.boards.predict import Verdict
    from tutor.boards.presenters import frames
    from tutor.boards.services import load_board

    shown = frames(load_board(example(GRAY_OGRE)).result, "ogre")
    whys = [frame.why for frame in shown if frame.kind == "effect"]
    assert len(whys) > 2 and len(set(whys)) == len(whys)  # not one sentence at every step
    assert any("timestamp (" in why and "layer 7" in why for why in whys)
    assert Verdict(False, "1/1", "abilities: none").sentence == "it has no abilities"
    assert Verdict(False, "1/1", "5/8").sentence == "it is 5/8"
