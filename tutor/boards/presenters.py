"""What the board pages show, computed from the engine's answer.

The templates only lay these values out; every value a learner sees comes
from ``rules_engine``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine import (
    LAYER_TITLES,
    LAYERS,
    CardDef,
    Characteristics,
    Game,
    Result,
    characteristics_json,
    describe_edge,
    initial_characteristics,
    library_record,
    printed_line,
    shown_ability,
)
from tutor.boards.deciding import Deciding, final_deciding, skipped_rule_steps, step_deciding
from tutor.boards.editing import card_names
from tutor.boards.naming import result_namer
from tutor.boards.rules import OFFICIAL_RULES_URL, summary

SHOWN = (
    "name",
    "mana_cost",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "abilities",
    "power",
    "toughness",
    "controller",
)
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def type_line(data: dict[str, Any]) -> str:
    left = " ".join(data.get("supertypes", []) + data.get("types", []))
    subtypes = list(data.get("subtypes", []))
    if data.get("all_creature_types"):
        subtypes.append("(every creature type)")
    return f"{left} — {' '.join(subtypes)}" if subtypes else left


def colors_text(colors: list[str]) -> str:
    return ", ".join(COLOR_NAMES[c] for c in colors) if colors else "colorless"


def pt_text(data: dict[str, Any]) -> str:
    if data.get("power") is None:
        return ""
    return f"{data['power']}/{data['toughness']}"


@dataclass
class CardView:
    """One permanent drawn as a card, printed values beside the current ones."""

    label: str
    name: str
    printed_name: str
    mana_cost: str
    type_line: str
    printed_type_line: str
    colors: str
    printed_colors: str
    abilities: list[str]
    printed_abilities: list[str]
    pt: str
    printed_pt: str
    controller: str
    owner: str
    counters: dict[str, int]
    attached_to: str | None
    # The cards exiled with it, which its linked abilities read (CR 607.2a).
    exiled_with: list[str]
    tapped: bool
    face_down: bool
    damage: int = 0  # damage marked on it this turn (CR 120.3e)
    known_as: str = ""  # its name for learners ("the second Grizzly Bears", naming.py)
    changed: list[str] = field(default_factory=list)
    dom_id: str = ""  # labels may hold spaces or "#": the page's ids don't use them
    # An invented card typed into the board, not a real one: shown as "Example card".
    example: bool = False


def is_example_card(card: CardDef) -> bool:
    """A card typed into the board whose name no real card has: an invented example."""
    return card.inline and not card.token and library_record(card.name) is None


def _printed(result: Result, label: str) -> dict[str, Any]:
    obj = result.game.object(label)
    assert obj is not None
    return characteristics_json(initial_characteristics(obj.card, obj.controller))


def _shown(abilities: list[str], name: str, level: int, counters: Mapping[str, int]) -> list[str]:
    """A Class's level bands and a station card's striations as printed, with why one is
    not in effect yet (CR 716.2a, 721.2)."""
    return [shown_ability(text, name, class_level=level, counters=counters) for text in abilities]


def battlefield(result: Result, *, printed_only: bool = False) -> list[CardView]:
    """The permanents as they are now, or, for a puzzle that must not give its answer
    away, as printed (with the state the board shows: counters, attachments, tapped)."""
    cards: list[CardView] = []
    name = result_namer(result)
    for obj in result.game.objects:
        if obj.zone != "battlefield" or obj.label not in result.evaluation.chars:
            continue
        printed = _printed(result, obj.label)
        now = printed if printed_only else characteristics_json(result.evaluation.chars[obj.label])
        changed = [key for key in SHOWN if _norm(now.get(key)) != _norm(printed.get(key))]
        gates = (obj.choices.class_level, dict(obj.counters))
        cards.append(
            CardView(
                label=obj.label,
                name=now["name"] or "(face-down)",
                printed_name=printed["name"],
                mana_cost=now.get("mana_cost") or "",
                type_line=type_line(now),
                printed_type_line=type_line(printed),
                colors=colors_text(now["colors"]),
                printed_colors=colors_text(printed["colors"]),
                abilities=_shown(now["abilities"], now["name"] or printed["name"], *gates),
                printed_abilities=_shown(printed["abilities"], printed["name"], *gates),
                pt=pt_text(now),
                printed_pt=pt_text(printed),
                controller=now["controller"],
                owner=obj.owner,
                counters=dict(obj.counters),
                attached_to=name(obj.attached_to) if obj.attached_to else None,
                exiled_with=[
                    o.card.name
                    for o in result.game.objects
                    if o.zone == "exile" and o.exiled_with == obj.label
                ],
                tapped=obj.tapped,
                face_down=obj.face_down,
                damage=obj.damage,
                changed=changed,
                dom_id=f"card-{len(cards)}",
                known_as=name(obj.label),
                example=is_example_card(obj.card),
            )
        )
    return cards


@dataclass(frozen=True)
class SbaView:
    """A state-based action the board's last step led to, its object named for learners."""

    object: str
    action: str
    rule: str
    reason: str


