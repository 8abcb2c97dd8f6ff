"""One question value for learn, puzzles and classes, and its one answer encoding.

A ``Question`` says what is asked (``Kind``), how the learner answers (``Form``), its
options (each with the misreading that produces it, if any) and the right answer. An
answer is a tuple of option keys (or, for a typed answer, its text); stored or sent it is
one string (``encode``/``decode``):

- one option, or a typed answer: the key (or text) itself, e.g. ``5/8``;
- select-all: the ticked keys sorted and joined by ``,`` (``""`` for "None of these");
- order: every key in the learner's order, joined by ``>``.

A key holding ``%``, ``,`` or ``>`` has them written ``%25``, ``%2C``, ``%3E`` inside a
select-all or order answer, so splitting is never ambiguous (learn's keys, puzzles'
outcome keys and effect ids never hold them, so their answers read as plainly joined).
Anything a learner sends goes through ``parse``: a forged or malformed answer is an
``AnswerProblem`` whose message the views show with a 400.
"""

from __future__ import annotations

import builtins
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

PT_PATTERN = re.compile(r"^\s*([+-]?\d{1,4})\s*/\s*([+-]?\d{1,4})\s*$")
# Longest key or typed text read (an ability's text can be long), and most keys in one
# answer: anything longer or more is no option of any question.
MAX_ANSWER = 2000
MAX_KEYS = 64
# "None of these", ticked on purpose: an empty select-all answer is then a choice, never a
# form sent by mistake (an empty submission is refused).
NONE_KEY = "(none)"
NONE_TEXT = "None of these"
NO_TICK = f"tick at least one option, or “{NONE_TEXT}”"
SELECT_ALL_SEPARATOR = ","
ORDER_SEPARATOR = ">"
_ESCAPES = (("%", "%25"), (",", "%2C"), (">", "%3E"))


class AnswerProblem(ValueError):
    """An answer the question can't read (a 400, or an error on the socket, with this text)."""


class Kind(StrEnum):
    """What a question asks about."""

    CHARACTERISTIC = "characteristic"  # one characteristic of one object (P/T, types...)
    CHARACTERISTICS = "characteristics"  # several at once
    EVENT_OUTCOME = "event-outcome"  # what an event does once replacements apply
    EVENT_BEST = "event-best"  # the most (or least) a player can make of an event
    ORDER = "order"  # the order effects apply in (CR 613.7)
    DEPENDS = "depends"  # whether one effect depends on another (CR 613.8)
    WHO_CHOOSES = "who-chooses"  # who orders the replacement effects (CR 616.1)
    WHICH_LAYER = "which-layer"
    WHICH_RULE = "which-rule"


class Form(StrEnum):
    """How the learner answers."""

    SINGLE = "single"  # one option
    TYPED = "typed"  # a typed P/T, or one of the options if there are any
    SELECT_ALL = "select-all"  # any set of options, "None of these" included
    ORDER = "order"  # every option, ranked


@dataclass(frozen=True, slots=True)
class Option:
    key: str
    text: str
    # The slug of the misreading (rules_engine.misreadings, or a hand-written one) whose
    # answer this is; ``None`` for the right answer or an option no misreading names.
    misreading: str | None = None


