"""Practice recipes about layers (CR 613): layer 7, timestamps, the order of the layers
and dependency (CR 613.8), control, copies and face-down permanents, text changes (CR 612)
and effects on players (CR 613.10). The table of every recipe is ``recipes.RECIPES``.
"""

from __future__ import annotations

import random
import re
from functools import cache

from tutor.learn.recipe_parts import (
    PLAYERS,
    Built,
    aimed,
    board,
    creature,
    enter,
    garnish,
    library_colors,
    library_text,
    other,
    pick,
    shuffled_middle,
    sized,
    step,
    uneven,
)
from tutor.learn.roles import Role, RoleCard


def layer_seven(rng: random.Random) -> Built:
    """7b, 7c and 7d on one creature, in an order where timestamps and layers disagree
    (CR 613.4): a switch first, a pump, then a set; counters sometimes."""
    bear = creature(rng, uneven)
    owner = rng.choice(PLAYERS)
    setter = pick(rng, rng.choice((Role.SETS_PT_SPELL, Role.AURA_SETS_PT)))
    steps = [
        enter(bear, "c1", owner),
        step(pick(rng, Role.SWITCH_SPELL), "x1", owner, "c1"),
        step(pump := pick(rng, Role.PUMP_SPELL), "x2", aimed(pump, owner), "c1"),
        step(setter, "x3", other(owner), "c1"),
    ]
    if rng.random() < 0.5:
        steps.insert(rng.randint(1, len(steps)), {"counters": "+1/+1", "on": "c1", "n": 1})
    if rng.random() < 0.5:
        steps.insert(rng.randint(1, len(steps)), enter(pick(rng, Role.ANTHEM_YOURS), "x4", owner))
    return Built(
        board(steps),
        "c1",
        ("pt",),
        about=frozenset({"timestamps-only", "switch-before-counters"}),
        offered=frozenset({"set-erases-modifiers"}),
    )


def anthem_and_aura(rng: random.Random) -> Built:
    """An anthem (7c) and an Aura that sets base P/T (7b) or a pump Aura, and a switch:
    the seven layers, not the timestamps, decide (CR 613.1)."""
    bear = creature(rng, uneven)
    owner = rng.choice(PLAYERS)
    anthem = pick(rng, Role.ANTHEM_YOURS)
    aura = pick(rng, rng.choice((Role.AURA_PUMP, Role.EQUIPMENT_PUMP)))
    steps = [
        enter(bear, "c1", owner),
        step(aura, "x2", aimed(aura, owner), "c1"),
        enter(anthem, "x3", owner),
    ]
    return Built(
        board(garnish(rng, steps, "c1", owner)),
        "c1",
        ("pt", "abilities"),
        about=frozenset({"timestamps-only"}),
        offered=frozenset({"set-erases-modifiers"}),
    )


def lose_then_gain(rng: random.Random) -> Built:
    """An Aura that removes all abilities (layer 6) and a grant in the same layer: the later
    timestamp wins (CR 613.7), and an Aura's timestamp is when it was attached (613.7e)."""
    bear = pick(rng, Role.KEYWORD_CREATURE, sized)
    owner = rng.choice(PLAYERS)
    grant = pick(rng, rng.choice((Role.GRANT_SPELL, Role.AURA_GRANTS)))
    remover = pick(rng, Role.AURA_REMOVES_ABILITIES)
    steps = [
        enter(bear, "c1", owner),
        step(remover, "x1", other(owner), "c1"),
        step(grant, "x2", owner, "c1"),
    ]
    if rng.random() < 0.5:
        steps[1], steps[2] = steps[2], steps[1]
    return Built(
        board(garnish(rng, steps, "c1", owner)),
        "c1",
        ("abilities", "pt"),
        about=frozenset({"newest-first"}),
        offered=frozenset({"set-erases-modifiers"}),
    )


def reattached(rng: random.Random) -> Built:
    """An Aura moved to the creature after another effect: attaching gives it a new
    timestamp (CR 613.7e), so it now applies after an effect that began after it."""
    owner = rng.choice(PLAYERS)
    bear = pick(rng, Role.KEYWORD_CREATURE, sized)
    spare = creature(rng)
    grant = pick(rng, Role.AURA_GRANTS)
    remover = pick(rng, Role.AURA_REMOVES_ABILITIES)
    steps = [
        enter(bear, "c1", owner),
        enter(spare, "c2", owner),
        step(grant, "x1", owner, "c2"),
        step(remover, "x2", other(owner), "c1"),
        {"attach": "x1", "to": "c1"},
    ]
    return Built(
        board(garnish(rng, steps, "c1", owner, at=2)),
        "c1",
        ("abilities", "pt"),
        about=frozenset({"newest-first"}),
        offered=frozenset({"set-erases-modifiers"}),
    )


