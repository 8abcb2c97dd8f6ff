"""Events, their results and the choices between them, in learners' words.

The one place the site words the replacement engine's typed events
(``rules_engine/replacement/events.py``) and choice tree (``tree.py``): what
would happen, what happens, who chooses and why. Objects are named by their
card names (with their label only when two share a name), effects by their
sources' card names: never the engine's effect ids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from rules_engine import (
    CANT_ENTER_SPELL,
    CANT_ENTER_STAYS,
    CANT_ENTER_TOKEN,
    ONLY_CARD,
    TIER_WORDS,
    CardOption,
    ChoiceNode,
    CreateTokens,
    Damage,
    DamageLoss,
    Decline,
    Destroy,
    Done,
    Draw,
    Draws,
    Enter,
    Event,
    GainLife,
    GainsUntilEndOfTurn,
    Happens,
    LookAndSort,
    LoseGame,
    LoseLife,
    Node,
    Nothing,
    Option,
    Prevented,
    PutCounters,
    Regenerate,
    RemoveDamage,
    ReturnFromGraveyard,
    Shown,
    Skip,
    StepHappens,
    StepName,
    Stopped,
    WinGame,
    ZoneMove,
    alongside_words,
    fold_draws,
    nodes,
    not_to_apply,
)
from tutor.boards.naming import learner_names

ZONES = {
    "graveyard": "its owner's graveyard",
    "exile": "exile",
    "hand": "its owner's hand",
    "library_top": "the top of its owner's library",
    "library_bottom": "the bottom of its owner's library",
    "library": "its owner's library (shuffled in)",
    "battlefield": "the battlefield",
    "stack": "the stack",
}
# Where a card comes from (a library is left from the top, not shuffled).
ORIGINS = {**ZONES, "library": "its owner's library"}
NOTHING = "nothing happens"

Namer = Callable[[str], str]


def namer(names: Mapping[str, str], controllers: Mapping[str, str] | None = None) -> Namer:
    """Labels to what a learner recognises: the card's name ("Grizzly Bears"); two that
    share a name are "Alice's/Bob's Grizzly Bears" or "the first/second Grizzly Bears"
    (``naming.learner_names``). Players, and cards the board only names (in a library, a
    graveyard), are named as they are."""
    shown = learner_names(names, controllers)

    def name(label: str) -> str:
        return shown.get(label) or label

    return name


def oracle(option: Option) -> str:
    """An effect's words as printed: "~" (the engine's stand-in for its source) is the
    source's card name, as on the card."""
    return option.text.replace("~", option.source_name or "this permanent")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _zone(zone: str) -> str:
    return ZONES.get(zone, zone or "elsewhere")


def _tokens(n: int, card_name: str) -> str:
    """ "2 Soldier tokens"; a token card already named "... Token" isn't a "Token token"."""
    noun = card_name if card_name.lower().endswith("token") else f"{card_name} token"
    return _count(n, noun)


def _entering(event: Enter, name: Namer) -> str:
    """The entering permanent: by its label's card name, else its card's (a new label such
    as the stepper's "entering", or a created token's "Soldier token 1", names nothing)."""
    shown = name(event.obj)
    return (event.card.name or shown) if shown == event.obj else shown


def _enter(event: Enter, name: Namer, verb: str) -> str:
    parts = [f"{_entering(event, name)} {verb} the battlefield"]
    if event.controller:
        parts.append(f"under {event.controller}'s control")
    if event.copy_of:
        parts.append(f"as a copy of {name(event.copy_of)}")
    if event.tapped:
        parts.append("tapped")
    counters = [(kind, n) for kind, n in event.counters if n > 0]
    if counters:
        parts.append("with " + ", ".join(_count(n, f"{kind} counter") for kind, n in counters))
    return " ".join(parts)


