"""The engine's answer to a board, as the board format describes it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules_engine.board import Ask, Board, parse_board
from rules_engine.characteristics import COPIABLE_FIELDS, characteristics_json
from rules_engine.dependency import describe_edge
from rules_engine.errors import BoardError
from rules_engine.game import Game, GameObject, StepChoice
from rules_engine.ids import EffectId
from rules_engine.layers import Evaluation, TraceStep, compute
from rules_engine.misreadings import CORRECT_LAYERS, LayerMisreading
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.replacement.tree import outcome_json
from rules_engine.sba import StateBasedAction
from rules_engine.steps import step_label
from rules_engine.timeline import replay_board


@dataclass(frozen=True)
class Result:
    """Everything the site and the command line show for one board."""

    board: Board
    game: Game
    evaluation: Evaluation
    sbas: tuple[StateBasedAction, ...]
    # The board as the last step left it, before the state-based actions it caused
    # (``sbas``): objects those actions moved are shown as they last were (CR 608.2h).
    before: Evaluation | None = None
    before_game: Game | None = None
    # What the checks after the first did in turn (704.3).
    later_sbas: tuple[StateBasedAction, ...] = ()

    def moved_by_sbas(self, label: str) -> bool:
        """Whether a state-based action after the last step took it off the battlefield."""
        if self.before_game is None:
            return False
        earlier, now = self.before_game.object(label), self.game.object(label)
        return (
            earlier is not None
            and earlier.on_battlefield
            and (now is None or not now.on_battlefield)
        )

    def evaluation_for(self, label: str | None) -> Evaluation:
        """The layers as they applied to this object when it was last on the battlefield."""
        if label is not None and self.before is not None and self.moved_by_sbas(label):
            return self.before
        return self.evaluation

    def display_ids(self) -> dict[str, str]:
        return display_ids(self.explained)

    @property
    def explained(self) -> Evaluation:
        """The evaluation the answer's trace explains: the asked object's (as it last was on
        the battlefield), or for a dependency question the board as the last step left it."""
        ask = self.board.ask
        if ask is not None and ask.kind == "depends" and self.before is not None:
            return self.before
        return self.evaluation_for(ask.obj if ask is not None else None)


def evaluate_board(
    data: Any, *, dependency: bool = True, misreading: LayerMisreading = CORRECT_LAYERS
) -> Result:
    """Parse, replay and evaluate a board. Raises BoardError for a malformed board.

    ``misreading`` evaluates it the way a named mistake would (``misreadings.py``).
    """
    board = data if isinstance(data, Board) else parse_board(data)
    graphs = dependency and misreading == CORRECT_LAYERS
    try:
        replayed = replay_board(board)
        game = replayed.game
        evaluation = compute(game, dependency=dependency, graphs=graphs, misreading=misreading)
        before = None
        if replayed.actions:
            before = compute(
                replayed.before, dependency=dependency, graphs=graphs, misreading=misreading
            )
    except OracleParseError as exc:
        # Text that only exists mid-evaluation: granted abilities, changed words.
        raise BoardError("steps", f"an ability the board produces cannot be read: {exc}") from exc
    return Result(
        board, game, evaluation, replayed.actions, before, replayed.before, replayed.later
    )


def display_ids(evaluation: Evaluation) -> dict[str, str]:
    """Effect ids as learners write them (tests/boards/README.md).

    A resolved spell or ability is its step label (``label.n`` when it made
    several effects); a static ability is its permanent's label, or
    ``label#k`` (k = Oracle paragraph) when the permanent has more than one
    ability creating continuous effects (an "As ~ enters, choose" paragraph
    beside one static ability needs no number); effects the rules create
    keep their descriptive ids.
    """
    names: dict[str, str] = {}
    paragraphs = _static_paragraphs(evaluation)
    for eid, effect in evaluation.effects.items():
        if (
            effect.kind != "static"
            or not effect.ability_key
            or not effect.ability_key.startswith("p")
        ):
            names[eid] = eid
            continue
        label = eid.split("#", 1)[0]
        paragraph = effect.ability_key[1:].split(".")[0]
        many = len(paragraphs.get(effect.source, ())) > 1
        sentences = sum(
            1
            for other in evaluation.effects.values()
            if other.source == effect.source and other.ability_key == effect.ability_key
        )
        names[eid] = EffectId(
            label,
            int(paragraph) if many else None,
            effect.sentence if sentences > 1 else None,
        ).text()
    return names


def _static_paragraphs(evaluation: Evaluation) -> dict[str, set[str]]:
    """Each source's Oracle paragraphs that create continuous effects."""
    found: dict[str, set[str]] = {}
    for effect in evaluation.effects.values():
        if effect.kind == "static" and effect.ability_key and effect.ability_key.startswith("p"):
            found.setdefault(effect.source, set()).add(effect.ability_key[1:].split(".")[0])
    return found


