"""What every kind of step reads or writes: the next timestamp, a new object, a
permanent the board names, a card's abilities, a permanent about to change zones."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.cards import CardDef
from rules_engine.characteristics import printed_abilities
from rules_engine.effects import CopyOf
from rules_engine.errors import BoardError
from rules_engine.game import CopySnapshot, Game, GameObject
from rules_engine.layers import compute
from rules_engine.oracle.parser import OracleParseError
from rules_engine.perform import chars_of
from rules_engine.replacement.events import ZoneMove


def add_object(game: Game, obj: GameObject) -> Game:
    """The object joins the game after every object already in it."""
    obj = replace(obj, order=game.next_order)
    return replace(game.with_object(obj), next_order=game.next_order + 1)


def stamp(game: Game) -> tuple[Game, int]:
    """The next timestamp (CR 613.7), taken."""
    return replace(game, next_timestamp=game.next_timestamp + 1), game.next_timestamp


def verify_abilities(card: CardDef, path: str) -> None:
    """Parse every ability now so a bad phrase is reported against the step."""
    try:
        printed_abilities(card.name, card.rules_text, card.is_spell_card)
    except OracleParseError as exc:
        index = next(
            (
                i
                for i, text in enumerate(card.rules_text)
                if exc.phrase in text or text in exc.phrase
            ),
            0,
        )
        field = "abilities" if card.inline else "oracle text"
        raise BoardError(
            f"{path}.{field}[{index}]" if card.inline else path, f"{field}: {exc}"
        ) from exc


def require_on_battlefield(game: Game, label: str, path: str) -> GameObject:
    """The permanent a step names, or the step is refused."""
    obj = game.object(label)
    if obj is None or obj.zone != "battlefield":
        where = (
            "is not an object" if obj is None else f"is in the {obj.zone}, not on the battlefield"
        )
        raise BoardError(path, f'"{label}" {where}')
    return obj


def copy_snapshot(
    game: Game, label: str, copy: CopyOf, path: str, *, card_in_graveyard: bool = False
) -> CopySnapshot:
    """CR 707.2: the copiable values (after layer 1 only) at the time the copy begins; a
    card in a graveyard where the ability copies one ("a copy of any land card in a
    graveyard", Echoing Deeps: its printed values, 707.2)."""
    obj = game.object(label)
    if not (card_in_graveyard and obj is not None and obj.zone == "graveyard"):
        require_on_battlefield(game, label, path)
    evaluation = compute(game, until="1b")
    return CopySnapshot(label, evaluation.chars[label], copy)


def zone_move(game: Game, label: str, to_zone: str) -> ZoneMove:
    """A permanent would move to another zone (from the battlefield)."""
    obj = game.object(label)
    assert obj is not None
    chars = chars_of(game).get(label)
    types = chars.types if chars is not None else obj.card.types
    return ZoneMove(
        label,
        to_zone,
        obj.zone,
        obj.owner,
        obj.card.token,
        "Creature" in types,
        (chars.controller if chars is not None else obj.controller),
        card_types=frozenset(types),
    )


def phased(game: Game, obj: GameObject, *, phased_out: bool) -> Game:
    """CR 702.26g: Auras, Equipment and Fortifications attached to a permanent that phases
    out phase out with it ("indirectly") and phase in along with it; phasing is no zone
    change (702.26b), so they stay attached."""
    game = game.with_object(replace(obj, phased_out=phased_out))
    hosts = [obj.label]
    while hosts:
        host = hosts.pop()
        for other in game.objects:
            attached = other.attached_to == host and other.zone == "battlefield"
            if attached and other.phased_out != phased_out:
                game = game.with_object(replace(other, phased_out=phased_out))
                hosts.append(other.label)
    return game
