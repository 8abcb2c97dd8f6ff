"""Reading a board (`mtg-board/1`, docs/board-format.md) into typed steps.

Every fault is reported with its JSON path and, where it helps, what would
have been accepted: ``steps[3].targets[0]: no object labelled "ogre2"
(labels so far: ogre, anthem)``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules_engine.board_deeds import (
    CAST_CHOICE_KEYS,
    attack_counts,
    cast_facts,
    check_class_level,
    counters_put_on,
)
from rules_engine.board_turn import read_designations, read_this_turn
from rules_engine.bounds import (
    LARGEST_LIFE,
    MAX_AMOUNT,
    MAX_STEPS,
    MAX_TYPED_TEXT,
    MAX_X,
    check_texts,
    whole_number,
)
from rules_engine.cards import CardDef, card_from_json
from rules_engine.effects import LAYERS
from rules_engine.errors import BoardError, UnknownLabel
from rules_engine.mana_paid import mana_by_color
from rules_engine.steps import (
    ActivateStep,
    AttachStep,
    CastStep,
    Choices,
    CountersStep,
    DamageStep,
    Designations,
    EndStep,
    EnterStep,
    FaceStep,
    LeaveStep,
    PhaseStep,
    Step,
    TurnRecord,
)
from rules_engine.vocabulary import (
    BASIC_LAND_TYPES,
    CARD_TYPES,
    COLOR_LETTERS,
    subtype_category,
)

__all__ = ["Ask", "Board", "Choices", "FORMAT", "Step", "parse_board"]

FORMAT = "mtg-board/1"
# Layerlab extension: "stack" holds the spells waiting on the stack as the board begins, each
# controlled (and owned) by the player it is listed under; a spell that counters one moves it
# to its owner's graveyard (CR 701.6a).
ZONES = ("graveyard", "hand", "library", "exile", "stack")
LEAVE_ZONES = ("graveyard", "hand", "library", "library_top", "library_bottom", "exile")
MAX_COPIES = 24
_LARGEST_X = "the largest X a board may use"
_MOST_COUNTERS = "the most counters one step may put or remove"
_MOST_DAMAGE = "the most damage one step may deal"
# Tokens created by a step are labelled "<step label>.token<k>" (docs/board-format-extensions.md).
_TOKEN_LABEL = re.compile(r"(?P<step>.+)\.token(?P<k>[1-9]\d*)")


@dataclass(frozen=True, slots=True)
class Ask:
    kind: str  # characteristics | order | depends | event
    obj: str | None = None
    layer: str | None = None
    effects: tuple[str, ...] = ()
    event: Any = None


@dataclass(frozen=True, slots=True)
class Board:
    players: tuple[str, ...]
    active: str
    life: dict[str, int]
    zones: dict[str, dict[str, tuple[CardDef, ...] | int]]
    steps: tuple[Step, ...]
    ask: Ask | None
    title: str = ""
    notes: str = ""
    raw: dict[str, Any] = field(default_factory=dict)
    this_turn: TurnRecord = TurnRecord()
    city_blessing: frozenset[str] = frozenset()  # Layerlab extension (CR 702.131)
    # Layerlab extension: each player's starting life total (CR 103.4: 20 unless the
    # variant says otherwise, e.g. 40 in Commander, 903.7); absent players start at 20.
    starting_life: dict[str, int] = field(default_factory=dict)
    # Layerlab extension: the monarch, the initiative, day or night, dungeons completed.
    designations: Designations = Designations()


_STEP_KEYS: dict[str, set[str]] = {
    "enter": {
        "enter",
        "as",
        "controller",
        "owner",
        "tapped",
        "face_down",
        "commander",
        "renowned",
        "solved",
        "ring_bearer",
        "earlier_turn",
        "dealt_damage",
        "attacked_this_turn",
        "attacks_this_game",
        "attacked_a_battle_this_turn",
        "counters_put_this_turn",
        "stickered",
        "exiled_with",
        "attach",
        "choices",
        "x",
        "replacements",
    },
    "cast": {"cast", "as", "controller", "targets", "x", "choices", "replacements"},
    "activate": {"activate", "ability", "as", "x", "targets", "choices", "replacements"},
    "attach": {"attach", "to"},
    "counters": {"counters", "on", "n", "replacements", "by"},
    "damage": {"damage", "on", "from", "combat", "replacements"},
    "leave": {"leave", "to", "replacements"},
    "end": {"end"},
    "turn_face_up": {"turn_face_up", "attach"},
    "turn_face_down": {"turn_face_down"},
    "phase_out": {"phase_out"},
    "phase_in": {"phase_in"},
}


def _modes(value: Any, path: str) -> tuple[int, ...]:
    """Layerlab extension: the modes of a spell that chooses several (CR 700.2), in order."""
    if not isinstance(value, list):
        raise BoardError(path, "a list of mode numbers, in the order chosen ([0, 0, 2])")
    return tuple(
        whole_number(m, f"{path}[{i}]", least=0, most=MAX_X, what="the largest mode")
        for i, m in enumerate(value)
    )


def _divided(value: Any, path: str) -> tuple[int, ...]:
    """Layerlab extension: "divided as you choose" (CR 601.2d), one amount per target."""
    if not isinstance(value, list):
        raise BoardError(path, "a list of whole numbers, one for each target in order ([2, 1])")
    return tuple(
        whole_number(v, f"{path}[{i}]", least=1, most=MAX_AMOUNT, what="the most one target gets")
        for i, v in enumerate(value)
    )


def _require_str(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BoardError(path, "must be a non-empty string")
    return value


def _require_int(value: Any, path: str, minimum: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BoardError(path, "must be a whole number")
    if minimum is not None and value < minimum:
        raise BoardError(path, f"must be at least {minimum}")
    return value


# The keys a step's "choices" may have.
_CHOICE_KEYS = frozenset(
    {"color", "creature_type", "land_type", "planeswalker_type", "copy", "from", "to", "kicked"}
    | {"mode"}
    | {"modes", "player", "colors_spent", "pair", "tribute", "revealed", "riot"}
    | {"colors", "players", "option", "card_type", "card_name", "chosen"}
    | {"cast_from_hand", "escaped", "devour", "mana_spent", "mana_colors", "main_phase"}
    | {"mana_by_color", "cast_with", "class_level", "rolls"}
    | {"sacrificed", "divided", "sacrifice_as_enters", "remove_counters"}
    | {"graveyard", "discard", "exile", "proliferate", "ring_bearer", "paid"}
    | CAST_CHOICE_KEYS
)


# How a permanent came to be face down (Layerlab extension of ``face_down``): each is a
# 2/2 with no name, text, subtypes or mana cost (CR 708.2); disguise and cloak add ward {2}
# (702.168a, 701.58a). The value: does it have ward {2}?
FACE_DOWN_WAYS = {"morph": False, "manifest": False, "disguise": True, "cloak": True}


def _face_down(value: Any, path: str) -> tuple[bool, bool]:
    """``face_down``: ``true``, or how it became face down. (Is it face down, has it ward?)"""
    if isinstance(value, bool):
        return value, False
    if isinstance(value, str) and value in FACE_DOWN_WAYS:
        return True, FACE_DOWN_WAYS[value]
    ways = ", ".join(f'"{way}"' for way in FACE_DOWN_WAYS)
    raise BoardError(path, f"must be true, false or how it was turned face down: {ways}")


def _chosen_type(value: dict[str, Any], path: str) -> str | None:
    """The creature type or basic land type chosen (checking the words "from" and "to"
    with them)."""
    for key in ("creature_type", "land_type", "from", "to"):
        if key in value:
            _require_str(value[key], f"{path}.{key}")
    chosen = value.get("creature_type")
    if chosen is not None and subtype_category(chosen) != "Creature":
        raise BoardError(f"{path}.creature_type", f"{chosen} is not a creature type")
    if "land_type" in value:
        # Layerlab extension: "choose a basic land type" (Convincing Mirage, CR 305.7).
        if chosen is not None:
            raise BoardError(f"{path}.land_type", "choose a creature type or a land type")
        if value["land_type"] not in BASIC_LAND_TYPES:
            raise BoardError(
                f"{path}.land_type", f"a basic land type, one of {', '.join(BASIC_LAND_TYPES)}"
            )
        chosen = value["land_type"]
    if "planeswalker_type" in value:
        # Layerlab extension: "choose a planeswalker type" (Deification, CR 205.3j, 614.12).
        kind = _require_str(value["planeswalker_type"], f"{path}.planeswalker_type")
        if chosen is not None or subtype_category(kind) != "Planeswalker":
            raise BoardError(f"{path}.planeswalker_type", f"{kind} is not a planeswalker type")
        chosen = kind
    return chosen


def _how_it_was_cast(value: dict[str, Any], path: str) -> tuple[bool, int, bool, int]:
    """Tribute paid, cards revealed, riot's choice (haste?) and colors of mana spent."""
    tribute = value.get("tribute", False)
    if not isinstance(tribute, bool):
        raise BoardError(f"{path}.tribute", "must be true or false")
    revealed = _require_int(value.get("revealed", 0), f"{path}.revealed", 0)
    if revealed > 60:
        raise BoardError(f"{path}.revealed", "at most 60 cards")
    riot = value.get("riot", "counter")
    if riot not in ("counter", "haste"):
        raise BoardError(f"{path}.riot", '"counter" or "haste"')
    colors_spent = value.get("colors_spent", 0)
    colors_spent = _require_int(colors_spent, f"{path}.colors_spent", 0)
    if colors_spent > 5:
        raise BoardError(f"{path}.colors_spent", "a number of colors, 0 to 5")
    return tribute, revealed, riot == "haste", colors_spent


