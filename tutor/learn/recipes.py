"""Practice recipes: a concept's question built from roles, never from named cards.

A recipe says "an anthem for creatures you control (7c), an Aura that sets base power and
toughness (7b), a spell that switches them (7d), on a creature with uneven power and
toughness": its roles are filled from the library (``roles``), so one recipe draws on
hundreds of real cards. ``build`` makes a board (docs/board-format.md) and says what to
ask about it and which misreadings the board is built to catch (``about``: an item where
that misreading gives the key anyway is dropped, ``items.NoItem``); ``offered`` names the
hand-written misreadings (``handwritten``) tried on it besides the engine's switches.

Board labels are short codes ("c1", "x2"), never words: learners see card names only.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tutor.learn.roles import Role, RoleCard, cards_for, choices_of

PLAYERS = ("Alice", "Bob")
Board = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Built:
    """A recipe's board and what to ask about it."""

    board: Board
    label: str = ""  # the object asked about (a characteristics question)
    fields: tuple[str, ...] = ("pt", "abilities", "types", "subtypes", "colors")
    event: bool = False  # the board's ``ask.event`` is the question
    about: frozenset[str] = frozenset()
    offered: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Recipe:
    """A kind of question about one concept, with the roles it draws its cards from."""

    name: str
    concept: str
    rule: str
    roles: tuple[Role, ...]
    build: Callable[[random.Random], Built]
    # What the learner juggles: interacting effects, layers and concepts (``levels``).
    effects: int = 2
    layers: int = 1
    also: tuple[str, ...] = field(default=())  # further concepts the item exercises
    event: bool = False  # asks about an event (an amount), not characteristics
    # The forms it is asked in (``levels``): "single" (one characteristic), "combined"
    # (several at once), "select-all" (statements); an event recipe is asked as "amount".
    forms: tuple[str, ...] = ("single", "combined", "select-all")


# --- Cards and steps ---------------------------------------------------------------


def pick(
    rng: random.Random, role: Role, test: Callable[[RoleCard], bool] | None = None
) -> RoleCard:
    pool = cards_for(role)
    if test is not None:
        pool = tuple(c for c in pool if test(c))
    if not pool:
        raise LookupError(f"no card in role {role.value}")
    return rng.choice(pool)


def uneven(card: RoleCard) -> bool:
    """A creature whose power and toughness differ (a switch shows), neither 0."""
    return (
        card.power is not None
        and card.toughness is not None
        and card.power != card.toughness
        and 0 < card.power <= 6
        and 0 < card.toughness <= 7
    )


def sized(card: RoleCard) -> bool:
    """A creature with power and toughness of 1 or more: a switch (7d) in a recipe's
    garnish never leaves it with toughness 0 (a board the engine then rejects when a later
    step names the dead creature: a replay spent for nothing)."""
    return (
        card.power is not None
        and card.toughness is not None
        and card.power > 0
        and 0 < card.toughness <= 7
    )


def creature(rng: random.Random, test: Callable[[RoleCard], bool] = sized) -> RoleCard:
    role = Role.VANILLA if rng.random() < 0.6 else Role.KEYWORD_CREATURE
    return pick(rng, role, test)


def step(card: RoleCard, label: str, controller: str, at: str = "", **extra: Any) -> dict[str, Any]:
    """The step that puts ``card`` to work: it enters (attached to ``at`` if an Aura or
    Equipment) or it is cast (at ``at`` if it targets)."""
    made: dict[str, Any] = {card.verb: card.name, "as": label, "controller": controller}
    if card.attach and at:
        made["attach"] = at
    if card.targets and at:
        made["targets"] = [at]
    if card.choice:
        made["choices"] = choices_of(card)
    made.update(extra)
    return made


def enter(card: RoleCard, label: str, controller: str, **extra: Any) -> dict[str, Any]:
    return {"enter": card.name, "as": label, "controller": controller, **extra}


def board(steps: list[dict[str, Any]], **extra: Any) -> Board:
    return {
        "format": "mtg-board/1",
        "players": list(PLAYERS),
        "active": "Alice",
        "steps": steps,
        **extra,
    }


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def aimed(card: RoleCard, owner: str) -> str:
    """Who casts or controls ``card`` aimed at ``owner``'s creature: an opponent when it
    hurts the creature, its controller when it helps."""
    return other(owner) if card.hostile else owner


