"""The teacher's pages around the console: the presenter view for the projector, the
students (remove, rename), and the session's settings (its question set, "Next question",
scoring). Only the class's teacher reaches them: anyone else gets a 404 on a page and a
403 on a change. Every change is a POST that redirects back (it works without JavaScript).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from tutor.classes import live, people, scoring, sets
from tutor.classes.chart import chart
from tutor.classes.models import LiveQuestion, LiveSession, QuestionSet
from tutor.classes.panels import stepper_frame
from tutor.classes.questions import QuestionProblem
from tutor.core.accounts import signed_in
from tutor.core.htmx import HtmxHttpRequest

# The longest timer a question can have (the websocket's push takes the same).
MAX_TIMER = 600


def _session(request: HtmxHttpRequest, pk: int) -> LiveSession:
    """The session, if this user teaches its class (404 otherwise: says nothing more)."""
    found = LiveSession.objects.select_related("classroom", "question_set").filter(pk=pk).first()
    if found is None or found.classroom.teacher_id != request.user.pk:
        raise Http404("No such session.")
    return found


def _to_change(request: HtmxHttpRequest, pk: int) -> LiveSession:
    """The session to change: another user's is refused outright (403)."""
    found = LiveSession.objects.select_related("classroom", "question_set").filter(pk=pk).first()
    if found is None:
        raise Http404("No such session.")
    if found.classroom.teacher_id != request.user.pk:
        raise PermissionDenied("Only this class's teacher can change its session.")
    if found.status == LiveSession.ENDED:
        raise PermissionDenied("This session has ended.")
    return found


def present_context(session: LiveSession, live_chart: bool = False) -> dict[str, object]:
    """What the projector shows: never the key before the reveal (``chart``), and the
    answers' chart before it only when the teacher asks (``live_chart``): the room would
    see the majority answer."""
    question = session.current()
    revealed = question is not None and question.state == LiveQuestion.REVEALED
    return {
        "session": session,
        "question": question,
        "students": session.students.count(),
        "answered": question.answers.count() if question else 0,
        "chart": chart(question) if question else None,
        "frame": stepper_frame(question) if question and revealed else "",
        "leaderboard": scoring.leaderboard(session)
        if session.scoring and session.show_leaderboard
        else [],
        "poll": session.status != LiveSession.ENDED,
        "live_chart": live_chart,
        "seconds_left": live.seconds_left(question) if question else None,
    }


@login_required
@require_GET
def present(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = _session(request, pk)
    join_url = request.build_absolute_uri(reverse("join-code", args=[session.join_code]))
    context = present_context(session, _live_chart(request)) | {"join_url": join_url}
    return render(request, "classes/present.html", context)


@login_required
@require_GET
def present_panel(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The part of the presenter view that changes, fetched every two seconds."""
    session = _session(request, pk)
    context = present_context(session, _live_chart(request))
    return render(request, "classes/_present_panel.html", context)


def _live_chart(request: HtmxHttpRequest) -> bool:
    """The presenter's toggle (off by default): the chart while answers arrive."""
    return request.GET.get("chart") == "live"


@login_required
@require_GET
def students(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = _session(request, pk)
    return render(
        request, "classes/students.html", {"session": session, "students": session.students.all()}
    )


def _student_id(request: HtmxHttpRequest) -> int:
    try:
        return int(request.POST.get("student", ""))
    except ValueError as error:
        raise QuestionProblem("which student?") from error


def _change(request: HtmxHttpRequest, done: str, change: Callable[[], str | None]) -> HttpResponse:
    """Run ``change``, then back to ``done``, which says what happened (or what was wrong)."""
    try:
        message = change()
    except QuestionProblem as problem:
        messages.error(request, f"That didn't work: {problem}.")
        return HttpResponseRedirect(done)
    if message:
        messages.success(request, message)
    return HttpResponseRedirect(done)


def _new_name(request: HtmxHttpRequest) -> str:
    return str(request.POST.get("name", ""))


@login_required
@require_POST
def remove_student(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = _to_change(request, pk)
    done = reverse("live-students", args=[session.pk])
    return _change(
        request,
        done,
        lambda: f"{people.remove(session, _student_id(request))} was removed from the session.",
    )


@login_required
@require_POST
def rename_student(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = _to_change(request, pk)
    done = reverse("live-students", args=[session.pk])
    return _change(
        request,
        done,
        lambda: (
            f"Renamed to {people.rename(session, _student_id(request), _new_name(request)).name}."
        ),
    )


@login_required
@require_POST
def use_set(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = _to_change(request, pk)
    wanted = request.POST.get("set", "")
    chosen = (
        QuestionSet.objects.filter(pk=int(wanted), teacher=signed_in(request)).first()
        if wanted.isdigit()
        else None
    )
    if wanted and chosen is None:
        raise Http404("No such question set.")
    sets.use(session, chosen)
    return HttpResponseRedirect(reverse("console", args=[session.pk]))


@login_required
@require_POST
def next_question(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = _to_change(request, pk)
    timer = _timer(request)
    done = reverse("console", args=[session.pk])
    return _change(request, done, lambda: sets.push_next(session, timer))


def _timer(request: HtmxHttpRequest) -> int | None:
    """The console's timer field, as the websocket's push reads it (1 to 600 s, else none)."""
    text = str(request.POST.get("timer", "")).strip()
    seconds = int(text) if text.isdigit() and len(text) <= 4 else 0
    return seconds if 0 < seconds <= MAX_TIMER else None


@login_required
@require_POST
def scoring_settings(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = _to_change(request, pk)
    session.scoring = request.POST.get("scoring") == "on"
    session.speed_bonus = session.scoring and request.POST.get("speed") == "on"
    session.show_leaderboard = session.scoring and request.POST.get("leaderboard") == "on"
    session.save(update_fields=["scoring", "speed_bonus", "show_leaderboard"])
    people.notify(session, "scoring")
    return HttpResponseRedirect(reverse("console", args=[session.pk]))
