"""A lesson's practice: one question per practice board, built by the engine (``items``).

Every wrong option is a named misreading's answer: the engine's switches, and the
hand-written misreadings (``handwritten``) the lesson's concept is about, its headline
mistake first. A lesson item offers as many as the board gives, up to four options, and
the printed card only when nothing else fills a third place. A practice entry may name
the characteristic it asks about after a "#" ("04-rune-of-flight-on-the-hammer.json#abilities",
docs/lessons.md); otherwise the first that makes a question.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from rules_engine import BoardError
from tutor.learn.concepts import headline_mistakes
from tutor.learn.handwritten import HAND_WRITTEN, SWITCHES, variants
from tutor.learn.items import (
    FIELDS,
    MIN_DISTRACTORS,
    Item,
    NoItem,
    UnmodelledItem,
    best_characteristic_item,
    chooser_item,
    depends_item,
    event_item,
    layer_item,
    order_item,
    outcome_item,
)

# The hand-written misreadings each concept's lessons offer besides their headline ones. A
# rewrite may apply to another lesson's board too, where it would name the wrong idea (a
# Lignify is not about effects on players), so each is offered where its idea is taught.
OFFERED: dict[str, frozenset[str]] = {
    "characteristics": frozenset({"copied-counters"}),
    "seven-layers": frozenset({"set-erases-modifiers"}),
    "layer-7": frozenset({"set-erases-modifiers"}),
    "cda": frozenset({"set-erases-modifiers"}),
    "types-colors-abilities": frozenset({"set-erases-modifiers", "land-type-added"}),
    "copy-and-face-down": frozenset({"copied-counters", "lost-own-counters", "read-face-up"}),
    "dependency": frozenset({"land-type-added"}),
    "entering": frozenset({"judged-as-card"}),
    "copy-exceptions": frozenset({"copied-what-you-see", "copied-counters", "read-face-up"}),
}
# Offered in every lesson: a shield left out is the same mistake wherever it is.
EVERYWHERE = frozenset({"forgot-prevention"})
HAND_WRITTEN_SLUGS = frozenset(h.misconception.slug for h in HAND_WRITTEN) | frozenset(
    m.slug for m in SWITCHES
)
# The printed card: the last answer to offer, where nothing else makes a third option.
FALLBACK = frozenset({"printed-values"})
# Lessons whose topic is a question of its own, asked about their first practice board too.
EXTRA_KINDS = {"seven-layers": "layer", "replacement-order": "chooser"}


def offered(concept: str) -> frozenset[str]:
    """The hand-written misreadings a lesson on ``concept`` offers."""
    return headline_mistakes(concept) | OFFERED.get(concept, frozenset()) | EVERYWHERE


def item_for_board(board: dict[str, Any], concept: str = "", field: str = "") -> Item:
    """The question a lesson board asks, as an item (with as many named distractors as the
    misreadings give: at least one; named after the lesson's own mistakes first)."""
    ask = board.get("ask") or {}
    slugs = offered(concept)
    rewritten = variants(board, slugs)
    # The board is "about" the lesson's headline mistakes and the hand-written ones it offers:
    # they name an answer several misreadings give, and come first.
    about = headline_mistakes(concept) | (slugs & HAND_WRITTEN_SLUGS)
    if "characteristics" in ask:
        switches = tuple(m for m in SWITCHES if m.slug in slugs)
        made = []
        for asked in (field,) if field else FIELDS:
            try:
                made.append(
                    best_characteristic_item(
                        board,
                        ask["characteristics"],
                        least=1,
                        prefer=concept,
                        about=about,
                        fields=(asked,),
                        variants=rewritten,
                        switches=switches,
                        fallback=FALLBACK,
                    )
                )
            except UnmodelledItem:
                raise
            except NoItem:
                continue
        if not made:
            raise NoItem("no characteristic has a wrong answer to offer")
        return max(made, key=lambda item: _telling(item, headline_mistakes(concept)))
    if "order" in ask:
        order = ask["order"]
        return order_item(board, order["object"], order["layer"], least=1)
    if "depends" in ask:
        return depends_item(board, *ask["depends"])
    if "event" in ask:
        # Hand-written mistakes the engine itself can make on an event (``replacement``).
        switched = tuple(
            h.misconception
            for h in HAND_WRITTEN
            if h.misconception.slug in slugs and h.misconception.replacement is not None
        )
        try:
            return event_item(
                board, MIN_DISTRACTORS, about=about, variants=rewritten, switches=switched
            )
        except UnmodelledItem:
            raise
        except NoItem:
            pass
        try:
            return outcome_item(board, variants=rewritten, switches=switched)
        except UnmodelledItem:
            raise
        except NoItem:
            return event_item(board, 1, about=about, variants=rewritten, switches=switched)
    raise NoItem("the board asks nothing")


def _telling(item: Item, headline: frozenset[str]) -> tuple[bool, int, int]:
    """How much a characteristic's question teaches: the lesson's headline mistake offered,
    then the most wrong answers that are mistakes (not the printed card), then the most
    options (the first field in ``FIELDS`` wins a tie: ``max`` keeps the first)."""
    slugs = [c.misconception for c in item.distractors]
    mistakes = sum(1 for s in slugs if s not in FALLBACK)
    return (any(s in headline for s in slugs), mistakes, len(item.choices))


def _extra_item(board: dict[str, Any], kind: str) -> Item:
    ask = board.get("ask") or {}
    if kind == "layer" and "characteristics" in ask:
        return layer_item(board, ask["characteristics"])
    if kind == "chooser" and "event" in ask:
        return chooser_item(board)
    raise NoItem("not that kind of board")


def practice_entry(entry: str) -> tuple[str, str]:
    """A practice entry's board file and the characteristic it asks about ("" for any)."""
    name, _, field = entry.partition("#")
    return name, field


@lru_cache(maxsize=64)
def _lesson_items(boards_json: str, entries: tuple[str, ...], concept: str) -> tuple[Item, ...]:
    boards = json.loads(boards_json)
    found = []
    for entry in entries:
        name, field = practice_entry(entry)
        try:
            found.append(item_for_board(boards[name], concept, field))
        except (NoItem, BoardError):
            continue  # the lesson tests check every practice board makes an item
    extra = EXTRA_KINDS.get(concept)
    if extra:
        for entry in entries:
            try:
                found.append(_extra_item(boards[practice_entry(entry)[0]], extra))
                break
            except (NoItem, BoardError):
                continue
    return tuple(found)


def lesson_items(
    boards: dict[str, Any], practice: list[str], concept: str = ""
) -> tuple[Item, ...]:
    return _lesson_items(json.dumps(boards, sort_keys=True), tuple(practice), concept)
