"""One-shot actions on cards outside the battlefield: mill, surveil, discard (CR 701), and
populate's choice of a token, as events the replacement machinery sees (CR 614).

A library the board lists is read top first; cards it doesn't list (a library given as a
number, or not given at all) are unknown cards: one milled or discarded becomes an object
with no name or card type in its new zone, so counts of cards there stay right while
nothing is claimed about what the card was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules_engine.bounds import check_events
from rules_engine.cards import CardDef
from rules_engine.errors import BoardError
from rules_engine.game import Game, GameObject
from rules_engine.replacement.events import CreateTokens, Enter, Event, ZoneMove, card_move

UNKNOWN_CARD = "a card the board doesn't list"


def _unknown(game: Game, player: str, zone: str) -> tuple[Game, str]:
    """A card of ``player``'s the board doesn't list becomes an object (in ``zone``)."""
    # Labelled like the board's own zone cards, so the answer lists it only if asked.
    k = sum(1 for o in game.objects if o.label.startswith(f"{player}.{zone}[unknown"))
    label = f"{player}.{zone}[unknown {k + 1}]"
    obj = GameObject(label, CardDef(name=UNKNOWN_CARD), player, player, zone, 0, game.next_order)
    return replace(game.with_object(obj), next_order=game.next_order + 1), label


def top_of_library(game: Game, player: str, n: int) -> tuple[Game, list[str]]:
    """The top ``n`` cards of a library (fewer if it has fewer, CR 701.17b), top first; the
    unknown cards below the listed ones become objects as they are needed."""
    check_events(n, "cards from the top of a library")  # each becomes an object
    listed = [o.label for o in game.objects if o.zone == "library" and o.owner == player]
    found = listed[:n]
    sizes = dict(game.library_sizes)
    unknown = sizes.get(player)
    while len(found) < n and (unknown is None or unknown > 0):
        game, label = _unknown(game, player, "library")
        found.append(label)
        if unknown is not None:
            unknown -= 1
            sizes[player] = unknown
    return replace(game, library_sizes=tuple(sizes.items())), found


def _to_graveyard(game: Game, label: str, from_zone: str) -> ZoneMove:
    obj = game.object(label)
    assert obj is not None
    return card_move(label, obj.card, obj.owner, "graveyard", from_zone)


def mill(game: Game, players: list[str], n: int) -> tuple[Game, list[Event]]:
    """CR 701.17a: each player puts the top ``n`` cards of their library into their
    graveyard."""
    events: list[Event] = []
    for player in players:
        game, top = top_of_library(game, player, n)
        events += [_to_graveyard(game, label, "library") for label in top]
    return game, events


def _to_exile(game: Game, label: str, from_zone: str) -> ZoneMove:
    obj = game.object(label)
    assert obj is not None
    creature = "Creature" in obj.card.types
    types = frozenset(obj.card.types)
    return ZoneMove(
        label, "exile", from_zone, obj.owner, False, creature, obj.owner, card_types=types
    )


def exile_top(game: Game, players: list[str], n: int) -> tuple[Game, list[Event]]:
    """CR 406.3: each player's top ``n`` library cards into exile (fewer if there are fewer;
    unknown cards for those the board doesn't list)."""
    events: list[Event] = []
    for player in players:
        game, top = top_of_library(game, player, n)
        events += [_to_exile(game, label, "library") for label in top]
    return game, events


def exile_graveyard(game: Game, players: list[str]) -> list[Event]:
    """CR 406.3: every card in each player's graveyard into exile, all at once."""
    return [
        _to_exile(game, o.label, "graveyard")
        for player in players
        for o in game.objects
        if o.zone == "graveyard" and o.owner == player
    ]


def surveil(
    game: Game, player: str, n: int, chosen: tuple[str, ...], path: str
) -> tuple[Game, list[Event]]:
    """CR 701.25a: the player looks at the top ``n`` cards and puts any number of them into
    their graveyard (the step's ``choices.graveyard``), the rest back on top in the same
    order (the default when none is named: every card kept)."""
    listed = [o.label for o in game.objects if o.zone == "library" and o.owner == player]
    looked = listed[:n]
    for i, label in enumerate(chosen):
        if label not in looked:
            raise BoardError(
                f"{path}.choices.graveyard[{i}]",
                f"{label} is not among the top {n} cards of {player}'s library "
                f"({', '.join(looked) or 'none listed'})",
            )
    return game, [_to_graveyard(game, label, "library") for label in looked if label in chosen]


def discard(
    game: Game,
    player: str,
    n: int,
    chosen: tuple[str, ...],
    path: str,
    fits: Callable[[str], bool] | None = None,
) -> tuple[Game, list[Event]]:
    """CR 701.9a-b: the player discards ``n`` cards of their choice (the step's
    ``choices.discard``; by default the first cards of the hand as the board lists it, then
    cards it doesn't list); ``fits``: only a card the text allows ("that card" after "You
    choose a nonland card from it"), and then only a card the board lists."""
    where = f"{path}.choices.discard"
    game, picked = _picked(game, player, "hand", n, chosen, where, fits)
    return game, [_to_graveyard(game, label, "hand") for label in picked]


