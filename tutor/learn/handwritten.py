"""Hand-written misreadings: mistakes no switch in the engine can make (issues #14, #28).

``rules_engine.misreadings`` turns one rule off inside the engine. Some headline mistakes
are not a rule turned off but a different board read: judging an entering card before
the effects already on the battlefield (CR 614.12) or where it is now, in a graveyard,
reading a board as if its "can't" effects weren't there (CR 614.17), copying what a
creature looks like now (CR 707.2), its counters, or the card beneath its copiable values
(CR 707.9b, 708.2), a permanent that becomes a copy losing its own counters (CR 707.4),
changing the words of a granted ability (CR 612.3), reading an effect on a player off its
source's printed card (CR 613.10), forgetting a prevention effect (CR 615.1), and reading a
"prevent the next N damage" shield as a one-hit wall or as refilling for each hit (CR
615.7). Each is written here as a change to the board (``rewrite``); the engine answers
the rewritten board, so the wrong answer is still computed, never typed. A rewrite returns
``None`` on a board it says nothing about. ``SWITCHES`` are mistakes of layer order the
engine's own switches don't make (a set value erasing the pumps, CR 613.4b): the engine
computes them with that order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules_engine import (
    LAYERS,
    MISCONCEPTION_BY_SLUG,
    BoardError,
    LayerMisreading,
    Misconception,
    ReplacementMisreading,
    answer_json,
    evaluate_board,
    library_record,
)

Board = dict[str, Any]


@dataclass(frozen=True, slots=True)
class HandWritten:
    misconception: Misconception
    rewrite: Callable[[Board], Board | None]


def _card(step: dict[str, Any]) -> Any:
    return step.get("enter", step.get("cast"))


def _text(card: Any) -> str:
    """A step's card's rules text: its own abilities, else the library's Oracle text."""
    if isinstance(card, dict):
        return "\n".join(str(a) for a in card.get("abilities", []))
    record = library_record(card) if isinstance(card, str) else None
    return str(record.get("oracle_text", "")) if record else ""


def judged_as_card(board: Board) -> Board | None:
    """The asked permanent arriving before everything else: its own "enters tapped" or
    "enters with counters" judged on the card, not on the permanent it will be."""
    ask = board.get("ask") or {}
    steps = [s for s in board.get("steps", []) if isinstance(s, dict)]
    if "characteristics" in ask:
        label = ask["characteristics"]
        mine = [s for s in steps if s.get("as") == label and "enter" in s]
        if not mine or steps.index(mine[0]) == 0:
            return None
        return dict(board, steps=mine + [s for s in steps if s is not mine[0]])
    # An asked entering event is read by the engine with the rule off instead
    # (``ReplacementMisreading.as_it_would_exist``: the Misconception's ``replacement``).
    return None


def ignored_cant(board: Board) -> Board | None:
    """The board without the permanents and spells that say something "can't" happen."""
    steps = board.get("steps", [])
    kept = [s for s in steps if not (isinstance(s, dict) and "can't" in _text(_card(s)))]
    if len(kept) == len(steps):
        return None
    labels = {s.get("as") for s in steps if isinstance(s, dict)} - {
        s.get("as") for s in kept if isinstance(s, dict)
    }
    # A later step about a removed object (an activation, a target) goes with it.
    kept = [s for s in kept if not _mentions(s, labels)]
    return dict(board, steps=kept)


def _copy_step(board: Board) -> tuple[int, dict[str, Any], str] | None:
    """The step of a permanent entering as a copy of one object: the asked one's, else
    the board's only one."""
    label = (board.get("ask") or {}).get("characteristics")
    copies = [
        (index, step, step["choices"]["copy"])
        for index, step in enumerate(board.get("steps", []))
        if isinstance(step, dict)
        and "enter" in step
        and isinstance((step.get("choices") or {}).get("copy"), str)
    ]
    asked = [c for c in copies if c[1].get("as") == label]
    return asked[0] if asked else (copies[0] if len(copies) == 1 else None)


