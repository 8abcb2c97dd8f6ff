"""Who an effect applies to, as its text says (CR 611.2c, 611.3a): the ``Filter`` an object
must match and the ``Subject`` the sentence names. Values only, with no game state; the tests a
filter makes are compiled by ``rules_engine/filters.py``."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from rules_engine.filters import Check


Zone = Literal[
    "battlefield", "graveyard", "hand", "library", "exile", "stack", "outside", "anywhere"
]


@dataclass(frozen=True, slots=True)
class Filter:
    """A conjunction of tests on one object's current characteristics."""

    types: frozenset[str] = frozenset()
    not_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    not_subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    not_supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()  # has at least one of these
    not_colors: frozenset[str] = frozenset()
    colorless: bool | None = None
    multicolored: bool | None = None
    controller: (
        Literal["you", "opponent", "not_you", "target_player", "enchanted_player", "chosen_player"]
        | None
    ) = None  # chosen_player: the player chosen as it entered (Canker Abomination, 614.12)
    player_slot: int = 0  # which target is "target player" when controller is target_player
    # "affected_controller": "in its controller's graveyard", the affected object's controller
    owner: Literal["you", "opponent", "chosen_player", "affected_controller"] | None = None
    zone: Zone = "battlefield"
    other: bool = False
    with_any_ability: frozenset[str] = frozenset()
    without_abilities: frozenset[str] = frozenset()
    power: tuple[str, int] | None = None
    toughness: tuple[str, int] | None = None
    mana_value: tuple[str, int] | None = None
    token: bool | None = None
    tapped: bool | None = None
    attacking: bool | None = None
    # "Creatures attacking you" / "attacking your opponents" / "attacking enchanted player":
    # whom it attacks (CR 506.3, 508.1b). Boards have no combat in progress, so no creature is
    # attacking anyone and the filter matches nothing, as ``attacking`` alone does.
    attacking_whom: str | None = None
    shares_creature_type_with_affected: bool = False
    chosen_type: bool = False
    # "Creatures that aren't of the chosen type" (Crippling Fear): not of the creature type
    # chosen as it resolved (CR 608.2d) or entered (614.12), the step's choices.creature_type.
    not_chosen_type: bool = False
    chosen_color: bool = False
    # "The chosen creature" (Tyrannical Pitlord), "the chosen permanent" (Scheming Fence):
    # the permanent chosen as the source entered (CR 614.12, 607.2), its choices.chosen.
    chosen_object: bool = False
    # "Lands with the chosen name" (Petrified Hamlet): named the card name chosen as the
    # source entered (CR 614.12, 201.2), its choices.card_name.
    chosen_name: bool = False
    name: str | None = None
    named_as_source: bool = False  # "named ~": the source's own name
    # "that don't have the same name as ~" (Marvin, Murderous Mimic): the source's name now
    # (CR 201.2); an object with no name (a face-down one, 708.2a) doesn't share it.
    not_named_as_source: bool = False
    face_down: bool | None = None  # "face-down creatures" (CR 708.2)
    commander: bool | None = None  # "commander creatures", "your commander" (CR 903.3)
    no_abilities: bool = False  # "creatures with no abilities" (CR 113.1)
    no_counters: bool = False  # "creatures with no counters on them" (CR 122.1)
    adventure: bool = False  # "creature you control that has an Adventure" (CR 715.2a)
    blocking: bool | None = None
    enchanted: bool | None = None  # "enchanted creatures", "that are enchanted"
    # "that are enchanted by Auras you control" (Archon of the Wild Rose): an Aura the
    # effect's controller controls is attached to it (CR 303.4, 301.5).
    enchanted_by_you: bool = False
    equipped: bool | None = None
    # CR 700.9: "modified creatures": a counter on it, equipped, or enchanted by an Aura
    # its controller controls.
    modified: bool | None = None
    # Has at least one of these subtypes: "outlaws" (CR 700.12: Assassin, Mercenary, Pirate,
    # Rogue and/or Warlock).
    any_subtypes: frozenset[str] = frozenset()
    historic: bool = False  # CR 700.6: an artifact, a legendary or a Saga
    counters: tuple[str | None, int] | None = None  # "with a +1/+1 counter on it" (kind, at least)
    attached_to_affected: bool = False  # "for each Aura attached to it"
    same_name_as_affected: bool = False  # "with the same name as that creature" (Mirror Box)
    attached_to_source: bool = False  # "for each Equipment attached to ~" (Armament Master)
    attached_to_creature: bool = False  # "Aura you control that's attached to a creature"
    # "attached to a creature you control" (Bride's Gown): that creature's controller is the
    # effect's controller.
    attached_to_yours: bool = False
    enchanted_or_equipped: bool = False
    not_source: bool = False  # "other than ~"
    shares_creature_type_with_source: bool = False  # "that shares a creature type with ~"
    # "each other creature that shares a color with it" / "all other creatures with the same
    # name as that creature" after "target creature and": ("color" or "name", target slot).
    like_target: tuple[Literal["color", "name"], int] | None = None
    # "a creature dealt damage this way" / "dealt damage by ~ this turn": the effect's source
    # dealt it damage this turn (the turn's record, ``TurnRecord.damage_dealt``).
    dealt_damage_by_source: bool = False
    # "a stickered permanent": it has one or more stickers on it (CR 123.4).
    stickered: bool | None = None
    # "a transformed permanent" (Oculus Whelp): a transforming double-faced card with its
    # back face up (CR 712.8e; not a token, not a copy, not a modal card's back face).
    transformed: bool | None = None
    # "Creatures you control that entered this turn" (Deathleaper, Terror Weapon), "any
    # permanent that entered this turn" (Sakashima's Protege): by the turn's record of
    # permanents that entered (CR 603.6a; a new object each time, 400.7).
    entered_this_turn: bool = False
    # "Each creature you control that you've put one or more +1/+1 counters on this turn"
    # (Kid Loki): counters of this kind the effect's controller put on it this turn (CR
    # 122.6, also as it entered, 122.6a; a new object has none, 400.7).
    counters_put_by_you: str | None = None
    # "Each creature you control with a mana ability" (Raggadragga): CR 605.1a.
    with_mana_ability: bool = False
    # "cards exiled with ~", "the exiled card": in exile, linked to the effect's source
    # (CR 607.2a; a new object is linked to nothing, 406.6).
    exiled_with_source: bool = False
    # "that creature" of Animate Dead's leaves trigger: the creature it put onto the
    # battlefield and attached itself to (CR 607.2a).
    put_with_source: bool = False
    # "If that creature was cast for its warp cost" (Full Bore): the permanent entered as a
    # spell cast for its warp cost (CR 702.185a), its step's choices.warp.
    warped: bool = False
    # The compiled tests (filters.compile_filter), cached on the value itself; never copied
    # by ``replace`` (a filter changed from one compiled before, such as a paragraph's target
    # numbers moved along, CR 601.2c, is compiled again: a filter read once is shared).
    compiled: tuple[Check, ...] | None = field(
        default=None, init=False, compare=False, hash=False, repr=False
    )

    def __getstate__(self) -> list[object]:
        """Pickled (an answer sent from a worker process to the site) without the compiled
        tests: they are closures, and are compiled again on first use."""
        return [None if f.name == "compiled" else getattr(self, f.name) for f in fields(self)]


