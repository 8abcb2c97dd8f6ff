"""A filter compiled into the tests it actually makes (CR 611.3a: re-checked whenever the
effect applies, so each test must be cheap).

Each builder below reads one group of a ``Filter``'s fields and returns the tests for the
fields that are set; ``compile_filter`` chains them, cheapest and most selective first.
"""

from __future__ import annotations

from collections.abc import Callable

from rules_engine.affected import Filter
from rules_engine.cards import back_face_front_cost
from rules_engine.characteristics import Characteristics
from rules_engine.game import GameObject
from rules_engine.game_facts import is_modified
from rules_engine.world import Context, State, World

Check = Callable[[str, Characteristics, GameObject, State, Context, "str | None", "World"], bool]


def _compare(value: int | None, comparison: tuple[str, int] | None) -> bool:
    if comparison is None:
        return True
    if value is None:
        return False
    op, n = comparison
    if op in ("odd", "even"):
        # "with an odd mana value" (Obosh): 0 is even (CR 202.3; a land's mana value is 0).
        return value % 2 == (1 if op == "odd" else 0)
    return value >= n if op == ">=" else value <= n if op == "<=" else value == n


def controller_of(c: Characteristics, obj: GameObject) -> str:
    """A permanent's controller; for an object elsewhere, its owner."""
    return c.controller if obj.zone == "battlefield" else obj.owner


def compile_filter(f: Filter) -> tuple[Check, ...]:
    """Only the tests this filter actually makes, cheapest and most selective first."""
    compiled = f.compiled
    if compiled is None:
        compiled = tuple(check for build in _BUILDERS for check in build(f))
        object.__setattr__(f, "compiled", compiled)
    return compiled


def _zone(f: Filter) -> list[Check]:
    zone = f.zone
    if zone == "battlefield":
        return [lambda _l, _c, o, _s, _x, _r, _w: o.on_battlefield]
    if zone == "outside":
        return [lambda _l, _c, o, _s, _x, _r, _w: o.zone not in ("battlefield", "stack")]
    if zone != "anywhere":
        return [lambda _l, _c, o, _s, _x, _r, _w: o.zone == zone]
    return []


def _type_line(f: Filter) -> list[Check]:
    checks: list[Check] = []
    if f.types:
        types = tuple(f.types)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: all(t in c.types for t in types))
    if f.not_types:
        not_types = tuple(f.not_types)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: not any(t in c.types for t in not_types))
    if f.subtypes:
        subtypes = tuple(f.subtypes)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: all(c.has_subtype(t) for t in subtypes))
    if f.not_subtypes:
        not_subtypes = tuple(f.not_subtypes)
        checks.append(
            lambda _l, c, _o, _s, _x, _r, _w: not any(c.has_subtype(t) for t in not_subtypes)
        )
    if f.supertypes:
        supertypes = tuple(f.supertypes)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: all(t in c.supertypes for t in supertypes))
    if f.not_supertypes:
        not_super = tuple(f.not_supertypes)
        checks.append(
            lambda _l, c, _o, _s, _x, _r, _w: not any(t in c.supertypes for t in not_super)
        )
    return checks


def _colors(f: Filter) -> list[Check]:
    checks: list[Check] = []
    if f.colors:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: bool(f.colors & c.colors))
    if f.not_colors:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: not (f.not_colors & c.colors))
    if f.colorless is not None:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: (not c.colors) == f.colorless)
    if f.multicolored is not None:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: (len(c.colors) > 1) == f.multicolored)
    return checks


def _other(
    label: str,
    _c: Characteristics,
    _o: GameObject,
    _s: State,
    ctx: Context,
    rel: str | None,
    _w: World,
) -> bool:
    if rel is not None:
        return label != rel
    return label != ctx.source and not (ctx.resolved and label in ctx.targets)


def _not_this(f: Filter) -> list[Check]:
    checks: list[Check] = []
    if f.other:
        checks.append(_other)
    if f.not_source:
        checks.append(lambda label, _c, _o, _s, x, _r, _w: label != x.source)
    return checks


