"""The replacement stepper: an event from the form, and a walk down the engine's choice tree.

The learner's choices so far live in the URL (``path=0,1``), so every point
of the walk can be reloaded, shared and stepped back through.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from rules_engine.errors import BoardError
from rules_engine.replacement.answer import event_answer
from tutor.boards.editing import card_names
from tutor.boards.event_words import (
    Namer,
    describe_event,
    describe_replaced,
    describe_result,
    namer,
)
from tutor.boards.presenters import Unmodelled
from tutor.boards.rules import summary
from tutor.boards.services import BoardProblem, unmodelled

ASKED = "asked"
MAX_PATH_LENGTH = 400
EVENT_KINDS = {
    "damage": "Damage would be dealt",
    "destroy": "A permanent would be destroyed",
    "die": "A creature would die",
    "draw": "A player would draw",
    "gain_life": "A player would gain life",
    "lose_life": "A player would lose life",
    "counters": "Counters would be put on a permanent",
    "create_tokens": "Tokens would be created",
    "enter": "A permanent would enter",
}


def _int(params: Mapping[str, str], key: str, default: int, low: int = 0, high: int = 99) -> int:
    raw = params.get(key, "")
    if raw == "":
        return default
    try:
        value = int(raw)
    except ValueError as error:
        raise BoardProblem(f'"{key}" must be a whole number') from error
    if not low <= value <= high:
        raise BoardProblem(f'"{key}" must be from {low} to {high}')
    return value


def asked_event(board: dict[str, Any]) -> dict[str, Any] | None:
    """The event the board itself asks about (its ``ask``), if any."""
    ask = board.get("ask")
    event = ask.get("event") if isinstance(ask, dict) else None
    return event if isinstance(event, dict) else None


def event_kinds(board: dict[str, Any]) -> dict[str, str]:
    """The events the form offers: the board's own question first, when it has one."""
    if asked_event(board) is None:
        return dict(EVENT_KINDS)
    return {ASKED: "The event this board asks about", **EVENT_KINDS}


def event_from(board: dict[str, Any], params: Mapping[str, str]) -> dict[str, Any] | None:
    """The event the form describes, in the board format's vocabulary."""
    kind = params.get("kind", "")
    if not kind:
        return None
    if kind == ASKED and asked_event(board) is not None:
        return asked_event(board)
    if kind not in EVENT_KINDS:
        raise BoardProblem(f'"{kind}" is not an event this page knows')
    n = _int(params, "n", 1, 0)
    if kind == "damage":
        event: dict[str, Any] = {
            "damage": n,
            "from": params.get("source", ""),
            "to": params.get("target", ""),
        }
        if params.get("combat"):
            event["combat"] = True
        return event
    if kind in ("destroy", "die"):
        return {kind: params.get("target", "")}
    if kind in ("draw", "gain_life", "lose_life"):
        return {kind: n, "player": params.get("player", "")}
    if kind == "counters":
        return {
            "counters": params.get("counter_kind") or "+1/+1",
            "on": params.get("target", ""),
            "n": max(1, n),
        }
    if kind == "create_tokens":
        token = {
            "name": params.get("card") or "Soldier",
            "types": ["Creature"],
            "subtypes": [params.get("card") or "Soldier"],
            "power": 1,
            "toughness": 1,
            "token": True,
        }
        return {"create_tokens": token, "n": max(1, n), "controller": params.get("player", "")}
    return {
        "enter": params.get("card", ""),
        "controller": params.get("player", ""),
        "as": "entering",
    }


@dataclass(frozen=True)
class WalkStep:
    """One point of the walk through the choice tree: an event and who chose what."""

    event: str
    node: dict[str, Any]
    chosen: str | None = None
    happens: tuple[str, ...] = ()


@dataclass(frozen=True)
class OptionView:
    """One effect the chooser may apply now, and what the event becomes if they do."""

    id: str
    name: str
    text: str
    becomes: tuple[str, ...]
    href: str
    prevention: bool
    # The choices up to and including this one (``0,1``): what a live class's teacher sends.
    path: str = ""


@dataclass(frozen=True)
class OutcomeRow:
    results: tuple[str, ...]
    paths: tuple[str, ...]


@dataclass
class EventWalk:
    params: dict[str, str]
    event: dict[str, Any] | None = None
    steps: list[WalkStep] = field(default_factory=list)
    choice: dict[str, Any] | None = None
    choice_path: list[int] = field(default_factory=list)
    results: list[dict[str, Any]] | None = None
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    kinds: dict[str, str] = field(default_factory=lambda: dict(EVENT_KINDS))
    rule_summaries: dict[str, str] = field(default_factory=dict)
    options: list[OptionView] = field(default_factory=list)
    result_words: list[str] = field(default_factory=list)
    outcome_rows: list[OutcomeRow] = field(default_factory=list)
    event_words: str = ""
    back_link: str | None = None
    restart_link: str | None = None
    back_path: str = ""
    # What the engine recognised on the board, or in the event, but does not apply.
    not_modelled: tuple[Unmodelled, ...] = ()