def _label_of(eid: str, kind: str) -> str:
    if kind == "static":
        return eid.split("#", 1)[0]
    if kind == "resolved":
        return eid.split(".", 1)[0]
    return eid.split(":", 1)[0]


def _internal_prefix(wanted: str) -> str:
    """``label#k`` -> the internal id prefix ``label#pk.`` of paragraph k's effects."""
    named = EffectId.from_text(wanted)
    if named.ability is not None:
        return f"{named.label}#p{named.ability}"
    return "\x00"


def resolve_effect_id(evaluation: Evaluation, wanted: str, path: str) -> list[str]:
    """Effect ids the user may write: a display id, a label, or label#k."""
    names = display_ids(evaluation)
    exact = [eid for eid, name in names.items() if name == wanted or eid == wanted]
    if exact:
        return exact
    prefix = [
        eid
        for eid, name in names.items()
        if EffectId.from_text(name).label == wanted or eid.startswith(_internal_prefix(wanted))
    ]
    if prefix:
        return prefix
    known = ", ".join(sorted(set(names.values()))) or "none"
    raise BoardError(path, f'no effect "{wanted}" (effects: {known})')


def trace_json(step: TraceStep, names: dict[str, str]) -> dict[str, Any]:
    why: dict[str, Any] = {"kind": step.why.kind, "rule": step.why.rule, "detail": step.why.detail}
    if step.why.on:
        why["on"] = [names.get(e, e) for e in step.why.on]
    data: dict[str, Any] = {
        "layer": step.layer,
        "effect": names.get(step.effect, step.effect),
        "text": step.effect_text,
        "source": step.source,
        "source_name": step.source_name,
        "timestamp": step.timestamp,
        "applies_to": list(step.applies_to),
        "why_now": _why_words(step, names),
        "why": why,
        "rule": step.rule,
        "before": step.before,
        "after": step.after,
    }
    if step.vanished:
        data["ended"] = [names.get(e, e) for e in step.vanished]
    return data


def _why_words(step: TraceStep, names: dict[str, str]) -> str:
    on = ", ".join(names.get(e, e) for e in step.why.on)
    return {
        "cda": "characteristic-defining",
        "timestamp": "timestamp",
        "dependency": f"dependency on {on}",
        "depended_on": f"timestamp, ahead of {on} which depend on it",
        "loop": f"loop fallback (timestamp order with {on})",
        "rule": "rule",
    }[step.why.kind]


def _order_answer(result: Result, ask: Ask) -> dict[str, Any]:
    names = result.display_ids()
    trace = result.explained.trace
    steps = [s for s in trace if s.layer == ask.layer and ask.obj in s.applies_to]
    return {
        "order": {
            "layer": ask.layer,
            "object": ask.obj,
            "effects": [
                {
                    "effect": names.get(s.effect, s.effect),
                    "text": s.effect_text,
                    "why_now": _why_words(s, names),
                    "rule": s.why.rule,
                }
                for s in steps
            ],
        }
    }


def _effect_ids_or_none(result: Result, wanted: str, path: str) -> list[str]:
    """The effect's ids, or none when it names an object on the board whose effect never
    came to exist (a board error for any other name)."""
    try:
        return resolve_effect_id(result.explained, wanted, path)
    except BoardError:
        label = wanted.split("#", 1)[0]
        steps = {step_label(step) for step in result.board.steps}
        if label in steps or any(obj.label == label for obj in result.game.objects):
            return []
        raise


