"""A learn quiz item as the site's one question value (``tutor.core.question``).

Items stay learn's own (the generator makes them); this reads one as a ``Question`` so
classes and learn's own pages (``practice.read_answer``, ``practice.mark``) read, mark
and record its answers the same way as a puzzle's. An item
may be select-all (``select_all``, ``right_keys``): its answer is the ticked keys sorted
and joined by "," (``Question.encode``).
"""

from __future__ import annotations

from typing import Any

from tutor.core.question import Form, Kind, Option, Question

# Learn's item kinds (``Item.kind``) by what they ask; a characteristic's kind is its field.
KINDS: dict[str, Kind] = {
    "pt": Kind.CHARACTERISTIC,
    "types": Kind.CHARACTERISTIC,
    "subtypes": Kind.CHARACTERISTIC,
    "supertypes": Kind.CHARACTERISTIC,
    "colors": Kind.CHARACTERISTIC,
    "abilities": Kind.CHARACTERISTIC,
    "controller": Kind.CHARACTERISTIC,
    "characteristics": Kind.CHARACTERISTICS,
    "order": Kind.ORDER,
    "depends": Kind.DEPENDS,
    "event-best": Kind.EVENT_BEST,
    "event-outcome": Kind.EVENT_OUTCOME,
    "prevention": Kind.EVENT_OUTCOME,
    "chooser": Kind.WHO_CHOOSES,
    "who-chooses": Kind.WHO_CHOOSES,
    "layer": Kind.WHICH_LAYER,
    "rule": Kind.WHICH_RULE,
    "which-rule": Kind.WHICH_RULE,
}
TYPED_HINT = "Two whole numbers, like 5/8, or one of the options."


def question_of(item: Any) -> Question:
    """The item as a ``Question``: the same options, key and misreadings."""
    board = item.board
    event = isinstance(board.get("ask"), dict) and "event" in board["ask"]
    select_all = bool(getattr(item, "select_all", False))
    if select_all:
        form = Form.SELECT_ALL
        right: tuple[str, ...] = tuple(sorted(getattr(item, "right_keys", frozenset())))
    else:
        form = Form.TYPED if getattr(item, "typed", False) else Form.SINGLE
        right = (item.key,)
    options = tuple(Option(c.key, c.text, c.misconception) for c in item.choices)
    texts = {o.key: o.text for o in options}
    return Question(
        kind=_kind(item.kind, event),
        form=form,
        prompt=item.prompt,
        options=options,
        right=right,
        key_text="; ".join(texts.get(k, k) for k in right) or "none",
        board_json=item.board_json,
        object="" if event else item.object,
        stepper="event" if event else "layers",
        hint=TYPED_HINT if form is Form.TYPED else "",
    )


def _kind(kind: str, event: bool) -> Kind:
    """A kind learn names; one it adds later reads as the broad kind its board asks."""
    if kind in KINDS:
        return KINDS[kind]
    try:
        return Kind(kind)
    except ValueError:
        return Kind.EVENT_OUTCOME if event else Kind.CHARACTERISTICS
