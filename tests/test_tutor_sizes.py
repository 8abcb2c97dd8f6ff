"""The site's code stays in reviewable pieces (issue 25): no module in tutor/ over 1,000
lines, no function over 100 (migrations aside: Django writes them)."""

from __future__ import annotations

import ast
from pathlib import Path

TUTOR = Path(__file__).resolve().parent.parent / "tutor"
MAX_MODULE_LINES = 1000
MAX_FUNCTION_LINES = 100


def _modules() -> list[Path]:
    return [p for p in sorted(TUTOR.rglob("*.py")) if "migrations" not in p.parts]


def test_no_module_in_tutor_is_over_1000_lines():
    long = {
        str(path.relative_to(TUTOR.parent)): lines
        for path in _modules()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"split these by job: {long}"


def test_no_function_in_tutor_is_over_100_lines():
    long = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long[f"{path.relative_to(TUTOR.parent)}:{node.lineno} {node.name}"] = lines
    assert not long, f"split these: {long}"