def copied_what_you_see(board: Board) -> Board | None:
    """The copy entering as a card printed with the original's current values: its
    counters, pumps and anthems baked in, as if a copy saw everything (CR 707.2)."""
    found = _copy_step(board)
    if found is None:
        return None
    index, step, copied = found
    before = dict(board, steps=board["steps"][:index], ask={"characteristics": copied})
    try:
        now = answer_json(evaluate_board(before))["objects"][copied]
    except (BoardError, KeyError):
        return None
    if now.get("face_down") or now.get("power") is None:
        return None  # a face-down original shows what a copy gets: no mistake to make
    card = {key: now[key] for key in SEEN if now.get(key) is not None}
    card["power"], card["toughness"] = str(now["power"]), str(now["toughness"])
    # The mistaken card keeps the original's name, so its text still names itself (CR 201.5).
    card["abilities"] = list(now["abilities"])
    mistaken = {k: v for k, v in step.items() if k != "choices"}
    mistaken["enter"] = card
    steps = list(board["steps"])
    steps[index] = mistaken
    return dict(board, steps=steps)


SEEN = ("name", "mana_cost", "colors", "supertypes", "types", "subtypes")


def copied_underlying_card(board: Board) -> Board | None:
    """The copy aimed past the copiable values: at the face-up card under a face-down
    permanent (CR 708.2), or at the original a copy of a copy copied, losing the first
    copy's exceptions (CR 707.9b)."""
    found = _copy_step(board)
    if found is None:
        return None
    index, step, copied = found
    steps = list(board["steps"])
    for n, other in enumerate(steps[:index]):
        if not isinstance(other, dict) or other.get("as") != copied:
            continue
        if other.get("face_down"):
            steps[n] = {k: v for k, v in other.items() if k != "face_down"}
            return dict(board, steps=steps)
        original = (other.get("choices") or {}).get("copy")
        if isinstance(original, str):
            steps[index] = dict(step, choices=dict(step["choices"], copy=original))
            return dict(board, steps=steps)
    return None


def hacked_the_grant(board: Board) -> Board | None:
    """The text change moved between a creature and the permanent granting it an ability:
    as if changing the receiver's text reached the granted words, or changing the
    grantor's didn't (CR 612.3: granted abilities are the grantor's text)."""
    label = (board.get("ask") or {}).get("characteristics")
    if not label:
        return None
    try:
        evaluation = evaluate_board(board).evaluation
    except BoardError:
        return None
    trace = evaluation.trace

    def source(step: Any) -> str:
        return str(evaluation.effects[step.effect].source)

    grantors = [source(s) for s in trace if s.layer == "6" and label in s.applies_to]
    grantors = [g for g in grantors if g != label]
    if not grantors:
        return None
    changed = {source(s): s.applies_to for s in trace if s.layer == "3"}
    swap = {label: grantors[0], grantors[0]: label}
    steps = list(board["steps"])
    for n, step in enumerate(steps):
        if not isinstance(step, dict) or step.get("as") not in changed:
            continue
        targets = step.get("targets") or []
        if len(targets) == 1 and targets[0] in swap:
            steps[n] = dict(step, targets=[swap[targets[0]]])
            return dict(board, steps=steps)
    return None


REMOVES_ABILITIES = ("lose all abilities", "loses all abilities")


def player_effect_as_printed(board: Board) -> Board | None:
    """The board without the permanents that take abilities away: an effect on a player
    read off its source's printed card, before the layers have changed the source."""
    steps = board.get("steps", [])
    kept = [
        s
        for s in steps
        if not (isinstance(s, dict) and any(w in _text(_card(s)) for w in REMOVES_ABILITIES))
    ]
    return dict(board, steps=kept) if len(kept) < len(steps) else None


def _mentions(step: Any, labels: set[Any]) -> bool:
    if not isinstance(step, dict):
        return False
    values = [step.get("activate"), step.get("on"), *step.get("targets", [])]
    return any(v in labels for v in values if isinstance(v, str))


def _chosen_text(step: dict[str, Any]) -> str:
    """The text a cast or activated step brings into play: for a modal spell, the chosen
    mode's bullet only (``choices.mode``, counted from 0)."""
    card = _card(step)
    text = _text(card)
    mode = (step.get("choices") or {}).get("mode")
    bullets = [line[1:].strip() for line in text.splitlines() if line.startswith("•")]
    if isinstance(mode, int) and not isinstance(mode, bool) and 0 <= mode < len(bullets):
        return bullets[mode]
    return text


