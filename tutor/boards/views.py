"""The board builder, the battlefield view and the two steppers.

Views parse the request, call the engine (through ``services``), and render
a page or, for htmx, the page's fragment. Every board lives in the URL as a
token (``codec.py``), so reload, back/forward and sharing keep it.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from tutor.boards import card_lookup, editing, services
from tutor.boards.codec import download_name, encode_board
from tutor.boards.event_walk import event_walk, field_events
from tutor.boards.forms import BoardImportForm, ReplacementOrderForm, StepForm
from tutor.boards.limits import MAX_TOKEN_LENGTH
from tutor.boards.presenters import (
    battlefield,
    dependency_graphs,
    result_unmodelled,
    state_based_actions,
)
from tutor.boards.rules import OFFICIAL_RULES_URL, SUMMARIES, rule_anchor
from tutor.boards.whatif import compare
from tutor.core.htmx import HtmxHttpRequest, render_page


def _problem_words(problem: Exception) -> dict[str, str]:
    """A fault in a learner's words (``message``), and, when the engine found it in the
    board's JSON, its exact words for whoever wrote the board (``detail``)."""
    if isinstance(problem, services.BoardProblem) and problem.path:
        step = re.match(r"steps\[(\d+)\]", problem.path)
        where = f"step {int(step[1]) + 1} of this board" if step else "this board"
        return {
            "message": f"The rules engine can't set up {where}: it asks for something the "
            "rules don't allow, or leaves out a choice the engine needs.",
            "detail": f"{problem.path}: {problem.detail}",
        }
    return {"message": str(problem), "detail": ""}


def _bad(request: HtmxHttpRequest, problem: Exception) -> HttpResponse:
    """A clear 400 page: what was wrong with the board or the request, never a traceback.

    For htmx, the message replaces the page's main content (whatever the request's target).
    """
    context = _problem_words(problem)
    # 400, or 503 when the server was too busy to work the board out (engine_pool).
    status = getattr(problem, "status", 400)
    if request.htmx and not request.htmx.boosted:
        response = render(request, "boards/invalid.html#problem", context, status=status)
        response["HX-Retarget"] = "#main"
        response["HX-Reswap"] = "innerHTML"
        return response
    return render(request, "boards/invalid.html", context, status=status)


BoardView = Callable[..., HttpResponse]


def with_board(view: BoardView) -> BoardView:
    """Open the URL's board before the view runs (``services.open_board``), and answer
    any problem with it, or with a step the request names, as a clear 400."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, token: str, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, services.open_board(token), token, **kwargs)
        except (services.BoardProblem, editing.StepProblem) as problem:
            return _bad(request, problem)

    return wrapper


def embedding(request: HtmxHttpRequest, path: str | None = None) -> dict[str, Any]:
    """How a stepper's links behave: on its own page they are relative and change the
    address; shown inside another page (``embedded=1``, a lesson) they go to the stepper's
    own address and leave the page's address alone."""
    if path is None and request.GET.get("embedded") == "1":
        path = request.path
    return services.stepper_links(path)


