"""Every curated puzzle file: the engine poses it, its key agrees with the file's
authoritative answer, and the library covers every theme."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from rules_engine.ask.event import event_answer
from tests.engine.test_event_boards import mismatches
from tests.puzzles.helpers import seed_file
from tests.web.boards import with_peek
from tutor.boards.services import unmodelled
from tutor.puzzles.content import puzzle_files
from tutor.puzzles.questions import question_for
from tutor.puzzles.services import seed_short_id
from tutor.puzzles.spec import ANSWER_KEYS, PuzzleFileError, question_board, read_puzzle
from tutor.puzzles.themes import DIFFICULTIES, THEMES

FILES = puzzle_files()
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def test_the_library_ships_at_least_sixty_puzzles_covering_every_theme_and_difficulty():
    assert len(FILES) >= 60
    specs = [read_puzzle(path) for path in FILES]
    themes = Counter(theme for spec in specs for theme in spec.themes)
    assert {theme.slug for theme in THEMES} <= {t for t, n in themes.items() if n >= 3}, themes
    difficulties = Counter(spec.difficulty for spec in specs)
    assert all(difficulties[d.slug] >= 4 for d in DIFFICULTIES), difficulties
    assert len({spec.title for spec in specs}) == len(specs), "titles repeat"
    assert len({seed_short_id(spec.slug) for spec in specs}) == len(specs)


def _key_from_expect(data: dict, field: str) -> tuple[str, ...] | None:
    """The file's authoritative answer in the question's terms, where the file states it."""
    expect = data.get("expect", {})
    ask = data["ask"]
    if "order" in ask:
        return tuple(expect["order"])
    if "depends" in ask:
        return ("yes" if expect["depends"] else "no",)
    label = ask.get("characteristics")
    shown = expect.get("objects", {}).get(label, {})
    if field == "pt" and "power" in shown:
        return (f"{shown['power']}/{shown['toughness']}",)
    if field in shown:
        value = shown[field]
        return (value,) if isinstance(value, str) else tuple(sorted(value))
    return None


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_puzzle_is_posed_by_the_engine_and_agrees_with_its_source(path: Path):
    spec = read_puzzle(path)
    data = json.loads(path.read_text())
    assert data.get("source"), "a curated puzzle names where its answer comes from"
    assert not set(ANSWER_KEYS) & set(spec.board), "the stored board carries no answer"
    question = question_for(spec.board, spec.field)
    if "event" in data["ask"]:
        # The engine's outcomes are the file's, result for result (not just as many).
        board = {k: v for k, v in data.items() if k != "puzzle"}
        problems = mismatches(board, event_answer(board))
        assert not problems, f"{path.name}:\n  " + "\n  ".join(problems)
        assert len(question.right) == len(data["expect"]["outcomes"])
        assert len(question.options) > len(question.right), "at least one wrong outcome"
        return
    stated = _key_from_expect(data, spec.field)
    if stated is not None:
        assert question.right == stated
    assert question.key_text.lower() not in spec.title.lower() or len(question.key_text) < 3


@pytest.mark.django_db
def test_loading_twice_keeps_the_puzzles_their_ids_and_their_ratings():
    from tutor.puzzles.content import load_puzzles
    from tutor.puzzles.models import Puzzle

    assert load_puzzles() == f"{len(FILES)} curated puzzles"
    first = Puzzle.objects.order_by("short_id").first()
    Puzzle.objects.filter(pk=first.pk).update(rating=1777, attempts=3)
    load_puzzles()
    assert Puzzle.objects.count() == len(FILES)
    again = Puzzle.objects.get(short_id=first.short_id)
    assert (again.rating, again.attempts) == (1777, 3)
    assert {p.short_id for p in Puzzle.objects.all()} == {
        seed_short_id(path.stem) for path in FILES
    }


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_engine_models_everything_on_each_curated_puzzle(path: Path):
    board = question_board(json.loads(path.read_text()), "")
    assert unmodelled(board) == ()


def test_a_puzzle_file_whose_board_the_engine_does_not_model_is_refused(tmp_path: Path):
    data = json.loads(seed_file("pt").read_text())
    path = tmp_path / "peeking.json"
    path.write_text(json.dumps(with_peek(data)))
    with pytest.raises(
        PuzzleFileError, match=rf"^{re.escape(str(path))}: .*Clash with an opponent\. \(on Peek\)"
    ):
        read_puzzle(path)


@pytest.mark.parametrize(
    ("stem", "trap"),
    [
        ("skyreach-plateau-under-plains-decree", "Flying"),
        ("ossuary-moor-under-drowning-tide", "Zombie"),
    ],
)
def test_a_puzzle_about_an_effect_that_never_applies_offers_what_it_would_have_given(
    stem: str, trap: str
):
    """The trap answer (the land's ability applied after all) is among the options, computed
    from the board without the effect that switches it off, and it is wrong."""
    spec = read_puzzle(next(path for path in FILES if path.stem == stem))
    question = question_for(spec.board, spec.field)
    texts = {option.text: option.key for option in question.options}
    assert trap in texts
    assert texts[trap] not in question.right


def test_the_biomancer_puzzle_says_the_power_it_has_when_the_bears_enter():
    """Master Biomancer entered after Grumgully with its extra counter: power 3, not 2."""
    path = next(path for path in FILES if path.stem == "grumgully-and-biomancer-welcome-a-bear")
    description = json.loads(path.read_text())["puzzle"]["description"]
    assert "power is 3" in description and "power 2" not in description