def state_based_actions(result: Result) -> list[SbaView]:
    name = result_namer(result)
    return [SbaView(name(s.object), s.action, s.rule, s.reason) for s in result.sbas]


@dataclass(frozen=True)
class ZoneList:
    """Cards a board keeps outside the battlefield (they count for some effects)."""

    player: str
    zone: str
    cards: tuple[str, ...]
    count: int


def zone_lists(result: Result) -> list[ZoneList]:
    found = []
    for player, zones in result.board.zones.items():
        for zone, cards in zones.items():
            if isinstance(cards, int):
                found.append(ZoneList(player, zone, (), cards))
            else:
                names = tuple(card.name for card in cards)
                found.append(ZoneList(player, zone, names, len(names)))
    return found


def _norm(value: Any) -> Any:
    return sorted(value) if isinstance(value, list) else value


@dataclass
class Change:
    field: str
    before: str
    after: str
    # ``dataclasses.field``: inside the class, ``field`` is the attribute above.
    after_values: list[str] = dataclasses.field(default_factory=list)

    @property
    def words(self) -> str:
        """ "mana cost {3}{R}", "abilities “Flying.” and “Vigilance.”" for a sentence."""
        what = self.field.replace("_", " ")
        if self.field == "abilities" and self.after_values:
            return f"{what} " + _and([f"“{a}”" for a in self.after_values])
        return f"{what} {self.after}"


@dataclass
class Frame:
    """One step of the layer stepper: an effect applied to the object, or its start/end."""

    number: int
    kind: str  # "printed", "effect" or "final"
    layer: str = ""
    layer_title: str = ""
    effect: str = ""
    effect_id: str = ""  # the engine's id ("bears:+1/+1" for counters), never shown
    text: str = ""
    source: str = ""
    source_name: str = ""
    timestamp: int | None = None
    why: str = ""
    why_rule: str = ""
    rule: str = ""
    rule_summary: str = ""
    values: dict[str, str] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    ended: list[str] = field(default_factory=list)
    rules_url: str = OFFICIAL_RULES_URL
    # The rules that decide this step (613.6, 611.2c, 613.8), in plain words.
    deciding: tuple[Deciding, ...] = ()


def _readable(key: str, value: Any) -> str:
    if key == "colors":
        return colors_text(value)
    if isinstance(value, list):
        return "; ".join(str(v) for v in value) if value else "none"
    return "—" if value is None else str(value)


