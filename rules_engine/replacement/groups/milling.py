"""Milling as the part of a replacement or prevention effect (CR 701.17a, 615.5): the cards
a player mills, one move each from the top of their library, as events other effects may
replace (Rest in Peace exiles them instead, 614.1a)."""

from __future__ import annotations

from rules_engine.bounds import check_events
from rules_engine.replacement.events import ZoneMove
from rules_engine.replacement.state import EventState


def shown_card(board: EventState, label: str) -> str:
    """How a card outside the battlefield is named in results: by its label in a game, by
    its card name on an event board (``zone_cards`` holds whichever the answer uses)."""
    obj = board.game.object(label)
    if obj is None:
        return label
    named = {card for cards in board.zone_cards.values() for card in cards}
    by_label = any(o.label in named for o in board.game.objects)
    return label if by_label or not named else obj.card.name


def mill_moves(
    board: EventState, player: str, n: int, to_zone: str = "graveyard"
) -> list[ZoneMove]:
    """The top ``n`` cards of ``player``'s library put into their graveyard (701.17a); a card
    the board doesn't name is "a card from <player>'s library". A library of known size
    gives no more than it has (701.17b: a player mills as many as possible). ``to_zone``
    "exile": the same cards exiled from the top instead (Gloom Surgeon, 406.3)."""
    size = board.library_sizes.get(player)
    if size is not None:
        n = min(n, size)
    check_events(n, "cards milled")
    library = [o for o in board.game.objects if o.zone == "library" and o.owner == player]
    known = board.zone_cards.get((player, "library"), [])
    library = library[max(0, len(library) - len(known)) :]  # less those drawn or milled
    moves: list[ZoneMove] = []
    for i in range(n):
        if i < len(library):
            card = library[i].card
            moves.append(
                ZoneMove(
                    shown_card(board, library[i].label),
                    to_zone,
                    "library",
                    player,
                    creature="Creature" in card.types,
                    card_types=frozenset(card.types),
                )
            )
        else:
            moves.append(ZoneMove(f"a card from {player}'s library", to_zone, "library", player))
    return moves
