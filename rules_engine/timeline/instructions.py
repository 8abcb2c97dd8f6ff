"""A resolving spell's or ability's one-shot parts (CR 608.2c), one small function per
kind of instruction: each turns its words into the events that would happen, which then
go through the replacement and prevention effects in play (CR 614-616).

``INSTRUCTIONS`` lists every kind (``one_shot.OneShotKind``); a kind it lacks fails
``tests/engine/test_instructions.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from rules_engine import card_actions
from rules_engine.bounds import check_events
from rules_engine.characteristics import Characteristics
from rules_engine.errors import BoardError
from rules_engine.game import Game, NotModelled
from rules_engine.one_shot import OneShot, OneShotKind
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.oracle.parser import parse_ability_text
from rules_engine.perform import add_counters, chars_of, note_unmodelled, perform
from rules_engine.replacement.events import (
    CreateTokens,
    Damage,
    Destroy,
    Draw,
    Enter,
    Event,
    GainLife,
    LoseLife,
    PutCounters,
    ZoneMove,
    card_move,
)
from rules_engine.replacement.explore import Pending
from rules_engine.selection import Context, World, matches, select
from rules_engine.timeline.common import phased, stamp, zone_move
from rules_engine.timeline.dice import roll
from rules_engine.timeline.entering import Entering, returning_choices
from rules_engine.timeline.exiled import link_exiled
from rules_engine.timeline.exiling import exile_graveyard, exile_top
from rules_engine.timeline.faces import attach_self, attached_only, face_up
from rules_engine.timeline.keep_one import keep_one
from rules_engine.timeline.new_tokens import equip_each, kinds_onto_token
from rules_engine.timeline.resolution import Resolution, acted_on, chosen_among, fits_in, players
from rules_engine.timeline.ring import ring_tempts
from rules_engine.tokens import token_card


@dataclass(frozen=True, slots=True)
class Part:
    """One one-shot part about to happen, and what its words read now (CR 608.2c, 608.2h)."""

    game: Game
    action: OneShot
    res: Resolution
    amount: int
    state: dict[str, Characteristics]
    world: World
    ctx: Context
    # The permanents its words name, a target only if still legal (CR 608.2b).
    objects: list[str]

    @classmethod
    def of(cls, game: Game, action: OneShot, res: Resolution) -> Part:
        amount = (res.x or 0) if action.x else action.n
        state = chars_of(game)
        world = World.of(game)
        ctx = res.context()
        objects = acted_on(action.subject, state, world, ctx, "battlefield", res.legal_targets)
        if action.narrow is not None:  # "any of them that are Walls" (CR 608.2c)
            objects = [x for x in objects if matches(action.narrow, x, state, world, ctx)]
        if action.attached_to is not None:
            objects = attached_only(game, action, res, objects)
        return cls(game, action, res, amount, state, world, ctx, objects)

    @property
    def players(self) -> list[str]:
        return players(self.action, self.res, self.game)

    def acted_on(self, zone: str) -> list[str]:
        return acted_on(
            self.action.subject, self.state, self.world, self.ctx, zone, self.res.legal_targets
        )


# --- Instructions that become events ---------------------------------------------------


def _reanimate(p: Part) -> list[Event]:
    """A card put onto the battlefield from a graveyard: it enters (CR 614.12: entering
    replacements see it as it would exist) under its owner's control, or "under your
    control"; a card no longer in the graveyard, or no longer a legal target, stays put."""
    action, res, world = p.action, p.res, p.world
    zones = {f.zone for f in action.subject.filters} if action.subject else set()
    zone = action.from_zone or ("hand" if zones == {"hand"} else "graveyard")
    if action.from_zone and action.subject is not None:
        # The card this resolution exiled: no longer the target it was (CR 400.7), found
        # by the effect that moved it.
        found = [t for t in select(action.subject, p.state, world, p.ctx) if world.in_zone(t, zone)]
    else:
        found = p.acted_on(zone)
    if action.one_graveyard and len({world.objects[x].owner for x in found}) > 1:
        why = f"its targets are cards in one graveyard (CR 601.2c): {action.text}"
        raise BoardError(f"{res.path}.targets", why)
    if action.n == 1 and found:
        # "the top creature card of your graveyard": the first in the graveyard's order;
        # "a creature card from your hand": the one the step chose, by default the first.
        order = [o.label for o in p.game.objects]
        chosen = res.choices.chosen
        if action.every and chosen is not None and chosen not in found:
            raise BoardError(
                f"{res.path}.choices.chosen", f"{chosen} is not a card {action.text} can put"
            )
        found = [chosen if action.every and chosen in found else min(found, key=order.index)]
    counters = action.enter_counters
    if action.x:
        # "with X additional +1/+1 counters on it": the spell's X (CR 107.3a, 614.1c).
        counters = tuple((kind, p.amount) for kind, _ in counters)
    events: list[Event] = []
    for label in found:
        obj = world.objects[label]
        controller = res.controller if action.players == "you" else obj.owner
        events.append(_put_onto_battlefield(p.game, label, controller, action, counters, res))
    return events