class _Reader:
    """Walks the JSON once, tracking labels so later steps can refer to them."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.labels: list[str] = []
        self.players: tuple[str, ...] = ()

    def known(self) -> str:
        return ", ".join(self.labels) if self.labels else "none yet"

    def label_ref(self, value: Any, path: str, *, players: bool = False) -> str:
        name = _require_str(value, path)
        if name in self.labels or (players and name in self.players):
            return name
        made = _TOKEN_LABEL.fullmatch(name)
        if made is not None and made["step"] in self.labels:
            return name  # a token a step creates: "<step label>.token<k>" (may not exist)
        what = "object or player" if players else "object"
        raise UnknownLabel(
            path, f'no {what} labelled "{name}" (labels so far: {self.known()})', name
        )

    def new_label(self, value: Any, path: str) -> str:
        name = _require_str(value, path)
        if name in self.labels:
            raise BoardError(path, f'the label "{name}" is already used by an earlier step')
        if name in self.players:
            raise BoardError(path, f'"{name}" is a player\'s name; pick another label')
        self.labels.append(name)
        return name

    def player(self, value: Any, path: str) -> str:
        name = _require_str(value, path)
        if name not in self.players:
            raise BoardError(path, f'"{name}" is not a player (players: {", ".join(self.players)})')
        return name

    def choices(self, value: Any, path: str) -> Choices:
        if value is None:
            return Choices()
        if not isinstance(value, dict):
            raise BoardError(path, "must be an object")
        for key in value:
            if key not in _CHOICE_KEYS:
                raise BoardError(
                    f"{path}.{key}", f"unknown choice (known: {', '.join(sorted(_CHOICE_KEYS))})"
                )
        color = value.get("color")
        if color is not None and color not in COLOR_LETTERS:
            raise BoardError(f"{path}.color", f"a color letter, one of {' '.join(COLOR_LETTERS)}")
        copy = value.get("copy", ())
        if isinstance(copy, str):
            copy = [copy]
        if not isinstance(copy, (list, tuple)):
            raise BoardError(f"{path}.copy", "the label of the object to copy")
        copies = tuple(self.label_ref(c, f"{path}.copy[{i}]") for i, c in enumerate(copy))
        mode = value.get("mode")
        if mode is not None:
            mode = whole_number(mode, f"{path}.mode", least=0, most=MAX_X, what="the largest mode")
        player = value.get("player")
        if player is not None:
            player = self.player(player, f"{path}.player")
        chosen = _chosen_type(value, path)
        kicked, kickers = self._kicked(value.get("kicked", False), f"{path}.kicked")
        tribute, revealed, riot_haste, colors_spent = _how_it_was_cast(value, path)
        return Choices(
            color=color,
            creature_type=chosen,
            copy=copies,
            from_word=value.get("from"),
            to_word=value.get("to"),
            kicked=bool(kicked),
            mode=mode,
            modes=_modes(value.get("modes", []), f"{path}.modes"),
            player=player,
            times_kicked=int(kicked),
            colors_spent=colors_spent,
            tribute=tribute,
            revealed=revealed,
            riot_haste=riot_haste,
            pair=self.label_ref(value["pair"], f"{path}.pair") if "pair" in value else None,
            ring_bearer=self.label_ref(value["ring_bearer"], f"{path}.ring_bearer")
            if "ring_bearer" in value
            else None,
            kickers=kickers,
            devour=self._devoured(value.get("devour", ()), f"{path}.devour")
            or self._devoured(value.get("sacrifice_as_enters", ()), f"{path}.sacrifice_as_enters"),
            remove_counters=self._removed_from(
                value.get("remove_counters", ()), f"{path}.remove_counters"
            ),
            mana_spent=whole_number(
                value.get("mana_spent", 0),
                f"{path}.mana_spent",
                least=0,
                most=MAX_X,
                what="the most mana a board may spend on one spell",
            ),
            mana_colors=_mana_colors(value.get("mana_colors", []), f"{path}.mana_colors"),
            main_phase=_require_bool(value.get("main_phase", False), f"{path}.main_phase"),
            mana_by_color=mana_by_color(value.get("mana_by_color", {}), f"{path}.mana_by_color"),
            cast_with=(
                self.label_ref(value["cast_with"], f"{path}.cast_with")
                if "cast_with" in value
                else None
            ),
            paid=_require_bool(value.get("paid", False), f"{path}.paid"),
            sacrificed=(
                self.label_ref(value["sacrificed"], f"{path}.sacrificed")
                if "sacrificed" in value
                else None
            ),
            divided=_divided(value.get("divided", []), f"{path}.divided"),
            **self._entering_choices(value, path),
            **cast_facts(value, path),
        )

    def _kicked(self, kicked: Any, path: str) -> tuple[int, tuple[str, ...]]:
        """Whether (or how many times) it was kicked, and the kicker costs paid."""
        kickers: tuple[str, ...] = ()
        if isinstance(kicked, (str, list)):
            # Layerlab extension: the kicker costs paid, for a card with two kickers
            # ("kicked with its {1}{U} kicker", CR 702.33d).
            kickers = self._kickers(kicked, path)
            kicked = len(kickers)
        elif not isinstance(kicked, bool):
            # Layerlab extension: a number is how many times it was kicked (multikicker).
            kicked = _require_int(kicked, path, 0)
            if kicked > 20:
                raise BoardError(path, "at most 20 times")
        return kicked, kickers

    def _devoured(self, value: Any, path: str) -> tuple[str, ...]:
        """Layerlab extension: the creatures sacrificed to devour (CR 702.82a), by label."""
        if not isinstance(value, (list, tuple)):
            raise BoardError(path, 'a list of the labels of the creatures sacrificed ("["elf"]")')
        labels = tuple(self.label_ref(v, f"{path}[{i}]") for i, v in enumerate(value))
        if len(set(labels)) != len(labels):
            raise BoardError(path, "each creature can be sacrificed only once")
        return labels

    def _removed_from(self, value: Any, path: str) -> tuple[str, ...]:
        """Layerlab extension: the permanents whose counters are removed as a permanent
        enters ("remove all counters from any number of ...", CR 614.1c), by label."""
        if not isinstance(value, (list, tuple)) or len(set(map(str, value))) != len(value):
            raise BoardError(path, 'a list of labels of permanents, each once ("["bears"]")')
        return tuple(self.label_ref(v, f"{path}[{i}]") for i, v in enumerate(value))

    def labels_list(self, value: Any, path: str) -> tuple[str, ...]:
        """Layerlab extension: cards in exile exiled with a permanent (CR 607.2a), by label."""
        if not isinstance(value, list) or len(set(map(str, value))) != len(value):
            raise BoardError(
                path, 'a list of labels of cards in exile, each once ("["Bob.exile[0]"]")'
            )
        return tuple(self.label_ref(v, f"{path}[{i}]") for i, v in enumerate(value))

    def _proliferated(self, value: Any, path: str) -> tuple[str, ...]:
        """Layerlab extension: what proliferate chooses (CR 701.34a), permanents by label and
        players by name."""
        if not isinstance(value, list):
            raise BoardError(path, 'a list of labels and player names ("["bear", "Bob"]")')
        return tuple(self.label_ref(v, f"{path}[{i}]", players=True) for i, v in enumerate(value))

    @staticmethod
    def _kickers(value: Any, path: str) -> tuple[str, ...]:
        costs = [value] if isinstance(value, str) else value
        if not costs or not all(
            isinstance(c, str) and re.fullmatch(r"(?:\{[^}]+\})+", c) for c in costs
        ):
            raise BoardError(path, 'true, a number of times, or the kicker costs paid ("{1}{U}")')
        return tuple(costs)

    def _entering_choices(self, value: dict[str, Any], path: str) -> dict[str, Any]:
        """Layerlab extension: the answers to "As ~ enters, choose ..." beyond one color or
        creature type (CR 614.12): two colors, two players, a word offered, a card type, a
        card name, another permanent."""
        found: dict[str, Any] = {}
        if "colors" in value:
            colors = value["colors"]
            if not isinstance(colors, list) or not all(c in COLOR_LETTERS for c in colors):
                raise BoardError(
                    f"{path}.colors", f"a list of color letters, from {' '.join(COLOR_LETTERS)}"
                )
            found["colors"] = tuple(colors)
        if "players" in value:
            players = value["players"]
            if not isinstance(players, list):
                raise BoardError(f"{path}.players", "a list of player names")
            found["players"] = tuple(
                self.player(p, f"{path}.players[{i}]") for i, p in enumerate(players)
            )
        for key in ("option", "card_name"):
            if key in value:
                found[key] = _require_str(value[key], f"{path}.{key}")
        if "card_type" in value:
            kind = _require_str(value["card_type"], f"{path}.card_type").capitalize()
            if kind not in CARD_TYPES:
                raise BoardError(
                    f"{path}.card_type", f"a card type, one of {', '.join(CARD_TYPES)}"
                )
            found["card_type"] = kind
        if "chosen" in value:
            found["chosen"] = self.label_ref(value["chosen"], f"{path}.chosen")
        if "class_level" in value:  # CR 716.2a, 716.2d (checked against the card on entering)
            found["class_level"] = _require_int(value["class_level"], f"{path}.class_level", 1)
        if "proliferate" in value:
            found["proliferate"] = self._proliferated(value["proliferate"], f"{path}.proliferate")
        for key in ("graveyard", "discard", "exile"):
            # Layerlab extension: the cards surveil puts into the graveyard (CR 701.25a), the
            # cards a player discards (701.9b) or exiles from a hand or graveyard, by their
            # zone labels.
            if key in value:
                cards = value[key]
                if not isinstance(cards, list):
                    raise BoardError(f"{path}.{key}", 'a list of card labels ("Alice.hand[0]")')
                found[key] = tuple(
                    self.label_ref(c, f"{path}.{key}[{i}]") for i, c in enumerate(cards)
                )
        if "cast_from_hand" in value:
            if not isinstance(value["cast_from_hand"], bool):
                raise BoardError(f"{path}.cast_from_hand", "must be true or false")
            found["cast_from_hand"] = value["cast_from_hand"]
        if "rolls" in value:
            # Layerlab extension: the dice rolled as it entered (CR 706.1, 614.12), each
            # result a whole number from 1 (checked against the die by the card's text).
            rolls = value["rolls"]
            if not isinstance(rolls, list) or not all(
                isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 20 for r in rolls
            ):
                raise BoardError(f"{path}.rolls", "a list of die results, each 1 to 20")
            found["rolls"] = tuple(rolls)
        if "escaped" in value:
            # Layerlab extension: it was cast with escape (CR 702.138b), for "escapes with".
            found["escaped"] = _require_bool(value["escaped"], f"{path}.escaped")
        return found

    def targets(self, value: Any, path: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            raise BoardError(path, "must be a list of labels or player names")
        return tuple(self.label_ref(t, f"{path}[{i}]", players=True) for i, t in enumerate(value))

    def replacements(self, value: Any, path: str) -> tuple[str, ...] | None:
        """Layerlab extension: the order the affected player applies replacement effects
        to this step's event (CR 616.1), as effect names; absent, the default order."""
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise BoardError(path, "a list of effect names, in the order they are applied")
        return tuple(value)

    def step(self, index: int, raw: Any) -> Step:
        path = f"steps[{index}]"
        if not isinstance(raw, dict):
            raise BoardError(path, "each step is an object with one verb key")
        verbs = [k for k in raw if k in _STEP_KEYS]
        if "enter" in verbs:
            verbs = ["enter"]  # "attach" is also a field of "enter"
        elif "turn_face_up" in verbs:
            verbs = ["turn_face_up"]  # and of "turn_face_up" (Gift of Doom, CR 614.1e)
        if len(verbs) != 1:
            raise BoardError(path, f"needs exactly one verb ({', '.join(_STEP_KEYS)})")
        verb = verbs[0]
        for key in raw:
            if key not in _STEP_KEYS[verb]:
                allowed = ", ".join(sorted(_STEP_KEYS[verb] - {verb}))
                raise BoardError(f"{path}.{key}", f'not a field of "{verb}" (fields: {allowed})')
        x = raw.get("x")
        if x is not None:
            x = whole_number(x, f"{path}.x", least=0, most=MAX_X, what=_LARGEST_X)
        order = self.replacements(raw.get("replacements"), f"{path}.replacements")
        return _STEP_READERS[verb](self, _StepInput(index, raw, path, verb, x, order))

    def _enter_step(self, s: _StepInput) -> Step:
        raw, path = s.raw, s.path
        card = card_from_json(raw["enter"], f"{path}.enter")
        controller = self.player(raw.get("controller", self.players[0]), f"{path}.controller")
        owner = self.player(raw.get("owner", controller), f"{path}.owner")
        attach = raw.get("attach")
        attach = self.label_ref(attach, f"{path}.attach", players=True) if attach else None
        choices = self.choices(raw.get("choices"), f"{path}.choices")
        check_class_level(card, choices.class_level, f"{path}.choices.class_level")
        face_down, face_down_ward = _face_down(raw.get("face_down", False), f"{path}.face_down")
        for flag in (
            "tapped",
            "commander",
            "renowned",
            "solved",
            "ring_bearer",
            "earlier_turn",
            "dealt_damage",
            "attacked_a_battle_this_turn",
            "stickered",
        ):
            if not isinstance(raw.get(flag, False), bool):
                raise BoardError(f"{path}.{flag}", "must be true or false")
        label = self.new_label(raw.get("as", f"{card.name}#{s.index}"), f"{path}.as")
        attacks = attack_counts(raw, path)
        return EnterStep(
            s.index,
            label,
            card,
            controller,
            owner,
            tapped=raw.get("tapped", False),
            face_down=face_down,
            face_down_ward=face_down_ward,
            commander=raw.get("commander", False),
            renowned=raw.get("renowned", False),
            solved=raw.get("solved", False),
            ring_bearer=raw.get("ring_bearer", False),
            earlier_turn=raw.get("earlier_turn", False),
            dealt_damage=raw.get("dealt_damage", False),
            attacked_this_turn=attacks[0] > 0,
            attacks_this_turn=attacks[0],
            attacks_this_game=attacks[1],
            attacked_battle_this_turn=raw.get("attacked_a_battle_this_turn", False),
            counters_put=counters_put_on(
                raw.get("counters_put_this_turn", []), f"{path}.counters_put_this_turn", self.player
            ),
            stickered=raw.get("stickered", False),
            exiled_with=self.labels_list(raw.get("exiled_with", []), f"{path}.exiled_with"),
            attach=attach,
            choices=choices,
            x=s.x,
            replacements=s.order,
        )

    def _cast_step(self, s: _StepInput) -> Step:
        raw, path = s.raw, s.path
        card = card_from_json(raw["cast"], f"{path}.cast")
        controller = self.player(raw.get("controller", self.players[0]), f"{path}.controller")
        targets = self.targets(raw.get("targets"), f"{path}.targets")
        choices = self.choices(raw.get("choices"), f"{path}.choices")
        label = self.new_label(raw.get("as", f"{card.name}#{s.index}"), f"{path}.as")
        return CastStep(s.index, label, card, controller, targets, choices, s.x, s.order)

    def _activate_step(self, s: _StepInput) -> Step:
        raw, path = s.raw, s.path
        source = self.label_ref(raw["activate"], f"{path}.activate")
        ability = whole_number(
            raw.get("ability", 0),
            f"{path}.ability",
            least=0,
            most=MAX_X,
            what="the largest ability number",
        )
        targets = self.targets(raw.get("targets"), f"{path}.targets")
        choices = self.choices(raw.get("choices"), f"{path}.choices")
        label = self.new_label(raw.get("as", f"{source}@{ability}#{s.index}"), f"{path}.as")
        return ActivateStep(s.index, label, source, ability, targets, choices, s.x, s.order)

    def _attach_step(self, s: _StepInput) -> Step:
        obj = self.label_ref(s.raw["attach"], f"{s.path}.attach")
        to = self.label_ref(s.raw.get("to"), f"{s.path}.to", players=True)
        return AttachStep(s.index, obj, to)

    def _counters_step(self, s: _StepInput) -> Step:
        raw, path = s.raw, s.path
        kind = _require_str(raw["counters"], f"{path}.counters")
        on = self.label_ref(raw.get("on"), f"{path}.on", players=True)
        n = whole_number(
            raw.get("n", 1),
            f"{path}.n",
            least=-MAX_AMOUNT,
            most=MAX_AMOUNT,
            what=_MOST_COUNTERS,
        )
        raw_by = raw.get("by")
        by = None if raw_by is None else self.label_ref(raw_by, f"{path}.by", players=True)
        if by is not None and by not in self.players:
            raise BoardError(f"{path}.by", "the player who puts the counters")
        return CountersStep(s.index, kind, on, n, s.order, by)

    def _damage_step(self, s: _StepInput) -> Step:
        raw, path = s.raw, s.path
        n = whole_number(
            raw["damage"], f"{path}.damage", least=0, most=MAX_AMOUNT, what=_MOST_DAMAGE
        )
        on = self.label_ref(raw.get("on"), f"{path}.on", players=True)
        raw_from = raw.get("from")
        dealer = None if raw_from is None else self.label_ref(raw_from, f"{path}.from")
        combat = raw.get("combat", False)
        if not isinstance(combat, bool):
            raise BoardError(f"{path}.combat", "must be true or false")
        return DamageStep(s.index, n, on, dealer, combat, s.order)

    def _leave_step(self, s: _StepInput) -> Step:
        obj = self.label_ref(s.raw["leave"], f"{s.path}.leave")
        to = s.raw.get("to", "graveyard")
        if to not in LEAVE_ZONES:
            raise BoardError(f"{s.path}.to", f"a zone: {', '.join(LEAVE_ZONES)}")
        return LeaveStep(s.index, obj, to, s.order)

    def _end_step(self, s: _StepInput) -> Step:
        return EndStep(s.index, self.label_ref(s.raw["end"], f"{s.path}.end"))

    def _face_or_phase_step(self, s: _StepInput) -> Step:
        obj = self.label_ref(s.raw[s.verb], f"{s.path}.{s.verb}")
        if s.verb in ("turn_face_up", "turn_face_down"):
            attach = s.raw.get("attach")
            to = self.label_ref(attach, f"{s.path}.attach") if attach is not None else None
            return FaceStep(s.index, obj, face_down=s.verb == "turn_face_down", attach=to)
        return PhaseStep(s.index, obj, phased_out=s.verb == "phase_out")

    def zones(self, value: Any) -> dict[str, dict[str, tuple[CardDef, ...] | int]]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise BoardError("zones", "must be an object keyed by player")
        result: dict[str, dict[str, tuple[CardDef, ...] | int]] = {}
        for player, zones in value.items():
            self.player(player, f"zones.{player}")
            if not isinstance(zones, dict):
                raise BoardError(f"zones.{player}", "must be an object keyed by zone")
            result[player] = {}
            for zone, cards in zones.items():
                zpath = f"zones.{player}.{zone}"
                if zone not in ZONES:
                    raise BoardError(zpath, f"unknown zone (zones: {', '.join(ZONES)})")
                if (
                    isinstance(cards, int)
                    and not isinstance(cards, bool)
                    and zone in ("hand", "library")
                ):
                    result[player][zone] = whole_number(
                        cards, zpath, least=0, most=MAX_X, what="the most cards a zone may hold"
                    )
                    continue
                if not isinstance(cards, list):
                    raise BoardError(zpath, "must be a list of cards")
                result[player][zone] = tuple(
                    card_from_json(c, f"{zpath}[{i}]") for i, c in enumerate(cards)
                )
                # Layerlab extension: each card there is labelled "<player>.<zone>[i]", so a
                # step may name it (a spell returning it from a graveyard targets it).
                self.labels += [f"{player}.{zone}[{i}]" for i in range(len(cards))]
        return result

    def ask(self, value: Any) -> Ask | None:
        if value is None:
            return None
        if not isinstance(value, dict) or len(value) != 1:
            raise BoardError("ask", "one of characteristics, order, depends, event")
        ((kind, arg),) = value.items()
        if kind == "characteristics":
            return Ask(kind, obj=self.label_ref(arg, "ask.characteristics"))
        if kind == "order":
            if not isinstance(arg, dict):
                raise BoardError("ask.order", 'an object {"layer": "7c", "object": ID}')
            layer = arg.get("layer")
            if layer not in LAYERS:
                raise BoardError("ask.order.layer", f"one of {', '.join(LAYERS)}")
            return Ask(kind, layer=layer, obj=self.label_ref(arg.get("object"), "ask.order.object"))
        if kind == "depends":
            if not isinstance(arg, list) or len(arg) != 2:
                raise BoardError("ask.depends", "a list of two effect ids [A, B]")
            return Ask(
                kind, effects=tuple(_require_str(e, f"ask.depends[{i}]") for i, e in enumerate(arg))
            )
        if kind == "event":
            return Ask(kind, event=arg)
        raise BoardError(f"ask.{kind}", "unknown question (characteristics, order, depends, event)")