def depends_answer(
    result: Result, a: str, b: str, *, name: Callable[[str], str] | None = None
) -> dict[str, Any]:
    """Whether A depends on B (613.8a), from the graphs the engine actually used.

    ``name``: how the reason names effects (by effect id or display id) and objects (by
    label); by default as the board writes them."""
    evaluation = result.explained
    names = result.display_ids()
    if name is None:
        shown: Callable[[str], str] = lambda x: names.get(x, x)  # noqa: E731
    else:
        shown = lambda x: name(names.get(x, x))  # noqa: E731
    a_ids = _effect_ids_or_none(result, a, "ask.depends[0]")
    b_ids = _effect_ids_or_none(result, b, "ask.depends[1]")
    if not a_ids or not b_ids:
        gone = shown(a if not a_ids else b)
        reason = (
            f"{gone} never applies: its ability is gone before its layer is reached (for "
            "example removed in layer 6), and an effect that doesn't exist depends on nothing "
            "and nothing depends on it (613.8a)"
        )
        return {"depends": {"answer": False, "reason": reason, "rule": "613.8a"}}
    for graph in evaluation.graphs:
        for edge in graph.edges:
            if edge.dependent in a_ids and edge.on in b_ids:
                return {
                    "depends": {
                        "answer": True,
                        "layer": edge.layer,
                        "clause": edge.clause,
                        "reason": describe_edge(edge, shown),
                        "rule": "613.8a",
                    }
                }
    layers_a = {layer for e in a_ids for layer in evaluation.effects[e].spec.layers}
    layers_b = {layer for e in b_ids for layer in evaluation.effects[e].spec.layers}
    shared = sorted(layers_a & layers_b)
    if not shared:
        reason = "they never apply in the same layer or sublayer (613.8a(a))"
    elif any(evaluation.effects[x].cda != evaluation.effects[y].cda for x in a_ids for y in b_ids):
        reason = "one is from a characteristic-defining ability and the other is not (613.8a(c))"
    else:
        reason = (
            f"in layer {', '.join(shared)}, applying {_asked(b, b_ids, shown, name)} first would "
            f"not change {_asked(a, a_ids, shown, name)}'s existence, "
            "text, what it applies to, or what it does (613.8a(b))"
        )
    return {"depends": {"answer": False, "reason": reason, "rule": "613.8a"}}


def _asked(
    asked: str, ids: list[str], shown: Callable[[str], str], name: Callable[[str], str] | None
) -> str:
    """An effect the question names: as asked, or by ``name`` through its effect id."""
    return name(ids[0]) if name is not None and ids else shown(asked)


def answer_json(result: Result) -> dict[str, Any]:
    """The JSON ``python -m rules_engine evaluate`` prints."""
    names = result.display_ids()
    objects: dict[str, Any] = {}
    named = json.dumps(result.board.raw.get("steps", [])) + json.dumps(result.board.raw.get("ask"))
    for obj in result.game.objects:
        if obj.label not in result.evaluation.chars:
            continue
        if obj.zone != "battlefield" and "[" in obj.label and f'"{obj.label}"' not in named:
            continue  # a card of the board's "zones" that no step or question names
        objects[obj.label] = _object_json(result, obj)
    answer: dict[str, Any] = {}
    ask = result.board.ask
    if ask is not None:
        if ask.kind == "characteristics":
            answer = {"characteristics": objects.get(ask.obj or "", {})}
        elif ask.kind == "order":
            answer = _order_answer(result, ask)
        elif ask.kind == "depends":
            answer = depends_answer(result, *ask.effects)
    dependencies = [
        {
            "layer": g.layer,
            "dependent": names.get(e.dependent, e.dependent),
            "on": names.get(e.on, e.on),
            "clause": e.clause,
            "reason": describe_edge(e, lambda x: names.get(x, x)),
            "rule": "613.8a",
        }
        for g in result.explained.graphs
        for e in g.edges
    ]
    return {
        "objects": objects,
        "players": players_json(result.game),
        "not_modelled": [n.as_json() for n in result.game.not_modelled],
        "replacements": [choice_json(c) for c in result.game.choices_made],
        "rules_effects": rules_effects(result),
        "trace": [trace_json(s, names) for s in result.explained.trace],
        "dependencies": _unique(dependencies),
        "state_based_actions": [s.as_json() for s in result.sbas],
        "state_based_actions_then": [s.as_json() for s in result.later_sbas],
        "answer": answer,
    }


