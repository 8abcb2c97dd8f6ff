"""Events that would happen, and what actually happens (CR 614-616).

An event is a frozen value; a replacement turns it into other events
(CR 614.6), so "what happens" is simply the list of events left when no
replacement applies any more. The same classes therefore describe both the
question ("2 damage would be dealt") and the answer ("4 damage is dealt").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, assert_never

from rules_engine.cards import CardDef


@dataclass(frozen=True, slots=True)
class Damage:
    amount: int
    source: str
    target: str
    combat: bool = False
    life_floor: int | None = None  # Worship: the damage reduces life to this at most
    # Deification: the damage leaves a planeswalker this many loyalty counters at least
    # (CR 120.3c, 614.1a).
    loyalty_floor: int | None = None


@dataclass(frozen=True, slots=True)
class StepHappens:
    """A step, phase or turn that happens (the opposite of ``Skip``)."""

    step: str
    player: str


@dataclass(frozen=True, slots=True)
class Prevented:
    amount: int
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Destroy:
    obj: str
    # "It can't be regenerated" (CR 701.19c): regeneration shields don't apply.
    regenerable: bool = True


@dataclass(frozen=True, slots=True)
class Regenerate:
    obj: str


@dataclass(frozen=True, slots=True)
class RemoveDamage:
    """All damage marked on a permanent is removed (CR 702.89a umbra armor: "instead remove
    all damage from it"), and with it the mark a deathtouch source left (704.5h). Not
    regeneration: it isn't tapped or removed from combat (the umbra armor rulings)."""

    obj: str


@dataclass(frozen=True, slots=True)
class ZoneMove:
    """A card or token would go from one zone to another (dies = battlefield to graveyard)."""

    obj: str
    to_zone: str
    from_zone: str = "battlefield"
    owner: str = ""
    token: bool = False
    creature: bool = False
    controller: str = ""
    implicit: bool = False  # contained in a destruction; shown only if something replaces it
    madness: bool = False  # a card with madness being discarded (702.35a): exiled instead
    card_types: frozenset[str] = frozenset()  # for "a creature card would be put into ..."
    # A card that never reached the battlefield (Lotus Vale put into its owner's graveyard
    # instead of entering, CR 614.1c): the card, so it can be put there.
    card: CardDef | None = None
    # Counters put on the card as it arrives, (kind, how many): an exile replacement's "with
    # an ice counter on it" (CR 614.1a, 122.1).
    with_counters: tuple[str, int] | None = None
    # Exiled face down (CR 406.3: "exile the top card of your library face down", Asmodeus
    # the Archfiend): its characteristics are hidden there.
    face_down: bool = False
    # The permanent whose ability exiles it, which its linked abilities name ("cards exiled
    # with Asmodeus", CR 607.2a).
    exiled_with: str = ""
    # Sacrificed (CR 701.21a): as a permanent would enter (Lotus Vale, devour), so a learner
    # reads "is sacrificed", not "dies", for a land.
    sacrificed: bool = False

    @property
    def dies(self) -> bool:
        # CR 700.4: "dies" is any permanent put into a graveyard from the battlefield.
        return self.from_zone == "battlefield" and self.to_zone == "graveyard"

    @property
    def creature_dies(self) -> bool:
        """The glossary's "dies" (CR 700.4): a creature or planeswalker put into a graveyard
        from the battlefield; cards say "is put into a graveyard" for other permanents."""
        return self.dies and (self.creature or "Planeswalker" in self.card_types)


def card_move(
    label: str, card: CardDef, owner: str, to_zone: str, from_zone: str, *, discarded: bool = True
) -> ZoneMove:
    """A card that isn't on the battlefield moving between zones (a graveyard card exiled, a
    card discarded or milled): its owner's, with its printed types; discarded to a graveyard,
    a card with madness is exiled instead (CR 702.35a). ``discarded=False``: a card put from
    a hand into a graveyard some other way."""
    madness = (
        discarded
        and (from_zone, to_zone) == ("hand", "graveyard")
        and any(t.lower().startswith("madness") for t in card.rules_text)
    )
    return ZoneMove(
        label,
        to_zone,
        from_zone,
        owner,
        card.token,
        "Creature" in card.types,
        owner,
        madness=madness,
        card_types=frozenset(card.types),
    )


@dataclass(frozen=True, slots=True)
class Draw:
    """One card drawn (CR 121.2: drawing several is several draws)."""

    player: str
    first_in_draw_step: bool = False


@dataclass(frozen=True, slots=True)
class GainLife:
    player: str
    amount: int


@dataclass(frozen=True, slots=True)
class DamageLoss:
    """Not shown: the life a damaged player would lose, to tell whether effects changed it."""

    player: str
    amount: int


@dataclass(frozen=True, slots=True)
class LoseLife:
    player: str
    amount: int
    # The life a player loses because damage was dealt to them (CR 120.3a), a result of the
    # damage that life-loss replacements can change (Bloodletter of Aclazotz, 120.4b).
    from_damage: bool = False


@dataclass(frozen=True, slots=True)
class CreateTokens:
    """One creation of tokens (CR 111.2). Its first kind is ``card`` times ``n``; ``also``
    holds the other kinds created in the same event: an adder's "those tokens plus a Clue
    token" (CR 614.1a) changes the event into one that creates both, so a second
    replacement applies to that whole event once (614.5, 616.1f), never once per kind."""

    card: CardDef
    n: int
    controller: str
    # "A token that's a copy of ..." (CR 707.2, 111.10): the object copied and the
    # exceptions (a ``CopyOf``), applied as each token enters.
    copy_of: str | None = None
    copy: Any = None
    also: tuple[CreateTokens, ...] = ()

    def kinds(self) -> tuple[CreateTokens, ...]:
        """Each kind of token this event creates, as a one-kind event, in order."""
        own = CreateTokens(self.card, self.n, self.controller, self.copy_of, self.copy)
        return (own, *self.also) if self.also else (self,)

    @property
    def total(self) -> int:
        """How many tokens the whole event creates ("that many", Chatterfang)."""
        return sum(kind.n for kind in self.kinds())


def tokens_event(kinds: Sequence[CreateTokens]) -> CreateTokens:
    """The one creation event making all these kinds (they share its controller, 111.2)."""
    first, *rest = kinds
    return replace(first, also=tuple(rest))


@dataclass(frozen=True, slots=True)
class PutCounters:
    """Counters put on (``n`` > 0), or removed (``n`` < 0: a Phantom's "remove a +1/+1
    counter", the additional part of its prevention, CR 615.5)."""

    kind: str
    on: str
    n: int
    cost: bool = False
    # A removal made once for all the damage dealt at the same time (the simultaneous
    # damage's batch; Phantom Centaur's ruling): the explorer removes only one.
    batch: int | None = None
    # "Remove a +1/+1 counter" as a prevention's additional part: one for all the damage
    # dealt at once (Phantom rulings); "remove that many" is made for each damage event.
    once: bool = False
    # Who puts them (CR 122.6; Vorinclex's "if you would put"): the resolving spell's or
    # ability's controller, the damage source's controller for wither and infect (120.3);
    # None when the board doesn't say (then the permanent's controller, or the player).
    by: str | None = None


@dataclass(frozen=True, slots=True)
class Enter:
    """A permanent would enter the battlefield, and how (CR 614.1c-d, 614.12)."""

    obj: str
    card: CardDef
    controller: str
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    copy_of: str | None = None
    token: bool = False
    extra_types: tuple[str, ...] = ()
    choices: Any = None
    # The card's own copy effect with its exceptions ("except it isn't legendary", CR 707.9);
    # None for a copy made by another effect (Essence of the Wild).
    copy: Any = None
    x: int = 0  # the X it was cast with ("enters with X +1/+1 counters on it")
    face_down: bool = False  # a face-down 2/2 with no abilities as it enters (CR 708.2)
    # Abilities it gains as it enters (riot's haste, CR 702.136a): an effect of the
    # replacement, from its timestamp.
    extra_abilities: tuple[str, ...] = ()
    # "As ~ enters, it becomes your choice of a 3/3 artifact creature, ..." (Primal Clay): the
    # form chosen, a change of its copiable values (CR 614.12, 707.2, 208.2b) as a ``CopyOf``
    # of its own printed values with the chosen exceptions.
    form: Any = None
    # CR 614.1c: put onto the battlefield tapped by the instruction itself ("put it onto the
    # battlefield tapped"), not by a replacement: "enter untapped" doesn't change that
    # (Spelunking ruling, 2023-11-10).
    put_tapped: bool = False


@dataclass(frozen=True, slots=True)
class Skip:
    step: str
    player: str


@dataclass(frozen=True, slots=True)
class WinGame:
    player: str


@dataclass(frozen=True, slots=True)
class LoseGame:
    player: str


@dataclass(frozen=True, slots=True)
class Nothing:
    """The event was replaced by nothing at all."""


@dataclass(frozen=True, slots=True)
class ReturnFromGraveyard:
    """A card from a graveyard goes to its owner's hand (616.2's example)."""

    player: str


@dataclass(frozen=True, slots=True)
class LookAndSort:
    """Underrealm Lich's replacement: look at the top three, one to hand, rest to graveyard."""

    player: str
    look: int = 3


@dataclass(frozen=True, slots=True)
class GainsUntilEndOfTurn:
    """A permanent gains an ability until end of turn as part of what replaces an event
    (CR 614.6, 611.2: "instead sacrifice this Aura and that land gains indestructible until
    end of turn", Crackling Emergence)."""

    obj: str
    ability: str
    # The effect's source (the Aura sacrificed), its name and controller: the continuous
    # effect is theirs, with the timestamp of when it begins (613.7a).
    source: str = ""
    source_name: str = ""
    controller: str = ""


Event = (
    Damage
    | Prevented
    | Destroy
    | Regenerate
    | RemoveDamage
    | ZoneMove
    | Draw
    | GainLife
    | LoseLife
    | DamageLoss
    | CreateTokens
    | PutCounters
    | Enter
    | Skip
    | StepHappens
    | WinGame
    | LoseGame
    | Nothing
    | LookAndSort
    | ReturnFromGraveyard
    | GainsUntilEndOfTurn
)


def affected_party(event: Event, controller_of: Callable[[str], str | None]) -> str | None:
    """CR 616.1: whose event it is (the affected object's controller, or the player)."""
    match event:
        case Damage():
            return controller_of(event.target)
        case Destroy() | Regenerate() | RemoveDamage() | GainsUntilEndOfTurn():
            return controller_of(event.obj)
        case ZoneMove():
            return event.controller or event.owner or controller_of(event.obj)
        case (
            Draw()
            | GainLife()
            | LoseLife()
            | LookAndSort()
            | ReturnFromGraveyard()
            | Skip()
            | StepHappens()
            | WinGame()
            | LoseGame()
        ):
            return event.player
        case CreateTokens() | Enter():
            return event.controller
        case PutCounters():
            return controller_of(event.on)
        case Prevented() | DamageLoss() | Nothing():
            return None
        case _:
            assert_never(event)


def result_json(event: Event) -> dict[str, Any]:
    """The board format's vocabulary for what happens (tests/boards/README.md)."""
    match event:
        case Damage():
            data: dict[str, Any] = {"damage": event.amount, "from": event.source}
            data["to"] = event.target
            if event.combat:
                data["combat"] = True
            if event.life_floor is not None:
                data["life_becomes_at_least"] = event.life_floor
            if event.loyalty_floor is not None:
                data["loyalty_becomes_at_least"] = event.loyalty_floor
            return data
        case StepHappens():
            return {"step": event.step, "player": event.player}
        case Prevented():
            return {"prevented": event.amount, "to": event.target}
        case Destroy():
            return {"destroy": event.obj}
        case Regenerate():
            return {"regenerate": event.obj}
        case RemoveDamage():
            return {"remove_damage": event.obj}
        case ZoneMove():
            if event.dies:
                return {"die": event.obj}
            moved: dict[str, object] = {"leave": event.obj, "to": event.to_zone}
            if event.with_counters:
                moved["with_counters"] = list(event.with_counters)
            if event.face_down:
                moved["face_down"] = True
            return moved
        case Draw():
            return {"draw": 1, "player": event.player}
        case GainLife():
            return {"gain_life": event.amount, "player": event.player}
        case LoseLife():
            return {"lose_life": event.amount, "player": event.player}
        case CreateTokens():
            data = {"create_tokens": event.card.name, "n": event.n, "controller": event.controller}
            if event.also:
                data["also"] = [result_json(kind) for kind in event.also]
            return data
        case PutCounters():
            if event.n < 0:
                return {"remove_counters": event.kind, "from": event.on, "n": -event.n}
            return {"counters": event.kind, "on": event.on, "n": event.n}
        case Enter():
            return _enter_json(event)
        case Skip():
            return {"skip": event.step, "player": event.player}
        case WinGame():
            return {"win_game": event.player}
        case LoseGame():
            return {"lose_game": event.player}
        case ReturnFromGraveyard():
            return {"return_from_graveyard": 1, "player": event.player}
        case GainsUntilEndOfTurn():
            return {"gains": event.ability, "on": event.obj, "until": "end of turn"}
        case LookAndSort():
            return {
                "look_at_top": event.look,
                "player": event.player,
                "one_to_hand_rest_to_graveyard": True,
            }
        case DamageLoss() | Nothing():
            return {"nothing": True}
        case _:
            assert_never(event)


def _enter_json(event: Enter) -> dict[str, Any]:
    data: dict[str, Any] = {"enter": event.obj, "controller": event.controller}
    if event.tapped:
        data["tapped"] = True
    counters = {kind: n for kind, n in event.counters if n > 0}
    if counters:
        data["counters"] = counters
    if event.copy_of:
        data["copy_of"] = event.copy_of
    return data
