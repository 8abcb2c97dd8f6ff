"""Which replacement and prevention effects apply to an event, and what each one does.

An effect's template is its ``Family``. ``applies`` asks whether an effect would
modify an event now (CR 614.7: only an event that would happen); ``apply`` gives
the events that replace it (614.6) and the effect as it is afterwards (a shield
shrinks or is used up, 614.8, 615.7). Both dispatch on the kind of event, and
for each kind the test and the action sit side by side below.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from typing import assert_never

from rules_engine.bounds import check_events
from rules_engine.cards import CardDef, starting_loyalty
from rules_engine.characteristics import own_copy_ability
from rules_engine.effects import CopyOf, Subject
from rules_engine.replacement.events import (
    CreateTokens,
    Damage,
    DamageLoss,
    Destroy,
    Draw,
    Enter,
    Event,
    GainLife,
    LookAndSort,
    LoseGame,
    LoseLife,
    Nothing,
    Prevented,
    PutCounters,
    Regenerate,
    ReturnFromGraveyard,
    Skip,
    StepHappens,
    WinGame,
    ZoneMove,
)
from rules_engine.replacement.fits import effect_context, object_fits
from rules_engine.replacement.groups import damage
from rules_engine.replacement.groups.watching import (
    Applied,
    Fresh,
    player_fits,
    token_card_of,
)
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.rows.entering import entering_forms
from rules_engine.replacement.specs import (
    DrawSpec,
    EnterSpec,
    Family,
    LifeSpec,
    Mark,
    ReplacementSpec,
    SkipSpec,
    TokenSpec,
    ZoneSpec,
)
from rules_engine.replacement.state import EnteringView, EventState, entering_view
from rules_engine.selection import Context, condition_holds, evaluate, matches
from rules_engine.steps import Choices


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
            return _applies_to_counters(active, event, board)
        case Enter():
            return _applies_to_entering(active, event, board)
        case StepHappens():
            return _applies_to_step(active, event, board)
        case (
            Prevented()
            | Regenerate()
            | DamageLoss()
            | Skip()
            | WinGame()
            | LoseGame()
            | Nothing()
            | LookAndSort()
            | ReturnFromGraveyard()
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
            return _apply_to_zone_move(active, event)
        case Draw() if active.spec.family == Family.DREDGE:
            return _dredge(active, event, board), active
        case Draw():
            return _apply_to_draw(active, event)
        case GainLife():
            return _apply_to_gain(active, event)
        case LoseLife():
            return _apply_to_loss(active, event)
        case CreateTokens():
            return _apply_to_tokens(active, event)
        case PutCounters():
            return _apply_to_counters(active, event)
        case Enter():
            return _apply_to_entering(active, event, board)
        case StepHappens():
            return _apply_to_step(active, event)
        case (
            Prevented()
            | Regenerate()
            | DamageLoss()
            | Skip()
            | WinGame()
            | LoseGame()
            | Nothing()
            | LookAndSort()
            | ReturnFromGraveyard()
        ):
            return [event], active
        case _:
            assert_never(event)


def _apply_to_entering(active: ActiveReplacement, event: Enter, board: EventState) -> Applied:
    """CR 614.1c-d, 614.12: what an effect does to a permanent entering."""
    if active.spec.family == Family.ENTER_ALSO:
        return _enter_also(active, event, board), active
    if active.spec.family == Family.ENTER_EXILE:
        # Containment Priest: it never enters; the card is exiled instead (614.1c, 400.7).
        where = board.game.object(event.obj)
        exiled = ZoneMove(
            event.obj,
            "exile",
            where.zone if where is not None else "elsewhere",
            where.owner if where is not None else event.controller,
            controller=event.controller,
            card=event.card,
        )
        return [exiled], active
    return [*_devoured(active, event, board), _enter(active, event, board)], active


# --- Destruction (614.8 regeneration, 702.89a umbra armor) ----------------------------


def _applies_to_destroy(active: ActiveReplacement, event: Destroy, board: EventState) -> bool:
    spec = active.spec
    if spec.family == Family.REGENERATE and (
        not event.regenerable or _cant_regenerate(event.obj, board)
    ):
        return False  # CR 701.19c: "can't be regenerated"
    return spec.family in (Family.REGENERATE, Family.UMBRA_ARMOR) and object_fits(
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
        return [Destroy(active.source)], active
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


def _apply_to_zone_move(active: ActiveReplacement, event: ZoneMove) -> Applied:
    spec = active.spec
    family = spec.family
    if family in (Family.GRAVEYARD, Family.DIE_ELSEWHERE, Family.MADNESS):
        return [replace(event, to_zone=spec.to_zone or "exile")], active
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
    )


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
        return [PutCounters(spec.counter_kind or "study", active.source, 1)], active
    return [event], active


def shown_card(board: EventState, label: str) -> str:
    """How a card outside the battlefield is named in results: by its label in a game, by
    its card name on an event board (``zone_cards`` holds whichever the answer uses)."""
    obj = board.game.object(label)
    if obj is None:
        return label
    named = {card for cards in board.zone_cards.values() for card in cards}
    by_label = any(o.label in named for o in board.game.objects)
    return label if by_label or not named else obj.card.name


def _dredge(active: ActiveReplacement, event: Draw, board: EventState) -> list[Event]:
    """CR 702.52a: "you may mill N cards instead. If you do, return this card from your
    graveyard to your hand." Milling (701.13a) puts the top N cards of the library into the
    graveyard one by one, as moves other effects may replace (Rest in Peace); cards the board
    doesn't name are "a card from <player>'s library"."""
    player = event.player
    library = [o for o in board.game.objects if o.zone == "library" and o.owner == player]
    known = board.zone_cards.get((player, "library"), [])
    library = library[max(0, len(library) - len(known)) :]  # less those drawn or milled
    milled: list[Event] = []
    check_events(active.spec.amount or 0, "cards milled")
    for i in range(active.spec.amount or 0):
        if i < len(library):
            card = library[i].card
            milled.append(
                ZoneMove(
                    shown_card(board, library[i].label),
                    "graveyard",
                    "library",
                    player,
                    creature="Creature" in card.types,
                    card_types=frozenset(card.types),
                )
            )
        else:
            milled.append(
                ZoneMove(f"a card from {player}'s library", "graveyard", "library", player)
            )
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
    return (
        spec.family in (Family.LOSE_MODIFY, Family.LOSS_TO_GAIN)
        and player_fits(spec.player, event.player, active, board)
        and event.amount > 0
    )


