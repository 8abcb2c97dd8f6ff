"""``TEST_SCOPE=services`` (the PostgreSQL and Redis pass of .ci/run) runs again only what
the database, cache or channel layer can change (tests/conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import REPO_ROOT, SERVICES_BOARD_STRIDE

pytestmark = pytest.mark.database_free

FILES = ["tests/engine/test_ids.py", "tests/web/test_every_example_board.py"]


def collect(scope: str, files: list[str]) -> subprocess.CompletedProcess[str]:
    """``pytest --collect-only`` of these files in a new process with this TEST_SCOPE."""
    env = {**os.environ, "TEST_SCOPE": scope}
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *files],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def collected(scope: str) -> list[str]:
    run = collect(scope, FILES)
    assert run.returncode == 0, run.stdout + run.stderr
    return [line for line in run.stdout.splitlines() if "::" in line]


def test_the_services_pass_skips_the_engine_and_walks_every_tenth_board():
    everything = collected("all")
    services = collected("services")
    walks = [n for n in everything if "test_every_example_board" in n]
    assert any(n.startswith("tests/engine/") for n in everything)
    assert not any(n.startswith("tests/engine/") for n in services)
    assert services == walks[::SERVICES_BOARD_STRIDE]


def test_an_unknown_scope_is_a_usage_error():
    run = collect("some", FILES[:1])
    assert run.returncode != 0
    assert "TEST_SCOPE='some'" in run.stdout + run.stderr
