"""The board pages' work: decode, evaluate, walk an event's choices, compare what-ifs.

Views call these and render; errors become ``BoardProblem`` with a message a
learner can act on (the views answer 400 with it).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules_engine import BoardError, Game, Result, library_card
from tutor.boards.codec import BoardTokenError, canonical_json, decode_board, ensure_shareable
from tutor.boards.deciding import entering_step_deciding
from tutor.boards.editing import card_names
from tutor.boards.engine import evaluate_board, event_answer
from tutor.boards.event_words import namer
from tutor.boards.naming import (
    Namer,
    board_controllers,
    board_namer,
    ordinal,
    possessive,
    result_namer,
)
from tutor.boards.predict import Verdict, judge
from tutor.boards.predict import question as predict_question
from tutor.boards.presenters import (
    Frame,
    Unmodelled,
    answer_unmodelled,
    frames,
    game_unmodelled,
    result_unmodelled,
)

# Re-exported: views catch the problems these functions raise (``services.BoardProblem``).
from tutor.boards.problems import BoardProblem as BoardProblem
from tutor.boards.replacements import OrderOption, ReplacementStory, replacement_story

REMINDER = re.compile(r"\s*\([^()]*\)")


def decode(token: str) -> dict[str, Any]:
    try:
        return decode_board(token)
    except BoardTokenError as error:
        raise BoardProblem(str(error)) from error


@dataclass(frozen=True)
class LoadedBoard:
    board: dict[str, Any]
    result: Result


# Texts that only name or describe a board: they never change what the engine answers.
PRESENTATION_KEYS = ("title", "notes")


def _content(board: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in board.items() if k not in PRESENTATION_KEYS}


@lru_cache(maxsize=32)
def _evaluate(content: str) -> Result:
    return evaluate_board(json.loads(content))


def evaluate_cached(board: dict[str, Any]) -> Result:
    """The engine's evaluation, cached by the board's content: retitling a board (or
    annotating it) finds the same entry, so it can't be used to make the site evaluate
    one board again and again. The result carries this board's own title and notes."""
    result = _evaluate(canonical_json(_content(board)))
    parsed = dataclasses.replace(
        result.board,
        title=board.get("title", ""),
        notes=board.get("notes", ""),
        raw=board,
    )
    return dataclasses.replace(result, board=parsed)


def load_board(board: dict[str, Any]) -> LoadedBoard:
    """The engine's evaluation of a board within the site's bounds (``limits``: it fits in
    a link), cached by content, so stepping through one board evaluates it once."""
    try:
        ensure_shareable(board)
        return LoadedBoard(board, evaluate_cached(board))
    except BoardTokenError as error:
        raise BoardProblem(str(error)) from error
    except BoardError as error:
        raise BoardProblem(
            f"the board isn't valid: {error}", path=error.path, detail=error.message
        ) from error


def open_board(token: str) -> LoadedBoard:
    """A request's board: decoded, checked and evaluated before any view touches it."""
    return load_board(decode(token))


# --- What the engine doesn't model: shown with every answer, and never learning content ---


class UnmodelledBoard(BoardProblem):
    """A board with something the engine recognised but does not apply: its answer ignores
    it, so the board never becomes a puzzle, a lesson, a quiz item or a live question."""

    def __init__(self, items: tuple[Unmodelled, ...]) -> None:
        self.items = items
        super().__init__(
            "the engine doesn't apply everything on this board, so its answer would ignore "
            "part of it: " + "; ".join(str(item) for item in items)
        )


@lru_cache(maxsize=64)
def _asked_event_unmodelled(canonical: str) -> tuple[Unmodelled, ...]:
    board = json.loads(canonical)
    try:
        return answer_unmodelled(event_answer(board), board)
    except BoardError as error:
        raise BoardProblem(
            f"the board isn't valid: {error}", path=error.path, detail=error.message
        ) from error


def unmodelled(
    board: dict[str, Any], answer: Mapping[str, Any] | None = None, *, game: Game | None = None
) -> tuple[Unmodelled, ...]:
    """Everything on the board the engine recognised but does not apply (its answers'
    ``not_modelled``), in learners' words. The one place that decides whether a board may
    become learning content (``ensure_modelled``), and what the board pages list.

    The evaluation's list, and the event answer's: ``answer`` when the caller has one for
    this board, else the board's own ``ask.event``'s when it asks one. ``game``: the board
    already replayed by the caller (a quiz generator's), so it isn't evaluated again.
    """
    if game is not None:
        found = game_unmodelled(game, board)
    else:
        found = result_unmodelled(load_board(board).result)
    if answer is not None:
        found += answer_unmodelled(answer, board)
    elif isinstance(board.get("ask"), dict) and "event" in board["ask"]:
        found += _asked_event_unmodelled(canonical_json(_content(board)))
    return tuple(dict.fromkeys(found))


