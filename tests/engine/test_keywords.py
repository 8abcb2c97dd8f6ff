"""The one keyword table (rules_engine/oracle/keyword_table.py): every keyword ability of CR 702,
read from real card lines, and what each does on a board."""

from __future__ import annotations

import doctest
from typing import Any

import pytest

from rules_engine import evaluate
from rules_engine.oracle import keyword_table as keyword_table_module
from rules_engine.oracle import keywords as keywords_module
from rules_engine.oracle.keyword_table import KEYWORD_COUNTERS, Category, Keyword, Shape
from rules_engine.oracle.keywords import parse_keyword, split_keyword_line
from rules_engine.oracle.parser import parse_ability_text


@pytest.mark.parametrize("keyword", list(Keyword), ids=lambda k: k.name)
def test_every_example_reads_back_as_its_own_keyword(keyword: Keyword) -> None:
    found = parse_keyword(keyword.info.example)
    assert found is not None, keyword.info.example
    assert found.keyword is keyword
    assert found.text == keyword.info.example


def test_the_table_has_every_rule_of_702() -> None:
    # 702.2 deathtouch ... 702.195 storied (Comprehensive Rules of August 2026).
    assert {k.rule for k in Keyword} == {f"702.{n}" for n in range(2, 196)}


def test_names_are_lower_case_and_unique() -> None:
    names = [k.info.name for k in Keyword] + [a for k in Keyword for a in k.info.aliases]
    assert len(names) == len(set(names))
    assert all(name == name.lower() for name in names)


def test_replacement_and_continuous_keywords_say_what_they_do() -> None:
    for keyword in Keyword:
        info = keyword.info
        if info.category in (Category.REPLACEMENT, Category.CONTINUOUS):
            assert info.effect, keyword
        else:
            assert not info.effect and not info.expansion, keyword


def test_keyword_counters_are_the_fifteen_of_122_1b() -> None:
    assert {k.info.name for k in KEYWORD_COUNTERS} == {
        "flying",
        "first strike",
        "double strike",
        "deathtouch",
        "decayed",
        "exalted",
        "haste",
        "hexproof",
        "indestructible",
        "lifelink",
        "menace",
        "reach",
        "shadow",
        "trample",
        "vigilance",
    }


@pytest.mark.parametrize("module", [keyword_table_module, keywords_module])
def test_the_module_examples_stay_true(module: Any) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