def event_walk(board: dict[str, Any], params: Mapping[str, str]) -> EventWalk:
    """Follow the learner's choices (``path=0,1``) down the engine's choice tree."""
    # "embedded" keeps a stepper shown inside another page (a lesson) in that page.
    fields = (
        "kind",
        "n",
        "source",
        "target",
        "combat",
        "player",
        "counter_kind",
        "card",
        "embedded",
    )
    chosen = {k: params.get(k, "") for k in fields}
    if not chosen["kind"] and asked_event(board) is not None:
        chosen["kind"] = ASKED
    walk = EventWalk(chosen, kinds=event_kinds(board))
    event = event_from(board, chosen)
    if event is None:
        walk.not_modelled = unmodelled(board)
        return walk
    try:
        answer = event_answer(dict(board, ask={"event": event}))
    except BoardError as error:
        raise BoardProblem(f"that event doesn't fit this board: {error.message}") from error
    walk.not_modelled = unmodelled(board, answer)
    name = namer(card_names(board))
    walk.event = event
    walk.event_words = describe_event(event, name)
    path = _path(params.get("path", ""))
    base = {k: v for k, v in walk.params.items() if v}
    node = answer["tree"]
    taken: list[int] = []
    while "done" not in node:
        options = node.get("options") or (node.get("choice") or {}).get("options")
        happens = tuple(describe_result(r, name) for r in node.get("happens", []))
        if not options:
            walk.steps.append(WalkStep(_node_words(node, name), node, None, happens))
            node = node.get("then", {"done": []})
            continue
        if not path:
            walk.steps.append(WalkStep(_node_words(node, name), node))
            walk.choice = node
            walk.rule_summaries = {node.get("rule", ""): summary(node.get("rule", ""))}
            walk.options = [
                _option_view(option, [*taken, n], base, name) for n, option in enumerate(options)
            ]
            break
        index = path.pop(0)
        if not 0 <= index < len(options):
            raise BoardProblem("one of the choices in this link isn't available at that point")
        option = options[index]
        walk.steps.append(WalkStep(_node_words(node, name), node, _option_name(option), happens))
        taken.append(index)
        node = option["then"]
    else:
        if path:
            raise BoardProblem("this link makes more choices than the event allows")
        walk.results = node["done"]
        walk.result_words = [describe_result(r, name) for r in node["done"]]
    walk.choice_path = taken
    if taken:
        walk.restart_link = _link(base, [])
        walk.back_link = _link(base, taken[:-1])
        walk.back_path = _joined(taken[:-1])
    walk.outcomes = answer["outcomes"]
    ids = _option_names(answer["tree"])
    walk.outcome_rows = [
        OutcomeRow(
            tuple(describe_result(r, name) for r in outcome["results"]) or ("nothing",),
            tuple(_path_words(p, ids) for p in outcome["paths"]),
        )
        for outcome in answer["outcomes"]
    ]
    return walk


def _path(raw: str) -> list[int]:
    if len(raw) > MAX_PATH_LENGTH:
        raise BoardProblem("the choices in this link are too long to be real")
    try:
        return [int(p) for p in raw.split(",") if p != ""]
    except ValueError as error:
        raise BoardProblem("the choices in this link are damaged") from error


def _node_words(node: dict[str, Any], name: Namer) -> str:
    event = node.get("event")
    return describe_event(event, name) if isinstance(event, dict) else ""


def _option_name(option: dict[str, Any]) -> str:
    if "apply" in option:
        source = option.get("source_name")
        label = f"{source} ({option['apply']})" if source else option["apply"]
        return f"{label}, preventing {option['prevent']}" if "prevent" in option else label
    return str(option.get("choose", "?"))


def _option_view(
    option: dict[str, Any], path: list[int], base: dict[str, str], name: Namer
) -> OptionView:
    if "becomes" in option:
        becomes = tuple(describe_replaced(e, name) for e in option["becomes"])
    else:
        becomes = tuple(describe_result(e, name) for e in option.get("happens", []))
    return OptionView(
        id=str(option.get("apply", option.get("choose", ""))),
        name=_option_name(option),
        text=str(option.get("text", "")),
        becomes=becomes,
        href=_link(base, path),
        prevention=bool(option.get("prevention")),
        path=_joined(path),
    )


def _option_names(tree: dict[str, Any]) -> dict[str, str]:
    """Every effect id in the tree with its card's name, for the outcome table."""
    names: dict[str, str] = {}
    stack = [tree]
    while stack:
        node = stack.pop()
        for option in node.get("options") or (node.get("choice") or {}).get("options") or []:
            if "apply" in option and option.get("source_name"):
                names[option["apply"]] = option["source_name"]
            stack.append(option.get("then", {}))
        if isinstance(node.get("then"), dict):
            stack.append(node["then"])
    return names


def _path_words(path: list[str], ids: dict[str, str]) -> str:
    if not path:
        return "(no choice to make)"
    words = []
    for step in path:
        if step.startswith("choose:"):
            words.append(f"choose {step.removeprefix('choose:')}")
            continue
        eid, _, limit = step.partition(":")
        label = f"{ids[eid]} ({eid})" if eid in ids else eid
        words.append(f"{label}, preventing {limit}" if limit else label)
    return " → ".join(words)


def _joined(path: list[int]) -> str:
    return ",".join(str(i) for i in path)


def _link(base: dict[str, str], path: list[int]) -> str:
    query = {**base, "path": _joined(path)} if path else base
    return "?" + urlencode(query)
