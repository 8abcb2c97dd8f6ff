"""The replacement stepper: an event from the form, and a walk down the engine's choice tree.

The learner's choices so far live in the URL (``path=0,1``), so every point
of the walk can be reloaded, shared and stepped back through.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from rules_engine import (
    WHY_CHOOSER,
    BoardError,
    CardChoice,
    CardOption,
    ChoiceNode,
    Decline,
    Done,
    EventExploration,
    Happens,
    Node,
    Option,
    Outcome,
    Shown,
    Stopped,
    UnknownCard,
    UnknownLabel,
    shown_results,
)
from tutor.boards.deciding import Deciding, entering_deciding
from tutor.boards.engine import explore_event
from tutor.boards.event_words import (
    EffectNames,
    Namer,
    describe_asked,
    describe_event,
    describe_result,
    explain_choice,
    explain_stopped,
    forced,
    oracle,
    stopped_by,
)
from tutor.boards.naming import board_namer
from tutor.boards.presenters import Unmodelled
from tutor.boards.rules import summary
from tutor.boards.services import BoardProblem, unmodelled

ASKED = "asked"
MAX_PATH_LENGTH = 400
NO_CHOICE = "(no choice to make)"
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


# The form fields each event uses (the page shows only those; without JavaScript, all).
EVENT_FIELDS = {
    "damage": ("n", "source", "target", "combat"),
    "destroy": ("target",),
    "die": ("target",),
    "draw": ("n", "player"),
    "gain_life": ("n", "player"),
    "lose_life": ("n", "player"),
    "counters": ("n", "target", "counter_kind"),
    "create_tokens": ("n", "player", "card"),
    "enter": ("player", "card"),
}
# The event's key in the board format -> the form field that sets it, and what to choose.
EVENT_KEY_FIELDS = {
    "from": ("source", "a damage source"),
    "to": ("target", "the permanent or player affected"),
    "on": ("target", "the permanent the counters go on"),
    "destroy": ("target", "the permanent"),
    "die": ("target", "the creature"),
    "player": ("player", "the player"),
    "controller": ("player", "the player"),
    "enter": ("card", "the card that enters"),
}


def field_events() -> dict[str, str]:
    """Each form field and the events that use it ("n" -> "damage draw ..."), for the page."""
    fields = {f for used in EVENT_FIELDS.values() for f in used}
    return {f: " ".join(k for k, used in EVENT_FIELDS.items() if f in used) for f in fields}


def field_problem(error: BoardError) -> tuple[str, str]:
    """An event the engine refused, as the form field at fault and a sentence for it: a
    field left empty (or a card the library lacks) asks for a choice."""
    key = error.path.rsplit(".", 1)[-1]
    field_name, what = EVENT_KEY_FIELDS.get(key, ("kind", "another event"))
    unchosen = isinstance(error, UnknownLabel) and not error.name
    if unchosen or isinstance(error, UnknownCard) or not error.message:
        return field_name, f"Choose {what}."
    return field_name, f"That doesn't fit this board: choose {what} again."


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
    """One point of the walk through the choice tree: what would happen, what stopped or
    explains it, who chose what, and what happened."""

    event: str
    chosen: str | None = None
    happens: tuple[str, ...] = ()
    explain: str = ""
    stopped_by: str = ""  # the "can't" effect's source (CR 614.17)
    stopped_text: str = ""
    no_longer_applicable: tuple[str, ...] = ()  # effects, by name (CR 616.1f)


@dataclass(frozen=True)
class ChoiceView:
    """The choice to make now: who makes it, under which rule, and what must go first."""

    chooser: str | None
    rule: str = ""
    why_chooser: str = ""
    forced: tuple[str, ...] = ()  # effects, by name (CR 616.1a-d)


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
    choice: ChoiceView | None = None
    choice_path: list[int] = field(default_factory=list)
    results: tuple[Shown, ...] | None = None
    outcomes: tuple[Outcome, ...] = ()
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
    # A chosen event that can't happen on this board: the form field at fault and why.
    problem_field: str = ""
    problem: str = ""
    # The rules that decide which effects apply here (CR 614.12), in plain words.
    deciding: tuple[Deciding, ...] = ()


def explored_unmodelled(
    board: dict[str, Any], explored: EventExploration
) -> tuple[Unmodelled, ...]:
    """What the engine doesn't apply on the board or in the explored event, in words."""
    return unmodelled(board, {"not_modelled": [n.as_json() for n in explored.not_modelled]})


