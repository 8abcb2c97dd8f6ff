"""How a step's replacement effects are told (tutor/boards/replacements.py): card names,
never labels or effect ids; what would have happened, what happened instead, and the rule."""

from __future__ import annotations

from rules_engine.game import StepChoice
from rules_engine.replacement.events import PutCounters
from rules_engine.replacement.tree import Outcome
from tests.web.boards import scales_and_season
from tutor.boards import services
from tutor.boards.replacements import replacement_story

NAMES = {"scales": "Hardened Scales", "season": "Doubling Season", "bears": "Grizzly Bears"}
STEP = {"counters": "+1/+1", "on": "bears", "n": 1}
FOUR = (PutCounters("+1/+1", "bears", 4),)
THREE = (PutCounters("+1/+1", "bears", 3),)
OUTCOMES = (
    Outcome(FOUR, (("scales", "season#1"),)),
    Outcome(THREE, (("season#1", "scales"),)),
)
ALIASES = (
    ("scales", ("Hardened Scales", "scales")),
    ("season#1", ("Doubling Season", "season", "season#1")),
)


def choice(path: tuple[str, ...], *, default: bool) -> StepChoice:
    taken = FOUR if path == ("scales", "season#1") else THREE
    return StepChoice(3, path, default, OUTCOMES, ALIASES, taken)


def test_two_effects_in_the_default_order_are_told_with_the_rule_and_both_counts():
    story = replacement_story(choice(("scales", "season#1"), default=True), step=STEP, names=NAMES)
    assert story.sentence == (
        "Hardened Scales and Doubling Season both apply (CR 616.1): applied Hardened Scales, "
        "then Doubling Season: 4 counters instead of 1 (the default order)"
    )
    assert story.would == "Grizzly Bears would get 1 +1/+1 counter"
    assert story.instead == "Grizzly Bears gets 4 +1/+1 counters"
    assert story.asks and not story.chosen


def test_each_legal_order_is_worded_with_card_names_and_the_default_is_marked():
    story = replacement_story(choice(("scales", "season#1"), default=True), step=STEP, names=NAMES)
    assert [(o.words, o.default, o.taken) for o in story.options] == [
        (
            "Hardened Scales first, then Doubling Season → Grizzly Bears gets 4 +1/+1 counters",
            True,
            True,
        ),
        (
            "Doubling Season first, then Hardened Scales → Grizzly Bears gets 3 +1/+1 counters",
            False,
            False,
        ),
    ]
    assert [o.value for o in story.options] == ["scales,season#1", "season#1,scales"]
    for text in (story.sentence, story.would, story.instead, *(o.words for o in story.options)):
        assert "season#1" not in text and "scales" not in text and "bears" not in text


def test_a_chosen_order_is_told_as_chosen_and_no_longer_asks():
    story = replacement_story(choice(("season#1", "scales"), default=False), step=STEP, names=NAMES)
    assert story.sentence.endswith(
        "applied Doubling Season, then Hardened Scales: 3 counters instead of 1 (the order chosen)"
    )
    assert story.instead == "Grizzly Bears gets 3 +1/+1 counters"
    assert story.chosen and not story.asks
    assert not any(o.default for o in story.options)
    assert story.taken is not None and story.taken.value == "season#1,scales"


def test_one_effect_cites_the_replacement_rule_and_needs_no_order():
    aliases = (("scales", ("Hardened Scales", "scales")),)
    single = StepChoice(2, ("scales",), True, (), aliases, (PutCounters("+1/+1", "bears", 2),))
    story = replacement_story(single, step=STEP, names=NAMES)
    assert story.sentence == "Hardened Scales applies (CR 614): 2 counters instead of 1"
    assert story.options == () and not story.asks


def test_two_cards_of_one_name_are_told_apart_in_words():
    twins = StepChoice(
        4,
        ("a#1", "b#1"),
        True,
        (),
        (("a#1", ("Doubling Season", "a", "a#1")), ("b#1", ("Doubling Season", "b", "b#1"))),
    )
    story = replacement_story(
        twins, step=STEP, names={"a": "Doubling Season", "b": "Doubling Season"}
    )
    assert story.effects == ("the first Doubling Season", "the second Doubling Season")


def test_two_cards_of_one_name_under_two_players_are_told_apart_by_controller():
    twins = StepChoice(
        4,
        ("a#1", "b#1"),
        True,
        (),
        (("a#1", ("Doubling Season", "a", "a#1")), ("b#1", ("Doubling Season", "b", "b#1"))),
    )
    story = replacement_story(
        twins,
        step=STEP,
        names={"a": "Doubling Season", "b": "Doubling Season"},
        controllers={"a": "Alice", "b": "Bob"},
    )
    assert story.effects == ("Alice's Doubling Season", "Bob's Doubling Season")


def test_the_board_pages_stories_come_from_the_engine_with_what_actually_happened():
    loaded = services.load_board(scales_and_season(season=False))
    (story,) = services.replacement_stories(loaded)
    assert story.step == 2
    assert story.instead == "Grizzly Bears gets 2 +1/+1 counters"  # the engine lists no outcomes
    assert story.counters == {("bears", "+1/+1")}