def exile_own(
    game: Game, player: str, zone: str, n: int, chosen: tuple[str, ...], path: str
) -> tuple[Game, list[Event]]:
    """ "Target opponent exiles two cards from their hand": the player chooses them (the
    step's ``choices.exile``; by default the first cards the board lists there)."""
    game, picked = _picked(game, player, zone, n, chosen, f"{path}.choices.exile")
    events: list[Event] = []
    for label in picked:
        obj = game.object(label)
        assert obj is not None
        events.append(
            ZoneMove(
                label,
                "exile",
                zone,
                obj.owner,
                False,
                False,
                obj.owner,
                card_types=frozenset(obj.card.types),
            )
        )
    return game, events


def _picked(
    game: Game,
    player: str,
    zone: str,
    n: int,
    chosen: tuple[str, ...],
    path: str,
    fits: Callable[[str], bool] | None = None,
) -> tuple[Game, list[str]]:
    """The ``n`` cards of ``player``'s in ``zone`` the step chose, or the first listed."""
    there = [
        o.label
        for o in game.objects
        if o.zone == zone and o.owner == player and (fits is None or fits(o.label))
    ]
    for i, label in enumerate(chosen):
        obj = game.object(label)
        if obj is None or obj.zone != zone:
            raise BoardError(f"{path}[{i}]", f"{label} is not a card in a {zone}")
        if fits is not None and obj.owner == player and not fits(label):
            raise BoardError(f"{path}[{i}]", f"{label} is not a card the text lets be chosen")
    if fits is not None:
        return game, [label for label in chosen if label in there][:n] or there[:n]
    mine = [label for label in chosen if label in there]
    if chosen and not mine and there:
        return game, []  # the cards named are another player's
    picked = (mine or there)[:n] if chosen else there[:n]
    counted = dict(game.hand_sizes).get(player) if zone == "hand" else None
    if counted is not None:
        # A hand given as a number: cards beyond those listed are unknown ones.
        while len(picked) < min(n, counted):
            game, label = _unknown(game, player, "hand")  # already counted in the hand
            picked.append(label)
    return game, picked


def search(
    game: Game,
    player: str,
    n: int,
    fits: Callable[[str], bool],
    chosen: str | None,
    to_hand: bool,
    graveyard: bool = False,
) -> tuple[Game, list[str], bool]:
    """CR 701.23a: the cards ``player`` finds in their library: the one the step chose
    (``choices.chosen``) or the first listed that fit; then, into a hand, cards the board
    doesn't list, each an unknown card (as a draw takes one, CR 121.2), taking the search
    as finding what it asks for. A card put onto the battlefield must be one the board lists
    (an unknown card has no characteristics to enter with): the flag says some were wanted
    and none could be. The library is shuffled after (701.24a). ``graveyard``: "your library
    and/or graveyard" (one card): a listed graveyard card that fits is taken (the step's
    ``choices.chosen`` may name a library card instead), and then only the graveyard was
    searched, so the library isn't shuffled."""
    if graveyard:
        yard = [
            o.label
            for o in game.objects
            if o.zone == "graveyard" and o.owner == player and fits(o.label)
        ]
        if yard and (chosen is None or chosen in yard):
            return game, [chosen if chosen is not None else yard[0]], False
    listed = [
        o.label for o in game.objects if o.zone == "library" and o.owner == player and fits(o.label)
    ]
    if chosen is not None and chosen in listed:
        listed = [chosen] + [x for x in listed if x != chosen]
    found = listed[:n]
    sizes = dict(game.library_sizes)
    unknown = sizes.get(player)
    missing = len(found) < n and (unknown is None or unknown > 0)
    while to_hand and len(found) < n and (unknown is None or unknown > 0):
        game, label = _unknown(game, player, "library")
        found.append(label)
        if unknown is not None:
            unknown -= 1
            sizes[player] = unknown
    game = replace(game, library_sizes=tuple(sizes.items()), shuffled=game.shuffled | {player})
    return game, found, missing and not to_hand


def populate_source(tokens: list[str], chosen: str | None, path: str) -> str | None:
    """CR 701.36a: the creature token you control the step chose (``choices.chosen``), or
    the first of them to enter when it names none."""
    if chosen is not None:
        if chosen not in tokens:
            raise BoardError(
                f"{path}.choices.chosen", f"{chosen} is not a creature token you control"
            )
        return chosen
    return tokens[0] if tokens else None


def populate(game: Game, label: str, controller: str) -> CreateTokens:
    from rules_engine.effects import CopyOf

    obj = game.object(label)
    assert obj is not None
    return CreateTokens(
        replace(obj.card, token=True), 1, controller, copy_of=label, copy=CopyOf(source="target")
    )


def manifest_dread(
    game: Game, player: str, chosen: str | None, path: str
) -> tuple[Game, list[Event]]:
    """CR 701.62a: the player looks at the top two cards of their library, manifests one
    (701.40a: onto the battlefield face down, a 2/2 creature with no name, text, subtypes or
    mana cost, 708.2) and puts the other into their graveyard. The one manifested is the
    step's ``choices.chosen`` (by default the top card); a card the board doesn't list is an
    unknown card, face down all the same."""
    game, top = top_of_library(game, player, 2)
    if not top:
        return game, []
    if chosen is not None and chosen not in top:
        raise BoardError(
            f"{path}.choices.chosen",
            f"{chosen} is not among the top two cards of {player}'s library ({', '.join(top)})",
        )
    manifested = chosen or top[0]
    obj = game.object(manifested)
    assert obj is not None
    events: list[Event] = [Enter(manifested, obj.card, player, face_down=True)]
    return game, events + [_to_graveyard(game, x, "library") for x in top if x != manifested]
