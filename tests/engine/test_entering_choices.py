"""Choices made as a permanent enters (CR 614.12), kicker riders with abilities (702.33d),
"enters tapped and doesn't untap" (502.3) and damage thresholds (614.1a, 615.1a)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.errors import BoardError
from rules_engine.replacement.grammar import read_replacements
from rules_engine.replacement.specs import ReplacementSpec


def _board(step: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [{"as": "card", "controller": "Alice", **step}],
        "ask": {"characteristics": "card"},
    }


def _spec(text: str, name: str = "Card") -> ReplacementSpec:
    specs, skipped = read_replacements(text, name)
    assert not skipped
    (spec,) = specs
    assert isinstance(spec, ReplacementSpec)
    return spec


@pytest.mark.parametrize(
    ("text", "keys", "options", "chooser"),
    [
        ("As ~ enters, choose two colors.", ("colors",), (), "controller"),
        ("As ~ enters, choose an opponent.", ("player",), (), "controller"),
        ("As ~ enters, choose two players.", ("players",), (), "controller"),
        ("As ~ enters, choose a color and an opponent.", ("color", "player"), (), "controller"),
        ("As ~ enters, choose black or red.", ("color",), ("black", "red"), "controller"),
        ("As ~ enters, choose Island or Swamp.", ("land_type",), ("island", "swamp"), "controller"),
        ("As ~ enters, choose Khans or Dragons.", ("option",), ("khans", "dragons"), "controller"),
        (
            "As ~ enters, choose artifact, creature, enchantment, instant, or sorcery.",
            ("card_type",),
            ("artifact", "creature", "enchantment", "instant", "sorcery"),
            "controller",
        ),
        ("As ~ enters, choose a nonbasic land card name.", ("card_name",), (), "controller"),
        ("As ~ enters, choose a noncreature, nonland card name.", ("card_name",), (), "controller"),
        ("As ~ enters, choose another creature you control.", ("chosen",), (), "controller"),
        ("As ~ enters, an opponent chooses a creature type.", ("creature_type",), (), "opponent"),
    ],
)
def test_as_enters_choices_are_read(
    text: str, keys: tuple[str, ...], options: tuple[str, ...], chooser: str
) -> None:
    spec = _spec(text)
    assert spec.family == "as_enters"
    assert (spec.chooses, spec.options, spec.chooser) == (keys, options, chooser)


@pytest.mark.parametrize(
    ("card", "field", "words"),
    [
        ("Seal of the Guildpact", "colors", "two colors"),
        ("Callous Oppressor", "creature_type", "an opponent chooses a creature type"),
        ("Citadel Siege", "option", "chooses Khans or Dragons"),
        ("Cloud Key", "card_type", "artifact, creature, enchantment, instant, or sorcery"),
        ("Alpine Moon", "card_name", "a card name"),
        ("Bitter Feud", "players", "two players"),
        # A paragraph that only chooses (CR 614.12), not part of a replacement's sentence.
        ("Vanquisher's Banner", "creature_type", "chooses a creature type"),
        ("Pallimud", "player", "chooses a player"),
        ("Painter's Servant", "color", "chooses a color"),
        ("Gideon's Intervention", "card_name", "chooses a card name"),
        ("Shimmer", "land_type", "chooses a land type"),
        ("Metamorphic Alteration", "chosen", "chooses what"),
    ],
)
def test_a_step_without_the_choice_is_asked_for_it(card: str, field: str, words: str) -> None:
    with pytest.raises(BoardError) as error:
        evaluate_board(_board({"enter": card}))
    message = str(error.value)
    assert f"steps[0].choices.{field}" in message
    assert words in message and "614.12" in message and card in message


def test_a_permanent_entering_as_a_copy_has_nothing_to_choose() -> None:
    """CR 614.12, 707.2: Metallic Mimic entering as a copy of Essence of the Wild never has
    its "As this creature enters, choose a creature type.", so the step needs no answer (the
    board under copy/ checks the answer)."""
    board = _board({"enter": "Essence of the Wild"})
    board["steps"].append({"enter": "Metallic Mimic", "as": "mimic", "controller": "Alice"})
    evaluate_board(board)


def test_a_choice_not_offered_is_refused() -> None:
    with pytest.raises(BoardError, match="offers only black or red"):
        evaluate_board(_board({"enter": "Mangara's Equity", "choices": {"color": "W"}}))


def test_a_color_other_than_the_one_named_is_required() -> None:
    """The Thriving lands (CR 614.12): "As it enters, choose a color other than black"."""
    with pytest.raises(BoardError, match="Thriving Moor offers only white or blue or red or green"):
        evaluate_board(_board({"enter": "Thriving Moor", "choices": {"color": "B"}}))
    with pytest.raises(BoardError, match=r"steps\[0\]\.choices\.color"):
        evaluate_board(_board({"enter": "Thriving Moor"}))


def test_an_opponent_must_be_an_opponent() -> None:
    with pytest.raises(BoardError, match="an opponent of Alice"):
        evaluate_board(_board({"enter": "Jihad", "choices": {"color": "R", "player": "Alice"}}))


def test_a_step_with_the_choices_models_the_card() -> None:
    for card, choices in (
        ("Citadel Siege", {"option": "Dragons"}),
        ("Seal of the Guildpact", {"colors": ["W", "U"]}),
        ("Callous Oppressor", {"creature_type": "Elf"}),
    ):
        answer = answer_json(evaluate_board(_board({"enter": card, "choices": choices})))
        assert [n for n in answer["not_modelled"] if "enters, " in n["ability"]] == []


def test_kicker_rider_with_abilities() -> None:
    spec = _spec(
        "If ~ was kicked with its {1}{U} kicker, it enters with two +1/+1 counters on it and "
        "with flying."
    )
    assert (spec.family, spec.amount, spec.kicker_cost, spec.with_abilities) == (
        "enter_counters",
        2,
        "{1}{U}",
        ("Flying",),
    )
    spec = _spec("If ~ was kicked, it enters with two +1/+1 counters on it and with fear.")
    assert spec.kicked and spec.kicker_cost is None and spec.with_abilities == ("Fear",)


def test_a_kicker_cost_not_paid_does_not_apply() -> None:
    answer = answer_json(
        evaluate_board(_board({"enter": "Anavolver", "choices": {"kicked": "{B}"}}))
    )
    card = answer["objects"]["card"]
    assert card["counters"] == {"+1/+1": 1}
    assert "Flying" not in card["abilities"]
    assert "Pay 3 life: Regenerate this creature." in card["abilities"]


def test_enters_tapped_and_does_not_untap_is_read_whole() -> None:
    spec = _spec("~ enters tapped and doesn't untap during your untap step.")
    assert spec.family == "enter_tapped"


@pytest.mark.parametrize(
    ("text", "family", "at_least", "at_most", "set_to"),
    [
        (
            "If a source would deal 3 or less damage to ~, prevent that damage.",
            "prevent_static",
            None,
            3,
            None,
        ),
        (
            "If a source would deal 4 or more damage to a permanent or player, that source deals "
            "3 damage to that permanent or player instead.",
            "damage_modify",
            4,
            None,
            3,
        ),
        (
            "If an instant or sorcery source would deal 3 or more damage to you, it deals 2 "
            "damage to you instead.",
            "damage_modify",
            3,
            None,
            2,
        ),
    ],
)
def test_damage_thresholds(
    text: str, family: str, at_least: int | None, at_most: int | None, set_to: int | None
) -> None:
    spec = _spec(text)
    assert (spec.family, spec.at_least, spec.at_most, spec.set_to) == (
        family,
        at_least,
        at_most,
        set_to,
    )


@pytest.mark.parametrize(("text", "needed"), [("cast it", True), ("didn't cast it", False)])
def test_cast_from_hand_is_read_from_the_choices(text: str, needed: bool) -> None:
    spec = _spec(f"~ enters with a divinity counter on it if you {text} from your hand.")
    assert (spec.family, spec.counter_kind, spec.cast_from_hand) == (
        "enter_counters",
        "divinity",
        needed,
    )


def test_creatures_that_died_this_turn_are_counted() -> None:
    board = _board({"enter": "Bloodcrazed Paladin"})
    board["this_turn"] = {"creature_died": True}
    answer = answer_json(evaluate_board(board))
    assert answer["objects"]["card"]["counters"] == {"+1/+1": 1}  # "creature_died" is one
    board["this_turn"] = {"creatures_died": 0}
    answer = answer_json(evaluate_board(board))
    assert answer["objects"]["card"]["counters"] == {}
    board["this_turn"] = {"creature_died": True, "creatures_died": 0}
    with pytest.raises(BoardError, match="at least 1"):
        evaluate_board(board)


@pytest.mark.parametrize(
    ("card", "choices", "message"),
    [
        ("Defensive Maneuvers", {}, '"creature_type": "Elf"'),
        ("Standardize", {"creature_type": "Wall"}, "other than Wall"),
    ],
)
def test_a_spell_choosing_a_creature_type_needs_the_answer(
    card: str, choices: dict[str, str], message: str
) -> None:
    """CR 608.2d: the type a spell chooses as it resolves is the cast step's to give."""
    board = _board({"cast": card, "choices": choices})
    del board["ask"]
    with pytest.raises(BoardError, match=message) as error:
        evaluate_board(board)
    assert "choices.creature_type" in error.value.path


def test_a_number_outside_the_range_is_refused() -> None:
    """Talion, the Kindly Lord (CR 614.12): "choose a number between 1 and 10"."""
    with pytest.raises(BoardError, match="Talion, the Kindly Lord offers only 1 or 2 or 3"):
        evaluate_board(_board({"enter": "Talion, the Kindly Lord", "choices": {"option": "11"}}))


def test_a_number_is_asked_for() -> None:
    with pytest.raises(BoardError, match="choices.option"):
        evaluate_board(_board({"enter": "Ominous Lockbox"}))


def test_the_card_type_excluded_is_refused() -> None:
    """Arachne, Psionic Weaver: "choose a card type other than creature" (CR 614.12)."""
    with pytest.raises(BoardError, match="offers only"):
        evaluate_board(
            _board({"enter": "Arachne, Psionic Weaver", "choices": {"card_type": "Creature"}})
        )
    evaluate_board(
        _board({"enter": "Arachne, Psionic Weaver", "choices": {"card_type": "Instant"}})
    )
