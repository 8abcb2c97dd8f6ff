"""Roles: what a real card's effect does, as the engine itself reads it.

A practice recipe (``recipes``) names roles, never cards: "an anthem for creatures you
control (7c)", "a counter doubler". Each role is filled from every card of the project's
library (``rules_engine/data/cards/``) whose every ability the engine reads (no "not
modelled" sentence, ``gaps.card_report``), classified from the engine's own reading of it:
the layers and actions of its continuous effects (``effects.EffectSpec``), the families of
its replacement, prevention and "can't" effects (``replacement/specs.py``). A card is kept
only when a small board with it in play (or cast) has an empty ``not_modelled`` answer.

Reading 18,000 cards takes minutes, so the roles are built once into
``data/roles.json.gz`` (``python -m tutor.learn.roles``, a few minutes under ``nice``) and
loaded in milliseconds; ``tests/learn/test_roles.py`` re-checks a random sample against the
engine, so the file cannot go stale silently.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "roles.json.gz"


class Role(StrEnum):
    """What an effect does, by layer, sublayer and kind (CR 613.1, 614-616)."""

    # Permanents whose static ability changes creatures (CR 611.3, 613.1).
    ANTHEM_YOURS = "anthem-yours"  # 7c: creatures you control get +N/+N
    ANTHEM_ALL = "anthem-all"  # 7c: all creatures get +N/+N (or -N/-N)
    SETS_PT_ALL = "sets-pt-all"  # 7b: creatures have base power and toughness N/N
    REMOVES_ABILITIES_ALL = "removes-abilities-all"  # 6: creatures lose all abilities
    GRANTS_YOURS = "grants-yours"  # 6: creatures you control have <keyword>
    TYPE_CHANGE_ALL = "type-change-all"  # 4: permanents become/are <type>
    COLOR_CHANGE_ALL = "color-change-all"  # 5
    # Auras and Equipment (CR 613.7e: a new timestamp when attached).
    AURA_PUMP = "aura-pump"  # 7c
    AURA_SETS_PT = "aura-sets-pt"  # 7b
    AURA_REMOVES_ABILITIES = "aura-removes-abilities"  # 6 (often with 4 and 7b)
    AURA_GRANTS = "aura-grants"  # 6
    AURA_CONTROL = "aura-control"  # 2
    AURA_TYPE = "aura-type"  # 4
    EQUIPMENT_PUMP = "equipment-pump"  # 7c
    # Spells (CR 611.2: an effect from a resolved spell; 611.2c: its set is locked in).
    PUMP_SPELL = "pump-spell"  # 7c, a target
    SETS_PT_SPELL = "sets-pt-spell"  # 7b, a target
    SWITCH_SPELL = "switch-spell"  # 7d, a target
    GRANT_SPELL = "grant-spell"  # 6, a target
    STEAL_SPELL = "steal-spell"  # 2, a target
    MASS_PUMP_SPELL = "mass-pump-spell"  # 7c, "creatures you control": locked in (611.2c)
    TEXT_CHANGE_SPELL = "text-change-spell"  # 3 (CR 612)
    TYPE_SPELL = "type-spell"  # 4, a target
    COLOR_SPELL = "color-spell"  # 5, a target
    # Objects.
    CDA = "cda"  # 7a (CR 604.3)
    VANILLA = "vanilla"  # a creature with no rules text (CR 613.1 starts from it)
    KEYWORD_CREATURE = "keyword-creature"  # a creature whose only abilities are keywords
    ENTERS_AS_COPY = "enters-as-copy"  # CR 707, 614.1c
    MORPH = "morph"  # can be face down (CR 708)
    # Replacement and prevention (CR 614-616).
    COUNTER_DOUBLER = "counter-doubler"
    COUNTER_ADDER = "counter-adder"
    TOKEN_DOUBLER = "token-doubler"
    DAMAGE_DOUBLER = "damage-doubler"
    DAMAGE_INCREASER = "damage-increaser"
    PREVENTION_SHIELD = "prevention-shield"  # a spell: "prevent the next N damage" (615.7)
    PREVENTION_STATIC = "prevention-static"  # a permanent's prevention (615)
    REDIRECT = "redirect"  # 614.9
    ENTERS_TAPPED = "enters-tapped"  # 614.1c, 614.12
    ENTERS_WITH_COUNTERS = "enters-with-counters"  # 614.1c, 614.12
    CANT = "cant"  # 614.17
    CANT_PREVENT = "cant-prevent"  # "damage can't be prevented" (614.17)
    LIFE_GAIN_MODIFY = "life-gain-modify"
    DRAW_REPLACEMENT = "draw-replacement"


@dataclass(frozen=True, slots=True)
class RoleCard:
    """One card in one role: how a board puts it to work."""

    name: str
    role: Role
    verb: str  # "enter" or "cast"
    mana_value: int = 0
    # Auras and Equipment are attached; spells aimed at a creature name it as a target.
    attach: bool = False
    targets: int = 0
    power: int | None = None
    toughness: int | None = None
    # A creature type, colour or other choice the card asks for as it enters or resolves.
    choice: str = ""
    # It shrinks or weakens what it touches (-N/-N, a lower base P/T): a player aims it at an
    # opponent's creature.
    hostile: bool = False

    def as_json(self) -> dict[str, Any]:
        data = {
            "name": self.name,
            "role": self.role.value,
            "verb": self.verb,
            "mv": self.mana_value,
            "attach": self.attach,
            "targets": self.targets,
            "power": self.power,
            "toughness": self.toughness,
            "choice": self.choice,
            "hostile": self.hostile,
        }
        kept = {k: v for k, v in data.items() if v not in (None, False, "", 0)}
        # A 0 power or toughness is a value (Waxen Shapethief is 0/0), not a missing one.
        return kept | {k: data[k] for k in ("power", "toughness") if data[k] is not None}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoleCard:
        return cls(
            data["name"],
            Role(data["role"]),
            data.get("verb", "enter"),
            data.get("mv", 0),
            data.get("attach", False),
            data.get("targets", 0),
            data.get("power"),
            data.get("toughness"),
            data.get("choice", ""),
            data.get("hostile", False),
        )


# --- Cheap text checks: which cards are worth asking the engine about --------------

# A card is read by the engine only if its text says one of these (or it has no text).
PROMISING = re.compile(
    r"get [+-]\d|gets [+-]\d|base power|power and toughness|lose all abilities|"
    r"loses all abilities|have (?:flying|trample|haste|vigilance|lifelink|deathtouch|"
    r"first strike|reach|hexproof|indestructible|menace)|has (?:flying|trample|haste|"
    r"vigilance|lifelink|deathtouch|first strike|reach|hexproof|indestructible)|"
    r"gain control|you control enchanted|switch|\bis a\b|\bare\b .*\b(?:creatures|lands)\b|"
    r"becomes? (?:a|an|the color|black|white|blue|red|green|colorless)|"
    r"enter as a copy|copy of|prevent|twice that many|that many plus|"
    r"instead|can't|enters (?:tapped|with)|morph|"
    r"power is equal|toughness are each equal|power and toughness are each|"
    # Text changes (CR 612): "Change the text of target spell or permanent by replacing
    # all instances of one color word with another" (Sleight of Mind, Magical Hack).
    r"text of target|all instances of",
    re.IGNORECASE,
)
# Wordings that never make a role (or that the engine reports as not modelled anyway).
SKIP = re.compile(r"\bvote\b|\bante\b|\bsubgame\b|\bsticker|\battraction|\bdungeon", re.I)
SKIP_TYPES = ("Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy", "Dungeon", "Battle")


def candidates(library: dict[str, dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Library records a cheap text check says may fill a role (no engine work)."""
    for record in library.values():
        if record.get("faces") or record.get("missing_faces"):
            continue  # one face at a time is for later: a board names the face it plays
        types = " ".join([*record.get("types", ()), *record.get("subtypes", ())])
        if any(t in types for t in SKIP_TYPES) or "Token" in types:
            continue
        text = str(record.get("oracle_text", ""))
        if SKIP.search(text):
            continue
        vanilla = not text and "Creature" in types
        if vanilla or PROMISING.search(text) or _keywords_only(text, types):
            yield record