def _builder_context(
    loaded: services.LoadedBoard,
    form: StepForm | None = None,
    import_form: BoardImportForm | None = None,
    *,
    focus_step: int | None = None,
    order_error: tuple[int, str] | None = None,
    status: str = "",
    typed: dict[str, str] | None = None,
    moved: tuple[int, str] | None = None,
) -> dict[str, Any]:
    board = loaded.board
    players = board.get("players") or []
    form = form or StepForm(
        board=board,
        labels=editing.labels(board),
        initial={"controller": players[0] if players else "", **(typed or {})},
    )
    token = encode_board(board)
    # The card field's search also says where "Invent a card" is (this board's builder).
    form.fields["card"].widget.attrs["hx-vals"] = json.dumps({"preview": "1", "board": token})
    card = str(form.data.get("card", "") if form.is_bound else form.initial.get("card", ""))
    if status and focus_step is None and moved is None:
        # After a step is added, keyboard focus lands on the card field for the next one
        # (htmx focuses a swapped-in autofocus element); the status line says what changed.
        form.fields["card"].widget.attrs["autofocus"] = True
    return {
        "status": status,
        "board": board,
        "token": token,
        "steps": services.step_rows(board, services.replacement_stories(loaded)),
        "focus_step": focus_step,
        "order_error": order_error,
        "cards": battlefield(loaded.result),
        "sbas": state_based_actions(loaded.result),
        "not_modelled": result_unmodelled(loaded.result),
        "form": form,
        "card_names": card_lookup.board_card_names(board.get("steps", [])),
        "card_preview": card_lookup.card_preview(card),
        "card_missing": card_lookup.not_found(card),
        "builder_url": reverse("board-builder", args=[token]),
        "import_form": import_form or BoardImportForm(),
        "moved": {"index": moved[0], "direction": moved[1]} if moved else None,
    }


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
def builder(request: HtmxHttpRequest, token: str | None = None) -> HttpResponse:
    try:
        loaded = services.open_board(token) if token else services.load_board(editing.new_board())
    except services.BoardProblem as problem:
        return _bad(request, problem)
    # "Did you mean ..." and "Invent a card" links fill in the card or the invented name.
    typed = {
        field: request.GET[key][:limit]
        for key, field, limit in (("card", "card", 120), ("invent", "invent_name", 80))
        if request.GET.get(key)
    }
    context = _builder_context(loaded, typed=typed)
    return render_page(request, "boards/builder.html", context, fragment="workspace")


def _after_change(
    request: HtmxHttpRequest,
    loaded: services.LoadedBoard,
    *,
    focus_step: int | None = None,
    status: str = "",
    moved: tuple[int, str] | None = None,
) -> HttpResponse:
    """POST-redirect-GET for plain forms; for htmx, the new workspace and its URL.

    ``focus_step``: the step just changed; the page lands on its replacement status
    (htmx focuses it; without JavaScript the address's fragment scrolls to it).
    """
    url = reverse("board-builder", args=[encode_board(loaded.board)])
    if request.htmx:
        # After a move, the moved step's same button keeps the focus (``moved``).
        context = _builder_context(loaded, focus_step=focus_step, status=status, moved=moved)
        context["status_oob"] = True  # the status line outside the workspace is replaced too
        response = render(request, "boards/builder.html#workspace", context)
        response["HX-Push-Url"] = url
        return response
    if focus_step is not None:
        url += f"#step-{focus_step}-replacements"
    elif moved is not None:
        url += f"#step-{moved[0]}"
    return HttpResponseRedirect(url, status=303)


@require_POST
@with_board
def builder_add(request: HtmxHttpRequest, loaded: services.LoadedBoard, token: str) -> HttpResponse:
    board = loaded.board
    form = StepForm(request.POST, board=board, labels=editing.labels(board))
    if form.is_valid() and form.new_board is not None:
        changed = services.load_board(form.new_board)
        rows = services.step_rows(changed.board)
        status = f"Step {len(rows)} added: {rows[-1].text}. The battlefield is updated."
        return _after_change(request, changed, status=status)
    context = _builder_context(loaded, form)
    template = "boards/builder.html#workspace" if request.htmx else "boards/builder.html"
    response = render(request, template, context, status=422 if request.htmx else 400)
    if request.htmx:
        response["HX-Retarget"] = "#workspace"
        response["HX-Reswap"] = "outerHTML"
    return response


@require_POST
@with_board
def builder_order(
    request: HtmxHttpRequest, loaded: services.LoadedBoard, token: str, index: str
) -> HttpResponse:
    """Choose the order of the replacement effects a step's event meets (CR 616.1)."""
    board = loaded.board
    number = editing.step_index(board, index)
    form = ReplacementOrderForm(request.POST, options=services.order_options(loaded, number))
    if form.is_valid():
        changed = editing.with_replacements(board, number, form.path)
        return _after_change(request, _edited(changed, "given that order"), focus_step=number)
    messages = form.errors.get("order") or ["Choose one of the orders."]
    error = (number, " ".join(str(message) for message in messages))
    context = _builder_context(loaded, focus_step=number, order_error=error)
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
    context = _builder_context(services.load_board(editing.new_board()), import_form=form)
    return render(request, "boards/builder.html", context, status=400)


