"""Reading lesson files (docs/lessons.md): TOML front matter, Markdown body, board files.

``read_lesson`` checks a file completely (keys, concept, boards the engine can
answer) so that ``load_content`` never stores a lesson a page can't show.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules_engine import BoardError, evaluate_board, event_answer
from tutor.boards.services import BoardProblem, ensure_modelled
from tutor.learn.concepts import CONCEPT_BY_SLUG
from tutor.learn.items import FIELDS

FRONT_MATTER = re.compile(r"\A\+\+\+\n(.*?)\n\+\+\+\n(.*)\Z", re.S)
FILE_NAME = re.compile(r"^(\d\d)-([a-z0-9-]+)\.md$")
STEPPER_MARK = "[[stepper]]"
ANSWER_KEYS = ("expect", "source", "source_note")


class LessonFileError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class LessonSpec:
    number: int
    slug: str
    title: str
    concept: str
    summary: str
    rules: tuple[str, ...]
    body: str
    # Boards by file name, without their answers (expect, source).
    boards: dict[str, dict[str, Any]]
    practice: tuple[str, ...]
    stepper_board: str
    stepper_object: str  # "" for an event stepper


def _board(folder: Path, name: str, where: str) -> dict[str, Any]:
    path = folder / name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise LessonFileError(f"{where}: board {name} can't be read ({error})") from error
    board = {k: v for k, v in data.items() if k not in ANSWER_KEYS}
    try:
        if "event" in (board.get("ask") or {}):
            event_answer(board)
        else:
            evaluate_board(board)
        # A lesson teaches from the engine's answers: they must cover the whole board.
        ensure_modelled(board)
    except BoardError as error:
        raise LessonFileError(f"{where}: board {name}: {error}") from error
    except BoardProblem as problem:
        raise LessonFileError(f"{where}: board {name}: {problem}") from problem
    return board


def read_lesson(path: Path) -> LessonSpec:
    where = str(path)
    match = FILE_NAME.match(path.name)
    if match is None:
        raise LessonFileError(f"{where}: name it NN-slug.md")
    parts = FRONT_MATTER.match(path.read_text(encoding="utf-8"))
    if parts is None:
        raise LessonFileError(f"{where}: no +++ front matter")
    try:
        meta = tomllib.loads(parts[1])
    except tomllib.TOMLDecodeError as error:
        raise LessonFileError(f"{where}: front matter: {error}") from error
    concept = meta.get("concept")
    if concept not in CONCEPT_BY_SLUG:
        raise LessonFileError(f"{where}: concept must be one of {', '.join(CONCEPT_BY_SLUG)}")
    stepper = meta.get("stepper") or {}
    practice = tuple(meta.get("practice") or ())
    if not 2 <= len(practice) <= 5:
        raise LessonFileError(f"{where}: practice lists 2 to 5 boards")
    folder = path.parent / "boards"
    # "file.json#abilities": the characteristic the question asks about (docs/lessons.md).
    fields = {entry.partition("#")[2] for entry in practice} - {""}
    if fields - set(FIELDS):
        raise LessonFileError(f"{where}: a practice entry asks for one of {', '.join(FIELDS)}")
    names = {entry.partition("#")[0] for entry in practice} | {stepper.get("board", "")}
    boards = {name: _board(folder, name, where) for name in sorted(names)}
    obj = "" if stepper.get("event") else str(stepper.get("object", ""))
    if not stepper.get("event") and not obj:
        raise LessonFileError(f"{where}: the stepper needs an object, or event = true")
    labels = {s.get("as") for s in boards[stepper["board"]].get("steps", []) if isinstance(s, dict)}
    if obj and obj not in labels:
        raise LessonFileError(f'{where}: the stepper board has no object labelled "{obj}"')
    body = parts[2]
    if STEPPER_MARK not in body:
        body = body.rstrip() + f"\n\n{STEPPER_MARK}\n"
    return LessonSpec(
        number=int(match[1]),
        slug=match[2],
        title=str(meta.get("title", "")).strip() or match[2],
        concept=concept,
        summary=str(meta.get("summary", "")),
        rules=tuple(meta.get("rules") or ()),
        body=body,
        boards=boards,
        practice=practice,
        stepper_board=stepper["board"],
        stepper_object=obj,
    )
