"""The README and Makefile a newcomer meets first."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_readme_opens_with_its_title_a_sentence_then_the_two_commands():
    lines = [line for line in (ROOT / "README.md").read_text().splitlines() if line.strip()]
    assert lines[0] == "# Layerlab"
    assert not lines[1].startswith(("#", "```")) and lines[1].endswith(".")
    assert lines[2:6] == ["```sh", "make run", "make test", "```"]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
@pytest.mark.parametrize(("args", "port"), [([], "8000"), (["PORT=8123"], "8123")])
def test_make_run_serves_on_the_port_given(args, port):
    dry_run = subprocess.run(
        ["make", "-n", "run", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert f"daphne -b 127.0.0.1 -p {port} tutor.asgi:application" in dry_run
