"""A spell or ability resolves (CR 608.2): its targets are checked, its continuous effects
begin (611.2c), and its one-shot parts happen in the order written (608.2c), each through
the replacement and prevention effects in play (CR 614-616).

``verify_resolution`` is what is checked before anything happens; ``resolve`` performs
it. The pieces: ``resolve_checks`` (targets, choices), ``text_order`` (when each effect
begins), ``beginning`` (effects as they begin), ``instructions`` (one function per kind
of one-shot part), ``shields`` (the replacement effects it creates).
"""

from __future__ import annotations

from dataclasses import replace

from rules_engine import paragraphs
from rules_engine.effects import EffectSpec
from rules_engine.game import Game, NotModelled, PlayerAbility
from rules_engine.gaps import UNPERFORMED, resolution_gaps
from rules_engine.layers import compute
from rules_engine.one_shot import OneShot
from rules_engine.oracle.parser import ParsedAbility
from rules_engine.perform import note_unmodelled
from rules_engine.selection import World
from rules_engine.timeline.ascend import ascend
from rules_engine.timeline.beginning import begin, begin_later, begin_now
from rules_engine.timeline.common import stamp
from rules_engine.timeline.entering import Entering
from rules_engine.timeline.instructions import perform_instruction, tally_after, tally_before
from rules_engine.timeline.resolution import Resolution, greatest, holds_now, how_many, powers
from rules_engine.timeline.resolve_checks import (
    choose_instead,
    earlier_subjects,
    legal_targets,
    missing_target,
    verify_copy_choice,
    verify_resolution,
    verify_targetable,
    verify_text_changes,
)
from rules_engine.timeline.shields import resolved_replacements
from rules_engine.timeline.text_order import Numbered, Plan


def resolve(game: Game, res: Resolution, abilities: list[ParsedAbility]) -> Game:
    """A spell or ability resolves: its continuous effects begin now (CR 611.2), then its
    one-shot parts happen in the order written (608.2c), each through replacements."""
    # CR 601.2c: the targets of a text's paragraphs are chosen in the order of the text.
    places, unplaced = paragraphs.offsets(abilities)
    abilities = [paragraphs.shifted(a, k) for a, k in zip(abilities, places, strict=True)]
    specs: list[EffectSpec] = [spec for ability in abilities for spec in ability.effects]
    specs, orphans = earlier_subjects(specs, res)
    game = note_unmodelled(game, orphans)
    verify_resolution(game, res, abilities, specs)
    game, timestamp = stamp(game)
    if res.is_spell and any(a.keyword == "ascend" for a in abilities):
        game = ascend(game, spell_of=res.controller)  # CR 702.131b, before its text
    evaluation = compute(game)
    state = evaluation.chars
    world = World.of(game)
    verify_targetable(abilities, res, state, world)
    verify_copy_choice(abilities, specs, res, state, world)
    res = replace(res, legal_targets=legal_targets(abilities, res, state, world))
    specs = choose_instead(specs, res, state, world)
    verify_text_changes(specs, res)
    plan = Plan.of(specs, abilities, res, state, world)
    # "If you do, ..." with no part performed before it: nothing was done (CR 608.2c).
    plan = replace(plan, now=_as_done(plan.now, done=False))
    resolved = begin(game, res, plan.now, plan.count, timestamp, state, world)
    shields, rules, unread = resolved_replacements(res, abilities, timestamp, state, world)
    game = replace(
        game,
        resolved=game.resolved + tuple(resolved),
        shields=game.shields + shields,
        rules=game.rules + rules,
        next_order=game.next_order + 1,
    )
    game = _players_gain(game, res, abilities)
    hook = Entering(res.label)
    gaps = resolution_gaps(res.who, abilities, spell=res.is_spell)
    gaps += _paragraph_targets(res.who, unplaced)
    game = note_unmodelled(game, [*gaps, *unread])
    game, deferred = _perform_parts(game, res, abilities, plan, hook, timestamp)
    game = begin_later(game, res, deferred, plan.count, timestamp)
    return _begin_after_parts(game, res, plan, hook, timestamp)


def _players_gain(game: Game, res: Resolution, abilities: list[ParsedAbility]) -> Game:
    """ "You gain hexproof until end of turn": the players' part begins as the text
    resolves, with its other continuous effects (CR 611.2c, 613.10), and lasts to the end of
    the board (one turn)."""
    gained = tuple(
        PlayerAbility(player, grant.ability, res.source_name)
        for ability in abilities
        for grant in ability.player_grants
        for player in (game.players if grant.who == "each" else (res.controller,))
    )
    return replace(game, player_abilities=game.player_abilities + gained) if gained else game


def _paragraph_targets(who: str, unplaced: list[ParsedAbility]) -> list[NotModelled]:
    """CR 601.2c: a paragraph whose targets can't be placed after the earlier paragraphs'
    is named, not guessed."""
    why = (
        "its paragraphs each choose targets (CR 601.2c), and the engine can't tell which of "
        "the step's targets belongs to this one"
    )
    return [NotModelled(who, a.text, why) for a in unplaced]


