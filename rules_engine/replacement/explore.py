"""Exploring every legal sequence of choices for an event (CR 616), building its tree.

For an event that would happen, the affected object's controller or the
affected player chooses one applicable effect (616.1), self-replacement,
control, copy and back-face effects first (616.1a-d); the modified event is
checked again with only the effects that still apply and have not already
applied to it (616.1f, 614.5); when none is left the event happens, unless a
"can't" effect stops it (614.17). ``Explorer`` walks every legal sequence of
choices into a tree of typed nodes (``tree.py``) and a ``Leaf`` per path;
``outcomes`` groups the leaves into distinct outcomes.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from rules_engine.bounds import check_tokens
from rules_engine.game import Game
from rules_engine.ids import StepName
from rules_engine.misreadings import CORRECT_REPLACEMENT, ReplacementMisreading
from rules_engine.oracle.keyword_table import Keyword
from rules_engine.oracle.keywords import parse_keyword
from rules_engine.replacement.cants import draw_limit, stopped_by, unable_spell
from rules_engine.replacement.damage_results import (
    DamageResult,
    damage_results,
    loss_markers,
    result_events,
)
from rules_engine.replacement.damage_view import damage_boards, reads_the_board
from rules_engine.replacement.events import (
    CreateTokens,
    Damage,
    Destroy,
    Draw,
    Enter,
    Event,
    LookAndSort,
    LoseLife,
    Nothing,
    PutCounters,
    ReturnFromGraveyard,
    WinGame,
    ZoneMove,
    affected_party,
)
from rules_engine.replacement.families import (
    applies,
    apply,
    tokens_instead_choices,
)
from rules_engine.replacement.groups.entering import enter_sacrificing, sacrifice_choices
from rules_engine.replacement.groups.milling import shown_card
from rules_engine.replacement.groups.watching import Fresh
from rules_engine.replacement.in_play import ActiveCant, ActiveReplacement
from rules_engine.replacement.specs import TIER_RULES, DrawSpec, EnterSpec, Family
from rules_engine.replacement.state import (
    EventState,
    as_enters,
    entering_view,
    madness_effect,
    may_replace_own_entering,
)
from rules_engine.replacement.tree import (
    CardChoice,
    CardOption,
    ChoiceNode,
    Decline,
    Done,
    Happens,
    Node,
    Option,
    Outcome,
    Stopped,
    outcome_json,
    results_json,
)
from rules_engine.replacement.words import (
    CANT_ENTER_SPELL,
    CANT_ENTER_STAYS,
    CANT_ENTER_TOKEN,
    EXPLAIN_HAPPENS,
    alongside_words,
    explain_choice,
    explain_stopped,
)
from rules_engine.work import WorkExceeded, charge

MAX_LEAVES = 5000
# The tree a learner is shown, and the JSON answer, hold every node of it: its size is
# capped so that a long run of events with effects to order in each (a sequence of 20
# damage events under two damage effects: 2^10 paths, 6,000 nodes, a 70 MB answer) is
# refused at once, as too much work (``TOO_MANY_ORDERS``), rather than written out. The
# largest worked example has under 100 nodes; 500 tokens entering are 500.
MAX_NODES = 2000
# The tree is charged to the work meter (rules_engine/work.py) as it is made, the same
# budget as the layers: a unit for each node (an event to resolve, CR 616.1) and one for
# each effect checked against its event. The largest worked example's 141 nodes cost a
# few hundred units; six Doubling Seasons' 720 orders of 256 tokens entering are refused
# a fraction of a second in, rather than walked for ten seconds.
NODE_WORK = 1


@dataclass(frozen=True, slots=True)
class Pending:
    """An event still to be resolved, and the effects that already applied to it (614.5)."""

    event: Event
    used: frozenset[str] = frozenset()
    batch: int | None = None  # events that happen simultaneously share a batch
    # Results of the batch's damage already dealt, waiting for the rest of it (120.4).
    carried: tuple[DamageResult, ...] = ()
    # How many results the path had when the batch began: the board its effects read.
    start: int | None = None


@dataclass
class Leaf:
    """One path of choices: its steps, what happened, and the shields left at its end."""

    path: tuple[str, ...]
    results: list[Event]
    # The resolved shields as this path leaves them (used up or shrunk: 614.8, 615.7).
    shields: dict[str, ActiveReplacement] | None = None


AGAIN = "*again"  # marks a second application, under the "replace twice" misreading


def _library_now(board: EventState, results: list[Event]) -> EventState:
    """CR 121.2: cards are drawn one at a time, so each draw sees the library the earlier
    draws of this event left (Laboratory Maniac on the second of two draws), and the cards
    a dredge milled (702.52a) are gone from its top."""
    drawn = Counter(e.player for e in results if isinstance(e, Draw))
    drawn.update(
        e.owner
        for e in results
        if isinstance(e, ZoneMove) and e.from_zone == "library" and e.to_zone != "library"
    )
    if not drawn:
        return board
    sizes = {
        player: None if size is None else max(0, size - drawn[player])
        for player, size in board.library_sizes.items()
    }
    cards = dict(board.zone_cards)
    for player, n in drawn.items():
        if (player, "library") in cards:
            cards[(player, "library")] = cards[(player, "library")][n:]
    return replace(board, library_sizes=sizes, zone_cards=cards, game=_hands_now(board, results))


def _hands_now(board: EventState, results: list[Event]) -> Game:
    """CR 121.2: each card drawn is in its player's hand before the next draw, so "while you
    have no cards in hand" (Phial of Galadriel) sees the cards the earlier draws gave."""
    draws = Counter(e.player for e in results if isinstance(e, Draw))
    if not draws:
        return board.game
    world = board.world
    hands = dict(board.game.hand_sizes)
    for player, n in draws.items():
        hands[player] = world.hand_size(player) + n
    return replace(board.game, hand_sizes=tuple(sorted(hands.items())))