def _object_json(result: Result, obj: GameObject) -> dict[str, Any]:
    """An object's characteristics and status (zone, tapped, damage, ...). An object that a
    state-based action moved after the last step is shown as it last existed on the
    battlefield (``last_known``), with the zone it went to."""
    evaluation, shown = result.evaluation_for(obj.label), obj
    moved = result.moved_by_sbas(obj.label)
    earlier = result.before_game.object(obj.label) if result.before_game else None
    if moved and earlier is not None:
        shown = earlier
    data = characteristics_json(evaluation.chars[obj.label])
    data.update(
        {
            "owner": obj.owner,
            "zone": obj.zone,
            "counters": dict(shown.counters),
            "timestamp": shown.timestamp,
            "tapped": shown.tapped,
            "face_down": shown.face_down,
            "damage": shown.damage,
            "attached_to": shown.attached_to,
            "phased_out": shown.phased_out,
            "monstrous": shown.monstrous,
            "renowned": shown.renowned,
            "suspected": shown.suspected is not None,
            "goaded_by": list(shown.goaded_by),
        }
    )
    if moved:
        data["last_known"] = True
    if shown.solved:
        data["solved"] = True  # CR 719.3b (shown only when solved)
    if shown.choices.class_level > 1:
        data["class_level"] = shown.choices.class_level  # CR 716.2a (shown from level 2)
    if shown.ring_bearer is not None:
        data["ring_bearer"] = shown.ring_bearer  # CR 701.54a: whose Ring-bearer it is
    if shown.exiled_with is not None:
        data["exiled_with"] = shown.exiled_with  # CR 607.2a: the permanent it's exiled with
    copiable = evaluation.copiable.get(obj.label)
    if copiable is not None:
        copied = characteristics_json(copiable)
        data["copiable"] = {k: copied[k] for k in COPIABLE_FIELDS}
    return data


def players_json(game: Game) -> dict[str, dict[str, Any]]:
    """Each player's life and counters (poison, CR 122.1f), and whether they won or lost."""
    found: dict[str, dict[str, Any]] = {}
    verdicts = dict(game.verdicts)
    for player in game.players:
        entry: dict[str, Any] = {"life": game.life_of(player)}
        counters = game.counters_of_player(player)
        entry["poison"] = counters.get("poison", 0)
        others = {k: v for k, v in sorted(counters.items()) if k != "poison" and v}
        if others:
            entry["counters"] = others  # energy and other counters on a player (CR 122.1)
        if player in verdicts:
            entry["result"] = verdicts[player]
        found[player] = entry
    return found


def choice_json(choice: StepChoice) -> dict[str, Any]:
    """The replacement effects a step's event met, the order taken, and what else the
    rules allowed (CR 616.1)."""
    data: dict[str, Any] = {
        "step": choice.step,
        "applied": list(choice.path),
        "default": choice.default,
    }
    if choice.outcomes:
        data["outcomes"] = [outcome_json(outcome) for outcome in choice.outcomes]
    return data


def rules_effects(result: Result) -> list[dict[str, str]]:
    """Effects on players and on the rules (CR 613.10-613.11): they change no
    characteristics, so they are listed after the objects rather than traced."""
    found = []
    for obj in result.game.objects:
        chars = result.evaluation.chars.get(obj.label)
        if chars is None or not obj.on_battlefield:
            continue
        for ability in chars.abilities:
            if ability.parsed.kind == "static":
                for text in ability.parsed.rules:
                    # CR 613.10: effects on players ("You have hexproof"); 613.11: on the rules.
                    on_players = re.match(r"(you|each player|players) (have|has) ", text, re.I)
                    rule = "613.10" if on_players else "613.11"
                    found.append({"source": obj.label, "text": text, "rule": rule})
    return found


def _unique(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen = set()
    out = []
    for item in items:
        key = (item["layer"], item["dependent"], item["on"], item["clause"])
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out