def _perform_parts(
    game: Game,
    res: Resolution,
    abilities: list[ParsedAbility],
    plan: Plan,
    hook: Entering,
    timestamp: int,
) -> tuple[Game, tuple[Numbered, ...]]:
    """The one-shot parts in the order written (608.2c), each effect written before a part
    beginning just before it; returns the effects still to begin."""
    # CR 608.2h: an amount read from an object that has left by the time it's needed is
    # its last known information, as it was before this resolution's parts began.
    known = powers(game, abilities, res)
    deferred = plan.deferred
    done = False  # whether the part before changed the game ("If you do, ...", 608.2c)
    tally: int | None = None  # what the part before counted ("that much", "destroyed this way")
    # The parts in the order written (608.2c); k is a part's place among them.
    parts = [(ability, action) for ability in abilities for action in ability.actions]
    for k, (ability, written) in enumerate(parts):
        if written.if_done and not done:
            continue
        was_done, done = done, False
        if missing_target(written, res):
            continue  # the step names no target for it: the board didn't choose one
        action = _with_amount(game, ability, written, res, known, tally)
        if action is None:
            # Nothing the engine performed just before counted what "that much" is.
            game = note_unmodelled(game, [NotModelled(res.who, written.text, UNPERFORMED)])
            continue
        if action.only_if is not None and not holds_now(game, action.only_if, res):
            continue  # CR 608.2c: "If ..., <do this>" and it doesn't hold
        ready = tuple(item for item in deferred if plan.place.before(item[0], k))
        deferred = tuple(item for item in deferred if item not in ready)
        # "If you do, ..." / "Otherwise, ...": whether the part just before it did something.
        game = begin_later(game, res, _as_done(ready, was_done), plan.count, timestamp)
        before = game
        counting = tally_before(game, action, res)
        game = perform_instruction(game, action, res, hook)
        done = game is not before
        tally = tally_after(game, action, counting)
    return game, _as_done(deferred, done)


def _as_done(items: tuple[Numbered, ...], done: bool) -> tuple[Numbered, ...]:
    """The effects to begin, given whether the part just before them did something: one
    made "If you do" (``after_done``) only if it did, its "Otherwise" only if it didn't
    (CR 608.2c)."""
    return tuple(
        (n, replace(spec, after_done=None))
        for n, spec in items
        if spec.after_done is None or spec.after_done == done
    )


def _with_amount(
    game: Game,
    ability: ParsedAbility,
    action: OneShot,
    res: Resolution,
    known: dict[str, int],
    tally: int | None,
) -> OneShot | None:
    """The part with its amount as it happens (608.2h): colors spent (converge, 702.44a),
    "that much" the part before counted (None: nothing counted it), an object's power, or
    "for each ..." counted now."""
    if action.amount_of.startswith("greatest ") and action.per is not None:
        # "the greatest power among creatures you control" (608.2h): the most, not a count.
        stat = action.amount_of.removeprefix("greatest ")
        return replace(action, n=greatest(game, action.per, res, stat), per=None)
    if action.amount_of == "colors_spent":
        action = replace(action, n=res.choices.colors_spent)  # converge (702.44a)
    elif action.amount_of in ("that_much", "destroyed_this_way"):
        if tally is None:
            return None
        action = replace(action, n=action.n * tally if action.n else tally)
    elif action.amount_of:
        current = powers(game, [ability], res)
        action = replace(action, n=current.get(action.text, known.get(action.text, 0)))
    if action.per is not None:
        # "2 plus the number of ..." (Combustion Technique): the count, then the rest added.
        action = replace(action, n=action.n * how_many(game, action.per, res) + action.plus)
    return action


def _begin_after_parts(
    game: Game, res: Resolution, plan: Plan, hook: Entering, timestamp: int
) -> Game:
    """Effects that read what the parts did: the turn's record (608.2h), the tokens the
    resolution created, and the permanents the cards it returned became (CR 400.7)."""
    if plan.recorded:
        after = begin_now(game, res, plan.recorded, plan.count, timestamp)
        game = replace(game, resolved=game.resolved + tuple(after))
    if plan.created:
        created = tuple(
            label for label in hook.entered if (o := game.object(label)) and o.card.token
        )
        tokens = begin_now(game, res, plan.created, plan.count, timestamp, created)
        game = replace(game, resolved=game.resolved + tuple(tokens))
    for n, spec in plan.returning:
        entered = tuple(
            label
            for label in plan.cards[n]
            if label in hook.entered and (o := game.object(label)) and o.on_battlefield
        )
        begun = begin_now(game, res, [(n, spec)], plan.count, timestamp, entered)
        game = replace(game, resolved=game.resolved + tuple(b for b in begun if b.affected))
    return game