def _dredge_effects(
    event: Draw, board: EventState, results: list[Event]
) -> list[ActiveReplacement]:
    """CR 702.52a: each card with dredge in the drawing player's graveyard may replace the
    draw: those there now, less any returned earlier in this event, plus any it milled."""
    player = event.player
    library = [o.label for o in board.game.objects if o.zone == "library" and o.owner == player]
    milled: set[str] = set()
    left: Counter[str] = Counter()
    top = 0  # the library's cards leave from the top, in the order of the results
    for e in results:
        if isinstance(e, Draw) and e.player == player:
            top += 1
        elif isinstance(e, ZoneMove) and e.owner == player and e.from_zone == "library":
            if e.to_zone == "graveyard" and top < len(library):
                milled.add(library[top])
            top += 1
        elif isinstance(e, ZoneMove) and e.owner == player and e.from_zone == "graveyard":
            left[e.obj] += 1
    found: list[ActiveReplacement] = []
    for obj in board.game.objects:
        if obj.owner != player or obj.zone not in ("graveyard", "library"):
            continue
        shown = shown_card(board, obj.label)
        if obj.zone == "graveyard" and left[shown] > 0:
            left[shown] -= 1  # returned to the hand earlier in this event
            continue
        chars = board.chars.get(obj.label)
        if (obj.zone == "library" and obj.label not in milled) or chars is None:
            continue
        for instance in chars.abilities:
            keyword = parse_keyword(instance.text) if instance.parsed.kind == "keyword" else None
            if keyword is None or keyword.keyword is not Keyword.DREDGE or keyword.amount is None:
                continue
            spec = DrawSpec(
                instance.text, Family.DREDGE, player="you", amount=keyword.amount, optional=True
            )
            found.append(
                ActiveReplacement(
                    f"{obj.label}#dredge", spec, obj.label, obj.card.name, obj.owner, 0, name=shown
                )
            )
    return found


def _candidates(
    pending: Pending,
    board: EventState,
    shields: dict[str, ActiveReplacement],
    misreading: ReplacementMisreading = CORRECT_REPLACEMENT,
    results: list[Event] | None = None,
) -> list[ActiveReplacement]:
    if not misreading.replacements_apply:
        return []
    effects = list(board.statics) + list(shields.values())
    if isinstance(pending.event, Enter) and may_replace_own_entering(pending.event, board):
        effects += entering_view(pending.event, board).own
        effects += as_enters(pending.event, board)
    if isinstance(pending.event, ZoneMove) and pending.event.madness:
        effects.append(madness_effect(pending.event))
    if isinstance(pending.event, Draw):
        effects += _dredge_effects(pending.event, board, results or [])
    charge(len(effects))
    # 614.5: once per event (the misreading allows a second time).
    spent = (
        pending.used
        if misreading.once_per_event
        else {eid.removesuffix(AGAIN) for eid in pending.used if eid.endswith(AGAIN)}
    )
    return [e for e in effects if e.eid not in spent and applies(e, pending.event, board)]


