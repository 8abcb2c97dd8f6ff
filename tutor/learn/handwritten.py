"""Hand-written misreadings: mistakes no switch in the engine can make (issue #14).

``rules_engine.misreadings`` turns one rule off inside the engine. Some headline mistakes
are not a rule turned off but a different board read: judging an entering card before
the effects already on the battlefield (CR 614.12), reading a board as if its "can't" effects
weren't there (CR 614.17), copying what a creature looks like now (CR 707.2) or the card
beneath its copiable values (CR 707.9b, 708.2), changing the words of a granted ability
(CR 612.3), or reading an effect on a player off its source's printed card (CR 613.10).
Each is written here as a change to the board (``rewrite``); the engine answers the
rewritten board, so the wrong answer is still computed, never typed. A rewrite returns
``None`` on a board it says nothing about.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.cards import library_record
from rules_engine.errors import BoardError
from rules_engine.misreadings import MISCONCEPTION_BY_SLUG, Misconception

Board = dict[str, Any]


@dataclass(frozen=True, slots=True)
class HandWritten:
    misconception: Misconception
    rewrite: Callable[[Board], Board | None]


def _card(step: dict[str, Any]) -> Any:
    return step.get("enter", step.get("cast"))


def _text(card: Any) -> str:
    """A step's card's rules text: its own abilities, else the library's Oracle text."""
    if isinstance(card, dict):
        return "\n".join(str(a) for a in card.get("abilities", []))
    record = library_record(card) if isinstance(card, str) else None
    return str(record.get("oracle_text", "")) if record else ""


def judged_as_card(board: Board) -> Board | None:
    """The asked permanent arriving before everything else: its own "enters tapped" or
    "enters with counters" judged on the card, not on the permanent it will be."""
    ask = board.get("ask") or {}
    steps = [s for s in board.get("steps", []) if isinstance(s, dict)]
    if "characteristics" in ask:
        label = ask["characteristics"]
        mine = [s for s in steps if s.get("as") == label and "enter" in s]
        if not mine or steps.index(mine[0]) == 0:
            return None
        return dict(board, steps=mine + [s for s in steps if s is not mine[0]])
    event = ask.get("event") or {}
    if "enter" in event and steps:
        return dict(board, steps=[])
    return None


def ignored_cant(board: Board) -> Board | None:
    """The board without the permanents and spells that say something "can't" happen."""
    steps = board.get("steps", [])
    kept = [s for s in steps if not (isinstance(s, dict) and "can't" in _text(_card(s)))]
    if len(kept) == len(steps):
        return None
    labels = {s.get("as") for s in steps if isinstance(s, dict)} - {
        s.get("as") for s in kept if isinstance(s, dict)
    }
    # A later step about a removed object (an activation, a target) goes with it.
    kept = [s for s in kept if not _mentions(s, labels)]
    return dict(board, steps=kept)


def _copy_step(board: Board) -> tuple[int, dict[str, Any], str] | None:
    """The step of a permanent entering as a copy of one object: the asked one's, else
    the board's only one."""
    label = (board.get("ask") or {}).get("characteristics")
    copies = [
        (index, step, step["choices"]["copy"])
        for index, step in enumerate(board.get("steps", []))
        if isinstance(step, dict)
        and "enter" in step
        and isinstance((step.get("choices") or {}).get("copy"), str)
    ]
    asked = [c for c in copies if c[1].get("as") == label]
    return asked[0] if asked else (copies[0] if len(copies) == 1 else None)


def copied_what_you_see(board: Board) -> Board | None:
    """The copy entering as a card printed with the original's current values: its
    counters, pumps and anthems baked in, as if a copy saw everything (CR 707.2)."""
    found = _copy_step(board)
    if found is None:
        return None
    index, step, copied = found
    before = dict(board, steps=board["steps"][:index], ask={"characteristics": copied})
    try:
        now = answer_json(evaluate_board(before))["objects"][copied]
    except (BoardError, KeyError):
        return None
    if now.get("face_down") or now.get("power") is None:
        return None  # a face-down original shows what a copy gets: no mistake to make
    card = {key: now[key] for key in SEEN if now.get(key) is not None}
    card["power"], card["toughness"] = str(now["power"]), str(now["toughness"])
    # Its own name in its text reads as "this" on the new card (CR 201.5).
    card["abilities"] = [a.replace(now["name"], "this creature") for a in now["abilities"]]
    mistaken = {k: v for k, v in step.items() if k != "choices"}
    mistaken["enter"] = card
    steps = list(board["steps"])
    steps[index] = mistaken
    return dict(board, steps=steps)


SEEN = ("name", "mana_cost", "colors", "supertypes", "types", "subtypes")


def copied_underlying_card(board: Board) -> Board | None:
    """The copy aimed past the copiable values: at the face-up card under a face-down
    permanent (CR 708.2), or at the original a copy of a copy copied, losing the first
    copy's exceptions (CR 707.9b)."""
    found = _copy_step(board)
    if found is None:
        return None
    index, step, copied = found
    steps = list(board["steps"])
    for n, other in enumerate(steps[:index]):
        if not isinstance(other, dict) or other.get("as") != copied:
            continue
        if other.get("face_down"):
            steps[n] = {k: v for k, v in other.items() if k != "face_down"}
            return dict(board, steps=steps)
        original = (other.get("choices") or {}).get("copy")
        if isinstance(original, str):
            steps[index] = dict(step, choices=dict(step["choices"], copy=original))
            return dict(board, steps=steps)
    return None