@dataclass(frozen=True)
class _Words:
    """How this walk names things: objects and players, and effects."""

    name: Namer
    effect: EffectNames


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
    asking = dict(board, ask={"event": event})
    try:
        explored = explore_event(asking)
    except BoardError as error:
        walk.problem_field, walk.problem = field_problem(error)
        walk.not_modelled = unmodelled(board)
        return walk
    walk.not_modelled = explored_unmodelled(board, explored)
    name = board_namer(board)
    words = _Words(name, EffectNames(explored.tree, name))
    walk.event = event
    walk.event_words = describe_asked(explored.asked, name)
    walk.deciding = entering_deciding(asking, explored, name, words.effect)
    path = _path(params.get("path", ""))
    base = {k: v for k, v in walk.params.items() if v}
    node: Node = explored.tree
    taken: list[int] = []
    while not isinstance(node, Done):
        options = _options(node)
        if not isinstance(node, ChoiceNode | CardChoice) or not options:
            walk.steps.append(_step(node, words))
            node = node.then if isinstance(node, Happens | Stopped) else Done(())
            continue
        if not path:
            walk.steps.append(_step(node, words))
            walk.choice = _choice(node, words)
            walk.rule_summaries = {walk.choice.rule: summary(walk.choice.rule)}
            walk.options = [
                _option_view(option, [*taken, n], base, words) for n, option in enumerate(options)
            ]
            break
        index = path.pop(0)
        if not 0 <= index < len(options):
            raise BoardProblem("one of the choices in this link isn't available at that point")
        option = options[index]
        walk.steps.append(_step(node, words, words.effect.option(option)))
        taken.append(index)
        node = option.then
    else:
        if path:
            raise BoardProblem("this link makes more choices than the event allows")
        walk.results = node.shown
        walk.result_words = [describe_result(r, name) for r in node.shown]
    walk.choice_path = taken
    if taken:
        walk.restart_link = _link(base, [])
        walk.back_link = _link(base, taken[:-1])
        walk.back_path = _joined(taken[:-1])
    walk.outcomes = explored.outcomes
    walk.outcome_rows = [
        OutcomeRow(
            tuple(describe_result(r, name) for r in outcome.shown) or ("nothing",),
            tuple(" → ".join(words.effect.path(p)) or NO_CHOICE for p in outcome.paths),
        )
        for outcome in explored.outcomes
    ]
    return walk


def _path(raw: str) -> list[int]:
    if len(raw) > MAX_PATH_LENGTH:
        raise BoardProblem("the choices in this link are too long to be real")
    try:
        return [int(p) for p in raw.split(",") if p != ""]
    except ValueError as error:
        raise BoardProblem("the choices in this link are damaged") from error


def _options(node: Node) -> tuple[Option | Decline | CardOption, ...]:
    """The choices at this node: effects to apply (or decline), or cards to pick."""
    return node.options if isinstance(node, ChoiceNode | CardChoice) else ()


def _step(
    node: ChoiceNode | CardChoice | Happens | Stopped, words: _Words, chosen: str | None = None
) -> WalkStep:
    """The node as one step of the walk (``chosen``: the learner's choice there)."""
    event = describe_event(node.event, words.name)
    if isinstance(node, Stopped):
        return WalkStep(
            event,
            chosen,
            explain=explain_stopped(node, words.name, words.effect),
            stopped_by=stopped_by(node, words.name, words.effect),
            stopped_text=node.text,
        )
    gone = tuple(words.effect(e) for e in node.no_longer_applicable)
    if isinstance(node, Happens):
        happens = tuple(describe_result(e, words.name) for e in node.happens)
        return WalkStep(event, chosen, happens, node.explain, no_longer_applicable=gone)
    explain = explain_choice(node, words.effect, words.name) if isinstance(node, ChoiceNode) else ""
    return WalkStep(event, chosen, explain=explain, no_longer_applicable=gone)


def _choice(node: ChoiceNode | CardChoice, words: _Words) -> ChoiceView:
    if isinstance(node, CardChoice):
        return ChoiceView(node.chooser)
    return ChoiceView(node.chooser, node.rule, WHY_CHOOSER, forced(node, words.effect))


def _option_view(
    option: Option | Decline | CardOption, path: list[int], base: dict[str, str], words: _Words
) -> OptionView:
    if isinstance(option, Option):
        key, text, prevention = option.apply, oracle(option), option.prevention
        becomes = tuple(describe_event(e, words.name) for e in option.becomes)
    elif isinstance(option, Decline):
        key, text, prevention, becomes = option.declines, "", False, ()
    else:
        key, text, prevention = option.choose, "", False
        becomes = tuple(describe_result(e, words.name) for e in shown_results(option.happens))
    return OptionView(
        id=key,
        name=words.effect.option(option),
        text=text,
        becomes=becomes,
        href=_link(base, path),
        prevention=prevention,
        path=_joined(path),
    )


def _joined(path: list[int]) -> str:
    return ",".join(str(i) for i in path)


def _link(base: dict[str, str], path: list[int]) -> str:
    query = {**base, "path": _joined(path)} if path else base
    return "?" + urlencode(query)
