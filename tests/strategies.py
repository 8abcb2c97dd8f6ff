"""Hypothesis strategies for boards (the attrs habit: strategies in one module)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

PLAYERS = ["Alice", "Bob"]

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


@st.composite
def boards(draw: st.DrawFn, max_steps: int = 10) -> dict[str, Any]:
    """A legal board: permanents enter, spells target creatures, counters go on."""
    steps: list[dict[str, Any]] = []
    creatures: list[str] = []
    for i in range(draw(st.integers(1, max_steps))):
        kind = draw(st.sampled_from(["creature", "land", "static", "spell", "counters"]))
        controller = draw(st.sampled_from(PLAYERS))
        label = f"o{i}"
        if kind == "creature" or (kind in ("spell", "counters") and not creatures):
            steps.append(
                {"enter": draw(st.sampled_from(CREATURES)), "as": label, "controller": controller}
            )
            creatures.append(label)
        elif kind == "land":
            steps.append(
                {"enter": draw(st.sampled_from(LANDS)), "as": label, "controller": controller}
            )
        elif kind == "static":
            steps.append(
                {
                    "enter": draw(st.sampled_from(sorted(STATICS))),
                    "as": label,
                    "controller": controller,
                }
            )
        elif kind == "spell":
            steps.append(
                {
                    "cast": draw(st.sampled_from(TARGETED)),
                    "as": label,
                    "controller": controller,
                    "targets": [draw(st.sampled_from(creatures))],
                }
            )
        else:
            steps.append(
                {
                    "counters": draw(st.sampled_from(["+1/+1", "-1/-1"])),
                    "on": draw(st.sampled_from(creatures)),
                    "n": draw(st.integers(1, 3)),
                }
            )
    return {"format": "mtg-board/1", "players": PLAYERS, "steps": steps}