def _why_words(kind: str, on: list[str], layer: str = "", timestamp: int | None = None) -> str:
    """Why this effect applies now, said for this step (its layer and timestamp), not the
    same sentence at every step."""
    names = _and(on)
    them = "it" if len(on) == 1 else "them"
    where = f" in layer {layer}" if layer else ""
    oldest = (
        f"Its timestamp ({timestamp}) is the earliest of the effects left{where}, and it "
        "waits for no other effect."
        if timestamp is not None
        else f"It has the earliest timestamp of the effects left{where}, and it waits for no "
        "other effect."
    )
    return {
        "cda": "It is a characteristic-defining ability, and those apply first.",
        "timestamp": oldest,
        "dependency": f"It depends on {names}, so it waited until {them} had applied.",
        "depended_on": (
            f"{names} {'depends' if len(on) == 1 else 'depend'} on it, so it applies before "
            f"{them} even though it is newer."
        ),
        "loop": f"It is in a dependency loop with {names}; a loop falls back to timestamp order.",
    }.get(kind, "")


def _and(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C" ("" for none)."""
    if not names:
        return ""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _source_name(name: Callable[[str], str], source: str, card: str) -> str:
    """An effect's source as learners know it; the engine's card name when it has no label."""
    shown = name(source)
    return card or "a rule" if shown == source else shown


def frames(result: Result, label: str) -> list[Frame]:
    """The printed card, each effect applied to it in order, and the final result."""
    name = result_namer(result)
    decided = skipped_rule_steps(result, label)
    printed = _printed(result, label)
    state = {key: printed.get(key) for key in SHOWN}
    out = [Frame(0, "printed", values={k: _readable(k, v) for k, v in state.items()})]
    for step in result.evaluation.trace:
        if label not in step.applies_to:
            continue
        before = dict(state)
        state.update({k: v for k, v in step.after[label].items() if k in SHOWN})
        changes = [
            Change(
                key,
                _readable(key, before.get(key)),
                _readable(key, state.get(key)),
                [str(a) for a in state.get(key) or ()] if key == "abilities" else [],
            )
            for key in step.after[label]
            if key in SHOWN and _norm(before.get(key)) != _norm(state.get(key))
        ]
        out.append(
            Frame(
                number=len(out),
                kind="effect",
                layer=step.layer,
                layer_title=LAYER_TITLES[step.layer],
                effect=name(step.effect),
                effect_id=step.effect,
                # Oracle text in the engine's notation says "~" for its source's own name.
                text=printed_line(step.effect_text).replace(
                    "~", step.source_name or "this permanent"
                ),
                source=step.source,
                source_name=_source_name(name, step.source, step.source_name),
                timestamp=step.timestamp,
                why=" ".join(
                    filter(
                        None,
                        (
                            _why_words(
                                step.why.kind,
                                [name(e) for e in step.why.on],
                                step.layer,
                                step.timestamp,
                            ),
                            step.note,
                        ),
                    )
                ),
                why_rule=step.why.rule,
                rule=step.rule,
                rule_summary=summary(step.rule),
                values={k: _readable(k, v) for k, v in state.items()},
                changes=changes,
                ended=[name(e) for e in step.vanished],
                deciding=step_deciding(
                    decided,
                    step.effect,
                    step.layer,
                    name(step.effect),
                    name(label),
                    step.why.kind,
                    _why_words(
                        step.why.kind, [name(e) for e in step.why.on], step.layer, step.timestamp
                    ),
                ),
            )
        )
    final = characteristics_json(result.evaluation.chars[label])
    out.append(
        Frame(
            len(out),
            "final",
            values={k: _readable(k, final.get(k)) for k in SHOWN},
            deciding=final_deciding(decided, name, name(label)),
        )
    )
    return out


@dataclass
class Edge:
    dependent: str
    on: str
    reason: str
    clause: str = ""  # the 613.8a clause in a few words, for the arrow's label


CLAUSE_WORDS = {
    "existence": "its existence",
    "text": "its text",
    "applies_to": "what it applies to",
    "does": "what it does",
}


@dataclass
class LayerGraph:
    layer: str
    title: str
    nodes: list[str]
    edges: list[Edge]


def dependency_graphs(result: Result, label: str | None = None) -> list[LayerGraph]:
    """Each layer's dependency graph (CR 613.8a) as the engine found it, first snapshot first."""
    name = result_namer(result)
    graphs: list[LayerGraph] = []
    seen: set[str] = set()
    for snapshot in result.evaluation.graphs:
        if snapshot.layer in seen or not snapshot.edges:
            continue
        seen.add(snapshot.layer)
        graphs.append(
            LayerGraph(
                snapshot.layer,
                LAYER_TITLES[snapshot.layer],
                [name(e) for e in snapshot.pending],
                [
                    Edge(
                        name(e.dependent),
                        name(e.on),
                        describe_edge(e, name),
                        CLAUSE_WORDS.get(e.clause, ""),
                    )
                    for e in snapshot.edges
                ],
            )
        )
    graphs.sort(key=lambda g: LAYERS.index(g.layer))
    return graphs


# --- What the engine doesn't model ------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unmodelled:
    """An ability or sentence the engine recognised on the board but does not apply, worded
    for learners: the card's name, never the board's label (unless nothing else names it)."""

    name: str
    ability: str
    why: str

    def __str__(self) -> str:
        return f"{self.ability} (on {self.name}): {self.why}"

    @property
    def quoted(self) -> str:
        """The words as quoted in a sentence: a piece from inside a sentence ("exile all
        graveyards.") is marked as a piece."""
        words = self.ability.strip()
        return words if words[:1].isupper() or not words else f"…{words}"

    @property
    def reason(self) -> str:
        """Why, as a sentence of its own (capital first, one period at the end)."""
        why = self.why.strip().rstrip(".")
        return f"{why[:1].upper()}{why[1:]}." if why else ""


def unmodelled_items(
    entries: Iterable[Mapping[str, Any]], names: Mapping[str, str]
) -> tuple[Unmodelled, ...]:
    """An answer's ``not_modelled`` list (``[{"object", "ability", "why"}]``, from the evaluate
    or the event answer) as learner-facing items, each once, in the engine's order.

    ``names`` gives each label's card name; a label with none is shown as it is.
    """
    found: dict[Unmodelled, None] = {}
    for entry in entries:
        label = str(entry.get("object", ""))
        name = names.get(label) or label
        # Oracle text in the engine's notation says "~" for the card's own name.
        ability = printed_line(str(entry.get("ability", ""))).replace("~", name)
        # So does a reason that quotes it ("cannot read "... you and ~ have hexproof."").
        why = str(entry.get("why", "")).replace("~", name)
        item = Unmodelled(name, ability, why)
        found.setdefault(item, None)
    return tuple(found)


def result_unmodelled(result: Result) -> tuple[Unmodelled, ...]:
    """``answer_json(result)["not_modelled"]``, named after the cards as they are now (read
    from the result itself, without building the whole answer)."""
    return game_unmodelled(result.game, result.board.raw, result.evaluation.chars)


def game_unmodelled(
    game: Game, board: dict[str, Any], chars: Mapping[str, Characteristics] | None = None
) -> tuple[Unmodelled, ...]:
    """A replayed game's ``not_modelled``, named after the cards (their current names when
    ``chars`` gives them, else their printed ones)."""
    names = card_names(board)
    for obj in game.objects:
        current = chars.get(obj.label) if chars is not None else None
        name = (current.name if current is not None else "") or obj.card.name
        names[obj.label] = name or names.get(obj.label, "")
    return unmodelled_items((n.as_json() for n in game.not_modelled), names)


def answer_unmodelled(answer: Mapping[str, Any], board: dict[str, Any]) -> tuple[Unmodelled, ...]:
    """An answer's ``not_modelled`` (evaluate or event answer JSON; a missing key is none),
    named after the answer's objects, else the board's cards."""
    names = card_names(board)
    objects = answer.get("objects")
    if isinstance(objects, Mapping):
        for label, data in objects.items():
            if isinstance(data, Mapping) and data.get("name"):
                names[label] = str(data["name"])
    return unmodelled_items(answer.get("not_modelled") or (), names)
