"""The puzzle library, a puzzle's page, its answer, embed, preview and QR code.

Views parse the request, call ``services`` (which asks the engine), and render.
A puzzle's answer never reaches a page before the learner has answered or given
up on that page's session.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from csp.decorators import csp_replace
from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.html import escape
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from tutor.boards.codec import encode_board
from tutor.boards.presenters import battlefield, result_unmodelled, zone_lists
from tutor.boards.services import (
    BoardProblem,
    LoadedBoard,
    load_board,
    open_board,
    step_rows,
    unmodelled,
)
from tutor.core.htmx import HtmxHttpRequest, render_page
from tutor.core.question import AnswerProblem
from tutor.core.ratelimit import over_limit
from tutor.learn.forms import DisputeForm
from tutor.puzzles import services
from tutor.puzzles.explanation import explain
from tutor.puzzles.forms import LibraryFilterForm, NewPuzzleForm
from tutor.puzzles.models import Puzzle
from tutor.puzzles.preview import png_available, preview_png, preview_svg
from tutor.puzzles.qr import qr_svg
from tutor.puzzles.ratings import record_attempt

NEW_PUZZLES_PER_MINUTE = 10
PREVIEW_MAX_AGE = 60 * 60 * 24

PuzzleView = Callable[..., HttpResponse]


def with_puzzle(view: PuzzleView) -> PuzzleView:
    """Look the URL's puzzle up (404 if there is none) before the view runs."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, short_id: str, **kwargs: Any) -> HttpResponse:
        puzzle = get_object_or_404(Puzzle.objects.prefetch_related("themes"), short_id=short_id)
        try:
            return view(request, puzzle, **kwargs)
        except BoardProblem as problem:
            # A saved board this version of the engine can't pose: say so, and hand the
            # board over so nothing the author saved is lost.
            context = {
                "puzzle": puzzle,
                "problem": str(problem),
                "board_json": json.dumps(puzzle.board, indent=2, ensure_ascii=False),
            }
            return render(request, "puzzles/unreadable.html", context, status=422)

    return wrapper


def _bad(request: HtmxHttpRequest, message: str, status: int = 400) -> HttpResponse:
    return render(request, "boards/invalid.html", {"message": message}, status=status)


def _throttled(request: HtmxHttpRequest) -> HttpResponse | None:
    """A 429 once this address has used up ``PUZZLE_ANSWERS_PER_MINUTE``."""
    wait = over_limit(request, "puzzle-answer", settings.PUZZLE_ANSWERS_PER_MINUTE)
    if wait is None:
        return None
    response = _bad(request, f"Too many answers at once: try again in {wait} s.", status=429)
    response["Retry-After"] = str(wait)
    return response


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
def library(request: HtmxHttpRequest) -> HttpResponse:
    form = LibraryFilterForm(request.GET)
    if not form.is_valid():
        message = (
            "Choose a theme and a difficulty from the lists, and search with up to 60 letters."
        )
        if request.htmx and not request.htmx.boosted:
            return render(request, "puzzles/library.html#problem", {"message": message}, status=400)
        return _bad(request, message)
    learner = services.learner_of(request)
    chosen = services.LibraryFilter(
        theme=form.cleaned_data["theme"] or "",
        difficulty=form.cleaned_data["difficulty"] or "",
        query=(form.cleaned_data["q"] or "").strip(),
        status=form.cleaned_data["status"] or "",
        learner=learner,
    )
    page = Paginator(services.library(chosen), services.PAGE_SIZE).get_page(
        form.cleaned_data["page"] or 1
    )
    attempted = services.attempted(learner, page.object_list)
    context = {
        "form": form,
        "page": page,
        "learner": learner,
        "rows": [(puzzle, attempted.get(puzzle.pk)) for puzzle in page.object_list],
        "query": urlencode(
            {
                "q": chosen.query,
                "theme": chosen.theme,
                "difficulty": chosen.difficulty,
                "status": chosen.status,
            }
        ),
    }
    return render_page(request, "puzzles/library.html", context, fragment="results")


def _absolute(request: HtmxHttpRequest, name: str, *args: str) -> str:
    return request.build_absolute_uri(reverse(name, args=args))


