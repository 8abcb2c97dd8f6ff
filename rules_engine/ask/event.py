"""``python -m rules_engine event``: the choice tree and outcomes for a board's event.

``explore_event`` gives them as typed values (``EventExploration``); ``event_answer``
is their JSON, the board format's answer (tests/boards/README.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from rules_engine.board import Board as BoardData
from rules_engine.board import Choices, parse_board
from rules_engine.bounds import MAX_AMOUNT, MAX_OBJECTS, MAX_X, TooManyObjects, whole_number
from rules_engine.cards import card_from_json, starting_loyalty
from rules_engine.errors import BoardError, UnknownLabel
from rules_engine.game import NotModelled
from rules_engine.layers import compute
from rules_engine.mana_paid import mana_by_color
from rules_engine.misreadings import CORRECT_REPLACEMENT, ReplacementMisreading
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.perform import TOO_MANY_EVENTS, TOO_MANY_ORDERS
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
    StepHappens,
    ZoneMove,
    card_move,
)
from rules_engine.replacement.explore import Explorer, Pending, group_outcomes
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.state import EventState
from rules_engine.replacement.tree import (
    ChoiceNode,
    Happens,
    Node,
    Option,
    Outcome,
    Stopped,
    outcome_json,
    tree_json,
)
from rules_engine.timeline import replay
from rules_engine.timeline.replaying import LAYER_WORK_BUDGET
from rules_engine.work import WorkExceeded, metered

EVENT_KEYS = (
    "damage",
    "destroy",
    "die",
    "to_graveyard",
    "draw",
    "gain_life",
    "lose_life",
    "create_tokens",
    "counters",
    "enter",
    "skip",
    "simultaneous",
    "sequence",
)


# An ability that triggers (CR 603.1): "When", "Whenever" or "At" starts it.
_TRIGGER = re.compile(r"(?:when|whenever|at) ", re.IGNORECASE)
_MOST_DRAWN = "the most cards one event may draw"
_MOST_TOKENS = "the most tokens one event may create"
_LARGEST_X = "the largest X a board may use"


def _int(
    value: Any,
    path: str,
    minimum: int = 0,
    most: int = MAX_AMOUNT,
    what: str = "the largest amount a board may use",
) -> int:
    """A number of the event, within the bounds every board obeys (``rules_engine.bounds``)."""
    return whole_number(value, path, least=minimum, most=most, what=what)


def _label(
    value: Any, path: str, board: BoardData, game_labels: set[str], *, players: bool = True
) -> str:
    if isinstance(value, str) and (value in game_labels or (players and value in board.players)):
        return value
    known = ", ".join(sorted(game_labels)) or "none"
    raise UnknownLabel(
        path,
        f'no object{" or player" if players else ""} labelled "{value}" (labels: {known})',
        value if isinstance(value, str) else "",
    )


def _player(value: Any, path: str, board: BoardData) -> str:
    if not isinstance(value, str) or value not in board.players:
        raise BoardError(path, f'"{value}" is not a player (players: {", ".join(board.players)})')
    return value


@dataclass
class _Reader:
    board: BoardData
    labels: set[str]
    chars: dict[str, Any]
    game: Any
    # Damage sources the event deals damage from as spells on the stack (``_spell_source``).
    spells: set[str] = field(default_factory=set)

    def pendings(self, data: Any, path: str, batches: list[int]) -> list[list[Pending]]:
        """The events to resolve, in order, one list per event of a "sequence" (a
        "simultaneous" is one); those of one "simultaneous" (even inside a "sequence")
        share a batch, so a shield can be split among them (CR 615.7)."""
        kind = next((k for k in data if k in EVENT_KEYS), None) if isinstance(data, dict) else None
        if kind == "sequence" and isinstance(data[kind], list) and data[kind]:
            return [
                group
                for i, item in enumerate(data[kind])
                for group in self.pendings(item, f"{path}.sequence[{i}]", batches)
            ]
        if kind == "simultaneous":
            batches.append(len(batches))
            return [[Pending(e, batch=batches[-1]) for e in self.events(data, path)]]
        return [[Pending(e) for e in self.events(data, path)]]

    def events(self, data: Any, path: str) -> list[Event]:
        if not isinstance(data, dict) or len([k for k in data if k in EVENT_KEYS]) != 1:
            raise BoardError(path, f"an event is an object with one of: {', '.join(EVENT_KEYS)}")
        (kind,) = [k for k in data if k in EVENT_KEYS]
        if kind in ("simultaneous", "sequence"):
            items = data[kind]
            if not isinstance(items, list) or not items:
                raise BoardError(f"{path}.{kind}", "a non-empty list of events")
            return [
                e for i, item in enumerate(items) for e in self.events(item, f"{path}.{kind}[{i}]")
            ]
        read = _EVENT_READERS.get(kind)
        if read is None:
            raise BoardError(path, f"unknown event {kind}")
        return read(self, data, path, kind)

    def _damage(self, data: dict[str, Any], path: str, _kind: str) -> list[Event]:
        amount = _int(data["damage"], f"{path}.damage")
        source = _label(data.get("from"), f"{path}.from", self.board, self.labels, players=False)
        target = _label(data.get("to"), f"{path}.to", self.board, self.labels)
        if self._spell_source(source, data.get("spell"), path):
            self.spells.add(source)
        return [Damage(amount, source, target, combat=bool(data.get("combat", False)))]

    def _spell_source(self, source: str, said: Any, path: str) -> bool:
        """Does the damage come from a spell? An instant or sorcery deals damage only as a
        spell resolving on the stack (CR 304.1, 307.1, 608.2), so a card of those types off
        the battlefield is one unless the event says ``"spell": false``; a card with a
        triggered ability ("When you cycle ~, it deals 1 damage", Solar Blast, CR 113.7a)
        may deal damage as a card too, so the event must say which. A permanent is never a
        spell (CR 110.1)."""
        if said is not None and not isinstance(said, bool):
            raise BoardError(f"{path}.spell", "must be true or false")
        obj = self.game.object(source)
        if obj.zone == "stack":
            return False  # a spell waiting on the stack (``zones.P.stack``) already is one
        if obj.zone == "battlefield":
            if said:
                raise BoardError(f"{path}.spell", "a permanent is not a spell (CR 110.1)")
            return False
        if said is not None:
            return said
        if not obj.card.is_spell_card:
            return False
        if any(_TRIGGER.match(text) for text in obj.card.rules_text):
            raise BoardError(
                f"{path}.spell",
                f"{obj.card.name} may deal damage as a spell or by its triggered ability "
                '(CR 113.7a): say "spell": true or false',
            )
        return True

    def _destroy_or_die(self, data: dict[str, Any], path: str, kind: str) -> list[Event]:
        label = _label(data[kind], f"{path}.{kind}", self.board, self.labels, players=False)
        if kind == "destroy":
            return [Destroy(label)]
        obj = self.game.object(label)
        chars = self.chars.get(label)
        return [
            ZoneMove(
                label,
                "graveyard",
                "battlefield",
                obj.owner,
                obj.card.token,
                bool(chars and "Creature" in chars.types),
                chars.controller if chars else obj.owner,
                card_types=frozenset(chars.types if chars else obj.card.types),
            )
        ]

    def _to_graveyard(self, data: dict[str, Any], path: str, _kind: str) -> list[Event]:
        what = data["to_graveyard"]
        owner = _player(data.get("owner"), f"{path}.owner", self.board)
        zone = data.get("from", "hand")
        if isinstance(what, str) and what in self.labels:
            obj = self.game.object(what)
            chars = self.chars.get(what)
            creature = bool(chars and "Creature" in chars.types)
            return [
                ZoneMove(
                    what,
                    "graveyard",
                    obj.zone if zone == "hand" else zone,
                    obj.owner,
                    obj.card.token,
                    creature,
                    chars.controller if chars else obj.owner,
                    card_types=frozenset(chars.types if chars else obj.card.types),
                )
            ]
        card = card_from_json(what, f"{path}.to_graveyard")
        # A card going from a hand to a graveyard is discarded, unless the event says not.
        discarded = data.get("discard", True) is not False
        return [card_move(card.name, card, owner, "graveyard", zone, discarded=discarded)]

    def _draw(self, data: dict[str, Any], path: str, _kind: str) -> list[Event]:
        n = _int(data["draw"], f"{path}.draw", most=MAX_OBJECTS, what=_MOST_DRAWN)
        player = _player(data.get("player"), f"{path}.player", self.board)
        first = bool(data.get("draw_step", False))
        return [Draw(player, first_in_draw_step=first and i == 0) for i in range(n)]

    def _life(self, data: dict[str, Any], path: str, kind: str) -> list[Event]:
        n = _int(data[kind], f"{path}.{kind}")
        player = _player(data.get("player"), f"{path}.player", self.board)
        return [GainLife(player, n) if kind == "gain_life" else LoseLife(player, n)]

    def _create_tokens(self, data: dict[str, Any], path: str, _kind: str) -> list[Event]:
        card = card_from_json(data["create_tokens"], f"{path}.create_tokens")
        n = _int(data.get("n", 1), f"{path}.n", 1, most=MAX_OBJECTS, what=_MOST_TOKENS)
        controller = _player(
            data.get("controller", self.board.players[0]), f"{path}.controller", self.board
        )
        return [CreateTokens(card, n, controller)]

    def _counters(self, data: dict[str, Any], path: str, _kind: str) -> list[Event]:
        kind_name = data["counters"]
        if not isinstance(kind_name, str) or not kind_name:
            raise BoardError(f"{path}.counters", 'the kind of counter, e.g. "+1/+1"')
        on = _label(data.get("on"), f"{path}.on", self.board, self.labels)
        n = _int(data.get("n", 1), f"{path}.n", 1)
        by = data.get("by")
        putter = None if by is None else _player(by, f"{path}.by", self.board)
        return [PutCounters(kind_name, on, n, cost=bool(data.get("cost", False)), by=putter)]

    def _enter(self, data: dict[str, Any], path: str, _kind: str) -> list[Event]:
        # A card the board's ``zones`` list ("Alice.graveyard[0]") enters as itself, from
        # there ("Creature cards in graveyards can't enter", CR 614.17, sees where it is).
        named = data["enter"]
        listed = self.game.object(named) if isinstance(named, str) else None
        if listed is not None and listed.on_battlefield:
            raise BoardError(f"{path}.enter", f'"{named}" is already on the battlefield')
        card = listed.card if listed is not None else card_from_json(named, f"{path}.enter")
        controller = _player(
            data.get("controller", self.board.players[0]), f"{path}.controller", self.board
        )
        counters_raw = data.get("with_counters", {})
        if not isinstance(counters_raw, dict):
            raise BoardError(f"{path}.with_counters", 'an object {"+1/+1": n}')
        counts = {k: _int(v, f"{path}.with_counters.{k}") for k, v in counters_raw.items()}
        x = _int(data.get("x", 0), f"{path}.x", most=MAX_X, what=_LARGEST_X)
        loyalty = starting_loyalty(card.types, card.loyalty, x)
        if loyalty and "loyalty" not in counts:
            counts["loyalty"] = loyalty  # CR 306.5b: part of how it enters (614.1c)
        counters = tuple(counts.items())
        choices = self._enter_choices(data["choices"], path) if "choices" in data else Choices()
        label = named if listed is not None else data.get("as", card.name)
        if listed is None and (not isinstance(label, str) or label in self.labels):
            raise BoardError(f"{path}.as", "a new label for the entering permanent")
        return [
            Enter(
                label,
                card,
                controller,
                counters=counters,
                choices=choices,
                token=card.token,
                x=x,
            )
        ]

    def _enter_choices(self, raw: Any, path: str) -> Choices:
        """The choices an entering permanent was made with: what it copies, its color,
        whether it was kicked."""
        copy = raw.get("copy") if isinstance(raw, dict) else None
        if isinstance(copy, str):
            copy = [copy]
        copies = tuple(
            _label(c, f"{path}.choices.copy", self.board, self.labels, players=False)
            for c in copy or ()
        )
        kicked = raw.get("kicked", False) if isinstance(raw, dict) else False
        if not isinstance(kicked, bool):
            raise BoardError(f"{path}.choices.kicked", "must be true or false")
        # "If ~ was kicked, it enters with ..." (702.33, 614.1c) reads it.
        given = raw if isinstance(raw, dict) else {}
        revealed = given.get("revealed", 0)
        if not isinstance(revealed, int) or isinstance(revealed, bool) or revealed < 0:
            raise BoardError(f"{path}.choices.revealed", "must be a whole number")
        # A spell cast from its owner's hand (601.2a): one that can't enter goes to its
        # owner's graveyard (608.3b); "if you cast it from your hand" (Myojin) reads it.
        cast = given.get("cast_from_hand", False)
        if not isinstance(cast, bool):
            raise BoardError(f"{path}.choices.cast_from_hand", "must be true or false")
        return Choices(
            copy=copies,
            cast_from_hand=cast,
            color=given.get("color"),
            kicked=kicked,
            # Adamant (CR 207.2c, 601.2h) and a card revealed as it enters (614.12).
            mana_by_color=mana_by_color(
                given.get("mana_by_color", {}), f"{path}.choices.mana_by_color"
            ),
            revealed=revealed,
            cast_with=(
                _label(
                    given["cast_with"],
                    f"{path}.choices.cast_with",
                    self.board,
                    self.labels,
                    players=False,
                )
                if "cast_with" in given
                else None
            ),
        )

    def _skip(self, data: dict[str, Any], path: str, _kind: str) -> list[Event]:
        step = data["skip"]
        if not isinstance(step, str):
            raise BoardError(f"{path}.skip", 'the step, phase or turn, e.g. "draw"')
        player = _player(data.get("player"), f"{path}.player", self.board)
        return [StepHappens(step, player)]


# Each kind of event (but "simultaneous" and "sequence") and the method that reads it.
_EVENT_READERS: dict[str, Callable[[_Reader, dict[str, Any], str, str], list[Event]]] = {
    "damage": _Reader._damage,
    "destroy": _Reader._destroy_or_die,
    "die": _Reader._destroy_or_die,
    "to_graveyard": _Reader._to_graveyard,
    "draw": _Reader._draw,
    "gain_life": _Reader._life,
    "lose_life": _Reader._life,
    "create_tokens": _Reader._create_tokens,
    "counters": _Reader._counters,
    "enter": _Reader._enter,
    "skip": _Reader._skip,
}


def library_sizes(board: BoardData) -> dict[str, int | None]:
    sizes: dict[str, int | None] = {}
    for player in board.players:
        library = board.zones.get(player, {}).get("library")
        sizes[player] = (
            library if isinstance(library, int) else (len(library) if library is not None else None)
        )
    return sizes


def zone_cards(board: BoardData) -> dict[tuple[str, str], list[str]]:
    """Known cards in libraries and graveyards, by name (a library lists its top card first)."""
    known: dict[tuple[str, str], list[str]] = {}
    for player, zones in board.zones.items():
        for zone, cards in zones.items():
            if not isinstance(cards, int):
                known[(player, zone)] = [card.name for card in cards]
    return known


@dataclass(frozen=True, slots=True)
class EffectSource:
    """An effect offered as a choice: its source's label and name, and its text."""

    source: str
    source_name: str
    text: str


