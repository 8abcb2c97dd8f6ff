"""No regular expression of the engine backtracks: each runs in time linear in its input.

Typed card text reaches every pattern of the Oracle reader, so one that backtracks
(``REDIRECT_ALL``'s three lazy wildcards took 0.94 s on a 3,981-character ability, at
every step) lets one board cost seconds. Each pattern (``tests/engine/patterns.py``
finds them all, tables and templates included) is called the way the engine calls it on
pumped inputs: texts it matches, its own words and separators, and common separators,
repeated to 4,000 characters (the longest text a board may hold) and to 16,000.

What is judged is growth, not a machine's speed: four times the input costs about four
times the time when the pattern is linear and sixteen times when it is quadratic, so a
pattern fails when the larger input costs more than ten times the smaller (and at least
2 ms, below which CPU time is too fine to compare), or any call takes more than 30 ms
(a linear pattern takes a few ms on 16,000 characters). CPU time of the best of three
calls is measured, so a busy machine does not make a linear pattern look slow.
"""

from __future__ import annotations

import pytest

from rules_engine.replacement.rows import redirect
from tests.engine.patterns import engine_patterns, literals, pumped, slow_calls, witnesses

PATTERNS = engine_patterns()


def test_every_pattern_of_the_reader_is_collected():
    wheres = {found.where for found in PATTERNS}
    assert len(PATTERNS) > 350
    assert "rules_engine.replacement.rows.redirect.REDIRECT_ALL" in wheres
    assert any(w.startswith("rules_engine.oracle.templates.SENTENCE_TEMPLATES") for w in wheres)
    assert any(w.startswith("rules_engine.oracle.parser:") for w in wheres)  # inline re.match


def test_the_pumped_inputs_offer_every_split():
    # A text REDIRECT_ALL matches, with each optional part: repeated, every wildcard of the
    # pattern can end at each of its separators.
    (first, *_) = witnesses(redirect.REDIRECT_ALL)
    assert redirect.REDIRECT_ALL.match(first)
    assert " is dealt to " in literals(redirect.REDIRECT_ALL)
    assert all(len(text) > 4_000 for text in pumped(redirect.REDIRECT_ALL, 4_000))


@pytest.mark.parametrize("found", PATTERNS, ids=lambda found: found.where)
def test_pattern_runs_in_linear_time(found):
    slow = slow_calls(found)
    assert not slow, "\n".join(str(s) for s in slow)
