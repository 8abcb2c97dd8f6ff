"""rules_engine/ is framework-free: it never imports Django (rules apart from I/O)."""

import ast
import subprocess
import sys
import textwrap

FORBIDDEN = "django"


def engine_files(repo_root):
    files = sorted((repo_root / "rules_engine").rglob("*.py"))
    assert files, "rules_engine/ has no Python files"
    return files


def imported_modules(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module, node.lineno


def test_no_engine_file_imports_django(repo_root):
    offenders = []
    for path in engine_files(repo_root):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for module, line in imported_modules(tree):
            if module == FORBIDDEN or module.startswith(FORBIDDEN + "."):
                offenders.append(f"{path.relative_to(repo_root)}:{line} imports {module}")

    assert not offenders, "the engine must not import Django:\n" + "\n".join(offenders)


def test_importing_every_engine_module_loads_no_django(repo_root):
    code = textwrap.dedent(
        """
        import importlib, pkgutil, sys
        package = importlib.import_module("rules_engine")
        names = [package.__name__]
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name.rsplit(".", 1)[-1] == "__main__":
                continue  # importing it would run the command line
            importlib.import_module(info.name)
            names.append(info.name)
        loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
        print(len(names), "modules imported")
        if loaded:
            sys.exit("Django was imported: " + ", ".join(loaded[:5]))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=repo_root,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "modules imported" in result.stdout
