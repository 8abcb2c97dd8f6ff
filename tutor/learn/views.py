"""Lessons, their practice sets, generated practice, progress and disputes.

Views parse the request, build the item through ``practice`` (the engine poses it
and holds the key), record through ``mastery``, and render a page or, for htmx,
the part of the page that changed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.core.exceptions import BadRequest, ValidationError
from django.dispatch import receiver
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from tutor.boards.codec import encode_board
from tutor.boards.event_walk import event_walk
from tutor.boards.presenters import battlefield
from tutor.boards.services import BoardProblem, layer_step, load_board, step_rows, unmodelled
from tutor.boards.views import embedding
from tutor.core.htmx import HtmxHttpRequest, render_page
from tutor.core.question import NONE_KEY, AnswerProblem, Form, Question
from tutor.core.ratelimit import over_limit, over_sliding_limit
from tutor.learn import family_ratings, mastery, practice
from tutor.learn.as_question import question_of
from tutor.learn.chart import progress_svg
from tutor.learn.concepts import CONCEPT_BY_SLUG
from tutor.learn.disputes import refresh_puzzle
from tutor.learn.forms import DisputeForm
from tutor.learn.items import Item, NoItem
from tutor.learn.markup import lesson_html
from tutor.learn.models import Dispute, Lesson
from tutor.learn.walkthrough import explain
from tutor.puzzles import services as puzzle_services
from tutor.puzzles.models import Learner, Puzzle

DISPUTES_PER_MINUTE = 5


def _learner(request: HtmxHttpRequest, create: bool = False) -> Learner | None:
    return puzzle_services.learner_of(request, create=create)


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
def lessons(request: HtmxHttpRequest) -> HttpResponse:
    learner = _learner(request)
    rows = {row.slug: row for row in mastery.progress_rows(learner)}
    context = {
        "lessons": [(lesson, rows.get(lesson.concept)) for lesson in Lesson.objects.all()],
        "due": mastery.review_queue(learner),
    }
    return render_page(request, "learn/lessons.html", context)


def _items(lesson: Lesson) -> tuple[Item, ...]:
    return practice.lesson_items(lesson.boards, lesson.practice, lesson.concept)


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
def lesson_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    lesson = get_object_or_404(Lesson, slug=slug)
    before, after = lesson_html(lesson.body)
    board = lesson.boards[lesson.stepper_board]
    context = {
        "lesson": lesson,
        "concept": CONCEPT_BY_SLUG[lesson.concept],
        "before": before,
        "after": after,
        "items": _items(lesson),
        "next": Lesson.objects.filter(number__gt=lesson.number).first(),
    } | _stepper_context(request, board, lesson.stepper_object)
    return render_page(request, "learn/lesson.html", context)


def _stepper_context(request: HtmxHttpRequest, board: dict[str, Any], obj: str) -> dict[str, Any]:
    """The lesson's board, rendered as the stepper's first step, its links kept in the page.
    Predict-first is on by default in a lesson (every step asks before it shows); the
    stepper's own link turns it off."""
    token = encode_board(board)
    loaded = load_board(board)
    if obj:
        path = reverse("board-layers", args=[token, obj])
        step = layer_step(loaded, obj, {"step": "0", "predict": "1"})
        return {
            "stepper": "layers",
            "token": token,
            "label": obj,
            "step": step,
            "frame": step.frame,
            "count": step.count,
            "predict": step.predict,
            "hide": step.hide,
            "name": step.name,
            "not_modelled": step.not_modelled,
            # Predict-first asks for the values: the cards above it show them as printed.
            "cards": battlefield(loaded.result, printed_only=step.predict),
        } | embedding(request, path)
    path = reverse("board-event", args=[token])
    return {
        "stepper": "event",
        "token": token,
        "walk": event_walk(board, {"embedded": "1"}),
        "cards": battlefield(loaded.result),
    } | embedding(request, path)


@dataclass(frozen=True)
class Where:
    """Where an item comes from, so a request can rebuild it (never trusting a posted board)."""

    item: Item
    concepts: tuple[str, ...]
    lesson: Lesson | None
    generated: bool
    post_url: str
    next_url: str
    ref: str


def _lesson_item(slug: str, n: int) -> Where:
    lesson = get_object_or_404(Lesson, slug=slug)
    items = _items(lesson)
    if not 1 <= n <= len(items):
        raise Http404("This lesson's practice has no such question.")
    nxt = (
        reverse("lesson-practice", args=[slug, n + 1])
        if n < len(items)
        else reverse("lesson", args=[slug]) + "#practice-done"
    )
    item = items[n - 1]
    return Where(
        item,
        practice.lesson_concepts(item, lesson.concept),
        lesson,
        False,
        reverse("lesson-practice", args=[slug, n]),
        nxt,
        f"lesson:{slug}:{n}",
    )


