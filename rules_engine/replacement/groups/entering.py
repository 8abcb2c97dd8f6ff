"""A permanent entering the battlefield (CR 614.1c-d, 614.12): tapped or untapped, as a copy,
under another player's control, with counters, with choices made as it enters, what is
sacrificed or exiled instead, and what is done as it enters."""

from __future__ import annotations

import itertools
from dataclasses import replace

from rules_engine.affected import Subject
from rules_engine.cards import starting_loyalty
from rules_engine.characteristics import Characteristics, own_copy_ability, printed_abilities
from rules_engine.effects import CopyOf
from rules_engine.game import GameObject
from rules_engine.mana_paid import spent_at_least
from rules_engine.replacement.events import Enter, Event, LoseLife, PutCounters, ZoneMove, card_move
from rules_engine.replacement.fits import effect_context, object_fits
from rules_engine.replacement.groups import counters as counter_group
from rules_engine.replacement.groups.watching import Applied, Fresh
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.rows.entering import entering_forms
from rules_engine.replacement.specs import EnterSpec, Family, Mark
from rules_engine.replacement.state import EventState, entering_view
from rules_engine.selection import Context, condition_holds, evaluate, matches
from rules_engine.steps import Choices


def apply(active: ActiveReplacement, event: Enter, board: EventState) -> Applied:
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
    returned = _returned(active, event, board)
    return [*_devoured(active, event, board), *returned, _enter(active, event, board)], active


def applies(active: ActiveReplacement, event: Enter, board: EventState) -> bool:
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
    if Mark.ONLY_FACE_UP in spec.marks:
        return False  # "As ~ is turned face up, ..." (614.1e): not as it enters
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
        if (
            isinstance(spec, EnterSpec)
            and family == Family.ENTER_TAPPED
            and spec.revealed_instead
            and isinstance(event.choices, Choices)
            and event.choices.revealed > 0
        ):
            return False  # "unless you revealed a Dragon card this way" (614.12)
        if isinstance(spec, EnterSpec) and family == Family.ENTER_COUNTERS and own:
            return _own_counters_apply(active, spec, event, board)
        if isinstance(spec, EnterSpec) and spec.x_at_most is not None and event.x > spec.x_at_most:
            return False  # "If X is 2 or less, it enters tapped" (107.3m, 614.12)
        return own and (family != Family.ENTER_TAPPED or not event.tapped)
    if (
        isinstance(spec, EnterSpec)
        and spec.cast_this_way
        and (not isinstance(event.choices, Choices) or event.choices.cast_with != active.source)
    ):
        return False  # "If you cast a spell this way": cast with this permission (601.3)
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
        return object_fits(spec.objects, event.obj, active, board, view) and _is_as_named(
            spec.objects, view.chars
        )
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
        return any(n > 0 for _, n in event.counters) and counter_group.by_player_fits(
            active, event.obj, event.controller, board, view
        )
    return False


def _is_as_named(subject: Subject | None, chars: Characteristics) -> bool:
    """A spell's rider on the card it returns, "If a Hero enters this way, it enters with
    ..." (Heroic Return): the card's types and subtypes as it would enter (614.12)."""
    if subject is None or subject.kind != "targets":
        return True
    return all(
        (not f.types or bool(f.types & set(chars.types)))
        and (not f.subtypes or bool(f.subtypes & set(chars.subtypes)))
        for f in subject.filters
    )