def _put_onto_battlefield(
    game: Game,
    label: str,
    controller: str,
    action: OneShot,
    counters: tuple[tuple[str, int], ...],
    res: Resolution,
) -> Enter:
    """A card a resolving spell or ability puts onto the battlefield (a return, a search):
    tapped if it says so, with the counters it names, its own "enter as a copy" answered by
    the step (CR 614.1c, 707.9)."""
    obj = game.object(label)
    assert obj is not None
    return Enter(
        label,
        obj.card,
        controller,
        tapped=action.tapped,
        put_tapped=action.tapped,
        counters=counters,
        choices=returning_choices(game, obj.card, res.choices, res.path),
    )


def _recover(p: Part) -> list[Event]:
    """A card returned from a graveyard to its owner's hand (CR 400.7); "a land card" (``n``
    1): the one the step chose (``choices.chosen``), by default the first in the graveyard's
    order (CR 608.2d)."""
    found = p.acted_on("graveyard")
    if p.action.n == 1 and p.action.every and found:
        chosen = p.res.choices.chosen
        if chosen is not None and chosen not in found:
            raise BoardError(
                f"{p.res.path}.choices.chosen",
                f"{chosen} is not a card {p.action.text} can return ({', '.join(found)})",
            )
        order = [o.label for o in p.game.objects]
        found = [chosen or min(found, key=order.index)]
    return [zone_move(p.game, label, "hand") for label in found]


def _copy_token(p: Part) -> list[Event]:
    """CR 707.2: each token copies the object's copiable values as it is created; a card
    in a graveyard (Feldon of the Third Path) is copied as printed."""
    action, objects = p.action, p.objects
    zones = {f.zone for f in action.subject.filters} if action.subject else set()
    if zones and "battlefield" not in zones:
        objects = p.acted_on(zones.pop())
    return [
        CreateTokens(
            replace(p.world.objects[label].card, token=True),
            p.amount,
            p.res.controller,
            copy_of=label,
            copy=action.copy,
        )
        for label in objects
    ]


def _fight(p: Part) -> list[Event]:
    """CR 701.14a: each creature deals damage equal to its power to the other, at once (a
    "bite" only the first way). 701.14b: if either is no longer a creature on the
    battlefield, or is an illegal target now, no damage is dealt at all; 701.14c: a creature
    fighting itself is dealt twice its power."""
    action, state = p.action, p.state
    if action.other is None:
        # "Each tapped creature deals damage to itself equal to its power" (CR 120.3): each
        # one still a creature is dealt its own power, all at once.
        selves = [Damage(max(state[a].power or 0, 0), a, a) for a in p.objects]
        return [d for a, d in zip(p.objects, selves, strict=True) if _bites(state, a, d)]
    others = acted_on(action.other, state, p.world, p.ctx, "battlefield", p.res.legal_targets)
    if action.kind == "bite" and len(others) == 1 and len(p.objects) > 1:
        # "They each deal damage equal to their power to ..." (Tandem Takedown): each
        # creature still there deals its own damage to the one, at the same time.
        (b,) = others
        bites = [Damage(max(state[a].power or 0, 0), a, b) for a in p.objects]
        return [d for a, d in zip(p.objects, bites, strict=True) if _bites(state, a, d)]
    if len(p.objects) != 1 or len(others) != 1:
        return []
    (a,), (b,) = p.objects, others
    if "Creature" not in state[a].types:
        return []
    if action.kind == "fight" and "Creature" not in state[b].types:
        return []  # 701.14b; a one-way bite may hit a planeswalker (Rabid Bite)
    damage = [Damage(max(state[a].power or 0, 0), a, b)]
    if action.kind == "fight":
        damage.append(Damage(max(state[b].power or 0, 0), b, a))
    return [d for d in damage if d.amount > 0]


def _bites(state: dict[str, Characteristics], label: str, damage: Damage) -> bool:
    return "Creature" in state[label].types and damage.amount > 0


def _damage(p: Part) -> list[Event]:
    """CR 120.1: damage to the objects and players it names, and to "any target"."""
    action, res = p.action, p.res
    if action.divided:
        # CR 601.2d: each target its announced share; a target no longer legal (608.2b)
        # gets none, a player only where the words allow players ("targets", 115.4).
        return [
            Damage(n, res.source, label)
            for label, n in _divided(p)
            if label in p.objects or (action.any_target and label in p.game.players)
        ]
    recipients = p.objects + p.players
    if action.slot is not None and action.players is None and action.slot < len(res.targets):
        recipients.append(res.targets[action.slot])
    return [Damage(p.amount, res.source, r) for r in recipients]