@dataclass(frozen=True, slots=True)
class Question:
    """A question and its key, as every part of the site poses and marks it."""

    kind: Kind
    form: Form
    prompt: str
    options: tuple[Option, ...]
    # The right answer, decoded: one key, the ticked keys (sorted), or the keys in order.
    right: tuple[str, ...]
    key_text: str
    board_json: str = ""
    # The object whose layer stepper explains the answer ("" for an event's stepper).
    object: str = ""
    # Which stepper explains it: "layers" or "event".
    stepper: str = "layers"
    hint: str = ""
    # Where it comes from, in a teacher's words ("puzzle 8abc: Blood Moon", "lesson 3").
    source: str = ""
    # Typed answers outside the options a misreading gives: (answer, misreading slug).
    typed_misreadings: tuple[tuple[str, str], ...] = ()

    # --- the right answer -------------------------------------------------------------

    @property
    def key(self) -> str:
        """The right answer, encoded as answers are kept."""
        return self.encode(self.right)

    @property
    def right_keys(self) -> frozenset[str]:
        return frozenset(self.right)

    @property
    def board(self) -> dict[str, Any]:
        found = json.loads(self.board_json) if self.board_json else {}
        return found if isinstance(found, dict) else {}

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)

    @property
    def distractors(self) -> tuple[Option, ...]:
        return tuple(o for o in self.options if o.key not in self.right_keys)

    def is_right(self, answer: Sequence[str] | str) -> bool:
        """Whether an answer (decoded keys, or its encoded text) is the right one."""
        given = self.decode(answer) if isinstance(answer, str) else tuple(answer)
        if self.form is Form.SELECT_ALL:
            return sorted(set(given)) == sorted(self.right)
        return tuple(given) == self.right

    def misreading_of(self, answer: Sequence[str] | str) -> str | None:
        """The slug of the misreading a wrong answer matches, if one does."""
        text = answer if isinstance(answer, str) else self.encode(answer)
        if self.is_right(text):
            return None
        if self.form is Form.SELECT_ALL:
            # The first wrong box ticked that a misreading ticks (none: a right box was
            # left out, which no one misreading names).
            wrong = (self.option(k) for k in self.decode(text) if k not in self.right_keys)
            return next((o.misreading for o in wrong if o is not None and o.misreading), None)
        found = self.option(text) if self.form in (Form.SINGLE, Form.TYPED) else None
        if found is not None:
            return found.misreading
        return dict(self.typed_misreadings).get(text)

    # --- the one encoding -------------------------------------------------------------

    def encode(self, answer: Sequence[str]) -> str:
        """An answer's keys as one string (see the module's docstring)."""
        if self.form is Form.SELECT_ALL:
            return SELECT_ALL_SEPARATOR.join(_escape(k) for k in sorted(set(answer)))
        if self.form is Form.ORDER:
            return ORDER_SEPARATOR.join(_escape(k) for k in answer)
        return answer[0] if answer else ""

    def decode(self, text: str) -> tuple[str, ...]:
        """An encoded answer's keys (no check against the options: ``parse`` does that)."""
        if self.form is Form.SELECT_ALL:
            return tuple(_unescape(k) for k in text.split(SELECT_ALL_SEPARATOR)) if text else ()
        if self.form is Form.ORDER:
            return tuple(_unescape(k) for k in text.split(ORDER_SEPARATOR)) if text else ()
        return (text,)

    # ``builtins.object``: inside the class, ``object`` is the field above.
    def parse(self, raw: builtins.object) -> tuple[str, ...]:
        """What a learner sent, checked: form values (a list of strings), an encoded
        answer, or a websocket's JSON value. ``AnswerProblem`` if it isn't an answer."""
        if self.form in (Form.SELECT_ALL, Form.ORDER):
            separator = SELECT_ALL_SEPARATOR if self.form is Form.SELECT_ALL else ORDER_SEPARATOR
            if isinstance(raw, str):
                given = [_unescape(k) for k in raw.split(separator)] if raw else []
            else:
                given = _strings(raw)
            return self._ticked(given) if self.form is Form.SELECT_ALL else self._ranked(given)
        if isinstance(raw, str):
            text = raw
        else:
            values = _strings(raw)
            if len(values) > 1:
                raise AnswerProblem("choose one option")
            text = values[0] if values else ""
        return (self._one(text.strip()[:MAX_ANSWER]),)

    def read(self, raw: builtins.object) -> str:
        """``parse``, encoded: the answer as it is kept."""
        return self.encode(self.parse(raw))

    def text_of(self, answer: Sequence[str] | str) -> str:
        """An answer in words: option texts (typed text as it is)."""
        keys = self.decode(answer) if isinstance(answer, str) else tuple(answer)
        texts = {o.key: o.text for o in self.options}
        words = [texts.get(k, k) for k in keys]
        if self.form is Form.ORDER:
            return " → ".join(words)
        if self.form is Form.SELECT_ALL:
            return "; ".join(words) if words else "none"
        return words[0] if words else ""

    def choice_problem(self) -> str | None:
        """Why the question would not make the learner choose (``None`` when it does)."""
        if self.form is Form.TYPED:
            return None
        if len(self.options) < 2:
            return "it has fewer than two options to choose from"
        if self.form is Form.SELECT_ALL and len(self.options) <= len(self.right):
            return "every option is right, so ticking them all would do"
        return None

    # --- parsing by form ----------------------------------------------------------------

    def _one(self, text: str) -> str:
        keys = {o.key for o in self.options}
        if text in keys:
            return text
        if self.form is not Form.TYPED:
            raise AnswerProblem("choose one of the options" if text else "choose one option")
        match = PT_PATTERN.match(text)
        if match is None:
            raise AnswerProblem("write power and toughness as two whole numbers, like 5/8")
        typed = f"{int(match[1])}/{int(match[2])}"
        # A typed answer that is an option's text is that option.
        return next((o.key for o in self.options if o.text == typed), typed)

    def _ticked(self, given: list[str]) -> tuple[str, ...]:
        ticked = [k for k in given if k]
        chosen = set(ticked)
        if len(chosen) < len(ticked):
            raise AnswerProblem("tick each option at most once")
        if not chosen:
            raise AnswerProblem(NO_TICK)
        if NONE_KEY in chosen:
            if len(chosen) > 1:
                raise AnswerProblem(f"“{NONE_TEXT}” can't go with other options")
            return ()
        if not chosen <= {o.key for o in self.options}:
            raise AnswerProblem("that answer isn't one of the options")
        return tuple(sorted(chosen))

    def _ranked(self, given: list[str]) -> tuple[str, ...]:
        if sorted(given) != sorted(o.key for o in self.options):
            raise AnswerProblem("put every effect in exactly one place")
        return tuple(given)


def _strings(raw: object) -> list[str]:
    """A list of strings from form values or JSON, else ``AnswerProblem``."""
    if raw is None:
        return []
    if not isinstance(raw, list | tuple) or len(raw) > MAX_KEYS:
        raise AnswerProblem("that answer isn't one of the options")
    if not all(isinstance(k, str) and len(k) <= MAX_ANSWER for k in raw):
        raise AnswerProblem("that answer isn't one of the options")
    return list(raw)


def _escape(key: str) -> str:
    for char, code in _ESCAPES:
        key = key.replace(char, code)
    return key


_CODES = {code: char for char, code in _ESCAPES}
_CODE = re.compile("|".join(_CODES))


def _unescape(key: str) -> str:
    """One pass left to right, so ``%252C`` reads back as ``%2C``."""
    return _CODE.sub(lambda found: _CODES[found[0]], key)