@require_POST
@with_board
def builder_remove(
    request: HtmxHttpRequest, loaded: services.LoadedBoard, token: str, index: str
) -> HttpResponse:
    """Delete a step; one that later steps use is kept, and the builder asks whether to
    delete those steps too (``with=dependents``) or keep them all."""
    board = loaded.board
    number = editing.step_index(board, index)
    taken = editing.dependents(board, number)
    gone = [number, *taken] if request.POST.get("with") == "dependents" else [number]
    try:
        changed = services.load_board(editing.without_steps(board, gone))
    except services.BoardProblem:
        rows = services.step_rows(board)
        refusal = {
            "kind": "delete",
            "index": number,
            "number": number + 1,
            "dependents": [rows[i] for i in taken],
        }
        return _refused(request, loaded, refusal)
    numbers = [str(i + 1) for i in sorted(gone)]
    said = f"Step {numbers[0]}" if len(gone) == 1 else f"Steps {_and(numbers)}"
    status = f"{said} removed. The battlefield is updated."
    return _after_change(request, changed, status=status)


@require_POST
@with_board
def builder_move(
    request: HtmxHttpRequest, loaded: services.LoadedBoard, token: str, index: str, direction: str
) -> HttpResponse:
    """Move a step one place; focus stays on it (its same button) and the move is said."""
    board = loaded.board
    number = editing.step_index(board, index)
    try:
        changed = services.load_board(editing.moved(board, number, direction))
    except services.BoardProblem:
        refusal = {"kind": "move", "index": number, "number": number + 1, "direction": direction}
        return _refused(request, loaded, refusal)
    target = number + editing.DIRECTIONS[direction]
    text = services.step_rows(changed.board)[target].text
    way = "earlier" if direction == "up" else "later"
    status = f"Step {number + 1} moved {way}: it is now step {target + 1} ({text})."
    return _after_change(request, changed, status=status, moved=(target, direction))


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _refused(
    request: HtmxHttpRequest, loaded: services.LoadedBoard, refusal: dict[str, Any]
) -> HttpResponse:
    """The builder again, unchanged, saying in its own page why a step can't be deleted
    or moved (and, for a deletion, offering to delete the steps that use it too)."""
    context = _builder_context(loaded) | {"refusal": refusal}
    template = "boards/builder.html#workspace" if request.htmx else "boards/builder.html"
    response = render(request, template, context, status=422 if request.htmx else 400)
    if request.htmx:
        response["HX-Retarget"] = "#workspace"
        response["HX-Reswap"] = "outerHTML"
    return response


def _edited(changed: dict[str, Any], done: str) -> services.LoadedBoard:
    """The edited board, or why that step can't be {done} (a later step needs it first)."""
    try:
        return services.load_board(changed)
    except services.BoardProblem as problem:
        raise services.BoardProblem(
            f"that step can't be {done}: the board would not be valid ({problem.detail})"
        ) from problem


_TOKEN = re.compile(rf"[A-Za-z0-9_.=-]{{1,{MAX_TOKEN_LENGTH}}}")  # a token's letters (codec.py)


@require_GET
def card_search(request: HtmxHttpRequest) -> HttpResponse:
    """The card field's suggestions, and (out of band) the typed card's text and faces."""
    query = request.GET.get("card", request.GET.get("q", ""))[:60]
    preview = bool(request.GET.get("preview"))
    board = request.GET.get("board", "")
    context = {
        "suggestions": card_lookup.suggestions(query),
        # The builder shows the card before it is added; other pages only want the list.
        "preview": card_lookup.card_preview(query) if preview else None,
        # A name the library lacks (3 letters or more typed): the closest names, and
        # "Invent a card" in the builder of the board being built.
        "missing": card_lookup.not_found(query) if preview and len(query.strip()) >= 3 else None,
        "builder_url": reverse("board-builder", args=[board])
        if _TOKEN.fullmatch(board)
        else reverse("build"),
        "oob": preview,
    }
    return render(request, "boards/card_options.html", context)


