"""Which replacement and prevention effects apply to an event, and what each one does.

An effect's template is its ``Family``. ``applies`` asks whether an effect would
modify an event now (CR 614.7: only an event that would happen); ``apply`` gives
the events that replace it (614.6) and the effect as it is afterwards (a shield
shrinks or is used up, 614.8, 615.7). Both dispatch on the kind of event, and
for each kind the test and the action sit side by side below.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import assert_never

from rules_engine.bounds import check_events
from rules_engine.cards import CardDef
from rules_engine.replacement.events import (
    CreateTokens,
    Damage,
    DamageLoss,
    Destroy,
    Draw,
    Enter,
    Event,
    GainLife,
    GainsUntilEndOfTurn,
    LookAndSort,
    LoseGame,
    LoseLife,
    Nothing,
    Prevented,
    PutCounters,
    Regenerate,
    RemoveDamage,
    ReturnFromGraveyard,
    Skip,
    StepHappens,
    WinGame,
    ZoneMove,
    tokens_event,
)
from rules_engine.replacement.fits import effect_context, object_fits
from rules_engine.replacement.groups import counters, damage, entering, game_loss
from rules_engine.replacement.groups.milling import mill_moves, shown_card
from rules_engine.replacement.groups.watching import (
    Applied,
    player_fits,
    token_card_of,
)
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.specs import (
    DrawSpec,
    Family,
    LifeSpec,
    ReplacementSpec,
    SkipSpec,
    TokenSpec,
    ZoneSpec,
)
from rules_engine.replacement.state import EventState
from rules_engine.selection import Context, condition_holds, matches


def applies(active: ActiveReplacement, event: Event, board: EventState) -> bool:
    """Would this effect modify this event now? (CR 614.7: only events that would happen.)"""
    condition = active.spec.condition
    if condition is not None and not condition_holds(
        condition, board.chars, board.world, effect_context(active)
    ):
        return False  # "As long as ~ is untapped", "if you have no cards in hand" (611.3a)
    match event:
        case Damage():
            return damage.applies(active, event, board)
        case Destroy():
            return _applies_to_destroy(active, event, board)
        case ZoneMove():
            return _applies_to_zone_move(active, event, board)
        case Draw():
            return _applies_to_draw(active, event, board)
        case GainLife():
            return _applies_to_gain(active, event, board)
        case LoseLife():
            return _applies_to_loss(active, event, board)
        case CreateTokens():
            return _applies_to_tokens(active, event, board)
        case PutCounters():
            return counters.applies(active, event, board)
        case Enter():
            return entering.applies(active, event, board)
        case StepHappens():
            return _applies_to_step(active, event, board)
        case LoseGame():
            return game_loss.applies(active, event, board)
        case (
            Prevented()
            | Regenerate()
            | RemoveDamage()
            | DamageLoss()
            | Skip()
            | WinGame()
            | Nothing()
            | LookAndSort()
            | ReturnFromGraveyard()
            | GainsUntilEndOfTurn()
        ):
            return False  # results of replacement, not events an effect watches
        case _:
            assert_never(event)


def apply(
    active: ActiveReplacement, event: Event, board: EventState, limit: int | None = None
) -> Applied:
    """The events that replace this one, and the effect as it is afterwards (shields shrink).

    ``limit`` is how much of a "prevent the next N" shield the chooser spends on
    this damage when other damage dealt at the same time could use it too.
    """
    match event:
        case Damage():
            return damage.apply(active, event, board, limit)
        case Destroy():
            return _apply_to_destroy(active, event)
        case ZoneMove():
            return _apply_to_zone_move(active, event, board)
        case Draw() if active.spec.family == Family.DREDGE:
            return _dredge(active, event, board), active
        case Draw() if active.spec.family == Family.DRAW_TO_EXILE:
            return _exile_top(active, event, board), active
        case Draw():
            return _apply_to_draw(active, event)
        case GainLife():
            return _apply_to_gain(active, event)
        case LoseLife():
            return _apply_to_loss(active, event)
        case CreateTokens():
            return _apply_to_tokens(active, event)
        case PutCounters():
            return counters.apply(active, event)
        case Enter():
            return entering.apply(active, event, board)
        case StepHappens():
            return _apply_to_step(active, event)
        case LoseGame():
            return game_loss.apply(active, event, board)
        case (
            Prevented()
            | Regenerate()
            | RemoveDamage()
            | DamageLoss()
            | Skip()
            | WinGame()
            | Nothing()
            | LookAndSort()
            | ReturnFromGraveyard()
            | GainsUntilEndOfTurn()
        ):
            return [event], active
        case _:
            assert_never(event)


# --- Destruction (614.8 regeneration, 702.89a umbra armor) ----------------------------


def _applies_to_destroy(active: ActiveReplacement, event: Destroy, board: EventState) -> bool:
    spec = active.spec
    if spec.family == Family.REGENERATE and (
        not event.regenerable or _cant_regenerate(event.obj, board)
    ):
        return False  # CR 701.19c: "can't be regenerated"
    sacrificed = Family.SACRIFICE_INSTEAD
    return spec.family in (Family.REGENERATE, Family.UMBRA_ARMOR, sacrificed) and object_fits(
        spec.objects, event.obj, active, board
    )


def _cant_regenerate(label: str, board: EventState) -> bool:
    """A resolved "can't be regenerated this turn" covers it (Incinerate, Disintegrate; its
    own source: Clergy of the Holy Nimbus, CR 701.19c)."""
    for cant in board.cants:
        if cant.spec.kind != "regenerate" or cant.spec.objects is None:
            continue
        if cant.spec.objects.kind == "self":
            if label == cant.source:
                return True
            continue
        if cant.spec.objects.kind == "antecedent":
            if label in cant.targets:
                return True
            continue
        ctx = Context(cant.source, cant.controller, cant.targets)
        if label in board.chars and any(
            matches(f, label, board.chars, board.world, ctx) for f in cant.spec.objects.filters
        ):
            return True
    return False


def _apply_to_destroy(active: ActiveReplacement, event: Destroy) -> Applied:
    spec = active.spec
    if spec.family == Family.UMBRA_ARMOR:
        # CR 702.89a: "instead remove all damage from it and destroy this Aura": the
        # creature's damage goes, so the lethal damage that destroyed it is no longer there
        # for the next check of state-based actions (704.5g).
        return [RemoveDamage(event.obj), Destroy(active.source)], active
    if spec.family == Family.SACRIFICE_INSTEAD:
        # Crackling Emergence (614.6): the Aura sacrificed (put into its owner's graveyard,
        # 701.21a, not destroyed) and the land gains indestructible until end of turn.
        aura = ZoneMove(active.source, "graveyard", controller=active.controller, sacrificed=True)
        gains = GainsUntilEndOfTurn(
            event.obj,
            spec.options[0] if spec.options else "Indestructible",
            active.source,
            active.source_name,
            active.controller,
        )
        return [aura, gains], active
    if spec.family == Family.REGENERATE:
        # A regeneration shield is used up (614.8); "If ~ would be destroyed, regenerate it"
        # (Mossbridge Troll) is a static ability and isn't.
        return [Regenerate(event.obj)], None if spec.shield == "next_time" else active
    return [event], active


# --- Going to a graveyard (700.4 "dies", 702.35a madness) -----------------------------


def _applies_to_zone_move(active: ActiveReplacement, event: ZoneMove, board: EventState) -> bool:
    spec = active.spec
    family = spec.family
    if isinstance(spec, ZoneSpec) and family == Family.GRAVEYARD:
        if event.to_zone != "graveyard":
            return False
        if spec.from_battlefield and event.from_zone != "battlefield":
            return False
        if spec.not_from_battlefield and event.from_zone == "battlefield":
            return False
        if spec.objects is not None and spec.objects.words.endswith(("card", "card or token")):
            if spec.objects.words.endswith("card") and event.token:
                return False
            have = event.card_types or ({"Creature"} if event.creature else set())
            if not any(f.types <= have for f in spec.objects.filters):
                # "a creature card would be put into ..." (Anafenza); "an instant or sorcery
                # card" is a card of either type, so any one of its filters is enough.
                return False
        elif not object_fits(spec.objects, event.obj, active, board):
            return False
        return player_fits(spec.graveyard_of, event.owner, active, board)
    if family in (Family.DIE_EXILE_TOKEN, Family.DIE_ELSEWHERE):
        return event.dies and object_fits(spec.objects, event.obj, active, board)
    if family == Family.MADNESS:
        return event.madness and event.to_zone == "graveyard" and active.source == event.obj
    return False


def _apply_to_zone_move(active: ActiveReplacement, event: ZoneMove, board: EventState) -> Applied:
    spec = active.spec
    family = spec.family
    counters = spec.exile_counters if isinstance(spec, ZoneSpec) else None
    moved = replace(event, to_zone=spec.to_zone or "exile", with_counters=counters)
    if family == Family.DIE_ELSEWHERE and isinstance(spec, ZoneSpec) and spec.gain_life:
        # The Darkness Crystal: exiled instead, and its controller gains life (614.6).
        return [moved, GainLife(active.controller, spec.gain_life)], active
    if family == Family.DIE_ELSEWHERE and isinstance(spec, ZoneSpec) and spec.power_counters:
        # Ravenous Slime: exiled instead, and counters on the effect's source as many as the
        # creature's power as it last existed on the battlefield (614.6, 608.2h); none for a
        # power of 0 or less (122.1: a number of counters is never negative).
        chars = board.chars.get(event.obj)
        power = chars.power if chars is not None and chars.power is not None else 0
        if power <= 0:
            return [moved], active
        return [moved, PutCounters(spec.power_counters, active.source, power)], active
    if family in (Family.GRAVEYARD, Family.DIE_ELSEWHERE, Family.MADNESS):
        # The card goes elsewhere, with the counters the sentence puts on it there (Draugr
        # Necromancer's ice counter, CR 614.1a, 122.1).
        return [moved], active
    if family == Family.DIE_EXILE_TOKEN:
        token = CreateTokens(
            token_card_of(spec.token or "a 2/2 black Zombie creature token"), 1, active.controller
        )
        return [replace(event, to_zone="exile"), token], active
    return [event], active


# --- Drawing (121.2: one card at a time) ----------------------------------------------


def _applies_to_draw(active: ActiveReplacement, event: Draw, board: EventState) -> bool:
    spec = active.spec
    family = spec.family
    if not player_fits(spec.player, event.player, active, board):
        return False
    if isinstance(spec, DrawSpec) and spec.empty_library:
        # "while your library has no cards in it" (Ormos's counters, Living Conundrum's skip,
        # Jace's win): a library the board lists as empty (an unlisted one is taken to have
        # cards).
        return board.library_sizes.get(event.player) == 0
    if family in (Family.DRAW_EXTRA, Family.DRAW_STEAL, Family.DRAW_TO_TOKENS):
        # "... except the first one they draw in each of their draw steps" (Notion Thief);
        # Thought Reflection and Plagiarize replace every draw.
        return not (
            isinstance(spec, DrawSpec) and spec.except_first_draw and event.first_in_draw_step
        )
    if family == Family.DRAW_EMPTY_WIN:
        return board.library_sizes.get(event.player) == 0
    if family == Family.DREDGE:
        # 702.52a: its owner's draws (the explorer offers only cards still in the graveyard),
        # and 702.52b: only with at least N cards in the library (an unknown library is taken
        # to have them, as a draw from it is taken not to be from an empty one).
        size = board.library_sizes.get(event.player)
        return event.player == active.controller and (size is None or size >= (spec.amount or 0))
    return family in (
        Family.DRAW_LICH,
        Family.DRAW_LIFE,
        Family.DRAW_TO_RETURN,
        Family.DRAW_SKIP,
        Family.DRAW_TO_COUNTER,
        Family.DRAW_TO_EXILE,
    )


def _exile_top(active: ActiveReplacement, event: Draw, board: EventState) -> list[Event]:
    """CR 614.1a, 406.3: the top cards of the drawing player's library exiled instead of the
    draw, one move each (as milled cards leave, 701.17a), face down if the text says so; a
    library of known size gives no more than it has."""
    spec = active.spec
    down = isinstance(spec, DrawSpec) and spec.face_down
    moves = mill_moves(board, event.player, spec.amount or 1, to_zone="exile")
    # Cards exiled with the permanent, which its linked abilities name (CR 607.2a).
    linked = "" if active.resolved else active.source
    return [replace(move, face_down=down, exiled_with=linked) for move in moves]


def _apply_to_draw(active: ActiveReplacement, event: Draw) -> Applied:
    spec = active.spec
    family = spec.family
    if family == Family.DRAW_EXTRA:
        return [Draw(event.player), Draw(event.player)], active
    if family == Family.DRAW_STEAL:
        return [Draw(active.controller)], active
    if family == Family.DRAW_LICH:
        return [LookAndSort(event.player, spec.amount or 3)], active
    if family == Family.DRAW_EMPTY_WIN:
        return [WinGame(event.player)], active
    if family == Family.DRAW_SKIP:
        return [Nothing()], active
    if family == Family.DRAW_LIFE:
        return [GainLife(event.player, spec.amount or 0)], None
    if family == Family.DRAW_TO_RETURN:
        return [ReturnFromGraveyard(event.player)], active
    if family == Family.DRAW_TO_TOKENS and spec.options:
        return [CreateTokens(token_card_of(spec.options[0]), 1, active.controller)], active
    if family == Family.DRAW_TO_COUNTER:
        n = spec.amount or 1  # Ormos: five
        return [PutCounters(spec.counter_kind or "study", active.source, n)], active
    return [event], active


def _dredge(active: ActiveReplacement, event: Draw, board: EventState) -> list[Event]:
    """CR 702.52a: "you may mill N cards instead. If you do, return this card from your
    graveyard to your hand." Milling (701.13a) puts the top N cards of the library into the
    graveyard one by one, as moves other effects may replace (Rest in Peace); cards the board
    doesn't name are "a card from <player>'s library"."""
    player = event.player
    milled: list[Event] = [*mill_moves(board, player, active.spec.amount or 0)]
    obj = board.game.object(active.source)
    types = frozenset(obj.card.types) if obj is not None else frozenset()
    back = ZoneMove(
        shown_card(board, active.source),
        "hand",
        "graveyard",
        player,
        creature="Creature" in types,
        card_types=types,
    )
    return [*milled, back]