def _board_context(puzzle: Puzzle) -> dict[str, Any]:
    """The board as a puzzle shows it: cards as printed, other zones, what happened."""
    result = load_board(puzzle.board).result
    return {
        "puzzle": puzzle,
        "question": services.question_of(puzzle),
        "cards": battlefield(result, printed_only=True),
        "zones": zone_lists(result),
        "steps": step_rows(puzzle.board),
        "not_modelled": unmodelled(puzzle.board),
    }


def _play_context(request: HtmxHttpRequest, puzzle: Puzzle) -> dict[str, Any]:
    """The question, or once this session has answered, the answer and its explanation."""
    question = services.question_of(puzzle)
    attempt = services.attempt_of(puzzle, services.learner_of(request))
    return {
        "puzzle": puzzle,
        "question": question,
        "attempt": attempt,
        "token": encode_board(puzzle.board),
        "explanation": explain(puzzle.board, question) if attempt else None,
        "given": question.text_of(attempt.answer) if attempt else "",
        "dispute_form": DisputeForm(initial={"ref": f"puzzle:{puzzle.short_id}"}),
    }


def _page_context(request: HtmxHttpRequest, puzzle: Puzzle) -> dict[str, Any]:
    share_url = _absolute(request, "puzzle", puzzle.short_id)
    embed_url = _absolute(request, "puzzle-embed", puzzle.short_id)
    preview = "puzzle-preview-png" if png_available() else "puzzle-preview-svg"
    # Plain text, escaped once for the attribute: the template escapes it again for the
    # textarea, so what a reader copies is exactly this markup.
    embed_code = (
        f'<iframe src="{escape(embed_url)}" title="Layerlab puzzle: {escape(puzzle.title)}" '
        'width="640" height="720" loading="lazy"></iframe>'
    )
    return (
        _board_context(puzzle)
        | _play_context(request, puzzle)
        | {
            "share_url": share_url,
            "preview_url": _absolute(request, preview, puzzle.short_id),
            "preview_type": "image/png" if png_available() else "image/svg+xml",
            "embed_code": embed_code,
        }
    )


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
@with_puzzle
def puzzle_page(request: HtmxHttpRequest, puzzle: Puzzle) -> HttpResponse:
    services.learner_key(request)
    return render_page(request, "puzzles/puzzle.html", _page_context(request, puzzle))


def _answered(request: HtmxHttpRequest, puzzle: Puzzle) -> HttpResponse:
    """After an answer: htmx swaps in the result; without JS, back to the page (PRG)."""
    if request.htmx:
        return render(request, "puzzles/puzzle.html#play", _play_context(request, puzzle))
    return HttpResponseRedirect(puzzle.get_absolute_url())


@require_GET
def next_puzzle(request: HtmxHttpRequest) -> HttpResponse:
    """The closest-rated puzzle this learner hasn't tried (any puzzle for a newcomer)."""
    found = services.next_for(services.learner_of(request))
    if found is None:
        return render(request, "puzzles/all_done.html")
    return HttpResponseRedirect(found.get_absolute_url())


@require_POST
@with_puzzle
def answer(request: HtmxHttpRequest, puzzle: Puzzle) -> HttpResponse:
    throttled = _throttled(request)
    if throttled is not None:
        return throttled
    question = services.question_of(puzzle)
    try:
        given = question.parse(request.POST.getlist("answer"))
    except AnswerProblem as problem:
        if request.htmx:
            context = _play_context(request, puzzle) | {"problem": str(problem)}
            return render(request, "puzzles/puzzle.html#play", context, status=422)
        context = _page_context(request, puzzle) | {"problem": str(problem)}
        return render(request, "puzzles/puzzle.html", context, status=400)
    learner = services.learner_of(request, create=True)
    assert learner is not None
    counted = services.counts_for_rating(request, puzzle, learner)
    record_attempt(puzzle.pk, learner.pk, given, question.is_right(given), counted=counted)
    return _answered(request, puzzle)


@require_POST
@with_puzzle
def give_up(request: HtmxHttpRequest, puzzle: Puzzle) -> HttpResponse:
    throttled = _throttled(request)
    if throttled is not None:
        return throttled
    learner = services.learner_of(request, create=True)
    assert learner is not None
    record_attempt(puzzle.pk, learner.pk, (), right=False, gave_up=True)
    return _answered(request, puzzle)