def _put_in_graveyard(event: ZoneMove, named: str, *, would: bool) -> str:
    """A permanent put into its owner's graveyard from the battlefield: a creature or
    planeswalker "dies" (CR 700.4's glossary word); a land or other permanent "is put into
    its owner's graveyard"; one sacrificed (701.21a) says so."""
    is_ = "would be" if would else "is"
    if event.creature_dies:
        dies = "die" if would else "dies"
        sacrificed = f"{is_} sacrificed and " if event.sacrificed else ("would " if would else "")
        return f"{named} {sacrificed}{dies}"
    if event.sacrificed:
        return f"{named} {is_} sacrificed (put into its owner's graveyard)"
    return f"{named} {is_} put into its owner's graveyard"


def _words(event: Shown, name: Namer, *, would: bool) -> str:
    """One event, as what would happen or as what happens; what only ever happens (a
    prevention, a regeneration, a skipped step...) reads the same either way."""

    def verb(would_text: str, does_text: str) -> str:
        return would_text if would else does_text

    match event:
        case Damage():
            kind = "combat damage" if event.combat else "damage"
            dealt = verb("would deal", "deals")
            text = f"{name(event.source)} {dealt} {event.amount} {kind} to {name(event.target)}"
            if event.life_floor is not None:
                text += f" (its player's life can't go below {event.life_floor})"
            return text
        case PutCounters():
            counters = _count(event.n, f"{event.kind} counter")
            return f"{name(event.on)} {verb('would get', 'gets')} {counters}"
        case Enter():
            return _enter(event, name, verb("would enter", "enters"))
        case ZoneMove() if event.dies:
            return _put_in_graveyard(event, name(event.obj), would=would)
        case ZoneMove():
            zone = _zone(event.to_zone)
            if would:
                origin = ORIGINS.get(event.from_zone, event.from_zone)
                away = f" from {origin}" if event.from_zone not in ("", "battlefield") else ""
                return f"{name(event.obj)} would go to {zone}{away}"
            instead = "" if event.to_zone == "graveyard" else " instead"
            down = " face down (406.3)" if event.face_down else ""
            return f"{name(event.obj)} goes to {zone}{down}{instead}"
        case Destroy():
            return f"{name(event.obj)} {verb('would be', 'is')} destroyed"
        case Regenerate():
            return f"{name(event.obj)} regenerates: tapped, removed from combat, damage gone"
        case RemoveDamage():
            # CR 702.89a (umbra armor): not regeneration, so not tapped.
            return f"all damage is removed from {name(event.obj)} (702.89a)"
        case Prevented():
            return f"{event.amount} damage to {name(event.target)} is prevented"
        case Draw():
            return f"{event.player} {verb('would draw', 'draws')} 1 card"
        case Draws():
            return f"{event.player} {verb('would draw', 'draws')} {_count(event.n, 'card')}"
        case GainLife():
            return f"{event.player} {verb('would gain', 'gains')} {event.amount} life"
        case LoseLife():
            lost = f"{event.player} {verb('would lose', 'loses')} {event.amount or 'no'} life"
            return f"{lost} from the damage" if event.from_damage else lost
        case DamageLoss():
            lost = verb("would lose", "loses")
            return f"{event.player} {lost} {event.amount} life from the damage"
        case CreateTokens():
            # One creation may make several kinds at once (an adder's "plus a Clue", 614.1a).
            tokens = " and ".join(_tokens(kind.n, kind.card.name) for kind in event.kinds())
            return f"{event.controller} {verb('would create', 'creates')} {tokens}"
        case StepHappens():
            return f"{event.player}'s {event.step} step {verb('would begin', 'takes place')}"
        case Skip():
            return f"{event.player}'s {event.step} step is skipped"
        case WinGame():
            return f"{event.player} wins the game"
        case LoseGame():
            return f"{event.player} loses the game"
        case ReturnFromGraveyard():
            return f"{event.player} returns a card from their graveyard to their hand instead"
        case GainsUntilEndOfTurn():
            # CR 614.6, 611.2c: a replacement's continuous part (Crackling Emergence).
            ability = event.ability.lower()
            return f"{name(event.obj)} gains {ability} until end of turn (611.2c)"
        case LookAndSort():
            return (
                f"{event.player} looks at the top {_count(event.look, 'card')}, "
                "puts one into their hand and the rest into their graveyard"
            )
        case Nothing():
            return NOTHING
    raise TypeError(f"no words for {event!r}")


