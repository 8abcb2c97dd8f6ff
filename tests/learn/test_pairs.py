"""The prebuilt dependency pairs (``tutor/learn/data/pairs.json.gz``) are the engine's."""

from __future__ import annotations

import random
import time

from tutor.learn.pairs import edges, load

SAMPLE = 4


def test_pairs_are_real_dependencies_in_one_layer() -> None:
    pairs = load()
    assert len(pairs) >= 50
    assert {p.clause for p in pairs} <= {"existence", "applies_to", "what_it_does", "text"}
    assert len({p.dependent for p in pairs} | {p.on for p in pairs}) >= 30


def test_a_sample_of_pairs_is_what_the_engine_finds_today() -> None:
    """Rebuild with ``python -m tutor.learn.pairs`` when this fails after an engine change."""
    for pair in random.Random(time.strftime("%Y%m%d")).sample(load(), SAMPLE):
        assert pair in edges(pair.dependent, pair.on), pair
