"""Role tokens created attached to a creature (CR 111.10, 303.7) and Equipment attached by
a resolving spell (CR 701.3a): read into parts the timeline performs (issue 27)."""

from __future__ import annotations

import pytest

from rules_engine.tokens import token_card
from tests.engine.test_oneshot_readers import _read


@pytest.mark.parametrize(
    ("sentence", "role"),
    [
        ("Create a Monster Role token attached to it.", "Monster Role"),
        ("Create a Royal Role token attached to that creature.", "Royal Role"),
        ("Create a Wicked Role token attached to up to one target creature.", "Wicked Role"),
        (
            "Create a Young Hero Role token attached to target creature you control.",
            "Young Hero Role",
        ),
        (
            "For each of those creatures, create a Monster Role token attached to it.",
            "Monster Role",
        ),
    ],
)
def test_a_role_token_is_read_with_what_it_enchants(sentence: str, role: str) -> None:
    action = _read(sentence)
    assert action is not None and action.kind == "role" and action.subject is not None
    card = token_card(action.token)
    assert card.name == role and card.token
    assert card.subtypes == ("Aura", "Role") and card.rules_text[0] == "Enchant creature"


def test_an_unknown_role_is_not_read() -> None:
    assert _read("Create a Jester Role token attached to it.") is None


@pytest.mark.parametrize(
    ("sentence", "every"),
    [
        ("Attach an Equipment you control to that creature.", False),
        ("Attach an Equipment you control to it.", False),
        ("Attach any number of Equipment you control to it.", True),
    ],
)
def test_attaching_equipment_reads_how_many(sentence: str, every: bool) -> None:
    action = _read(sentence)
    assert action is not None and action.kind == "attach"
    assert action.every is every and action.other is not None