KEYWORDS = frozenset(
    {
        "flying",
        "trample",
        "haste",
        "vigilance",
        "lifelink",
        "deathtouch",
        "first strike",
        "reach",
        "defender",
        "menace",
        "double strike",
        "indestructible",
        "hexproof",
    }
)


def _keywords_only(text: str, types: str) -> bool:
    if "Creature" not in types or not text or "\n" in text:
        return False
    return all(word.strip().lower() in KEYWORDS for word in text.split(","))


# --- The engine's reading: the role of each effect --------------------------------


def _int(value: Any) -> int | None:
    return int(value) if isinstance(value, str) and value.isdigit() else None


def classify(record: dict[str, Any]) -> list[RoleCard]:
    """The roles the engine's reading of this card gives it (no board yet): empty when
    any ability is not modelled or not recognised."""
    from rules_engine import Status, card_from_record, card_report, mana_value

    card = card_from_record(record)
    try:
        reports = card_report(card)
    except Exception:  # noqa: BLE001 - a card the reader chokes on fills no role
        return []
    if any(r.status in (Status.NOT_MODELLED, Status.NOT_RECOGNISED) for r in reports):
        return []
    base: dict[str, Any] = {
        "name": card.name,
        "mana_value": mana_value(card.mana_cost),
        "power": _int(card.power),
        "toughness": _int(card.toughness),
    }
    is_creature = "Creature" in card.types
    verb = "cast" if card.is_spell_card else "enter"
    if not card.rules_text:
        return [RoleCard(role=Role.VANILLA, verb="enter", **base)] if is_creature else []
    roles: list[RoleCard] = []
    if is_creature and _keywords_only(card.oracle_text, " ".join(card.types)):
        roles.append(RoleCard(role=Role.KEYWORD_CREATURE, verb="enter", **base))
    for role, extra in _effect_roles(card):
        roles.append(RoleCard(role=role, **({"verb": verb} | base | extra)))
    return list({(r.role, r.verb): r for r in roles}.values())


