"""Hand-written misreadings: mistakes no switch in the engine can make (issue #14).

``rules_engine.misreadings`` turns one rule off inside the engine. Some headline mistakes
are not a rule turned off but a different board read: judging an entering card before
the effects already in play (CR 614.12), or reading a board as if its "can't" effects
weren't there (CR 614.17). Each is written here as a change to the board (``rewrite``);
the engine answers the rewritten board, so the wrong answer is still computed, never
typed. A rewrite returns ``None`` on a board it says nothing about.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules_engine.cards import library_record
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
            "forgetting the effects already in play that change it",
            rule_does=(
                "Whether a replacement effect changes how a permanent enters is decided by "
                "the permanent as it will be on the battlefield, with the continuous effects"
                " already in play applied: an ability they take away never applies."
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