def _destroy(p: Part) -> list[Event]:
    """CR 701.8: destroyed, unless it "can't be regenerated" regeneration may replace it."""
    return [Destroy(label, regenerable=p.action.regenerable) for label in p.objects]


def _sacrifice(p: Part) -> list[Event]:
    """CR 701.21a: put into its owner's graveyard; "each player sacrifices" one they
    control, performed where there is no choice to make (one or none), named as not
    modelled otherwise (``unchosen``)."""
    if p.action.players is None:
        return [zone_move(p.game, label, "graveyard") for label in p.objects]
    picked = p.res.choices.chosen  # "you sacrifice a Food": the one the step names (608.2d)
    chosen = [
        picked if picked in own else own[0]
        for player in p.players
        if (own := [x for x in p.objects if p.state[x].controller == player])
        and (len(own) == 1 or picked in own)
    ]
    return [zone_move(p.game, label, "graveyard") for label in chosen]


def _moved_to(zone: str) -> Callable[[Part], list[Event]]:
    """Exiled (CR 406.3) or returned to its owner's hand (400.7)."""

    def moved(p: Part) -> list[Event]:
        return [zone_move(p.game, label, zone) for label in p.objects]

    return moved


def _counter(p: Part) -> list[Event]:
    """CR 701.6a: a countered spell leaves the stack for its owner's graveyard (through
    replacements: Rest in Peace exiles it) and never resolves; a target no longer on the
    stack stays where it is (608.2b). "... unless its controller pays {2}": nothing, if the
    step says that player paid (CR 118.12, ``choices.paid``)."""
    if p.action.unless_paid and p.res.choices.paid:
        return []
    return [zone_move(p.game, label, "graveyard") for label in p.acted_on("stack")]


def _counters(p: Part) -> list[Event]:
    """CR 122.6: the spell's or ability's controller puts them (Vorinclex's "you")."""
    action, res = p.action, p.res
    if action.doubled:
        # CR 701.10: doubling the counters of a kind puts on as many as it already has.
        counts = {
            x: o.counter_count(action.counter_kind) for x in p.objects if (o := p.game.object(x))
        }
        return [
            PutCounters(action.counter_kind, x, n, by=res.controller)
            for x, n in counts.items()
            if n > 0
        ]
    if action.least_toughness:
        return [
            PutCounters(action.counter_kind, x, p.amount, by=res.controller)
            for x in _least(p.objects, p.state, res)
        ]
    by = res.controller
    if action.divided:
        return [
            PutCounters(action.counter_kind, label, n, by=by)
            for label, n in _divided(p)
            if label in p.objects  # a target no longer legal gets none (608.2b)
        ]
    objects = p.objects
    if action.chosen_one and objects:
        chosen = res.choices.chosen
        if chosen is not None and chosen not in objects:
            raise BoardError(
                f"{res.path}.choices.chosen",
                f"{chosen} is not among what {action.text} may choose ({', '.join(objects)})",
            )
        objects = [chosen or objects[0]]
    return [PutCounters(action.counter_kind, label, p.amount, by=by) for label in objects]


def _divided(p: Part) -> list[tuple[str, int]]:
    """CR 601.2d: each target's share of the amount, in target order (``choices.divided``):
    at least 1 each, adding up to the whole."""
    res, whole = p.res, p.amount
    slots = p.action.subject.target_slots if p.action.subject is not None else ()
    targets = [res.targets[s] for s in slots if s < len(res.targets)]
    shares = res.choices.divided
    if not targets:
        return []  # "up to four target creatures" with none chosen: nothing to divide
    if not shares and len(targets) == 1:
        shares = (whole,)
    if len(shares) != len(targets) or sum(shares) != whole or min(shares, default=1) < 1:
        example = [whole - len(targets) + 1] + [1] * (len(targets) - 1) if targets else []
        raise BoardError(
            f"{res.path}.choices.divided",
            f"{res.source_name} divides {whole} among its {len(targets)} target(s) as it is "
            f"cast (CR 601.2d): each at least 1, adding up to {whole}, in target order; "
            f'add "divided": {example} to the step\'s choices',
        )
    return list(zip(targets, shares, strict=True))


def _least(objects: list[str], state: dict[str, Characteristics], res: Resolution) -> list[str]:
    """CR 701.39a: bolster chooses a creature with the least toughness among them; among
    several, the step's ``choices.chosen``, by default the first to have entered."""
    creatures = [x for x in objects if state[x].toughness is not None]
    if not creatures:
        return []
    least = min(state[x].toughness or 0 for x in creatures)
    tied = [x for x in creatures if (state[x].toughness or 0) == least]
    chosen = res.choices.chosen
    if chosen is not None and chosen not in tied:
        raise BoardError(
            f"{res.path}.choices.chosen",
            f"{chosen} doesn't have the least toughness among your creatures ({', '.join(tied)})",
        )
    return [chosen or tied[0]]