# --- Gaining and losing life ----------------------------------------------------------


def _applies_to_gain(active: ActiveReplacement, event: GainLife, board: EventState) -> bool:
    spec = active.spec
    return (
        spec.family
        in (
            Family.GAIN_MODIFY,
            Family.GAIN_TO_DRAW,
            Family.GAIN_TO_LOSS,
            Family.GAIN_TO_YOU,
            Family.GAIN_NONE,
        )
        and player_fits(spec.player, event.player, active, board)
        and event.amount > 0
    )


def _apply_to_gain(active: ActiveReplacement, event: GainLife) -> Applied:
    spec = active.spec
    family = spec.family
    if family == Family.GAIN_MODIFY:
        return [replace(event, amount=event.amount * spec.factor + spec.plus)], active
    if family == Family.GAIN_NONE:
        return [Nothing()], active
    if family == Family.GAIN_TO_YOU:
        return [GainLife(active.controller, event.amount)], active
    if family == Family.GAIN_TO_LOSS:
        return [LoseLife(event.player, event.amount)], active
    if family == Family.GAIN_TO_DRAW:
        check_events(event.amount, "cards drawn")  # one draw at a time (CR 121.2)
        return [Draw(event.player) for _ in range(event.amount)], active
    return [event], active


def _applies_to_loss(active: ActiveReplacement, event: LoseLife, board: EventState) -> bool:
    spec = active.spec
    if (
        isinstance(spec, LifeSpec)
        and spec.during_your_turn
        and board.game.active != active.controller
    ):
        return False
    if spec.family == Family.DAMAGE_NO_LOSS and not event.from_damage:
        return False  # only the loss damage causes (CR 120.3a), not paying or losing life
    return (
        spec.family in (Family.LOSE_MODIFY, Family.LOSS_TO_GAIN, Family.DAMAGE_NO_LOSS)
        and player_fits(spec.player, event.player, active, board)
        and event.amount > 0
    )