@dataclass(frozen=True, slots=True)
class EventExploration:
    """An event's choice tree and distinct outcomes as typed values (``event_answer`` is
    their JSON): ``asked`` is the event as the engine read it, one group of events per
    event of a "sequence" (a "simultaneous", or a draw of several cards, is one group)."""

    asked: tuple[tuple[Event, ...], ...]
    tree: Node
    outcomes: tuple[Outcome, ...]
    not_modelled: tuple[NotModelled, ...]

    @property
    def effects(self) -> dict[str, EffectSource]:
        """Every effect that appears as a choice in the tree, with its source and text."""
        return _effects_in(self.tree)

    def as_json(self) -> dict[str, Any]:
        """The board format's answer to an event board ("Events")."""
        return {
            "tree": tree_json(self.tree),
            "outcomes": [outcome_json(o) for o in self.outcomes],
            "effects": {
                eid: {"source": e.source, "source_name": e.source_name, "text": e.text}
                for eid, e in self.effects.items()
            },
            "not_modelled": [n.as_json() for n in self.not_modelled],
        }


def explore_event(
    data: Any, misreading: ReplacementMisreading = CORRECT_REPLACEMENT
) -> EventExploration:
    """Every legal sequence of choices for the board's ``ask.event`` (CR 616), typed.

    ``misreading`` walks the choices the way a named mistake would (``misreadings.py``).
    """
    return prepare_event(data).explore(misreading)


