"""Checking a worked-example board file against the engine (tests/boards/README.md).

Each board file is read and answered once per test process (``board_data``,
``evaluated``, ``explored``: caches keyed by the file's path), and every check of it
reads that one answer: the expected answer, the same answer without the dependency
caches, the typed exploration and its words. ``board_params`` marks a board's tests
with one ``xdist_group``, so that under pytest-xdist (``--dist loadgroup``) they run
in the same worker and share it there too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rules_engine.ask.characteristics import Result, answer_json, evaluate_board, resolve_effect_id
from rules_engine.ask.event import EventExploration, explore_event
from rules_engine.vocabulary import CREATURE_TYPES

BOARDS = Path(__file__).resolve().parent.parent / "boards"
LIST_FIELDS = {"supertypes", "types", "subtypes", "colors", "abilities"}


def _path(board: Path | str) -> Path:
    """A board file's path: as given, or relative to tests/boards/."""
    return board if isinstance(board, Path) else BOARDS / board


@cache
def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def board_data(board: Path | str) -> dict[str, Any]:
    """The board file as written (a fresh dict each call: a test may change its copy)."""
    return json.loads(_text(_path(board)))


@dataclass(frozen=True)
class Evaluated:
    """The engine's evaluation of a layers board file, and its JSON answer."""

    result: Result
    answer: dict[str, Any]


@cache
def _evaluated(path: Path) -> Evaluated:
    result = evaluate_board(board_data(path))
    return Evaluated(result, answer_json(result))


def evaluated(board: Path | str) -> Evaluated:
    """``evaluate_board`` of the file as written, once per test process. Shared: read it,
    never change it."""
    return _evaluated(_path(board))


@cache
def _explored(path: Path) -> EventExploration:
    data = board_data(path)
    data.pop("expect", None)
    return explore_event(data)


def explored(board: Path | str) -> EventExploration:
    """``explore_event`` of an event board file without its answer key (as the site sees
    it; the engine ignores ``expect``), once per test process. Shared: read it only."""
    return _explored(_path(board))


def board_files(kind: str = "layers") -> list[Path]:
    """Board files whose ``ask`` is (not) an event."""
    files = []
    for path in sorted(BOARDS.rglob("*.json")):
        data = board_data(path)
        is_event = "event" in (data.get("ask") or {})
        if (kind == "events") == is_event:
            files.append(path)
    return files


def board_group(board: Path | str) -> pytest.MarkDecorator:
    """One xdist group per board file: its checks run in one worker, sharing one answer."""
    return pytest.mark.xdist_group(f"board:{_path(board).relative_to(BOARDS)}")


def board_params(boards: list[Path] | list[str]) -> list[Any]:
    """``parametrize`` values for board files: each with its board's xdist group and the
    file's path under tests/boards/ as its id."""
    return [
        pytest.param(board, id=str(_path(board).relative_to(BOARDS)), marks=board_group(board))
        for board in boards
    ]


def _same_subtypes(expected: list[str], actual: dict[str, Any]) -> bool:
    explicit = set(actual.get("subtypes", []))
    if set(expected) == explicit:
        return True
    if not actual.get("all_creature_types"):
        return False
    wanted = set(expected)
    non_creature = {s for s in explicit if s not in CREATURE_TYPES}
    return non_creature <= wanted and wanted - non_creature <= set(CREATURE_TYPES)


def _normal(text: str) -> str:
    return text.lower().rstrip(".").strip()


def mismatches(data: dict[str, Any], evaluation: Evaluated | None = None) -> list[str]:
    """Every difference between the file's ``expect`` and the engine's answer
    (``evaluation``: the board's, already made; else evaluated here)."""
    if evaluation is None:
        result = evaluate_board(data)
        evaluation = Evaluated(result, answer_json(result))
    result, answer = evaluation.result, evaluation.answer
    expect = data["expect"]
    problems: list[str] = []
    objects = answer["objects"]
    for label, fields in expect.get("objects", {}).items():
        actual = objects.get(label)
        if actual is None:
            problems.append(f"{label}: not in the answer")
            continue
        for key, value in fields.items():
            got = actual.get(key)
            if key == "subtypes":
                ok = _same_subtypes(value, actual)
            elif key == "abilities":
                ok = {_normal(v) for v in value} == {_normal(v) for v in got or []}
            elif key == "all_creature_types":
                ok = bool(value) == bool(got)  # the engine writes it only when true
            elif key in LIST_FIELDS:
                ok = set(value) == set(got or [])
            else:
                ok = value == got
            if not ok:
                problems.append(f"{label}.{key}: expected {value!r}, engine says {got!r}")
    for player, fields in expect.get("players", {}).items():
        actual_player = answer["players"].get(player, {})
        for key, value in fields.items():
            if actual_player.get(key) != value:
                problems.append(
                    f"{player}.{key}: expected {value!r}, engine says {actual_player.get(key)!r}"
                )
    for key, present in (("abilities_include", True), ("abilities_exclude", False)):
        for label, wanted in expect.get(key, {}).items():
            have = {_normal(a) for a in objects.get(label, {}).get("abilities", [])}
            for ability in wanted:
                if (_normal(ability) in have) != present:
                    verb = "lacks" if present else "still has"
                    problems.append(f"{label} {verb} {ability!r} (abilities: {sorted(have)})")
    if "order" in expect:
        got = [e["effect"] for e in answer["answer"].get("order", {}).get("effects", [])]
        names = result.display_ids()
        wanted = [
            set(resolve_effect_id(result.evaluation, e, "expect.order")) for e in expect["order"]
        ]
        internal = [eid for name in got for eid, shown in names.items() if shown == name]
        if len(internal) != len(wanted) or any(
            i not in w for i, w in zip(internal, wanted, strict=False)
        ):
            problems.append(f"order: expected {expect['order']}, engine says {got}")
    if "depends" in expect:
        got = answer["answer"].get("depends", {}).get("answer")
        if got != expect["depends"]:
            reason = answer["answer"].get("depends", {}).get("reason")
            problems.append(f"depends: expected {expect['depends']}, engine says {got} ({reason})")
    if "state_based_actions" in expect:
        want = {(s["action"], s["object"]) for s in expect["state_based_actions"]}
        got_sba = {(s["action"], s["object"]) for s in answer["state_based_actions"]}
        if want != got_sba:
            problems.append(
                f"state-based actions: expected {sorted(want)}, engine says {sorted(got_sba)}"
            )
    return problems