def _generated_item(level: int, seed: int) -> Where:
    if not 1 <= level <= 4 or not 0 <= seed < 10**9:
        raise Http404("No such practice question.")
    try:
        made = practice.generated_item(seed, level)
    except NoItem as error:
        raise Http404("No such practice question.") from error
    return Where(
        made.item,
        made.concepts,
        None,
        True,
        reverse("practice-item", args=[level, seed]),
        reverse("practice"),
        f"generated:{level}:{seed}",
    )


def _item_page(request: HtmxHttpRequest, where: Where, title: str) -> HttpResponse:
    item = where.item
    question = question_of(item)
    loaded = load_board(item.board)
    context: dict[str, Any] = {
        "where": where,
        "item": item,
        "title": title,
        "select_all": question.form is Form.SELECT_ALL,
        "none_key": NONE_KEY,
        "cards": battlefield(loaded.result, printed_only=True),
        "steps": step_rows(item.board),
        "not_modelled": unmodelled(item.board),
        "dispute_form": DisputeForm(initial={"ref": where.ref}),
    }
    if request.method == "POST":
        try:
            keys = practice.read_answer(
                question, request.POST.getlist("choice"), request.POST.get("typed", "")
            )
        except AnswerProblem as problem:
            context["problem"] = str(problem)
            template = "learn/item.html#question" if request.htmx else "learn/item.html"
            return render(request, template, context, status=422 if request.htmx else 400)
        if "rule" in request.POST:
            context |= _rule_answer(request, where, question, keys)
        else:
            context |= _answer(request, where, question, keys)
        if request.htmx:
            return render(request, "learn/item.html#question", context)
    return render(request, "learn/item.html", context)


def _answer(
    request: HtmxHttpRequest, where: Where, question: Question, keys: tuple[str, ...]
) -> dict[str, Any]:
    """Record the learner's answer (``Question.encode``d); what the page shows after it."""
    item = where.item
    marked = practice.mark(item, keys)
    learner = _learner(request, create=True)
    assert learner is not None
    counted = mastery.record(
        learner,
        item.id,
        where.concepts,
        marked.right,
        marked.misconception.slug if marked.misconception else "",
        lesson=where.lesson,
        generated=where.generated,
        kind=item.kind,
        given=marked.answer,
        family=family_ratings.family_of(item, where.concepts),
        family_prior=family_ratings.prior(item),
    )
    # A wrong first answer gets a second try before the key is shown.
    retry = not marked.right and request.POST.get("attempt") != "2"
    return _answered(item, question, marked, retry) | {
        "counted": counted,
        "disputed": not counted and mastery.disputed(item.id),
    }


def _answered(
    item: Item, question: Question, marked: practice.Marked, retry: bool
) -> dict[str, Any]:
    return {
        "marked": marked,
        "retry": retry,
        "key_text": question.key_text,
        "walkthrough": None
        if retry
        else explain(
            item,
            marked.misconception,
            marked.right,
            marked.given,
            practice.deciding_mistake(item),
        ),
        "rule_prompt": practice.rule_prompt(item),
    }


def _rule_answer(
    request: HtmxHttpRequest, where: Where, question: Question, keys: tuple[str, ...]
) -> dict[str, Any]:
    """ "Which rule decides this?": scored against the item's fixed deciding rule and
    recorded once (``mastery.record_rule``); the answer to the item itself is shown again
    from the posted choice, without recording it twice."""
    item = where.item
    prompt = practice.rule_prompt(item)
    if prompt is None:
        raise Http404("This question asks for no rule.")
    picked = request.POST.get("rule", "")[:12]
    if picked not in prompt.options:
        raise BadRequest("choose one of the rules offered")
    learner = _learner(request, create=True)
    assert learner is not None
    right = picked == prompt.rule
    mastery.record_rule(learner, item.id, where.concepts, picked, right)
    marked = practice.mark(item, keys)
    return _answered(item, question, marked, retry=False) | {
        "counted": True,
        "rule_picked": picked,
        "rule_right": right,
    }


@require_http_methods(["GET", "POST"])
def lesson_practice(request: HtmxHttpRequest, slug: str, n: int) -> HttpResponse:
    where = _lesson_item(slug, n)
    assert where.lesson is not None
    total = len(_items(where.lesson))
    return _item_page(request, where, f"{where.lesson.title}: practice {n} of {total}")


@require_GET
def practice_next(request: HtmxHttpRequest) -> HttpResponse:
    """Adaptive practice: a concept due for review first (any of the due ones, any of its
    lesson's questions, so reviews interleave), else a generated question at the learner's
    level (``generate_mixed`` interleaves the concepts)."""
    learner = _learner(request)
    due = mastery.review_queue(learner)
    chance = random.SystemRandom()
    concept = chance.choice(due).concept if due else None
    lesson = Lesson.objects.filter(concept=concept).first() if concept else None
    if lesson is not None:
        n = chance.randint(1, max(1, len(_items(lesson))))
        return HttpResponseRedirect(reverse("lesson-practice", args=[lesson.slug, n]))
    levels = [row.level for row in mastery.progress_rows(learner) if row.attempts]
    level = round(sum(levels) / len(levels)) if levels else 1
    seed = chance.randrange(10**9)
    return HttpResponseRedirect(reverse("practice-item", args=[level, seed]))