def _apply_to_loss(active: ActiveReplacement, event: LoseLife) -> Applied:
    spec = active.spec
    family = spec.family
    if family == Family.LOSS_TO_GAIN:
        return [GainLife(event.player, event.amount)], active
    if family == Family.DAMAGE_NO_LOSS:
        return [Nothing()], active  # Archon of Coronation: the damage is dealt, no life lost
    if family == Family.LOSE_MODIFY:
        amount = event.amount * spec.factor
        if spec.half_up or spec.half_down:
            amount = math.ceil(amount / 2) if spec.half_up else amount // 2
        return [replace(event, amount=amount)], active
    return [event], active


# --- Creating tokens ------------------------------------------------------------------


def _applies_to_tokens(active: ActiveReplacement, event: CreateTokens, board: EventState) -> bool:
    """CR 614.1a: an effect watching some kind of token applies to a creation event when
    any kind it creates is that kind (the event is one, however many kinds it holds)."""
    spec = active.spec
    if not player_fits(spec.player, event.controller, active, board) or event.total <= 0:
        return False
    return any(kind.n > 0 and _watches(spec, kind.card) for kind in event.kinds())


def _watches(spec: ReplacementSpec, card: CardDef) -> bool:
    """Whether this token effect watches tokens made from this card."""
    family = spec.family
    if family == Family.TOKENS_EACH:
        return any(_token_kind_fits(k.lower(), card) for k in spec.options)
    if family == Family.TOKENS_CONTROL:
        return True  # every token of the event (Crafty Cutpurse: "each token")
    if family in (Family.TOKENS_PLUS, Family.TOKENS_INSTEAD):
        # "creature tokens" (card types), "a Fish token" (Fisher's Talent: its subtype).
        kind = spec.token_kind if isinstance(spec, TokenSpec) else None
        return all(t in card.types for t in spec.extra_types) and _token_kind_fits(kind, card)
    return family == Family.TOKENS and _token_kind_fits(
        spec.token_kind if isinstance(spec, TokenSpec) else None, card
    )