def _source_text(board: Board, step: dict[str, Any]) -> str:
    """What a step puts to work: a spell's (chosen) text, an activated permanent's text."""
    if "activate" in step:
        entered = next(
            (
                s
                for s in board.get("steps", [])
                if isinstance(s, dict) and s.get("as") == step["activate"]
            ),
            None,
        )
        return _text(_card(entered)) if entered else ""
    return _chosen_text(step)


PREVENTS = re.compile(r"\bprevent\b", re.I)
SHIELD = re.compile(r"\bprevent the next (\d+) damage\b", re.I)


def _without_steps(board: Board, drop: list[int]) -> Board | None:
    """The board without the steps at ``drop`` and the later steps that name what they
    introduced (an activation, a target)."""
    if not drop:
        return None
    steps = board.get("steps", [])
    labels = {steps[i].get("as") for i in drop if isinstance(steps[i], dict)} - {None}
    kept = [s for i, s in enumerate(steps) if i not in drop and not _mentions(s, labels)]
    return dict(board, steps=kept)


def forgot_prevention(board: Board) -> Board | None:
    """The board without its prevention effects (the spells, activations and permanents that
    say "prevent"): the damage let through as if no shield were there."""
    steps = board.get("steps", [])
    drop = [
        i
        for i, s in enumerate(steps)
        if isinstance(s, dict) and PREVENTS.search(_source_text(board, s))
    ]
    return _without_steps(board, drop)


def _damage_events(board: Board) -> list[dict[str, Any]]:
    """The damage events the board asks about (one, or several at once or in a row)."""
    event = (board.get("ask") or {}).get("event") or {}
    group = event.get("simultaneous") or event.get("sequence") or [event]
    return [e for e in group if isinstance(e, dict) and "damage" in e]


def _shields(board: Board) -> list[int]:
    return [
        i
        for i, s in enumerate(board.get("steps", []))
        if isinstance(s, dict) and "cast" in s and SHIELD.search(_chosen_text(s))
    ]


def one_hit_wall(board: Board) -> Board | None:
    """Each "prevent the next N damage" shield read as a wall that stops the whole next hit,
    however big, and is then gone (the hit it stops: the first of hits one after the other,
    the biggest of hits at once, as the protected player would pick)."""
    hits = _damage_events(board)
    shields = _shields(board)
    if not hits or not shields:
        return None
    in_a_row = "sequence" in ((board.get("ask") or {}).get("event") or {})
    biggest = hits[0] if in_a_row else max(hits, key=lambda e: int(e.get("damage", 0)))
    steps = list(board["steps"])
    for i in shields:
        target = (steps[i].get("targets") or [None])[0]
        if target not in board.get("players", []):
            return None
        steps[i] = {
            "cast": {
                "name": _card_name(steps[i]),
                "types": ["Instant"],
                "abilities": [
                    "The next time a source of your choice would deal damage to target "
                    "player this turn, prevent that damage."
                ],
            },
            "as": steps[i]["as"],
            "controller": steps[i].get("controller"),
            "targets": [target, biggest.get("from")],
        }
    return dict(board, steps=steps)


def refilling_shield(board: Board) -> Board | None:
    """A "prevent the next N damage" shield read as refilling for each hit: one fresh shield
    per damage event asked about."""
    hits = _damage_events(board)
    shields = _shields(board)
    if len(hits) < 2 or not shields:
        return None
    steps = list(board["steps"])
    for i in shields:
        steps += [
            dict(steps[i], **{"as": f"{steps[i]['as']}-again-{n}"}) for n in range(1, len(hits))
        ]
    return dict(board, steps=steps)


def _card_name(step: dict[str, Any]) -> str:
    card = _card(step)
    return str(card.get("name", "")) if isinstance(card, dict) else str(card)


def copied_counters(board: Board) -> Board | None:
    """The copy entering with the original's counters, as if counters were copied."""
    found = _copy_step(board)
    if found is None:
        return None
    index, step, copied = found
    before = dict(board, steps=board["steps"][:index], ask={"characteristics": copied})
    try:
        counters = answer_json(evaluate_board(before))["objects"][copied].get("counters") or {}
    except (BoardError, KeyError):
        return None
    label = step.get("as")
    if not counters or not label:
        return None
    added = [{"counters": kind, "on": label, "n": n} for kind, n in counters.items() if n > 0]
    steps = list(board["steps"])
    return dict(board, steps=steps[: index + 1] + added + steps[index + 1 :])


