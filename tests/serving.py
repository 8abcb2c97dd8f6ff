"""A Daphne process serving the site on loopback, for what an in-process server can't show:
websockets in a real browser, several processes sharing one Redis, load on loopback. Used
by tests and benchmarks (bench/classroom.py, bench/web.py), never by the site itself.

The server picks its own port: Daphne binds port 0 and this module's child entry point
(``python -m tests.serving``) writes the port the kernel gave it to a file the parent
waits for. Nothing picks a free port, releases it and hopes it is still free when Daphne
binds it (another process on a shared machine, or another test worker, could take it in
between).
"""

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
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
START_SECONDS = 30


class Server:
    """One Daphne process. Its first start takes the port the kernel gives it; it can then
    be killed (SIGKILL, as a crash or the kernel's OOM killer would) and started again on
    that same port, as a load balancer's back end comes back at the same address."""

    def __init__(self, env: Mapping[str, str], log: IO[str], folder: Path) -> None:
        self.port = 0
        self.env = env
        self.log = log
        self.port_file = folder / "port"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        if not self.port:
            raise RuntimeError("the server has not started yet: it has no port")
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.port_file.unlink(missing_ok=True)
        command = [sys.executable, "-m", "tests.serving", str(self.port_file)]
        daphne = ["-b", "127.0.0.1", "-p", str(self.port), "tutor.asgi:application"]
        self.process = subprocess.Popen(
            [*command, *daphne],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.port = _wait_for_port(self.port_file, self.process, self.log)

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
    with (
        tempfile.TemporaryDirectory(prefix="daphne-") as folder,
        tempfile.NamedTemporaryFile("w+", prefix="daphne-", suffix=".log") as log,
    ):
        server = Server(merged, log, Path(folder))
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


@contextmanager
def closed_port() -> Iterator[int]:
    """A loopback port nothing listens on while the block runs: bound here and never
    listened on, so connecting to it is refused and no other process can take it."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        yield holder.getsockname()[1]


def _wait_for_port(port_file: Path, process: subprocess.Popen[bytes], log: IO[str]) -> int:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"daphne exited: {log.read()[-2000:]}")
        if port_file.exists():
            return int(port_file.read_text(encoding="ascii"))
        time.sleep(0.05)
    process.kill()
    raise RuntimeError(f"daphne did not start in {START_SECONDS} s")


def _serve(port_file: Path, arguments: list[str]) -> None:
    """Daphne's own command line, with one addition: once it listens, the port it listens
    on is written to ``port_file`` (whole, by a rename, so the parent never reads half)."""
    from daphne.cli import CommandLineInterface
    from daphne.server import Server as DaphneServer

    class ReportingServer(DaphneServer):
        def listen_success(self, port: Any) -> None:
            super().listen_success(port)
            written = port_file.with_suffix(".partial")
            written.write_text(str(port.getHost().port), encoding="ascii")
            written.replace(port_file)

    class ReportingCommandLine(CommandLineInterface):
        server_class = ReportingServer

    ReportingCommandLine().run(arguments)


if __name__ == "__main__":
    _serve(Path(sys.argv[1]), sys.argv[2:])
