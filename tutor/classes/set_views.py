"""A teacher's question sets: make one, fill it by searching, reorder it, reuse it.

GET pages only read (the searches are GET forms); every change is a POST that redirects
back to the set. Another teacher's set is a 404 to read and a 403 to change."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor.classes import sets
from tutor.classes.forms import QuestionSetForm
from tutor.classes.models import QuestionSet
from tutor.classes.questions import QuestionProblem
from tutor.core.accounts import signed_in
from tutor.core.htmx import HtmxHttpRequest
from tutor.puzzles.models import Theme
from tutor.puzzles.themes import DIFFICULTIES


@login_required
@require_http_methods(["GET", "POST"])
def question_sets(request: HtmxHttpRequest) -> HttpResponse:
    form = QuestionSetForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        made = QuestionSet.objects.create(
            teacher=signed_in(request), name=form.cleaned_data["name"]
        )
        return HttpResponseRedirect(made.get_absolute_url())
    context = {"form": form, "sets": QuestionSet.objects.filter(teacher=signed_in(request))}
    return render(request, "classes/sets.html", context, status=400 if form.errors else 200)


def _mine(request: HtmxHttpRequest, pk: int, change: bool = False) -> QuestionSet:
    found = QuestionSet.objects.filter(pk=pk).first()
    if found is None or (found.teacher_id != request.user.pk and not change):
        raise Http404("No such question set.")
    if found.teacher_id != request.user.pk:
        raise PermissionDenied("Only the teacher who made this set can change it.")
    return found


@login_required
@require_GET
def question_set(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    found = _mine(request, pk)
    q = request.GET.get("q", "")[:100]
    difficulty = request.GET.get("difficulty", "")[:20]
    theme = request.GET.get("theme", "")[:40]
    lq = request.GET.get("lq", "")[:100]
    searched = "q" in request.GET
    context = {
        "set": found,
        "items": found.items.all(),
        "q": q,
        "difficulty": difficulty,
        "theme": theme,
        "lq": lq,
        "difficulties": DIFFICULTIES,
        "themes": Theme.objects.all(),
        "puzzles": sets.search_puzzles(q, difficulty, theme) if searched else [],
        "searched": searched,
        "lesson_questions": sets.lesson_questions(lq) if "lq" in request.GET else [],
        "lesson_searched": "lq" in request.GET,
    }
    return render(request, "classes/set.html", context)


def _item_id(request: HtmxHttpRequest) -> int:
    value = request.POST.get("item", "")
    if not value.isdigit():
        raise QuestionProblem("which question?")
    return int(value)


def _source(request: HtmxHttpRequest) -> dict[str, str]:
    kind = request.POST.get("kind", "")
    if kind == "puzzle":
        return {"kind": kind, "id": request.POST.get("id", "")[:16]}
    if kind == "lesson":
        return {"kind": kind, "item": request.POST.get("item", "")[:100]}
    if kind == "board":
        token = request.POST.get("token", "").strip().rstrip("/").rsplit("/", 1)[-1]
        return {"kind": kind, "token": token[:4000], "label": request.POST.get("label", "")[:80]}
    raise QuestionProblem("say what to add: a puzzle, a lesson question or a board")


@login_required
@require_POST
def change_set(request: HtmxHttpRequest, pk: int, what: str) -> HttpResponse:
    found = _mine(request, pk, change=True)
    try:
        if what == "add":
            added = sets.add(found, _source(request))
            messages.success(request, f"Added: {added.title}")
        elif what in ("up", "down"):
            sets.move(found, _item_id(request), -1 if what == "up" else 1)
        elif what == "drop":
            sets.drop(found, _item_id(request))
        else:
            raise Http404("No such change.")
    except QuestionProblem as problem:
        messages.error(request, f"That didn't work: {problem}.")
    return HttpResponseRedirect(found.get_absolute_url())