def _in_batch(event: Event, batch: int | None) -> Event:
    """A counter removal made for damage dealt at the same time remembers the batch."""
    if isinstance(event, PutCounters) and event.n < 0 and event.once and batch is not None:
        return replace(event, batch=batch)
    return event


def _batch_begins(
    pending: Pending, rest: list[Pending], start: int
) -> tuple[Pending, list[Pending]]:
    """The first of a batch of simultaneous events to be walked: all of the batch read the
    board as it was here (CR 510.2; damage_view.py)."""
    batch = pending.batch
    rest = [replace(p, start=start) if p.batch == batch and p.start is None else p for p in rest]
    return replace(pending, start=start), rest


def _no_counter_to_remove(event: Event, board: EventState, results: list[Event]) -> bool:
    """A removal that does nothing: one was already made for this batch of simultaneous
    damage (Phantom rulings, 2022-12-08), or there is no such counter left to remove."""
    if not isinstance(event, PutCounters) or event.n >= 0:
        return False
    earlier = [r for r in results if isinstance(r, PutCounters) and r.on == event.on]
    if event.batch is not None and any(
        r.n < 0 and r.batch == event.batch and r.kind == event.kind for r in earlier
    ):
        return True
    return _counters_left(event, board, earlier) <= 0


def _counters_left(event: PutCounters, board: EventState, earlier: list[PutCounters]) -> int:
    obj = board.game.object(event.on)
    have = dict(obj.counters).get(event.kind, 0) if obj is not None else 0
    return have + sum(r.n for r in earlier if r.kind == event.kind)


def _removable(event: Event, board: EventState, results: list[Event]) -> Event:
    """A removal of more counters than are left removes all there are (Protean Hydra
    ruling, 2009-10-01: "all the +1/+1 counters ... are removed from it")."""
    if not isinstance(event, PutCounters) or event.n >= 0:
        return event
    earlier = [r for r in results if isinstance(r, PutCounters) and r.on == event.on]
    left = _counters_left(event, board, earlier)
    return replace(event, n=-left) if -event.n > left else event


def _forced(candidates: list[ActiveReplacement]) -> tuple[list[ActiveReplacement], str]:
    """CR 616.1a-d: self-replacement, control, copy and back-face effects go first."""
    for tier in ("self", "control", "copy", "backface"):
        first = [c for c in candidates if c.spec.tier == tier]
        if first:
            return first, TIER_RULES[tier]
    return candidates, TIER_RULES["other"]


def _happen(event: Event, board: EventState) -> tuple[list[Event], list[Pending]]:
    """The event happens; events it contains become pending (616.1g)."""
    if isinstance(event, Destroy):
        obj = board.game.object(event.obj)
        owner = obj.owner if obj else ""
        chars = board.chars.get(event.obj)
        die = ZoneMove(
            event.obj,
            "graveyard",
            "battlefield",
            owner,
            bool(obj and obj.card.token),
            bool(chars and "Creature" in chars.types),
            board.controller_of(event.obj) or owner,
            implicit=True,
            card_types=frozenset(chars.types) if chars else frozenset(),
        )
        return [event], [Pending(die)]
    if isinstance(event, CreateTokens):
        # One creation event (111.2); its kinds are shown one by one, and every token enters.
        kinds = [kind for kind in event.kinds() if kind.n > 0] or [event.kinds()[0]]
        enters = _token_enters(kinds)
        # CR 111.5, 614.17: a token that can't enter isn't created (its entering is still
        # shown, stopped).
        stopped = Counter(e.card.name for e in enters if stopped_by(e, board) is not None)
        if stopped:
            made = [replace(k, n=k.n - stopped.pop(k.card.name, 0)) for k in kinds]
            kinds = [k for k in made if k.n > 0]
        return list(kinds), [Pending(enter) for enter in enters]
    if isinstance(event, Enter) and event.counters:
        view = entering_view(event, board)
        inside = EventState(
            view.game,
            view.state,
            board.statics,
            board.cants + view.own_cants,
            board.library_sizes,
            board.enter_cache,
        )
        kept = tuple(
            (k, n)
            for k, n in event.counters
            if stopped_by(PutCounters(k, event.obj, n), inside) is None
        )
        return [replace(event, counters=kept)], []
    return [event], []


