"""Every replacement/prevention example under tests/boards/ gives its authoritative outcomes."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.engine.boards import board_data, board_files, board_params, explored


def _multiset(results: list[dict[str, Any]]) -> Counter[str]:
    return Counter(json.dumps(r, sort_keys=True) for r in results)


def _path_names(path: list[str], effects: dict[str, dict[str, str]]) -> list[set[str]]:
    names = []
    for eid in path:
        info = effects.get(eid, {})
        names.append(
            {eid, eid.split("#")[0], info.get("source", eid), info.get("source_name", eid)}
        )
    return names


def _paths_match(
    expected: list[list[str]], actual: list[list[str]], effects: dict[str, Any]
) -> bool:
    if len(expected) != len(actual):
        return False
    remaining = [_path_names(p, effects) for p in actual]
    for want in expected:
        for i, have in enumerate(remaining):
            if len(have) == len(want) and all(w in h for w, h in zip(want, have, strict=True)):
                del remaining[i]
                break
        else:
            return False
    return True


def mismatches(data: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    """Every difference between the file's ``expect`` and ``answer``, the engine's."""
    problems = []
    expected = data["expect"]["outcomes"]
    actual = answer["outcomes"]
    unmatched = list(actual)
    for want in expected:
        found = next(
            (a for a in unmatched if _multiset(a["results"]) == _multiset(want["results"])), None
        )
        if found is None:
            problems.append(f"missing outcome {want['results']}")
            continue
        unmatched.remove(found)
        if "paths" in want and not _paths_match(want["paths"], found["paths"], answer["effects"]):
            problems.append(
                f"outcome {want['results']}: paths {found['paths']}, expected {want['paths']}"
            )
    for extra in unmatched:
        problems.append(f"unexpected outcome {extra['results']} via {extra['paths']}")
    return problems


@pytest.mark.parametrize("path", board_params(board_files("events")))
def test_event_board_gives_its_expected_outcomes(path: Path) -> None:
    data = board_data(path)
    assert data.get("source"), "every board names the source of its answer"
    # The event answer is the JSON of the board's exploration (``event_answer``), shared
    # with the other checks of this board.
    problems = mismatches(data, explored(path).as_json())
    assert not problems, f"{path.name} ({data['source']}):\n  " + "\n  ".join(problems)
