"""Practice recipes: a concept's question built from roles, never from named cards.

A recipe says "an anthem for creatures you control (7c), an Aura that sets base power and
toughness (7b), a spell that switches them (7d), on a creature with uneven power and
toughness": its roles are filled from the library (``roles``), so one recipe draws on
hundreds of real cards. ``build`` makes a board (docs/board-format.md) and says what to
ask about it and which misreadings the board is built to catch (``about``: an item where
that misreading gives the key anyway is dropped, ``items.NoItem``); ``offered`` names the
hand-written misreadings (``handwritten``) tried on it besides the engine's switches.

Board labels are short codes ("c1", "x2"), never words: learners see card names only.

The recipes themselves live by concept group: ``recipes_layers`` (CR 612-613) and
``recipes_replacement`` (CR 614-616); their parts (``Recipe``, ``Built``, the card and step
helpers) in ``recipe_parts``. This module is the table, in the order levels are built from.
"""

from __future__ import annotations

from tutor.learn.recipe_parts import Recipe
from tutor.learn.recipes_layers import (
    anthem_and_aura,
    cda_under_setter,
    copy_a_pumped,
    copy_face_down,
    face_down,
    layer_seven,
    locked_in,
    lose_then_gain,
    player_effect_lost,
    real_dependency,
    reattached,
    stolen_under_anthems,
    text_changed_anthem,
    type_and_color,
)
from tutor.learn.recipes_replacement import (
    cant_prevent,
    counters_past_effects,
    damage_past_effects,
    enters_under_humility,
    enters_with_counters,
    redirected,
    shielded,
)
from tutor.learn.roles import Role

