"""The board builder, the battlefield view and the two steppers.

Views parse the request, call the engine (through ``services``), and render
a page or, for htmx, the page's fragment. Every board lives in the URL as a
token (``codec.py``), so reload, back/forward and sharing keep it.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from rules_engine.cards import search_library
from tutor.boards import editing, services
from tutor.boards.codec import download_name, encode_board
from tutor.boards.event_walk import event_walk
from tutor.boards.forms import BoardImportForm, StepForm
from tutor.boards.presenters import battlefield, dependency_graphs, frames
from tutor.boards.whatif import compare
from tutor.core.htmx import HtmxHttpRequest, render_page


def _bad(request: HtmxHttpRequest, message: str) -> HttpResponse:
    """A clear 400 page: what was wrong with the board or the request, never a traceback.

    For htmx, the message replaces the page's main content (whatever the request's target).
    """
    if request.htmx and not request.htmx.boosted:
        response = render(request, "boards/invalid.html#problem", {"message": message}, status=400)
        response["HX-Retarget"] = "#main"
        response["HX-Reswap"] = "innerHTML"
        return response
    return render(request, "boards/invalid.html", {"message": message}, status=400)


def _builder_context(
    board: dict[str, Any],
    form: StepForm | None = None,
    import_form: BoardImportForm | None = None,
) -> dict[str, Any]:
    loaded = services.load_board(board)
    labels = editing.labels(board)
    return {
        "board": board,
        "token": encode_board(board),
        "steps": services.step_rows(board),
        "cards": battlefield(loaded.result),
        "sbas": loaded.result.sbas,
        "form": form
        or StepForm(board=board, labels=labels, initial={"controller": board["players"][0]}),
        "card_names": search_library("", limit=400),
        "import_form": import_form or BoardImportForm(),
    }


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
def builder(request: HtmxHttpRequest, token: str | None = None) -> HttpResponse:
    try:
        board = services.decode(token) if token else editing.new_board()
        context = _builder_context(board)
    except services.BoardProblem as problem:
        return _bad(request, str(problem))
    return render_page(request, "boards/builder.html", context, fragment="workspace")


def _after_change(request: HtmxHttpRequest, board: dict[str, Any]) -> HttpResponse:
    """POST-redirect-GET for plain forms; for htmx, the new workspace and its URL."""
    url = reverse("board-builder", args=[encode_board(board)])
    if request.htmx:
        response = render(request, "boards/builder.html#workspace", _builder_context(board))
        response["HX-Push-Url"] = url
        return response
    return HttpResponseRedirect(url, status=303)


@require_POST
def builder_add(request: HtmxHttpRequest, token: str) -> HttpResponse:
    try:
        board = services.decode(token)
    except services.BoardProblem as problem:
        return _bad(request, str(problem))
    form = StepForm(request.POST, board=board, labels=editing.labels(board))
    if form.is_valid() and form.new_board is not None:
        return _after_change(request, form.new_board)
    context = _builder_context(board, form)
    template = "boards/builder.html#workspace" if request.htmx else "boards/builder.html"
    response = render(request, template, context, status=422 if request.htmx else 400)
    if request.htmx:
        response["HX-Retarget"] = "#workspace"
        response["HX-Reswap"] = "outerHTML"
    return response


@require_POST
def builder_import(request: HtmxHttpRequest) -> HttpResponse:
    """Open a whole board (pasted or uploaded) in the builder; a bad one is explained."""
    form = BoardImportForm(request.POST, request.FILES)
    if form.is_valid():
        url = reverse("board-builder", args=[encode_board(form.board)])
        return HttpResponseRedirect(url, status=303)
    context = _builder_context(editing.new_board(), import_form=form)
    return render(request, "boards/builder.html", context, status=400)


@require_POST
def builder_remove(request: HtmxHttpRequest, token: str, index: str) -> HttpResponse:
    try:
        board = services.decode(token)
        changed = editing.without_step(board, editing.step_index(board, index))
        services.load_board(changed)
    except (services.BoardProblem, ValueError) as problem:
        return _bad(request, _removal_problem(problem))
    return _after_change(request, changed)


def _removal_problem(problem: Exception) -> str:
    text = str(problem)
    if "no object" in text or "labelled" in text:
        return f"That step can't be removed while a later step refers to it ({text})."
    return text


@require_POST
def builder_move(request: HtmxHttpRequest, token: str, index: str, direction: str) -> HttpResponse:
    try:
        board = services.decode(token)
        position = editing.step_index(board, index)
        delta = {"up": -1, "down": 1}.get(direction)
        if delta is None or not 0 <= position + delta < len(board["steps"]):
            raise ValueError("that step can't move that way")
        changed = editing.moved(board, position, delta)
        services.load_board(changed)
    except (services.BoardProblem, ValueError) as problem:
        return _bad(request, _removal_problem(problem))
    return _after_change(request, changed)


@require_GET
def card_search(request: HtmxHttpRequest) -> HttpResponse:
    query = request.GET.get("card", request.GET.get("q", ""))[:60]
    return render(request, "boards/card_options.html", {"names": search_library(query, limit=15)})


@require_GET
def board_view(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The share link's page: the battlefield, and the way into the steppers."""
    try:
        board = services.decode(token)
        loaded = services.load_board(board)
    except services.BoardProblem as problem:
        return _bad(request, str(problem))
    # One link per board, whatever spelling was pasted: the page names the canonical one.
    canonical = reverse("board", args=[encode_board(board)])
    context = {
        "board": board,
        "token": token,
        "share_url": request.build_absolute_uri(canonical),
        "cards": battlefield(loaded.result),
        "sbas": loaded.result.sbas,
        "graphs": dependency_graphs(loaded.result),
    }
    return render(request, "boards/board.html", context)