BECOMES_A_COPY = re.compile(r"\bbecomes? a copy of\b", re.I)


def lost_own_counters(board: Board) -> Board | None:
    """The asked permanent without its own counters once it becomes a copy, as if becoming a
    copy wiped them (CR 707.4: they stay)."""
    label = (board.get("ask") or {}).get("characteristics")
    steps = board.get("steps", [])
    later_copy = [
        i
        for i, s in enumerate(steps)
        if isinstance(s, dict) and BECOMES_A_COPY.search(_chosen_text(s))
    ]
    if not label or not later_copy:
        return None
    drop = [
        i
        for i, s in enumerate(steps[: later_copy[-1]])
        if isinstance(s, dict) and "counters" in s and s.get("on") == label
    ]
    if not drop:
        return None
    return dict(board, steps=[s for i, s in enumerate(steps) if i not in drop])


GRAVEYARD_LABEL = re.compile(r"^(?P<player>[^.]+)\.graveyard\[(?P<index>\d+)\]$")
IN_GRAVEYARDS_LOSE = re.compile(r"in graveyards lose all abilities", re.I)


def judged_in_its_zone(board: Board) -> Board | None:
    """The card entering from a graveyard judged as it is there: stripped of its abilities
    by an effect on cards in graveyards, as if that effect followed it onto the
    battlefield (CR 614.12: it looks at the permanent as it will be)."""
    match = GRAVEYARD_LABEL.match(str((board.get("ask") or {}).get("characteristics", "")))
    strips = any(
        isinstance(s, dict) and IN_GRAVEYARDS_LOSE.search(_text(_card(s)))
        for s in board.get("steps", [])
    )
    if match is None or not strips:
        return None
    player, index = match["player"], int(match["index"])
    zones = board.get("zones") or {}
    graveyard = list((zones.get(player) or {}).get("graveyard") or [])
    if index >= len(graveyard) or not isinstance(graveyard[index], str):
        return None
    record = library_record(graveyard[index])
    if record is None:
        return None
    graveyard[index] = {key: record[key] for key in INLINE if record.get(key) is not None}
    graveyard[index]["abilities"] = []
    changed_zones = dict(zones, **{player: dict(zones[player], graveyard=graveyard)})
    return dict(board, zones=changed_zones)


INLINE = ("name", "mana_cost", "colors", "supertypes", "types", "subtypes", "power", "toughness")


SETS_LAND_TYPE = re.compile(
    r"^(?P<lands>(?:All |Each )?(?:nonbasic )?lands?) (?:are|is) (?:an? )?"
    r"(?P<type>Plains|Islands?|Swamps?|Mountains?|Forests?)\.$",
    re.I,
)


def land_type_added(board: Board) -> Board | None:
    """Each effect that sets lands' basic land type ("Nonbasic lands are Mountains") read
    as adding it, so the lands keep their other land types and their own abilities (CR 305.7
    says they lose them)."""
    steps = list(board.get("steps", []))
    changed = False
    for n, step in enumerate(steps):
        if not isinstance(step, dict) or "enter" not in step:
            continue
        lines = _text(step["enter"]).splitlines()
        rewritten = [
            f"{line[:-1]} in addition to their other types." if SETS_LAND_TYPE.match(line) else line
            for line in lines
        ]
        if rewritten != lines:
            steps[n] = dict(step, enter=_inline(step["enter"], rewritten))
            changed = True
    return dict(board, steps=steps) if changed else None


def _inline(card: Any, abilities: list[str]) -> dict[str, Any]:
    """``card`` written inline with these abilities (a library card by its record)."""
    if isinstance(card, dict):
        return dict(card, abilities=abilities)
    record = library_record(card) or {"name": card, "types": ["Enchantment"]}
    inline = {key: record[key] for key in INLINE if record.get(key)}
    return dict(inline, abilities=abilities)