@require_GET
@with_puzzle
def preview_svg_view(request: HtmxHttpRequest, puzzle: Puzzle) -> HttpResponse:
    response = HttpResponse(_preview(puzzle), content_type="image/svg+xml")
    response["Cache-Control"] = f"public, max-age={PREVIEW_MAX_AGE}"
    return response


@require_GET
@with_puzzle
def preview_png_view(request: HtmxHttpRequest, puzzle: Puzzle) -> HttpResponse:
    png = preview_png(_preview(puzzle))
    if png is None:
        raise Http404("No rasterizer is installed: use the SVG preview.")
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = f"public, max-age={PREVIEW_MAX_AGE}"
    return response


def _preview(puzzle: Puzzle) -> str:
    cards = battlefield(load_board(puzzle.board).result, printed_only=True)
    return preview_svg(puzzle.title, cards, services.question_of(puzzle).prompt)


@require_GET
@with_puzzle
def qr_code(request: HtmxHttpRequest, puzzle: Puzzle) -> HttpResponse:
    response = HttpResponse(
        qr_svg(_absolute(request, "puzzle", puzzle.short_id)), content_type="image/svg+xml"
    )
    response["Cache-Control"] = f"public, max-age={PREVIEW_MAX_AGE}"
    return response


# The one page other sites may frame: its answers are checked but never recorded or
# rated, since a framed page on another site can't rely on our session cookie or a CSRF
# token. Checking is a POST (like every answer) so an answer never sits in a URL, and it
# changes nothing: no state to protect, so no CSRF token is asked for (docs/ratings.md).
@require_http_methods(["GET", "POST"])
@csrf_exempt
@xframe_options_exempt
@csp_replace({"frame-ancestors": ["*"]})
@with_puzzle
def embed(request: HtmxHttpRequest, puzzle: Puzzle) -> HttpResponse:
    question = services.question_of(puzzle)
    context = _board_context(puzzle) | {"share_url": _absolute(request, "puzzle", puzzle.short_id)}
    if request.method == "POST":
        gave_up = "give_up" in request.POST
        try:
            given = () if gave_up else question.parse(request.POST.getlist("answer"))
        except AnswerProblem as problem:
            context["problem"] = str(problem)
            return render(request, "puzzles/embed.html", context, status=400)
        context |= {
            "checked": True,
            "gave_up": gave_up,
            "right": not gave_up and question.is_right(given),
            "given": "" if gave_up else question.text_of(given),
            "explanation": explain(puzzle.board, question),
        }
    return render(request, "puzzles/embed.html", context)


def _new_context(loaded: LoadedBoard, token: str, form: NewPuzzleForm) -> dict[str, Any]:
    return {
        "form": form,
        "token": token,
        "steps": step_rows(loaded.board),
        "not_modelled": result_unmodelled(loaded.result),
    }


@require_http_methods(["GET", "POST"])
def new_puzzle(request: HtmxHttpRequest) -> HttpResponse:
    """Save a board from the builder as a puzzle (``?board=TOKEN``)."""
    token = request.POST.get("board") or request.GET.get("board") or ""
    if not token:
        return _bad(request, "Build a board first, then choose “Make it a puzzle”.")
    try:
        loaded = open_board(token)
    except BoardProblem as problem:
        return _bad(request, str(problem))
    if request.method == "GET":
        form = NewPuzzleForm(loaded=loaded)
        return render(request, "puzzles/new.html", _new_context(loaded, token, form))
    wait = over_limit(request, "puzzle-new", NEW_PUZZLES_PER_MINUTE)
    if wait is not None:
        response = _bad(request, f"Too many new puzzles: try again in {wait} s.", status=429)
        response["Retry-After"] = str(wait)
        return response
    form = NewPuzzleForm(request.POST, loaded=loaded)
    if not form.is_valid():
        return render(request, "puzzles/new.html", _new_context(loaded, token, form), status=400)
    puzzle = services.save_new(form.new_puzzle())
    return HttpResponseRedirect(puzzle.get_absolute_url())