def _tokens(game: Game, action: OneShot, res: Resolution) -> tuple[Game, list[Event]]:
    """CR 111.2: tokens created under the control of the player who creates them, with the
    abilities the phrase gives them (111.3); one the engine can't read yet is named."""
    makers = players(action, res, game) if action.players else [res.controller]
    amount = (res.x or 0) if action.x else action.n
    phrase = action.token
    if re.search(r"\bX/X\b", phrase, re.IGNORECASE):
        # "an X/X ... token" (CR 107.3a, 608.2h): one token, its P/T the amount.
        phrase, amount = re.sub(r"\bX/X\b", f"{amount}/{amount}", phrase, flags=re.I), 1
    card = token_card(phrase)
    unread = [text for text in card.rules_text if not _readable(text, card.name)]
    if unread:
        card = replace(card, rules_text=tuple(t for t in card.rules_text if t not in unread))
        why = (
            "the token's ability in quotation marks (CR 111.3) can't be read yet, so the token "
            "is created without it"
        )
        game = note_unmodelled(game, [NotModelled(res.who, f'"{t}"', why) for t in unread])
    return game, [CreateTokens(card, amount, player) for player in makers] if amount else []


def _readable(text: str, name: str) -> bool:
    try:
        parsed = parse_ability_text(text, name)
    except OracleParseError:
        return False
    return all(a.unreadable is None for a in parsed)


def _move(p: Part) -> list[Event]:
    """What a "move" part moves: ~ itself where it is (the resolving spell on the stack, a
    permanent, or the card in a graveyard for "Return ~ from your graveyard ..."), or the
    permanents its words name (CR 400.7)."""
    action, game = p.action, p.game
    moving = p.objects
    if action.subject is not None and action.subject.kind == "self":
        me = game.object(p.res.source)
        zones = (action.from_zone,) if action.from_zone else ("stack", "battlefield")
        moving = [me.label] if me is not None and me.zone in zones and not me.phased_out else []
    return [zone_move(game, label, action.to_zone) for label in moving]


def _draw(p: Part) -> list[Event]:
    """CR 121.2: each card drawn is a draw of its own."""
    check_events(p.amount, "cards drawn", p.res.path)  # one event a card: bounded first
    return [Draw(player) for player in p.players for _ in range(p.amount)]


def _gain_life(p: Part) -> list[Event]:
    return [GainLife(player, p.amount) for player in p.players]


def _lose_life(p: Part) -> list[Event]:
    return [LoseLife(player, p.amount) for player in p.players]


def _life_becomes(p: Part) -> list[Event]:
    """CR 119.5: a player whose life total becomes a number gains or loses the difference
    (so replacement effects on gaining and losing life apply); every new total is worked
    out first, from the totals before any of them changes."""
    game, action, state = p.game, p.action, p.state
    everyone = list(game.players)
    if action.life_becomes == "lowest":
        lowest = min(game.life_of(player) for player in everyone)
        wanted = dict.fromkeys(everyone, lowest)
    elif action.life_becomes == "creatures":
        wanted = {
            player: sum(
                1
                for o in game.objects
                if o.on_battlefield
                and o.label in state
                and "Creature" in state[o.label].types
                and state[o.label].controller == player
            )
            for player in everyone
        }
    else:
        wanted = dict.fromkeys(everyone, action.n)
    start = everyone.index(game.active)
    events: list[Event] = []
    for player in everyone[start:] + everyone[:start]:  # APNAP order (CR 101.4)
        change = wanted[player] - game.life_of(player)
        if change > 0:
            events.append(GainLife(player, change))
        elif change < 0:
            events.append(LoseLife(player, -change))
    return events


# --- Instructions that change the game as they make their events ----------------------


def _card_events(game: Game, action: OneShot, res: Resolution) -> tuple[Game, list[Event]]:
    """Mill, surveil and discard: the cards they act on, as events (CR 701)."""
    amount = (res.x or 0) if action.x else action.n
    if action.kind == "mill":
        return card_actions.mill(game, players(action, res, game), amount)
    if action.kind == "surveil":
        return card_actions.surveil(game, res.controller, amount, res.choices.graveyard, res.path)
    events: list[Event] = []
    for player in players(action, res, game):
        if action.to_zone == "exile":
            zone, chosen = action.from_zone, res.choices.exile
            game, some = card_actions.exile_own(game, player, zone, amount, chosen, res.path)
        else:
            chosen, fits = res.choices.discard, fits_in(game, action.subject, res)
            game, some = card_actions.discard(game, player, amount, chosen, res.path, fits)
        events += some
    return game, events