def type_and_color(rng: random.Random) -> Built:
    """Type (4), color (5) and ability (6) changes on one creature, with an anthem that
    cares about none of them (CR 613.1d-f)."""
    owner = rng.choice(PLAYERS)
    bear = creature(rng)
    changes = [
        pick(rng, rng.choice((Role.TYPE_SPELL, Role.AURA_TYPE))),
        pick(rng, Role.COLOR_SPELL),
        pick(rng, Role.COLOR_SPELL),
        pick(rng, rng.choice((Role.AURA_GRANTS, Role.GRANT_SPELL))),
    ]
    steps = [enter(bear, "c1", owner)]
    for n, card in enumerate(changes):
        steps.append(step(card, f"x{n + 1}", aimed(card, owner), "c1"))
    steps = shuffled_middle(rng, steps)
    return Built(
        board(garnish(rng, steps, "c1", owner)),
        "c1",
        ("colors", "types", "subtypes", "abilities", "pt"),
        about=frozenset({"timestamps-only", "newest-first"}),
        offered=frozenset({"land-type-added"}),
    )


def stolen_under_anthems(rng: random.Random) -> Built:
    """A control-changing Aura or spell (layer 2) under each player's anthem (7c): the
    anthem of the new controller applies, whatever the timestamps (CR 613.1b)."""
    owner = rng.choice(PLAYERS)
    thief = other(owner)
    bear = creature(rng)
    steps = [
        enter(pick(rng, Role.ANTHEM_YOURS), "x1", owner),
        enter(pick(rng, Role.ANTHEM_YOURS), "x2", thief),
        enter(bear, "c1", owner),
        step(pick(rng, rng.choice((Role.AURA_CONTROL, Role.STEAL_SPELL))), "x3", thief, "c1"),
    ]
    steps[:2] = rng.sample(steps[:2], 2)
    return Built(
        board(garnish(rng, steps, "c1", owner, at=3)),
        "c1",
        ("pt",),
        about=frozenset({"timestamps-only"}),
        offered=frozenset({"set-erases-modifiers"}),
    )


def cda_under_setter(rng: random.Random) -> Built:
    """A creature whose power or toughness a characteristic-defining ability sets (7a),
    then a set (7b) and a pump (7c): the CDA goes first (CR 613.3, 613.4a)."""
    owner = rng.choice(PLAYERS)
    cda = pick(rng, Role.CDA)
    lands = [{"enter": land, "as": f"l{n}", "controller": owner} for n, land in enumerate(LANDS)]
    # An effect that sets base P/T began before the creature (Godhead of Awe): by
    # timestamp it would go first and the CDA would overwrite it.
    steps = [
        step(pick(rng, Role.SWITCH_SPELL), "x3", owner, "c1"),
        step(pump := pick(rng, Role.PUMP_SPELL), "x2", aimed(pump, owner), "c1"),
        {"counters": "+1/+1", "on": "c1", "n": rng.randint(1, 2)},
    ]
    setter = enter(pick(rng, Role.SETS_PT_ALL), "x1", rng.choice(PLAYERS))
    full = board(
        [setter, *rng.sample(lands, 2), enter(cda, "c1", owner), *steps],
        zones={p: {"graveyard": rng.sample(GRAVEYARD, 3), "hand": 3} for p in PLAYERS},
    )
    return Built(
        full,
        "c1",
        ("pt",),
        about=frozenset({"cda-by-timestamp"}),
        offered=frozenset({"cda-overrides", "set-erases-modifiers"}),
    )


LANDS = ("Forest", "Swamp", "Island", "Mountain", "Plains")
GRAVEYARD = ("Forest", "Grizzly Bears", "Giant Growth", "Glorious Anthem", "Bonesplitter")


def locked_in(rng: random.Random) -> Built:
    """A resolved "creatures you control get +N/+N" covers only the creatures there as it
    resolved (CR 611.2c): a creature that arrives later doesn't get it."""
    owner = rng.choice(PLAYERS)
    steps = [
        enter(creature(rng), "c1", owner),
        step(pick(rng, Role.MASS_PUMP_SPELL), "x1", owner),
        enter(creature(rng, uneven), "c2", owner),
    ]
    if rng.random() < 0.5:
        steps.append(enter(pick(rng, Role.ANTHEM_YOURS), "x3", owner))
    # A switch and counters commute (+N/+N switched is the switch plus +N/+N): the set
    # (7b) an opponent adds is what makes timestamps and layers disagree here.
    return Built(
        board(garnish(rng, steps, "c2", owner, at=3, setter=1.0)),
        "c2",
        ("pt",),
        about=frozenset({"recheck-resolved-set"}),
        offered=frozenset({"froze-the-static"}),
    )