def describe_event(event: Shown, name: Namer) -> str:
    """An event that would happen: asked, met by a replacement, or what one made of it."""
    return _words(event, name, would=True)


def describe_result(result: Shown, name: Namer) -> str:
    """What happens (a step of the walk, a path's end, an outcome)."""
    return _words(result, name, would=False)


def describe_asked(asked: Sequence[Sequence[Event]], name: Namer) -> str:
    """The event asked about, as the engine read it (``EventExploration.asked``): the events
    of a "sequence" one after the other, those of a "simultaneous" together, and a player's
    several draws as one."""
    return ", then ".join(
        "; ".join(describe_event(event, name) for event in fold_draws(group)) for group in asked
    )


def outcome_words(results: Iterable[Shown], name: Namer) -> str:
    """An outcome's results in one sentence ("nothing happens" when there are none)."""
    return "; ".join(describe_result(r, name) for r in results) or NOTHING


# --- Effects and choices ----------------------------------------------------------------


class EffectNames:
    """The effects of one choice tree by their sources' card names, never their ids.

    Two effects whose sources share a name are told apart by number ("Palisade Giant
    (2)"), in the order the tree meets them. An effect is known by its id (as in
    ``used`` and ``no_longer_applicable``) or the name the tree shows it by (as in
    ``candidates`` and paths); one the tree never offers is named after its source's label.
    """

    def __init__(self, tree: Node, name: Namer) -> None:
        self._name = name
        self._source: dict[str, str] = {}  # an id or shown name -> its source's name
        self._shown: dict[str, str] = {}  # an id -> the name the tree shows it by
        # Each source's name -> the distinct effects (shown names) that have it, in order.
        self._effects: dict[str, list[str]] = {}
        self._routes: dict[tuple[str, ...], tuple[str, ...]] = {}
        for node in nodes(tree):
            if isinstance(node, ChoiceNode):
                for eid, shown, source in zip(
                    node.ids or node.candidates, node.candidates, node.sources, strict=False
                ):
                    self._learn(eid, shown, self._named(eid.split("#", 1)[0], source))
                for option in node.options:
                    if isinstance(option, Option):
                        source = self._named(option.source, option.source_name)
                        self._learn(option.apply, option.apply, source)
        self._walk_routes(tree)

    def _named(self, label: str, card: str) -> str:
        """A source by its learner's name when the board labels it: "the second Palisade
        Giant" or "Bob's Notion Thief" where two share a name, else its card's name."""
        shown = self._name(label) if label else label
        return shown if shown and shown != label else card

    def _learn(self, eid: str, shown: str, source: str) -> None:
        self._shown.setdefault(eid, shown)
        if not source:
            return
        self._source.setdefault(eid, source)
        self._source.setdefault(shown, source)
        effects = self._effects.setdefault(source, [])
        if shown not in effects:
            effects.append(shown)

    def __call__(self, eid: str, source: str = "") -> str:
        """The effect ``eid`` (from ``source``, when the tree says which)."""
        shown = self._shown.get(eid, eid)
        # What the tree taught (the learner's name of a labelled source) comes first.
        source = self._source.get(eid) or self._source.get(shown) or source
        if not source:
            return self._name(eid.split("#", 1)[0])
        effects = self._effects.get(source, [])
        if len(effects) > 1 and shown in effects:
            return f"{source} ({effects.index(shown) + 1})"
        return source

    def option(self, option: Option | Decline | CardOption) -> str:
        """One choice as the chooser reads it: the effect applied, declined, or the card."""
        match option:
            case Option():
                applied = self(option.apply, option.source_name)
                if option.prevent is None:
                    return applied
                return f"{applied}, preventing {option.prevent}"
            case Decline():
                return not_to_apply(self(option.declines))
            case CardOption():
                return option.choose or ONLY_CARD
        raise TypeError(f"no words for {option!r}")

    def _walk_routes(self, tree: Node) -> None:
        """Each path of choices (as outcomes list them) with the words of its choices."""
        nothing: tuple[str, ...] = ()
        stack = [(tree, nothing, nothing)]
        while stack:
            current, steps, words = stack.pop()
            if isinstance(current, Done):
                self._routes.setdefault(steps, words)
            elif isinstance(current, Happens | Stopped):
                stack.append((current.then, steps, words))
            elif isinstance(current, ChoiceNode):
                for option in reversed(current.options):
                    if isinstance(option, Decline):  # declining adds nothing to the path
                        stack.append((option.then, steps, words))
                        continue
                    limit = None if option.prevent is None else str(option.prevent)
                    step = StepName(option.apply, limit).text()
                    stack.append((option.then, (*steps, step), (*words, self.option(option))))
            else:
                for card in reversed(current.options):
                    if not card.choose:  # a single card: no choice in the path
                        stack.append((card.then, steps, words))
                        continue
                    choice = (f"choose:{card.choose}",)
                    stack.append((card.then, steps + choice, (*words, f"choose {card.choose}")))

    def path(self, path: Sequence[str]) -> tuple[str, ...]:
        """A path of choices (an outcome's ``paths``) in words, one per choice."""
        found = self._routes.get(tuple(path))
        if found is not None:
            return found
        words = []
        for step in path:
            if step.startswith("choose:"):
                words.append(f"choose {step.removeprefix('choose:')}")
                continue
            named = StepName.from_text(step)
            shown = self(named.effect)
            words.append(f"{shown}, preventing {named.limit}" if named.limit else shown)
        return tuple(words)