def _controller(f: Filter) -> list[Check]:
    if f.controller == "you":
        return [lambda _l, c, o, _s, x, _r, _w: controller_of(c, o) == x.controller]
    if f.controller in ("opponent", "not_you"):
        return [lambda _l, c, o, _s, x, _r, _w: controller_of(c, o) != x.controller]
    if f.controller == "enchanted_player":
        return [
            lambda _l, c, o, _s, x, _r, w: (
                (src := w.objects.get(x.source)) is not None
                and src.attached_to == controller_of(c, o)
            )
        ]
    if f.controller == "chosen_player":
        return [lambda _l, c, o, _s, x, _r, _w: controller_of(c, o) == x.choices.player]
    if f.controller == "target_player":
        slot = f.player_slot
        return [
            lambda _l, c, o, _s, x, _r, _w: (
                slot < len(x.targets) and controller_of(c, o) == x.targets[slot]
            )
        ]
    return []


def _owner(f: Filter) -> list[Check]:
    if f.owner == "you":
        return [lambda _l, _c, o, _s, x, _r, _w: o.owner == x.controller]
    if f.owner == "chosen_player":
        return [lambda _l, _c, o, _s, x, _r, _w: o.owner == x.choices.player]
    if f.owner == "affected_controller":
        # "the number of creature cards in its controller's graveyard" (Death's Approach)
        return [
            lambda _l, _c, o, s, _x, r, _w: r is not None and r in s and o.owner == s[r].controller
        ]
    if f.owner == "opponent":
        return [lambda _l, _c, o, _s, x, _r, _w: o.owner != x.controller]
    return []


def _abilities_and_numbers(f: Filter) -> list[Check]:
    checks: list[Check] = []
    if f.with_any_ability:
        wanted = tuple(f.with_any_ability)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: any(c.has_ability(a) for a in wanted))
    if f.with_mana_ability:  # CR 605.1a
        checks.append(
            lambda _l, c, _o, _s, _x, _r, _w: any(a.parsed.is_mana_ability for a in c.abilities)
        )
    if f.without_abilities:
        unwanted = tuple(f.without_abilities)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: not any(c.has_ability(a) for a in unwanted))
    if f.power is not None:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: _compare(c.power, f.power))
    if f.toughness is not None:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: _compare(c.toughness, f.toughness))
    if f.mana_value is not None:
        op, limit = f.mana_value
        if limit == -1:  # "with mana value X or less": X of the spell (CR 107.3)
            checks.append(lambda _l, c, _o, _s, x, _r, _w: _compare(c.mana_value, (op, x.x or 0)))
        else:
            checks.append(lambda _l, c, _o, _s, _x, _r, _w: _compare(c.mana_value, f.mana_value))
    if f.token is not None:
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: o.card.token == f.token)
    if f.tapped is not None:
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: o.tapped == f.tapped)
    return checks


def _chosen_and_named(f: Filter) -> list[Check]:
    checks: list[Check] = []
    if f.shares_creature_type_with_affected:
        checks.append(
            lambda _l, c, _o, s, _x, r, _w: (
                r is not None and bool(c.creature_types() & s[r].creature_types())
            )
        )
    if f.chosen_type:
        checks.append(
            lambda _l, c, _o, _s, x, _r, _w: bool(
                x.choices.creature_type and c.has_subtype(x.choices.creature_type)
            )
        )
    if f.not_chosen_type:  # CR 608.2d: no type chosen, the board is refused before this
        checks.append(
            lambda _l, c, _o, _s, x, _r, _w: (
                not (x.choices.creature_type and c.has_subtype(x.choices.creature_type))
            )
        )
    if f.chosen_object:  # CR 614.12, 607.2
        checks.append(lambda label, _c, _o, _s, x, _r, _w: label == x.choices.chosen)
    if f.chosen_name:  # CR 201.2: a name chosen; an object with no name has none of them
        checks.append(
            lambda _l, c, _o, _s, x, _r, _w: bool(c.name) and c.name == x.choices.card_name
        )
    if f.chosen_color:
        checks.append(
            lambda _l, c, _o, _s, x, _r, _w: bool(x.choices.color) and x.choices.color in c.colors
        )
    if f.name is not None:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: c.name == f.name)
    if f.named_as_source:
        checks.append(
            lambda _l, c, _o, s, x, _r, w: (
                c.name == (s[x.source].name if x.source in s else w.objects[x.source].card.name)
            )
        )
    if f.not_named_as_source:  # CR 201.2
        checks.append(
            lambda _l, c, _o, s, x, _r, _w: x.source not in s or c.name != s[x.source].name
        )
    return checks