# Keyword lines of real cards, as Oracle prints them (the card library's Oracle text,
# rules_engine/data/cards/library.json.gz; the newer cards checked against their current
# Oracle text): (card, line, [(keyword, amount, cost, quality), ...]).
REAL_LINES: list[tuple[str, str, list[tuple[Keyword, int | None, str | None, str | None]]]] = [
    (
        "Akroma, Angel of Wrath",
        "Flying, first strike, vigilance, trample, haste, protection from black and from red",
        [
            (Keyword.FLYING, None, None, None),
            (Keyword.FIRST_STRIKE, None, None, None),
            (Keyword.VIGILANCE, None, None, None),
            (Keyword.TRAMPLE, None, None, None),
            (Keyword.HASTE, None, None, None),
            (Keyword.PROTECTION, None, None, "black and from red"),
        ],
    ),
    (
        "Emrakul, the Aeons Torn",
        "Flying, protection from colored spells, annihilator 6",
        [
            (Keyword.FLYING, None, None, None),
            (Keyword.PROTECTION, None, None, "colored spells"),
            (Keyword.ANNIHILATOR, 6, None, None),
        ],
    ),
    ("Arcbound Wanderer", "Modular—Sunburst", [(Keyword.MODULAR, None, None, "Sunburst")]),
    ("Arcbound Ravager", "Modular 1", [(Keyword.MODULAR, 1, None, None)]),
    ("Golgari Grave-Troll", "Dredge 6", [(Keyword.DREDGE, 6, None, None)]),
    ("Krosan Tusker", "Cycling {2}{G}", [(Keyword.CYCLING, None, "{2}{G}", None)]),
    ("Coastal Discovery", "Awaken 4—{5}{U}", [(Keyword.AWAKEN, 4, "{5}{U}", None)]),
    (
        "Aeon Chronicler",
        "Suspend X—{X}{3}{U}. X can't be 0.",
        [(Keyword.SUSPEND, None, "{X}{3}{U}", "X")],
    ),
    ("Living End", "Suspend 3—{2}{B}{B}", [(Keyword.SUSPEND, 3, "{2}{B}{B}", None)]),
    ("Shriekmaw", "Evoke {1}{B}", [(Keyword.EVOKE, None, "{1}{B}", None)]),
    ("Cyclonic Rift", "Overload {6}{U}", [(Keyword.OVERLOAD, None, "{6}{U}", None)]),
    (
        "Blightsteel Colossus",
        "Trample, infect, indestructible",
        [
            (Keyword.TRAMPLE, None, None, None),
            (Keyword.INFECT, None, None, None),
            (Keyword.INDESTRUCTIBLE, None, None, None),
        ],
    ),
    (
        "Baneslayer Angel",
        "Flying, first strike, lifelink, protection from Demons and from Dragons",
        [
            (Keyword.FLYING, None, None, None),
            (Keyword.FIRST_STRIKE, None, None, None),
            (Keyword.LIFELINK, None, None, None),
            (Keyword.PROTECTION, None, None, "Demons and from Dragons"),
        ],
    ),
    ("Rancor", "Enchant creature", [(Keyword.ENCHANT, None, None, "creature")]),
    ("Murderous Cut", "Delve", [(Keyword.DELVE, None, None, None)]),
    (
        "Ulamog's Crusher",
        "Annihilator 2",
        [(Keyword.ANNIHILATOR, 2, None, None)],
    ),
    (
        "Maha, Its Feathers Night",
        "Ward—Discard a card.",
        [(Keyword.WARD, None, "Discard a card", None)],
    ),
    ("Slickshot Show-Off", "Plot {1}{R}", [(Keyword.PLOT, None, "{1}{R}", None)]),
    ("Venerated Rotpriest", "Toxic 1", [(Keyword.TOXIC, 1, None, None)]),
    (
        "Igneous Pouncer",
        "Swampcycling {2}, mountaincycling {2}",
        [
            (Keyword.TYPECYCLING, None, "{2}", "Swamp"),
            (Keyword.TYPECYCLING, None, "{2}", "mountain"),
        ],
    ),
    ("Krosan Grip", "Split second", [(Keyword.SPLIT_SECOND, None, None, None)]),
    (
        "Bayou Dragonfly",
        "Flying; swampwalk",
        [
            (Keyword.FLYING, None, None, None),
            (Keyword.LANDWALK, None, None, "swamp"),
        ],
    ),
    (
        "Oversoul of Dusk",
        "Protection from blue, from black and from red",
        [(Keyword.PROTECTION, None, None, "blue, from black and from red")],
    ),
    (
        "Absorb Vis",
        "Basic landcycling {1}{B}",
        [(Keyword.TYPECYCLING, None, "{1}{B}", "Basic land")],
    ),
    ("Desperate Ritual", "Splice onto Arcane {1}{R}", [(Keyword.SPLICE, None, "{1}{R}", "Arcane")]),
    (
        "Gallowbraid",
        "Cumulative upkeep—Pay 1 life.",
        [(Keyword.CUMULATIVE_UPKEEP, None, "Pay 1 life", None)],
    ),
    (
        "Ana Battlemage",
        "Kicker {2}{U} and/or {1}{B}",
        [(Keyword.KICKER, None, "{2}{U} and/or {1}{B}", None)],
    ),
    (
        "Blackblade Reforged",
        "Equip legendary creature {3}",
        [(Keyword.EQUIP, None, "{3}", "legendary creature")],
    ),
    (
        "Livonya Silone",
        "First strike, legendary landwalk",
        [
            (Keyword.FIRST_STRIKE, None, None, None),
            (Keyword.LANDWALK, None, None, "legendary land"),
        ],
    ),
    ("Legions of Lim-Dul", "Snow swampwalk", [(Keyword.LANDWALK, None, None, "Snow swamp")]),
    ("Patron of the Orochi", "Snake offering", [(Keyword.OFFERING, None, None, "Snake")]),
    ("Mistbind Clique", "Champion a Faerie", [(Keyword.CHAMPION, None, None, "Faerie")]),
    ("Burning-Tree Vandal", "Riot", [(Keyword.RIOT, None, None, None)]),
    ("Tidewalker", "Vanishing", [(Keyword.VANISHING, None, None, None)]),
    ("Bear Umbra (2019 wording)", "Totem armor", [(Keyword.UMBRA_ARMOR, None, None, None)]),
]


