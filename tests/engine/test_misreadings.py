"""Each named misconception makes the engine reach the wrong answer that mistake gives.

The boards are the worked examples (their correct answers are checked elsewhere);
the wrong answers below were worked out by hand from the mistake's description.
"""

from __future__ import annotations

import json

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.ask.event import event_answer
from rules_engine.characteristics import characteristics_json
from rules_engine.errors import BoardError
from rules_engine.misreadings import (
    CORRECT_LAYERS,
    CORRECT_REPLACEMENT,
    MISCONCEPTION_BY_SLUG,
    MISCONCEPTIONS,
)
from rules_engine.perform import TOO_MANY_ORDERS
from tests.engine.boards import board_files
from tests.web.boards import example


def final(board: str, label: str, slug: str | None = None) -> dict:
    misreading = MISCONCEPTION_BY_SLUG[slug].layers if slug else CORRECT_LAYERS
    result = evaluate_board(example(board), misreading=misreading)
    return characteristics_json(result.evaluation.chars[label])


def pt(data: dict) -> tuple[int, int]:
    return data["power"], data["toughness"]


def test_every_misconception_names_a_rule_and_changes_exactly_one_engine():
    for m in MISCONCEPTIONS:
        assert m.rule and m.mistake and m.name
        assert (m.layers is None) != (m.replacement is None)
        assert (m.layers or m.replacement) not in (CORRECT_LAYERS, CORRECT_REPLACEMENT)


def test_switching_before_counters_and_modifiers():
    # CR 613.4d example 1: a 1/3 gets +0/+1, is switched, then gets +5/+0: 4/6.
    # Switching first: 3/1, then +0/+1 and +5/+0: 8/2.
    assert pt(final("cr/613.4d-example-1.json", "crab")) == (4, 6)
    assert pt(final("cr/613.4d-example-1.json", "crab", "switch-before-counters")) == (8, 2)


def test_timestamp_order_ignoring_layers():
    # Same board in the order things happened: 1/4, switched to 4/1, then +5/+0: 9/1.
    assert pt(final("cr/613.4d-example-1.json", "crab", "timestamps-only")) == (9, 1)


def test_ignoring_dependency():
    # Urborg first, then Blood Moon: Urborg depends on Blood Moon (613.8), loses its
    # ability, and the Forest stays a Forest. By timestamp, the Forest becomes a Swamp too.
    board = "interactions/blood-moon-urborg-urborg-first.json"
    assert final(board, "forest")["subtypes"] == ["Forest"]
    assert sorted(final(board, "forest", "ignore-dependency")["subtypes"]) == ["Forest", "Swamp"]


def test_characteristic_defining_abilities_by_timestamp():
    # Conspiracy (Elf) is older than Amoeboid Changeling. Changeling applies first (613.3),
    # then Conspiracy leaves only Elf: no Merfolk, no Lord of Atlantis bonus (1/1).
    # By timestamp, changeling comes last: a Merfolk, pumped to 2/2.
    board = "interactions/conspiracy-changeling-lord-of-atlantis.json"
    assert pt(final(board, "amoeba")) == (1, 1)
    assert pt(final(board, "amoeba", "cda-by-timestamp")) == (2, 2)


def test_rechecking_what_a_resolved_spell_affects():
    # CR 611.2c: "All white creatures get +1/+1 until end of turn" keeps its set: the first
    # Lions (turned blue later) keeps +1/+1, the second (entered later) doesn't get it.
    board = "cr/611.2c-example-1.json"
    assert pt(final(board, "lions")) == (3, 2) and pt(final(board, "lions2")) == (2, 1)
    assert pt(final(board, "lions", "recheck-resolved-set")) == (2, 1)
    assert pt(final(board, "lions2", "recheck-resolved-set")) == (3, 2)