@dataclass(frozen=True, slots=True)
class PreparedEvent:
    """A board replayed once up to its asked event: every misreading explores the same
    state (the replay doesn't depend on how the choices are then read)."""

    groups: tuple[tuple[Pending, ...], ...]
    pendings: tuple[Pending, ...]
    state: EventState
    shields: dict[str, ActiveReplacement]
    not_modelled: tuple[NotModelled, ...]

    def explore(self, misreading: ReplacementMisreading = CORRECT_REPLACEMENT) -> EventExploration:
        # A fresh cache of entering views per exploration: nothing one misreading's walk
        # remembers is read by another's.
        # 614.12's misreading reads an entering permanent as printed (``entering_as_printed``).
        state = replace(
            self.state, enter_cache={}, entering_as_printed=not misreading.as_it_would_exist
        )
        explorer = Explorer(state, misreading=misreading)
        try:
            # The same budget as a board's steps (rules_engine/work.py): every order of the
            # replacement effects (CR 616.1) is charged as it is explored.
            with metered(LAYER_WORK_BUDGET):
                tree = explorer.run(list(self.pendings), dict(self.shields))
        except RecursionError:
            raise BoardError("ask.event", TOO_MANY_EVENTS) from None
        except RuntimeError as exc:
            raise BoardError("ask.event", f"{exc}: simplify the event") from exc
        except TooManyObjects as exc:
            raise BoardError("ask.event", str(exc)) from None
        except WorkExceeded:
            raise BoardError("ask.event", TOO_MANY_ORDERS) from None
        except OracleParseError as exc:
            raise BoardError(
                "ask.event", f"an ability the event produces cannot be read: {exc}"
            ) from exc
        return EventExploration(
            asked=tuple(tuple(p.event for p in group) for group in self.groups),
            tree=tree,
            outcomes=tuple(group_outcomes(explorer.leaves)),
            not_modelled=self.not_modelled,
        )