@require_GET
def board_download(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The board as a ``.json`` file in the board format, to keep or to open elsewhere."""
    try:
        board = services.decode(token)
        services.load_board(board)
    except services.BoardProblem as problem:
        return _bad(request, str(problem))
    response = HttpResponse(
        json.dumps(board, indent=2, ensure_ascii=False) + "\n",
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{download_name(board)}"'
    return response


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
def layer_stepper(request: HtmxHttpRequest, token: str, label: str) -> HttpResponse:
    try:
        board = services.decode(token)
        loaded = services.load_board(board)
    except services.BoardProblem as problem:
        return _bad(request, str(problem))
    if label not in loaded.result.evaluation.chars or loaded.result.game.object(label) is None:
        return _bad(request, f'there is no object labelled "{label}" on this board')
    all_frames = frames(loaded.result, label)
    try:
        number = int(request.GET.get("step", "0"))
    except ValueError:
        return _bad(request, "the step number must be a whole number")
    if not 0 <= number < len(all_frames):
        return _bad(request, f"this object's walk-through has steps 0 to {len(all_frames) - 1}")
    predict = request.GET.get("predict") == "1"
    guess = request.GET.get("guess")
    frame = all_frames[number]
    verdict = services.judge(frame, guess) if predict and guess is not None else None
    hide = predict and guess is None and frame.kind == "effect"
    context = {
        "token": token,
        "label": label,
        "name": loaded.result.evaluation.chars[label].name or label,
        "frame": frame,
        "previous": all_frames[number - 1] if number > 0 else None,
        "count": len(all_frames),
        "predict": predict,
        "hide": hide,
        "verdict": verdict,
        "guess": guess or "",
        "graphs": [g for g in dependency_graphs(loaded.result) if g.layer == frame.layer],
        "whatif_steps": services.source_steps(board, frame.source),
        "steps": services.step_rows(board),
    }
    return render_page(request, "boards/layers.html", context, fragment="frame")


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
def event_stepper(request: HtmxHttpRequest, token: str) -> HttpResponse:
    try:
        board = services.decode(token)
        services.load_board(board)
        walk = event_walk(board, request.GET)
    except services.BoardProblem as problem:
        return _bad(request, str(problem))
    context = {
        "board": board,
        "token": token,
        "walk": walk,
        "labels": editing.labels(board),
        "card_names": search_library("", limit=400),
        "steps": services.step_rows(board),
    }
    return render_page(request, "boards/event.html", context, fragment="walk")


@require_GET
def whatif(request: HtmxHttpRequest, token: str) -> HttpResponse:
    try:
        board = services.decode(token)
        services.load_board(board)
        comparison = compare(board, request.GET)
    except (services.BoardProblem, ValueError) as problem:
        return _bad(request, str(problem))
    return render(request, "boards/whatif.html", {"token": token, "comparison": comparison})