RECIPES: tuple[Recipe, ...] = (
    Recipe(
        "layer-seven",
        "layer-7",
        "613.4",
        (Role.VANILLA, Role.SWITCH_SPELL, Role.PUMP_SPELL, Role.SETS_PT_SPELL),
        layer_seven,
        forms=("single", "combined", "sequence"),
        effects=4,
        layers=3,
    ),
    Recipe(
        "anthem-and-aura",
        "seven-layers",
        "613.1",
        (Role.VANILLA, Role.ANTHEM_YOURS, Role.AURA_PUMP, Role.EQUIPMENT_PUMP),
        anthem_and_aura,
        forms=("single", "combined", "sequence"),
        effects=3,
        layers=2,
    ),
    Recipe(
        "lose-then-gain",
        "timestamps",
        "613.7",
        (Role.KEYWORD_CREATURE, Role.AURA_REMOVES_ABILITIES, Role.AURA_GRANTS),
        lose_then_gain,
        forms=("combined", "select-all"),
        effects=2,
        layers=1,
    ),
    Recipe(
        "reattached",
        "timestamps",
        "613.7e",
        (Role.KEYWORD_CREATURE, Role.AURA_GRANTS, Role.AURA_REMOVES_ABILITIES),
        reattached,
        forms=("combined", "select-all"),
        effects=2,
        layers=1,
    ),
    Recipe(
        "type-and-color",
        "types-colors-abilities",
        "613.1d",
        (Role.TYPE_SPELL, Role.AURA_TYPE, Role.COLOR_SPELL, Role.AURA_GRANTS, Role.GRANT_SPELL),
        type_and_color,
        forms=("combined", "select-all"),
        effects=3,
        layers=3,
    ),
    Recipe(
        "stolen-under-anthems",
        "control-and-text",
        "613.1b",
        (Role.AURA_CONTROL, Role.STEAL_SPELL, Role.ANTHEM_YOURS),
        stolen_under_anthems,
        forms=("single", "combined", "sequence"),
        effects=3,
        layers=2,
    ),
    Recipe(
        "cda-under-setter",
        "cda",
        "613.3",
        (Role.CDA,),
        cda_under_setter,
        forms=("single", "combined", "sequence"),
        effects=3,
        layers=3,
    ),
    Recipe(
        "locked-in",
        "locked-in-sets",
        "611.2c",
        (Role.MASS_PUMP_SPELL, Role.VANILLA),
        locked_in,
        forms=("single", "combined"),
        effects=3,
        layers=2,
    ),
    Recipe(
        "face-down",
        "copy-and-face-down",
        "708.2",
        (Role.MORPH,),
        face_down,
        forms=("combined", "select-all"),
        effects=2,
        layers=1,
    ),
    Recipe(
        "copy-a-pumped",
        "characteristics",
        "707.2",
        (Role.ENTERS_AS_COPY, Role.VANILLA, Role.AURA_PUMP, Role.PUMP_SPELL),
        copy_a_pumped,
        forms=("single", "combined"),
        effects=3,
        layers=2,
    ),
    Recipe(
        "copy-face-down",
        "copy-exceptions",
        "707.9",
        (Role.ENTERS_AS_COPY, Role.MORPH),
        copy_face_down,
        forms=("combined", "select-all"),
        effects=2,
        layers=2,
        also=("copy-and-face-down",),
    ),
    Recipe(
        "damage-past-effects",
        "replacement-order",
        "616.1",
        (Role.DAMAGE_INCREASER, Role.DAMAGE_DOUBLER, Role.VANILLA),
        damage_past_effects,
        event=True,
        effects=2,
        layers=1,
        also=("replacement",),
    ),
    Recipe(
        "counters-past-effects",
        "replacement",
        "614.1",
        (Role.COUNTER_DOUBLER, Role.COUNTER_ADDER, Role.VANILLA),
        counters_past_effects,
        event=True,
        effects=2,
        layers=1,
        also=("replacement-order",),
    ),
    Recipe(
        "shielded",
        "prevention",
        "615.7",
        (Role.PREVENTION_SHIELD, Role.VANILLA),
        shielded,
        event=True,
        effects=1,
        layers=1,
    ),
    Recipe(
        "cant-prevent",
        "cant-beats-can",
        "614.17",
        (Role.CANT_PREVENT, Role.PREVENTION_SHIELD),
        cant_prevent,
        event=True,
        effects=2,
        layers=1,
        also=("prevention",),
    ),
    Recipe(
        "enters-with-counters",
        "entering",
        "614.1c",
        (Role.ENTERS_WITH_COUNTERS, Role.COUNTER_DOUBLER, Role.COUNTER_ADDER),
        enters_with_counters,
        event=True,
        effects=2,
        layers=1,
    ),
    Recipe(
        "enters-under-humility",
        "entering-under-effects",
        "614.12",
        (Role.ENTERS_WITH_COUNTERS, Role.REMOVES_ABILITIES_ALL),
        enters_under_humility,
        forms=("single", "combined"),
        effects=3,
        layers=2,
    ),
)
RECIPES += (
    Recipe(
        "redirected",
        "prevention",
        "614.9",
        (Role.REDIRECT, Role.DAMAGE_DOUBLER),
        redirected,
        effects=2,
        layers=1,
        also=("replacement",),
        event=True,
        forms=("outcome",),
    ),
    Recipe(
        "real-dependency",
        "dependency",
        "613.8a",
        (),
        real_dependency,
        effects=2,
        layers=2,
        forms=("combined",),
    ),
)
RECIPES += (
    Recipe(
        "text-changed-anthem",
        "control-and-text",
        "612.1",
        (Role.TEXT_CHANGE_SPELL, Role.VANILLA, Role.KEYWORD_CREATURE),
        text_changed_anthem,
        forms=("single", "combined"),
        effects=4,
        layers=3,
    ),
)
RECIPES += (
    Recipe(
        "player-effect-lost",
        "players-and-rules",
        "613.10",
        (Role.LIFE_GAIN_MODIFY, Role.CANT, Role.AURA_REMOVES_ABILITIES),
        player_effect_lost,
        event=True,
        effects=3,
        layers=1,
        also=("replacement",),
    ),
)
RECIPE_BY_NAME: dict[str, Recipe] = {r.name: r for r in RECIPES}