def _effect_roles(card: Any) -> Iterator[tuple[Role, dict[str, Any]]]:
    from rules_engine import parse_ability_text, read_replacements

    verb = "cast" if card.is_spell_card else "enter"
    aura = "Aura" in card.subtypes
    equipment = "Equipment" in card.subtypes
    for paragraph in card.rules_text:
        for ability in parse_ability_text(paragraph, card.name, spell=card.is_spell_card):
            if ability.kind == "copy":
                yield Role.ENTERS_AS_COPY, {"verb": "enter"}
            if ability.kind == "keyword" and ability.text.lower().startswith("morph"):
                yield Role.MORPH, {"verb": "enter"}
            if ability.kind == "choice":
                continue
            if ability.kind in ("static", "spell"):
                for spec in ability.effects:
                    found = _continuous_role(spec, verb, aura, equipment)
                    if found is not None:
                        yield found
            if ability.kind in ("static", "replacement", "spell"):
                texts = (ability.text,) if ability.kind == "replacement" else ability.rules
                for text in texts or (ability.text,):
                    try:
                        specs, _ = read_replacements(text, card.name)
                    except Exception:  # noqa: BLE001
                        continue
                    for replacement in specs:
                        role = _replacement_role(replacement)
                        if role is not None:
                            yield role, {"verb": verb}


def _continuous_role(
    spec: Any, verb: str, aura: bool, equipment: bool
) -> tuple[Role, dict[str, Any]] | None:
    """The role of one continuous effect, from its layers, actions and subject."""
    if spec.condition is not None or spec.only_if is not None or spec.instead_if is not None:
        return None  # "as long as ...": a role that depends on the board is for later
    actions = [p.action for p in spec.parts]
    found = _continuous_kind(spec, verb, aura, equipment, actions)
    if found is not None and _hostile(actions):
        return found[0], found[1] | {"hostile": True}
    return found


