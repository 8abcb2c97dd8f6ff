"""Puzzle files: a board file (board format) with a ``puzzle`` block.

The repository's curated puzzles live in ``content/puzzles/`` as such files;
``read_puzzle`` checks one completely (the engine must be able to pose and
answer its question) before anything stores it. The block's keys are listed in
docs/board-format-extensions.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.boards.services import BoardProblem, ensure_modelled
from tutor.puzzles.questions import FIELDS, question_for
from tutor.puzzles.themes import DIFFICULTY_BY_SLUG, THEME_BY_SLUG

# Keys a board file may carry for tests and authors, which a stored puzzle's board drops:
# the expected answer and its source must not travel with the question.
ANSWER_KEYS = ("puzzle", "expect", "source", "source_note")
MAX_TITLE = 120
MAX_DESCRIPTION = 1000


class PuzzleFileError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class PuzzleSpec:
    slug: str
    title: str
    description: str
    board: dict[str, Any]
    field: str
    themes: tuple[str, ...]
    difficulty: str
    source: str


def question_board(data: dict[str, Any], title: str) -> dict[str, Any]:
    """The board a puzzle stores and shares: the file without its answer and notes."""
    board = {key: value for key, value in data.items() if key not in ANSWER_KEYS}
    board["title"] = title
    return board


def read_puzzle(path: Path) -> PuzzleSpec:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise PuzzleFileError(f"{path}: not a readable JSON file ({error})") from error
    block = data.get("puzzle") if isinstance(data, dict) else None
    if not isinstance(block, dict):
        raise PuzzleFileError(f'{path}: no "puzzle" block')
    title = str(data.get("title", "")).strip()
    description = str(block.get("description", "")).strip()
    field = str(block.get("field", "")) if "characteristics" in data.get("ask", {}) else ""
    themes = tuple(block.get("themes", ()))
    difficulty = str(block.get("difficulty", ""))
    problems = []
    if not 0 < len(title) <= MAX_TITLE:
        problems.append(f"a title of 1 to {MAX_TITLE} characters")
    if not 0 < len(description) <= MAX_DESCRIPTION:
        problems.append(f"a description of 1 to {MAX_DESCRIPTION} characters")
    if field and field not in FIELDS:
        problems.append(f"a field among {', '.join(FIELDS)}")
    if not themes or any(theme not in THEME_BY_SLUG for theme in themes):
        problems.append(f"themes among {', '.join(THEME_BY_SLUG)}")
    if difficulty not in DIFFICULTY_BY_SLUG:
        problems.append(f"a difficulty among {', '.join(DIFFICULTY_BY_SLUG)}")
    if problems:
        raise PuzzleFileError(f"{path}: the puzzle block needs {'; '.join(problems)}")
    board = question_board(data, title)
    try:
        ensure_modelled(board)
        question = question_for(board, field)
    except BoardProblem as problem:
        raise PuzzleFileError(f"{path}: {problem}") from problem
    dull = question.choice_problem()
    if dull:
        raise PuzzleFileError(f"{path}: the question doesn't make the learner choose: {dull}")
    return PuzzleSpec(
        slug=path.stem,
        title=title,
        description=description,
        board=board,
        field=field,
        themes=themes,
        difficulty=difficulty,
        source=str(data.get("source", "")),
    )