def _token_enters(kinds: list[CreateTokens]) -> list[Enter]:
    """Each token the creation makes, entering (CR 111.2), numbered within its name."""
    made: dict[str, int] = {}
    enters = []
    for kind in kinds:
        for _ in range(kind.n):
            made[kind.card.name] = made.get(kind.card.name, 0) + 1
            enters.append(
                Enter(
                    f"{kind.card.name} token {made[kind.card.name]}",
                    kind.card,
                    kind.controller,
                    token=True,
                    copy_of=kind.copy_of,
                    copy=kind.copy,
                )
            )
    return enters


def _alternatives(event: Event, board: EventState) -> list[tuple[str, list[Event]]] | None:
    """Choices that aren't about replacement order: which known card goes where."""
    if isinstance(event, LookAndSort):
        top = board.zone_cards.get((event.player, "library"), [])[: event.look]
        if not top:
            return None
        options: list[tuple[str, list[Event]]] = []
        for i, card in enumerate(top):
            rest: list[Event] = [
                ZoneMove(c, "graveyard", "library", event.player)
                for j, c in enumerate(top)
                if j != i
            ]
            options.append(
                (f"choose:{card}", [ZoneMove(card, "hand", "library", event.player), *rest])
            )
        return options
    if isinstance(event, ReturnFromGraveyard):
        cards = board.zone_cards.get((event.player, "graveyard"), [])
        if not cards:
            return [("", [Nothing()])]
        return [
            (
                f"choose:{card}" if len(set(cards)) > 1 else "",
                [ZoneMove(card, "hand", "graveyard", event.player)],
            )
            for card in dict.fromkeys(cards)
        ]
    return None


def _shield_limits(
    option: ActiveReplacement, pending: Pending, rest: list[Pending], board: EventState
) -> list[int | None]:
    """CR 615.7: a "prevent the next N" shield facing simultaneous damage: the chooser splits it."""
    event = pending.event
    if option.spec.shield != "amount" or pending.batch is None or not isinstance(event, Damage):
        return [None]
    others = sum(
        p.event.amount
        for p in rest
        if p.batch == pending.batch
        and isinstance(p.event, Damage)
        and applies(option, p.event, board)
    )
    if not others:
        return [None]
    remaining = option.remaining or 0
    most = min(remaining, event.amount)
    # Any split, including none of it on this event (the rest goes to the others).
    least = max(0, min(remaining, event.amount + others) - others)
    return list(range(least, most + 1)) or [None]


def _applications(
    option: ActiveReplacement, pending: Pending, rest: list[Pending], board: EventState
) -> list[tuple[int | None, list[Event], ActiveReplacement | None, str | None]]:
    """Each way this effect can apply to the event, as the chooser decides: how much of a
    shield goes to it (615.7), or which permanents are sacrificed as it would enter (614.1c).
    Each comes with the name its choice has in a path."""
    event = pending.event
    if option.spec.family == Family.ENTER_SACRIFICE and isinstance(event, Enter):
        return [
            (None, [*enter_sacrificing(event, board, chosen)], option, _sacrificed_name(chosen))
            for chosen in sacrifice_choices(option, event, board)
        ]
    if option.spec.family == Family.TOKENS_INSTEAD and option.spec.options:
        # Jinnie Fay: the player chooses which tokens are created instead (614.1a).
        return [
            (None, [made], option, made.card.name.removesuffix(" Token"))
            for made in tokens_instead_choices(option, event)
            if isinstance(made, CreateTokens)
        ]
    return [
        (limit, *apply(option, event, board, limit), None if limit is None else str(limit))
        for limit in _shield_limits(option, pending, rest, board)
    ]


