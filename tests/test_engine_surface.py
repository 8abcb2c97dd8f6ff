"""One surface for the site (issue #25, docs/architecture.md): tutor/ imports the engine
only as ``from rules_engine import ...``, and only names ``rules_engine.__all__`` lists."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import rules_engine

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "tutor"
PACKAGE = "rules_engine"


def site_files() -> list[Path]:
    """tutor/'s modules; migrations apart (they are frozen history, never the engine)."""
    files = [p for p in sorted(SITE.rglob("*.py")) if "migrations" not in p.parts]
    assert files, "tutor/ has no Python files"
    return files


def _is_engine(module: str) -> bool:
    return module == PACKAGE or module.startswith(PACKAGE + ".")


def engine_imports(path: Path) -> Iterator[tuple[int, str, list[str]]]:
    """Every import of the engine in ``path``, at any depth: (line, module, names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _is_engine(alias.name):
                    yield node.lineno, alias.name, []
        elif isinstance(node, ast.ImportFrom) and not node.level and _is_engine(node.module or ""):
            yield node.lineno, node.module or "", [alias.name for alias in node.names]


def test_the_site_imports_only_the_engines_surface() -> None:
    surface = set(rules_engine.__all__)
    wrong = []
    for path in site_files():
        where = path.relative_to(ROOT)
        for line, module, names in engine_imports(path):
            if module != PACKAGE:
                wanted = ", ".join(names) or "what it uses"
                wrong.append(
                    f"{where}:{line} imports {module}: write `from rules_engine import "
                    f"{wanted}` (add {wanted} to rules_engine/__init__.py's surface if new)"
                )
            elif not names:
                wrong.append(f"{where}:{line}: `import rules_engine`; import the names instead")
            for name in names:
                if name not in surface:
                    wrong.append(
                        f"{where}:{line} imports {name}, not in the engine's surface: add "
                        f"{name} to rules_engine/__init__.py (__all__, _HOME and the "
                        "TYPE_CHECKING imports)"
                    )
    assert not wrong, "tutor/ imports only `from rules_engine import ...`:\n" + "\n".join(wrong)


def _typing_imports() -> dict[str, str]:
    """The names rules_engine/__init__.py imports under ``if TYPE_CHECKING:``, and from where."""
    tree = ast.parse(Path(rules_engine.__file__).read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                assert isinstance(child, ast.ImportFrom) and child.module
                for alias in child.names:
                    found[alias.asname or alias.name] = child.module
    return found


def test_the_surface_lists_agree() -> None:
    """``__all__`` (what the site may use), the TYPE_CHECKING imports (what mypy reads) and
    ``_HOME`` (where each name loads from when first used) name the same things."""
    lazy = {name: module for module, names in rules_engine._HOME.items() for name in names}
    typing = _typing_imports()
    eager = {"evaluate", "BoardError", "UnknownCard", "UnknownLabel"}
    modules = {name for name, module in typing.items() if module == PACKAGE}  # bounds
    assert len(rules_engine.__all__) == len(set(rules_engine.__all__)), "a name twice"
    assert set(rules_engine.__all__) == set(lazy) | eager | modules
    assert {name: module for name, module in typing.items() if name not in modules} == lazy


def test_every_name_of_the_surface_loads() -> None:
    for name in rules_engine.__all__:
        assert getattr(rules_engine, name) is not None, name
    missing = "no_such_name"
    try:
        getattr(rules_engine, missing)
    except AttributeError as error:
        assert missing in str(error)
    else:
        raise AssertionError("an unknown name must raise AttributeError")


def test_importing_the_package_loads_no_more_than_its_errors() -> None:
    """The surface loads lazily: ``import rules_engine`` stays cheap (the command line and
    the engine workers load only what they call)."""
    code = (
        "import sys, rules_engine\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'rules_engine'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['rules_engine', 'rules_engine.errors']"
