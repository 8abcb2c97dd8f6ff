"""A row of the replacement grammar: one sentence shape and what it builds (CR 614-615).

A row is data: the family it builds, its pattern, the function that builds the spec from
the pattern's match, the rule it follows, an example sentence from a real card, and its
priority. ``replacement/sentences.py`` tries the rows of every module by priority, lowest
first, and the first row whose pattern matches and whose builder accepts the sentence
decides what the sentence is. ``tests/engine/test_replacement_rows.py`` checks that each
row's example is read by that row.

Typed card text reaches every pattern, so none may backtrack into a wildcard: a wildcard
followed by more of the sentence is closed in an atomic group "(?>...)" at the first words
that end it ("would deal", "is dealt to"), which the subject it names never holds. Each
pattern then runs in time linear in the sentence (``tests/engine/test_regex_linear.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rules_engine.replacement.specs import Family, Spec


@dataclass(frozen=True, slots=True)
class Sentence:
    """The sentence a row reads: ``body`` as the patterns read it (lower case, the card's
    name as "~"), ``text`` as printed (what the spec quotes)."""

    body: str
    text: str
    reader: Callable[[str, str], Spec | None]

    def again(self, words: str) -> Spec | None:
        """Read a part of the sentence (``words``) as a sentence of its own."""
        return self.reader(words, self.text)


# A builder returns the spec, or None when the sentence isn't this row's after all (the
# next row is tried); it raises ``OracleParseError`` for a sentence of its shape it
# cannot read.
Builder = Callable[[re.Match[str], Sentence], Spec | None]


@dataclass(frozen=True, slots=True)
class Row:
    """One sentence shape: ``family`` is what its example builds, ``also`` the other
    families the same shape builds ("... this turn" makes a shield, without it a static
    prevention)."""

    family: Family
    pattern: re.Pattern[str]
    build: Builder
    rule: str  # the Comprehensive Rules number the shape follows
    example: str  # a sentence the row reads, as printed on ``card``
    card: str
    priority: int  # lower first: a shape a more general one would swallow goes first
    also: tuple[Family, ...] = ()