def test_stopping_an_effect_partway_through_the_layers():
    # Opalescence, then Humility: Humility (a 4/4 creature) loses its own abilities in
    # layer 6, but its 1/1 effect had begun and still applies in 7b (613.6).
    board = "interactions/humility-opalescence-opalescence-first.json"
    assert pt(final(board, "humility")) == (1, 1)
    assert pt(final(board, "humility", "effect-stops-midway")) == (4, 4)
    assert pt(final(board, "bears", "effect-stops-midway")) == (2, 2)


def outcomes(board: str, slug: str | None = None) -> list[str]:
    misreading = MISCONCEPTION_BY_SLUG[slug].replacement if slug else CORRECT_REPLACEMENT
    answer = event_answer(example(board), misreading)
    return sorted(json.dumps(o["results"], sort_keys=True) for o in answer["outcomes"])


def test_applying_a_replacement_effect_twice():
    # Furnace of Rath and Dictate of the Twin Gods each double 2 combat damage once: 8.
    # Applying each again to the doubled event: 32.
    board = "events/interactions/furnace-of-rath-dictate-of-the-twin-gods.json"
    assert '"damage": 8' in outcomes(board)[0]
    assert '"damage": 32' in outcomes(board, "replace-twice")[0]


def test_the_wrong_player_chooses():
    # Furnace of Rath (Alice's) and Dictate (Alice's) on damage to Bob: Bob chooses (616.1).
    board = "events/interactions/furnace-of-rath-dictate-of-the-twin-gods.json"
    right = event_answer(example(board))["tree"]["chooser"]
    wrong = event_answer(example(board), MISCONCEPTION_BY_SLUG["wrong-chooser"].replacement)
    assert (right, wrong["tree"]["chooser"]) == ("Bob", "Alice")


def test_forgetting_that_some_effects_must_go_first():
    # CR 616.1f example 2: Rusted Sentinel entering with Essence of the Wild enters as a
    # copy first (616.1c) and so never "enters tapped". Ordered freely, it could.
    board = "events/cr/616.1f-example-2.json"
    assert len(outcomes(board)) == 1
    wrong = outcomes(board, "forced-first-ignored")
    assert len(wrong) == 2 and any('"tapped": true' in o for o in wrong)


@pytest.mark.parametrize("slug", [m.slug for m in MISCONCEPTIONS])
def test_a_misreading_answers_every_worked_example(slug):
    """A misreading is a variant of the rules, not a broken engine: every board it can
    read the right way, it reads the wrong way too."""
    m = MISCONCEPTION_BY_SLUG[slug]
    for path in board_files("layers" if m.layers else "events"):
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("expect", None)
        if m.layers:
            evaluate_board(data, misreading=m.layers)
            continue
        try:
            event_answer(data, m.replacement)
        except BoardError as error:
            # Issue 24: read "twice", two Academy Manufactors' orders took 8 s of CPU; a
            # misreading past the work budget is refused like any board, never a crash.
            assert error.message == TOO_MANY_ORDERS, path
            event_answer(data)  # the rules' own reading is answered


def test_the_command_line_answers_as_a_misreading(capsys):
    from rules_engine.cli import main
    from tests.web.boards import BOARDS

    board = str(BOARDS / "cr/613.4d-example-1.json")
    assert main(["evaluate", board, "--misreading", "switch-before-counters"]) == 0
    crab = json.loads(capsys.readouterr().out)["objects"]["crab"]
    assert (crab["power"], crab["toughness"]) == (8, 2)


def test_forgetting_that_a_self_replacement_goes_first():
    # CR 614.15, 616.1a: a kicked Burst Lightning's "4 damage instead" applies before
    # Furnace of Rath doubles it: 8. Ordered freely, Bob could double first and then have
    # the kicker set the damage to 4.
    board = "events/interactions/burst-lightning-kicked-furnace-of-rath.json"
    assert [o for o in outcomes(board) if '"damage": 8' in o] == outcomes(board)
    wrong = outcomes(board, "forced-first-ignored")
    assert len(wrong) == 2 and any('"damage": 4' in o for o in wrong)