def hacked_the_grant(board: Board) -> Board | None:
    """The text change moved between a creature and the permanent granting it an ability:
    as if changing the receiver's text reached the granted words, or changing the
    grantor's didn't (CR 612.3: granted abilities are the grantor's text)."""
    label = (board.get("ask") or {}).get("characteristics")
    if not label:
        return None
    try:
        evaluation = evaluate_board(board).evaluation
    except BoardError:
        return None
    trace = evaluation.trace

    def source(step: Any) -> str:
        return str(evaluation.effects[step.effect].source)

    grantors = [source(s) for s in trace if s.layer == "6" and label in s.applies_to]
    grantors = [g for g in grantors if g != label]
    if not grantors:
        return None
    changed = {source(s): s.applies_to for s in trace if s.layer == "3"}
    swap = {label: grantors[0], grantors[0]: label}
    steps = list(board["steps"])
    for n, step in enumerate(steps):
        if not isinstance(step, dict) or step.get("as") not in changed:
            continue
        targets = step.get("targets") or []
        if len(targets) == 1 and targets[0] in swap:
            steps[n] = dict(step, targets=[swap[targets[0]]])
            return dict(board, steps=steps)
    return None


REMOVES_ABILITIES = ("lose all abilities", "loses all abilities")


def player_effect_as_printed(board: Board) -> Board | None:
    """The board without the permanents that take abilities away: an effect on a player
    read off its source's printed card, before the layers have changed the source."""
    steps = board.get("steps", [])
    kept = [
        s
        for s in steps
        if not (isinstance(s, dict) and any(w in _text(_card(s)) for w in REMOVES_ABILITIES))
    ]
    return dict(board, steps=kept) if len(kept) < len(steps) else None


def _mentions(step: Any, labels: set[Any]) -> bool:
    if not isinstance(step, dict):
        return False
    values = [step.get("activate"), step.get("on"), *step.get("targets", [])]
    return any(v in labels for v in values if isinstance(v, str))


HAND_WRITTEN: tuple[HandWritten, ...] = (
    HandWritten(
        Misconception(
            "judged-as-card",
            "Judging the card, not the permanent it will be",
            "614.12",
            "applied the entering card's own 'enters tapped' or 'enters with' as printed, "
            "forgetting the effects already on the battlefield that change it",
            rule_does=(
                "Whether a replacement effect changes how a permanent enters is decided by "
                "the permanent as it will be on the battlefield, with the continuous effects"
                " already on the battlefield applied: an ability they take away never applies."
            ),
        ),
        judged_as_card,
    ),
    HandWritten(
        Misconception(
            "ignored-cant",
            "Letting 'can' beat 'can't'",
            "614.17",
            "let a replacement, prevention or other permission happen although an effect "
            "says it can't",
            rule_does=(
                "An effect that says something can't happen wins: a forbidden event doesn't "
                "take place, so nothing can replace or prevent it, and damage that can't be "
                "prevented is dealt in full."
            ),
        ),
        ignored_cant,
    ),
    HandWritten(
        Misconception(
            "copied-what-you-see",
            "Copying what you see",
            "707.2",
            "gave the copy the original's counters, pumps and other effects, as if it "
            "copied the creature as it looks now",
            rule_does=(
                "A copy takes only the copiable values: what is printed, changed by other "
                "copy effects and their exceptions; counters and other effects stay with "
                "the original."
            ),
        ),
        copied_what_you_see,
    ),
    HandWritten(
        Misconception(
            "copied-underlying-card",
            "Copying the card underneath",
            "707.9b",
            "copied the real card beneath a face-down permanent, or the original behind a "
            "copy, instead of the copiable values the copy has",
            rule_does=(
                "A copy copies the copiable values it finds: a face-down permanent's are a "
                "nameless 2/2 with no text (CR 708.2), and a copy's include the exceptions "
                "of the copy effect that made it."
            ),
        ),
        copied_underlying_card,
    ),
    HandWritten(
        Misconception(
            "hacked-the-grant",
            "Changing the text of a granted ability",
            "612.3",
            "let a text change on a creature reach an ability another permanent grants it, "
            "or kept a granted ability's words when its source's text was changed",
            rule_does=(
                "A text-changing effect changes only the object's own text; an ability "
                "another permanent grants it keeps its words, since they are that "
                "permanent's text."
            ),
        ),
        hacked_the_grant,
    ),
    HandWritten(
        Misconception(
            "player-effect-as-printed",
            "Reading a player's effect off the printed card",
            "613.10",
            "applied an effect on a player that its source no longer has, reading the "
            "source's printed card instead of its characteristics after the layers",
            rule_does=(
                "Effects on players and on the rules are applied after every object's "
                "characteristics are known, so only the abilities a source still has then "
                "give them."
            ),
        ),
        player_effect_as_printed,
    ),
)
HAND_WRITTEN_BY_SLUG: dict[str, HandWritten] = {h.misconception.slug: h for h in HAND_WRITTEN}


def misconception_named(slug: str) -> Misconception | None:
    """An engine misreading or a hand-written one, by its slug."""
    found = MISCONCEPTION_BY_SLUG.get(slug)
    if found is None and slug in HAND_WRITTEN_BY_SLUG:
        return HAND_WRITTEN_BY_SLUG[slug].misconception
    return found


def variants(board: Board, slugs: frozenset[str]) -> tuple[tuple[Misconception, Board], ...]:
    """The rewritten boards of the hand-written misreadings ``slugs`` that apply here."""
    found = []
    for hand in HAND_WRITTEN:
        if hand.misconception.slug in slugs and (rewritten := hand.rewrite(board)) is not None:
            found.append((hand.misconception, rewritten))
    return tuple(found)
