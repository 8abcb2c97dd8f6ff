"""The one place that decides what a replacement, prevention or "can't" sentence is.

Every row module (``replacement/rows/``) lists its rows; here they are tried by priority,
lowest first (CR 614-615). The first row whose pattern matches and whose builder accepts
the sentence reads it; a sentence no row reads is not one of these effects (or is one the
engine doesn't know: ``grammar.py`` decides which, with ``oracle.templates.replaces_events``).
"""

from __future__ import annotations

from operator import attrgetter

from rules_engine.replacement.rows import (
    cants,
    counters,
    damage,
    draw,
    entering,
    entering_cast_this_way,
    entering_counted,
    entering_counters,
    entering_reveal,
    entering_riders,
    game_loss,
    hidden,
    life,
    prevention,
    prevention_mill,
    redirect,
    tokens,
    turns,
    zones,
)
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import Spec

ROWS: tuple[Row, ...] = tuple(
    sorted(
        (
            *damage.ROWS,
            *redirect.ROWS,
            *prevention.ROWS,
            *prevention_mill.ROWS,
            *zones.ROWS,
            *draw.ROWS,
            *life.ROWS,
            *tokens.ROWS,
            *counters.ROWS,
            *entering.ROWS,
            *entering_counters.ROWS,
            *entering_counted.ROWS,
            *entering_reveal.ROWS,
            *entering_cast_this_way.ROWS,
            *entering_riders.ROWS,
            *turns.ROWS,
            *cants.ROWS,
            *hidden.ROWS,
            *game_loss.ROWS,
        ),
        key=attrgetter("priority"),
    )
)


def route(body: str, sentence: str) -> tuple[Row, Spec] | None:
    """The row that reads ``body`` (lower case, the card's name as "~") and its spec."""
    at = Sentence(body, sentence, read_sentence)
    for row in ROWS:
        if (m := row.pattern.match(body)) is not None and (spec := row.build(m, at)) is not None:
            return row, spec
    return None


def read_sentence(body: str, sentence: str) -> Spec | None:
    """One sentence -> a spec, or None if it is not a replacement/prevention/"can't"."""
    found = route(body, sentence)
    return None if found is None else found[1]