def _hostile(actions: list[Any]) -> bool:
    """A -N/-N, a base P/T of 1 or less, or lost abilities: aimed at an opponent's."""
    from rules_engine import AbilityChange, Const, ModifyPT, SetPT

    for a in actions:
        if isinstance(a, ModifyPT) and any(
            isinstance(x, Const) and x.value < 0 for x in (a.power, a.toughness)
        ):
            return True
        if isinstance(a, SetPT) and any(
            isinstance(x, Const) and x.value <= 1 for x in (a.power, a.toughness)
        ):
            return True
        if isinstance(a, AbilityChange) and a.remove_all:
            return True
    return False


def _continuous_kind(
    spec: Any, verb: str, aura: bool, equipment: bool, actions: list[Any]
) -> tuple[Role, dict[str, Any]] | None:
    from rules_engine import AbilityChange, ModifyPT, SetController, SetPT

    layers = spec.layers
    kind = spec.subject.kind
    removes_all = any(isinstance(a, AbilityChange) and a.remove_all for a in actions)
    grants = any(isinstance(a, AbilityChange) and a.grant for a in actions)
    if spec.cda and layers <= {"7a", "4", "5"}:
        return Role.CDA, {"verb": verb}
    if kind == "attached" and verb == "enter" and (aura or equipment):
        extra = {"verb": "enter", "attach": True}
        if equipment:
            return (Role.EQUIPMENT_PUMP, extra) if layers == {"7c"} else None
        if "2" in layers and any(isinstance(a, SetController) for a in actions):
            return Role.AURA_CONTROL, extra
        if removes_all:
            return Role.AURA_REMOVES_ABILITIES, extra
        if layers == {"7c"}:
            return Role.AURA_PUMP, extra
        if layers == {"7b"}:
            return Role.AURA_SETS_PT, extra
        if layers == {"6"} and grants:
            return Role.AURA_GRANTS, extra
        if "4" in layers and layers <= {"4", "5", "6", "7b"}:
            return Role.AURA_TYPE, extra
        return None
    if kind == "targets" and verb == "cast":
        extra = {"verb": "cast", "targets": max(1, len(spec.subject.target_slots))}
        if extra["targets"] != 1:
            return None
        spell_roles = {
            frozenset({"7c"}): Role.PUMP_SPELL,
            frozenset({"7b"}): Role.SETS_PT_SPELL,
            frozenset({"7d"}): Role.SWITCH_SPELL,
            frozenset({"2"}): Role.STEAL_SPELL,
            frozenset({"3"}): Role.TEXT_CHANGE_SPELL,
            frozenset({"5"}): Role.COLOR_SPELL,
        }
        if layers == {"6"} and grants:
            return Role.GRANT_SPELL, extra
        if "4" in layers and layers <= {"4", "5", "6", "7b"}:
            return Role.TYPE_SPELL, extra
        role = spell_roles.get(frozenset(layers))
        return (role, extra) if role is not None else None
    if kind != "filter" or len(spec.subject.filters) != 1:
        return None
    only = spec.subject.filters[0]
    if only.types != frozenset({"Creature"}) or _narrow(only):
        return None
    yours = only.controller == "you"
    if verb == "cast":
        if yours and layers == {"7c"} and all(isinstance(a, ModifyPT) for a in actions):
            return Role.MASS_PUMP_SPELL, {"verb": "cast"}
        return None
    if layers == {"7c"} and all(isinstance(a, ModifyPT) for a in actions):
        if only.other:
            return None
        if yours:
            return Role.ANTHEM_YOURS, {}
        return (Role.ANTHEM_ALL, {}) if only.controller is None else None
    if only.controller is not None:
        if yours and layers == {"6"} and grants and not only.other:
            return Role.GRANTS_YOURS, {}
        return None
    if layers == {"7b"} and all(isinstance(a, SetPT) for a in actions):
        return Role.SETS_PT_ALL, {}
    if "6" in layers and removes_all:
        return Role.REMOVES_ABILITIES_ALL, {}
    if "4" in layers and layers <= {"4", "6", "7b"}:
        return Role.TYPE_CHANGE_ALL, {}
    if layers == {"5"}:
        return Role.COLOR_CHANGE_ALL, {}
    return None


