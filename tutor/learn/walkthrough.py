"""An explanation of the board in front of the learner, after any answer.

Built from the engine's own trace (``presenters.frames`` for layers, the choice tree of
``explore_event`` for events, ``depends_answer`` for 613.8a): the right path step by step,
and where the reading behind the learner's answer parts from it (which card's effect,
which layer, which rule decides, what the misreading did instead). Everything is named
as the learner sees it (card names), never by board labels or effect ids.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules_engine import (
    BoardError,
    ChoiceNode,
    EventExploration,
    Misconception,
    depends_answer,
    evaluate_board,
)
from tutor.boards.event_words import (
    EffectNames,
    Namer,
    describe_asked,
    explain_choice,
    outcome_words,
)
from tutor.boards.naming import board_namer, result_namer
from tutor.boards.presenters import Frame, frames
from tutor.learn.as_question import question_of
from tutor.learn.handwritten import HAND_WRITTEN_BY_SLUG
from tutor.learn.items import Item, explored

# A walk-through longer than this shows its first steps and the parting one.
MAX_STEPS = 8


@dataclass(frozen=True, slots=True)
class Walkthrough:
    """What the learner reads: where the paths part (empty when they don't), the right
    path step by step, and the rule that decides it."""

    parting: tuple[str, ...]
    steps: tuple[str, ...]
    rule: str = ""
    # The step of the right path (1-based) where the learner's reading leaves it.
    parting_step: int | None = None


def sentence(text: str) -> str:
    """``text`` as one sentence: a capital first, exactly one full stop at the end (none
    added after "?", "!" or a closing quote that already ends one)."""
    text = " ".join(text.split()).strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    while text.endswith(".."):
        text = text[:-1]
    if text.endswith((".", "!", "?", ".”", ".)")):
        return text
    return text + "."


def explain(
    item: Item,
    misconception: Misconception | None,
    right: bool,
    given: str,
    deciding: Misconception | None = None,
) -> Walkthrough:
    """The explanation of ``item``'s board for an answer ``given`` (right or not), which
    ``misconception`` (if any) leads to. A right answer also reads what the rule that
    decides the item does (``deciding``: the item's most telling mistake)."""
    told = _explain(item, misconception, right, given)
    if right and deciding is not None and (does := _rule_does(deciding)):
        return Walkthrough(told.parting, (*told.steps, does), told.rule or deciding.rule)
    return told


def _explain(
    item: Item, misconception: Misconception | None, right: bool, given: str
) -> Walkthrough:
    board = item.board
    ask = board.get("ask") or {}
    try:
        if item.kind == "depends" and "depends" in ask:
            return _depends(item, right, given)
        if "event" in ask:
            return _event(item, misconception, right, given)
        if item.object:
            return _layers(item, misconception, right, given)
    except BoardError:
        pass
    return _plain(item, misconception, right, given)


def _misread_board(
    board: dict[str, Any], misconception: Misconception | None
) -> dict[str, Any] | None:
    """The board as a hand-written misreading reads it (``handwritten``), if it says
    anything about this one."""
    if misconception is None:
        return None
    hand = HAND_WRITTEN_BY_SLUG.get(misconception.slug)
    if hand is None:
        return None
    try:
        return hand.rewrite(board)
    except (BoardError, KeyError, ValueError, TypeError):
        return None


def _mistake(misconception: Misconception | None, given: str) -> str:
    if misconception is None:
        return ""
    # A statement ("Lizard Warrior is 4/3.") is quoted, so its own period doesn't end ours.
    answer = f"“{given.rstrip('.')}”" if given.endswith(".") else given
    return sentence(
        f"{answer} is what you get if you {misconception.mistake} (CR {misconception.rule})"
    )


def _rule_does(misconception: Misconception | None) -> str:
    if misconception is None or not misconception.rule_does:
        return ""
    does = misconception.rule_does.rstrip(".")
    if f"CR {misconception.rule}" in does:
        return sentence(does)  # it cites its rule already
    if does.endswith(")") and "(CR " in does:
        return sentence(f"{does[:-1]}; CR {misconception.rule})")
    return sentence(f"{does} (CR {misconception.rule})")


def _plain(item: Item, misconception: Misconception | None, right: bool, given: str) -> Walkthrough:
    parting = () if right else tuple(p for p in (_mistake(misconception, given),) if p)
    steps = tuple(p for p in (_rule_does(misconception),) if p)
    return Walkthrough(parting, steps, misconception.rule if misconception else "")


# --- Layers -------------------------------------------------------------------------


def possessive(name: str) -> str:
    """ "Hill Giant's", "Savannah Lions'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _changes(frame: Frame, name: str) -> str:
    if not frame.changes:
        return f"it changes nothing {name} shows"
    words = [
        f"no {change.field.replace('_', ' ')}" if _empty(change.after) else change.words
        for change in frame.changes
    ]
    return f"{name} now has " + _and(words)


def _empty(value: str) -> bool:
    return value.strip() in ("", "—", "none")


def _title(frame: Frame) -> str:
    """ "power/toughness modified, and counters": no parentheses inside parentheses."""
    return frame.layer_title.lower().replace(" (", ", ").replace(")", "")


def _and(parts: list[str]) -> str:
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _unlabelled(frames_: list[Frame], labels: dict[str, str]) -> list[Frame]:
    """The frames with any board label in an effect's text replaced by the learner's name
    for it ("a copy of Grizzly Bears"): the engine may write a label where a name is
    missing."""
    if not labels:
        return frames_
    pattern = re.compile(r"\b(" + "|".join(re.escape(k) for k in labels) + r")\b")
    for frame in frames_:
        frame.text = pattern.sub(lambda m: labels[m[1]], frame.text)
    return frames_


def _effect_words(frame: Frame, name: str) -> str:
    """ "Glorious Anthem's effect “Creatures you control get +1/+1.” applies in layer 7c
    (power/toughness modified) (CR 613.4c): Grizzly Bears's power 3 and toughness 3"."""
    text = frame.text.strip()
    rule = f", CR {frame.rule}" if frame.rule else ""
    where = f"in layer {frame.layer} ({_title(frame)}{rule})"
    who = possessive(frame.source_name or "an effect")
    if text[:1].isdigit() and text.endswith(("counter", "counters")):
        # Counters are no card's effect: "Hill Giant's 2 +1/+1 counters apply".
        verb = "apply" if text.endswith("s") else "applies"
        return f"{who} {text} {verb} {where}: {_changes(frame, name)}"
    return f"{who} effect “{text}” applies {where}: {_changes(frame, name)}"


def parting_index(right: list[Frame], wrong: list[Frame]) -> int | None:
    """The first frame of the right walk-through the mistaken one doesn't share."""
    for number, (a, b) in enumerate(zip(right, wrong, strict=False)):
        if (a.effect_id, a.layer, a.values) != (b.effect_id, b.layer, b.values):
            return number
    if len(right) != len(wrong):
        return min(len(right), len(wrong)) - 1
    return None


def _layers(
    item: Item, misconception: Misconception | None, right: bool, given: str
) -> Walkthrough:
    board = item.board
    result = evaluate_board(board)
    namer = result_namer(result)
    name = namer(item.object)
    labels = {o.label: namer(o.label) for o in result.game.objects if o.label}
    labels = {k: v for k, v in labels.items() if v and v != k}
    good = _unlabelled(frames(result, item.object), labels)
    if not good[-1].values.get("name", "").strip():
        # Face down (708.2): called what the learner sees, never the card beneath.
        owner = good[-1].values.get("controller", "").strip()
        hidden = name
        name = f"{owner}'s face-down creature" if owner else "the face-down creature"
        labels[item.object] = name
        for frame in good:
            if frame.source_name == hidden:
                frame.source_name = name
    steps = [
        sentence(f"Step {f.number}: {_effect_words(f, name)}") for f in good if f.kind == "effect"
    ]
    if not steps:
        steps = [sentence(f"No continuous effect applies to {name}: it is as printed")]
    changed = {c.field for f in good for c in f.changes}
    final = {k: v for k, v in good[-1].values.items() if k in changed}
    if final:
        steps.append(sentence(f"In the end, {name} has {_differences({}, final)}"))
    parting: list[str] = []
    at = None
    bad = None if right else _misread_frames(board, item.object, misconception, labels)
    if bad is not None:
        at = parting_index(good, bad)
        if at is not None:
            parting += _layer_parting(good, bad, at, name, item.kind)
    if not right:
        parting.insert(0, _mistake(misconception, given) or sentence(f"You said {given}"))
        if misconception is not None:
            parting.append(_rule_does(misconception))
    elif misconception is None and item.kind == "layer":
        pass
    if len(steps) > MAX_STEPS:
        keep = set(range(MAX_STEPS - 1)) | ({at - 1} if at else set()) | {len(steps) - 1}
        steps = [s for n, s in enumerate(steps) if n in keep]
    return Walkthrough(
        tuple(p for p in parting if p),
        tuple(steps),
        misconception.rule if misconception else (good[1].rule if len(good) > 2 else ""),
        at,
    )


def _misread_frames(
    board: dict[str, Any],
    label: str,
    misconception: Misconception | None,
    labels: dict[str, str],
) -> list[Frame] | None:
    """The walk-through of ``label`` as the misreading reads the board: the engine with
    one rule switched off, or the engine on the board a hand-written misreading rewrites."""
    if misconception is None:
        return None
    try:
        if misconception.layers is not None:
            misread = evaluate_board(board, misreading=misconception.layers)
        elif (rewritten := _misread_board(board, misconception)) is not None:
            misread = evaluate_board(rewritten)
        else:
            return None
        return _unlabelled(frames(misread, label), labels)
    except (BoardError, KeyError):
        return None  # the rewritten board no longer has the object, say


# The fields a question of each kind asks about: the ends of two readings are compared
# on these (every field for kinds not listed).
ASKED_FIELDS = {
    "pt": ("power", "toughness"),
    "types": ("types",),
    "subtypes": ("subtypes",),
    "colors": ("colors",),
    "abilities": ("abilities",),
}


def _is_counters(frame: Frame) -> bool:
    text = frame.text.strip()
    return text[:1].isdigit() and text.endswith(("counter", "counters"))


def _layer_parting(
    good: list[Frame], bad: list[Frame], at: int, name: str, kind: str = ""
) -> list[str]:
    """Where the right path and the misreading's part, in two or three sentences."""
    a = good[at] if at < len(good) else None
    b = bad[at] if at < len(bad) else None
    out = []
    if a is not None and b is not None and a.kind != "effect" and b.kind != "effect":
        # Every step matched: the readings differ in what the effects start from (a copy's
        # copiable values, a rewritten board), not in which effect applies when.
        out.append(sentence(f"Both readings apply the same effects to {name} in the same order"))
        a = b = None
    if a is not None and a.kind == "effect":
        out.append(
            sentence(f"The paths part at step {at}. On the right path, {_effect_words(a, name)}")
        )
        if a.why:
            why = a.why.rstrip(".")
            out.append(sentence(f"{why} (CR {a.why_rule})" if a.why_rule else why))
    elif a is not None:
        out.append(
            sentence(
                f"The paths part at the end: on the right path, no more effects apply to {name}"
            )
        )
    if b is not None and b.kind == "effect":
        who = possessive(b.source_name or "an effect")
        what = f"{who} {b.text.strip()} apply" if _is_counters(b) else f"{who} effect comes"
        out.append(
            sentence(f"Read your way, {what} here instead, in layer {b.layer} ({_title(b)})")
        )
    elif b is not None:
        out.append(sentence(f"Read your way, nothing more applies to {name} there"))
    fields = ASKED_FIELDS.get(kind)
    right_end, wrong_end = good[-1].values, bad[-1].values
    if fields:
        right_end = {k: v for k, v in right_end.items() if k in fields}
        wrong_end = {k: v for k, v in wrong_end.items() if k in fields}
    ends = _differences(right_end, wrong_end)
    if ends:
        out.append(
            sentence(
                f"That reading ends with {name} at {ends}; the rules end at "
                f"{_differences(wrong_end, right_end)}"
            )
        )
    return out


def _differences(values: dict[str, str], other: dict[str, str]) -> str:
    """The values in ``other`` that differ from ``values`` ("power 5 and toughness 4")."""
    return _and(
        [
            f"no {k.replace('_', ' ')}" if _empty(v) else f"{k.replace('_', ' ')} {v}"
            for k, v in other.items()
            if values.get(k) != v
        ]
    )


# --- Dependency ---------------------------------------------------------------------


def _depends(item: Item, right: bool, given: str) -> Walkthrough:
    board = item.board
    result = evaluate_board(board)
    name = result_namer(result)
    a, b = board["ask"]["depends"]
    answer = depends_answer(result, a, b, name=name)["depends"]
    reason = str(answer.get("reason", ""))
    yes = bool(answer["answer"])
    source = {eid: e.source_name for eid, e in result.evaluation.effects.items()}
    ids = result.display_ids()
    first = source.get(next((e for e, n in ids.items() if n == a), a), name(a))
    second = source.get(next((e for e, n in ids.items() if n == b), b), name(b))
    verdict = "depends" if yes else "doesn't depend"
    steps = [
        sentence(f"{first}'s effect {verdict} on {second}'s effect: {reason}"),
        sentence(
            "Under CR 613.8a, one effect depends on another only if both apply in the same "
            "layer or sublayer, and applying the other would change what the first does, "
            "what it applies to, or whether it exists"
        ),
    ]
    parting: tuple[str, ...] = ()
    if not right:
        parting = (
            sentence(
                f"You said {given}: that reads the two effects as "
                f"{'independent' if yes else 'dependent'}, but {first}'s effect {verdict} "
                f"on {second}'s"
            ),
        )
    return Walkthrough(parting, tuple(steps), "613.8a")


# --- Events -------------------------------------------------------------------------


def _event(item: Item, misconception: Misconception | None, right: bool, given: str) -> Walkthrough:
    board = item.board
    name = board_namer(board)
    found = explored(board)
    effects = EffectNames(found.tree, name)
    steps = [sentence(describe_asked(found.asked, name))]
    if isinstance(found.tree, ChoiceNode):
        steps.append(sentence(explain_choice(found.tree, effects)))
    for outcome in found.outcomes[:MAX_STEPS]:
        route = _and(list(effects.path(outcome.paths[0]))) if outcome.paths else ""
        result = outcome_words(outcome.shown, name) or "nothing happens"
        order = " in that order" if " and " in route else ""
        how = f"Applying {route}{order}" if route else "With no choice to make"
        steps.append(sentence(f"{how}: {result}"))
    # Every right box of a select-all item, in the one question's words.
    steps.append(sentence(f"So the answer is {question_of(item).key_text}"))
    parting: list[str] = []
    if not right:
        parting.append(_mistake(misconception, given) or sentence(f"You said {given}"))
        if misconception is not None:
            try:
                if misconception.replacement is not None:
                    wrong = explored(board, misconception.replacement)
                elif (rewritten := _misread_board(board, misconception)) is not None:
                    wrong = explored(rewritten)
                else:
                    wrong = None
            except BoardError:
                wrong = None
            if wrong is not None:
                parting += _event_misread(wrong, found, name, given)
        parting.append(_rule_does(misconception))
    return Walkthrough(
        tuple(p for p in parting if p),
        tuple(steps),
        misconception.rule if misconception else "616.1",
    )


def _event_misread(
    wrong: EventExploration, found: EventExploration, name: Namer, given: str
) -> list[str]:
    """What the misreading did with this event: the order it took to the learner's answer,
    and who it let choose."""
    out = []
    said = {o: outcome_words(o.shown, name) or "nothing happens" for o in wrong.outcomes}
    outcome = next((o for o, w in said.items() if f" {given} " in f" {w} "), None)
    if outcome is None and wrong.outcomes:
        outcome = wrong.outcomes[0]
    if outcome is not None:
        seen = EffectNames(wrong.tree, name)
        route = _and(list(seen.path(outcome.paths[0]))) if outcome.paths else ""
        order = " in that order" if " and " in route else ""
        how = f"applying {route}{order}" if route else "the event"
        out.append(sentence(f"Read that way, {how} gives: {said[outcome]}"))
    before, now = wrong.tree, found.tree
    if (
        isinstance(before, ChoiceNode)
        and isinstance(now, ChoiceNode)
        and before.chooser != now.chooser
    ):
        out.append(
            sentence(
                f"That reading lets {before.chooser} choose; the rules give the choice to "
                f"{now.chooser} (CR 616.1)"
            )
        )
    return out