@require_GET
@with_board
def board_view(request: HtmxHttpRequest, loaded: services.LoadedBoard, token: str) -> HttpResponse:
    """The share link's page: the battlefield, and the way into the steppers."""
    board = loaded.board
    # One link per board, whatever spelling was pasted: the page names the canonical one.
    canonical = reverse("board", args=[encode_board(board)])
    context = {
        "board": board,
        "token": token,
        "share_url": request.build_absolute_uri(canonical),
        "cards": battlefield(loaded.result),
        "sbas": state_based_actions(loaded.result),
        "graphs": dependency_graphs(loaded.result),
        "not_modelled": result_unmodelled(loaded.result),
        "rows": _story_rows(loaded),
        "heading": _board_heading(board),
    }
    return render(request, "boards/board.html", context)


def _story_rows(loaded: services.LoadedBoard) -> list[services.StepRow]:
    """What happened, in order, each step with the replacement effects it met; those met
    by the state-based actions after the last step go under it."""
    stories = services.replacement_stories(loaded)
    rows = services.step_rows(loaded.board, stories)
    after = tuple(story for story in stories if story.step is None)
    if rows and after:
        rows[-1] = dataclasses.replace(rows[-1], replacements=rows[-1].replacements + after)
    return rows


def _board_heading(board: dict[str, Any]) -> str:
    """The board's title, or its cards: a shared page's heading names what it holds."""
    title = str(board.get("title") or "").strip()
    if title:
        return title
    names = list(dict.fromkeys(editing.card_names(board).values()))
    if not names:
        return "An empty board"
    shown = names[:3] + (["more"] if len(names) > 3 else [])
    return f"A board with {_and(shown)}"


@require_GET
@with_board
def board_download(
    request: HtmxHttpRequest, loaded: services.LoadedBoard, token: str
) -> HttpResponse:
    """The board as a ``.json`` file in the board format, to keep or to open elsewhere."""
    response = HttpResponse(
        json.dumps(loaded.board, indent=2, ensure_ascii=False) + "\n",
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{download_name(loaded.board)}"'
    return response


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
@with_board
def layer_stepper(
    request: HtmxHttpRequest, loaded: services.LoadedBoard, token: str, label: str
) -> HttpResponse:
    board = loaded.board
    step = services.layer_step(loaded, label, request.GET)
    context = {
        "token": token,
        "label": label,
        "step": step,
        "frame": step.frame,
        "count": step.count,
        "predict": step.predict,
        "hide": step.hide,
        "verdict": step.verdict,
        "not_modelled": step.not_modelled,
        "name": step.name,
        "graphs": [g for g in dependency_graphs(loaded.result) if g.layer == step.frame.layer],
        "whatif_steps": services.source_steps(board, step.frame.source),
        "steps": services.step_rows(board),
    }
    return render_page(
        request, "boards/layers.html", context | embedding(request), fragment="frame"
    )


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
@with_board
def event_stepper(
    request: HtmxHttpRequest, loaded: services.LoadedBoard, token: str
) -> HttpResponse:
    board = loaded.board
    walk = event_walk(board, request.GET)
    context = {
        "board": board,
        "token": token,
        "walk": walk,
        "field_events": field_events(),
        "labels": editing.labels(board),
        "card_names": card_lookup.board_card_names(board.get("steps", [])),
        "steps": services.step_rows(board),
    }
    status = 400 if walk.problem else 200
    return render_page(
        request, "boards/event.html", context | embedding(request), fragment="walk", status=status
    )


@require_GET
@with_board
def whatif(request: HtmxHttpRequest, loaded: services.LoadedBoard, token: str) -> HttpResponse:
    comparison = compare(loaded.board, request.GET)
    return render(request, "boards/whatif.html", {"token": token, "comparison": comparison})


@require_GET
def rules_page(request: HtmxHttpRequest) -> HttpResponse:
    """Every rule the site cites, each at its own anchor, in the project's own words."""
    ordered = sorted(SUMMARIES, key=_rule_order)
    context = {"rules": [(rule, rule_anchor(rule), SUMMARIES[rule]) for rule in ordered]}
    return render(request, "boards/rules.html", context | {"official": OFFICIAL_RULES_URL})


def _rule_order(rule: str) -> tuple[int | str, ...]:
    """ "613.4c" before "613.10": numbers as numbers."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", rule) if p)