def ensure_modelled(board: dict[str, Any], *, game: Game | None = None) -> None:
    """``UnmodelledBoard`` (naming each card and sentence) unless the engine applies
    everything on the board: learning content is only built from such boards."""
    items = unmodelled(board, game=game)
    if items:
        raise UnmodelledBoard(items)


def spell_text(card: Any) -> str:
    """A spell's rules text, reminder text left out: it is gone once the spell resolves,
    so the timeline is the only place a learner can read what it did."""
    if isinstance(card, dict):
        paragraphs = [str(p) for p in card.get("abilities", []) if isinstance(p, str)]
    else:
        found = library_card(str(card))
        paragraphs = list(found.rules_text) if found else []
    return " ".join(REMINDER.sub("", p).strip() for p in paragraphs)[:300]


def _card_name(card: Any) -> str:
    return card if isinstance(card, str) else card.get("name", "?")


CHOICE_WORDS = {
    "color": "the color",
    "creature_type": "the creature type",
    "land_type": "the land type",
    "copy": "to copy",
    "player": "the player",
    "mode": "mode",
    "card_type": "the card type",
    "card_name": "the card name",
    "option": "",
    "rolls": "the die results",  # CR 706.1: rolled as it enters
    # Done as it enters (CR 614.1c): the permanents or cards it acts on.
    "remove_counters": "to remove the counters from",
    "exile": "to exile",
    "planeswalker_type": "the planeswalker type",
    "draft_number": "the number noted in the draft",
    "turns_since_foretold": "turns since it was foretold",
}
# Choices that are true or false (board-format extensions), as (true, false) words.
FLAG_WORDS = {
    "gift": ("the gift promised", "the gift not promised"),  # CR 702.174
    "bargained": ("bargained", "not bargained"),  # CR 702.166
    "teamwork": ("cast using teamwork", "not cast using teamwork"),  # CR 702.194
    "paid": ("its controller paid", "its controller didn't pay"),  # CR 118.12
    "escaped": ("cast with escape", "not cast with escape"),  # CR 702.138
}
FACE_DOWN_WORDS = {
    "disguise": "disguised",
    "cloak": "cloaked",
    "morph": "morph",
    "manifest": "manifested",
}
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


# How a spell was cast and what it chose (board-format extensions), in words.
COST_WORDS = {
    "devour": "sacrificing {} as it enters",
    "sacrifice_as_enters": "sacrificing {} as it enters",
    "sacrificed": "sacrificing {} to cast it",
    "mana_spent": "{} mana spent",
    "treasure_mana": "{} mana from Treasures spent",  # CR 601.2h
    "artifact_mana": "{} mana from artifact sources spent",  # CR 601.2h
    "convoked": "{} creatures tapped for convoke",  # CR 702.51a
    "mana_colors": "{} mana spent",
    "main_phase": "{} during its controller's main phase",
    "divided": "dividing {} among its targets in order",
    "graveyard": "putting {} into the graveyard",
    "discard": "discarding {}",
    "exile": "exiling {}",
    "proliferate": "proliferating {}",
}
ZONE_LABEL = re.compile(r"(\w+)\.(hand|library|graveyard|exile)\[(\d+)\]")


def _cost_words(key: str, value: Any, name: Namer) -> str:
    items = value if isinstance(value, list) else [value]
    if key == "mana_colors":
        shown = " and ".join(COLOR_WORDS.get(str(v), str(v)) for v in items)
    elif key == "main_phase":
        shown = "cast" if value else "not cast"
    elif key in ("mana_spent", "treasure_mana", "artifact_mana", "convoked", "divided"):
        shown = " and ".join(str(v) for v in items)
    else:
        shown = ", ".join(_thing_name(str(v), name) for v in items)
    return COST_WORDS[key].format(shown)


def _thing_name(label: str, name: Namer) -> str:
    """A permanent by its card name; a card in a zone by where it is ("Bob's hand card 2")."""
    if found := ZONE_LABEL.fullmatch(label):
        return f"{found[1]}'s {found[2]} card {int(found[3]) + 1}"
    return name(label)