def shuffled_middle(rng: random.Random, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rest = steps[1:]
    rng.shuffle(rest)
    return steps[:1] + rest


def garnish(
    rng: random.Random,
    steps: list[dict[str, Any]],
    label: str,
    owner: str,
    at: int = 1,
    setter: float = 0.6,
) -> list[dict[str, Any]]:
    """Layer 7 around the recipe's own effects, in the order where timestamps and layers
    disagree (CR 613.4): a switch (7d) right after the creature arrives, counters (7c),
    and an opponent's effect that sets base power and toughness (7b) last. The engine's
    misreadings of layer 7 then give other answers on P/T, so an item about another
    concept still has enough named wrong options."""
    made = list(steps)
    made.insert(at, step(pick(rng, Role.SWITCH_SPELL), "g1", owner, label))
    made.append({"counters": "+1/+1", "on": label, "n": rng.randint(1, 2)})
    if rng.random() < setter:
        card = pick(rng, rng.choice((Role.SETS_PT_SPELL, Role.AURA_SETS_PT)))
        made.append(step(card, "g2", other(owner), label))
    return made


def library_text(card: RoleCard) -> str:
    from rules_engine.cards import library_record

    record = library_record(card.name) or {}
    return str(record.get("oracle_text", ""))


def library_colors(card: RoleCard) -> tuple[str, ...]:
    from rules_engine.cards import library_record

    record = library_record(card.name) or {}
    return tuple(record.get("colors", ()))


# --- Layer recipes -------------------------------------------------------------------


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
    from rules_engine.cards import load_card_library
    from rules_engine.vocabulary import CREATURE_TYPES

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
    from rules_engine.cards import library_record

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


# --- Replacement and prevention recipes (CR 614-616) --------------------------------


# A doubler that doubles any creature's combat damage to an opponent of its controller
# (not only a Giant's, an equipped creature's, a spell's or noncombat damage).
BROAD_DOUBLING = re.compile(
    r"^If a (?:source|creature)(?: you control)? would deal damage to (?:a permanent or player|"
    r"an opponent)",
    re.MULTILINE,
)


def broad_doubler(card: RoleCard) -> bool:
    return card.verb == "enter" and bool(BROAD_DOUBLING.search(library_text(card)))


def hitter(rng: random.Random, most: int = 4, color: str = "") -> RoleCard:
    return creature(
        rng,
        lambda c: (
            c.power is not None
            and 1 <= c.power <= most
            and sized(c)
            and (not color or color in library_colors(c))
        ),
    )


def damage_past_effects(rng: random.Random) -> Built:
    """A creature's combat damage to a player past a damage increaser and a doubler its
    controller controls: the affected player orders them (CR 616.1), and the order changes
    the total."""
    owner = rng.choice(PLAYERS)
    increaser = pick(rng, Role.DAMAGE_INCREASER)
    red = "R" if "red" in library_text(increaser) else ""
    attacker = hitter(rng, 3, red)
    steps = [
        enter(attacker, "c1", owner),
        enter(increaser, "x1", owner),
        enter(pick(rng, Role.DAMAGE_DOUBLER, broad_doubler), "x2", owner),
    ]
    steps = shuffled_middle(rng, steps)
    event = {"damage": attacker.power, "from": "c1", "to": other(owner), "combat": True}
    return Built(board(steps, ask={"event": event}), event=True)


def counters_past_effects(rng: random.Random) -> Built:
    """Counters put on a creature past a counter doubler and an adder: its controller
    orders them (CR 616.1), doubling last gives the most."""
    owner = rng.choice(PLAYERS)
    steps = [
        enter(creature(rng), "c1", owner),
        enter(pick(rng, Role.COUNTER_DOUBLER), "x1", owner),
        enter(pick(rng, Role.COUNTER_ADDER), "x2", owner),
    ]
    steps = shuffled_middle(rng, steps)
    event = {"counters": "+1/+1", "on": "c1", "n": rng.randint(1, 2)}
    return Built(board(steps, ask={"event": event}), event=True)


def shield_step(rng: random.Random, label: str, player: str) -> dict[str, Any]:
    """A prevention shield (CR 615.7) cast by ``player`` on themselves."""
    shield = pick(
        rng,
        Role.PREVENTION_SHIELD,
        lambda c: (
            c.verb == "cast"
            and ("any target" in library_text(c) or "target player" in library_text(c))
        ),
    )
    made = step(shield, label, player)
    made["targets"] = [player]
    if "Choose one" in library_text(shield):
        made["choices"] = {"mode": 1}
    return made


def two_hits(rng: random.Random, attackers: str, victim: str) -> dict[str, Any]:
    first, second = hitter(rng, 4), hitter(rng, 4)
    return {
        "simultaneous": [
            {"damage": first.power, "from": "c1", "to": victim, "combat": True},
            {"damage": second.power, "from": "c2", "to": victim, "combat": True},
        ]
    }, [enter(first, "c1", attackers), enter(second, "c2", attackers)]


def shielded(rng: random.Random) -> Built:
    """A prevention shield spent by two attackers at once: it is a pool of points, not a
    wall and not refilled for each (CR 615.7); the damage dealt may be 0."""
    owner = rng.choice(PLAYERS)
    event, attackers = two_hits(rng, other(owner), owner)
    steps = [*attackers, shield_step(rng, "x1", owner)]
    return Built(
        board(steps, ask={"event": event}),
        event=True,
        about=frozenset({"forgot-prevention"}),
        offered=frozenset({"forgot-prevention", "one-hit-wall", "refilling-shield"}),
    )


def cant_prevent(rng: random.Random) -> Built:
    """ "Damage can't be prevented" beats a prevention shield (CR 614.17): "can't" wins."""
    owner = rng.choice(PLAYERS)
    event, attackers = two_hits(rng, other(owner), owner)
    cant = pick(rng, Role.CANT_PREVENT, lambda c: c.verb == "enter")
    steps = [
        *attackers,
        shield_step(rng, "x1", owner),
        enter(cant, "x2", other(owner)),
        enter(pick(rng, Role.DAMAGE_DOUBLER, broad_doubler), "x3", other(owner)),
    ]
    return Built(
        board(steps, ask={"event": event}),
        event=True,
        about=frozenset({"ignored-cant"}),
        offered=frozenset({"ignored-cant", "forgot-prevention"}),
    )


FIXED_COUNTERS = re.compile(
    r"^(?:this creature|~|[^.\n]*?) enters with (?:a|an|one|two|three|four|five) \+1/\+1 "
    r"counters? on it\.",
    re.IGNORECASE | re.MULTILINE,
)


def fixed_counters(card: RoleCard) -> bool:
    """Enters with a fixed number of +1/+1 counters, whatever else is on the board."""
    return card.verb == "enter" and sized(card) and bool(FIXED_COUNTERS.search(library_text(card)))


def enters_with_counters(rng: random.Random) -> Built:
    """A creature that enters with counters, under a counter doubler or adder already on
    the battlefield (CR 614.1c, 614.12)."""
    owner = rng.choice(PLAYERS)
    entering = pick(rng, Role.ENTERS_WITH_COUNTERS, fixed_counters)
    doubler = pick(rng, rng.choice((Role.COUNTER_DOUBLER, Role.COUNTER_ADDER)))
    steps = [enter(creature(rng), "c1", owner), enter(doubler, "x1", owner)]
    event = {"enter": entering.name, "controller": owner}
    return Built(
        board(steps, ask={"event": event}),
        event=True,
        offered=frozenset({"judged-as-card"}),
    )


def enters_under_humility(rng: random.Random) -> Built:
    """A creature that would enter with counters while every creature loses all abilities:
    the permanent it will be has no such ability, so it enters without them (CR 614.12);
    then layer 7 on it (a switch, counters, a set)."""
    owner = rng.choice(PLAYERS)
    entering = pick(rng, Role.ENTERS_WITH_COUNTERS, fixed_counters)
    steps = [
        enter(pick(rng, Role.REMOVES_ABILITIES_ALL), "x1", rng.choice(PLAYERS)),
        enter(pick(rng, rng.choice((Role.COUNTER_DOUBLER, Role.COUNTER_ADDER))), "x2", owner),
        enter(entering, "c1", owner),
    ]
    return Built(
        board(garnish(rng, steps, "c1", owner, at=3)),
        "c1",
        ("pt",),
        about=frozenset({"judged-as-card"}),
        offered=frozenset({"judged-as-card", "set-erases-modifiers"}),
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


def redirected(rng: random.Random) -> Built:
    """Damage to a player that a permanent of theirs takes instead (a redirection, CR
    614.9), under a damage doubler: who is dealt the damage, and how much."""
    owner = rng.choice(PLAYERS)
    wall = pick(
        rng,
        Role.REDIRECT,
        lambda c: (
            c.verb == "enter"
            and not c.attach
            and "would be dealt to you" in library_text(c)
            and "this" in library_text(c)
        ),
    )
    attacker = hitter(rng, 4)
    steps = [
        enter(wall, "x1", owner),
        enter(attacker, "c1", other(owner)),
        enter(pick(rng, Role.DAMAGE_DOUBLER, broad_doubler), "x2", other(owner)),
    ]
    event = {"damage": attacker.power, "from": "c1", "to": owner, "combat": True}
    return Built(board(steps, ask={"event": event}), event=True)


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
