"""Lesson pages, practice with named-misconception feedback, progress, disputes, accounts."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from rules_engine.misreadings import MISCONCEPTION_BY_SLUG
from tests.puzzles.helpers import saved
from tutor.boards.rules import rule_anchor
from tutor.learn.content import load_lessons
from tutor.learn.models import Answer, ConceptProgress, Dispute, Lesson
from tutor.learn.practice import lesson_items
from tutor.puzzles.models import Learner
from tutor.puzzles.services import question_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def lesson() -> Lesson:
    load_lessons()
    return Lesson.objects.get(number=3)


def items_of(lesson: Lesson):  # noqa: ANN201
    return lesson_items(lesson.boards, lesson.practice)


def practice_url(lesson: Lesson, n: int) -> str:
    return reverse("lesson-practice", args=[lesson.slug, n])


def a_named_mistake(lesson: Lesson) -> tuple[int, object, object]:
    for n, item in enumerate(items_of(lesson), start=1):
        for choice in item.distractors:
            if choice.misconception:
                return n, item, choice
    raise AssertionError("no distractor with a named misconception")


def test_the_lesson_list_and_a_lesson_page(client, lesson):
    listing = client.get(reverse("learn")).content.decode()
    assert lesson.title in listing and listing.count('href="/learn/') >= 15
    page = client.get(lesson.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h2>Four steps for two numbers</h2>" in html  # the Markdown became HTML
    # The embedded stepper's links stay in the lesson: the stepper's own URL, no push.
    assert 'hx-push-url="false"' in html and "embedded=1" in html
    assert 'hx-push-url="true"' not in html


def test_raw_html_in_a_lesson_is_shown_as_text(client, lesson):
    lesson.body = "Before <script>alert(1)</script>\n\n[[stepper]]\n\nAfter"
    lesson.save()
    html = client.get(lesson.get_absolute_url()).content.decode()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html


def test_the_embedded_stepper_steps_within_the_lesson(client, lesson):
    html = client.get(lesson.get_absolute_url()).content.decode()
    nxt = re.search(r'data-next rel="next" href="([^"]+)"', html)[1].replace("&amp;", "&")
    assert nxt.startswith("/board/") and nxt.endswith("embedded=1")
    step = client.get(nxt, headers={"HX-Request": "true"}).content.decode()
    assert 'id="frame"' in step and 'hx-push-url="false"' in step and "embedded=1" in step


def test_the_lesson_stepper_predicts_first_by_default_and_can_be_switched_off(client, lesson):
    html = client.get(lesson.get_absolute_url()).content.decode()
    assert "Turn off “predict first”" in html
    nxt = re.search(r'data-next rel="next" href="([^"]+)"', html)[1].replace("&amp;", "&")
    assert "predict=1" in nxt
    step = client.get(nxt, headers={"HX-Request": "true"}).content.decode()
    assert "Check my prediction" in step  # the effect is hidden until guessed
    off = re.search(r'href="([^"]+)"[^>]*>Turn off', html)[1].replace("&amp;", "&")
    assert "predict=1" not in off and "embedded=1" in off


def test_a_wrong_answer_names_the_mistake_and_opens_the_stepper_where_it_parts(client, lesson):
    n, item, wrong = a_named_mistake(lesson)
    first = client.post(practice_url(lesson, n), {"choice": wrong.key}).content.decode()
    named = MISCONCEPTION_BY_SLUG[wrong.misconception]
    # A second try before the key is shown: the mistake is named, the answer is not.
    assert "✘ Not quite" in first and f"The mistake: {named.name}" in first
    assert f"the answer is {item.key_text()}" not in first and 'name="attempt" value="2"' in first
    page = client.post(practice_url(lesson, n), {"choice": wrong.key, "attempt": "2"})
    html = page.content.decode()
    assert page.status_code == 200 and f"the answer is {item.key_text()}" in html
    assert f"The mistake: {named.name}" in html
    # The rule's number links to its entry on the rules page.
    assert f'href="/rules/#{rule_anchor(named.rule)}"' in html and f">CR {named.rule}</a>" in html
    # The board's own explanation: what the rule does, where the paths part.
    assert "How this board works out" in html and named.rule_does.rstrip(".") in html
    told = html[
        html.index('class="walkthrough"') : html.index(
            "</section>", html.index('class="walkthrough"')
        )
    ]
    assert "That is where the paths part" not in told and ".." not in told
    assert "This question is disputed" not in html
    assert "Only your first answer to a question counts" in html
    link = re.search(r'href="(/board/[^"]+/layers/[^"]+\?step=\d+)"', html)
    assert link, "a link into the stepper at a step"
    answer = Answer.objects.order_by("pk").first()
    assert not answer.right and answer.misconception == wrong.misconception
    progress = ConceptProgress.objects.get(concept=lesson.concept)
    assert (progress.attempts, progress.correct) == (1, 0) and progress.review_due is not None


def test_a_right_answer_typed_or_picked_counts(client, lesson):
    item = items_of(lesson)[0]
    typed = item.key_text().replace("/", " / ") if item.typed else ""
    data = {"typed": typed} if typed else {"choice": item.key}
    html = client.post(practice_url(lesson, 1), data, headers={"HX-Request": "true"})
    assert "✔ Right" in html.content.decode() and "<html" not in html.content.decode()
    # The board worked out step by step, after a right answer too.
    assert "How this board works out" in html.content.decode()
    assert ConceptProgress.objects.get(concept=lesson.concept).correct == 1


def test_an_answer_that_cant_be_read_is_refused(client, lesson):
    assert client.post(practice_url(lesson, 1), {"choice": "nope"}).status_code == 400
    htmx = client.post(practice_url(lesson, 1), {}, headers={"HX-Request": "true"})
    assert htmx.status_code == 422 and 'role="alert"' in htmx.content.decode()
    assert client.get(practice_url(lesson, 99)).status_code == 404
    assert client.get("/learn/practice/9/1/").status_code == 404
    assert not Answer.objects.exists()


def test_generated_practice_at_the_learners_level(client):
    first = client.get(reverse("practice"))
    assert first.status_code == 302 and re.match(r"^/learn/practice/1/\d+/$", first["Location"])
    page = client.get(first["Location"])
    assert page.status_code == 200
    item = page.context["item"]
    # Every right option, as the page's form sends it (a select-all item ticks several).
    client.post(first["Location"], {"choice": list(item.right_keys)})
    answers = Answer.objects.all()
    assert answers and all(a.generated and a.right for a in answers)


def test_the_progress_page_draws_its_chart(client, lesson):
    item = items_of(lesson)[0]
    client.post(practice_url(lesson, 1), {"choice": item.key})
    html = client.get(reverse("progress")).content.decode()
    assert "<svg" in html and "Accuracy per concept" in html
    assert "100% of 1" in html


def dispute_as(client, ref: str) -> object:
    return client.post(reverse("dispute"), {"ref": ref, "reason": "I read CR 613.4c differently."})


def account_client(name: str) -> Client:
    browser = Client(REMOTE_ADDR=f"10.1.0.{len(name)}")
    browser.force_login(User.objects.create_user(name, password="a-long-passphrase-9"))
    return browser


def test_an_anonymous_dispute_is_stored_but_keeps_nothing_out_of_progress(client, lesson):
    item = items_of(lesson)[0]
    sent = dispute_as(client, f"lesson:{lesson.slug}:1")
    assert sent.status_code == 200 and "Thank you" in sent.content.decode()
    dispute = Dispute.objects.get()
    assert dispute.item_id == item.id and dispute.board == item.board
    assert dispute.engine_answer == item.key_text() and dispute.status == Dispute.OPEN
    page = client.post(practice_url(lesson, 1), {"choice": item.key}).content.decode()
    assert "disputed" not in page
    assert ConceptProgress.objects.exists()
    assert (
        client.post(
            reverse("dispute"), {"ref": "nonsense", "reason": "long enough text"}
        ).status_code
        == 404
    )
    assert client.post(reverse("dispute"), {"ref": "x", "reason": "short"}).status_code == 400


def test_disputes_from_enough_accounts_keep_an_item_out_of_progress(settings, lesson):
    settings.DISPUTES_TO_UNRATE = 2
    # Every account counts here (established accounts: tests/puzzles/test_fair_ratings.py).
    settings.ESTABLISHED_ACCOUNT_DAYS = settings.PUZZLE_ESTABLISHED_ANSWERS = 0
    item = items_of(lesson)[0]
    ada, bob = account_client("ada"), account_client("bob")
    dispute_as(ada, f"lesson:{lesson.slug}:1")
    dispute_as(ada, f"lesson:{lesson.slug}:1")  # one account counts once
    page = bob.post(practice_url(lesson, 1), {"choice": item.key}).content.decode()
    assert "disputed" not in page
    dispute_as(bob, f"lesson:{lesson.slug}:1")
    page = account_client("cy").post(practice_url(lesson, 1), {"choice": item.key})
    assert "disputed" in page.content.decode()


def test_anonymous_disputes_never_unrate_a_puzzle(settings):
    settings.DISPUTES_TO_UNRATE = 1
    puzzle = saved("pt")
    for n in range(5):  # five throwaway sessions
        dispute_as(Client(REMOTE_ADDR=f"10.0.0.{n}"), f"puzzle:{puzzle.short_id}")
    puzzle.refresh_from_db()
    assert puzzle.rated and Dispute.objects.count() == 5


def test_a_disputed_puzzle_stays_out_of_ratings_until_staff_decide(settings, admin_client):
    settings.DISPUTES_TO_UNRATE = 2
    # Every account counts here (established accounts: tests/puzzles/test_fair_ratings.py).
    settings.ESTABLISHED_ACCOUNT_DAYS = settings.PUZZLE_ESTABLISHED_ANSWERS = 0
    puzzle = saved("pt")
    ref = f"puzzle:{puzzle.short_id}"
    dispute_as(account_client("ada"), ref)
    puzzle.refresh_from_db()
    assert puzzle.rated  # one account is not enough
    dispute_as(account_client("bob"), ref)
    puzzle.refresh_from_db()
    assert not puzzle.rated
    key = question_of(puzzle).right[0]
    learner = Client()
    learner.post(reverse("puzzle-answer", args=[puzzle.short_id]), {"answer": key})
    puzzle.refresh_from_db()
    assert puzzle.attempts == 1 and puzzle.rating == 1200  # kept, not rated
    changelist = reverse("admin:learn_dispute_changelist")
    assert admin_client.get(changelist).status_code == 200
    first, second = Dispute.objects.order_by("created", "pk")
    admin_client.post(changelist, {"action": "reject", "_selected_action": [first.pk]})
    puzzle.refresh_from_db()
    assert puzzle.rated  # one open account dispute left: below the threshold
    admin_client.post(changelist, {"action": "uphold", "_selected_action": [second.pk]})
    puzzle.refresh_from_db()
    assert not puzzle.rated  # staff agreed: out until the engine is fixed


def test_signing_up_keeps_what_this_browser_did(client, lesson):
    item = items_of(lesson)[0]
    client.post(practice_url(lesson, 1), {"choice": item.key})
    before = Learner.objects.get()
    made = client.post(
        reverse("signup"),
        {"username": "ada", "password1": "a-long-passphrase-9", "password2": "a-long-passphrase-9"},
    )
    assert made.status_code == 302
    before.refresh_from_db()
    assert before.user == User.objects.get(username="ada")
    # Another browser, anonymous practice, then logging in: the two merge.
    other = type(client)()
    other.post(practice_url(lesson, 2), {"choice": items_of(lesson)[1].key})
    other.post(reverse("login"), {"username": "ada", "password": "a-long-passphrase-9"})
    assert Learner.objects.count() == 1
    assert ConceptProgress.objects.get(concept=lesson.concept).attempts == 2


def test_a_learner_who_signs_up_first_keeps_progress_in_every_browser(client, lesson):
    client.post(
        reverse("signup"),
        {"username": "bo", "password1": "a-long-passphrase-9", "password2": "a-long-passphrase-9"},
    )
    item = items_of(lesson)[0]
    client.post(practice_url(lesson, 1), {"choice": item.key})
    other = type(client)()
    other.post(reverse("login"), {"username": "bo", "password": "a-long-passphrase-9"})
    assert "100% of 1" in other.get(reverse("progress")).content.decode()
    assert Learner.objects.get().user.username == "bo"


def test_only_the_first_answer_to_a_question_counts(client, lesson):
    item = items_of(lesson)[0]
    wrong = item.distractors[0]
    client.post(practice_url(lesson, 1), {"choice": wrong.key})
    client.post(practice_url(lesson, 1), {"choice": item.key})
    progress = ConceptProgress.objects.get(concept=lesson.concept)
    assert (progress.attempts, progress.correct) == (1, 0)
    assert Answer.objects.filter(concept=lesson.concept).count() == 2  # both kept, one counted


def test_logging_in_merges_ratings_disputes_and_puzzle_attempts(client):
    from tutor.learn.mastery import merge_learners
    from tutor.puzzles.ratings import record_attempt

    account, browser = Learner.objects.create(), Learner.objects.create()
    puzzle, other = saved("pt"), saved("order")
    record_attempt(puzzle.pk, account.pk, ["1/1"], right=False)
    record_attempt(puzzle.pk, browser.pk, ["1/1"], right=True)
    record_attempt(other.pk, browser.pk, [], right=True)
    browser.refresh_from_db()
    Dispute.objects.create(board={}, question="q", engine_answer="a", reason="r", learner=browser)
    merge_learners(account, browser)
    account.refresh_from_db()
    puzzle.refresh_from_db()
    assert account.rating == browser.rating  # the more-rated learner's estimate
    assert (puzzle.attempts, puzzle.solved) == (1, 0)  # the duplicate left the counts
    assert account.attempts.count() == 2 and Dispute.objects.get().learner == account


def test_a_dispute_about_a_puzzle_the_engine_cant_read_is_still_stored(client):
    puzzle = saved("pt")
    puzzle.board["steps"][0]["enter"] = "No Such Card Anywhere"
    puzzle.save()
    sent = client.post(
        reverse("dispute"), {"ref": f"puzzle:{puzzle.short_id}", "reason": "It doesn't even open."}
    )
    assert sent.status_code == 200 and Dispute.objects.get().puzzle == puzzle


def test_a_concept_due_for_review_sends_practice_to_its_lesson(client, lesson):
    wrong = next(c for c in items_of(lesson)[0].distractors)
    client.post(practice_url(lesson, 1), {"choice": wrong.key})
    # (The item credits other concepts too: only the lesson's is due here.)
    ConceptProgress.objects.update(review_due=timezone.now())
    ConceptProgress.objects.exclude(concept=lesson.concept).update(review_due=None)
    # Any of the lesson's questions, so reviews interleave.
    location = client.get(reverse("practice"))["Location"]
    numbers = range(1, len(items_of(lesson)) + 1)
    assert location in {practice_url(lesson, n) for n in numbers}
