"""The command line: JSON answers, a readable trace, and faults named by path."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from rules_engine.cli import main

OGRE = Path(__file__).resolve().parent.parent / "boards" / "cr"


def _board(tmp_path: Path, data: dict) -> str:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    return str(path)


GRAY_OGRE = {
    "format": "mtg-board/1",
    "players": ["Alice", "Bob"],
    "steps": [
        {"enter": "Gray Ogre", "as": "ogre", "controller": "Alice"},
        {"counters": "+1/+1", "on": "ogre", "n": 1},
        {"cast": "Giant Growth", "as": "pump", "controller": "Alice", "targets": ["ogre"]},
    ],
    "ask": {"characteristics": "ogre"},
}


def test_evaluate_prints_the_answer_as_json(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["evaluate", _board(tmp_path, GRAY_OGRE)], out=out) == 0
    answer = json.loads(out.getvalue())
    assert answer["answer"]["characteristics"]["power"] == 6
    assert answer["answer"]["characteristics"]["toughness"] == 6
    assert [step["layer"] for step in answer["trace"]] == ["7c", "7c"]


def test_explain_prints_a_readable_trace(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["evaluate", "--explain", _board(tmp_path, GRAY_OGRE)], out=out) == 0
    text = out.getvalue()
    assert "Layer 7c" in text
    assert "613.4c" in text
    assert "ogre: Gray Ogre [Creature - Ogre] R 6/6" in text


def test_a_malformed_board_names_the_json_path_and_exits_2(tmp_path: Path) -> None:
    bad = dict(GRAY_OGRE, steps=[*GRAY_OGRE["steps"], {"counters": "+1/+1", "on": "ogre2"}])
    result = subprocess.run(
        [sys.executable, "-m", "rules_engine", "evaluate", _board(tmp_path, bad)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert (
        'steps[3].on: no object or player labelled "ogre2" (labels so far: ogre, pump)'
        in result.stderr
    )
    assert "Traceback" not in result.stderr


def test_an_ability_the_grammar_cannot_read_is_quoted(tmp_path: Path) -> None:
    card = {
        "name": "Odd Idol",
        "types": ["Artifact"],
        "abilities": ["Creatures you control dance wildly."],
    }
    bad = dict(GRAY_OGRE, steps=[{"enter": card, "as": "idol"}], ask=None)
    result = subprocess.run(
        [sys.executable, "-m", "rules_engine", "evaluate", _board(tmp_path, bad)],
        capture_output=True,
        text=True,
    )
    # The board goes on; the answer names the paragraph, with the grammar's reason.
    assert result.returncode == 0, result.stderr
    (gap,) = json.loads(result.stdout)["not_modelled"]
    assert gap["object"] == "idol" and gap["ability"] == "Creatures you control dance wildly."
    assert "can't read" in gap["why"]


def test_invalid_json_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{ nope")
    result = subprocess.run(
        [sys.executable, "-m", "rules_engine", "evaluate", str(path)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "not valid JSON" in result.stderr


def test_event_prints_the_choice_tree_and_outcomes(tmp_path: Path) -> None:
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Doubling Season", "as": "ds", "controller": "Alice"},
            {"enter": "Hardened Scales", "as": "hs", "controller": "Alice"},
            {"enter": "Grizzly Bears", "as": "bear", "controller": "Alice"},
        ],
        "ask": {"event": {"counters": "+1/+1", "on": "bear", "n": 1}},
    }
    out = io.StringIO()
    assert main(["event", _board(tmp_path, board)], out=out) == 0
    answer = json.loads(out.getvalue())
    assert answer["tree"]["chooser"] == "Alice"
    assert answer["tree"]["rule"] == "616.1e"
    counts = sorted(o["results"][0]["n"] for o in answer["outcomes"])
    assert counts == [3, 4]


def test_a_malformed_event_names_the_json_path(tmp_path: Path) -> None:
    board = {
        "players": ["Alice", "Bob"],
        "steps": [],
        "ask": {"event": {"damage": 2, "from": "x", "to": "Bob"}},
    }
    result = subprocess.run(
        [sys.executable, "-m", "rules_engine", "event", _board(tmp_path, board)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert 'ask.event.from: no object labelled "x"' in result.stderr
    assert "Traceback" not in result.stderr


def test_text_that_is_not_valid_unicode_is_escaped_not_a_crash(tmp_path: Path) -> None:
    board = tmp_path / "surrogate.json"
    board.write_text(
        '{"format": "mtg-board/1", "players": ["Alice", "Bob"], "steps": [{"enter": '
        '{"name": "\\ud800", "types": ["Creature"], "power": 1, "toughness": 1}, "as": "x"}]}',
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-m", "rules_engine", "evaluate", "--explain", str(board)],
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
