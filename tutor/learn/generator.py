"""Random boards with difficulty knobs, kept only when they test something.

A board becomes an item only if at least two named misreadings get a different
answer from the rules (``items.MIN_DISTRACTORS``), so every generated question
catches a mistake. Boards use real cards from the library, so a generated
question is one a learner can meet at a table.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rules_engine.errors import BoardError
from tutor.learn.concepts import concepts_of
from tutor.learn.items import Item, NoItem, best_characteristic_item, event_item

PLAYERS = ("Alice", "Bob")
# Uneven power and toughness make switching visible.
CREATURES = (
    "Savannah Lions",
    "Goblin Piker",
    "River Boa",
    "Palisade Giant",
    "Rhox Faithmender",
    "Scarwood Treefolk",
    "Grizzly Bears",
    "Hill Giant",
    "Serra Angel",
    "Tarmogoyf",
    "Merfolk of the Pearl Trident",
)


@dataclass(frozen=True, slots=True)
class Template:
    """A card that makes a continuous effect, and how a board puts it to work."""

    card: str
    verb: str  # "enter", "cast" or "counters"
    layers: frozenset[str]
    target: bool = False  # a cast that targets a creature, or an Aura attached to one
    target_player: bool = False
    choices: tuple[tuple[str, tuple[str, ...]], ...] = ()  # key, values to pick from


def _t(card: str, verb: str, layers: str, **extra: Any) -> Template:
    return Template(card, verb, frozenset(layers.split()), **extra)


TEMPLATES: tuple[Template, ...] = (
    _t("Glorious Anthem", "enter", "7c"),
    _t("Honor of the Pure", "enter", "7c"),
    _t("Crusade", "enter", "7c"),
    _t("Elesh Norn, Grand Cenobite", "enter", "7c"),
    _t("Coat of Arms", "enter", "7c"),
    _t("Giant Growth", "cast", "7c", target=True),
    _t("+1/+1", "counters", "7c", target=True),
    _t("Unholy Strength", "enter", "7c", target=True),
    _t("Twisted Image", "cast", "7d", target=True),
    _t("Inside Out", "cast", "7d", target=True),
    _t("Diminish", "cast", "7b", target=True),
    _t("Sudden Spoiling", "cast", "6 7b", target_player=True),
    _t("Humility", "enter", "6 7b"),
    _t("Opalescence", "enter", "4 7b"),
    _t("Ovinize", "cast", "6 7b", target=True),
    _t("Turn to Frog", "cast", "4 5 6 7b", target=True),
    _t("Lignify", "enter", "4 6 7b", target=True),
    _t("Cerulean Wisps", "cast", "5", target=True),
    _t(
        "Painter's Servant",
        "enter",
        "5",
        choices=(("color", ("W", "U", "B", "R", "G")),),
    ),
    _t(
        "Conspiracy",
        "enter",
        "4",
        choices=(("creature_type", ("Elf", "Merfolk", "Human", "Bear")),),
    ),
    _t("Levitation", "enter", "6"),
    _t("Favorable Winds", "enter", "7c"),
    _t("Darkest Hour", "enter", "5"),
    _t("Lord of Atlantis", "enter", "6 7c"),
)
# How often the effects are put in the order that makes timestamps and layers disagree.
TRAP_ORDER = 0.85
GRAVEYARD_CARDS = ("Forest", "Grizzly Bears", "Giant Growth", "Glorious Anthem", "Bonesplitter")


@dataclass(frozen=True, slots=True)
class Knobs:
    """How hard a generated board is."""

    effects: int = 3
    creatures: int = 2
    layers: frozenset[str] = frozenset({"4", "5", "6", "7b", "7c", "7d"})
    # Prefer pairs whose order depends on one another (613.8).
    dependency: bool = False


LEVELS: dict[int, Knobs] = {
    1: Knobs(effects=2, creatures=1, layers=frozenset({"7b", "7c", "7d"})),
    2: Knobs(effects=3, creatures=2, layers=frozenset({"5", "6", "7b", "7c", "7d"})),
    3: Knobs(effects=4, creatures=2),
    4: Knobs(effects=5, creatures=3, dependency=True),
}
DEPENDENT_PAIRS = (
    ("Levitation", "Favorable Winds"),
    ("Opalescence", "Humility"),
    ("Conspiracy", "Lord of Atlantis"),
)


def item_concepts(item: Item) -> tuple[str, ...]:
    """What a generated item tests: its kind, and the mistakes its wrong options catch."""
    return concepts_of(item.kind, [c.misconception for c in item.distractors])


@dataclass
class Generated:
    item: Item
    concepts: tuple[str, ...]
    level: int


@dataclass
class Stats:
    candidates: int = 0
    rejected: int = 0
    reasons: dict[str, int] = field(default_factory=dict)


def layer_board(rng: random.Random, knobs: Knobs) -> dict[str, Any]:
    """A random board for ``knobs``."""
    pool = [t for t in TEMPLATES if t.layers <= knobs.layers]
    chosen: list[Template] = []
    if knobs.dependency:
        pair = rng.choice(DEPENDENT_PAIRS)
        chosen += [t for t in TEMPLATES if t.card in pair]
    while len(chosen) < knobs.effects:
        chosen.append(rng.choice(pool))
    if len({min(t.layers) for t in chosen}) == 1:
        # Effects of one layer mostly commute: one from another layer makes the order matter.
        others = [t for t in pool if min(t.layers) != min(chosen[0].layers)]
        if others:
            chosen[-1] = rng.choice(others)
    creatures = [
        {
            "enter": rng.choice(CREATURES),
            "as": f"c{i + 1}",
            "controller": rng.choice(PLAYERS),
        }
        for i in range(knobs.creatures)
    ]
    steps: list[dict[str, Any]] = [creatures[0]]
    rest: list[Any] = creatures[1:] + chosen
    rng.shuffle(rest)
    if rng.random() < TRAP_ORDER:
        # The trap: later layers' effects began first, so timestamps and layers disagree.
        effects = sorted(chosen, key=lambda t: min(t.layers), reverse=True)
        slots = [i for i, thing in enumerate(rest) if isinstance(thing, Template)]
        for i, template in zip(slots, effects, strict=True):
            rest[i] = template
    entered = ["c1"]
    for n, thing in enumerate(rest):
        if isinstance(thing, dict):
            steps.append(thing)
            entered.append(thing["as"])
            continue
        steps.append(_step(thing, f"e{n + 1}", rng, entered))
    board: dict[str, Any] = {
        "format": "mtg-board/1",
        "players": list(PLAYERS),
        "active": "Alice",
        "steps": steps,
    }
    if any(c["enter"] == "Tarmogoyf" for c in creatures):
        board["zones"] = {"Alice": {"graveyard": rng.sample(GRAVEYARD_CARDS, 2)}}
    return board


def _step(template: Template, label: str, rng: random.Random, entered: list[str]) -> dict:
    target = rng.choice(entered)
    if template.verb == "counters":
        return {"counters": template.card, "on": target, "n": rng.randint(1, 2)}
    step: dict[str, Any] = {template.verb: template.card, "as": label}
    step["controller"] = rng.choice(PLAYERS)
    if template.target_player:
        step["targets"] = [rng.choice(PLAYERS)]
    elif template.target and template.verb == "cast":
        step["targets"] = [target]
    elif template.target:
        step["attach"] = target
    if template.choices:
        step["choices"] = {key: rng.choice(values) for key, values in template.choices}
    return step


def generate(
    seed: int, level: int = 2, *, stats: Stats | None = None, attempts: int = 200
) -> Generated:
    """One item at ``level`` (1-4), from the first candidate board that tests something."""
    rng = random.Random(seed)
    knobs = LEVELS[level]
    stats = stats if stats is not None else Stats()
    for _ in range(attempts):
        stats.candidates += 1
        board = layer_board(rng, knobs)
        try:
            item = best_characteristic_item(board)
        except (NoItem, BoardError) as reason:
            stats.rejected += 1
            name = type(reason).__name__
            stats.reasons[name] = stats.reasons.get(name, 0) + 1
            continue
        return Generated(item, item_concepts(item), level)
    raise NoItem(f"no board at level {level} tested anything in {attempts} tries")


def generate_many(count: int, seed: int = 0, stats: Stats | None = None) -> Iterator[Generated]:
    for n in range(count):
        yield generate(seed * 100_003 + n, level=1 + n % len(LEVELS), stats=stats)


# --- Replacement boards ----------------------------------------------------------

COUNTER_EFFECTS = ("Doubling Season", "Hardened Scales", "Corpsejack Menace", "Winding Constrictor")
DAMAGE_EFFECTS = ("Furnace of Rath", "Dictate of the Twin Gods", "Torbran, Thane of Red Fell")


def event_board(rng: random.Random, choices: int) -> dict[str, Any]:
    """Permanents with replacement effects and one event they all want (``choices`` of them)."""
    if rng.random() < 0.5:
        effects = rng.sample(COUNTER_EFFECTS, min(choices, len(COUNTER_EFFECTS)))
        event = {"counters": "+1/+1", "on": "c1", "n": rng.randint(1, 3)}
    else:
        effects = rng.sample(DAMAGE_EFFECTS, min(choices, len(DAMAGE_EFFECTS)))
        event = {"damage": rng.randint(1, 4), "from": "c1", "to": "Bob", "combat": True}
    steps = [{"enter": rng.choice(CREATURES[:4]), "as": "c1", "controller": "Alice"}]
    steps += [
        {"enter": card, "as": f"r{i + 1}", "controller": "Alice"} for i, card in enumerate(effects)
    ]
    rng.shuffle(steps)
    return {
        "format": "mtg-board/1",
        "players": list(PLAYERS),
        "active": "Alice",
        "steps": steps,
        "ask": {"event": event},
    }


def generate_event(seed: int, choices: int = 2, attempts: int = 50) -> Generated:
    rng = random.Random(seed)
    for _ in range(attempts):
        try:
            item = event_item(event_board(rng, choices))
        except (NoItem, BoardError):
            continue
        return Generated(item, item_concepts(item), choices)
    raise NoItem("no replacement board tested anything")