def _apply_to_loss(active: ActiveReplacement, event: LoseLife) -> Applied:
    spec = active.spec
    family = spec.family
    if family == Family.LOSS_TO_GAIN:
        return [GainLife(event.player, event.amount)], active
    if family == Family.LOSE_MODIFY:
        amount = event.amount * spec.factor
        if spec.half_up or spec.half_down:
            amount = math.ceil(amount / 2) if spec.half_up else amount // 2
        return [replace(event, amount=amount)], active
    return [event], active


# --- Creating tokens ------------------------------------------------------------------


def _applies_to_tokens(active: ActiveReplacement, event: CreateTokens, board: EventState) -> bool:
    spec = active.spec
    family = spec.family
    if family == Family.TOKENS_EACH:
        return (
            player_fits(spec.player, event.controller, active, board)
            and event.n > 0
            and any(_token_kind_fits(k.lower(), event.card) for k in spec.options)
        )
    if family in (Family.TOKENS_PLUS, Family.TOKENS_INSTEAD):
        return (
            player_fits(spec.player, event.controller, active, board)
            and event.n > 0
            and all(t in event.card.types for t in spec.extra_types)
        )
    return (
        family == Family.TOKENS
        and player_fits(spec.player, event.controller, active, board)
        and event.n > 0
        and _token_kind_fits(spec.token_kind if isinstance(spec, TokenSpec) else None, event.card)
    )