def _choices_words(step: dict[str, Any], name: Namer = str) -> str:
    """The choices made for a step (CR 614.12 "as ~ enters" choices, modes, kicker)."""
    choices = step.get("choices")
    words = []
    if isinstance(choices, dict):
        for key, value in choices.items():
            if key == "from":
                words.append(f"“{value}” → “{choices.get('to', '?')}”")
            elif key == "kicked" and isinstance(value, (str, list)):
                costs = [value] if isinstance(value, str) else value
                words.append(f"kicked with {' and '.join(str(c) for c in costs)}")
            elif key == "colors" and isinstance(value, list):
                words.append(
                    f"the colors {' and '.join(COLOR_WORDS.get(str(v), str(v)) for v in value)}"
                )
            elif key == "players" and isinstance(value, list):
                words.append(f"the players {' and '.join(str(v) for v in value)}")
            elif key == "cast_from_hand":
                words.append("cast from its owner's hand" if value else "not cast from a hand")
            elif key == "chosen":
                words.append(name(str(value)))
            elif key == "mode" and isinstance(value, int) and not isinstance(value, bool):
                words.append(_mode_words(step, value))
            elif key == "modes" and isinstance(value, list):
                words.append(", then ".join(_mode_words(step, int(v)) for v in value))
            elif key == "kicked":
                times = value if isinstance(value, int) and not isinstance(value, bool) else 0
                words.append(
                    f"kicked {times} times" if times > 1 else "kicked" if value else "not kicked"
                )
            elif key == "colors_spent":
                words.append(f"{value} color{'' if value == 1 else 's'} of mana spent")
            elif key == "riot":
                words.append(f"riot: {value}")
            elif key == "pair":
                words.append(f"pairing it with {name(str(value))}")
            elif key == "mana_by_color" and isinstance(value, dict):
                # Adamant (CR 207.2c, 601.2h): how much mana of each color was spent.
                spent = " and ".join(f"{n} {COLOR_WORDS.get(c, c)}" for c, n in value.items())
                words.append(f"{spent} mana spent")
            elif key == "cast_with":
                words.append(f"cast with {name(str(value))}'s permission")  # CR 601.3
            elif key in FLAG_WORDS:
                words.append(FLAG_WORDS[key][0 if value else 1])
            elif key == "ring_bearer":
                words.append(f"{name(str(value))} as the Ring-bearer")  # CR 701.54a
            elif key in COST_WORDS:
                words.append(_cost_words(key, value, name))
            elif key != "to":
                shown = COLOR_WORDS.get(value, value) if key == "color" else value
                if isinstance(shown, list):
                    # Permanents or cards chosen (copy, remove_counters, exile, discard): by
                    # their names, never their board labels.
                    shown = ", then ".join(name(str(v)) for v in shown)
                elif key == "copy" or (isinstance(shown, str) and key != "color"):
                    shown = name(str(shown))
                words.append(f"{CHOICE_WORDS.get(key, key.replace('_', ' '))} {shown}".strip())
    if "x" in step:
        words.append(f"X = {step['x']}")
    return f", choosing {'; '.join(words)}" if words else ""


def _mode_words(step: dict[str, Any], mode: int) -> str:
    """A chosen mode by its text ("the mode “Prevent the next 3 damage ...”"), never by its
    index: the board counts modes from 0, a reader from 1."""
    card = step.get("cast", step.get("activate"))
    text = spell_text(card) if card is not None else ""
    bullets = [b.strip() for b in text.split("•")[1:]]
    if 0 <= mode < len(bullets):
        return f"the mode “{bullets[mode]}”"
    return f"the {ordinal(mode + 1)} mode"


def describe_step(
    step: dict[str, Any], name: Namer = str, board: Mapping[str, Any] | None = None
) -> str:
    """A step in plain words, for the timeline list; ``name``: the board's labels to
    learners' names (``naming.board_namer``); ``board``: where an ability that resolves
    is read, to say which one."""
    if "activate" in step:
        said = _ability_resolves(step, name, board or {})
        return said + _choices_words(step, name)
    return _describe_action(step, name) + _choices_words(step, name)


