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
from typing import IO

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 30


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """One Daphne process on a fixed port: it can be killed (SIGKILL, as a crash or the
    kernel's OOM killer would) and started again on the same port, as a load balancer's
    back end comes back at the same address."""

    def __init__(self, env: Mapping[str, str], log: IO[str]) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = env
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "tutor.asgi:application"],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        _wait_for(self.port, self.process, self.log)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


@contextmanager
def daphne_server(env: Mapping[str, str | None]) -> Iterator[Server]:
    """A started ``Server``. ``env`` changes this process's environment for it (``None``
    removes a variable); DEBUG is off and the loopback hosts are allowed."""
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
        server = Server(merged, log)
        try:
            server.start()
            yield server
        finally:
            server.stop()


@contextmanager
def daphne(env: Mapping[str, str | None]) -> Iterator[str]:
    """Yields the base URL of a Daphne process (see ``daphne_server``)."""
    with daphne_server(env) as server:
        yield server.url


def _wait_for(port: int, process: subprocess.Popen[bytes], log: IO[str]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"daphne exited: {log.read()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"daphne did not start in {START_SECONDS} s")