def _apply_to_tokens(active: ActiveReplacement, event: CreateTokens) -> Applied:
    spec = active.spec
    family = spec.family
    if family == Family.TOKENS_PLUS:
        # The tokens it adds are part of the same event (one creation; 614.5: applied once):
        # "that many" Squirrels, or "an additional" Food.
        n = spec.factor * event.n or 1
        return [event, CreateTokens(token_card_of(spec.token or ""), n, event.controller)], active
    if family == Family.TOKENS_INSTEAD:
        # CR 614.1a, 111.4: the tokens it names are created instead, with the values it gives
        # them; a token that would have been a copy (707.2) isn't one (Divine Visitation
        # against Cackling Counterpart makes a 4/4 Angel, not a copy).
        card = token_card_of(spec.token or "")
        return [replace(event, card=card, copy_of=None, copy=None)], active
    if family == Family.TOKENS_EACH:
        # CR 614.1a: that many of each kind, made at once as one event (a Food that is a copy
        # stays that copy; the others are the predefined tokens, 111.10).
        return [
            event
            if _token_kind_fits(k.lower(), event.card)
            else CreateTokens(token_card_of(f"a {k} token"), event.n, event.controller)
            for k in spec.options
        ], active
    if family == Family.TOKENS and spec.half_down:
        # Halving Season: half that many, rounded down (CR 107.1a); one becomes none.
        return [replace(event, n=event.n // 2)], active
    if family == Family.TOKENS:
        return [replace(event, n=event.n * spec.factor + spec.plus)], active
    return [event], active


def tokens_instead_choices(active: ActiveReplacement, event: Event) -> list[Event]:
    """Jinnie Fay: "that many 2/2 green Cat ... or that many 3/1 green Dog ..." -- one event
    per token the creator may choose instead (614.1a); none but the predefined choice is a
    copy of anything."""
    if not isinstance(event, CreateTokens):
        return []
    return [
        replace(event, card=token_card_of(card), copy_of=None, copy=None)
        for card in active.spec.options
    ]


def _token_kind_fits(kind: str | None, card: CardDef) -> bool:
    """ "creature tokens", "Treasure tokens": which tokens a multiplier or adder watches."""
    if kind is None:
        return True
    words = {card.name.lower().removesuffix(" token"), *(t.lower() for t in card.types)}
    return kind in words | {s.lower() for s in card.subtypes}


def _applies_to_counters(active: ActiveReplacement, event: PutCounters, board: EventState) -> bool:
    spec = active.spec
    family = spec.family
    if event.n <= 0:
        return False
    if family == Family.COUNTERS_BY_PLAYER:
        return _by_player_fits(active, event.on, putter(event, board), board)
    if event.on in board.game.players:
        return (
            family == Family.PLAYER_COUNTERS
            and spec.counter_kind in (None, event.kind)  # Aether Refinery: energy only
            and player_fits(spec.player, event.on, active, board)
        )
    if family != Family.COUNTERS or (spec.counter_kind and spec.counter_kind != event.kind):
        return False
    if spec.factor == 2 and "effect would" in spec.text.lower() and event.cost:
        return False  # "if an effect would put" doesn't see costs (Doubling Season ruling)
    return object_fits(spec.objects, event.on, active, board)


def _apply_to_counters(active: ActiveReplacement, event: PutCounters) -> Applied:
    return [replace(event, n=changed_count(active.spec, event.n))], active


def changed_count(spec: ReplacementSpec, n: int) -> int:
    """Twice, plus one, minus one, or Vorinclex's "half that many ..., rounded down"."""
    if spec.half_down:
        return n // 2
    return max(0, n * spec.factor + spec.plus)


def putter(event: PutCounters, board: EventState) -> str | None:
    """CR 122.6: who puts the counters -- the event says (a spell's or ability's controller,
    a damage source's controller); otherwise the permanent's controller, as for counters a
    permanent enters with (122.6a), or the player who gets them."""
    if event.by is not None:
        return event.by
    if event.on in board.game.players:
        return event.on
    return board.controller_of(event.on)


def _by_player_fits(
    active: ActiveReplacement,
    on: str,
    by: str | None,
    board: EventState,
    view: EnteringView | None = None,
) -> bool:
    """Vorinclex: "if you (an opponent) would put ... on a permanent or player" (614.1a)."""
    spec = active.spec
    if by is None or not player_fits(spec.player, by, active, board):
        return False
    target = spec.target
    if target is None:
        return False
    if on in board.game.players:
        return player_fits(target.players, on, active, board)
    return object_fits(target.objects, on, active, board, view)


# --- Entering the battlefield (614.1c-d, 614.12) --------------------------------------


def _applies_to_entering(active: ActiveReplacement, event: Enter, board: EventState) -> bool:
    """CR 614.12: check the permanent as it would exist on the battlefield."""
    spec = active.spec
    family = spec.family
    if family not in (
        Family.ENTER_TAPPED,
        Family.ENTER_UNTAPPED,
        Family.ENTER_COPY,
        Family.ENTER_COUNTERS,
        Family.COUNTERS,
        Family.COUNTERS_BY_PLAYER,
        Family.SELF_COPY,
        Family.AS_ENTERS,
        Family.ENTER_CONTROL,
        Family.ENTER_SACRIFICE,
        Family.ENTER_ALSO,
        Family.ENTER_EXILE,
    ):
        return False
    if family in (Family.SELF_COPY, Family.AS_ENTERS, Family.ENTER_SACRIFICE, Family.ENTER_ALSO):
        return active.source == event.obj
    own = active.source == event.obj
    if spec.objects is not None and spec.objects.kind == "self":
        # "Unless you control ..." is checked as it would enter (614.12): the lands already
        # there, not itself.
        if (
            isinstance(spec, EnterSpec)
            and family == Family.ENTER_TAPPED
            and spec.unless is not None
            and condition_holds(spec.unless, board.chars, board.world, effect_context(active))
        ):
            return False
        if isinstance(spec, EnterSpec) and family == Family.ENTER_COUNTERS and own:
            choices = event.choices if isinstance(event.choices, Choices) else Choices()
            # "If ~ was kicked, it enters with ..." (702.33, 614.1c); "kicked with its {1}{U}
            # kicker" only if that cost was paid (702.33d).
            if spec.kicker_cost is not None:
                return spec.kicker_cost in choices.kickers
            if spec.cast_from_hand is not None:
                return choices.cast_from_hand == spec.cast_from_hand  # 601.2a
            if spec.escaped:
                return choices.escaped  # "escapes with": only if cast with escape (702.138c)
            if Mark.X in spec.marks and spec.at_least is not None and event.x < spec.at_least:
                return False  # "If X is 5 or more, ..." (Apocalypse Hydra, 107.3m)
            return choices.kicked or not spec.kicked
        return own and (family != Family.ENTER_TAPPED or not event.tapped)
    if own and not board.entering_as_printed:
        return False  # a general effect of the entering permanent doesn't see itself (614.12)
    view = entering_view(event, board)
    if family == Family.ENTER_TAPPED:
        return not event.tapped and object_fits(spec.objects, event.obj, active, board, view)
    if family == Family.ENTER_UNTAPPED:
        # Spelunking (rulings 2023-11-10): with a land's own "enters tapped", its controller
        # chooses the order (616.1), so it may enter either way; a land put onto the
        # battlefield tapped by the instruction itself stays tapped.
        return not event.put_tapped and object_fits(spec.objects, event.obj, active, board, view)
    if family == Family.ENTER_COPY:
        return event.copy_of != active.source and object_fits(
            spec.objects, event.obj, active, board, view
        )
    if family == Family.ENTER_COUNTERS:
        return object_fits(spec.objects, event.obj, active, board, view)
    if family == Family.ENTER_EXILE:
        # "... and it wasn't cast": the step's choices say it was cast (601.2a) or not.
        choices = event.choices if isinstance(event.choices, Choices) else Choices()
        return not choices.cast_from_hand and object_fits(
            spec.objects, event.obj, active, board, view
        )
    if family == Family.ENTER_CONTROL:
        return event.controller != active.controller and object_fits(
            spec.objects, event.obj, active, board, view
        )
    if family == Family.COUNTERS:
        kinds = [k for k, n in event.counters if n > 0 and (spec.counter_kind in (None, k))]
        return bool(kinds) and object_fits(spec.objects, event.obj, active, board, view)
    if family == Family.COUNTERS_BY_PLAYER:
        # CR 122.6a: counters it enters with are put by its controller unless the effect
        # says otherwise.
        return any(n > 0 for _, n in event.counters) and _by_player_fits(
            active, event.obj, event.controller, board, view
        )
    return False


def _enter(active: ActiveReplacement, event: Enter, board: EventState) -> Enter:
    spec = active.spec
    family = spec.family
    if family == Family.ENTER_TAPPED:
        return replace(event, tapped=True)
    if family == Family.ENTER_UNTAPPED:
        return replace(event, tapped=False)  # CR 614.1d: how it enters
    if family == Family.AS_ENTERS and Mark.SACRIFICED_PT in spec.marks:
        # Dracoplasm: the total power and toughness of the creatures sacrificed as it enters
        # (as they last existed, 608.2h), set as it enters: its copiable values (707.2).
        choices = event.choices if isinstance(event.choices, Choices) else Choices()
        sacrificed = [board.chars[x] for x in choices.devour if x in board.chars]
        power = sum(c.power or 0 for c in sacrificed)
        toughness = sum(c.toughness or 0 for c in sacrificed)
        return replace(event, form=CopyOf(except_pt=(power, toughness)))
    if family == Family.AS_ENTERS and Mark.FORM in spec.marks:
        # Primal Clay: the form chosen as it enters sets its copiable values (614.12, 707.2).
        choices = event.choices if isinstance(event.choices, Choices) else Choices()
        form = entering_forms(spec.text).get(choices.option or "")
        return event if form is None else replace(event, form=form)
    if family == Family.AS_ENTERS:
        return event  # the choice is made as it enters (614.1c); nothing else changes
    if family == Family.ENTER_CONTROL:
        return replace(event, controller=active.controller)
    if family == Family.ENTER_COPY:
        return replace(event, copy_of=active.source, copy=None)
    if family == Family.SELF_COPY:
        own = own_copy_ability(event.card)
        copied = replace(event, copy_of=(active.choices.copy or (None,))[0], copy=own)
        if own is not None and own.enters_tapped:
            copied = replace(copied, tapped=True)
        return _with_extra_counters(copied, own, board)
    counters = dict(event.counters)
    if family == Family.ENTER_COUNTERS and Mark.RIOT in spec.marks:
        choices = event.choices if isinstance(event.choices, Choices) else Choices()
        if choices.riot_haste:  # 702.136a: haste instead of the counter
            return replace(event, extra_abilities=(*event.extra_abilities, "Haste"))
    if isinstance(spec, EnterSpec) and family == Family.ENTER_COUNTERS:
        kind = spec.counter_kind or "+1/+1"
        chosen = 0
        if "option" in spec.chooses:
            # "your choice of a flying counter or a hexproof counter" (614.12): the kind
            # chosen as it enters, which the step's choices state; read ahead (702.155a):
            # the chapter chosen is how many lore counters.
            choices = event.choices if isinstance(event.choices, Choices) else Choices()
            if spec.counter_kind is None:
                kind = (choices.option or kind).lower()
            elif (choices.option or "").isdigit():
                chosen = int(choices.option or "0")
        if (
            spec.charge_unless_creature
            and "Creature" not in entering_view(event, board).chars.types
        ):
            kind = "charge"  # sunburst on a noncreature (702.44a), checked as it enters (614.12)
        n = chosen or _entering_counters(active, event, board)
        if n:
            counters[kind] = counters.get(kind, 0) + n
        for more, k in spec.more_counters:  # Agent's Toolkit: each kind it names (614.1c)
            counters[more] = counters.get(more, 0) + k
        extra = event.extra_types + tuple(t for t in spec.extra_types if t not in event.extra_types)
        return replace(
            event,
            counters=tuple(counters.items()),
            extra_types=extra,
            # "... and with flying" (Kavu Titan): an ability it has because of how it entered
            # (614.1c), like riot's haste.
            extra_abilities=event.extra_abilities
            + tuple(a.replace("~", event.card.name) for a in spec.with_abilities),
            tapped=event.tapped or spec.tapped,  # Vivid lands: "enters tapped with ..."
        )
    if family in (Family.COUNTERS, Family.COUNTERS_BY_PLAYER):
        for kind, n in list(counters.items()):
            if spec.counter_kind in (None, kind) and n > 0:
                counters[kind] = changed_count(spec, n)
        return replace(event, counters=tuple(counters.items()))
    return event


def _devoured(active: ActiveReplacement, event: Enter, board: EventState) -> list[Event]:
    """CR 702.82a: as a permanent with devour enters, its controller sacrifices the creatures
    chosen (the step's ``choices.devour``); each is a new event that other replacements may
    change (Rest in Peace exiles it; it was still sacrificed, 701.21a)."""
    if not active.spec.marks & {Mark.DEVOUR, Mark.SACRIFICED_PT} or active.source != event.obj:
        return []
    choices = event.choices if isinstance(event.choices, Choices) else Choices()
    moves: list[Event] = []
    for label in choices.devour:
        obj = board.game.object(label)
        chars = board.chars.get(label)
        if obj is None or chars is None:
            continue
        move = ZoneMove(
            label,
            "graveyard",
            "battlefield",
            obj.owner,
            obj.card.token,
            "Creature" in chars.types,
            chars.controller,
            card_types=frozenset(chars.types),
        )
        moves.append(Fresh(move))  # type: ignore[arg-type]
    return moves


def _entering_counters(active: ActiveReplacement, event: Enter, board: EventState) -> int:
    """How many counters an "enters with" effect gives (614.1c): a number, the X it was cast
    with, the source's power (Master Biomancer), or a count made as it would enter (614.12:
    the permanents already there, so "for each other creature" doesn't see itself)."""
    spec = active.spec
    if spec.count is not None and active.source != event.obj:
        # Another permanent's effect counts from its source: "the number of creatures
        # devoured by ~" is what its source devoured (702.82b).
        ctx = Context(active.source, active.controller, choices=active.choices)
        return max(0, evaluate(spec.count, board.chars, board.world, ctx, None))
    if spec.count is not None:
        choices = event.choices if isinstance(event.choices, Choices) else Choices()
        ctx = Context(event.obj, event.controller, choices=choices, x=event.x)
        return max(0, evaluate(spec.count, board.chars, board.world, ctx, None))
    if isinstance(spec, EnterSpec) and spec.counters_from_power:
        return board.chars[active.source].power or 0
    return event.x if Mark.X in spec.marks else spec.amount or 0


def _with_extra_counters(event: Enter, copy: CopyOf | None, board: EventState) -> Enter:
    """What it enters with once it is a copy: a copied planeswalker's printed loyalty
    (306.5b, 707.2) and Spark Double's "except it enters with an additional +1/+1 counter
    on it if it's a creature" (614.1c), checked on what it will be once a copy."""
    chars = entering_view(event, board).chars
    counters = dict(event.counters)
    counters.pop("loyalty", None)  # its own printed loyalty (if any) no longer counts
    loyalty = starting_loyalty(chars.types, chars.loyalty, event.x)
    if loyalty:
        counters["loyalty"] = loyalty
    for kind, n, needed in copy.enters_with if copy is not None else ():
        if kind.endswith("#x"):  # "X additional counters": the X it was cast with
            kind, n = kind.removesuffix("#x"), event.x
        if n and (not needed or needed in chars.types):
            counters[kind] = counters.get(kind, 0) + n
    return replace(event, counters=tuple(counters.items()))


# --- Steps, phases and turns (614.10) -------------------------------------------------


def _applies_to_step(active: ActiveReplacement, event: StepHappens, board: EventState) -> bool:
    spec = active.spec
    return (
        isinstance(spec, SkipSpec)
        and spec.family == Family.SKIP
        and spec.skips == event.step
        and player_fits(spec.player, event.player, active, board)
    )


def _apply_to_step(active: ActiveReplacement, event: StepHappens) -> Applied:
    spec = active.spec
    if spec.family == Family.SKIP:
        # "skips their next draw step" is used up once it has applied (614.10a).
        return [Skip(event.step, event.player)], None if spec.shield == "next_time" else active
    return [event], active


# --- "If ~ would enter, sacrifice ... instead" (CR 614.1c) ---------------------------------


def sacrifice_choices(
    active: ActiveReplacement, event: Enter, board: EventState
) -> list[tuple[str, ...] | None]:
    """The sets of permanents its controller may sacrifice as it would enter (each a choice,
    616.1: the affected player's); ``None`` when they can't, and it goes to the graveyard
    instead (Lotus Vale ruling, 2008-04-01: "it goes directly to your graveyard")."""
    spec = active.spec
    assert isinstance(spec, EnterSpec)  # "If ~ would enter, sacrifice ..."
    pool = [
        label
        for label in board.chars
        if label != event.obj
        and (obj := board.game.object(label)) is not None
        and obj.on_battlefield
        and board.controller_of(label) == event.controller
        and _sacrificeable(spec.sacrifice, label, active, event, board)
    ]
    if spec.amount is None:
        return [tuple(pool)]  # Sheltered Valley: each of them, then it enters
    if len(pool) < spec.amount:
        return [None]
    return list(itertools.combinations(pool, spec.amount))


def _sacrificeable(
    subject: Subject | None,
    label: str,
    active: ActiveReplacement,
    event: Enter,
    board: EventState,
) -> bool:
    if subject is None:
        return False
    chars = board.chars[label]
    for f in subject.filters:
        # "other permanent named ~": named as the card entering, which isn't on the
        # battlefield yet to be read as the source.
        if f.named_as_source and chars.name != event.card.name:
            continue
        plain = replace(f, named_as_source=False, other=False)
        if matches(plain, label, board.chars, board.world, effect_context(active)):
            return True
    return False


def enter_sacrificing(
    event: Enter, board: EventState, chosen: tuple[str, ...] | None
) -> list[Event]:
    """CR 614.1c, 701.21a: the permanents are sacrificed, then it enters; or, with none
    sacrificed, it is put into its owner's graveyard and never enters."""
    if chosen is None:
        where = board.game.object(event.obj)
        return [
            ZoneMove(
                event.obj,
                "graveyard",
                where.zone if where is not None else "elsewhere",
                where.owner if where is not None else event.controller,
                controller=event.controller,
                card=event.card,
            )
        ]
    sacrificed: list[Event] = []
    for label in chosen:
        obj = board.game.object(label)
        chars = board.chars.get(label)
        owner = obj.owner if obj is not None else event.controller
        sacrificed.append(
            ZoneMove(
                label,
                "graveyard",
                "battlefield",
                owner,
                bool(obj and obj.card.token),
                bool(chars and "Creature" in chars.types),
                board.controller_of(label) or owner,
                card_types=frozenset(chars.types) if chars else frozenset(),
            )
        )
    return [*sacrificed, event]


def _enter_also(active: ActiveReplacement, event: Enter, board: EventState) -> list[Event]:
    """CR 614.1c, 614.12: what is done as it enters, then it enters (Lich: its controller
    loses life equal to their life total; Thief of Blood: every counter on every permanent
    is removed, and it enters with a +1/+1 counter for each)."""
    if Mark.LOSE_LIFE_TOTAL in active.spec.marks:
        life = board.game.life_of(event.controller)
        return [LoseLife(event.controller, life), event] if life > 0 else [event]
    removed: list[Event] = []
    for label in board.chars:
        obj = board.game.object(label)
        if obj is None or not obj.on_battlefield or label == event.obj:
            continue
        removed.extend(PutCounters(kind, label, -n) for kind, n in obj.counters if n > 0)
    total = sum(-e.n for e in removed if isinstance(e, PutCounters))
    kind = active.spec.counter_kind or "+1/+1"
    counters = dict(event.counters)
    counters[kind] = counters.get(kind, 0) + total
    return [*removed, replace(event, counters=tuple(counters.items()))]
