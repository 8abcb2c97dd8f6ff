"""Hypothesis strategies for boards (the attrs habit: strategies in one module)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

PLAYERS = ["Alice", "Bob"]

# Text a sharer may type into a board (tutor.boards.limits): any character but the
# control characters other than line breaks and tabs, and lone surrogates.
board_text = st.text(
    alphabet=st.characters(exclude_categories=("Cc", "Cs")) | st.sampled_from("\n\r\t"),
    max_size=40,
)

CREATURES = [
    "Grizzly Bears",
    "Gray Ogre",
    "Llanowar Elves",
    "Tarmogoyf",
    "Nightmare",
    "Lord of Atlantis",
    "Merfolk of the Pearl Trident",
    "Master of Etherium",
    "Serra Avatar",
    "Air Elemental",
    "Amoeboid Changeling",
    "Godhead of Awe",
    "Elesh Norn, Grand Cenobite",
    "Wild Mongrel",
]
LANDS = [
    "Forest",
    "Swamp",
    "Island",
    "Mutavault",
    "Urborg, Tomb of Yawgmoth",
    "Yavimaya, Cradle of Growth",
    "Darksteel Citadel",
    "Dryad Arbor",
]
# Static enchantments with the layers their effects use (for the reordering property).
STATICS: dict[str, frozenset[str]] = {
    "Glorious Anthem": frozenset({"7c"}),
    "Crusade": frozenset({"7c"}),
    "Bad Moon": frozenset({"7c"}),
    "Darkest Hour": frozenset({"5"}),
    "Levitation": frozenset({"6"}),
    "Favorable Winds": frozenset({"7c"}),
    "Opalescence": frozenset({"4", "7b"}),
    "Humility": frozenset({"6", "7b"}),
    "Enchanted Evening": frozenset({"4"}),
    "Blood Moon": frozenset({"4"}),
    "Kormus Bell": frozenset({"4", "5", "7b"}),
    "Life and Limb": frozenset({"4", "5", "7b"}),
    "Prismatic Omen": frozenset({"4"}),
    "Mycosynth Lattice": frozenset({"4", "5"}),
    "March of the Machines": frozenset({"4", "7b"}),
    "Blood Sun": frozenset({"6"}),
    "Coat of Arms": frozenset({"7c"}),
}
TARGETED = [
    "Giant Growth",
    "Twisted Image",
    "Turn to Frog",
    "Diminish",
    "Ovinize",
    "Cerulean Wisps",
]


# The strategies a board draws from, built once: a strategy made anew inside each draw is
# validated and labelled again every time, which cost most of the data generation of the
# 10,000-board share property (issue #25). The choices drawn, and so the boards, are the same.
_KINDS = st.sampled_from(["creature", "land", "static", "spell", "counters"])
_PLAYER = st.sampled_from(PLAYERS)
_CREATURE = st.sampled_from(CREATURES)
_LAND = st.sampled_from(LANDS)
_STATIC = st.sampled_from(sorted(STATICS))
_SPELL = st.sampled_from(TARGETED)
_COUNTER = st.sampled_from(["+1/+1", "-1/-1"])
_COUNT = st.integers(1, 3)


@st.composite
def boards(draw: st.DrawFn, max_steps: int = 10, min_steps: int = 1) -> dict[str, Any]:
    """A legal board: permanents enter, spells target creatures, counters go on."""
    steps: list[dict[str, Any]] = []
    creatures: list[str] = []
    # One target strategy per number of creatures so far (the labels are o0, o1, ...).
    targets: dict[int, st.SearchStrategy[str]] = {}

    def a_creature() -> str:
        if len(creatures) not in targets:
            targets[len(creatures)] = st.sampled_from(tuple(creatures))
        return draw(targets[len(creatures)])

    for i in range(draw(st.integers(min_steps, max_steps))):
        kind = draw(_KINDS)
        controller = draw(_PLAYER)
        label = f"o{i}"
        if kind == "creature" or (kind in ("spell", "counters") and not creatures):
            steps.append({"enter": draw(_CREATURE), "as": label, "controller": controller})
            creatures.append(label)
        elif kind == "land":
            steps.append({"enter": draw(_LAND), "as": label, "controller": controller})
        elif kind == "static":
            steps.append({"enter": draw(_STATIC), "as": label, "controller": controller})
        elif kind == "spell":
            steps.append(
                {
                    "cast": draw(_SPELL),
                    "as": label,
                    "controller": controller,
                    "targets": [a_creature()],
                }
            )
        else:
            steps.append({"counters": draw(_COUNTER), "on": a_creature(), "n": draw(_COUNT)})
    return {"format": "mtg-board/1", "players": PLAYERS, "steps": steps}


REPLACERS = [
    "Furnace of Rath",
    "Dictate of the Twin Gods",
    "Torbran, Thane of Red Fell",
    "Gisela, Blade of Goldnight",
    "Doubling Season",
    "Hardened Scales",
    "Corpsejack Menace",
    "Winding Constrictor",
    "Primal Vigor",
    "Parallel Lives",
    "Anointed Procession",
    "Boon Reflection",
    "Rhox Faithmender",
    "Alhammarret's Archive",
    "Rest in Peace",
    "Leyline of the Void",
    "Kalitas, Traitor of Ghet",
    "Palisade Giant",
    "Vigor",
    "Worship",
    "Orb of Dreams",
    "Blind Obedience",
    "Grumgully, the Generous",
    "Essence of the Wild",
    "Daunting Defender",
    "Solemnity",
    "Platinum Emperion",
    "Leyline of Punishment",
]


@st.composite
def event_boards(draw: st.DrawFn) -> dict[str, Any]:
    """Replacement effects in play for both players, and one event that would happen."""
    steps: list[dict[str, Any]] = [
        {"enter": "Grizzly Bears", "as": "bear", "controller": "Alice"},
        {"enter": "Gray Ogre", "as": "ogre", "controller": "Bob"},
    ]
    for i, name in enumerate(draw(st.lists(st.sampled_from(REPLACERS), max_size=5))):
        steps.append({"enter": name, "as": f"r{i}", "controller": draw(st.sampled_from(PLAYERS))})
    player = draw(st.sampled_from(PLAYERS))
    event = draw(
        st.sampled_from(
            [
                {"damage": 3, "from": "ogre", "to": "bear"},
                {"damage": 2, "from": "bear", "to": "Bob", "combat": True},
                {"damage": 5, "from": "ogre", "to": "Alice"},
                {"counters": "+1/+1", "on": "bear", "n": 1},
                {
                    "create_tokens": {
                        "name": "Saproling",
                        "types": ["Creature"],
                        "subtypes": ["Saproling"],
                        "colors": ["G"],
                        "power": 1,
                        "toughness": 1,
                        "token": True,
                    },
                    "n": 1,
                    "controller": player,
                },
                {"gain_life": 3, "player": player},
                {"die": "bear"},
                {"die": "ogre"},
                {"draw": 2, "player": player},
                {
                    "enter": "Grizzly Bears",
                    "controller": player,
                    "as": "newcomer",
                    "with_counters": {"+1/+1": 1},
                },
            ]
        )
    )
    return {
        "format": "mtg-board/1",
        "players": PLAYERS,
        "steps": steps,
        "ask": {"event": event},
        "zones": {"Alice": {"library": 10}, "Bob": {"library": 10}},
    }