def _narrow(only: Any) -> bool:
    """A filter beyond card type and controller ("Elves", "white", "tapped"...)."""
    from rules_engine import Filter

    plain = Filter(types=only.types, controller=only.controller, other=only.other)
    return bool(only != plain)


def _replacement_role(spec: Any) -> Role | None:
    """The role of one replacement, prevention or "can't" effect, by its family."""
    from rules_engine import CantSpec

    if isinstance(spec, CantSpec):
        return Role.CANT_PREVENT if "prevent" in spec.kind else Role.CANT
    # Not every spec family has "unless" (DamageSpec has none): read it only where it is.
    if spec.condition is not None or getattr(spec, "unless", None) is not None or spec.optional:
        return None
    family = str(spec.family)
    if family == "counters":
        if spec.factor == 2 and not spec.plus:
            return Role.COUNTER_DOUBLER
        return Role.COUNTER_ADDER if spec.plus and spec.factor == 1 else None
    if family == "tokens" and spec.factor == 2:
        return Role.TOKEN_DOUBLER
    if family == "damage_modify":
        if spec.factor == 2 and not spec.plus:
            return Role.DAMAGE_DOUBLER
        return Role.DAMAGE_INCREASER if spec.plus > 0 and spec.factor == 1 else None
    simple = {
        "prevent_shield": Role.PREVENTION_SHIELD,
        "prevent_static": Role.PREVENTION_STATIC,
        "redirect": Role.REDIRECT,
        "enter_tapped": Role.ENTERS_TAPPED,
        "enter_counters": Role.ENTERS_WITH_COUNTERS,
        "gain_modify": Role.LIFE_GAIN_MODIFY,
        "draw_extra": Role.DRAW_REPLACEMENT,
    }
    return simple.get(family)


# --- The engine's check: a small board with the card -------------------------------

PLAYERS = ("Alice", "Bob")


def probe_board(card: RoleCard) -> dict[str, Any]:
    """Alice's Grizzly Bears and Bob's Hill Giant, then the card in play or cast (at the
    Bears, or attached to it): the smallest board that puts the card's effects to work."""
    steps: list[dict[str, Any]] = [
        {"enter": "Grizzly Bears", "as": "c1", "controller": "Alice"},
        {"enter": "Hill Giant", "as": "c2", "controller": "Bob"},
    ]
    step: dict[str, Any] = {card.verb: card.name, "as": "x1", "controller": "Alice"}
    if card.attach:
        step["attach"] = "c1"
    if card.targets:
        step["targets"] = ["c1"]
    if card.choice:
        step["choices"] = choices_of(card)
    steps.append(step)
    return {"format": "mtg-board/1", "players": list(PLAYERS), "active": "Alice", "steps": steps}


def modelled_on_a_board(card: RoleCard) -> bool:
    """The engine plays the card's probe board to the end and lists nothing under
    ``not_modelled`` (what learning content requires, ``services.ensure_modelled``)."""
    from rules_engine import evaluate

    try:
        answer = evaluate(probe_board(card))
    except Exception:  # noqa: BLE001 - refused boards (a choice it needs...) fill no role
        return False
    return not answer.get("not_modelled")


def choices_of(card: RoleCard) -> dict[str, str]:
    """The step's ``choices`` written in ``card.choice`` ("from=black;to=white")."""
    return dict(pair.split("=", 1) for pair in card.choice.split(";")) if card.choice else {}