def face_down(rng: random.Random) -> Built:
    """A face-down creature is a nameless 2/2 with no text (CR 708.2): its card's own
    power, toughness and abilities don't count, but effects on it do."""
    owner = rng.choice(PLAYERS)
    morph = pick(
        rng, Role.MORPH, lambda c: c.power is not None and (c.power, c.toughness) != (2, 2)
    )
    extra = pick(rng, rng.choice((Role.PUMP_SPELL, Role.ANTHEM_YOURS, Role.AURA_PUMP)))
    steps = [
        enter(morph, "c1", owner, face_down=True),
        step(extra, "x1", aimed(extra, owner), "c1"),
    ]
    return Built(
        board(garnish(rng, steps, "c1", owner)),
        "c1",
        ("pt", "abilities"),
        about=frozenset({"read-face-up"}),
        offered=frozenset({"read-face-up"}),
    )


def copy_a_pumped(rng: random.Random) -> Built:
    """A permanent entering as a copy of a pumped creature with counters copies only the
    copiable values (CR 707.2): not the counters, the Aura or the pump."""
    owner = rng.choice(PLAYERS)
    original = creature(rng)
    copier = pick(rng, Role.ENTERS_AS_COPY)
    aura = pick(rng, rng.choice((Role.AURA_PUMP, Role.PUMP_SPELL, Role.EQUIPMENT_PUMP)))
    steps = [
        enter(original, "c1", owner),
        {"counters": "+1/+1", "on": "c1", "n": rng.randint(1, 3)},
        step(aura, "x1", aimed(aura, owner), "c1"),
        enter(copier, "c2", owner, choices={"copy": "c1"}),
    ]
    return Built(
        board(steps),
        "c2",
        ("pt", "abilities", "subtypes"),
        about=frozenset({"copied-what-you-see", "copied-counters"}),
        offered=frozenset({"copied-what-you-see", "copied-counters"}),
    )


def copy_face_down(rng: random.Random) -> Built:
    """A copy of a face-down creature copies a nameless 2/2 with no text (CR 707.2, 708.2),
    not the card beneath it."""
    owner = rng.choice(PLAYERS)
    morph = pick(
        rng, Role.MORPH, lambda c: c.power is not None and (c.power, c.toughness) != (2, 2)
    )
    steps = [
        enter(morph, "c1", other(owner), face_down=True),
        enter(pick(rng, Role.ENTERS_AS_COPY), "c2", owner, choices={"copy": "c1"}),
    ]
    steps.append(enter(pick(rng, Role.ANTHEM_YOURS), "x1", owner))
    return Built(
        board(garnish(rng, steps, "c2", owner, at=2)),
        "c2",
        ("pt", "abilities", "subtypes"),
        about=frozenset({"copied-underlying-card"}),
        offered=frozenset({"copied-underlying-card", "copied-what-you-see"}),
    )


# Anthems whose whole text names a color word or a creature type: the words a text change
# (CR 612) replaces. "Crusade: White creatures get +1/+1."; "Wizened Cenn: Other Kithkin
# creatures you control get +1/+1."
WORDED_ANTHEM = re.compile(
    r"^(?:Other )?(White|Blue|Black|Red|Green|[A-Z][a-z]+) creatures(?: you control)? "
    r"get \+(\d)/\+(\d)\.$"
)
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@cache
def worded_anthems() -> tuple[tuple[str, str], ...]:
    """(card, word) for every library permanent whose only text is an anthem naming a
    color or creature type (the engine checks each board it makes: ``items``)."""
    from rules_engine import CREATURE_TYPES, load_card_library

    found = []
    for record in load_card_library().values():
        match = WORDED_ANTHEM.match(str(record.get("oracle_text", "")))
        if not match or record.get("faces"):
            continue
        word = match.group(1)
        if word.lower() in COLOR_WORDS.values() or word in CREATURE_TYPES:
            found.append((str(record["name"]), word))
    return tuple(sorted(found))


def text_change_word(card: RoleCard) -> str:
    """What kind of word ``card`` replaces: "color" or "creature_type" ("" otherwise)."""
    text = library_text(card)
    if "color word" in text:
        return "color"
    if "one creature type with another" in text:
        return "creature_type"
    return ""


def library_subtypes(card: RoleCard) -> tuple[str, ...]:
    from rules_engine import library_record

    record = library_record(card.name) or {}
    return tuple(record.get("subtypes", ()))


