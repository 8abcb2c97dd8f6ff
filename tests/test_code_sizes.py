"""The code stays in reviewable pieces (issue 25): no module in rules_engine/ or tutor/ over
1,000 lines, no function over 100 (migrations aside: Django writes them)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules_engine", "tutor")
MAX_MODULE_LINES = 1000
MAX_FUNCTION_LINES = 100


def _modules(package: str) -> list[Path]:
    return [p for p in sorted((ROOT / package).rglob("*.py")) if "migrations" not in p.parts]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_is_over_1000_lines(package):
    long = {
        str(path.relative_to(ROOT)): lines
        for path in _modules(package)
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"split these by job: {long}"


@pytest.mark.parametrize("package", PACKAGES)
def test_no_function_is_over_100_lines(package):
    long = {}
    for path in _modules(package):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long[f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"] = lines
    assert not long, f"split these: {long}"
