"""Quiz items from boards: the key from the engine, the distractors from named misreadings.

Every wrong option is the answer the engine gives when one rule is switched
off (``rules_engine.misreadings``), so when a learner picks it the feedback can
name the mistake. A board is only worth an item when at least ``MIN_DISTRACTORS``
misreadings disagree with the rules on what is asked.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from rules_engine import (
    CORRECT_LAYERS,
    CORRECT_REPLACEMENT,
    LAYER_TITLES,
    MISCONCEPTION_BY_SLUG,
    MISCONCEPTIONS,
    BoardError,
    ChoiceNode,
    CreateTokens,
    Damage,
    Draws,
    Enter,
    Evaluation,
    EventExploration,
    GainLife,
    Game,
    Misconception,
    OracleParseError,
    PreparedEvent,
    PutCounters,
    ReplacementMisreading,
    Shown,
    characteristics_json,
    compute,
    depends_answer,
    evaluate_board,
    parse_board,
    prepare_event,
    replay,
    resolve_effect_id,
    rules_evaluation,
    state_based_actions,
)
from tutor.boards.codec import BoardTokenError, ensure_shareable
from tutor.boards.event_words import describe_asked, outcome_words
from tutor.boards.naming import board_namer
from tutor.boards.presenters import COLOR_NAMES, answer_unmodelled
from tutor.boards.services import BoardProblem, UnmodelledBoard, ensure_modelled
from tutor.learn.concepts import headline_mistakes

MIN_DISTRACTORS = 2
# At most four options: the key and three wrong answers, the most telling ones.
MAX_DISTRACTORS = 3
# Misreadings offered only on boards about them: reading the printed card is the wrong
# answer to almost any board, so offering it everywhere would teach nothing.
ONLY_WHEN_ABOUT = frozenset({"printed-values"})
# From the most specific mistake to the most generic: with more distinct wrong answers
# than room, the specific ones stay (each names a rule a learner can look up).
SPECIFIC_FIRST = (
    "ignore-dependency",
    "cda-by-timestamp",
    "recheck-resolved-set",
    "effect-stops-midway",
    "wrong-chooser",
    "forced-first-ignored",
    "switch-before-counters",
    "newest-first",
    "replace-twice",
    "timestamps-only",
    "forgot-replacements",
    "printed-values",
)
# What a characteristics item can ask, in the order a generator prefers them.
FIELDS = ("pt", "types", "subtypes", "colors", "abilities")
FIELD_PROMPTS = {
    "pt": "What are the power and toughness of {name} now?",
    "types": "What are the card types of {name} now?",
    "subtypes": "What are the subtypes of {name} now?",
    "colors": "What are the colors of {name} now?",
    "abilities": "Which abilities does {name} have now?",
}
LAYER_MISCONCEPTIONS = tuple(m for m in MISCONCEPTIONS if m.layers is not None)
EVENT_MISCONCEPTIONS = tuple(m for m in MISCONCEPTIONS if m.replacement is not None)


class NoItem(ValueError):
    """The board asks nothing a quiz item can be made of (too few distinct wrong answers)."""


class UnmodelledItem(NoItem):
    """The board has something the engine recognised but doesn't apply: its key would
    ignore it, so it never becomes an item (``services.ensure_modelled``)."""


@dataclass(frozen=True, slots=True)
class Choice:
    key: str
    text: str
    # The named mistake that leads to this answer (None for the right one).
    misconception: str | None = None


@dataclass(frozen=True, slots=True)
class Item:
    """One question: its options (key included, in a stable shuffled order) and its key.

    ``typed`` items also accept the answer typed (a P/T like 5/8). ``select_all`` items
    ("select all that apply") have statements for choices: ``right_keys`` are the true
    ones, and the answer is the ticked keys sorted and joined by "," (``key`` is that
    answer for the true ones). For a single-choice item ``right_keys`` is ``{key}``.
    ``family`` groups items made the same way (recipe and form) for ratings.
    """

    kind: str
    prompt: str
    board_json: str
    choices: tuple[Choice, ...]
    key: str
    object: str = ""
    typed: bool = False
    select_all: bool = False
    right_keys: frozenset[str] = frozenset()
    family: str = ""

    def __post_init__(self) -> None:
        if not self.right_keys:
            keys = self.key.split(",") if self.select_all else [self.key]
            object.__setattr__(self, "right_keys", frozenset(keys))

    @property
    def board(self) -> dict[str, Any]:
        board: dict[str, Any] = json.loads(self.board_json)
        return board

    @property
    def id(self) -> str:
        digest = hashlib.sha256(f"{self.kind}|{self.prompt}|{self.board_json}".encode())
        return digest.hexdigest()[:16]

    @property
    def distractors(self) -> tuple[Choice, ...]:
        return tuple(c for c in self.choices if c.key not in self.right_keys)

    def choice(self, key: str) -> Choice | None:
        return next((c for c in self.choices if c.key == key), None)

    def key_text(self) -> str:
        right = self.choice(self.key)
        return right.text if right else ""


def headline_slugs(concept: str) -> frozenset[str]:
    """The misreadings that are ``concept``'s headline mistakes (``concepts``)."""
    return headline_mistakes(concept)