def read_face_up(board: Board) -> Board | None:
    """The asked face-down permanent read as the card underneath, face up (CR 708.2: it
    has only the values its face-down status gives it)."""
    label = (board.get("ask") or {}).get("characteristics")
    steps = list(board.get("steps", []))
    for n, step in enumerate(steps):
        if isinstance(step, dict) and step.get("as") == label and step.get("face_down"):
            steps[n] = {k: v for k, v in step.items() if k != "face_down"}
            return dict(board, steps=steps)
    return None


ANTHEM = re.compile(r"^(?P<who>[^.]+? gets? [+-]\d+/[+-]\d+)\.$")


def froze_the_static(board: Board) -> Board | None:
    """A permanent's anthem read as a spell that resolved when it arrived: its set of
    creatures fixed then, as if a static ability were locked in (CR 611.3a: it keeps
    checking)."""
    steps = list(board.get("steps", []))
    label = (board.get("ask") or {}).get("characteristics")
    for n, step in enumerate(steps):
        if not isinstance(step, dict) or "enter" not in step or step.get("as") == label:
            continue
        card = step["enter"]
        lines = _text(card).splitlines()
        if len(lines) != 1 or (match := ANTHEM.match(lines[0])) is None:
            continue
        spell = _inline(card, [f"{match['who']} until end of turn."])
        spell["types"] = ["Instant"]
        steps[n] = {"cast": spell, "as": step["as"], "controller": step.get("controller")}
        return dict(board, steps=steps)
    return None


def froze_the_rules_change(board: Board) -> Board | None:
    """A resolved spell that changes the rules ("prevent all damage creatures would deal
    this turn") read as covering only the creatures there when it resolved: the damage
    of one that arrived later gets through (CR 611.2c: such an effect covers it too)."""
    steps = board.get("steps", [])
    late = {e.get("from") for e in _damage_events(board)}
    entered = {s.get("as"): i for i, s in enumerate(steps) if isinstance(s, dict) and "enter" in s}
    drop = [
        i
        for i, s in enumerate(steps)
        if isinstance(s, dict)
        and "cast" in s
        and not s.get("targets")
        and PREVENTS.search(_chosen_text(s))
        and any(entered.get(source, -1) > i for source in late)
    ]
    return _without_steps(board, drop)


def rewound_history(board: Board) -> Board | None:
    """The asked permanent's arrival judged under the effects that came after it, as if
    they had been there when it entered (a later Humility taking back the counters it
    entered with: CR 614.12 looks at the effects there as it enters)."""
    label = (board.get("ask") or {}).get("characteristics")
    steps = [s for s in board.get("steps", []) if isinstance(s, dict)]
    mine = [s for s in steps if s.get("as") == label and "enter" in s]
    if not mine or steps.index(mine[0]) == len(steps) - 1:
        return None
    later = steps[steps.index(mine[0]) + 1 :]
    if not all("enter" in s for s in later):
        return None  # a later step acts on it: it can't arrive after that
    return dict(board, steps=[s for s in steps if s is not mine[0]] + mine)


