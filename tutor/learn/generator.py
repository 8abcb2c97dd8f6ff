"""Random boards with difficulty knobs, kept only when they test something.

A board becomes an item only if at least two named misreadings get a different
answer from the rules (``items.MIN_DISTRACTORS``), so every generated question
catches a mistake. Boards use real cards from the library, so a generated
question is one a learner can meet at a table.

Board labels here are short codes ("gswi6" for the switch spell), never English
words: learners only ever see card names, and the label-leak test can tell a label
that slipped into a page from an ordinary word only when labels are not words.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from rules_engine import BoardError
from tutor.learn.concepts import concepts_of
from tutor.learn.handwritten import HAND_WRITTEN, variants
from tutor.learn.handwritten import SWITCHES as HAND_SWITCHES
from tutor.learn.item_forms import amount_item, combined_item, select_all_item, sequence_item
from tutor.learn.items import (
    MAX_DISTRACTORS,
    MIN_DISTRACTORS,
    Item,
    NoItem,
    best_characteristic_item,
    evaluate_all,
    event_item,
    outcome_item,
)
from tutor.learn.lesson_items import item_for_board
from tutor.learn.levels import Family, at_level
from tutor.learn.variations import VARIED, lesson_boards, vary

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
class EffectCard:
    """A card that makes a continuous effect, and how a board puts it to work."""

    card: str
    verb: str  # "enter", "cast" or "counters"
    layers: frozenset[str]
    target: bool = False  # a cast that targets a creature, or an Aura attached to one
    hostile: bool = False  # a player aims it at an opponent's creature (or at an opponent)
    target_player: bool = False
    choices: tuple[tuple[str, tuple[str, ...]], ...] = ()  # key, values to pick from


def _t(card: str, verb: str, layers: str, **extra: Any) -> EffectCard:
    return EffectCard(card, verb, frozenset(layers.split()), **extra)


EFFECT_CARDS: tuple[EffectCard, ...] = (
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
    _t("Diminish", "cast", "7b", target=True, hostile=True),
    _t("Sudden Spoiling", "cast", "6 7b", target_player=True, hostile=True),
    _t("Humility", "enter", "6 7b"),
    _t("Opalescence", "enter", "4 7b"),
    _t("Ovinize", "cast", "6 7b", target=True, hostile=True),
    _t("Turn to Frog", "cast", "4 5 6 7b", target=True, hostile=True),
    _t("Lignify", "enter", "4 6 7b", target=True, hostile=True),
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
    1: Knobs(effects=3, creatures=1, layers=frozenset({"7b", "7c", "7d"})),
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
    pool = [t for t in EFFECT_CARDS if t.layers <= knobs.layers]
    chosen: list[EffectCard] = []
    if knobs.dependency:
        pair = rng.choice(DEPENDENT_PAIRS)
        chosen += [t for t in EFFECT_CARDS if t.card in pair]
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
        slots = [i for i, thing in enumerate(rest) if isinstance(thing, EffectCard)]
        for i, effect_card in zip(slots, effects, strict=True):
            rest[i] = effect_card
    entered = {"c1": creatures[0]["controller"]}
    for n, thing in enumerate(rest):
        if isinstance(thing, dict):
            steps.append(thing)
            entered[thing["as"]] = thing["controller"]
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


def _step(
    effect_card: EffectCard, label: str, rng: random.Random, entered: dict[str, str]
) -> dict[str, Any]:
    """The effect's step, aimed as a player would aim it: a pump at their own creature, a
    shrinking spell or Aura at an opponent's (never Lignify on your own creature)."""
    target = rng.choice(sorted(entered))
    owner = entered[target]
    if effect_card.verb == "counters":
        return {"counters": effect_card.card, "on": target, "n": rng.randint(1, 2)}
    step: dict[str, Any] = {effect_card.verb: effect_card.card, "as": label}
    if effect_card.target or effect_card.target_player:
        step["controller"] = _opponent(owner) if effect_card.hostile else owner
    else:
        step["controller"] = rng.choice(PLAYERS)
    if effect_card.target_player:
        step["targets"] = [owner]  # an opponent who has a creature to hit
    elif effect_card.target and effect_card.verb == "cast":
        step["targets"] = [target]
    elif effect_card.target:
        step["attach"] = target
    if effect_card.choices:
        step["choices"] = {key: rng.choice(values) for key, values in effect_card.choices}
    return step