@pytest.mark.parametrize(("card", "line", "expected"), REAL_LINES, ids=[r[0] for r in REAL_LINES])
def test_real_keyword_lines(
    card: str, line: str, expected: list[tuple[Keyword, int | None, str | None, str | None]]
) -> None:
    found = split_keyword_line(line)
    assert found is not None, line
    assert [(k.keyword, k.amount, k.cost, k.quality) for k in found] == expected
    abilities = parse_ability_text(line, card)
    assert [a.kind for a in abilities] == ["keyword"] * len(expected)
    assert [a.text for a in abilities] == [k.text for k in found]


@pytest.mark.parametrize(
    "line",
    [
        "{5}{G}{G}: Monstrosity 3.",  # a keyword action in an activated ability (701)
        "Bolster 1.",  # a keyword action (701.39), a one-shot
        "Monstrosity 3.",
        "Enchanted creature gets +2/+0 and has trample.",
        "Flashback costs you pay cost {1} less.",
        "Storm Sculptor can't be blocked.",
        "Flying creatures you control get +1/+1.",
        "Planeswalk",
        # A keyword followed by an ability is left to the sentence reader.
        "Boast — {1}{R}: Draw a card.",
        "Forecast — {1}{U}, Reveal ~ from your hand: Draw a card.",
    ],
)
def test_lines_that_are_not_only_keywords(line: str) -> None:
    assert split_keyword_line(line) is None


def test_display_text_keeps_the_printed_words() -> None:
    found = split_keyword_line("Flying; swampwalk")
    assert found is not None
    assert [k.text for k in found] == ["Flying", "Swampwalk"]
    assert [k.keyword.shape for k in found] == [Shape.NONE, Shape.QUALITY]


def test_granted_keywords_keep_their_parameters() -> None:
    (ability,) = parse_ability_text(
        "Target creature gains flying and toxic 1 until end of turn.", "Card", spell=True
    )
    (spec,) = ability.effects
    (part,) = spec.parts
    assert getattr(part.action, "grant", None) == ("Flying", "Toxic 1")
    (ability,) = parse_ability_text("Creatures you control have ward {1}{W}.", "Card")
    assert getattr(ability.effects[0].parts[0].action, "grant", None) == ("Ward {1}{W}",)


# --- On a board -------------------------------------------------------------------------


def _creature(name: str, *abilities: str, power: str = "1") -> dict[str, Any]:
    return {
        "name": name,
        "types": ["Creature"],
        "power": power,
        "toughness": power,
        "abilities": list(abilities),
    }


def _board(*steps: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": list(steps),
        "ask": {"characteristics": "x"},
        **extra,
    }


def _enter(card: dict[str, Any], label: str = "x") -> dict[str, Any]:
    return {"enter": card, "as": label, "controller": "Alice"}


def test_graft_enters_with_its_counters() -> None:
    answer = evaluate(_board(_enter(_creature("Graft Beast", "Graft 2", power="0"))))
    assert answer["objects"]["x"]["counters"] == {"+1/+1": 2}
    assert answer["not_modelled"] == []


