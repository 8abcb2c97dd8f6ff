"""State-based actions that follow from characteristics (CR 704.5).

Reported, not performed: the answer shows the board at the moment the
timeline ends, and lists what the game would do next when it checks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_engine.characteristics import AbilityInstance, Characteristics
from rules_engine.game import Game, GameObject, NotModelled
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.text import tokenize
from rules_engine.selection import Context, World, matches
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_NAMES, COLOR_WORDS, SUBTYPE_CATEGORY


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


# "Enchant creature put onto the battlefield with this Aura" (Animate Dead's errata, gained
# as its trigger resolves; Necromancy's "with Necromancy"): only the creature its own effect
# put onto the battlefield and attached it to (CR 607.2a: "put onto the battlefield with").
_PUT_WITH = re.compile(
    r"^creature put onto the battlefield with (?:this aura|this enchantment|~|(?P<name>[^.]+))\.?$",
    re.IGNORECASE,
)


def _enchant_allows(
    aura: Characteristics,
    host: str,
    state: dict[str, Characteristics],
    world: World,
    label: str = "",
) -> bool:
    """CR 303.4d, 702.5a: "Enchant X" decides what the Aura may be attached to; a card in a
    graveyard only by "Enchant creature card in a graveyard" (Animate Dead, CR 303.4)."""
    on_field = host in world.game.players or (host in state and world.objects[host].on_battlefield)
    for ability in aura.abilities:
        text = ability.text
        if not text.lower().startswith("enchant "):
            continue
        words = text[len("enchant ") :].replace(", or ", " or ").replace(",", " or ")
        if words.lower() in ("player", "opponent"):
            return host in world.game.players
        if host in world.game.players:
            return False
        put_with = _PUT_WITH.match(words)
        if put_with is not None:
            named = put_with["name"]
            return (
                on_field
                and (named is None or named.lower() == (aura.name or "").lower())
                and world.objects[host].put_with == label
                and "Creature" in state[host].types
            )
        subject = parse_subject(Cursor(tokenize(words.replace(" or ", " or "))), SubjectContext())
        if subject is None:
            return on_field
        ctx = Context(source="", controller=aura.controller)
        return any(matches(f, host, state, world, ctx) for f in subject.filters)
    return on_field


_ATTACHED_ONLY_TO = re.compile(r"^~ can be attached only to (?:a |an )?(?P<what>.+?)\.?$", re.I)


def _attach_allows(
    equipment: Characteristics, host: str, state: dict[str, Characteristics], world: World
) -> bool:
    """ "~ can be attached only to a legendary creature" (Konda's Banner): attached to
    anything else, the Equipment is attached illegally (CR 301.5c, 704.5n)."""
    for ability in equipment.abilities:
        for rule in ability.parsed.rules:
            m = _ATTACHED_ONLY_TO.match(rule)
            if m is None:
                continue
            subject = parse_subject(Cursor(tokenize(m["what"])), SubjectContext())
            if subject is None:
                continue
            ctx = Context(source="", controller=equipment.controller)
            if not any(matches(f, host, state, world, ctx) for f in subject.filters):
                return False
    return True


def _player_protections(
    battlefield: list[GameObject], state: dict[str, Characteristics]
) -> dict[str, tuple[str, ...]]:
    """CR 702.16b: "You have protection from ..." on a permanent protects its controller."""
    found: dict[str, tuple[str, ...]] = {}
    for obj in battlefield:
        chars = state[obj.label]
        for ability in chars.abilities:
            for rule in ability.parsed.rules:
                if rule.lower().startswith("you have protection from "):
                    qualities = protection_qualities(rule[len("you have ") :].rstrip("."))
                    found[chars.controller] = found.get(chars.controller, ()) + qualities
    return found


def _protected_from(
    host: str,
    attached: Characteristics,
    state: dict[str, Characteristics],
    label: str = "",
    players: dict[str, tuple[str, ...]] | None = None,
    world: World | None = None,
) -> bool:
    """CR 702.16c-d: protection from a quality keeps Auras and Equipment with it off, except
    protection an Aura grants with "This effect doesn't remove ~" (the Ward cycle); a
    player's protection keeps Auras (Curses) off the player too."""
    if players and host in players:
        return any(has_quality(attached, q) for q in players[host])
    if host not in state:
        return False
    spared = _spares_itself(attached)
    for ability in state[host].abilities:
        if spared and re.match(rf"g:{re.escape(label)}(?:[#.:]|$)", ability.key):
            continue
        if world is not None and _yours_stay(ability, attached, label, state, world):
            continue
        if any(has_quality(attached, q) for q in protection_qualities(ability.text)):
            return True
    return False


_YOURS_STAY = re.compile(
    r"this effect doesn't remove auras and equipment you control that are already attached"
)


def _yours_stay(
    ability: AbilityInstance,
    attached: Characteristics,
    label: str,
    state: dict[str, Characteristics],
    world: World,
) -> bool:
    """Benevolent Blessing: protection granted "This effect doesn't remove Auras and
    Equipment you control that are already attached to it" keeps on the creature those its
    source's controller controls that were attached when the grant began (CR 702.16c-d; an
    attachment's timestamp is when it was attached, 613.7e)."""
    if not ability.key.startswith("g:"):
        return False
    source = ability.key[2:].split("#", 1)[0]
    if source not in state or label not in world.objects:
        return False
    notes = (note.lower() for a in state[source].abilities for note in a.parsed.notes)
    if not any(_YOURS_STAY.match(note) for note in notes):
        return False
    already = world.objects[label].timestamp <= ability.granted_ts
    return already and attached.controller == state[source].controller


def _spares_itself(chars: Characteristics) -> bool:
    return any(
        re.fullmatch(r"this effect doesn't remove ~\.?", note.lower())
        for ability in chars.abilities
        for note in ability.parsed.notes
    )


def protection_qualities(
    text: str, chosen_color: str | None = None, chosen_type: str | None = None
) -> tuple[str, ...]:
    """ "Protection from black and from green" -> ("black", "green") (CR 702.16a, 702.16g);
    "the chosen color" and "the chosen card type" become what was chosen as the permanent
    entered (nothing if nothing was)."""
    lowered = text.lower()
    if not lowered.startswith("protection from "):
        return ()
    body = lowered.removeprefix("protection from ").replace(" and from ", ",").replace(" and ", ",")
    found = []
    for quality in (q.strip().removeprefix("the ") for q in body.split(",")):
        if quality == "chosen color":
            quality = COLOR_NAMES.get(chosen_color or "", "")
        elif quality == "chosen card type":
            quality = type_plural(chosen_type) if chosen_type else ""
        if quality:
            found.append(quality)
    return tuple(found)


def type_plural(card_type: str) -> str:
    """ "Creature" -> "creatures", "Sorcery" -> "sorceries": how protection names a card type."""
    word = card_type.lower()
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


_MANA_VALUE_QUALITY = re.compile(
    r"^(?:mana value (?P<value>\d+)|(?P<parity>odd|even) mana values"
    r"|mana values other than (?P<other>\d+))$"
)


def _mana_value_quality(chars: Characteristics, quality: str) -> bool | None:
    """ "mana value 3", "odd mana values", "mana values other than 2" (CR 702.16a, 202.3: an
    object with no mana cost has mana value 0, which is even); None for another quality."""
    m = _MANA_VALUE_QUALITY.match(quality)
    if m is None:
        return None
    if m["value"] is not None:
        return chars.mana_value == int(m["value"])
    if m["parity"] is not None:
        return chars.mana_value % 2 == (1 if m["parity"] == "odd" else 0)
    return chars.mana_value != int(m["other"])


def has_quality(chars: Characteristics, quality: str) -> bool:
    """Whether an object has the quality a protection ability names (CR 702.16a); every word
    of "non-Human creatures" must fit (not a Human, and a creature)."""
    if (by_value := _mana_value_quality(chars, quality)) is not None:
        return by_value
    if " " in quality and quality not in ("all colors", "each color"):
        return all(has_quality(chars, word) for word in quality.split())
    if quality.startswith("non") and quality not in ALL_TYPE_WORDS:
        return not has_quality(chars, quality.removeprefix("non").removeprefix("-"))
    if quality == "everything":
        return True
    if quality in ("all colors", "each color"):
        return bool(chars.colors)  # CR 702.16h: from each color
    if quality in COLOR_WORDS:
        return COLOR_WORDS[quality] in chars.colors
    if quality in ("multicolored", "monocolored", "colorless"):
        count = len(chars.colors)
        return {"multicolored": count >= 2, "monocolored": count == 1}.get(quality, count == 0)
    kind, word = ALL_TYPE_WORDS.get(quality, ("", ""))
    if kind == "type":
        return word in chars.types
    if kind == "supertype":
        return word in chars.supertypes
    if kind == "subtype":
        return word in chars.subtypes or (
            chars.all_creature_types and SUBTYPE_CATEGORY.get(word) == "creature"
        )
    # CR 702.16j: "protection from [a player]" (True-Name Nemesis, granted with the player's
    # name): from everything that player controls.
    return bool(chars.controller) and quality == chars.controller.lower()


def _legend_rule_exempt(
    battlefield: list[GameObject], state: dict[str, Characteristics], players: tuple[str, ...]
) -> set[str]:
    """Players the legend rule (CR 704.5j) doesn't apply to: 'The "legend rule" doesn't apply
    to permanents you control.' (Mirror Box) exempts the controller, 'The "legend rule"
    doesn't apply.' (Mirror Gallery) everyone."""
    exempt: set[str] = set()
    for obj in battlefield:
        chars = state[obj.label]
        for ability in chars.abilities:
            for rule in ability.parsed.rules:
                text = rule.lower().replace("\u201c", '"').replace("\u201d", '"').rstrip(".")
                if text == 'the "legend rule" doesn\'t apply to permanents you control':
                    exempt.add(chars.controller)
                elif text == 'the "legend rule" doesn\'t apply':
                    exempt.update(players)
    return exempt


_CHAPTERS = re.compile(r"^(?P<numbers>[IVX]+(?:, [IVX]+)*) — ")
_ROMAN = {"I": 1, "V": 5, "X": 10}


def _roman(numeral: str) -> int:
    values = [_ROMAN[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def chapter_numbers(text: str) -> tuple[int, ...]:
    """CR 714.2b: the chapter numbers of a chapter ability ("I, II — ..."), () for another."""
    m = _CHAPTERS.match(text)
    return tuple(_roman(n) for n in m["numbers"].split(", ")) if m else ()


def _all_chapters(chars: Characteristics) -> set[int]:
    """CR 714.2: the chapter numbers among a Saga's abilities (none for a non-Saga)."""
    if "Saga" not in chars.subtypes:
        return set()
    return {n for a in chars.abilities for n in chapter_numbers(a.text)}


def final_chapter(chars: Characteristics) -> int:
    """CR 714.2d: a Saga's final chapter number, the greatest among its chapter abilities
    (0 for a Saga without any, or for a permanent that isn't a Saga)."""
    return max(_all_chapters(chars), default=0)


def chapters_waiting(obj: GameObject, chars: Characteristics) -> tuple[int, ...]:
    """CR 714.2b, 714.4: the chapter abilities of this Saga that triggered (its lore counters
    reached their number) and that no step has resolved yet, lowest first."""
    numbers = _all_chapters(chars)
    return tuple(sorted(n for n in obj.chapters_pending if n in numbers))


# Why a Saga past its final chapter is still on the battlefield when the board ends.
CHAPTER_WAITING = (
    "this chapter ability triggered as the Saga's lore counters reached its number "
    "(CR 714.2b) and no later step resolves it, so it is still waiting on the stack: the "
    "Saga stays on the battlefield until it resolves, then is sacrificed (CR 714.4)"
)


def chapters_still_waiting(game: Game, state: dict[str, Characteristics]) -> list[NotModelled]:
    """CR 714.4: each Saga at or past its final chapter whose triggered chapter abilities
    no step resolved, named with those abilities (so its staying is never silent)."""
    notes: list[NotModelled] = []
    for obj in game.objects:
        chars = state.get(obj.label)
        if chars is None or not obj.on_battlefield:
            continue
        final = final_chapter(chars)
        if not final or obj.counter_count("lore") < final:
            continue
        waiting = set(chapters_waiting(obj, chars))
        notes += [
            NotModelled(obj.label, a.text, CHAPTER_WAITING)
            for a in chars.abilities
            if waiting & set(chapter_numbers(a.text))
        ]
    return notes


def state_based_actions(game: Game, state: dict[str, Characteristics]) -> list[StateBasedAction]:
    world = World.of(game)
    actions: list[StateBasedAction] = []
    battlefield = [o for o in game.objects if o.on_battlefield]
    players = _player_protections(battlefield, state)
    for obj in battlefield:
        chars = state[obj.label]
        actions.extend(_creature_and_permanent_actions(obj, chars))
        if "Aura" in chars.subtypes:
            actions.extend(_aura_actions(game, obj, chars, state, world, players))
        actions.extend(_attachment_actions(obj, chars, state, world))
    actions.extend(_world_rule(battlefield, state))
    actions.extend(_role_rule(battlefield, state))
    actions.extend(_players_lose(game, state))
    actions.extend(_legend_rule(game, battlefield, state))
    return actions


def _creature_and_permanent_actions(
    obj: GameObject, chars: Characteristics
) -> list[StateBasedAction]:
    """Toughness, damage, loyalty, lore and counter annihilation (CR 704.5f-i, 704.5q, 714.4)."""
    actions: list[StateBasedAction] = []
    if "Creature" in chars.types:
        toughness = chars.toughness or 0
        if toughness <= 0:
            actions.append(StateBasedAction("dies", obj.label, "704.5f", f"toughness {toughness}"))
        elif obj.damage >= toughness and not chars.has_ability("indestructible"):
            actions.append(
                StateBasedAction(
                    "destroyed",
                    obj.label,
                    "704.5g",
                    f"{obj.damage} damage marked, toughness {toughness}",
                )
            )
        elif obj.deathtouched and obj.damage > 0 and not chars.has_ability("indestructible"):
            actions.append(
                StateBasedAction(
                    "destroyed", obj.label, "704.5h", "dealt damage by a source with deathtouch"
                )
            )
    # CR 306.5b: on the battlefield, a planeswalker's loyalty is its loyalty counters.
    if "Planeswalker" in chars.types and obj.counter_count("loyalty") <= 0:
        actions.append(StateBasedAction("dies", obj.label, "704.5i", "no loyalty counters"))
    final = final_chapter(chars)
    if final and obj.counter_count("lore") >= final and not chapters_waiting(obj, chars):
        # CR 714.4: its last chapter reached, and it isn't the source of a chapter ability
        # that triggered and hasn't resolved yet (an activate step resolves it); a Saga
        # with no chapter abilities stays.
        actions.append(
            StateBasedAction(
                "sacrificed", obj.label, "714.4", f"{obj.counter_count('lore')} lore counters"
            )
        )
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
    return actions


def _aura_actions(
    game: Game,
    obj: GameObject,
    chars: Characteristics,
    state: dict[str, Characteristics],
    world: World,
    players: dict[str, tuple[str, ...]],
) -> list[StateBasedAction]:
    """CR 704.5m: an Aura attached illegally or to nothing goes to its owner's graveyard."""
    host = obj.attached_to
    # A card in a graveyard is a legal host only by its enchant ability's words (Animate
    # Dead's "Enchant creature card in a graveyard", CR 303.4, 702.5a).
    hosts_ok = host is not None and (
        host in game.players
        or (
            host in state
            and (world.objects[host].on_battlefield or world.objects[host].zone == "graveyard")
        )
    )
    legal = (
        hosts_ok
        and "Creature" not in chars.types  # CR 303.4d: an Aura that's a creature can't enchant
        and _enchant_allows(chars, host or "", state, world, obj.label)
        and not _protected_from(host or "", chars, state, obj.label, players, world)
    )
    if legal:
        return []
    why = "Aura attached illegally or to nothing"
    if obj.host_left is not None:
        # CR 400.7: what it enchanted left the battlefield; a card that came back is a new
        # object the Aura isn't attached to.
        why = "Aura attached to an object that left the battlefield (CR 400.7)"
    return [StateBasedAction("to_graveyard", obj.label, "704.5m", why)]


def _attachment_actions(
    obj: GameObject, chars: Characteristics, state: dict[str, Characteristics], world: World
) -> list[StateBasedAction]:
    """CR 704.5n: Equipment or a Fortification attached illegally becomes unattached."""
    kind = "Equipment" if "Equipment" in chars.subtypes else None
    kind = kind or ("Fortification" if "Fortification" in chars.subtypes else None)
    if kind is None:
        if obj.attached_to is not None and "Aura" not in chars.subtypes:
            # CR 704.5p: a permanent that is no Aura, Equipment or Fortification (a creature
            # an attach step put on another) becomes unattached and stays on the battlefield.
            why = "only an Aura, Equipment or Fortification can stay attached"
            return [StateBasedAction("unattached", obj.label, "704.5p", why)]
        return []
    if obj.host_left is not None:
        # CR 400.7: what it equipped left the battlefield (and may be back as a new object).
        why = f"{kind} attached to an object that left the battlefield (CR 400.7)"
        return [StateBasedAction("unattached", obj.label, "704.5n", why)]
    if obj.attached_to is None:
        return []
    host = obj.attached_to
    # CR 301.5c: Equipment attaches to a creature; 301.6: a Fortification to a land;
    # neither may be a creature itself.
    wanted = "Creature" if kind == "Equipment" else "Land"
    if (
        host not in state
        or not world.objects[host].on_battlefield
        or wanted not in state[host].types
        or "Creature" in chars.types
        or _protected_from(host, chars, state, obj.label, world=world)
        or not _attach_allows(chars, host, state, world)
    ):
        return [StateBasedAction("unattached", obj.label, "704.5n", f"{kind} attached illegally")]
    return []


def _legend_rule(
    game: Game, battlefield: list[GameObject], state: dict[str, Characteristics]
) -> list[StateBasedAction]:
    """CR 704.5j: a player with two or more legendary permanents of one name keeps one."""
    actions: list[StateBasedAction] = []
    seen: dict[tuple[str, str], list[str]] = {}
    exempt = _legend_rule_exempt(battlefield, state, game.players)
    for obj in battlefield:
        chars = state[obj.label]
        if "Legendary" in chars.supertypes and chars.name and chars.controller not in exempt:
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


_ZERO_LIFE_OK = re.compile(r"\byou don't lose the game for having 0 or less life\b", re.I)


def _survives_zero_life(player: str, game: Game, state: dict[str, Characteristics]) -> bool:
    """Phyrexian Unlife, Lich: a rule of the game changed for its controller (CR 613.11), so
    704.5a doesn't apply to them while the ability is there (Humility can remove it)."""
    return any(
        obj.on_battlefield
        and (chars := state.get(obj.label)) is not None
        and chars.controller == player
        and any(
            _ZERO_LIFE_OK.search(rule)
            for ability in chars.abilities
            if ability.parsed.kind == "static"
            for rule in ability.parsed.rules
        )
        for obj in game.objects
    )


def _players_lose(game: Game, state: dict[str, Characteristics]) -> list[StateBasedAction]:
    """CR 704.5a: 0 or less life; 704.5b: drew from an empty library; 704.5c: ten or more
    poison counters. Each such player loses the game."""
    lost = {player for player, verdict in game.verdicts if verdict == "lost"}
    found = []
    for player in game.players:
        if player in lost:
            continue
        life = game.life_of(player)
        poison = game.counters_of_player(player).get("poison", 0)
        if life <= 0 and not _survives_zero_life(player, game, state):
            found.append(StateBasedAction("loses", player, "704.5a", f"life total {life}"))
        elif player in game.drew_from_empty:
            found.append(StateBasedAction("loses", player, "704.5b", "drew from an empty library"))
        elif poison >= 10:
            found.append(StateBasedAction("loses", player, "704.5c", f"{poison} poison counters"))
    return found


def _world_rule(
    battlefield: list[GameObject], state: dict[str, Characteristics]
) -> list[StateBasedAction]:
    """CR 704.5k: of two or more world permanents, only the newest stays (all go on a tie)."""
    worlds = [o for o in battlefield if "World" in state[o.label].supertypes]
    if len(worlds) < 2:
        return []
    newest = max(o.timestamp for o in worlds)
    keep = [o for o in worlds if o.timestamp == newest]
    return [
        StateBasedAction("world_rule", o.label, "704.5k", "another world permanent is newer")
        for o in worlds
        if len(keep) > 1 or o not in keep
    ]


def _role_rule(
    battlefield: list[GameObject], state: dict[str, Characteristics]
) -> list[StateBasedAction]:
    """CR 303.7a: of the Roles one player controls attached to one permanent, only the one
    with the newest timestamp stays; the others go to their owners' graveyards."""
    groups: dict[tuple[str, str], list[GameObject]] = {}
    for obj in battlefield:
        chars = state[obj.label]
        if "Role" in chars.subtypes and obj.attached_to is not None:
            groups.setdefault((obj.attached_to, chars.controller), []).append(obj)
    found: list[StateBasedAction] = []
    for roles in groups.values():
        newest = max(roles, key=lambda o: o.timestamp)
        found += [
            StateBasedAction(
                "to_graveyard", o.label, "303.7a", "a newer Role of the same player is attached"
            )
            for o in roles
            if o is not newest
        ]
    return found