HAND_WRITTEN: tuple[HandWritten, ...] = (
    HandWritten(
        Misconception(
            "judged-as-card",
            "Judging the card, not the permanent it will be",
            "614.12",
            "applied the entering card's own 'enters tapped' or 'enters with' as printed, "
            "forgetting the effects already on the battlefield that change it",
            replacement=ReplacementMisreading(as_it_would_exist=False),
            rule_does=(
                "Whether a replacement effect changes how a permanent enters is decided by "
                "the permanent as it will be on the battlefield, with the continuous effects"
                " already on the battlefield applied: an ability they take away never applies."
            ),
        ),
        judged_as_card,
    ),
    HandWritten(
        Misconception(
            "ignored-cant",
            "Letting 'can' beat 'can't'",
            "614.17",
            "let a replacement, prevention or other permission happen although an effect "
            "says it can't",
            rule_does=(
                "An effect that says something can't happen wins: a forbidden event doesn't "
                "take place, so nothing can replace or prevent it, and damage that can't be "
                "prevented is dealt in full."
            ),
        ),
        ignored_cant,
    ),
    HandWritten(
        Misconception(
            "copied-what-you-see",
            "Copying what you see",
            "707.2",
            "gave the copy the original's counters, pumps and other effects, as if it "
            "copied the creature as it looks now",
            rule_does=(
                "A copy takes only the copiable values: what is printed, changed by other "
                "copy effects and their exceptions; counters and other effects stay with "
                "the original."
            ),
        ),
        copied_what_you_see,
    ),
    HandWritten(
        Misconception(
            "copied-underlying-card",
            "Copying the card underneath",
            "707.9b",
            "copied the real card beneath a face-down permanent, or the original behind a "
            "copy, instead of the copiable values the copy has",
            rule_does=(
                "A copy copies the copiable values it finds: a face-down permanent's are a "
                "nameless 2/2 with no text (CR 708.2), and a copy's include the exceptions "
                "of the copy effect that made it."
            ),
        ),
        copied_underlying_card,
    ),
    HandWritten(
        Misconception(
            "hacked-the-grant",
            "Changing the text of a granted ability",
            "612.3",
            "let a text change on a creature reach an ability another permanent grants it, "
            "or kept a granted ability's words when its source's text was changed",
            rule_does=(
                "A text-changing effect changes only the object's own text; an ability "
                "another permanent grants it keeps its words, since they are that "
                "permanent's text."
            ),
        ),
        hacked_the_grant,
    ),
    HandWritten(
        Misconception(
            "player-effect-as-printed",
            "Reading a player's effect off the printed card",
            "613.10",
            "applied an effect on a player that its source no longer has, reading the "
            "source's printed card instead of its characteristics after the layers",
            rule_does=(
                "Effects on players and on the rules are applied after every object's "
                "characteristics are known, so only the abilities a source still has then "
                "give them."
            ),
        ),
        player_effect_as_printed,
    ),
    HandWritten(
        Misconception(
            "forgot-prevention",
            "Forgetting the prevention effect",
            "615.1",
            "let the damage through as if the prevention effect in place weren't there",
            rule_does=(
                "A prevention effect that exists before the damage stops it: prevented damage "
                "is never dealt, and whatever else applies works on what is left."
            ),
        ),
        forgot_prevention,
    ),
    HandWritten(
        Misconception(
            "one-hit-wall",
            "Treating a shield as a one-hit wall",
            "615.7",
            "let a shield that prevents the next few points of damage stop a whole hit, however"
            " big, and then vanish",
            rule_does=(
                "A shield that prevents the next N damage is a pool of N points: each point of "
                "damage it stops uses one up, across hits, until none is left."
            ),
        ),
        one_hit_wall,
    ),
    HandWritten(
        Misconception(
            "refilling-shield",
            "Refilling the shield",
            "615.7",
            "gave the shield its full points again for each new hit or source of damage",
            rule_does=(
                "A shield's points are spent once: what it prevents from one hit is gone for "
                "the next, whatever the source."
            ),
        ),
        refilling_shield,
    ),
    HandWritten(
        Misconception(
            "copied-counters",
            "Copying the counters",
            "707.2",
            "gave the copy the original's counters, as if counters were part of what is copied",
            rule_does=(
                "Counters are not copiable values: a copy starts from the printed card and has "
                "only the counters put on it."
            ),
        ),
        copied_counters,
    ),
    HandWritten(
        Misconception(
            "lost-own-counters",
            "Dropping the copy's own counters",
            "707.4",
            "let a permanent that becomes a copy lose the counters that were on it",
            rule_does=(
                "Becoming a copy changes only the copiable values: the counters and other effects"
                " on the permanent stay and apply on top of them (CR 613.4c)."
            ),
        ),
        lost_own_counters,
    ),
    HandWritten(
        Misconception(
            "judged-in-its-zone",
            "Judging the card where it is now",
            "614.12",
            "let an effect on cards in a graveyard decide how the card enters, though on the "
            "battlefield that effect no longer touches it",
            rule_does=(
                "How a permanent enters is decided by the permanent it will be on the "
                "battlefield: an effect on cards in the zone it comes from doesn't follow it."
            ),
        ),
        judged_in_its_zone,
    ),
    HandWritten(
        Misconception(
            "land-type-added",
            "Adding a land type instead of setting it",
            "305.7",
            "let a land given a basic land type keep its other land types and the abilities of"
            " its own text, as if the type were added",
            rule_does=(
                "An effect that sets a land's basic land type replaces its land types, and the "
                "land loses the abilities of its own text: it only has the new type's mana "
                "ability."
            ),
        ),
        land_type_added,
    ),
    HandWritten(
        Misconception(
            "read-face-up",
            "Reading the face-down card face up",
            "708.2",
            "gave a face-down permanent the values of the card underneath",
            rule_does=(
                "A face-down permanent has only what its face-down status gives it (usually a "
                "nameless 2/2 creature with no abilities), whatever card it is."
            ),
        ),
        read_face_up,
    ),
    HandWritten(
        Misconception(
            "froze-the-static",
            "Freezing a static ability",
            "611.3a",
            "let an anthem affect only the creatures that fitted its words when it arrived",
            rule_does=(
                "A static ability keeps checking: it applies to whatever fits its words now, "
                "including creatures that start to fit later."
            ),
        ),
        froze_the_static,
    ),
    HandWritten(
        Misconception(
            "froze-the-rules-change",
            "Freezing a rules change",
            "611.2c",
            "let a resolved spell that changes the rules cover only the creatures there when "
            "it resolved",
            rule_does=(
                "A resolved effect that changes no object's characteristics (preventing damage, "
                "say) changes the rules: it covers creatures that arrive later too."
            ),
        ),
        froze_the_rules_change,
    ),
    HandWritten(
        Misconception(
            "rewound-history",
            "Rewinding history",
            "614.12",
            "judged how a permanent entered by effects that only arrived after it",
            rule_does=(
                "How a permanent enters is decided by the effects there as it enters; an effect"
                " that arrives later changes it from then on, but its counters stay."
            ),
        ),
        rewound_history,
    ),
)