def plausible(text: str, right: str) -> bool:
    """A number a learner could reach: not the runaway totals of a replacement applied again
    and again (16, 28, 48 for a key of 6). Non-numbers are always plausible."""
    if not (text.isdigit() and right.isdigit()):
        return True
    return int(text) <= max(2 * int(right), int(right) + 4)


def choose_distractors(
    right: str,
    found: Iterable[tuple[str, Misconception]],
    about: frozenset[str] = frozenset(),
    fallback: frozenset[str] = frozenset(),
) -> dict[str, Misconception]:
    """The wrong answers to offer, each named after a misreading that gives it.

    ``found`` holds every misreading's answer. A text several misreadings give is named
    after the one the board is ``about`` if any, else the most specific. Answers equal to the
    key, printed-card answers on boards not about them (nor allowed as a ``fallback``: last
    in line, named only when no other misreading gives that text) and implausible numbers
    (unless the board is about the misreading) are left out; then the ones the board is
    about come first and at most ``MAX_DISTRACTORS`` are kept.
    """
    rank = {slug: n for n, slug in enumerate(SPECIFIC_FIRST)}

    def order(m: Misconception) -> tuple[bool, bool, int]:
        return (m.slug not in about, m.slug in fallback, rank.get(m.slug, len(rank)))

    named: dict[str, Misconception] = {}
    for text, m in found:
        allowed = m.slug in about or m.slug in fallback
        if text == right or (m.slug in ONLY_WHEN_ABOUT and not allowed):
            continue
        if m.slug not in about and not plausible(text, right):
            continue
        if text not in named or order(m) < order(named[text]):
            named[text] = m
    kept = sorted(named, key=lambda text: order(named[text]))[:MAX_DISTRACTORS]
    return {text: named[text] for text in kept}


