"""Issue 26's acceptance: axe-core finds nothing serious on one page of every kind, at a
laptop's width and a phone's, and no page scrolls sideways. One test per width walks
every kind (a fresh server per page would make this minutes, not seconds). The class pages
are seen with a revealed, answered question (a student joins in the browser)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tests.puzzles.helpers import saved
from tests.web.boards import DS_THEN_SCALES, GRAY_OGRE, token_of
from tutor.classes import live
from tutor.classes.models import Classroom, LiveQuestion, Student
from tutor.classes.sources import snapshot_for
from tutor.learn.content import load_lessons
from tutor.learn.models import Lesson

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("transactional_db")]
PASSWORD = "a-long-passphrase-9"
# The innermost elements that reach past the window's right edge: what to fix.
WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > innerWidth + 1
    && ![...e.children].some(c => c.getBoundingClientRect().right > innerWidth + 1))
  .slice(0, 3).map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''))"""
WIDTHS = {"laptop": (1280, 720), "phone": (390, 844)}


def _check(page, kind: str, serious_violations, found: dict[str, list[str]]) -> None:
    """Record the page's serious axe findings and any sideways scroll under ``kind``."""
    page.wait_for_load_state("load")
    problems = serious_violations(page)
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    if wide > page.viewport_size["width"]:
        problems.append(f"scrolls sideways: {wide} px wide, from {page.evaluate(WIDEST)}")
    if problems:
        found[kind] = problems


def _answer(page, button: str) -> None:
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.get_by_role("button", name=button).click()
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping')")


@pytest.mark.parametrize("width", WIDTHS, ids=list(WIDTHS))
def test_every_page_kind_is_axe_clean_and_never_scrolls_sideways(
    width, live_server, page, serious_violations
):
    page.set_viewport_size(dict(zip(("width", "height"), WIDTHS[width], strict=True)))
    load_lessons()
    puzzle = saved("pt")
    teacher = User.objects.create_user("mentor", password=PASSWORD)
    session = live.start_session(Classroom.objects.create(teacher=teacher, name="Judges"))
    lesson = Lesson.objects.get(number=1)
    site = live_server.url
    found: dict[str, list[str]] = {}

    visits = {
        "home": "/",
        "learn index": "/learn/",
        "lesson": lesson.get_absolute_url(),
        "puzzle library": "/puzzles/",
        "builder": f"/build/{token_of(GRAY_OGRE)}/",
        "share": f"/b/{token_of(GRAY_OGRE)}",
        "empty builder": "/build/",
        "layer stepper": f"/board/{token_of(GRAY_OGRE)}/layers/ogre/?step=1",
        "predict-first stepper": f"/board/{token_of(GRAY_OGRE)}/layers/ogre/?step=1&predict=1",
        "event stepper": f"/board/{token_of(DS_THEN_SCALES)}/event/?kind=counters&target=bears",
        "rules": "/rules/",
        "lesson practice": f"{lesson.get_absolute_url()}practice/1/",
        "sign up": "/accounts/signup/",
    }
    for kind, address in visits.items():
        response = page.goto(f"{site}{address}")
        assert response is not None and response.ok, (kind, address)
        _check(page, kind, serious_violations, found)

    page.goto(f"{site}/learn/practice/1/0/")
    _check(page, "practice", serious_violations, found)
    for _ in range(2):  # a first try, then (if it was wrong) a second that shows the answer
        if page.get_by_role("button", name="Check my answer").count() == 0:
            break
        page.locator("#play input[type=radio]").first.check()
        _answer(page, "Check my answer")
    _check(page, "practice answered", serious_violations, found)
    page.goto(f"{site}/learn/progress/")
    _check(page, "progress", serious_violations, found)

    page.goto(f"{site}{puzzle.get_absolute_url()}")
    _check(page, "puzzle", serious_violations, found)
    page.get_by_label("Your answer").fill("0/0")
    page.get_by_label("Your answer").press("Enter")
    expect(page.locator(".answer-facts")).to_be_visible()
    _check(page, "puzzle answered", serious_violations, found)

    # A student joins and answers the pushed puzzle; then the teacher reveals it, so the
    # console, presenter and report show answers and the chart.
    question = live.push(session, snapshot_for({"kind": "puzzle", "id": puzzle.short_id}))
    page.goto(f"{site}/join/{session.join_code}/")
    _check(page, "class join", serious_violations, found)
    page.get_by_label("Your name").fill("Ada")
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_role("heading", name=re.compile("Question 1"))).to_be_visible()
    _check(page, "student's live page", serious_violations, found)
    student = Student.objects.get()
    live.record_answer(student, question.pk, "0/0")
    live.set_state(session, LiveQuestion.REVEALED)

    page.goto(f"{site}/accounts/login/")
    page.get_by_label("Username").fill("mentor")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/login" not in url)
    # The live server is WSGI: the console's and presenter's websockets don't connect here
    # (test_class_end_to_end runs them on Daphne); their pages are what axe reads.
    for kind, address, shown in (
        ("teacher console", f"/live/{session.pk}/console/", "#live-panel .tally"),
        ("presenter", f"/live/{session.pk}/present/", ".present__key"),
        ("class report", f"/live/{session.pk}/report/", "table"),
        ("a student's report", f"/live/{session.pk}/report/{student.pk}/", "table"),
        ("remove or rename students", f"/live/{session.pk}/students/", "form"),
        ("classes", "/classes/", "form"),
        ("a class", session.classroom.get_absolute_url(), "form"),
        ("question sets", "/classes/sets/", "form"),
    ):
        response = page.goto(f"{site}{address}")
        assert response is not None and response.ok, (kind, address)
        expect(page.locator(shown).first).to_be_visible()
        _check(page, kind, serious_violations, found)

    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
