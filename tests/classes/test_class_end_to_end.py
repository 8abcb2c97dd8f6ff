"""A class end to end in real browsers (issue 15): the teacher prepares a question set,
then runs the class from it with the presenter view open on the projector. The key never
appears there before the reveal; a student who rejoins (the same browser, or another
device answering "is this you?") stays one student; the teacher removes one, who leaves
the counts; after the reveal the presenter follows the walk-through, and an extra click at
the last step can't end it. axe-core finds nothing
serious on the set, students, presenter and console pages."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tests.browser.conftest import (  # noqa: F401 (fixtures for this module)
    _allow_django_orm_beside_playwright,
    browser_type_launch_args,
    console_errors,
    serious_violations_fixture,
)
from tests.classes.browsing import join
from tests.classes.servers import daphne
from tests.puzzles.helpers import saved
from tutor.classes import walk
from tutor.classes.models import LiveQuestion, Student, StudentAnswer

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("transactional_db")]
PASSWORD = "a-long-passphrase-9"
FIRST_PUSH_MS = 20_000


def test_a_class_with_the_presenter_view_open(
    browser,
    console_errors,  # noqa: F811 (the fixture imported above)
    serious_violations,
    monkeypatch,
):
    monkeypatch.setenv("CLASS_JOINS_PER_MINUTE", "1000000")
    puzzle = saved("pt")
    User.objects.create_user("mentor", password=PASSWORD)
    with daphne() as server:
        desk = browser.new_context()
        teacher = desk.new_page()
        teacher.goto(f"{server}/accounts/login/")
        teacher.get_by_label("Username").fill("mentor")
        teacher.get_by_label("Password").fill(PASSWORD)
        teacher.get_by_role("button", name="Log in").click()
        teacher.goto(f"{server}/classes/")
        teacher.get_by_label("Class name").fill("Thursday judges")
        teacher.get_by_role("button", name="Create the class").click()
        classroom = teacher.url
        # Before class: a question set with the puzzle, found by searching.
        teacher.goto(f"{server}/classes/sets/")
        teacher.get_by_label("Name of the set").fill("Layer 7")
        teacher.get_by_role("button", name="Make the set").click()
        teacher.get_by_label("Title, card or theme").fill(puzzle.title)
        teacher.get_by_role("button", name="Search puzzles").click()
        teacher.get_by_role("button", name=f"Add the puzzle “{puzzle.title}”").click()
        expect(teacher.get_by_role("status")).to_contain_text("Added:")
        assert serious_violations(teacher) == []
        teacher.goto(classroom)
        teacher.get_by_role("button", name="Start a live session").click()
        code = teacher.locator(".join-code").inner_text()
        expect(teacher.locator("#live-status")).to_have_text("Connected.")
        with desk.expect_page() as opened:
            teacher.get_by_role("link", name="Open the presenter view").click()
        projector = opened.value
        expect(projector.locator(".join-code")).to_have_text(code)
        expect(projector.get_by_role("img", name=re.compile("QR code"))).to_be_visible()

        students = {}
        for name in ("Ada", "Bo", "Cy"):
            page = browser.new_context().new_page()
            join(page, server, code, name)
            expect(page.locator("#live-status")).to_have_text("Connected.")
            students[name] = page
        # Ada scans the QR code again from the same browser: still Ada.
        students["Ada"].goto(f"{server}/join/{code}/")
        expect(students["Ada"]).to_have_url(re.compile(f"/live/{code}/$"))
        expect(students["Ada"].locator("#live-status")).to_have_text("Connected.")
        # Then from her phone, with her name: "is this you?", yes.
        phone = browser.new_context().new_page()
        join(phone, server, code, "Ada")
        expect(phone.get_by_role("heading", name="Is this you?")).to_be_visible()
        assert serious_violations(phone) == []
        phone.get_by_role("button", name="Yes, I am Ada: carry on").click()
        expect(phone.locator("#live-status")).to_have_text("Connected.")
        expect(teacher.locator("#live-panel")).to_contain_text("Students (3)")
        assert Student.objects.count() == 3

        teacher.get_by_label("Use a set you prepared").select_option(label="Layer 7")
        teacher.get_by_role("button", name=re.compile("Use this set")).click()
        teacher.get_by_role("button", name="Next question").click()
        for page in students.values():
            # The first push warms the engine in a fresh server process: slow on a busy machine.
            expect(page.get_by_role("heading", name=re.compile("Question 1"))).to_be_visible(
                timeout=FIRST_PUSH_MS
            )
        question = LiveQuestion.objects.get()
        key = question.key_text
        wrong = next(a for a in ("0/1", "9/9", "1/0") if a != key)
        # The console keeps the key behind "peek".
        expect(teacher.get_by_text(f"Right answer: {key}")).not_to_be_visible()
        teacher.get_by_text("Peek at the right answer").click()
        expect(teacher.get_by_text(re.compile(f"Right answer: {re.escape(key)}"))).to_be_visible()

        for name, answer in (("Ada", key), ("Bo", wrong), ("Cy", wrong)):
            page = students[name]
            page.get_by_label("Type it (like 5/8)").fill(answer)
            page.get_by_role("button", name="Send my answer").click()
            expect(page.locator("#live-status")).to_have_text("Answer received.")
        expect(phone.locator("#live-panel")).to_contain_text(f"Your answer: {key}")
        expect(teacher.locator("#live-panel")).to_contain_text("3 of 3 answered")
        expect(projector.locator("#present-panel")).to_contain_text("3 of 3 answered")
        shown = projector.locator("#present-panel").inner_text()
        assert "The answer" not in shown and "Right" not in shown
        # Counted, but no chart before the reveal: the room would see the majority.
        expect(projector.locator(".chart")).to_have_count(0)
        # The projector shows the class, not the site: no navigation, no "Log out".
        expect(projector.get_by_role("button", name=re.compile("Log out"))).to_have_count(0)
        expect(projector.get_by_role("navigation")).to_have_count(0)
        assert serious_violations(projector) == []

        # The teacher removes Cy: Cy leaves the counts; Cy's page says so.
        teacher.get_by_role("link", name="Remove or rename a student").click()
        assert serious_violations(teacher) == []
        teacher.get_by_role("button", name="Remove Cy").click()
        expect(teacher.get_by_role("status")).to_contain_text("Cy was removed from the session.")
        expect(students["Cy"].locator("#live-status")).to_have_text(
            "Your teacher removed you from this session."
        )
        teacher.get_by_role("link", name="Back to the console").click()
        expect(teacher.locator("#live-status")).to_have_text("Connected.")
        expect(teacher.locator("#live-panel")).to_contain_text("2 of 2 answered")
        expect(teacher.locator("#live-panel")).to_contain_text("Students (2)")
        expect(projector.locator("#present-panel")).to_contain_text("2 of 2 answered")
        assert StudentAnswer.objects.count() == 2

        teacher.screenshot(path="test-results/console-before-reveal.png", full_page=True)
        teacher.get_by_role("button", name="Reveal the answer").click()
        expect(projector.locator(".present__key")).to_have_text(f"The answer: {key}")
        expect(projector.locator("#present-panel")).to_contain_text(f"✔ Right: {key}")
        # A 1280×720 projector (Playwright's default viewport) shows the question, the
        # answer and the chart after the reveal without scrolling; so does a 1920×1080 one.
        assert projector.viewport_size == {"width": 1280, "height": 720}
        for shown in ("#present-question", ".present__key", ".chart"):
            expect(projector.locator(shown)).to_be_in_viewport()
        projector.screenshot(path="test-results/presenter-revealed.png")
        # And on a 1920×1080 projector.
        projector.set_viewport_size({"width": 1920, "height": 1080})
        for shown in ("#present-question", ".present__key", ".chart"):
            expect(projector.locator(shown)).to_be_in_viewport()
        assert projector.evaluate("() => document.documentElement.scrollWidth") <= 1920
        projector.screenshot(path="test-results/presenter-revealed-1920.png")

        # The walk-through: straight to its last step; no "next" there, and nothing ends.
        last = walk.last_step(question)
        teacher.get_by_role("button", name="Show the answer (last step)").click()
        for page in (students["Ada"], projector, teacher):
            expect(page.get_by_text(f"Step {last} of {last}")).to_be_visible()
        expect(
            teacher.get_by_role("button", name=re.compile("Next step for everyone"))
        ).to_have_count(0)
        expect(teacher.get_by_text("This is the last step.")).to_be_visible()
        teacher.get_by_role("button", name="← Previous step for everyone").click()
        expect(students["Bo"].get_by_text(f"Step {last - 1} of {last}")).to_be_visible()
        teacher.get_by_role("button", name="Next step for everyone →").click()
        expect(students["Bo"].get_by_text(f"Step {last} of {last}")).to_be_visible()
        expect(teacher.get_by_role("button", name="↶ Back to the question")).to_be_enabled()
        assert serious_violations(teacher) == []
        assert serious_violations(projector) == []
        teacher.get_by_role("button", name="↶ Back to the question").click()
        expect(projector.get_by_text(f"Step 0 of {last}")).to_be_visible()
        expect(students["Ada"].locator("#live-panel")).to_contain_text("the answer is")
        # The end: one clear "The session has ended", on the students' pages and the console.
        teacher.once("dialog", lambda dialog: dialog.accept())
        teacher.get_by_role("button", name="End the session").click()
        for page in (students["Bo"], teacher):
            expect(page.get_by_role("heading", name="The session has ended")).to_be_visible()
            expect(page.get_by_text("isn't open to you")).to_have_count(0)
            expect(page.locator("#live-status")).to_have_class(re.compile("visually-hidden"))
    assert [e for e in console_errors if "WebSocket" not in e] == []
