"""Classes: a teacher's classes and sessions, the console, students joining, the live page,
and the records afterwards (report pages and a CSV export).

Only the class's teacher reaches its pages (anyone else gets a 404, which says nothing
about whether the class exists); students reach only the live page of the session they
joined, through the token kept in their signed session.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor.classes import joinlimit, live, people, scoring, sets
from tutor.classes.chart import chart, misreading_of
from tutor.classes.consumers import STUDENT_SESSION_KEY
from tutor.classes.forms import ClassroomForm, JoinForm
from tutor.classes.models import Classroom, LiveSession, QuestionSet, Student
from tutor.classes.panels import student_panel, teacher_panel
from tutor.classes.questions import answer_text
from tutor.core.accounts import signed_in
from tutor.core.htmx import HtmxHttpRequest
from tutor.puzzles.models import Theme
from tutor.puzzles.qr import qr_svg
from tutor.puzzles.themes import DIFFICULTIES


@require_http_methods(["GET", "POST"])
def classes(request: HtmxHttpRequest) -> HttpResponse:
    """Students: join with a code. Teachers (logged in): their classes, and a new one."""
    # Its own ids: the join form on the same page also has a "name" field.
    form = ClassroomForm(request.POST or None, auto_id="class_%s")
    if request.method == "POST":
        if not request.user.is_authenticated:
            return HttpResponseRedirect(f"{reverse('login')}?next={reverse('classes')}")
        if form.is_valid():
            made = Classroom.objects.create(teacher=request.user, name=form.cleaned_data["name"])
            return HttpResponseRedirect(made.get_absolute_url())
    mine = Classroom.objects.filter(teacher=request.user) if request.user.is_authenticated else []
    context = {"form": form, "classrooms": mine, "join_form": JoinForm()}
    return render(request, "classes/classes.html", context, status=400 if form.errors else 200)


def _mine(request: HtmxHttpRequest, pk: int) -> Classroom:
    return get_object_or_404(Classroom, pk=pk, teacher=request.user)


def _my_session(request: HtmxHttpRequest, pk: int) -> LiveSession:
    return get_object_or_404(
        LiveSession.objects.select_related("classroom"), pk=pk, classroom__teacher=request.user
    )


@login_required
@require_GET
def classroom(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    room = _mine(request, pk)
    return render(request, "classes/classroom.html", {"classroom": room})


@login_required
@require_POST
def start(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = live.start_session(_mine(request, pk))
    return HttpResponseRedirect(reverse("console", args=[session.pk]))


@login_required
@require_GET
def console(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = _my_session(request, pk)
    if session.status == LiveSession.ENDED:
        return HttpResponseRedirect(reverse("live-report", args=[session.pk]))
    q = request.GET.get("q", "")[:100]
    difficulty = request.GET.get("difficulty", "")[:20]
    theme = request.GET.get("theme", "")[:40]
    context = {
        "session": session,
        "join_url": request.build_absolute_uri(reverse("join-code", args=[session.join_code])),
        "panel": teacher_panel(session),
        "q": q,
        "difficulty": difficulty,
        "theme": theme,
        "difficulties": DIFFICULTIES,
        "themes": Theme.objects.all(),
        "searched": "q" in request.GET,
        "puzzles": sets.search_puzzles(q, difficulty, theme) if "q" in request.GET else [],
        "lessons": sets.lesson_questions(),
        "question_sets": QuestionSet.objects.filter(teacher=signed_in(request)),
        "upcoming": sets.upcoming(session),
        "right_points": scoring.RIGHT,
        "speed_points": scoring.SPEED,
        "board": request.GET.get("board", ""),
    }
    return render(request, "classes/console.html", context)


@login_required
@require_GET
def join_qr(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = _my_session(request, pk)
    url = request.build_absolute_uri(reverse("join-code", args=[session.join_code]))
    return HttpResponse(qr_svg(url), content_type="image/svg+xml")


def _joined(request: HtmxHttpRequest, code: str) -> Student | None:
    """The student this browser already is in the open session with this code."""
    session = live.open_session(code)
    tokens = request.session.get(STUDENT_SESSION_KEY) or {}
    token = tokens.get(code.upper()) if session is not None and isinstance(tokens, dict) else None
    if not token:
        return None
    return Student.objects.select_related("session").filter(session=session, token=token).first()


def _refused(request: HtmxHttpRequest, *texts: str) -> HttpResponse | None:
    """A 400 when a code or name holds what none can (a control character): before any of
    it reaches the database or a rate limit."""
    for text in texts:
        problem = live.code_problem(text)
        if problem is not None:
            context = {"form": JoinForm(), "problem": problem}
            return render(request, "classes/join.html", context, status=400)
    return None


@require_http_methods(["GET", "POST"])
def join(request: HtmxHttpRequest, code: str = "") -> HttpResponse:
    """Join with a code and a name. A browser that already joined this session goes back to
    it (scanning the QR code again must not make a second student); a name already taken
    asks "is this you?" (the same student) or gets a unique one (``people``). Only failed
    attempts count towards the limit, so a whole class behind one address can join."""
    refused = _refused(request, code, request.POST.get("code", ""), request.POST.get("name", ""))
    if refused is not None:
        return refused
    wanted = (request.POST.get("code") or code).strip().upper()[:8]
    if wanted and _joined(request, wanted) is not None:
        return HttpResponseRedirect(reverse("live", args=[wanted]))
    form = JoinForm(request.POST or None, initial={"code": code.upper()})
    if request.method == "GET":
        joinlimit.start(request)
        return render(request, "classes/join.html", {"form": form})
    wait = joinlimit.wait_before_trying(request)
    if wait is not None:
        form.add_error(None, f"Too many tries: wait {wait} s and try again.")
        response = render(request, "classes/join.html", {"form": form}, status=429)
        response["Retry-After"] = str(wait)
        return response
    if form.is_valid():
        session = live.open_session(form.cleaned_data["code"])
        if session is not None:
            name = form.cleaned_data["name"]
            taken = people.named(session, name)
            choice = request.POST.get("choice", "")
            if taken is not None and choice not in ("same", "new"):
                # Someone rejoining on another device, or a classmate with the same name.
                context = {"form": form, "taken": taken, "code": session.join_code, "name": name}
                return render(request, "classes/join.html", context)
            same = taken is not None and choice == "same"
            student = taken if same and taken else people.join_as_new(session, name)
            joined = dict(request.session.get(STUDENT_SESSION_KEY) or {})
            joined[session.join_code] = str(student.token)
            request.session[STUDENT_SESSION_KEY] = joined
            return HttpResponseRedirect(reverse("live", args=[session.join_code]))
        form.add_error("code", "No class is running with this code. Check it with your teacher.")
    joinlimit.count_wrong_code(request)  # only a failure counts
    return render(request, "classes/join.html", {"form": form}, status=400)


@require_GET
def live_page(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """A student's page: the current question, or what they answered (reload-safe)."""
    refused = _refused(request, code)
    if refused is not None:
        return refused
    student = _joined(request, code)
    if student is None:
        return HttpResponseRedirect(reverse("join-code", args=[code.upper()[:8]]))
    return render(
        request, "classes/live.html", {"student": student, "panel": student_panel(student)}
    )


