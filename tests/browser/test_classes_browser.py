"""A live class in real browsers: a teacher and two students (separate contexts) run a
three-question session over websockets, the teacher on one Daphne process and the students
on another, both on one Redis; one student reloads mid-question and carries on as the
same student. After the last reveal the teacher makes a replacement choice and every
student's screen follows it. Nothing is lost."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tests.classes.browsing import push_puzzle
from tests.classes.servers import daphne
from tests.conftest import redis_url
from tests.puzzles.helpers import saved
from tutor.classes.models import StudentAnswer
from tutor.learn.content import load_lessons

pytestmark = [pytest.mark.browser, pytest.mark.redis, pytest.mark.usefixtures("transactional_db")]
PASSWORD = "a-long-passphrase-9"
FIRST_PUSH_MS = 20_000


def test_a_three_question_live_class(browser, console_errors, serious_violations, monkeypatch):
    # Other tests' joins share the address (and, with Redis, the count): not this test's.
    monkeypatch.setenv("CLASS_JOINS_PER_MINUTE", "1000000")
    puzzle = saved("pt")
    event_puzzle = saved("event")
    load_lessons()
    User.objects.create_user("mentor", password=PASSWORD)
    with daphne(redis_url()) as server, daphne(redis_url()) as other_server:
        teacher = browser.new_context().new_page()
        teacher.goto(f"{server}/accounts/login/")
        teacher.get_by_label("Username").fill("mentor")
        teacher.get_by_label("Password").fill(PASSWORD)
        teacher.get_by_role("button", name="Log in").click()
        teacher.goto(f"{server}/classes/")
        teacher.get_by_label("Class name").fill("Tuesday judges")
        teacher.get_by_role("button", name="Create the class").click()
        teacher.get_by_role("button", name="Start a live session").click()
        code = teacher.locator(".join-code").inner_text()
        expect(teacher.locator("#live-status")).to_have_text("Connected.")

        students = {}
        for name in ("Ada", "Bo"):
            page = browser.new_context().new_page()
            page.goto(f"{other_server}/join/{code}/")
            page.get_by_label("Your name").fill(name)
            page.get_by_role("button", name="Join").click()
            expect(page.locator("#live-status")).to_have_text("Connected.")
            students[name] = page
        expect(teacher.locator(".roster")).to_contain_text("Ada")
        expect(teacher.locator(".roster")).to_contain_text("Bo")

        # Question 1: a puzzle. Bo reloads before answering and is still Bo.
        push_puzzle(teacher, puzzle.title)
        for page in students.values():
            # The first push warms the engine in a fresh server process: slow on a busy machine.
            expect(page.get_by_role("heading", name=re.compile("Question 1"))).to_be_visible(
                timeout=FIRST_PUSH_MS
            )
        students["Bo"].reload()
        expect(students["Bo"].get_by_role("heading", name=re.compile("Question 1"))).to_be_visible()
        assert serious_violations(students["Ada"]) == []
        for page, answer in ((students["Ada"], "0/1"), (students["Bo"], "5/5")):
            page.get_by_label("Type it (like 5/8)").fill(answer)
            page.get_by_role("button", name="Send my answer").click()
            expect(page.locator("#live-status")).to_have_text("Answer received.")
        students["Ada"].reload()  # after answering: still sees the answer she gave
        expect(students["Ada"].locator("#live-panel")).to_contain_text("Your answer: 0/1")
        expect(teacher.locator("#live-panel")).to_contain_text("2 of 2 answered")
        teacher.get_by_role("button", name="Reveal the answer").click()
        for page in students.values():
            expect(page.locator("#live-panel")).to_contain_text("the answer is")
        teacher.screenshot(path="test-results/live-class-teacher.png", full_page=True)
        students["Bo"].screenshot(path="test-results/live-class-student.png", full_page=True)

        # Question 2: a lesson's question, picked from its options.
        teacher.get_by_label("A lesson's question").select_option("layer-7-and-counters:1")
        teacher.get_by_role("button", name="Push this question").click()
        for page in students.values():
            expect(page.get_by_role("heading", name=re.compile("Question 2"))).to_be_visible()
            page.get_by_role("radio").first.check()
            page.get_by_role("button", name="Send my answer").click()
            expect(page.locator("#live-status")).to_have_text("Answer received.")
        expect(teacher.locator("#live-panel")).to_contain_text("2 of 2 answered")
        teacher.get_by_role("button", name="Reveal the answer").click()
        for page in students.values():
            expect(page.locator("#live-panel")).to_contain_text("the answer is")
        assert StudentAnswer.objects.count() == 4

        # Question 3: an event. After the reveal the teacher walks the choices for everyone.
        push_puzzle(teacher, event_puzzle.title)
        for page in students.values():
            expect(page.get_by_role("heading", name=re.compile("Question 3"))).to_be_visible()
            page.locator("#live-panel input[name=answer]").first.check()
            page.get_by_role("button", name="Send my answer").click()
            expect(page.locator("#live-status")).to_have_text("Answer received.")
        teacher.get_by_role("button", name="Reveal the answer").click()
        for page in students.values():
            expect(page.locator("#live-panel")).to_contain_text("your screen follows")
        choice = teacher.get_by_role("button", name=re.compile(r"^(Apply|Choose) .+ for everyone$"))
        choice.first.click()
        for page in students.values():
            expect(page.locator("#live-panel .walk__chosen")).to_contain_text("Chosen:")
        assert StudentAnswer.objects.count() == 6
        assert serious_violations(teacher) == []

        teacher.get_by_role("link", name="Report").click()
        expect(teacher.get_by_role("row", name=re.compile("Ada"))).to_be_visible()
        expect(teacher.get_by_role("row", name=re.compile("Bo"))).to_be_visible()
    assert [e for e in console_errors if "WebSocket" not in e] == []
