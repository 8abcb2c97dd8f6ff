"""A Daphne process serving the site on a free loopback port, for what an in-process server
can't show: websockets in a real browser, several processes sharing one Redis, load on
loopback. Used by tests and benchmarks, never by the site itself."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 30


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def daphne(env: Mapping[str, str | None]) -> Iterator[str]:
    """Yields the server's base URL. ``env`` changes this process's environment for it
    (``None`` removes a variable); DEBUG is off and the loopback hosts are allowed."""
    port = free_port()
    merged = {
        **os.environ,
        "DJANGO_DEBUG": "false",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONUNBUFFERED": "1",
    }
    for name, value in env.items():
        if value is None:
            merged.pop(name, None)
        else:
            merged[name] = value
    # A file, not a pipe: a pipe nobody reads fills up and stops the server.
    with tempfile.NamedTemporaryFile("w+", prefix="daphne-", suffix=".log") as log:
        command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
        process = subprocess.Popen(
            [*command, "tutor.asgi:application"],
            cwd=ROOT,
            env=merged,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait_for(port, process, log)
            yield f"http://127.0.0.1:{port}"
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def _wait_for(port: int, process: subprocess.Popen, log: object) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)  # type: ignore[attr-defined]
            raise RuntimeError(f"daphne exited: {log.read()[-2000:]}")  # type: ignore[attr-defined]
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"daphne did not start in {START_SECONDS} s")