def _ability_resolves(step: dict[str, Any], name: Namer, board: Mapping[str, Any]) -> str:
    """ "Rest in Peace's ability “…exile all graveyards.” resolves": which ability, by its
    text (the step counts paragraphs from 0), or by its place when the text is unknown."""
    source, index = name(step["activate"]), step.get("ability", 0)
    card = next(
        (
            s.get("enter")
            for s in board.get("steps") or []
            if isinstance(s, dict) and s.get("as") == step["activate"] and "enter" in s
        ),
        None,
    )
    if isinstance(card, dict):
        paragraphs = [str(p) for p in card.get("abilities", []) if isinstance(p, str)]
    elif isinstance(card, str):
        found = library_card(card)
        paragraphs = list(found.rules_text) if found else []
    else:
        paragraphs = []
    if isinstance(index, int) and 0 <= index < len(paragraphs):
        text = REMINDER.sub("", paragraphs[index]).strip()[:200]
        return f"{possessive(source)} ability “{text}” resolves"
    place = ordinal(index + 1) if isinstance(index, int) else "an"
    return f"the {place} ability of {source} resolves"


def _describe_action(step: dict[str, Any], name: Namer) -> str:
    if "enter" in step:
        extra = f" attached to {name(step['attach'])}" if step.get("attach") else ""
        who = step.get("controller", "?")
        # CR 708.2; disguised or cloaked, it has ward {2} (702.168a, 701.58a).
        way = step.get("face_down")
        down = f" face down ({FACE_DOWN_WORDS[way]})" if way in FACE_DOWN_WORDS else ""
        down = down or (" face down" if way is True else "")
        return f"{_card_name(step['enter'])} enters{down} under {who}'s control{extra}"
    if "cast" in step:
        targets = step.get("targets") or []
        targeting = f", targeting {', '.join(name(t) for t in targets)}" if targets else ""
        text = spell_text(step["cast"])
        said = f" (“{text}”)" if text else ""
        return f"{_card_name(step['cast'])}{said} resolves{targeting}"
    for verb, way in (("turn_face_up", "up"), ("turn_face_down", "down")):
        if verb in step:
            # "As this Aura is turned face up, you may attach it to a creature" (CR 614.1e).
            extra = f" and attached to {name(step['attach'])}" if step.get("attach") else ""
            return f"{name(str(step[verb]))} is turned face {way}{extra}"
    if "attach" in step:
        return f"{name(step['attach'])} becomes attached to {name(step['to'])}"
    if "counters" in step:
        n = step.get("n", 1)
        plural = "s" if abs(n) != 1 else ""
        verb = "put on" if n >= 0 else "removed from"
        return f"{abs(n)} {step['counters']} counter{plural} {verb} {name(step['on'])}"
    if "damage" in step:
        return f"{step['damage']} damage marked on {name(step['on'])}"
    if "leave" in step:
        where = ZONE_WORDS.get(step.get("to", "graveyard"), "another zone")
        return f"{name(step['leave'])} leaves the battlefield (to {where})"
    if "end" in step:
        ended = name(step["end"])
        return f"{possessive(ended)} effect ends" if ended != step["end"] else "an effect ends"
    verb = next(iter(step))
    return f"{name(str(step[verb]))}: {verb.replace('_', ' ')}"


ZONE_WORDS = {
    "graveyard": "its owner's graveyard",
    "exile": "exile",
    "hand": "its owner's hand",
    "library": "its owner's library",
    "library_top": "the top of its owner's library",
    "library_bottom": "the bottom of its owner's library",
}


@dataclass
class StepRow:
    index: int
    label: str | None
    text: str
    first: bool
    last: bool
    replacements: tuple[ReplacementStory, ...] = ()


def step_rows(board: dict[str, Any], stories: tuple[ReplacementStory, ...] = ()) -> list[StepRow]:
    """The timeline's rows; ``stories``: the replacement effects each step met."""
    steps = board.get("steps", [])
    name = board_namer(board)
    return [
        StepRow(
            i,
            step.get("as"),
            describe_step(step, name, board),
            i == 0,
            i == len(steps) - 1,
            tuple(s for s in stories if s.step == i),
        )
        for i, step in enumerate(steps)
    ]


# --- Replacement effects the steps met (CR 614-616) ---------------------------------


def object_names(result: Result) -> dict[str, str]:
    """Each label's card name as the board gives it (permanents and the board's spells; a
    permanent that became a copy keeps its own name), for learners' words."""
    names = card_names(result.board.raw)
    for obj in result.game.objects:
        if obj.card.name and obj.label not in names:
            names[obj.label] = obj.card.name
    return names