def _opponent(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


SWITCHES = ("Twisted Image", "Inside Out")
# Uneven pumps: +3/+3 or a +1/+1 counter gives the same answer switched before or after.
PUMPS = ("Unholy Strength", "Rally the Peasants")
SETTERS = ("Diminish", "Ovinize", "Lignify", "Godhead of Awe")


def pt_board(rng: random.Random, knobs: Knobs) -> dict[str, Any]:
    """Layer 7 in the trap order: a switch (7d) began first, a pump or counters (7c) next,
    then two effects that set power and toughness (7b) an opponent aimed at the creature,
    so timestamps, newest-first and switching early each give another answer."""
    creature = rng.choice(CREATURES[:8])
    steps: list[dict[str, Any]] = [{"enter": creature, "as": "c1", "controller": "Alice"}]
    switch = rng.choice(SWITCHES)
    steps.append({"cast": switch, "as": "gswi6", "controller": "Alice", "targets": ["c1"]})
    pump = rng.choice(PUMPS)
    if pump == "Unholy Strength":
        steps.append({"enter": pump, "as": "gpum4", "controller": "Alice", "attach": "c1"})
    else:
        steps.append({"cast": pump, "as": "gpum4", "controller": "Alice"})
    for n, setter in enumerate(rng.sample(SETTERS, 2 if knobs.effects > 2 else 1)):
        label = f"set{n + 1}"
        if setter == "Godhead of Awe":
            steps.append({"enter": setter, "as": label, "controller": "Bob"})
        elif setter == "Lignify":
            steps.append({"enter": setter, "as": label, "controller": "Bob", "attach": "c1"})
        else:
            steps.append({"cast": setter, "as": label, "controller": "Bob", "targets": ["c1"]})
    if rng.random() < 0.5:
        # The pump after the sets sometimes: the order inside the 7b-7c-7d trap varies.
        steps.append(steps.pop(2))
    if rng.random() < 0.5:
        steps.insert(
            rng.randint(1, len(steps)), {"counters": "+1/+1", "on": "c1", "n": rng.randint(1, 2)}
        )
    if rng.random() < 0.5:
        anthem = rng.choice(("Glorious Anthem", "Honor of the Pure", "Crusade"))
        steps.insert(
            rng.randint(1, len(steps)), {"enter": anthem, "as": "gant6", "controller": "Alice"}
        )
    return {"format": "mtg-board/1", "players": list(PLAYERS), "active": "Alice", "steps": steps}


def generate(
    seed: int, level: int = 2, *, stats: Stats | None = None, attempts: int = 200
) -> Generated:
    """One item at ``level`` (1-4), from the first candidate board that tests something:
    layer 7 trap boards at levels 1-2, mixed boards at 3-4 (layer 7 again when a mixed
    board keeps failing to test anything)."""
    rng = random.Random(seed)
    knobs = LEVELS[level]
    stats = stats if stats is not None else Stats()
    for attempt in range(attempts):
        stats.candidates += 1
        mixed = level >= 3 and attempt < MIXED_TRIES
        board = layer_board(rng, knobs) if mixed else pt_board(rng, knobs)
        try:
            # A mixed board must offer four answers to be kept over a layer 7 trap board.
            least = MAX_DISTRACTORS if mixed else MIN_DISTRACTORS
            item = best_characteristic_item(board, None if mixed else "c1", least=least)
        except (NoItem, BoardError) as reason:
            stats.rejected += 1
            name = type(reason).__name__
            stats.reasons[name] = stats.reasons.get(name, 0) + 1
            continue
        return Generated(item, item_concepts(item), level)
    raise NoItem(f"no board at level {level} tested anything in {attempts} tries")


# Mixed boards tried before falling back to a layer 7 trap board.
MIXED_TRIES = 3


def generate_many(count: int, seed: int = 0, stats: Stats | None = None) -> Iterator[Generated]:
    for n in range(count):
        yield generate(seed * 100_003 + n, level=1 + n % len(LEVELS), stats=stats)


# --- Replacement boards ----------------------------------------------------------

COUNTER_EFFECTS = ("Doubling Season", "Hardened Scales", "Corpsejack Menace", "Winding Constrictor")
DOUBLERS = ("Furnace of Rath", "Dictate of the Twin Gods")
# Red creatures (Torbran adds to a red source's damage), with their power.
RED_ATTACKERS = (("Goblin Piker", 2), ("Hill Giant", 3))


def _board(steps: list[dict[str, Any]], event: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": list(PLAYERS),
        "active": "Alice",
        "steps": steps,
        "ask": {"event": event},
    }


def damage_board(rng: random.Random) -> dict[str, Any]:
    """Alice's red creature hits Bob past her Torbran and a doubler (Bob orders them, 616.1),
    sometimes into Bob's Healing Salve shield."""
    card, power = rng.choice(RED_ATTACKERS)
    steps: list[dict[str, Any]] = [
        {"enter": "Torbran, Thane of Red Fell", "as": "gtor7", "controller": "Alice"},
        {"enter": rng.choice(DOUBLERS), "as": "gdou7", "controller": rng.choice(PLAYERS)},
        {"enter": card, "as": "c1", "controller": "Alice"},
    ]
    rng.shuffle(steps)
    if rng.random() < 0.3:
        steps.append(
            {
                "cast": "Healing Salve",
                "as": "gsal5",
                "controller": "Bob",
                "targets": ["Bob"],
                "choices": {"mode": 1},
            }
        )
    return _board(steps, {"damage": power, "from": "c1", "to": "Bob", "combat": True})


def burst_board(rng: random.Random) -> dict[str, Any]:
    """A kicked Burst Lightning at Bob under a doubler: its own "instead" goes first (616.1a)."""
    steps: list[dict[str, Any]] = [
        {"enter": rng.choice(DOUBLERS), "as": "gdou7", "controller": rng.choice(PLAYERS)}
    ]
    if rng.random() < 0.3:
        steps.insert(
            0, {"enter": "Torbran, Thane of Red Fell", "as": "gtor7", "controller": "Alice"}
        )
    steps.append(
        {
            "cast": "Burst Lightning",
            "as": "gbur5",
            "controller": "Alice",
            "choices": {"kicked": True},
        }
    )
    return _board(steps, {"damage": 2, "from": "gbur5", "to": "Bob"})


def counters_board(rng: random.Random) -> dict[str, Any]:
    """Counters on Alice's creature past her own counter effects."""
    effects = rng.sample(COUNTER_EFFECTS, 2)
    steps = [{"enter": rng.choice(CREATURES[:4]), "as": "c1", "controller": "Alice"}]
    steps += [
        {"enter": card, "as": f"r{i + 1}", "controller": "Alice"} for i, card in enumerate(effects)
    ]
    rng.shuffle(steps)
    return _board(steps, {"counters": "+1/+1", "on": "c1", "n": rng.randint(1, 2)})


EVENT_FAMILIES = (damage_board,) * 5 + (burst_board,) * 2 + (counters_board,)


def event_board(rng: random.Random, choices: int = 2) -> dict[str, Any]:
    """A board with replacement effects and one event they want (``choices``: kept for
    callers; the families decide how many effects apply)."""
    return rng.choice(EVENT_FAMILIES)(rng)


def generate_event(seed: int, choices: int = 2, attempts: int = 50) -> Generated:
    rng = random.Random(seed)
    for _ in range(attempts):
        try:
            item = event_item(event_board(rng, choices))
        except (NoItem, BoardError):
            continue
        return Generated(item, item_concepts(item), choices)
    raise NoItem("no replacement board tested anything")


# --- Boards about one mistake -----------------------------------------------------


def _layer_steps(steps: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "mtg-board/1", "players": list(PLAYERS), "active": "Alice", "steps": steps}


def dependency_board(rng: random.Random) -> tuple[dict[str, Any], str]:
    """Urborg then Blood Moon: Urborg's effect depends on Blood Moon's in layer 4 (613.8a)."""
    land = rng.choice(("Forest", "Island", "Plains"))
    steps = [
        {"enter": "Urborg, Tomb of Yawgmoth", "as": "gurb6", "controller": rng.choice(PLAYERS)},
        {"enter": land, "as": "glan4", "controller": rng.choice(PLAYERS)},
        {"enter": "Blood Moon", "as": "gmoo4", "controller": rng.choice(PLAYERS)},
    ]
    if rng.random() < 0.5:
        steps.insert(1, {"enter": "Grizzly Bears", "as": "c1", "controller": "Alice"})
    return _layer_steps(steps), "glan4"


CDAS = ("Tarmogoyf", "Nightmare")


def cda_board(rng: random.Random) -> tuple[dict[str, Any], str]:
    """Godhead of Awe (7b) before a creature whose CDA sets its P/T (7a goes first, 613.3),
    then a switch and an uneven pump, so timestamps and early switching give other answers."""
    steps: list[dict[str, Any]] = [
        {"enter": "Godhead of Awe", "as": "ggod7", "controller": rng.choice(PLAYERS)},
        {"enter": "Swamp", "as": "s1", "controller": "Alice"},
        {"enter": "Swamp", "as": "s2", "controller": "Alice"},
        {"enter": rng.choice(CDAS), "as": "gcda3", "controller": "Alice"},
        {"cast": "Twisted Image", "as": "gswi6", "controller": "Alice", "targets": ["gcda3"]},
        {"cast": "Rally the Peasants", "as": "gral5", "controller": "Alice"},
    ]
    if rng.random() < 0.5:
        steps.append({"counters": "+1/+1", "on": "gcda3", "n": 1})
    board = _layer_steps(steps)
    board["zones"] = {"Alice": {"graveyard": rng.sample(GRAVEYARD_CARDS, 2)}}
    return board, "gcda3"


PUMPS_FOR_ALL = ("Rally the Peasants", "Overrun")


def locked_board(rng: random.Random) -> tuple[dict[str, Any], str]:
    """A resolved "creatures you control get ..." and a creature that arrives later (611.2c),
    which an opponent then shrinks and its controller switches and enchants."""
    steps: list[dict[str, Any]] = [
        {"enter": rng.choice(CREATURES[:6]), "as": "c1", "controller": "Alice"},
        {"cast": rng.choice(PUMPS_FOR_ALL), "as": "gpum4", "controller": "Alice"},
        {"enter": rng.choice(CREATURES[:6]), "as": "c2", "controller": "Alice"},
        {"cast": "Twisted Image", "as": "gswi6", "controller": "Alice", "targets": ["c2"]},
        {
            "cast": rng.choice(("Diminish", "Ovinize")),
            "as": "gset3",
            "controller": "Bob",
            "targets": ["c2"],
        },
        {"enter": "Unholy Strength", "as": "gaur4", "controller": "Alice", "attach": "c2"},
    ]
    return _layer_steps(steps), "c2"


def humility_board(rng: random.Random) -> tuple[dict[str, Any], str]:
    """Opalescence makes Humility a creature, so Humility takes its own abilities away in
    layer 6, yet its 1/1 still applies to it in 7b, as it began (613.6); its controller
    then pumps and switches it."""
    owner = rng.choice(PLAYERS)
    steps: list[dict[str, Any]] = [
        {"enter": "Opalescence", "as": "gopa4", "controller": rng.choice(PLAYERS)},
        {"enter": "Humility", "as": "ghum8", "controller": owner},
    ]
    rng.shuffle(steps)
    steps.append(
        {"cast": "Twisted Image", "as": "gswi6", "controller": owner, "targets": ["ghum8"]}
    )
    steps.append({"cast": "Rally the Peasants", "as": "gral5", "controller": owner})
    return _layer_steps(steps), "ghum8"


def printed_board(rng: random.Random) -> tuple[dict[str, Any], str]:
    """One creature changed by a few effects: the board is about reading it as it is now
    rather than as printed, so the printed card is a fair wrong answer here."""
    return pt_board(rng, LEVELS[1]), "c1"


FOCUSED: dict[str, Callable[[random.Random], tuple[dict[str, Any], str]]] = {
    "ignore-dependency": dependency_board,
    "cda-by-timestamp": cda_board,
    "recheck-resolved-set": locked_board,
    "printed-values": printed_board,
    "effect-stops-midway": humility_board,
}


def generate_focused(seed: int, about: str, attempts: int = 50) -> Generated:
    """An item from a board built to catch the misreading ``about``, which must be offered."""
    rng = random.Random(seed)
    make = FOCUSED[about]
    for _ in range(attempts):
        board, label = make(rng)
        try:
            item = best_characteristic_item(board, label, least=1, about=frozenset({about}))
        except (NoItem, BoardError):
            continue
        if any(c.misconception == about for c in item.distractors):
            item = replace(item, family=f"focused-{about}/single")
            return Generated(item, item_concepts(item), 0)
    raise NoItem(f"no board caught {about!r} in {attempts} tries")


# --- Practice from recipes (issue 28) ---------------------------------------------

# Attempts at one family before the next family of the level is tried.
RECIPE_TRIES = 8


def recipe_item(family: Family, rng: random.Random) -> Item:
    """One item of ``family`` from a fresh board of its recipe, checked by the engine: the
    key is the engine's answer, each wrong option a named misreading's; dropped when the
    misreading the board is built to catch gives the key anyway."""
    built = family.recipe.build(rng)
    board = built.board
    if not built.event:
        if not built.label:
            built = replace(built, label=_changed_by(board, built.about))
        board = dict(board, ask={"characteristics": built.label})
    rewritten = variants(board, built.offered)
    switches = tuple(m for m in HAND_SWITCHES if m.slug in built.offered)
    # Hand-written mistakes the engine itself can make on an event (``replacement``).
    switches += tuple(
        h.misconception
        for h in HAND_WRITTEN
        if h.misconception.slug in built.offered and h.misconception.replacement is not None
    )
    about = built.about | built.offered
    if family.form == "outcome":
        item = outcome_item(board, least=MIN_DISTRACTORS, variants=rewritten, switches=switches)
    elif family.form == "amount":
        item = amount_item(board, about, rewritten, switches)
    elif family.form == "combined":
        fields = _combined_fields(built.fields)
        item = combined_item(board, built.label, fields, about, rewritten, switches)
    elif family.form == "sequence":
        item = sequence_item(board, built.label, about, rewritten, switches)
    elif family.form == "select-all":
        fields = tuple(dict.fromkeys(("pt", *built.fields)))[:3]
        item = select_all_item(board, built.label, fields, about, rewritten, switches)
    else:
        item = best_characteristic_item(
            board,
            built.label,
            about=about,
            fields=built.fields,
            variants=rewritten,
            switches=switches,
        )
    if built.about and not any(c.misconception in built.about for c in item.distractors):
        raise NoItem("the misreading this board is built to catch gives the key")
    return replace(item, family=family.name)


def _changed_by(board: dict[str, Any], about: frozenset[str]) -> str:
    """The object whose characteristics the misreadings ``about`` change (the first, by
    label): what a board built to catch them asks about."""
    from rules_engine import characteristics_json

    evaluated = evaluate_all(board)
    for label in sorted(evaluated.right.chars):
        right = characteristics_json(evaluated.right.chars[label])
        for slug in sorted(about & set(evaluated.wrong)):
            wrong = evaluated.wrong[slug].chars.get(label)
            if wrong is not None and characteristics_json(wrong) != right:
                return label
    raise NoItem("no misreading this board is about changes anything on it")


def _combined_fields(fields: tuple[str, ...]) -> tuple[str, ...]:
    """P/T, abilities and types together ("3/3 · Flying · Creature")."""
    chosen = list(dict.fromkeys((*fields[:2], "pt", "abilities")))
    return tuple(chosen[:3])


def generate_recipe(seed: int, level: int) -> Generated:
    """The practice question of (seed, level): a family of the level by the seed, and a
    board from its recipe; the next family when one keeps failing (rare)."""
    families = at_level(level)
    rng = random.Random(seed * 10 + level)
    start = _recipe_turn(seed) % len(families)
    for offset in range(len(families)):
        family = families[(start + offset) % len(families)]
        spare: Item | None = None
        for n in range(RECIPE_TRIES):
            try:
                item = recipe_item(family, rng)
            except (NoItem, BoardError, LookupError):
                continue
            if item.select_all or len(item.distractors) >= MAX_DISTRACTORS:
                return _made(item, family, level)
            spare = spare or item
            if n >= FOUR_OPTION_TRIES or family.four_rate < RARELY_FOUR:
                break
        if spare is not None:
            return _made(spare, family, level)
    raise NoItem(f"no recipe at level {level} made an item for seed {seed}")


def _recipe_turn(seed: int) -> int:
    """The seed counted among the seeds that go to recipes (the varied lesson slots left
    out): a level's families take turns over consecutive seeds, and none always meets a
    varied slot (with ten families, seed % 10 == 3 would always be slot 3 or 13)."""
    cycle, slot = divmod(seed, 20)
    return cycle * (20 - len(VARIED_SLOTS)) + slot - sum(1 for s in VARIED_SLOTS if s < slot)


# Attempts at a four-option item before a three-option one found earlier is kept; none
# in a family that rarely gives four (measured, ``levels.estimates``): each attempt is a
# board the engine replays, and the hunt would only slow every item of the family down.
FOUR_OPTION_TRIES = 2
RARELY_FOUR = 0.3


def _made(item: Item, family: Family, level: int) -> Generated:
    concepts = tuple(dict.fromkeys((*family.concepts, *item_concepts(item))))
    return Generated(item, concepts, level)


def generate_varied(seed: int, concept: str, level: int, attempts: int = 6) -> Generated:
    """A lesson board of ``concept`` varied with library cards (``variations``), asked as
    its lesson asks it, with at least two wrong options when some variation gives them."""
    rng = random.Random(seed * 31 + level)
    boards = lesson_boards()[concept]
    spare: Item | None = None
    for _ in range(attempts):
        board = vary(rng.choice(boards), rng)
        try:
            item = item_for_board(board, concept)
        except (NoItem, BoardError):
            continue
        item = replace(item, family=f"lesson-{concept}/varied")
        if len(item.distractors) >= MIN_DISTRACTORS:
            return Generated(item, tuple(dict.fromkeys((concept, *item_concepts(item)))), level)
        spare = spare or item
    if spare is None:
        raise NoItem(f"no variation of a {concept} lesson board made an item")
    return Generated(spare, tuple(dict.fromkeys((concept, *item_concepts(spare)))), level)


# Out of every 20 practice questions: one older board about ignoring dependency (Urborg and
# Blood Moon), four lesson boards varied with library cards for the
# concepts no recipe covers yet, and the rest from recipes filled from the library.
FOCUSED_SLOTS: dict[int, str] = {}
VARIED_SLOTS = (3, 13)


def generate_mixed(seed: int, level: int = 2) -> Generated:
    """The practice question of ``seed`` at ``level``: recipes filled from the library,
    interleaved with varied lesson boards and the boards about dependency."""
    slot = FOCUSED_SLOTS.get(seed % 20)
    if slot is not None:
        try:
            return generate_focused(seed * 10 + level, slot)
        except NoItem:
            pass
    if seed % 20 in VARIED_SLOTS:
        turn = seed // 20 * len(VARIED_SLOTS) + VARIED_SLOTS.index(seed % 20)
        try:
            return generate_varied(seed, VARIED[turn % len(VARIED)], level)
        except NoItem:
            pass
    return generate_recipe(seed, level)