@dataclass(frozen=True, slots=True)
class _StepInput:
    """One step's JSON as ``_Reader.step`` found it: its verb checked, its fields every
    verb shares ("x", "replacements") read."""

    index: int
    raw: dict[str, Any]
    path: str
    verb: str
    x: int | None
    order: tuple[str, ...] | None


# Each verb of a step and the method that reads the step.
_STEP_READERS: dict[str, Callable[[_Reader, _StepInput], Step]] = {
    "enter": _Reader._enter_step,
    "cast": _Reader._cast_step,
    "activate": _Reader._activate_step,
    "attach": _Reader._attach_step,
    "counters": _Reader._counters_step,
    "damage": _Reader._damage_step,
    "leave": _Reader._leave_step,
    "end": _Reader._end_step,
    "turn_face_up": _Reader._face_or_phase_step,
    "turn_face_down": _Reader._face_or_phase_step,
    "phase_out": _Reader._face_or_phase_step,
    "phase_in": _Reader._face_or_phase_step,
}


def parse_board(data: Any) -> Board:
    """Validate a board's JSON and return its typed form; raise BoardError on a fault."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise BoardError(
                "", f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
            ) from exc
    if not isinstance(data, dict):
        raise BoardError("", "a board is a JSON object")
    check_texts(data)
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise BoardError("format", f'must be "{FORMAT}"')
    reader = _Reader(data)
    players = data.get("players", ["Alice", "Bob"])
    if (
        not isinstance(players, list)
        or not players
        or not all(isinstance(p, str) and p for p in players)
    ):
        raise BoardError("players", "a non-empty list of player names")
    if len(set(players)) != len(players):
        raise BoardError("players", "player names must differ")
    reader.players = tuple(players)
    active = reader.player(data.get("active", players[0]), "active")
    life_raw = data.get("life", {})
    if not isinstance(life_raw, dict):
        raise BoardError("life", "an object {player: life}")
    life = dict.fromkeys(players, 20)
    for p, n in life_raw.items():
        reader.player(p, f"life.{p}")
        life[p] = whole_number(
            n, f"life.{p}", least=-MAX_AMOUNT, most=MAX_AMOUNT, what=LARGEST_LIFE
        )
    start_raw = data.get("starting_life", {})
    if not isinstance(start_raw, dict):
        raise BoardError("starting_life", "an object {player: starting life total}")
    starting_life = {
        reader.player(p, f"starting_life.{p}"): whole_number(
            n, f"starting_life.{p}", least=1, most=MAX_AMOUNT, what=LARGEST_LIFE
        )
        for p, n in start_raw.items()
    }
    zones = reader.zones(data.get("zones"))
    steps_raw = data.get("steps", [])
    if not isinstance(steps_raw, list):
        raise BoardError("steps", "a list of steps")
    if len(steps_raw) > MAX_STEPS:
        raise BoardError("steps", f"at most {MAX_STEPS} steps")
    steps = tuple(reader.step(i, s) for i, s in enumerate(steps_raw))
    copies = sum(
        1 for step in steps if isinstance(step, (EnterStep, CastStep)) and step.choices.copy
    )
    if copies > MAX_COPIES:
        # Each copy reads the copiable values of a whole chain (CR 707.2): bounded work.
        raise BoardError("steps", f"at most {MAX_COPIES} steps that copy something")
    _check_typed_text(steps, zones)
    ask = reader.ask(data.get("ask"))
    this_turn = read_this_turn(data.get("this_turn"), reader)
    blessed = data.get("city_blessing", [])
    if not isinstance(blessed, list):
        raise BoardError("city_blessing", "a list of player names")
    city_blessing = frozenset(
        reader.player(p, f"city_blessing[{i}]") for i, p in enumerate(blessed)
    )
    for key in ("title", "notes"):
        if key in data and not isinstance(data[key], str):
            raise BoardError(key, "must be text")
    return Board(
        players=tuple(players),
        active=active,
        life=life,
        zones=zones,
        steps=steps,
        ask=ask,
        title=data.get("title", ""),
        notes=data.get("notes", ""),
        raw=data,
        this_turn=this_turn,
        city_blessing=city_blessing,
        starting_life=starting_life,
        designations=read_designations(data, reader),
    )


def _check_typed_text(
    steps: tuple[Step, ...], zones: dict[str, dict[str, tuple[CardDef, ...] | int]]
) -> None:
    """All the abilities typed into the board's inline cards are read by the Oracle reader:
    together at most ``MAX_TYPED_TEXT`` characters, so reading them is bounded too."""
    cards = [s.card for s in steps if isinstance(s, (EnterStep, CastStep))]
    cards += [
        c for kinds in zones.values() for v in kinds.values() if not isinstance(v, int) for c in v
    ]
    typed = sum(len(text) for card in cards if card.inline for text in card.rules_text)
    if typed > MAX_TYPED_TEXT:
        raise BoardError(
            "steps",
            f"the abilities typed into this board's cards have {typed:,} characters in all; "
            f"a board may type at most {MAX_TYPED_TEXT:,} (name library cards instead)",
        )


def _require_bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise BoardError(path, "must be true or false")
    return value


def _mana_colors(value: Any, path: str) -> frozenset[str]:
    """Layerlab extension: the colors of mana spent to cast it ("if {B} was spent")."""
    if not isinstance(value, list) or not all(c in COLOR_LETTERS for c in value):
        raise BoardError(path, f"a list of color letters, from {' '.join(COLOR_LETTERS)}")
    return frozenset(value)
