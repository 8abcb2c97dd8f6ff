"""Objects and effects named as learners know them (tutor/boards/naming.py)."""

from __future__ import annotations

import re

from rules_engine.ask.characteristics import evaluate_board
from tutor.boards.codec import encode_board
from tutor.boards.naming import board_namer, learner_names, ordinal, result_namer
from tutor.puzzles.questions import question_for

TWO_SEASONS = {
    "format": "mtg-board/1",
    "players": ["Alice", "Bob"],
    "steps": [
        {"enter": "Doubling Season", "as": "ds", "controller": "Alice"},
        {"enter": "Doubling Season", "as": "ds2", "controller": "Alice"},
        {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"},
        {"enter": "Grizzly Bears", "as": "bbears", "controller": "Bob"},
        {"enter": "Glorious Anthem", "as": "anthem", "controller": "Alice"},
    ],
}
CLONED_GIANT = {
    "format": "mtg-board/1",
    "players": ["Alice", "Bob"],
    "steps": [
        {"enter": "Hill Giant", "as": "giant", "controller": "Bob"},
        {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"},
        {"enter": "Clone", "as": "clone", "controller": "Alice", "choices": {"copy": "giant"}},
    ],
    "ask": {"characteristics": "clone"},
}


def test_a_card_is_its_name_and_repeats_are_told_apart_by_controller_or_order():
    name = board_namer(TWO_SEASONS)
    assert name("anthem") == "Glorious Anthem"
    assert (name("ds"), name("ds2")) == ("the first Doubling Season", "the second Doubling Season")
    assert (name("bears"), name("bbears")) == ("Alice's Grizzly Bears", "Bob's Grizzly Bears")
    assert name("Alice") == "Alice"


def test_ordinals_run_out_gracefully():
    assert [ordinal(n) for n in (1, 2, 8, 9)] == ["first", "second", "eighth", "number 9"]
    assert learner_names({"a": "X", "b": ""}) == {"a": "X"}


def test_effects_are_named_after_their_source_card():
    result = evaluate_board(TWO_SEASONS)
    name = result_namer(result)
    assert name("anthem") == "Glorious Anthem"
    effect_ids = [e for e, effect in result.evaluation.effects.items() if effect.source == "anthem"]
    assert effect_ids and all(name(e) == "Glorious Anthem" for e in effect_ids)


def test_a_question_names_a_copy_by_its_own_card_so_the_copy_is_not_given_away():
    question = question_for(CLONED_GIANT, "pt")
    assert "Clone" in question.prompt
    assert "Hill Giant" not in question.prompt and "(clone)" not in question.prompt


def test_the_copy_step_shows_the_mana_cost_before_the_copy_in_the_before_column(client):
    token = encode_board(CLONED_GIANT)
    page = client.get(f"/board/{token}/layers/clone/", {"step": 1}).content.decode()
    assert "Layer 1" in page
    row = re.search(r"mana cost.*?</tr>", page, re.S)
    assert row, "the stepper shows the mana cost in words"
    # Clone's own {3}{U} before the copy applies, Hill Giant's {3}{R} after it.
    assert re.search(r"<del>\{3\}\{U\}</del>.*<ins>\{3\}\{R\}</ins>", row.group(0), re.S)
    assert "mana_cost" not in page


SEDGE_SLIVER = {
    "format": "mtg-board/1",
    "players": ["Alice", "Bob"],
    "steps": [
        {"enter": "Swamp", "as": "swamp", "controller": "Alice"},
        {"enter": "Sedge Sliver", "as": "sliver", "controller": "Alice"},
    ],
}


def test_an_ability_granted_to_a_card_with_several_printed_abilities_is_named(client):
    """Sedge Sliver grants itself a static ability while it has two printed paragraphs.

    The granted ability has no printed paragraph to count from; its page used to fail.
    """
    result = evaluate_board(SEDGE_SLIVER)
    name = result_namer(result)
    granted = [e for e, eff in result.evaluation.effects.items() if ":" in (eff.ability_key or "")]
    assert granted and all(name(e) == "Sedge Sliver" for e in granted)
    page = client.get(f"/board/{encode_board(SEDGE_SLIVER)}/layers/sliver/")
    assert page.status_code == 200