def text_changed_anthem(rng: random.Random) -> Built:
    """A text change (layer 3) rewrites the word an anthem (7c) looks for, after the anthem
    began: the new word counts for every layer after 3, whatever the timestamps (CR 612.1,
    613.1c), so the creature of the new color or type gets the bonus and not the old one."""
    owner = rng.choice(PLAYERS)
    spell = pick(rng, Role.TEXT_CHANGE_SPELL, lambda c: bool(text_change_word(c)))
    kind = text_change_word(spell)
    anthems = [
        (name, word)
        for name, word in worded_anthems()
        if (word.lower() in COLOR_WORDS.values()) == (kind == "color")
    ]
    if not anthems:
        raise LookupError("no anthem names a word of that kind")
    anthem, old = rng.choice(anthems)
    if kind == "color":
        bear = creature(rng, lambda c: sized(c) and len(library_colors(c)) == 1)
        new = COLOR_WORDS[library_colors(bear)[0]]
        old = old.lower()
    else:
        bear = creature(rng, lambda c: sized(c) and bool(library_subtypes(c)))
        new = library_subtypes(bear)[0]
    if new.lower() == old.lower() or new == "Wall":
        raise LookupError("the creature already has the anthem's word")
    steps = [
        enter(bear, "c1", owner),
        {"enter": anthem, "as": "x1", "controller": owner},
        {
            "cast": spell.name,
            "as": "x2",
            "controller": owner,
            "targets": ["x1"],
            "choices": {"from": old, "to": new},
        },
    ]
    return Built(
        board(garnish(rng, steps, "c1", owner)),
        "c1",
        ("pt",),
        about=frozenset({"timestamps-only"}),
        offered=frozenset({"set-erases-modifiers"}),
    )


def life_effect(card: RoleCard) -> bool:
    """A permanent whose ability changes how much life its controller or players gain."""
    text = library_text(card)
    return card.verb == "enter" and "gain" in text and "life" in text


def player_effect_lost(rng: random.Random) -> Built:
    """A creature whose ability changes life gained ("twice that much", "can't gain life"),
    enchanted by an opponent's Aura that takes all its abilities (layer 6): effects on
    players apply after the layers (CR 613.10), so only what its source still has counts,
    here nothing; a noncreature permanent's effect still applies."""
    owner = rng.choice(PLAYERS)
    source = pick(
        rng,
        rng.choice((Role.LIFE_GAIN_MODIFY, Role.CANT)),
        lambda c: life_effect(c) and c.power is not None and sized(c),
    )
    steps = [
        enter(source, "c1", owner),
        step(pick(rng, Role.AURA_REMOVES_ABILITIES), "x1", other(owner), "c1"),
    ]
    if rng.random() < 0.7:
        # An effect from a permanent the Aura doesn't touch: it still applies.
        kept = pick(rng, Role.LIFE_GAIN_MODIFY, lambda c: life_effect(c) and c.power is None)
        steps.insert(rng.randint(0, 1), enter(kept, "x2", owner))
    # "Your opponents can't gain life" is about the other player: the event is theirs.
    gainer = other(owner) if "opponent" in library_text(source) else owner
    event = {"gain_life": rng.randint(2, 4), "player": gainer}
    return Built(
        board(steps, ask={"event": event}),
        event=True,
        about=frozenset({"player-effect-as-printed"}),
        offered=frozenset({"player-effect-as-printed"}),
    )


def real_dependency(rng: random.Random) -> Built:
    """Two library permanents where the engine finds that one's effect depends on the
    other's (CR 613.8a, ``pairs``), the dependent one with the earlier timestamp: the
    dependency, not the timestamps, decides which applies first (613.8b)."""
    from tutor.learn.pairs import load as load_pairs
    from tutor.learn.pairs import pair_board

    found = load_pairs()
    if not found:
        raise LookupError("no dependency pairs built")
    pair = rng.choice(found)
    made = pair_board(pair.dependent, pair.on)
    steps = made["steps"]
    # Other plain creatures (the lands stay: the pair was found changing them).
    steps[0]["enter"] = creature(rng).name
    steps[3]["enter"] = creature(rng).name
    if pair.shows_on and rng.random() < 0.7:
        # Layer 7 on it too, when it is a creature by then: more named wrong answers.
        owner = next(s["controller"] for s in steps if s.get("as") == pair.shows_on)
        made["steps"] = garnish(rng, steps, pair.shows_on, owner, at=len(steps))
    return Built(
        made,
        pair.shows_on,
        ("subtypes", "types", "abilities", "colors", "pt"),
        about=frozenset({"ignore-dependency"}),
        offered=frozenset({"land-type-added"}),
    )