def _own_counters_apply(
    active: ActiveReplacement, spec: EnterSpec, event: Enter, board: EventState
) -> bool:
    """CR 614.1c, 614.12: whether the counters a permanent's own ability gives it as it
    enters apply, by how it was cast and what was chosen or revealed as it entered."""
    choices = event.choices if isinstance(event.choices, Choices) else Choices()
    if spec.returned is not None:
        # Rescuer Sphinx: "If you do" -- a permanent it may return was returned (614.12).
        return _may_return(active, spec, choices, event, board) is not None
    if spec.revealed_instead:
        # Dragon's Disciple: a card revealed as it enters, or the condition (614.12).
        return choices.revealed > 0 or (
            spec.unless is not None
            and condition_holds(spec.unless, board.chars, board.world, effect_context(active))
        )
    # "If ~ was kicked, it enters with ..." (702.33, 614.1c); "kicked with its {1}{U}
    # kicker" only if that cost was paid (702.33d).
    if spec.kicker_cost is not None:
        return spec.kicker_cost in choices.kickers
    if spec.cast_from_hand is not None:
        return choices.cast_from_hand == spec.cast_from_hand  # 601.2a
    if spec.escaped:
        return choices.escaped  # "escapes with": only if cast with escape (702.138c)
    if spec.mana_at_least is not None:
        # Adamant (207.2c): the mana spent to cast it (601.2h), checked as it would
        # enter (614.12); put onto the battlefield without being cast, none was spent.
        return spent_at_least(choices.mana_by_color, *spec.mana_at_least)
    if Mark.X in spec.marks and spec.at_least is not None and event.x < spec.at_least:
        return False  # "If X is 5 or more, ..." (Apocalypse Hydra, 107.3m)
    return choices.kicked or not spec.kicked


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
    if family == Family.ENTER_CONTROL and isinstance(spec, EnterSpec) and spec.to_chosen_player:
        # Xantcha: the opponent chosen as it enters (614.1c, 614.12).
        choices = event.choices if isinstance(event.choices, Choices) else Choices()
        return replace(event, controller=choices.player or event.controller)
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
        # "your choice of two different counters ... from among menace, deathtouch, and
        # lifelink" (Grimdancer): the pair chosen, one counter of each kind (614.1c).
        for each in kind.split(" and ") if n else ():
            counters[each] = counters.get(each, 0) + n
        for more, k in spec.more_counters:  # Agent's Toolkit: each kind it names (614.1c)
            counters[more] = counters.get(more, 0) + k
        if Mark.SOURCE_KINDS in spec.marks:
            # Blue, Loyal Raptor: a counter of each kind on its source now (614.12).
            source = board.game.object(active.source)
            for each, k in source.counters if source is not None else ():
                if k > 0:
                    counters[each] = counters.get(each, 0) + 1
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
                counters[kind] = counter_group.changed_count(spec, n)
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
        sacrificed = replace(_leaving(label, "graveyard", obj, chars), sacrificed=True)
        moves.append(Fresh(sacrificed))  # type: ignore[arg-type]
    return moves


def _may_return(
    active: ActiveReplacement, spec: EnterSpec, choices: Choices, event: Enter, board: EventState
) -> str | None:
    """The permanent chosen to return as it enters, if it is one the card lets it return
    ("a nonland permanent you control", checked as it would enter, 614.12)."""
    chosen = choices.chosen
    obj = board.game.object(chosen) if chosen else None
    if chosen is None or obj is None or not obj.on_battlefield or chosen == event.obj:
        return None
    return chosen if object_fits(spec.returned, chosen, active, board) else None


def _returned(active: ActiveReplacement, event: Enter, board: EventState) -> list[Event]:
    """CR 614.12, 614.1c: "As ~ enters, you may return a nonland permanent you control to its
    owner's hand" (Rescuer Sphinx): the chosen permanent goes to its owner's hand, through
    replacements, before it enters."""
    spec = active.spec
    if not isinstance(spec, EnterSpec) or spec.returned is None or active.source != event.obj:
        return []
    choices = event.choices if isinstance(event.choices, Choices) else Choices()
    label = _may_return(active, spec, choices, event, board)
    obj = board.game.object(label) if label else None
    chars = board.chars.get(label) if label else None
    if label is None or obj is None or chars is None:
        return []
    return [Fresh(_leaving(label, "hand", obj, chars))]  # type: ignore[list-item]


def _leaving(label: str, to: str, obj: GameObject, chars: Characteristics) -> ZoneMove:
    """A permanent leaving the battlefield for ``to``, as it last existed there (CR 608.2h)."""
    return ZoneMove(
        label,
        to,
        "battlefield",
        obj.owner,
        obj.card.token,
        "Creature" in chars.types,
        chars.controller,
        card_types=frozenset(chars.types),
    )