def test_a_replacement_keyword_the_engine_does_not_apply_is_named() -> None:
    # "Graft X": an X its expansion can't hold isn't applied (702.58a): named, never dropped.
    answer = evaluate(_board(_enter(_creature("Grafter", "Graft X"))))
    gaps = [g for g in answer["not_modelled"] if g["ability"] == "Graft X"]
    assert gaps and gaps[0]["object"] == "x"
    assert "702.58a" in gaps[0]["why"]


def test_read_ahead_enters_with_the_chosen_chapters_lore_counters() -> None:
    # CR 702.155a: the chapter chosen as it enters (the step's "option") is how many lore
    # counters it enters with; nothing is left unapplied.
    reader = {**_enter(_creature("Reader", "Read ahead")), "choices": {"option": "2"}}
    answer = evaluate(_board(reader))
    assert answer["objects"]["x"]["counters"] == {"lore": 2}
    assert not [g for g in answer["not_modelled"] if g["ability"] == "Read ahead"]


def test_devour_sacrifices_the_chosen_creatures_as_it_enters() -> None:
    # CR 702.82a: the creatures named in the step's choices are sacrificed as it enters,
    # and it enters with N +1/+1 counters for each.
    devourer = {**_enter(_creature("Devourer", "Devour 2")), "choices": {"devour": ["bear"]}}
    answer = evaluate(_board(_enter(_creature("Bear"), "bear"), devourer))
    assert answer["objects"]["x"]["counters"] == {"+1/+1": 2}
    assert answer["objects"]["bear"]["zone"] == "graveyard"
    assert answer["not_modelled"] == []


def test_dredge_is_applied_where_it_works() -> None:
    # 702.52a: the explorer offers a graveyard card's dredge on its owner's draws
    # (tests/boards/replacement-breadth/dredge-*.json), so nothing is left unapplied.
    on_battlefield = evaluate(_board(_enter(_creature("Troll", "Dredge 2"))))
    assert on_battlefield["not_modelled"] == []
    troll = _creature("Troll", "Dredge 2")
    in_graveyard = evaluate(
        _board(_enter(_creature("Bear", power="2")), zones={"Alice": {"graveyard": [troll]}})
    )
    assert in_graveyard["not_modelled"] == []
    assert Keyword.DREDGE.modelled


def test_rebound_exiles_the_spell_as_it_resolves() -> None:
    # CR 702.88a: a cast step's spell was cast from its owner's hand, so it is exiled.
    spell = {"name": "Echo Spell", "types": ["Sorcery"], "abilities": ["Rebound"]}
    answer = evaluate(
        _board(
            _enter(_creature("Bear", power="2")),
            {"cast": spell, "as": "s", "controller": "Alice"},
        )
    )
    assert answer["not_modelled"] == []
    assert answer["objects"]["s"]["zone"] == "exile"


@pytest.mark.parametrize(("active", "types"), [("Alice", ["Artifact", "Creature"]), ("Bob", [])])
def test_living_metal_is_an_artifact_creature_on_its_controllers_turn(
    active: str, types: list[str]
) -> None:
    vehicle = {
        "name": "Robot",
        "types": ["Artifact"],
        "subtypes": ["Vehicle"],
        "power": "3",
        "toughness": "3",
        "abilities": ["Living metal"],
    }
    answer = evaluate({**_board(_enter(vehicle)), "active": active})
    assert answer["objects"]["x"]["types"] == (types or ["Artifact"])
    assert answer["not_modelled"] == []


def test_with_a_keyword_finds_it_whatever_its_number() -> None:
    anthem = {
        "name": "Toxic Anthem",
        "types": ["Enchantment"],
        "abilities": ["Creatures with toxic get +1/+1."],
    }
    answer = evaluate(_board(_enter(_creature("Stinger", "Toxic 2")), _enter(anthem, "a")))
    assert answer["objects"]["x"]["power"] == 2
