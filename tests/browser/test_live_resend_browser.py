"""A student's answer whose connection drops before the server has it: static/js/live.js
keeps it (unacknowledged), reconnects, sends it again, and the server stores it exactly
once and acknowledges it. The drop is made in the page: the socket's ``send`` is wrapped
so that the first answer closes the connection instead of leaving (the answer was in
flight when the connection died)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tests.classes.browsing import join
from tests.classes.servers import daphne
from tests.puzzles.helpers import saved
from tutor.classes import live
from tutor.classes.models import Classroom, StudentAnswer
from tutor.classes.sources import snapshot_for

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("transactional_db")]

# The page's first answer never reaches the server: its connection closes instead.
DROP_FIRST_ANSWER = """
(() => {
  const send = WebSocket.prototype.send;
  window.answersDropped = 0;
  WebSocket.prototype.send = function (data) {
    if (window.answersDropped === 0 && String(data).includes('"action":"answer"')) {
      window.answersDropped = 1;
      this.close();
      return;
    }
    return send.call(this, data);
  };
})();
"""


def test_an_answer_lost_with_its_connection_is_sent_again_and_stored_once(browser, monkeypatch):
    monkeypatch.setenv("CLASS_JOINS_PER_MINUTE", "1000000")
    teacher = User.objects.create_user("mentor", password="a-long-passphrase-9")
    session = live.start_session(Classroom.objects.create(teacher=teacher, name="Judges"))
    puzzle = saved("pt")
    question = live.push(session, snapshot_for({"kind": "puzzle", "id": puzzle.short_id}))
    with daphne() as server:
        context = browser.new_context()
        context.add_init_script(script=DROP_FIRST_ANSWER)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
        join(page, server, session.join_code, "Ada")
        expect(page.locator("#live-status")).to_have_text("Connected.")
        page.get_by_label("Type it (like 5/8)").fill("5/5")
        page.get_by_role("button", name="Send my answer").click()

        expect(page.locator("#live-status")).to_have_text("Answer received.", timeout=15_000)
        assert page.evaluate("window.answersDropped") == 1  # it did go missing once
        expect(page.locator("#live-panel")).to_contain_text("Your answer: 5/5")
        kept = page.evaluate(f"sessionStorage.getItem('live-pending-{session.join_code}')")
        assert kept == "[]"  # acknowledged: nothing left to resend
        answers = StudentAnswer.objects.filter(question=question)
        assert [(a.student.name, a.answer) for a in answers] == [("Ada", "5/5")]
    assert [e for e in errors if "WebSocket" not in e] == []