def _apply_to_tokens(active: ActiveReplacement, event: CreateTokens) -> Applied:
    """The whole creation event, modified once (CR 614.5): every kind it holds that the
    effect watches is changed, and what an adder adds joins the same event (616.1f: the
    next effect sees it all)."""
    spec = active.spec
    family = spec.family
    kinds = event.kinds()
    if family == Family.TOKENS_PLUS:
        # "those tokens plus that many Squirrels" counts every token of the event; "plus an
        # additional Food" adds one, once for the event.
        n = spec.factor * event.total or 1
        made = CreateTokens(token_card_of(spec.token or ""), n, event.controller)
        return [tokens_event([*kinds, made])], active
    if family == Family.TOKENS_EACH:
        return [tokens_event([k for kind in kinds for k in _one_of_each(spec, kind)])], active
    if family == Family.TOKENS_CONTROL:
        # Crafty Cutpurse: the same tokens, created under its controller's control (111.2);
        # effects that watch tokens "under your control" are judged for them now (616.1f).
        mine = [replace(kind, controller=active.controller) for kind in kinds]
        return [tokens_event(mine)], active
    changed = [_changed_kind(spec, kind) if _watches(spec, kind.card) else kind for kind in kinds]
    if family == Family.TOKENS and spec.plus and not spec.half_down:
        # Xorn: "those tokens plus an additional Treasure token": one more for the event,
        # added to the first kind it watches (the doubling part, if any, is on every kind).
        first = next(i for i, kind in enumerate(kinds) if _watches(spec, kind.card))
        changed[first] = replace(changed[first], n=changed[first].n + spec.plus)
    return [tokens_event(changed)], active