def _status(f: Filter) -> list[Check]:
    checks: list[Check] = []
    if f.face_down is not None:
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: o.face_down == f.face_down)
    if f.commander is not None:
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: o.commander == f.commander)
    if f.no_abilities:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: not c.abilities)
    if f.no_counters:
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: not any(n for _, n in o.counters))
    if f.adventure:  # CR 715.2a-b: a copiable value, so a copy of one has it too
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: c.has_adventure)
    if f.dealt_damage_by_source:
        checks.append(
            lambda label, _c, _o, _s, x, _r, w: (x.source, label) in w.game.this_turn.damage_dealt
        )
    if f.entered_this_turn:  # CR 603.6a, by the turn's record
        checks.append(
            lambda label, _c, _o, _s, _x, _r, w: any(
                r.label == label for r in w.game.this_turn.entered
            )
        )
    if f.warped:  # CR 702.185a: as it entered
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: o.choices.warp)
    if f.exiled_with_source:  # CR 607.2a, 406.6
        checks.append(lambda _l, _c, o, _s, x, _r, _w: o.exiled_with == x.source)
    if f.put_with_source:  # CR 607.2a: put onto the battlefield with it (Animate Dead)
        checks.append(lambda _l, _c, o, _s, x, _r, _w: o.put_with == x.source)
    if (put := f.counters_put_by_you) is not None:  # CR 122.6
        checks.append(lambda _l, _c, o, _s, x, _r, _w: (x.controller, put) in o.counters_put)
    if (wanted := f.transformed) is not None:  # CR 712.8e: its back face up
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: _transformed(o) == wanted)
    if f.stickered is not None:  # CR 123.4
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: o.stickered == f.stickered)
    if f.attacking:
        checks.append(lambda _l, _c, _o, _s, _x, _r, _w: False)  # boards have no combat in progress
    if f.blocking:
        checks.append(lambda _l, _c, _o, _s, _x, _r, _w: False)
    if f.counters is not None:
        kind, least = f.counters

        def has_counters(_l: str, _c: Characteristics, o: GameObject, *_: object) -> bool:  # noqa: D401
            if kind is None:
                return sum(n for _, n in o.counters) >= least
            return o.counter_count(kind) >= least

        checks.append(has_counters)
    return checks


def _enchanted_or_equipped(
    label: str,
    _c: Characteristics,
    _o: GameObject,
    state: State,
    _x: Context,
    _r: str | None,
    world: World,
) -> bool:
    return _attached_with(label, state, world, {"Aura", "Equipment"})


def _enchanted_by_you(
    label: str,
    _c: Characteristics,
    _o: GameObject,
    state: State,
    ctx: Context,
    _r: str | None,
    world: World,
) -> bool:
    """An Aura the effect's controller controls is attached to it (CR 303.4)."""
    return _attached_with(label, state, world, {"Aura"}, ctx.controller)


def _attached_with(
    label: str, state: State, world: World, kinds: set[str], controller: str | None = None
) -> bool:
    """A permanent of one of these subtypes (controlled by ``controller`` if given) is
    attached to it (CR 301.5, 303.4)."""
    return any(
        other.attached_to == label
        and other.on_battlefield
        and other.label in state
        and bool(kinds & set(state[other.label].subtypes))
        and (controller is None or state[other.label].controller == controller)
        for other in world.objects.values()
    )