def with_choice(card: RoleCard, record: dict[str, Any]) -> RoleCard:
    """A card that asks "as ~ enters, choose a color / creature type", or which words a
    text change replaces (CR 612), gets a choice."""
    text = str(record.get("oracle_text", "")).lower()
    if card.role is Role.TEXT_CHANGE_SPELL:
        if "basic land type" in text:
            return _replace(card, choice="from=Swamp;to=Island")
        if "color word" in text:
            return _replace(card, choice="from=black;to=white")
        return _replace(card, choice="from=Elf;to=Goblin")
    if "choose a creature type" in text:
        return _replace(card, choice="creature_type=Elf")
    if "choose a color" in text:
        # "choose a color other than red" (Cliffgate): a color it allows (CR 614.12).
        allowed = [c for c, word in _COLOR_CHOICES if f"other than {word}" not in text]
        return _replace(card, choice=f"color={allowed[0]}")
    if "choose an opponent" in text or "choose a player" in text:
        return _replace(card, choice="player=Bob")  # Pallimud: the probe board's opponent
    if re.search(r"choose a (?:nonland )?card name", text):
        return _replace(card, choice="card_name=Lightning Bolt")
    return card


_COLOR_CHOICES = (("R", "red"), ("G", "green"), ("W", "white"), ("U", "blue"), ("B", "black"))


def _replace(card: RoleCard, **changes: Any) -> RoleCard:
    from dataclasses import replace

    return replace(card, **changes)


# --- Building and loading ----------------------------------------------------------


def build(records: Iterable[dict[str, Any]], progress: bool = False) -> list[RoleCard]:
    """Every role card among ``records``, each checked on a probe board."""
    found: list[RoleCard] = []
    checked: dict[tuple[str, str, bool, int, str], bool] = {}
    start = time.monotonic()
    for n, record in enumerate(records):
        for card in classify(record):
            card = with_choice(card, record)
            probe = (card.name, card.verb, card.attach, card.targets, card.choice)
            if probe not in checked:
                checked[probe] = modelled_on_a_board(card)
            if checked[probe]:
                found.append(card)
        if progress and n % 500 == 0:
            print(f"  {n} cards read, {len(found)} roles, {time.monotonic() - start:.0f} s")
    return sorted(found, key=lambda c: (c.role.value, c.name))


def write(cards: list[RoleCard], path: Path = DATA) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = [c.as_json() for c in cards]
    text = json.dumps({"version": 1, "cards": rows}, sort_keys=True, separators=(",", ":"))
    with gzip.GzipFile(path, "wb", mtime=0) as out:  # mtime 0: the same roles, the same bytes
        out.write(text.encode())


@cache
def load() -> dict[Role, tuple[RoleCard, ...]]:
    """The prebuilt roles, by role (read once)."""
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        data = json.load(handle)
    by_role: dict[Role, list[RoleCard]] = {role: [] for role in Role}
    for row in data["cards"]:
        if ". ." in row["name"]:
            # "With Great Power . . .": the pages' wording check refuses a doubled period,
            # and a name ending in an ellipsis reads badly inside a sentence.
            continue
        card = RoleCard.from_json(row)
        by_role[card.role].append(card)
    return {role: tuple(cards) for role, cards in by_role.items()}


def cards_for(role: Role) -> tuple[RoleCard, ...]:
    return load()[role]


def main(argv: list[str]) -> None:
    """Rebuild ``data/roles.json.gz`` from the library (``--limit N``: the first N only)."""
    from rules_engine import load_card_library

    limit = int(argv[argv.index("--limit") + 1]) if "--limit" in argv else None
    start = time.monotonic()
    records = list(candidates(load_card_library()))[:limit]
    print(f"{len(records)} candidate cards after the text check")
    cards = build(records, progress=True)
    write(cards)
    counts = {role.value: sum(1 for c in cards if c.role is role) for role in Role}
    for role, count in counts.items():
        print(f"  {role}: {count}")
    print(f"roles: cards={len({c.name for c in cards})} in {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