def _entering_counters(active: ActiveReplacement, event: Enter, board: EventState) -> int:
    """How many counters an "enters with" effect gives (614.1c): a number, the X it was cast
    with, the source's power (Master Biomancer), or a count made as it would enter (614.12:
    the permanents already there, so "for each other creature" doesn't see itself)."""
    spec = active.spec
    if (
        spec.count is not None
        and active.source != event.obj
        and Mark.ENTERING_CAST not in spec.marks
    ):
        # Another permanent's effect counts from its source: "the number of creatures
        # devoured by ~" is what its source devoured (702.82b).
        ctx = Context(active.source, active.controller, choices=active.choices)
        return max(0, evaluate(spec.count, board.chars, board.world, ctx, None))
    if spec.count is not None:
        choices = event.choices if isinstance(event.choices, Choices) else Choices()
        ctx = Context(event.obj, event.controller, choices=choices, x=event.x)
        return max(0, evaluate(spec.count, board.chars, board.world, ctx, None))
    if isinstance(spec, EnterSpec) and spec.counters_from_power:
        # Master Biomancer's power, Arwen's toughness: its source's, as the permanent would
        # enter (614.12).
        source = board.chars[active.source]
        return max(0, (source.toughness if spec.from_stat == "toughness" else source.power) or 0)
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
        if needed == "yours":
            # "if you control that creature" (Undercover Operative): the one it copies.
            original = board.chars.get(event.copy_of or "")
            if original is None or original.controller != event.controller:
                continue
            needed = ""
        if n and (not needed or needed in chars.types):
            counters[kind] = counters.get(kind, 0) + n
    return replace(event, counters=tuple(counters.items()))


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
                sacrificed=True,
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
    if Mark.EXILE_AS_ENTERS in active.spec.marks:
        return _exiled_as_enters(active, event, board)
    if Mark.DISCARD_AS_ENTERS in active.spec.marks:
        return _discarded_as_enters(active, event, board)
    removed: list[Event] = []
    chosen = event.choices.remove_counters if isinstance(event.choices, Choices) else ()
    for label in board.chars:
        obj = board.game.object(label)
        if obj is None or not obj.on_battlefield or label == event.obj:
            continue
        if Mark.REMOVE_FROM_CHOSEN in active.spec.marks and label not in chosen:
            continue  # Sin: only the permanents its controller chose (614.1c)
        removed.extend(PutCounters(kind, label, -n) for kind, n in obj.counters if n > 0)
    total = active.spec.factor * sum(-e.n for e in removed if isinstance(e, PutCounters))
    kind = active.spec.counter_kind or "+1/+1"
    counters = dict(event.counters)
    counters[kind] = counters.get(kind, 0) + total
    return [*removed, replace(event, counters=tuple(counters.items()))]


def _exiled_as_enters(active: ActiveReplacement, event: Enter, board: EventState) -> list[Event]:
    """CR 614.1c, 614.12: "As ~ enters, exile a creature card from a graveyard" (Dermotaxi):
    each card the step's ``choices.exile`` names (checked by the step: creature cards in the
    graveyards the text allows) goes from its graveyard to exile, through replacements, then it
    enters; Mimeoplasm enters with N +1/+1 counters for each card exiled this way."""
    choices = event.choices if isinstance(event.choices, Choices) else Choices()
    moves: list[Event] = []
    for label in choices.exile:
        obj = board.game.object(label)
        if obj is None or obj.zone != "graveyard":
            continue
        move = card_move(label, obj.card, obj.owner, "exile", "graveyard")
        moves.append(Fresh(move))  # type: ignore[arg-type]
    if active.spec.counter_kind is None or not moves:
        return [*moves, event]
    # "for each creature card exiled this way": the cards it moves (no effect in the game puts
    # a card going from a graveyard to exile anywhere else).
    counters = dict(event.counters)
    kind = active.spec.counter_kind
    counters[kind] = counters.get(kind, 0) + active.spec.factor * len(moves)
    return [*moves, replace(event, counters=tuple(counters.items()))]


def _discarded_as_enters(active: ActiveReplacement, event: Enter, board: EventState) -> list[Event]:
    """CR 614.1c, 701.9a: "As Indominus Rex enters, discard any number of creature cards": the
    cards the step's ``choices.discard`` names (checked by the step) go from the hand to the
    graveyard, through replacements; "It enters with a flying counter on it if a card discarded
    this way has flying. The same is true for ...": one counter of each such keyword (122.1b)
    found among them, as printed (their characteristics in the hand)."""
    spec = active.spec
    assert isinstance(spec, EnterSpec)
    choices = event.choices if isinstance(event.choices, Choices) else Choices()
    moves: list[Event] = []
    keywords: set[str] = set()
    for label in choices.discard:
        obj = board.game.object(label)
        if obj is None or obj.zone != "hand":
            continue
        # CR 701.9a: discarded from the hand to the graveyard; madness (702.35a) exiles it.
        move = card_move(label, obj.card, obj.owner, "graveyard", "hand")
        moves.append(Fresh(move))  # type: ignore[arg-type]
        printed = printed_abilities(obj.card.name, obj.card.rules_text, obj.card.is_spell_card)
        keywords |= {a.parsed.text.lower() for a in printed if a.parsed.kind == "keyword"}
    counters = dict(event.counters)
    for keyword in spec.with_abilities:
        if keyword in keywords:
            counters[keyword] = counters.get(keyword, 0) + 1
    return [*moves, replace(event, counters=tuple(counters.items()))]