@require_http_methods(["GET", "POST"])
def practice_item(request: HtmxHttpRequest, level: int, seed: int) -> HttpResponse:
    return _item_page(request, _generated_item(level, seed), f"Practice (level {level})")


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
def progress(request: HtmxHttpRequest) -> HttpResponse:
    learner = _learner(request)
    rows = mastery.progress_rows(learner)
    context = {
        "rows": rows,
        "chart": mark_safe(progress_svg(rows)),  # noqa: S308 (built from escaped text)
        "due": mastery.review_queue(learner),
        "learner": learner,
    }
    return render_page(request, "learn/progress.html", context)


def _disputed(ref: str) -> tuple[dict[str, Any], str, str, Puzzle | None, str]:
    """Rebuild what a dispute is about from its reference: board, question, engine answer."""
    kind, _, rest = ref.partition(":")
    if kind == "puzzle":
        puzzle = get_object_or_404(Puzzle, short_id=rest[:16])
        try:
            question = puzzle_services.question_of(puzzle)
        except BoardProblem as problem:  # the very puzzles people will dispute
            return (
                puzzle.board,
                f"{puzzle.title} (the engine can't pose it: {problem})",
                "",
                puzzle,
                "",
            )
        return puzzle.board, question.prompt, question.key_text, puzzle, ""
    try:
        if kind == "lesson":
            slug, _, n = rest.rpartition(":")
            where = _lesson_item(slug, int(n))
        elif kind == "generated":
            level, _, seed = rest.partition(":")
            where = _generated_item(int(level), int(seed))
        else:
            raise Http404("Nothing to dispute.")
    except ValueError as error:
        raise Http404("Nothing to dispute.") from error
    item = where.item
    return item.board, item.prompt, question_of(item).key_text, None, item.id


@require_POST
def dispute(request: HtmxHttpRequest) -> HttpResponse:
    """ "I think this is wrong": stored with the board for staff; the item leaves ratings
    once staff or enough accounts say so (``disputes``)."""
    form = DisputeForm(request.POST)
    if not form.is_valid():
        return render(request, "learn/_dispute.html", {"dispute_form": form}, status=400)
    wait = over_limit(request, "dispute", DISPUTES_PER_MINUTE)
    if wait is not None:
        context = {"message": f"Too many reports at once: try again in {wait} s."}
        response = render(request, "learn/_dispute.html", context, status=429)
        response["Retry-After"] = str(wait)
        return response
    board, question, answer, puzzle, item_id = _disputed(form.cleaned_data["ref"])
    # An account's report is its learner's (made now if need be): accounts are what count.
    learner = _learner(request, create=request.user.is_authenticated)
    already = Dispute.objects.filter(
        item_id=item_id, puzzle=puzzle, learner=learner, status=Dispute.OPEN
    )
    if learner is not None and already.exists():  # one open report per learner and item
        return render(request, "learn/_dispute.html", {"thanks": True})
    Dispute.objects.create(
        item_id=item_id,
        puzzle=puzzle,
        board=board,
        question=question,
        engine_answer=answer,
        reason=form.cleaned_data["reason"],
        learner=learner,
    )
    if puzzle is not None:
        refresh_puzzle(puzzle)
    return render(request, "learn/_dispute.html", {"thanks": True})


@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    """An optional account: the progress made so far in this browser carries over
    (``attach_learner`` runs on every log-in)."""
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST":
        # Accounts are cheap to make: per address and sliding hour (docs/ratings.md).
        wait = over_sliding_limit(request, "signup", settings.SIGNUPS_PER_HOUR)
        if wait is not None:
            form.is_valid()  # the form's own errors too, then this one
            form.add_error(None, f"Too many new accounts from here: try again in {wait} s.")
            response = render(request, "registration/signup.html", {"form": form}, status=429)
            response["Retry-After"] = str(wait)
            return response
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request,
            f"Welcome, {user.get_username()}: your account is ready, and the progress you "
            "made in this browser is kept in it.",
        )
        return HttpResponseRedirect(reverse("progress"))
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


@receiver(user_logged_in)
def attach_learner(sender: Any, request: HtmxHttpRequest | None, user: Any, **_: Any) -> None:
    """On log-in: the account's learner becomes this browser's, merged with what this
    browser did before (or the browser's learner becomes the account's)."""
    if request is None:
        return
    # This browser's own learner, read from the session (not through the account).
    key = request.session.get(puzzle_services.LEARNER_SESSION_KEY)
    try:
        before = Learner.objects.filter(key=key, user=None).first() if key else None
    except ValidationError:
        before = None
    account = Learner.objects.filter(user=user).first()
    if account is None and before is not None:
        before.user = user
        before.save(update_fields=["user"])
        account = before
    elif account is not None and before is not None:
        mastery.merge_learners(account, before)
    if account is not None:
        request.session[puzzle_services.LEARNER_SESSION_KEY] = str(account.key)