def explain_choice(node: ChoiceNode, effects: EffectNames, name: Namer = str) -> str:
    """Who chooses among the applicable effects, and which of them may be chosen (616.1),
    and the damage dealt beside this damage that they counted (510.2)."""
    sources = dict(zip(node.candidates, node.sources, strict=False))

    def named(shown: str) -> str:
        return effects(shown, sources.get(shown, ""))

    text = (
        f"{node.chooser} chooses, as the player affected or the controller of the object "
        f"affected (616.1). Applicable now: {', '.join(named(c) for c in node.candidates)}."
    )
    if node.rule in TIER_WORDS:
        forced = ", ".join(named(f) for f in node.forced)
        text += f" {forced} is {TIER_WORDS[node.rule]} ({node.rule})."
    elif len(node.candidates) > 1:
        text += " None must go first, so any of them may be chosen (616.1e)."
    else:
        text += " It is the only one, so it applies (616.1e)."
    optional = [named(o.declines) for o in node.options if isinstance(o, Decline)]
    if optional:
        text += (
            f' {", ".join(optional)} says "you may", so {node.chooser} may also leave it'
            " unapplied, and then it doesn't apply to this event."
        )
    if node.used:
        used = ", ".join(dict.fromkeys(effects(u) for u in node.used))
        text += f" Already applied to this event, so not again: {used} (614.5)."
    return text + alongside_words(node.event, node.alongside, name)


def forced(node: ChoiceNode, effects: EffectNames) -> tuple[str, ...]:
    """The effects that must be applied first (616.1a-d), by name."""
    sources = dict(zip(node.candidates, node.sources, strict=False))
    return tuple(effects(f, sources.get(f, "")) for f in node.forced)


def stopped_by(node: Stopped, name: Namer, effects: EffectNames) -> str:
    """The "can't" effect that stops an event, by its source's name."""
    return name(node.source) if node.source else effects(node.effect)


def explain_stopped(node: Stopped, name: Namer, effects: EffectNames) -> str:
    """CR 614.17: why an event a "can't" effect forbids isn't replaced either (614.7)."""
    entering = ""
    if isinstance(node.event, Enter):
        # What becomes of it: a spell's card goes to its owner's graveyard (608.3b).
        spell = isinstance(node.then, Happens | ChoiceNode) and isinstance(
            node.then.event, ZoneMove
        )
        entering = CANT_ENTER_SPELL if spell else CANT_ENTER_STAYS
        if node.event.token:
            entering = CANT_ENTER_TOKEN
    return (
        f"{stopped_by(node, name, effects)} says this can't happen, so it doesn't, and no "
        f"replacement effect applies to an event that doesn't happen (614.17, 614.7).{entering}"
    )