def replacement_stories(loaded: LoadedBoard) -> tuple[ReplacementStory, ...]:
    """Every step whose event met replacement or prevention effects, in learners' words
    (``replacements.replacement_story``), in the order the steps happened."""
    return _stories(canonical_json(_content(loaded.board)))


@lru_cache(maxsize=32)
def _stories(content: str) -> tuple[ReplacementStory, ...]:
    board = json.loads(content)
    result = _evaluate(content)
    steps = board.get("steps", [])
    names = object_names(result)
    stories = []
    controllers = board_controllers(board)
    for choice in result.game.choices_made:
        step = steps[choice.step] if choice.step is not None else None
        story = replacement_story(choice, step=step, names=names, controllers=controllers)
        if choice.step is not None:
            decided = entering_step_deciding(board, choice.step, namer(names, controllers))
            story = dataclasses.replace(story, deciding=decided)
        stories.append(story)
    return tuple(stories)


def order_options(loaded: LoadedBoard, index: int) -> tuple[OrderOption, ...]:
    """The legal orders of the replacement effects step ``index`` meets, when they lead
    to different results (none otherwise: there is nothing to choose)."""
    return tuple(
        option
        for story in replacement_stories(loaded)
        if story.step == index
        for option in story.options
    )


def source_steps(board: dict[str, Any], source: str) -> list[int]:
    """The steps that created an effect's source (for "what if it hadn't happened?")."""
    return [i for i, step in enumerate(board.get("steps", [])) if step.get("as") == source]


def stepper_links(embedded_at: str | None) -> dict[str, Any]:
    """How a stepper's links behave (template context): on the stepper's own page they are
    relative and change the address; embedded in another page at ``embedded_at`` they go
    to that address and leave the page's own address alone."""
    embedded = embedded_at is not None
    return {
        "embedded": embedded,
        "base": embedded_at or "",
        "push": "false" if embedded else "true",
        "embed_param": "&embedded=1" if embedded else "",
    }


@dataclass(frozen=True)
class LayerStep:
    """One step of the layer stepper for one object, as the request asked for it."""

    name: str
    frame: Frame
    count: int
    predict: bool
    hide: bool
    verdict: Verdict | None
    question: str = ""  # predict mode's question, about what this step changes
    not_modelled: tuple[Unmodelled, ...] = ()
    replacements: tuple[ReplacementStory, ...] = ()


def layer_step(loaded: LoadedBoard, label: str, params: Mapping[str, str]) -> LayerStep:
    """The step the request names (``?step=N``), hidden until guessed in predict mode."""
    result = loaded.result
    if label not in result.evaluation.chars or result.game.object(label) is None:
        raise BoardProblem(f'there is no object labelled "{label}" on this board')
    all_frames = frames(result, label)
    try:
        number = int(params.get("step", "0"))
    except ValueError:
        raise BoardProblem("the step number must be a whole number") from None
    if not 0 <= number < len(all_frames):
        raise BoardProblem(f"this object's walk-through has steps 0 to {len(all_frames) - 1}")
    frame = all_frames[number]
    predict = params.get("predict") == "1"
    guess = params.get("guess")
    return LayerStep(
        name=result_namer(result)(label),
        frame=frame,
        count=len(all_frames),
        predict=predict,
        hide=predict and guess is None and frame.kind == "effect",
        verdict=judge(frame, guess[:200]) if predict and guess is not None else None,
        question=predict_question(frame),
        not_modelled=result_unmodelled(result),
        replacements=frame_replacements(replacement_stories(loaded), label, frame),
    )


def frame_replacements(
    stories: tuple[ReplacementStory, ...], label: str, frame: Frame
) -> tuple[ReplacementStory, ...]:
    """The replacement effects to tell at a layer-stepper frame: at the frame of an
    object's counters (layer 7c, or 6 for keyword counters), every step whose event put
    counters of that kind on it; at the printed card, any other event about it (how it
    entered, ...)."""
    if frame.kind == "effect" and frame.effect_id.startswith(f"{label}:"):
        kind = frame.effect_id.removeprefix(f"{label}:")
        return tuple(s for s in stories if (label, kind) in s.counters)
    if frame.kind == "printed":
        return tuple(
            s
            for s in stories
            if label in s.objects and not any(on == label for on, _ in s.counters)
        )
    return ()
