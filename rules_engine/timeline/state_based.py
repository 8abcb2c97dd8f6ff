"""State-based actions performed after each step (CR 704.3), their events going through
replacement effects (Rest in Peace, regeneration)."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.errors import BoardError
from rules_engine.game import Game
from rules_engine.perform import add_counters, chars_of, perform
from rules_engine.replacement.events import (
    Destroy,
    Event,
    LoseGame,
    Regenerate,
    RemoveDamage,
)
from rules_engine.replacement.explore import Pending
from rules_engine.sba import StateBasedAction, state_based_actions
from rules_engine.timeline.common import zone_move
from rules_engine.timeline.entering import Entering

# CR 704.3: state-based actions are checked again until none happen; a board whose
# actions keep producing more is refused rather than looped on.
MAX_SBA_ROUNDS = 20

Checks = tuple[tuple[StateBasedAction, ...], ...]


def _sba_event(game: Game, action: StateBasedAction) -> Event | None:
    if action.action == "destroyed":
        return Destroy(action.object)  # 704.5g, 704.5h: destroyed (regeneration applies)
    if action.action in ("dies", "to_graveyard", "legend_rule", "world_rule", "sacrificed"):
        # 704.5f, 704.5i, 704.5j, 704.5k, 704.5m: put into the graveyard, not destroyed;
        # 714.4: a Saga sacrificed (701.21a).
        return zone_move(game, action.object, "graveyard")
    if action.action == "loses":
        return LoseGame(action.object)
    return None


# Actions that put a permanent into its owner's graveyard (704.5f-704.5m), which a
# replacement effect may change (regeneration, 701.19a; Rest in Peace, 614.1a).
_TO_GRAVEYARD = ("destroyed", "dies", "to_graveyard", "legend_rule", "world_rule", "sacrificed")


def as_it_happened(
    action: StateBasedAction, game: Game, results: tuple[Event, ...]
) -> StateBasedAction:
    """The action as the game shows it after its events went through replacement effects:
    a regenerated creature stays (CR 701.19a, 614.8), one exiled instead of going to the
    graveyard was exiled (614.1a, 614.6)."""
    obj = game.object(action.object)
    if action.action not in _TO_GRAVEYARD or obj is None or obj.zone == "graveyard":
        return action
    if obj.on_battlefield:
        if Regenerate(action.object) in results:
            why = f"{action.reason}, but it was regenerated instead (CR 701.19a, 614.8)"
            return replace(action, action="regenerated", reason=why)
        if RemoveDamage(action.object) in results:
            why = (
                f"{action.reason}, but umbra armor removed its damage and destroyed the Aura "
                "instead (CR 702.89a)"
            )
            return replace(action, action="stays", reason=why)
        why = f"{action.reason}, but a replacement effect kept it on the battlefield (CR 614.6)"
        return replace(action, action="stays", reason=why)
    where = "exile" if obj.zone == "exile" else f"its owner's {obj.zone}"
    why = f"{action.reason}; it was put into {where} instead of the graveyard (CR 614.6)"
    if action.action == "destroyed":
        return replace(action, reason=why)  # destroyed all the same (701.8a)
    return replace(action, action=f"put into {where}", reason=why)


def _perform_check(game: Game, actions: list[StateBasedAction]) -> tuple[Game, tuple[Event, ...]]:
    """One check's actions, all at once (CR 704.3): counters and attachments changed
    directly, the rest as events through replacement effects (what happened returned)."""
    events: list[Event] = []
    for action in actions:
        if action.action == "counters_removed":
            obj = game.object(action.object)
            assert obj is not None
            n = min(obj.counter_count("+1/+1"), obj.counter_count("-1/-1"))
            game = add_counters(game, action.object, "+1/+1", -n)
            game = add_counters(game, action.object, "-1/-1", -n)
        elif action.action == "unattached":
            obj = game.object(action.object)
            assert obj is not None
            game = game.with_object(replace(obj, attached_to=None, host_left=None))
        else:
            event = _sba_event(game, action)
            if event is not None:
                events.append(event)
    if not events:
        return game, ()
    done = perform(
        game,
        [Pending(e, batch=0 if len(events) > 1 else None) for e in events],
        enter=Entering("sba"),
    )
    return done.game, done.results


def check_state(game: Game, where: str = "steps") -> tuple[Game, Checks]:
    """Perform state-based actions until none apply (CR 704.3), all of one check at once;
    their events go through replacement effects (Rest in Peace, regeneration). Returns
    the actions of each check in turn."""
    performed: list[tuple[StateBasedAction, ...]] = []
    for _ in range(MAX_SBA_ROUNDS):
        actions = state_based_actions(game, chars_of(game))
        actions = [a for a in actions if (a.object, a.action) not in _done(game)]
        if not actions:
            return game, tuple(performed)
        game, results = _perform_check(game, actions)
        actions = [as_it_happened(a, game, results) for a in actions]
        # Platinum Angel: a loss a "can't" effect stopped didn't happen (614.17). The check
        # is made again after anything else happened (704.3: the Angel may be gone now).
        lost = {player for player, verdict in game.verdicts if verdict == "lost"}
        stopped = {a.object for a in actions if a.action == "loses" and a.object not in lost}
        performed.append(
            tuple(
                replace(
                    a, action="doesn't lose", reason=f"{a.reason}, but they can't lose the game"
                )
                if a.action == "loses" and a.object in stopped
                else a
                for a in actions
            )
        )
        if all(a.action == "loses" and a.object in stopped for a in actions):
            return game, tuple(performed)  # nothing else happened: nothing more will
    raise BoardError(where, "state-based actions keep happening; simplify the board (CR 704.3)")


def _done(game: Game) -> set[tuple[str, str]]:
    """A player who has lost has lost once (CR 104.3)."""
    return {(player, "loses") for player, verdict in game.verdicts if verdict == "lost"}
