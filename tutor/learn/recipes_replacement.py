"""Practice recipes about replacement and prevention effects (CR 614-616), and the
redirection of damage (CR 614.9). The table of every recipe is ``recipes.RECIPES``.
"""

from __future__ import annotations

import random
import re
from typing import Any

from tutor.learn.recipe_parts import (
    PLAYERS,
    Built,
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
)
from tutor.learn.roles import Role, RoleCard

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


def two_hits(
    rng: random.Random, attackers: str, victim: str
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Two creatures' combat damage to ``victim`` at once, and the steps that put them in."""
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
