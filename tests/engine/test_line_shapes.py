"""Paragraph shapes of newer cards the line table routes (oracle/line_templates.py): station
symbols (CR 721.2), die roll results (706.3a), modes with costs (700.2h-i), ability and
flavor words (207.2c), costs that start with a keyword action, draft abilities (905.2)."""

from __future__ import annotations

import pytest

from rules_engine.board import parse_board
from rules_engine.errors import BoardError
from rules_engine.oracle.parser import UNDEFINED_WORD, parse_ability_text
from rules_engine.oracle.text import paragraphs
from rules_engine.steps import CastStep
from rules_engine.timeline.cast import verify_cast


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("GOOOOAAAALLL! — {T}, Sacrifice this artifact: Draw two cards.", "activated"),
        (
            "Brand-new Sky — Whenever you sacrifice a Clue or Food, Astrid Peth explores.",
            "triggered",
        ),
        ("Nitro-9 — Whenever Ace attacks, you may sacrifice an artifact.", "triggered"),
        ("Power-up — {5}{U}: Put three +1/+1 counters on this creature.", "activated"),
        ("Waterbend {3}: Sacrifice this enchantment. If you do, scry 2.", "activated"),
        ("Blight X, Return this enchantment to its owner's hand: Draw a card.", "activated"),
        ("Perseus's Bow — Equip {6}", "keyword"),  # a flavor word naming a keyword
        # A flavor word with periods (The Eleventh Doctor, Captain America, First Avenger).
        ("I. AM. TALKING! — Whenever ~ deals combat damage to a player, draw a card.", "triggered"),
        (
            "... Catch — At the beginning of combat on your turn, attach up to one target "
            "Equipment you control to ~.",
            "triggered",
        ),
        # CR 702.159a: an Attraction's visit ability is a triggered ability.
        ("Visit — Put a +1/+1 counter on target creature you control.", "triggered"),
        ("Disguise {5}{R}.", "keyword"),
        ("• 2 — menace", "part"),  # Celebr-8000's results list, not "menace"
        ("1—9 | Draw a card.", "part"),
        ("3/1 Human Warrior with trample and haste.", "part"),  # a mode the header completes
        ("To solve — You control three or more artifacts.", "triggered"),  # CR 719.3a
        ("Draft this card face up.", "outside_game"),
        # CR 407.1: ante's deck rule works before the game (Bronze Tablet).
        (
            "Remove this card from your deck before playing if you're not playing for ante.",
            "outside_game",
        ),
        (
            "Before you shuffle your deck to start the game, you may reveal this card.",
            "outside_game",
        ),
    ],
)
def test_a_line_of_a_newer_shape_is_routed_by_its_shape(line, kind):
    abilities = parse_ability_text(line, "Example")
    assert abilities[0].kind == kind


def test_a_die_result_row_of_a_spell_is_named_not_performed():
    # CR 706.3b: part of the ability that rolls; the roll's result is unknown on a board.
    (row,) = parse_ability_text("10—19 | Draw two cards.", "Example", spell=True)
    assert row.unperformed == ("10—19 | Draw two cards.",)


def test_a_word_no_rule_defines_is_named_never_refused():
    (word,) = parse_ability_text("Sinecure", "Abbot of the Sacred Meeple")
    assert word.gaps == (("Sinecure", UNDEFINED_WORD),)


@pytest.mark.parametrize(
    ("line", "cost"),
    [
        ("{P}{P} — Draw two cards.", "{P}{P}"),
        ("+ {1} — Destroy target artifact.", "+ {1}"),
        ("• Fira — {2} — Fire Magic deals 2 damage to each creature.", "{2}"),
    ],
)
def test_a_mode_keeps_its_cost(line, cost):
    (mode,) = parse_ability_text(line, "Fire Magic", spell=True)
    assert mode.mode_cost == cost and mode.kind == "spell" and mode.actions


def test_a_station_cards_striations_are_marked_with_their_symbol_and_pt_box():
    lines = [
        "Flash",
        "Station (Tap another creature you control: ... It's an artifact creature at 8+.)",
        "2+ | {T}: Add {C}.",
        "8+ | Flying",
        "Whenever this Spacecraft attacks, draw a card.",
    ]
    assert paragraphs(lines, pt="3/3")[2:] == (
        "STATION 2+ | {T}: Add {C}.",
        "STATION 8+ 3/3 | Flying",
        "STATION 8+ | Whenever this Spacecraft attacks, draw a card.",
    )
    # Not a station card: "15+ | ..." is a die roll's result (706.3a), left as it is.
    assert paragraphs(["Roll a d20.", "1—14 | Draw a card.", "15+ | Draw two cards."])[2] == (
        "15+ | Draw two cards."
    )


def _cast(modes: list[int]) -> dict[str, object]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [
            {
                "cast": "Season of Weaving",
                "as": "s",
                "controller": "Alice",
                "choices": {"modes": modes},
            }
        ],
    }


def test_pawprint_modes_are_chosen_up_to_the_header_s_number():
    # CR 700.2i: {P}{P}{P} + {P}{P}{P} is six pawprints, over "up to five".
    over = parse_board(_cast([2, 2])).steps[0]
    assert isinstance(over, CastStep)
    with pytest.raises(BoardError, match="700.2i"):
        verify_cast(over)
    five = parse_board(_cast([2, 1])).steps[0]
    assert isinstance(five, CastStep) and len(verify_cast(five)) == 2


def test_a_mode_of_a_permanents_modal_ability_reads_if_you_do_as_it_resolves():
    """Balloon Stand's visit mode (CR 700.2: a mode is part of a modal ability, which
    resolves): "If you do" follows the sacrifice before it (608.2c)."""
    (mode,) = parse_ability_text(
        "• Sacrifice a Balloon. If you do, target creature gains flying until end of turn.",
        "Balloon Stand",
    )
    assert not mode.gaps
    assert [a.kind for a in mode.actions] == ["sacrifice"]
    (spec,) = mode.effects
    assert spec.after_done is True and spec.until_end_of_turn