Report = Callable[..., HttpResponse]


def _records(view: Report) -> Report:
    @login_required
    @require_GET
    @wraps(view)
    def wrapper(request: HtmxHttpRequest, pk: int, **kwargs: Any) -> HttpResponse:
        return view(request, _my_session(request, pk), **kwargs)

    return wrapper


@_records
def report(request: HtmxHttpRequest, session: LiveSession) -> HttpResponse:
    questions = [
        (question, chart(question, after_class=True).bars, question.answers.all())
        for question in session.questions.all()
    ]
    students = [
        (student, {a.question_id: a for a in student.answers.all()})
        for student in session.students.all()
    ]
    context = {"session": session, "questions": questions, "students": students}
    return render(request, "classes/report.html", context)


@_records
def student_report(request: HtmxHttpRequest, session: LiveSession, student: int) -> HttpResponse:
    found = session.students.filter(pk=student).first()
    if found is None:
        raise Http404("No such student in this session.")
    rows = [
        (question, found.answers.filter(question=question).first())
        for question in session.questions.all()
    ]
    return render(
        request, "classes/student_report.html", {"session": session, "student": found, "rows": rows}
    )


def _cell(text: str) -> str:
    """Spreadsheets run a cell that starts with = + - @ as a formula: not a student's name."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@_records
def answers_csv(request: HtmxHttpRequest, session: LiveSession) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = f"layerlab-{session.classroom.pk}-{session.created:%Y%m%d-%H%M}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    writer = csv.writer(response)
    writer.writerow(
        ["question", "prompt", "student", "answer", "right", "misreading", "answered at"]
    )
    for question in session.questions.all():
        for answer in question.answers.select_related("student"):
            writer.writerow(
                [
                    question.number,
                    _cell(question.prompt),
                    _cell(answer.student.name),
                    _cell(answer_text(question, answer.answer)),
                    "yes" if answer.right else "no",
                    "" if answer.right else _cell(misreading_of(question, answer.answer)),
                    answer.created.isoformat(),
                ]
            )
    return response
