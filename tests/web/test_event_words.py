"""The words learners read for events and what happens (tutor/boards/event_words.py): typed
events from the engine, card names rather than labels, effects by their sources' names."""

import pytest

from rules_engine.ask.event import explore_event
from rules_engine.cards import CardDef
from rules_engine.replacement.events import (
    CreateTokens,
    Damage,
    Draw,
    Enter,
    GainLife,
    LoseLife,
    PutCounters,
    Skip,
    StepHappens,
    ZoneMove,
)
from rules_engine.replacement.tree import ChoiceNode, Draws, nodes
from tests.engine.boards import board_params, explored
from tests.leaks import learner_text
from tests.web.boards import BOARDS, example, token_of
from tutor.boards.editing import card_names
from tutor.boards.event_words import (
    EffectNames,
    describe_asked,
    describe_event,
    describe_result,
    namer,
    outcome_words,
)

NAME = namer({"bears": "Grizzly Bears", "giant": "Hill Giant", "bears2": "Grizzly Bears"})
BEARS = CardDef("Grizzly Bears", types=("Creature",))


@pytest.mark.parametrize(
    ("result", "words"),
    [
        (
            ZoneMove("giant", "library"),
            "Hill Giant goes to its owner's library (shuffled in) instead",
        ),
        (PutCounters("poison", "Bob", 2), "Bob gets 2 poison counters"),
        (PutCounters("-1/-1", "giant", 2), "Hill Giant gets 2 -1/-1 counters"),
        (LoseLife("Bob", 6, from_damage=True), "Bob loses 6 life from the damage"),
        (LoseLife("Alice", 0, from_damage=True), "Alice loses no life from the damage"),
        (GainLife("Alice", 3), "Alice gains 3 life"),
        (Draws("Alice", 2), "Alice draws 2 cards"),
        (Skip("draw", "Alice"), "Alice's draw step is skipped"),
        (StepHappens("draw", "Alice"), "Alice's draw step takes place"),
        (ZoneMove("giant", "graveyard", "battlefield", creature=True), "Hill Giant dies"),
        (
            CreateTokens(CardDef("Soldier", token=True), 2, "Alice"),
            "Alice creates 2 Soldier tokens",
        ),
        (CreateTokens(CardDef("Zombie Token", token=True), 1, "Bob"), "Bob creates 1 Zombie Token"),
    ],
)
def test_result_words(result, words):
    assert describe_result(result, NAME) == words


def test_what_would_happen_is_worded_as_would():
    assert (
        describe_event(Damage(3, "giant", "Bob"), NAME) == "Hill Giant would deal 3 damage to Bob"
    )
    assert describe_event(PutCounters("+1/+1", "giant", 1), NAME) == (
        "Hill Giant would get 1 +1/+1 counter"
    )
    moved = ZoneMove("Fiery Temper", "graveyard", "hand")
    assert describe_event(moved, NAME) == (
        "Fiery Temper would go to its owner's graveyard from its owner's hand"
    )


def test_two_objects_of_one_name_are_told_apart_in_words_and_the_rest_are_card_names():
    assert NAME("giant") == "Hill Giant"
    assert (NAME("bears"), NAME("bears2")) == (
        "the first Grizzly Bears",
        "the second Grizzly Bears",
    )
    assert NAME("Alice") == "Alice"


def test_an_entering_permanent_is_named_by_its_card_not_a_new_label():
    entering = Enter("entering", BEARS, "Alice", counters=(("+1/+1", 2),))
    assert describe_result(entering, NAME) == (
        "Grizzly Bears enters the battlefield under Alice's control with 2 +1/+1 counters"
    )


def test_the_asked_event_folds_draws_and_keeps_its_sequence():
    asked = ((Draw("Alice"), Draw("Alice")), (GainLife("Bob", 2),))
    assert describe_asked(asked, NAME) == "Alice would draw 2 cards, then Bob would gain 2 life"
    assert outcome_words((), NAME) == "nothing happens"


def test_effects_and_paths_are_named_by_their_cards_and_twins_by_order():
    """Two sources that share a name are "the first/second Palisade Giant", as the objects
    are (issue #16), not "Palisade Giant (1)"."""
    board = example("events/interactions/614.5-two-palisade-giants-each-once.json")
    exploration = explore_event(board)
    effects = EffectNames(exploration.tree, namer(card_names(board)))
    assert [effects("giant_a"), effects("giant_b")] == [
        "the first Palisade Giant",
        "the second Palisade Giant",
    ]
    paths = [effects.path(p) for o in exploration.outcomes for p in o.paths]
    assert paths and all("giant_" not in step for path in paths for step in path)


@pytest.mark.parametrize(
    "relative",
    board_params(sorted(str(p.relative_to(BOARDS)) for p in (BOARDS / "events").rglob("*.json"))),
)
def test_every_outcome_of_every_event_board_has_words_without_effect_ids(relative):
    board = example(relative)
    exploration = explored(relative)  # the board's one exploration, read only
    name = namer(card_names(board))
    effects = EffectNames(exploration.tree, name)
    # Ids that aren't also a card's name ("ds#1", "scales"; not "Clone").
    cards = {s for n in nodes(exploration.tree) if isinstance(n, ChoiceNode) for s in n.sources}
    ids = set(exploration.effects) - cards
    for outcome in exploration.outcomes:
        assert outcome_words(outcome.shown, name)
        for path in outcome.paths:
            words = effects.path(path)
            assert len(words) == len(path)
            assert not ids & {word.split(", preventing")[0] for word in words}


def test_twins_controlled_by_different_players_are_named_by_their_controller(client):
    token = token_of("events/interactions/notion-thief-each-player.json")
    text = learner_text(client.get(f"/board/{token}/event/").content.decode())
    assert "Apply Bob's Notion Thief" in text
    assert "Bob's Notion Thief → Alice's Notion Thief" in text
    assert "Notion Thief (1)" not in text


def test_the_permanent_an_event_board_enters_is_named_among_its_twins(client):
    token = token_of("events/interactions/614.12-general-subset-not-itself.json")
    text = learner_text(client.get(f"/board/{token}/event/").content.decode())
    assert "The second Example Drillmaster would enter the battlefield" in text
    assert "Apply the first Example Drillmaster" in text


@pytest.mark.parametrize(
    ("result", "words"),
    [
        (ZoneMove("forest", "graveyard"), "Forest is put into its owner's graveyard"),
        (
            ZoneMove("forest", "graveyard", card_types=frozenset({"Land"}), sacrificed=True),
            "Forest is sacrificed (put into its owner's graveyard)",
        ),
        (
            ZoneMove("bears", "graveyard", creature=True, sacrificed=True),
            "Grizzly Bears is sacrificed and dies",
        ),
        (
            ZoneMove("jace", "graveyard", card_types=frozenset({"Planeswalker"})),
            "Jace Beleren dies",
        ),
    ],
)
def test_only_a_creature_or_planeswalker_dies(result, words):
    """CR 700.4 and its glossary word: a land put into a graveyard from the battlefield is
    "put into its owner's graveyard" (or sacrificed, 701.21a), never "dies"."""
    name = namer({"forest": "Forest", "bears": "Grizzly Bears", "jace": "Jace Beleren"})
    assert describe_result(result, name) == words