def prepare_event(data: Any) -> PreparedEvent:
    """The board replayed and its asked event read, ready to explore (``PreparedEvent``)."""
    board = data if isinstance(data, BoardData) else parse_board(data)
    if board.ask is None or board.ask.kind != "event":
        raise BoardError("ask", 'an event board asks {"event": EVENT}')
    try:
        game = replay(board)
        chars = compute(game).chars
    except OracleParseError as exc:
        raise BoardError("steps", f"an ability the board produces cannot be read: {exc}") from exc
    reader = _Reader(board, {o.label for o in game.objects}, chars, game)
    groups = reader.pendings(board.ask.event, "ask.event", [])
    pendings = [pending for group in groups for pending in group]
    for label in reader.spells:
        # The spell is on the stack while it deals its damage (CR 608.2), as in a cast step:
        # "a spell you control" (Hostility, CR 615) and "a red instant or sorcery spell"
        # (Fire Servant, 614.1a) read it there.
        on_stack = game.object(label)
        if on_stack is not None:
            game = game.with_object(replace(on_stack, zone="stack"))
    from rules_engine.perform import event_state

    try:
        # The same state the timeline's steps are performed in (one game, perform.py);
        # known cards are named by their card names in this answer.
        resolver_board = event_state(game, zone_cards=zone_cards(board))
    except OracleParseError as exc:
        # A replacement or prevention text the grammar can't read (CR 614-615): say which.
        raise BoardError("steps", f"a replacement effect's text cannot be read: {exc}") from exc
    return PreparedEvent(
        groups=tuple(tuple(group) for group in groups),
        pendings=tuple(pendings),
        state=resolver_board,
        shields={s.eid: s for s in game.shields},
        not_modelled=tuple(game.not_modelled),
    )


def event_answer(
    data: Any, misreading: ReplacementMisreading = CORRECT_REPLACEMENT
) -> dict[str, Any]:
    """The choice tree and the distinct outcomes (board format, "Events"): the JSON of
    ``explore_event``."""
    return explore_event(data, misreading).as_json()


def _effects_in(node: Node) -> dict[str, EffectSource]:
    """Every effect that appears as a choice in the tree (a card choice's subtree aside),
    with its source and text, in the order the answer has always listed them."""
    found: dict[str, EffectSource] = {}
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, ChoiceNode):
            for option in current.options:
                stack.append(option.then)
                if isinstance(option, Option):  # not declining a "you may ... instead"
                    found[option.apply] = EffectSource(
                        option.source, option.source_name, option.text
                    )
        elif isinstance(current, Happens | Stopped):
            stack.append(current.then)
    return found