def _attachments(f: Filter) -> list[Check]:
    checks: list[Check] = []
    if f.enchanted_or_equipped:
        checks.append(_enchanted_or_equipped)
    if f.enchanted is not None or f.equipped is not None:

        def attachments(
            label: str,
            _c: Characteristics,
            _o: GameObject,
            state: State,
            _x: Context,
            _r: str | None,
            world: World,
        ) -> bool:
            held = {
                sub
                for other in world.objects.values()
                if other.attached_to == label and other.on_battlefield and other.label in state
                for sub in state[other.label].subtypes
            }
            if f.enchanted is not None and ("Aura" in held) != f.enchanted:
                return False
            return f.equipped is None or ("Equipment" in held) == f.equipped

        checks.append(attachments)
    if f.enchanted_by_you:
        checks.append(_enchanted_by_you)
    if f.attached_to_affected:
        checks.append(lambda _l, _c, o, _s, _x, r, _w: r is not None and o.attached_to == r)
    if f.same_name_as_affected:
        checks.append(
            lambda _l, c, _o, s, _x, r, _w: r is not None and r in s and c.name == s[r].name
        )
    if f.attached_to_source:
        checks.append(lambda _l, _c, o, _s, x, _r, _w: o.attached_to == x.source)
    if f.attached_to_creature:
        checks.append(
            lambda _l, _c, o, s, _x, _r, _w: (
                o.attached_to is not None
                and o.attached_to in s
                and "Creature" in s[o.attached_to].types
            )
        )
    if f.attached_to_yours:
        checks.append(
            lambda _l, _c, o, s, x, _r, _w: (
                o.attached_to is not None
                and o.attached_to in s
                and s[o.attached_to].controller == x.controller
            )
        )
    return checks


def _kinship(f: Filter) -> list[Check]:
    checks: list[Check] = []
    if f.like_target is not None:
        how, slot = f.like_target

        def like(
            label: str, c: Characteristics, _o: object, s: State, x: Context, *_: object
        ) -> bool:
            target = x.targets[slot] if slot < len(x.targets) else None
            if target is None or target == label or target not in s:
                return False
            kin = s[target]
            if how == "color":
                return bool(c.colors & kin.colors)
            return bool(c.name) and c.name == kin.name  # no name (face down) shares none (708.2)

        checks.append(like)
    if f.shares_creature_type_with_source:
        checks.append(
            lambda _l, c, _o, s, x, _r, _w: (
                x.source in s and bool(c.creature_types() & s[x.source].creature_types())
            )
        )
    return checks


def _defined_words(f: Filter) -> list[Check]:
    """Words the rules define by other characteristics or by what a permanent has: "historic"
    (CR 700.6), "outlaws" (700.12, any of their creature types) and "modified" (700.9)."""
    checks: list[Check] = []
    if f.historic:
        checks.append(
            lambda _l, c, _o, _s, _x, _r, _w: (
                "Artifact" in c.types or "Legendary" in c.supertypes or c.has_subtype("Saga")
            )
        )
    if f.any_subtypes:
        either = tuple(f.any_subtypes)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: any(c.has_subtype(t) for t in either))
    if f.modified is not None:
        checks.append(
            lambda label, c, o, s, _x, _r, w: (
                is_modified(label, o, c.controller, s, w.objects.values()) == f.modified
            )
        )
    return checks


# In this order: the zone first (the cheapest and most selective), then the type line.
_BUILDERS: tuple[Callable[[Filter], list[Check]], ...] = (
    _zone,
    _type_line,
    _defined_words,
    _colors,
    _not_this,
    _controller,
    _owner,
    _abilities_and_numbers,
    _chosen_and_named,
    _status,
    _attachments,
    _kinship,
)


def _transformed(obj: GameObject) -> bool:
    """A transforming double-faced card with its back face up (CR 712.8e): the card a board
    names by its back face's name (it entered transformed); a token or a face-down permanent
    isn't one, nor a modal double-faced card's back face or a melded permanent."""
    card = obj.card
    return (
        not card.token
        and not obj.face_down
        and card.front_mana_cost is not None
        and back_face_front_cost(card.name) is not None
    )