def _sacrificed_name(chosen: tuple[str, ...] | None) -> str | None:
    if chosen is None:
        return "none"  # nothing could be sacrificed: it goes to the graveyard
    return "+".join(chosen) if chosen else None


def _life_paid(option: ActiveReplacement, board: EventState) -> list[Event] | None:
    """What declining an optional effect costs: a shock land's "you may pay 2 life. If you
    don't, it enters tapped" (CR 119.4: paying life is losing it; a player can pay only
    with at least that much life, and not while their life total can't change, 119.8)."""
    amount = option.spec.pay_life if isinstance(option.spec, EnterSpec) else 0
    if not amount:
        return []
    payment = LoseLife(option.controller, amount)
    if board.game.life_of(option.controller) < amount or stopped_by(payment, board):
        return None
    return [payment]


@dataclass
class Explorer:
    """Walks every legal sequence of choices; ``leaves`` collects each path's results."""

    board: EventState
    leaves: list[Leaf] = field(default_factory=list)
    misreading: ReplacementMisreading = CORRECT_REPLACEMENT
    batches: int = 0  # new simultaneous groups made while exploring (negative ids)
    # Effects that read what damage leaves behind are here (damage_view.py).
    damage_reads: bool = False
    nodes: int = 0  # the tree's size so far (``MAX_NODES``)

    def _damage_results(
        self, pending: Pending, event: Event, rest: list[Pending]
    ) -> tuple[list[Pending], list[Pending], list[Event]]:
        """CR 120.4b: the results of damage (counters, lifelink's life) happen once all the
        damage dealt at the same time has been dealt, and can be replaced in their turn."""
        own = damage_results(event, self.board) if isinstance(event, Damage) else ()
        results = pending.carried + own
        if not results:
            return rest, [], []
        if pending.batch is not None:
            for i, later in enumerate(rest):
                if later.batch == pending.batch and isinstance(later.event, Damage):
                    carried = replace(later, carried=later.carried + results)
                    return [*rest[:i], carried, *rest[i + 1 :]], [], []
        return rest, [Pending(e) for e in result_events(results)], loss_markers(results)

    def chooser(self, event: Event, candidates: list[ActiveReplacement]) -> str | None:
        """CR 616.1: the affected player, or the affected object's controller, chooses."""
        if self.misreading.chooser == "controller" and candidates:
            return candidates[0].controller
        if self.misreading.chooser == "active":
            return self.board.game.active
        return affected_party(event, self.board.controller_of)

    def run(self, queue: list[Pending], shields: dict[str, ActiveReplacement]) -> Node:
        """The tree of choices for these events, in order; ``leaves`` gets every path."""
        self.damage_reads = reads_the_board([*self.board.statics, *shields.values()])
        return self._step(queue, shields, (), [])

    def _step(
        self,
        queue: list[Pending],
        shields: dict[str, ActiveReplacement],
        path: tuple[str, ...],
        results: list[Event],
        offered: frozenset[str] = frozenset(),
    ) -> Node:
        self._count_node()
        if not queue:
            self.leaves.append(Leaf(path, results, shields))
            return Done(tuple(results))
        if len(self.leaves) > MAX_LEAVES:
            raise RuntimeError("too many choice paths")
        pending, rest = queue[0], queue[1:]
        if pending.batch is not None and pending.start is None:
            pending, rest = _batch_begins(pending, rest, len(results))
        event = pending.event
        if isinstance(event, CreateTokens):
            for kind in event.kinds():  # as modified (614.1a)
                check_tokens(kind.n, kind.card.name.removesuffix(" Token"))
        if isinstance(event, Nothing):
            return self._step(rest, shields, path, results + [event])
        if _no_counter_to_remove(event, self.board, results):
            return self._step(rest, shields, path, results)
        if (clamped := _removable(event, self.board, results)) is not event:
            pending = replace(pending, event=clamped)
            event = clamped
        if isinstance(event, Draw):
            # Each draw reads the event's earlier results (the library they left, 121.2).
            charge(len(results) // 8)
        cant = stopped_by(event, self.board) or draw_limit(event, self.board, results)
        if cant is not None and (spell := unable_spell(event, self.board)) is not None:
            # CR 608.3b: a permanent spell that can't enter goes to its owner's graveyard.
            then = self._step([Pending(spell), *rest], shields, path, results)
            return _stopped(event, cant, then, CANT_ENTER_SPELL)
        if cant is not None:
            # CR 614.17: it can't happen, so it never happens and nothing replaces it (614.7).
            rest, more, markers = self._damage_results(
                replace(pending, event=Nothing()), Nothing(), rest
            )
            then = self._step(more + rest, shields, path, results + markers)
            return _stopped(event, cant, then)
        seen, applied_on = self._boards(pending, rest, results)
        candidates = _candidates(pending, seen, shields, self.misreading, results)
        # 616.1f: after each application, only effects that still apply are considered.
        gone = tuple(sorted(offered - {c.eid for c in candidates} - pending.used))
        # Every way on calls ``_step`` from here, never from a helper: each event of a long
        # chain costs one frame, so the depth the engine follows (perform.py) is unchanged.
        if not candidates:
            alternatives = _alternatives(event, self.board)
            if alternatives is not None:
                chooser = affected_party(event, self.board.controller_of)
                cards: list[CardOption] = []
                for label, happened in alternatives:
                    then = self._step(
                        rest, shields, path + ((label,) if label else ()), results + happened
                    )
                    cards.append(CardOption(label.removeprefix("choose:"), tuple(happened), then))
                return CardChoice(event, chooser, tuple(cards), no_longer_applicable=gone)
            shown, happened, after = self._happened(pending, rest)
            then = self._step(after, shields, path, results + happened)
            return Happens(event, shown, EXPLAIN_HAPPENS, then, no_longer_applicable=gone)
        options, rule = _forced(candidates)
        if not self.misreading.forced_first:
            options, rule = candidates, TIER_RULES["other"]
        chooser = self.chooser(event, candidates)
        choices: list[Option | Decline] = []
        for option in options:
            for application in _applications(option, pending, rest, applied_on):
                follow, new_shields, step_name = self._follow(option, application, pending, shields)
                still = frozenset(c.eid for c in candidates) - {option.eid}
                then = self._step(follow + rest, new_shields, path + (step_name,), results, still)
                choices.append(_option(option, application, then))
        for option in options:
            if (declining := _declined(option, pending, self.board)) is not None:
                declined, paid = declining
                then = self._step([declined, *rest], shields, path, results + paid, offered)
                choices.append(Decline(option.shown, then))
        return ChoiceNode(
            event,
            chooser,
            rule,
            candidates=tuple(c.shown for c in candidates),
            forced=tuple(c.shown for c in options) if rule != TIER_RULES["other"] else (),
            used=tuple(sorted(pending.used)),
            explain=explain_choice(chooser, candidates, options, rule, pending.used)
            + alongside_words(event, seen.alongside, str),
            options=tuple(choices),
            no_longer_applicable=gone,
            ids=tuple(c.eid for c in candidates),
            sources=tuple(c.source_name for c in candidates),
            alongside=seen.alongside,
        )

    def _count_node(self) -> None:
        """One more node of the tree, charged to the work meter and capped (``MAX_NODES``)."""
        charge(NODE_WORK)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise WorkExceeded

    def _boards(
        self, pending: Pending, rest: list[Pending], results: list[Event]
    ) -> tuple[EventState, EventState]:
        """The board the effects are checked against for this event, and the one they are
        applied on: the library earlier draws left (121.2), what earlier damage did
        (damage_view.py)."""
        event = pending.event
        if isinstance(event, Draw):
            seen = _library_now(self.board, results)
            return seen, seen
        if isinstance(event, Damage) and self.damage_reads:
            same = [p.event for p in rest if p.batch is not None and p.batch == pending.batch]
            return damage_boards(self.board, event, pending.start, same, results)
        return self.board, self.board

    def _happened(
        self, pending: Pending, rest: list[Pending]
    ) -> tuple[tuple[Event, ...], list[Event], list[Pending]]:
        """No replacement applies: what happens (as shown, and with its loss markers) and
        the events that follow it."""
        event = pending.event
        happened, contained = _happen(event, self.board)
        rest, more, markers = self._damage_results(pending, event, rest)
        contained = contained + more
        shown = tuple(happened)
        happened = happened + markers
        after = contained + rest
        if any(isinstance(e, WinGame) for e in happened):
            after = []  # CR 104.2a: a player who wins ends the game; nothing else happens
        return shown, happened, after

    def _follow(
        self,
        option: ActiveReplacement,
        application: Application,
        pending: Pending,
        shields: dict[str, ActiveReplacement],
    ) -> tuple[list[Pending], dict[str, ActiveReplacement], str]:
        """After one way of applying ``option``: the events it became, the shields left, and
        the step's name in a path."""
        limit, replaced, changed, named = application
        new_shields = dict(shields)
        if option.eid in new_shields or option.resolved:
            if changed is None:
                new_shields.pop(option.eid, None)
            else:
                new_shields[option.eid] = changed
        again = option.eid in pending.used  # only under the "twice" misreading
        used = pending.used | {option.eid + AGAIN if again else option.eid}
        follow = [
            Pending(_in_batch(e.event, pending.batch))
            if isinstance(e, Fresh)
            else Pending(
                replace(e, implicit=False) if isinstance(e, ZoneMove) else e,
                used,
                pending.batch,
                start=pending.start,
            )
            for e in replaced
        ]
        if len(follow) > 1 and pending.batch is None:
            # Pieces of one event (a redirection shield's split) happen together, so
            # their results are one event too (one lifelink gain, 702.15b).
            self.batches += 1
            follow = [replace(p, batch=-self.batches) for p in follow]
        if pending.carried and follow:
            # What the batch's earlier damage did still waits for the rest of it.
            follow[0] = replace(follow[0], carried=pending.carried)
        step_name = StepName(option.shown, named).text()
        return follow, new_shields, step_name


# One way an effect applies (``_applications``): how much of a shield, the events it
# becomes, the effect as changed by applying it (a shield used up: None), the choice's name.
Application = tuple[int | None, list[Event], ActiveReplacement | None, str | None]


def _stopped(event: Event, cant: ActiveCant, then: Node, entering: str = "") -> Stopped:
    if isinstance(event, Enter) and not entering:
        entering = CANT_ENTER_TOKEN if event.token else CANT_ENTER_STAYS
    return Stopped(
        event,
        effect=cant.eid,
        text=cant.spec.text,
        explain=explain_stopped(cant.eid, entering),
        then=then,
        source=cant.source,
    )


def _option(option: ActiveReplacement, application: Application, then: Node) -> Option:
    limit, replaced, _, _ = application
    return Option(
        apply=option.shown,
        source=option.source,
        source_name=option.source_name,
        text=option.spec.text,
        prevention=option.spec.prevention,
        rule="615" if option.spec.prevention else "614",
        becomes=tuple(e.event if isinstance(e, Fresh) else e for e in replaced),
        prevent=limit,
        then=then,
    )


def _declined(
    option: ActiveReplacement, pending: Pending, board: EventState
) -> tuple[Pending, list[Event]] | None:
    """ "You may ... instead": the affected player may also leave it unapplied (it then
    doesn't apply to this event, 614.5); nothing is added to the path. The event as
    declined and what declining costs; None if it can't be declined."""
    if not option.spec.optional or option.spec.family == Family.SELF_COPY:
        return None
    unused = {option.eid, option.eid + AGAIN}  # not again, even misread (614.5)
    declined = replace(pending, used=pending.used | unused)
    paid = _life_paid(option, board)
    if paid is None:
        return None  # a shock land's 2 life can't be paid: it enters tapped
    return declined, paid


def group_outcomes(leaves: list[Leaf]) -> list[Outcome]:
    """Leaves grouped by what happens (as a multiset), each with every path to it."""
    grouped: dict[str, tuple[list[Event], list[tuple[str, ...]]]] = {}
    for leaf in leaves:
        shown = results_json(leaf.results, replaced=bool(leaf.path))
        key = json.dumps(sorted(json.dumps(r, sort_keys=True) for r in shown))
        _, paths = grouped.setdefault(key, (leaf.results, []))
        if leaf.path not in paths:
            paths.append(leaf.path)
    return [Outcome(tuple(results), tuple(paths)) for results, paths in grouped.values()]


def outcomes(leaves: list[Leaf]) -> list[dict[str, Any]]:
    """The distinct outcomes as the board format's JSON (``group_outcomes``)."""
    return [outcome_json(o) for o in group_outcomes(leaves)]
