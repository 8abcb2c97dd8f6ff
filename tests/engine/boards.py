"""Checking a worked-example board file against the engine (tests/boards/README.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules_engine.ask.characteristics import answer_json, evaluate_board, resolve_effect_id
from rules_engine.vocabulary import CREATURE_TYPES

BOARDS = Path(__file__).resolve().parent.parent / "boards"
LIST_FIELDS = {"supertypes", "types", "subtypes", "colors", "abilities"}


def board_files(kind: str = "layers") -> list[Path]:
    """Board files whose ``ask`` is (not) an event."""
    files = []
    for path in sorted(BOARDS.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        is_event = "event" in (data.get("ask") or {})
        if (kind == "events") == is_event:
            files.append(path)
    return files


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


def mismatches(data: dict[str, Any]) -> list[str]:
    """Every difference between the file's ``expect`` and the engine's answer."""
    result = evaluate_board(data)
    answer = answer_json(result)
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
