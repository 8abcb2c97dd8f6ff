"""Effect ids and choice-tree step names format and parse themselves in one place
(rules_engine/ids.py; tests/boards/README.md, "Effect ids")."""

from __future__ import annotations

import pytest

from rules_engine import EffectId, StepName


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("anthem", EffectId("anthem")),
        ("humility#1", EffectId("humility", 1)),
        ("twist.0", EffectId("twist", part=0)),
        ("opalescence#0.2", EffectId("opalescence", 0, 2)),
        # A default label holds "#" itself; the last numbered suffix is the ability.
        ("Glorious Anthem#3#1", EffectId("Glorious Anthem#3", 1)),
        # A zone label's "." is no part number; nor is a non-number after "#".
        ("Alice.hand[0]", EffectId("Alice.hand[0]")),
        ("ogre#a", EffectId("ogre#a")),
        ("Alice.hand[0].1", EffectId("Alice.hand[0]", part=1)),
    ],
)
def test_effect_id_round_trip(text: str, value: EffectId) -> None:
    assert EffectId.from_text(text) == value
    assert value.text() == text == str(value)


@pytest.mark.parametrize("text", ["#1", ".2", "", "a.", "a#"])
def test_effect_id_without_a_label_stays_whole(text: str) -> None:
    assert EffectId.from_text(text) == EffectId(text)
    assert EffectId.from_text(text).text() == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("shield", StepName("shield")),
        ("shield:2", StepName("shield", "2")),
        ("ward.1:3", StepName("ward.1", "3")),
        ("shield:Squirrel", StepName("shield", "Squirrel")),
    ],
)
def test_step_name_round_trip(text: str, value: StepName) -> None:
    assert StepName.from_text(text) == value
    assert value.text() == text == str(value)


def test_step_name_without_an_effect_stays_whole() -> None:
    assert StepName.from_text(":2") == StepName(":2")


def test_a_missing_label_or_card_is_a_typed_error_naming_what_was_written():
    """The site asks for a choice from the error's type, never from its wording (issue 25)."""
    import pytest

    from rules_engine.ask.characteristics import evaluate_board
    from rules_engine.errors import UnknownCard, UnknownLabel

    base = {"format": "mtg-board/1", "players": ["Alice", "Bob"]}
    with pytest.raises(UnknownLabel) as label:
        evaluate_board(base | {"steps": [{"counters": "+1/+1", "on": "ghost", "n": 1}]})
    assert label.value.name == "ghost" and label.value.path.endswith(".on")
    with pytest.raises(UnknownCard) as card:
        evaluate_board(base | {"steps": [{"enter": "No Such Card Anywhere", "as": "x"}]})
    assert card.value.name == "No Such Card Anywhere"


def test_a_board_error_crosses_the_engine_pool_as_its_own_type():
    """The site's engine workers send errors back pickled: the type and the name survive."""
    import pickle

    from rules_engine.errors import BoardError, UnknownCard, UnknownLabel
    from tutor.core.engine_pool import _portable

    for error in (
        BoardError("steps[0]", "bad"),
        UnknownLabel("ask.event.from", 'no object labelled ""', ""),
        UnknownCard("steps[1].enter", "no card named", "Nope"),
    ):
        back = pickle.loads(pickle.dumps(_portable(error)))
        assert type(back) is type(error) and back.path == error.path
        assert back.message == error.message and getattr(back, "name", None) == getattr(
            error, "name", None
        )