# "paired": the source and the creature it is paired with ("both creatures", CR 702.95);
# "created": the tokens the resolving spell or ability creates ("That token has haste").
# "earlier": "those creatures" in a later paragraph of a resolving text (Break of Day's
# fateful hour): the objects the effect before it, in an earlier paragraph, applies to; the
# resolution gives it that effect's subject (``timeline.resolve_checks.earlier_subjects``).
# "chosen": "it" after "Put two +1/+1 counters on up to one creature." (Gix's Command): the
# one of the objects its filters name that was chosen as the spell resolved (CR 608.2d: the
# step's ``choices.chosen``, by default the first), not all of them.
# "last": "the last creature card exiled with it" (Duplicant): of the cards its filters name
# (exiled with the source, CR 607.2a), the one exiled last (``GameObject.exiled_at``).
# "left_host": "that card" after "When enchanted creature dies" (Unholy Indenture): the card
# the source was attached to as that card left the battlefield, wherever it went (CR 603.10a:
# the ability looks back; 400.7: the card the dying creature became).
SubjectKind = Literal[
    "left_host",
    "chosen",
    "last",
    "filter",
    "self",
    "attached",
    "targets",
    "antecedent",
    "players",
    "paired",
    "created",
    "earlier",
]


@dataclass(frozen=True, slots=True)
class Subject:
    """Who an effect applies to, as the text says it (CR 611.2c, 611.3a)."""

    kind: SubjectKind
    filters: tuple[Filter, ...] = ()
    target_slots: tuple[int, ...] = ()
    words: str = ""
    include_self: bool = False  # "~ and other Elves you control"
    up_to: bool = False  # "up to two target creatures"