def _modifiers_before_setters() -> tuple[tuple[str, ...], ...]:
    """Layer 7c applied before 7b: a set value wipes out the counters and pumps."""
    order = [layer for layer in LAYERS if layer != "7c"]
    order.insert(order.index("7b"), "7c")
    return tuple((layer,) for layer in order)


# Hand-written misreadings that are an order of the layers the engine's own switches don't
# cover: computed by the engine with that order (``layers.compute``).
def _defined_after_modifiers() -> tuple[tuple[str, ...], ...]:
    """Layer 7a applied after 7c: a characteristic-defining ability has the last word."""
    order = [layer for layer in LAYERS if layer != "7a"]
    order.insert(order.index("7c") + 1, "7a")
    return tuple((layer,) for layer in order)


SWITCHES: tuple[Misconception, ...] = (
    Misconception(
        "cda-overrides",
        "Letting the characteristic-defining ability have the last word",
        "613.4a",
        "let a characteristic-defining ability's count replace the pumps and counters, as if"
        " it were applied last",
        layers=LayerMisreading(groups=_defined_after_modifiers()),
        rule_does=(
            "A characteristic-defining ability applies first, in layer 7a; everything else in "
            "layer 7 is applied on top of its value."
        ),
    ),
    Misconception(
        "set-erases-modifiers",
        "Letting a set value erase the pumps",
        "613.4b",
        "let an effect that sets power and toughness wipe out the counters, pumps and anthems,"
        " as if it came after them",
        layers=LayerMisreading(groups=_modifiers_before_setters()),
        rule_does=(
            "Setting power and toughness happens in layer 7b; counters, pumps and anthems are "
            "added after it in 7c (CR 613.4c), whenever they began."
        ),
    ),
)
SWITCH_BY_SLUG: dict[str, Misconception] = {m.slug: m for m in SWITCHES}


HAND_WRITTEN_BY_SLUG: dict[str, HandWritten] = {h.misconception.slug: h for h in HAND_WRITTEN}


def misconception_named(slug: str) -> Misconception | None:
    """An engine misreading or a hand-written one, by its slug."""
    found = MISCONCEPTION_BY_SLUG.get(slug) or SWITCH_BY_SLUG.get(slug)
    if found is None and slug in HAND_WRITTEN_BY_SLUG:
        return HAND_WRITTEN_BY_SLUG[slug].misconception
    return found


def variants(board: Board, slugs: frozenset[str]) -> tuple[tuple[Misconception, Board], ...]:
    """The rewritten boards of the hand-written misreadings ``slugs`` that apply here."""
    found = []
    for hand in HAND_WRITTEN:
        if hand.misconception.slug in slugs and (rewritten := hand.rewrite(board)) is not None:
            found.append((hand.misconception, rewritten))
    return tuple(found)
