"""State-based actions that follow from characteristics (CR 704.5).

Reported, not performed: the answer shows the board at the moment the
timeline ends, and lists what the game would do next when it checks.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.characteristics import Characteristics
from rules_engine.game import Game
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.text import tokenize
from rules_engine.selection import Context, World, matches


@dataclass(frozen=True, slots=True)
class StateBasedAction:
    action: str
    object: str
    rule: str
    reason: str

    def as_json(self) -> dict[str, str]:
        return {
            "action": self.action,
            "object": self.object,
            "rule": self.rule,
            "reason": self.reason,
        }


def _enchant_allows(
    aura: Characteristics, host: str, state: dict[str, Characteristics], world: World
) -> bool:
    """CR 303.4d, 702.5a: "Enchant X" decides what the Aura may be attached to."""
    for ability in aura.abilities:
        text = ability.text
        if not text.lower().startswith("enchant "):
            continue
        words = text[len("enchant ") :].replace(", or ", " or ").replace(",", " or ")
        if words.lower() in ("player", "opponent"):
            return host in world.game.players
        if host in world.game.players:
            return False
        subject = parse_subject(Cursor(tokenize(words.replace(" or ", " or "))), SubjectContext())
        if subject is None:
            return True
        ctx = Context(source="", controller=aura.controller)
        return any(matches(f, host, state, world, ctx) for f in subject.filters)
    return True


def _protected_from(
    host: str, attached: Characteristics, state: dict[str, Characteristics]
) -> bool:
    """CR 702.16c-d: protection from a quality keeps Auras and Equipment with it off."""
    from rules_engine.vocabulary import COLOR_WORDS

    if host not in state:
        return False
    for ability in state[host].abilities:
        text = ability.text.lower()
        if not text.startswith("protection from "):
            continue
        for quality in text.removeprefix("protection from ").replace(" and from ", ",").split(","):
            quality = quality.strip()
            if quality == "everything":
                return True
            if quality in COLOR_WORDS and COLOR_WORDS[quality] in attached.colors:
                return True
    return False


def state_based_actions(game: Game, state: dict[str, Characteristics]) -> list[StateBasedAction]:
    world = World.of(game)
    actions: list[StateBasedAction] = []
    battlefield = [o for o in game.objects if o.on_battlefield]
    for obj in battlefield:
        chars = state[obj.label]
        if "Creature" in chars.types:
            toughness = chars.toughness or 0
            if toughness <= 0:
                actions.append(
                    StateBasedAction("dies", obj.label, "704.5f", f"toughness {toughness}")
                )
            elif obj.damage >= toughness and not chars.has_ability("indestructible"):
                actions.append(
                    StateBasedAction(
                        "destroyed",
                        obj.label,
                        "704.5g",
                        f"{obj.damage} damage marked, toughness {toughness}",
                    )
                )
        if (
            "Planeswalker" in chars.types
            and (chars.loyalty or 0) <= 0
            and obj.counter_count("loyalty") <= 0
        ):
            actions.append(StateBasedAction("dies", obj.label, "704.5i", "no loyalty"))
        if obj.counter_count("+1/+1") and obj.counter_count("-1/-1"):
            n = min(obj.counter_count("+1/+1"), obj.counter_count("-1/-1"))
            actions.append(
                StateBasedAction(
                    "counters_removed",
                    obj.label,
                    "704.5q",
                    f"{n} +1/+1 and {n} -1/-1 counters are removed",
                )
            )
        if "Aura" in chars.subtypes:
            host = obj.attached_to
            hosts_ok = host is not None and (
                host in game.players or (host in state and world.objects[host].on_battlefield)
            )
            legal = (
                hosts_ok
                and "Creature"
                not in chars.types  # CR 303.4d: an Aura that's a creature can't enchant
                and _enchant_allows(chars, host or "", state, world)
                and not _protected_from(host or "", chars, state)
            )
            if not legal:
                actions.append(
                    StateBasedAction(
                        "to_graveyard", obj.label, "704.5m", "Aura attached illegally or to nothing"
                    )
                )
        if "Equipment" in chars.subtypes and obj.attached_to is not None:
            host = obj.attached_to
            if (
                host not in state
                or not world.objects[host].on_battlefield
                or "Creature" not in state[host].types
                or "Creature"
                in chars.types  # CR 301.5c: an Equipment that's a creature can't equip
                or _protected_from(host, chars, state)
            ):
                actions.append(
                    StateBasedAction(
                        "unattached", obj.label, "704.5n", "Equipment attached illegally"
                    )
                )
    seen: dict[tuple[str, str], list[str]] = {}
    for obj in battlefield:
        chars = state[obj.label]
        if "Legendary" in chars.supertypes and chars.name:
            seen.setdefault((chars.controller, chars.name), []).append(obj.label)
    for (_, name), labels in seen.items():
        if len(labels) > 1:
            for label in labels[:-1]:
                actions.append(
                    StateBasedAction(
                        "legend_rule",
                        label,
                        "704.5j",
                        f"its controller keeps one {name} (here: the newest)",
                    )
                )
    return actions