def _search(game: Game, action: OneShot, res: Resolution) -> tuple[Game, list[Event]]:
    """CR 701.23a: each searching player's cards found (``card_actions.search``) move to
    their hand or enter the battlefield under their control (tapped if the words say so);
    a card to put onto the battlefield the board's library doesn't list is named."""
    fits = fits_in(game, action.subject, res) or (lambda _label: False)
    events: list[Event] = []
    for player in players(action, res, game):
        to_hand = action.to_zone == "hand"
        game, found, unplaced = card_actions.search(
            game, player, action.n, fits, res.choices.chosen, to_hand, action.from_zone != ""
        )
        for label in found:
            if to_hand:
                events.append(zone_move(game, label, "hand"))
            else:
                counters = tuple(
                    (k, (res.x or 0) if action.x else n) for k, n in action.enter_counters
                )
                events.append(_put_onto_battlefield(game, label, player, action, counters, res))
        if unplaced:
            why = (
                f"the board lists no card in {player}'s library that this search can find, and "
                "a card it doesn't list has no known characteristics to enter the battlefield "
                "with (CR 701.23a), so none is put there; list the library to have one found"
            )
            game = note_unmodelled(game, [NotModelled(res.who, action.text, why)])
    return game, events


def _graveyard_into_library(
    game: Game, action: OneShot, res: Resolution
) -> tuple[Game, list[Event]]:
    """CR 701.24a: every card in each player's graveyard moves to their library (each move
    an event replacement effects see), which is then shuffled."""
    events: list[Event] = []
    for player in players(action, res, game):
        cards = [o for o in game.objects if o.zone == "graveyard" and o.owner == player]
        events += [card_move(o.label, o.card, o.owner, "library", "graveyard") for o in cards]
        game = replace(game, shuffled=game.shuffled | {player})
    return game, events


def _manifest_dread(game: Game, action: OneShot, res: Resolution) -> tuple[Game, list[Event]]:
    """CR 701.62a: each player who manifests dread (the step's ``choices.chosen`` names the
    card manifested, by default the top one)."""
    events: list[Event] = []
    for player in players(action, res, game):
        game, some = card_actions.manifest_dread(game, player, res.choices.chosen, res.path)
        events += some
    return game, events


def _populate(game: Game, action: OneShot, res: Resolution) -> tuple[Game, list[Event]]:
    """CR 701.36a: a copy of a creature token its controller controls (the step's choice)."""
    state = chars_of(game)
    tokens = [
        label
        for label, chars in state.items()
        if (obj := game.object(label)) is not None
        and obj.on_battlefield
        and obj.card.token
        and "Creature" in chars.types
        and chars.controller == res.controller
    ]
    copied = card_actions.populate_source(tokens, res.choices.chosen, res.path)
    if copied is None:
        return game, []
    return game, [card_actions.populate(game, copied, res.controller)]


def _player_counters(game: Game, action: OneShot, res: Resolution) -> tuple[Game, list[Event]]:
    """CR 122.1: a player gets counters (energy: an event, so "can't get counters" sees it)
    or loses all of a kind (122.8: removing counters isn't replaced)."""
    events: list[Event] = []
    for player in players(action, res, game):
        if action.every:
            have = game.counters_of_player(player).get(action.counter_kind, 0)
            game = add_counters(game, player, action.counter_kind, -have)
        elif action.n > 0:
            events.append(PutCounters(action.counter_kind, player, action.n, by=res.controller))
    return game, events


def _proliferate(game: Game, action: OneShot, res: Resolution) -> tuple[Game, list[Event]]:
    """CR 701.34a: each permanent and player chosen (the step's ``choices.proliferate``;
    absent, every one with a counter) gets another counter of each kind already there, all
    at once, each an event replacement effects see (122.6)."""
    chosen = res.choices.proliferate
    events: list[Event] = []
    for obj in game.objects:
        if obj.on_battlefield and not obj.phased_out and (chosen is None or obj.label in chosen):
            events += [
                PutCounters(kind, obj.label, 1, by=res.controller) for kind, n in obj.counters if n
            ]
    for player in game.players:
        if chosen is None or player in chosen:
            have = game.counters_of_player(player)
            events += [
                PutCounters(kind, player, 1, by=res.controller) for kind, n in have.items() if n
            ]
    return game, events


# --- Instructions performed directly (no event) ----------------------------------------


def _monstrosity(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 701.37a: only if it isn't monstrous yet: N +1/+1 counters (an event replacement
    effects see), and it becomes monstrous (701.37b) whatever happened to the counters."""
    source = game.object(res.source)
    if source is None or not source.on_battlefield or source.monstrous:
        return game
    game = perform_instruction(game, replace(action, kind="counters"), res, hook)
    now = game.object(res.source)
    return game.with_object(replace(now, monstrous=True)) if now is not None else game


def _tap_or_untap(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 701.26: tapped or untapped, not an event replacement effects see here."""
    state = chars_of(game)
    world = World.of(game)
    ctx = res.context()
    for label in select(action.subject, state, world, ctx) if action.subject else []:
        obj = game.object(label)
        if obj is not None and obj.on_battlefield:
            game = game.with_object(replace(obj, tapped=action.kind == "tap"))
    return game