def _key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def _canonical(board: dict[str, Any]) -> str:
    return json.dumps(board, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _shuffled(choices: Iterable[Choice], seed: str) -> tuple[Choice, ...]:
    """A stable order that says nothing about which option is right."""
    return tuple(sorted(choices, key=lambda c: hashlib.sha256((seed + c.key).encode()).digest()))


def _item(
    kind: str,
    prompt: str,
    board: dict[str, Any],
    right: str,
    wrong: dict[str, Misconception | None],
    *,
    obj: str = "",
    typed: bool = False,
    least: int = MIN_DISTRACTORS,
    game: Game | None = None,
) -> Item:
    """An item from the right answer's text and each distinct wrong text's misconception
    (``None`` only for the other half of a yes/no question). Never from a board the engine
    doesn't fully model (``game``: the board as the caller already replayed it)."""
    wrong = {text: m for text, m in wrong.items() if text != right}
    if len(wrong) < least:
        raise NoItem(f"only {len(wrong)} misreading(s) give a different answer")
    _ensure_item_modelled(board, game)
    choices = [Choice(_key(right), right)] + [
        Choice(_key(text), text, m.slug if m else None) for text, m in wrong.items()
    ]
    canonical = _canonical(board)
    return Item(
        kind, prompt, canonical, _shuffled(choices, canonical), _key(right), obj, typed=typed
    )


def _ensure_item_modelled(board: dict[str, Any], game: Game | None) -> None:
    """``ensure_modelled``, from the engine work already done for this item: an event
    board's exploration (``explored``, remembered) carries the replay's ``not_modelled``
    (the same list the board's evaluation and its event answer report), so the board is
    not replayed twice more just to learn that nothing is missing."""
    asks_event = isinstance(board.get("ask"), dict) and "event" in board["ask"]
    if game is None and asks_event:
        try:
            ensure_shareable(board)
            exploration = explored(board)
        except (BoardTokenError, BoardError) as problem:  # a board the pages couldn't show
            raise NoItem(str(problem)) from problem
        if exploration.not_modelled:
            found = answer_unmodelled(exploration.as_json(), board)
            raise UnmodelledItem(str(UnmodelledBoard(found)))
        return
    try:
        ensure_modelled(board, game=game)
    except UnmodelledBoard as problem:
        raise UnmodelledItem(str(problem)) from problem
    except BoardProblem as problem:  # a board the pages couldn't show
        raise NoItem(str(problem)) from problem


# --- Layer items -------------------------------------------------------------------


@dataclass(frozen=True)
class Evaluated:
    """One board replayed once and computed the right way and by each relevant misreading."""

    game: Game
    right: Evaluation
    wrong: dict[str, Evaluation]

    @cached_property
    def dying(self) -> frozenset[str]:
        """Objects state-based actions put into the graveyard (asked about once)."""
        return frozenset(s.object for s in state_based_actions(self.game, self.right.chars))


def relevant(evaluation: Evaluation, m: Misconception) -> bool:
    """Would this misreading change anything on this board? (Skips the ones that can't.)"""
    effects = evaluation.effects.values()
    trace = evaluation.trace
    if m.slug == "ignore-dependency":
        return any(s.why.kind not in ("timestamp", "cda") for s in trace)
    if m.slug == "switch-before-counters":
        return any(s.layer == "7d" for s in trace)
    if m.slug == "cda-by-timestamp":
        return any(e.cda for e in effects)
    if m.slug == "recheck-resolved-set":
        # Only a set read from a description can change; targets are targets.
        return any(e.resolved is not None and e.spec.subject.kind != "targets" for e in effects)
    if m.slug == "effect-stops-midway":
        # A source losing abilities in layer 6 while its own effect still has later layers.
        later = {e.source for e in effects if any(p.layer.startswith("7") for p in e.spec.parts)}
        return any(s.layer == "6" and later & set(s.applies_to) for s in trace)
    return True


def evaluate_all(board: dict[str, Any]) -> Evaluated:
    """Replay once; compute with the rules and with every misreading that could matter.

    Generated practice meets the same board again and again (small card pools): the
    answer of an identical board is remembered (``_evaluated``), errors included."""
    found = _evaluated(_canonical(board))
    if isinstance(found, BoardError):
        raise found
    return found


@lru_cache(maxsize=2048)
def _evaluated(canonical: str) -> Evaluated | BoardError:
    board = json.loads(canonical)
    try:
        game = replay(parse_board(board))
        right = rules_evaluation(game)  # shared with the replay's last step, read only
        wrong = {
            m.slug: compute(game, misreading=m.layers or CORRECT_LAYERS)
            for m in LAYER_MISCONCEPTIONS
            if relevant(right, m)
        }
    except OracleParseError as error:
        return BoardError("steps", f"an ability the board produces cannot be read: {error}")
    except BoardError as error:
        return error
    return Evaluated(game, right, wrong)


def _evaluated_or_none(board: dict[str, Any]) -> Evaluated | None:
    """A hand-written misreading's rewritten board, or None if the engine refuses it."""
    found = _evaluated(_canonical(board))
    return None if isinstance(found, BoardError) else found


def explored(
    board: dict[str, Any], misreading: ReplacementMisreading = CORRECT_REPLACEMENT
) -> EventExploration:
    """``explore_event``, remembered for an identical board and misreading, the board
    replayed once for all of them (``_prepared``)."""
    found = _explored(_canonical(board), misreading)
    if isinstance(found, BoardError):
        raise found
    return found


@lru_cache(maxsize=4096)
def _explored(canonical: str, misreading: ReplacementMisreading) -> EventExploration | BoardError:
    prepared = _prepared(canonical)
    if isinstance(prepared, BoardError):
        return prepared
    try:
        return prepared.explore(misreading)
    except BoardError as error:
        return error


@lru_cache(maxsize=512)
def _prepared(canonical: str) -> PreparedEvent | BoardError:
    """The board replayed once for the rules and every replacement misreading."""
    try:
        return prepare_event(json.loads(canonical))
    except BoardError as error:
        return error


def field_text(field: str, data: dict[str, Any]) -> str:
    if field == "pt":
        return f"{data['power']}/{data['toughness']}" if data.get("power") is not None else "—"
    values = data.get(field) or []
    if field == "colors":
        values = [COLOR_NAMES[c] for c in values] or ["colorless"]
    # Two instances of one ability read as one (a second Flying adds nothing, CR 702.2).
    shown = sorted(set(values))
    if field == "abilities" and any("." in v or ":" in v for v in shown):
        # Sentences ("{T}: Add {R}.") in a list: "Indestructible; {T}: Add {R}", no ".,".
        return "; ".join(v.removesuffix(".") for v in shown)
    return ", ".join(shown) if shown else "none"


def _printed_name(board: dict[str, Any], game: Game, label: str) -> str:
    """The object as the board introduced it (``naming``: "the second Grizzly Bears" when
    two share its name): a copy effect may have renamed it since, and its new name would
    give the answer away."""
    shown = board_namer(board)(label)
    obj = game.object(label)
    if obj is not None and obj.face_down:
        # A face-down permanent has no name (CR 708.2): naming its card would give it away.
        return f"{obj.controller}'s face-down creature"
    return obj.card.name if shown == label and obj is not None and obj.card.name else shown


def _alive(evaluated: Evaluated, label: str) -> bool:
    """On the battlefield and not put into the graveyard by state-based actions."""
    obj = evaluated.game.object(label)
    if obj is None or not obj.on_battlefield:
        return False
    return label not in evaluated.dying


def characteristic_item(
    board: dict[str, Any],
    label: str,
    field: str,
    evaluated: Evaluated | None = None,
    least: int = MIN_DISTRACTORS,
    prefer: str = "",
    about: frozenset[str] = frozenset(),
    extra: tuple[tuple[Misconception, Evaluation], ...] = (),
    fallback: frozenset[str] = frozenset(),
) -> Item:
    """What ``field`` of ``label`` is, with the wrong values misreadings give
    (``choose_distractors``; the board is ``about`` those misreadings and concept
    ``prefer``'s own; ``extra``: hand-written misreadings' evaluations, ``handwritten``)."""
    evaluated = evaluated or evaluate_all(board)
    if label not in evaluated.right.chars or not _alive(evaluated, label):
        raise NoItem(f'"{label}" is not on the battlefield at the end')
    right = characteristics_json(evaluated.right.chars[label])
    if field == "pt" and right.get("power") is None:
        raise NoItem("not a creature at the end")
    found = [
        (field_text(field, characteristics_json(evaluated.wrong[m.slug].chars[label])), m)
        for m in LAYER_MISCONCEPTIONS
        if m.slug in evaluated.wrong
    ]
    found += [
        (field_text(field, characteristics_json(e.chars[label])), m)
        for m, e in extra
        if label in e.chars
    ]
    wrong = choose_distractors(
        field_text(field, right), found, about | headline_slugs(prefer), fallback
    )
    name = _printed_name(board, evaluated.game, label)
    asked = dict(board, ask={"characteristics": label})
    prompt = FIELD_PROMPTS[field].format(name=name)
    return _item(
        field,
        prompt,
        asked,
        field_text(field, right),
        dict(wrong),
        obj=label,
        typed=field == "pt",
        least=least,
        game=evaluated.game,
    )


def best_characteristic_item(
    board: dict[str, Any],
    label: str | None = None,
    least: int = MIN_DISTRACTORS,
    prefer: str = "",
    about: frozenset[str] = frozenset(),
    fields: tuple[str, ...] = FIELDS,
    variants: tuple[tuple[Misconception, dict[str, Any]], ...] = (),
    switches: tuple[Misconception, ...] = (),
    fallback: frozenset[str] = frozenset(),
) -> Item:
    """The first of ``fields`` that makes an item, about ``label`` or else the object the
    most effects touched (``variants``: hand-written misreadings' rewritten boards;
    ``switches``: hand-written layer orders, computed on the board's own replay)."""
    evaluated = evaluate_all(board)
    extra = tuple((m, e.right) for m, v in variants if (e := _evaluated_or_none(v)) is not None)
    extra += tuple((m, compute(evaluated.game, misreading=m.layers)) for m in switches if m.layers)
    labels = [label] if label is not None else _most_touched(evaluated)
    # One evaluation serves every object and field: trying them all costs little.
    for candidate in labels:
        for field in fields:
            try:
                return characteristic_item(
                    board, candidate, field, evaluated, least, prefer, about, extra, fallback
                )
            except UnmodelledItem:
                raise  # the whole board, whatever is asked about it
            except NoItem:
                continue
    raise NoItem("no characteristic has enough distinct wrong answers")


def _most_touched(evaluated: Evaluated) -> list[str]:
    """Objects that effects applied to, the most affected first."""
    touched: dict[str, int] = {}
    for step in evaluated.right.trace:
        for obj in step.applies_to:
            touched[obj] = touched.get(obj, 0) + 1
    if not touched:
        raise NoItem("no effect applies to anything")
    return sorted(touched, key=lambda obj: (-touched[obj], obj))


def order_item(board: dict[str, Any], label: str, layer: str, least: int = MIN_DISTRACTORS) -> Item:
    """The order the effects apply to ``label`` in ``layer``."""
    evaluated = evaluate_all(board)

    def order(evaluation: Evaluation) -> str:
        steps = [s for s in evaluation.trace if s.layer == layer and label in s.applies_to]
        return " → ".join(s.source_name for s in steps)

    right = order(evaluated.right)
    if right.count("→") < 1:
        raise NoItem("fewer than two effects in that layer")
    # A different set of effects is a wrong answer too (an effect that a mistake lets
    # apply, or stops).
    found = [
        (text, m)
        for m in LAYER_MISCONCEPTIONS
        if m.slug in evaluated.wrong and (text := order(evaluated.wrong[m.slug]))
    ]
    wrong: dict[str, Misconception | None] = dict(choose_distractors(right, found))
    name = _printed_name(board, evaluated.game, label)
    asked = dict(board, ask={"order": {"layer": layer, "object": label}})
    prompt = f"In which order do the effects apply to {name} in layer {layer}?"
    return _item("order", prompt, asked, right, wrong, obj=label, least=least, game=evaluated.game)


def depends_item(board: dict[str, Any], a: str, b: str) -> Item:
    """Does A depend on B (613.8a)? Saying no to a real dependency is ignoring it."""
    result = evaluate_board(board)
    answer = depends_answer(result, a, b)["depends"]
    names = result.display_ids()
    right, other = ("Yes", "No") if answer["answer"] else ("No", "Yes")
    wrong: dict[str, Misconception | None] = {
        other: MISCONCEPTION_BY_SLUG["ignore-dependency"] if answer["answer"] else None
    }
    source = {eid: e.source_name for eid, e in result.evaluation.effects.items()}
    first = next((eid for eid, name in names.items() if name == a), a)
    second = next((eid for eid, name in names.items() if name == b), b)
    prompt = (
        f"Does {source.get(first, a)}'s effect depend on {source.get(second, b)}'s effect "
        "(CR 613.8a)?"
    )
    asked = dict(board, ask={"depends": [a, b]})
    # The stepper of an object the dependent effect (else the other) applies to.
    dependent = set(resolve_effect_id(result.evaluation, a, "ask.depends[0]"))
    other_ids = set(resolve_effect_id(result.evaluation, b, "ask.depends[1]"))
    steps = [s for s in result.evaluation.trace if s.applies_to]
    obj = next(
        (s.applies_to[0] for s in steps if s.effect in dependent),
        next((s.applies_to[0] for s in steps if s.effect in other_ids), ""),
    )
    return _item("depends", prompt, asked, right, wrong, obj=obj, least=1, game=result.game)


# --- Event items -------------------------------------------------------------------


def _counters(result: Shown) -> int | None:
    """Counters put on, or a permanent enters with."""
    if isinstance(result, PutCounters):
        return result.n
    if isinstance(result, Enter) and any(n > 0 for _, n in result.counters):
        return sum(n for _, n in result.counters if n > 0)
    return None


# What an event item can count in an outcome's results, in the order it prefers them: each
# result's amount, or None when the result isn't of that kind.
MEASURES: dict[str, Callable[[Shown], int | None]] = {
    "damage": lambda r: r.amount if isinstance(r, Damage) else None,
    "counters": _counters,
    "create_tokens": lambda r: r.total if isinstance(r, CreateTokens) else None,
    "gain_life": lambda r: r.amount if isinstance(r, GainLife) else None,
    "draw": lambda r: r.n if isinstance(r, Draws) else None,
}


def _measure(results: Iterable[Shown], kind: str) -> int:
    return sum(n for r in results if (n := MEASURES[kind](r)) is not None)


def _counts(results: Iterable[Shown], kind: str) -> bool:
    return any(MEASURES[kind](r) is not None for r in results)


def _victim(results: Iterable[Shown], name_of: Callable[[str], str | None]) -> str | None:
    """The player hurt by the damage in ``results``: the one dealt it, or the controller of
    the permanent dealt it (``name_of``: a label's controller)."""
    for result in results:
        if isinstance(result, Damage):
            return name_of(result.target) or result.target
    return None


GOALS = {
    "damage": ("take as little damage as possible", "as much damage as possible"),
    "counters": ("get as many counters as possible", "as few counters as possible"),
    "create_tokens": ("get as many tokens as possible", "as few tokens as possible"),
    "gain_life": ("gain as much life as possible", "as little life as possible"),
    "draw": ("draw as many cards as possible", "as few cards as possible"),
}
QUESTIONS = {
    "damage": "How much damage is dealt?",
    "counters": "How many counters are put on?",
    "create_tokens": "How many tokens are created?",
    "gain_life": "How much life is gained?",
    "draw": "How many cards are drawn?",
}


def event_item(
    board: dict[str, Any],
    least: int = MIN_DISTRACTORS,
    about: frozenset[str] = frozenset(),
    variants: tuple[tuple[Misconception, dict[str, Any]], ...] = (),
    switches: tuple[Misconception, ...] = (),
) -> Item:
    """What the player who orders the replacement effects ends up with, each player wanting
    what is best for them (CR 616.1: the affected player chooses; the other player, when the
    effects are theirs, would choose the other way). The wrong answers are what each
    replacement misreading leads the same players to."""
    right = explored(board)
    kinds = [k for k in MEASURES if any(_counts(o.shown, k) for o in right.outcomes)]
    if not kinds:
        raise NoItem("the event's outcomes have nothing to count")
    kind = kinds[0]
    chooser = _chooser(right)
    if chooser is None:
        raise NoItem("no choice to make on this event")
    # The chooser wants little damage (it hurts them) and much of anything else.
    wants_less = kind == "damage"

    def pick(exploration: EventExploration) -> int:
        amounts = [_measure(o.shown, kind) for o in exploration.outcomes] or [0]
        who = _chooser(exploration) or chooser
        less = wants_less if who == chooser else not wants_less
        return min(amounts) if less else max(amounts)

    key = str(pick(right))
    found: list[tuple[str, Misconception]] = []
    for m in (*EVENT_MISCONCEPTIONS, *switches):
        try:
            found.append((str(pick(explored(board, m.replacement))), m))  # type: ignore[arg-type]
        except BoardError:
            continue
    for m, variant in variants:
        try:
            found.append((str(pick(explored(variant))), m))
        except BoardError:
            continue
    wrong = choose_distractors(key, found, about)
    name = board_namer(board)
    others = [p for p in board.get("players", []) if p != chooser]
    goal, other_goal = GOALS[kind]
    stakes = f"{chooser} wants to {goal}"
    if others and wants_less:
        stakes = f"{others[0]} wants {other_goal}; {stakes}"
    prompt = (
        f"{_capital(describe_asked(right.asked, name))}. {stakes}, and every player "
        f"chooses what is best for them. {QUESTIONS[kind]}"
    )
    return _item("event-best", prompt, board, key, dict(wrong), least=least)


def outcome_item(
    board: dict[str, Any],
    least: int = 1,
    variants: tuple[tuple[Misconception, dict[str, Any]], ...] = (),
    switches: tuple[Misconception, ...] = (),
) -> Item:
    """What happens to the board's event, beside what each misreading says happens
    (for events with one outcome and nothing to count: exile instead of dying...)."""
    name = board_namer(board)

    def words(exploration: EventExploration) -> list[str]:
        return [outcome_words(o.shown, name) for o in exploration.outcomes]

    found = explored(board)
    right = words(found)
    if len(right) != 1:
        raise NoItem("the choices lead to several outcomes: ask for the best one instead")
    wrong: dict[str, Misconception | None] = {}
    for m in EVENT_MISCONCEPTIONS:
        try:
            for text in words(explored(board, m.replacement)):  # type: ignore[arg-type]
                wrong.setdefault(_capital(text), m)
        except BoardError:
            continue
    for hand, variant in variants:
        try:
            for text in words(explored(variant)):
                # The hand-written mistake is the one this board is about: it names the text.
                wrong[_capital(text)] = hand
        except BoardError:
            continue
    for hand in switches:
        try:
            for text in words(explored(board, hand.replacement)):  # type: ignore[arg-type]
                # A rule switched off like the engine's own: named only where they say nothing.
                wrong.setdefault(_capital(text), hand)
        except BoardError:
            continue
    prompt = f"{_capital(describe_asked(found.asked, name))}. What happens?"
    if right[0].lower() in prompt.lower():
        raise NoItem("the question would say its own answer")
    return _item("event-outcome", prompt, board, _capital(right[0]), wrong, least=least)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# The layers next door to each, which a learner may put an effect in by mistake.
NEIGHBOURS = {
    "1a": ("2", "1b"),
    "1b": ("1a", "2"),
    "2": ("1a", "3"),
    "3": ("6", "4"),
    "4": ("6", "5"),
    "5": ("4", "6"),
    "6": ("4", "5"),
    "7a": ("7b", "7c"),
    "7b": ("7c", "7a"),
    "7c": ("7b", "7d"),
    "7d": ("7c", "7b"),
}


def _chooser(exploration: EventExploration) -> str | None:
    """Who chooses the order of the replacement effects the event meets first, if any."""
    tree = exploration.tree
    return tree.chooser if isinstance(tree, ChoiceNode) else None


def chooser_item(board: dict[str, Any]) -> Item:
    """Who chooses the order of the replacement effects (616.1)?"""
    found = explored(board)
    right = _chooser(found)
    if not right:
        raise NoItem("no choice to make on this event")
    wrong: dict[str, Misconception | None] = {}
    for m in EVENT_MISCONCEPTIONS:
        if m.replacement is not None and m.replacement.chooser != "affected":
            chooser = _chooser(explored(board, m.replacement))
            if chooser:
                wrong.setdefault(chooser, m)
    prompt = (
        f"{_capital(describe_asked(found.asked, board_namer(board)))}. "
        "Who chooses the order in which the replacement effects apply?"
    )
    return _item("chooser", prompt, board, right, wrong, least=1)


def layer_item(board: dict[str, Any], label: str) -> Item:
    """In which layer does the first effect that changes ``label`` apply? The wrong options
    are the layers a misreading would put it in: where it would apply first by timestamp."""
    evaluated = evaluate_all(board)
    steps = [s for s in evaluated.right.trace if label in s.applies_to]
    if not steps:
        raise NoItem("nothing applies to it")
    # The effect with the most layers teaches most: Humility, Opalescence, Lignify...
    effect = max(steps, key=lambda s: len(evaluated.right.effects[s.effect].spec.layers)).effect
    spec = evaluated.right.effects[effect].spec

    def words(layers: Iterable[str]) -> str:
        # "7c (power/toughness modified, and counters)": no parentheses inside parentheses.
        titles = {
            layer: LAYER_TITLES[layer].replace(" (", ", ").replace(")", "") for layer in layers
        }
        return " and ".join(f"{layer} ({titles[layer]})" for layer in sorted(layers))

    right = words(spec.layers)
    # Not a misreading of the engine's: the layers it is easy to mistake these for
    # (one part of a several-layer effect, or the sublayer next door).
    wrong: dict[str, Misconception | None] = {}
    if len(spec.layers) > 1:
        for layer in sorted(spec.layers):
            wrong.setdefault(words([layer]), None)
    for layer in sorted(spec.layers):
        for other in NEIGHBOURS.get(layer, ()):
            wrong.setdefault(words((spec.layers - {layer}) | {other}), None)
    source = evaluated.right.effects[effect].source_name
    text = spec.text.replace("~", source)  # the engine's notation for the source's own name
    prompt = f"In which layer or layers does {source}’s effect “{text}” apply?"
    return _item("layer", prompt, board, right, wrong, obj=label, least=1, game=evaluated.game)