def _changed_kind(spec: ReplacementSpec, kind: CreateTokens) -> CreateTokens:
    """One watched kind of the event, as a doubler, halver or "instead" effect changes it."""
    if spec.family == Family.TOKENS_INSTEAD:
        # CR 614.1a, 111.4: the tokens it names are created instead, with the values it gives
        # them; a token that would have been a copy (707.2) isn't one (Divine Visitation
        # against Cackling Counterpart makes a 4/4 Angel, not a copy).
        return replace(kind, card=token_card_of(spec.token or ""), copy_of=None, copy=None)
    if spec.family == Family.TOKENS and spec.half_down:
        # Halving Season: half that many of each kind, rounded down (CR 107.1a).
        return replace(kind, n=kind.n // 2)
    if spec.family == Family.TOKENS:
        # Doubling Season, Parallel Lives: twice that many of each of those tokens.
        return replace(kind, n=kind.n * spec.factor)
    return kind


def _one_of_each(spec: ReplacementSpec, kind: CreateTokens) -> list[CreateTokens]:
    """Academy Manufactor (CR 614.1a): each watched kind becomes that many of each kind
    named, made in the same event (a Food that is a copy stays that copy; the others are
    the predefined tokens, 111.10); a kind it doesn't watch stays as it is."""
    if not any(_token_kind_fits(k.lower(), kind.card) for k in spec.options):
        return [kind]
    return [
        kind
        if _token_kind_fits(k.lower(), kind.card)
        else CreateTokens(token_card_of(f"a {k} token"), kind.n, kind.controller)
        for k in spec.options
    ]


def tokens_instead_choices(active: ActiveReplacement, event: Event) -> list[Event]:
    """Jinnie Fay: "that many 2/2 green Cat ... or that many 3/1 green Dog ..." -- one event
    per token the creator may choose instead (614.1a); none but the predefined choice is a
    copy of anything."""
    if not isinstance(event, CreateTokens):
        return []
    # "that many" counts every token of the event, whatever its kind (614.5: once).
    return [
        CreateTokens(token_card_of(card), event.total, event.controller)
        for card in active.spec.options
    ]


def _token_kind_fits(kind: str | None, card: CardDef) -> bool:
    """ "creature tokens", "Treasure tokens": which tokens a multiplier or adder watches."""
    if kind is None:
        return True
    words = {card.name.lower().removesuffix(" token"), *(t.lower() for t in card.types)}
    return kind in words | {s.lower() for s in card.subtypes}


# --- Steps, phases and turns (614.10) -------------------------------------------------


def _applies_to_step(active: ActiveReplacement, event: StepHappens, board: EventState) -> bool:
    spec = active.spec
    return (
        isinstance(spec, SkipSpec)
        and spec.family == Family.SKIP
        # CR 500.7: an extra turn is a turn ("skip your next turn" skips it too).
        and (spec.skips == event.step or (spec.skips == "turn" and event.step == "extra_turn"))
        and player_fits(spec.player, event.player, active, board)
    )


def _apply_to_step(active: ActiveReplacement, event: StepHappens) -> Applied:
    spec = active.spec
    if spec.family == Family.SKIP:
        # "skips their next draw step" is used up once it has applied (614.10a).
        skipped: list[Event] = [Skip(event.step, event.player)]
        if isinstance(spec, SkipSpec) and spec.gain_life:
            skipped.append(GainLife(active.controller, spec.gain_life))  # Fasting (614.6)
        return skipped, None if spec.shield == "next_time" else active
    return [event], active