def _remove_counters(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 122.8: counters taken off ("remove all -1/-1 counters from it"); not replaced."""
    state = chars_of(game)
    world = World.of(game)
    for label in acted_on(
        action.subject, state, world, res.context(), "battlefield", res.legal_targets
    ):
        obj = game.object(label)
        have = obj.counter_count(action.counter_kind) if obj is not None else 0
        game = add_counters(game, label, action.counter_kind, -(have if action.every else action.n))
    return game


def _amass(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 701.47a: a 0/0 black Army token of the subtype if its player controls no Army
    creature, then N +1/+1 counters on an Army creature they control (the step's
    ``choices.chosen``; absent, the first to have entered)."""
    if not _armies(game, res):
        game = perform_instruction(game, replace(action, kind="tokens", n=1, x=False), res, hook)
    armies = _armies(game, res)
    army = chosen_among(res, armies, "an Army creature you control")
    if army is None:
        return game
    amount = (res.x or 0) if action.x else action.n
    counters = [PutCounters(action.counter_kind, army, amount, by=res.controller)]
    game = perform(
        game,
        [Pending(e) for e in counters],
        enter=hook,
        wanted=res.replacements,
        where=res.path,
        step=res.index,
    ).game
    subtype = next(s for s in token_card(action.token).subtypes if s != "Army")
    now = chars_of(game).get(army)
    if now is not None and subtype not in now.subtypes:
        why = (
            f"the Army doesn't become a {subtype} in addition to its other types (CR 701.47a), "
            "which the engine doesn't apply yet"
        )
        game = note_unmodelled(game, [NotModelled(res.who, action.text, why)])
    return game


def _incubate(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 701.53a: each player who incubates creates an Incubator artifact token, and the N
    +1/+1 counters are put on it as it is created, through the counter replacements (an
    artifact, not a creature, so Hardened Scales doesn't apply; Doubling Season does)."""
    amount = (res.x or 0) if action.x else action.n
    for player in players(action, res, game):
        before = set(hook.entered)
        token = replace(action, kind="tokens", n=1, x=False, players=None, slot=None)
        game = perform_instruction(game, token, replace(res, controller=player), hook)
        made = [x for x in hook.entered if x not in before]
        if not made or amount <= 0:
            continue
        # Each token created has them (Doubling Season's second token too).
        counters = [PutCounters(action.counter_kind, x, amount, by=player) for x in made]
        game = perform(
            game,
            [Pending(e, batch=0 if len(counters) > 1 else None) for e in counters],
            enter=hook,
            wanted=res.replacements,
            where=res.path,
            step=res.index,
        ).game
    return game


def _armies(game: Game, res: Resolution) -> list[str]:
    """The Army creatures the resolving player controls, in the order they entered."""
    state = chars_of(game)
    return [
        o.label
        for o in game.objects
        if o.on_battlefield
        and not o.phased_out
        and o.label in state
        and "Creature" in state[o.label].types
        and "Army" in state[o.label].subtypes
        and state[o.label].controller == res.controller
    ]


def _designate(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 725.1, 726.1: the resolving player becomes the monarch or takes the initiative; a
    player who had it no longer does (one monarch, one player with the initiative). Not an
    event replacement effects see here. What it triggers (the monarch's draw, 725.2; the
    initiative's venture into Undercity, 726.2) happens later or in a hidden zone, which a
    board's steps don't reach."""
    facts = game.designations
    if action.designation in ("day", "night"):
        return _day_or_night(game, action, res)
    if action.designation == "monarch":
        facts = replace(facts, monarch=res.controller)
    elif action.designation == "initiative":
        facts = replace(facts, initiative=res.controller)
        why = (
            "taking the initiative makes its player venture into Undercity (CR 726.2), a "
            "dungeon the engine doesn't model; the initiative itself is taken"
        )
        game = note_unmodelled(game, [NotModelled(res.who, action.text, why)])
    return replace(game, designations=facts)


def _day_or_night(game: Game, action: OneShot, res: Resolution) -> Game:
    """CR 731.1: it becomes day or night ("It becomes night.", Unnatural Moonrise), which
    "as long as it's night" reads. A daybound or nightbound permanent would transform as it
    does (CR 702.145), which the engine doesn't do: then named as not modelled."""
    time: Literal["day", "night"] = "day" if action.designation == "day" else "night"
    game = replace(game, designations=replace(game.designations, day_night=time))
    state = chars_of(game)
    bound = [
        o.label
        for o in game.objects
        if o.on_battlefield
        and o.label in state
        and any(a.text.lower() in ("daybound", "nightbound") for a in state[o.label].abilities)
    ]
    if bound:
        why = (
            f"a daybound or nightbound permanent transforms as it becomes {time} (CR 702.145),"
            f" which the engine doesn't do; it becomes {time}"
        )
        game = note_unmodelled(game, [NotModelled(res.who, action.text, why)])
    return game


def _suspect_or_goad(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 701.60a-c: each creature named becomes suspected, from now (suspecting a suspected
    creature again does nothing: Gatherer ruling on suspect, 2024-02-02); 701.15a: goaded by
    the resolving spell's or ability's controller (a requirement on attacking, no
    characteristic, shown with the object)."""
    state = chars_of(game)
    world = World.of(game)
    found = acted_on(action.subject, state, world, res.context(), "battlefield", res.legal_targets)
    for label in found:
        obj = game.object(label)
        if obj is None or "Creature" not in state[label].types:
            continue
        if action.kind == "suspect" and obj.suspected is None:
            game, now = stamp(game)
            game = game.with_object(replace(obj, suspected=now))
        elif action.kind == "goad" and res.controller not in obj.goaded_by:
            game = game.with_object(replace(obj, goaded_by=(*obj.goaded_by, res.controller)))
    return game


def _role(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 111.10, 303.7: a Role token is created attached to each permanent named (through
    the replacement effects on creating tokens, 614.1a); one that can't enchant it goes to
    the graveyard at the next check (704.5m) rather than not being created."""
    card = token_card(action.token)
    for host in Part.of(game, action, res).objects:
        before = len(hook.entered)
        game = perform(
            game,
            [Pending(CreateTokens(card, 1, res.controller))],
            enter=hook,
            wanted=res.replacements,
            where=res.path,
            step=res.index,
        ).game
        for label in hook.entered[before:]:
            obj = game.object(label)
            if obj is not None and obj.card.token and "Role" in obj.card.subtypes:
                game = game.with_object(replace(obj, attached_to=host))
    return game


def _attach(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 701.3a: the chosen Equipment (``choices.chosen``, by default the first to have
    entered; "any number": every one) becomes attached to the creature, with a new
    timestamp (613.7e); one already attached there stays as it is (701.3b). An illegal
    attachment is undone by the next check (704.5n)."""
    if action.other is not None and action.other.kind == "self":
        return attach_self(game, res, hook)
    hosts = Part.of(game, action, res).objects
    if not hosts or action.other is None:
        return game
    state, world = chars_of(game), World.of(game)
    mine = [
        x
        for x in select(action.other, state, world, res.context())
        if world.objects[x].on_battlefield and x != hosts[0]
    ]
    chosen = res.choices.chosen
    if chosen is not None and chosen not in mine and not action.every:
        raise BoardError(
            f"{res.path}.choices.chosen", f"{chosen} is not an Equipment {res.controller} controls"
        )
    picked = mine if action.every else [chosen or mine[0]] if mine else []
    for label in picked:
        obj = game.object(label)
        if obj is None or obj.attached_to == hosts[0]:
            continue
        game, timestamp = stamp(game)
        game = game.with_object(
            replace(obj, attached_to=hosts[0], host_left=None, timestamp=timestamp)
        )
    return game


def _unsuspect(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 701.60: each creature named stops being suspected (one that isn't stays so)."""
    state = chars_of(game)
    world = World.of(game)
    found = acted_on(action.subject, state, world, res.context(), "battlefield", res.legal_targets)
    for label in found:
        obj = game.object(label)
        if obj is not None and obj.suspected is not None:
            game = game.with_object(replace(obj, suspected=None))
    return game


def _phase_out(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 702.26a: each permanent named phases out, and what is attached to it with it
    (702.26g); no zone change and no event replacement effects see (702.26b)."""
    state = chars_of(game)
    world = World.of(game)
    found = acted_on(action.subject, state, world, res.context(), "battlefield", res.legal_targets)
    for label in found:
        obj = game.object(label)
        if obj is not None and obj.on_battlefield:
            game = phased(game, obj, phased_out=True)
    return game


def _choose_card(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    return game  # the choice is the step's (choices.discard), made as the card is used


Direct = Callable[[Game, OneShot, Resolution, Entering], Game]
Changing = Callable[[Game, OneShot, Resolution], tuple[Game, list[Event]]]
Events = Callable[[Part], list[Event]]

_DIRECT: dict[OneShotKind, Direct] = {
    "monstrosity": _monstrosity,
    "tap": _tap_or_untap,
    "untap": _tap_or_untap,
    "remove_counters": _remove_counters,
    "choose_card": _choose_card,
    "amass": _amass,
    "designate": _designate,
    "ring_tempts": ring_tempts,
    "suspect": _suspect_or_goad,
    "goad": _suspect_or_goad,
    "unsuspect": _unsuspect,
    "phase_out": _phase_out,
    "incubate": _incubate,
    "role": _role,
    "attach": _attach,
    "roll": roll,
    "face_up": face_up,
    "counter_kinds": kinds_onto_token,
    "equip_each": equip_each,
}
_CHANGING: dict[OneShotKind, Changing] = {
    "mill": _card_events,
    "surveil": _card_events,
    "discard": _card_events,
    "populate": _populate,
    "manifest_dread": _manifest_dread,
    "player_counters": _player_counters,
    "proliferate": _proliferate,
    "tokens": _tokens,
    "search": _search,
    "graveyard_into_library": _graveyard_into_library,
    "exile_top": exile_top,
    "exile_graveyard": exile_graveyard,
    "keep_one": keep_one,
}
_EVENTS: dict[OneShotKind, Events] = {
    "reanimate": _reanimate,
    "recover": _recover,
    "copy_token": _copy_token,
    "fight": _fight,
    "bite": _fight,
    "damage": _damage,
    "destroy": _destroy,
    "sacrifice": _sacrifice,
    "exile": _moved_to("exile"),
    "bounce": _moved_to("hand"),
    "counters": _counters,
    "counter": _counter,
    "move": _move,
    "draw": _draw,
    "gain_life": _gain_life,
    "lose_life": _lose_life,
    "set_life": _life_becomes,
}
# Every kind of one-shot part, and how it is performed: directly, by changing the game as
# its events are made, or as events only.
INSTRUCTIONS: dict[OneShotKind, Direct | Changing | Events] = {**_DIRECT, **_CHANGING, **_EVENTS}


def unchosen(game: Game, action: OneShot, res: Resolution) -> list[NotModelled]:
    """A player's choice among several permanents to sacrifice: the board can't say which."""
    if action.kind != "sacrifice" or action.players is None or action.subject is None:
        return []
    state = chars_of(game)
    world = World.of(game)
    ctx = res.context()
    candidates = [
        x for x in select(action.subject, state, world, ctx) if world.objects[x].on_battlefield
    ]
    why = (
        "{p} chooses which of several to sacrifice (CR 701.21a), which this board doesn't say, "
        "so {p} sacrifices nothing here"
    )
    return [
        NotModelled(res.who, action.text, why.format(p=p))
        for p in players(action, res, game)
        if len(own := [x for x in candidates if state[x].controller == p]) > 1
        and res.choices.chosen not in own
    ]


def perform_instruction(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """One one-shot part happens: its events through replacement and prevention effects,
    all of one sentence at once ("destroy all creatures", CR 608.2c)."""
    direct = _DIRECT.get(action.kind)
    if direct is not None:
        return direct(game, action, res, hook)
    game = note_unmodelled(game, unchosen(game, action, res))
    changing = _CHANGING.get(action.kind)
    if changing is not None:
        game, events = changing(game, action, res)
    else:
        events = _EVENTS[action.kind](Part.of(game, action, res))
    if not events:
        return game
    if action.kind == "move" and action.n:
        # "Exile ~ with three time counters on it": the card is put there with them.
        moved = perform(
            game,
            [Pending(e) for e in events],
            enter=hook,
            wanted=res.replacements,
            where=res.path,
            step=res.index,
        ).game
        return link_exiled(_with_counters(moved, events, action), events, res.source, res.is_spell)
    # Events of one sentence happen at once ("destroy all creatures", CR 608.2c).
    batch = [Pending(e, batch=0 if len(events) > 1 else None) for e in events]
    done = perform(
        game,
        batch,
        enter=hook,
        wanted=res.replacements,
        where=res.path,
        step=res.index,
    ).game
    return link_exiled(done, events, res.source, res.is_spell)  # CR 607.2a


def _with_counters(game: Game, events: list[Event], action: OneShot) -> Game:
    """Counters on a card put into exile "with N ... counters on it" (CR 122.1), where it
    went there (a replacement may have sent it elsewhere)."""
    for event in events:
        obj = game.object(event.obj) if isinstance(event, ZoneMove) else None
        if obj is not None and obj.zone == action.to_zone:
            game = game.with_object(replace(obj, counters=((action.counter_kind, action.n),)))
    return game


def tally_before(game: Game, action: OneShot, res: Resolution) -> tuple[str, ...] | int:
    """What a part is about to act on, for a later "that much" / "... destroyed this way":
    the counters a player is about to lose, or the creatures about to be destroyed."""
    if action.kind == "player_counters" and action.every:
        return sum(
            game.counters_of_player(p).get(action.counter_kind, 0)
            for p in players(action, res, game)
        )
    if action.kind == "destroy" and action.subject is not None:
        state = chars_of(game)
        world = World.of(game)
        ctx = res.context()
        found = acted_on(action.subject, state, world, ctx, "battlefield", res.legal_targets)
        return tuple(x for x in found if "Creature" in state[x].types)
    return ()


def tally_after(game: Game, action: OneShot, counting: tuple[str, ...] | int) -> int | None:
    """What the part counted: the counters lost, or the creatures destroyed (CR 701.8:
    destroyed ones have left; regenerated or indestructible ones have not)."""
    if isinstance(counting, int):
        return counting
    if action.kind != "destroy":
        return None
    return sum(1 for x in counting if (o := game.object(x)) is None or not o.on_battlefield)
