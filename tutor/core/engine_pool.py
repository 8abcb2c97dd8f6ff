"""Engine work in worker processes, where a hard limit can stop it.

The engine bounds a board's work deterministically (``rules_engine/work.py``), but no
request may be able to take a server process down whatever slips past that bound: a
``MemoryError`` in a thread leaves the process alive with every thread waiting on a lock,
and a thread can't be stopped, so a refused class push used to keep computing. So the
engine work of the board pages, the JSON API and class pushes runs in a pool of worker
processes: each task has a wall-clock limit and each worker a memory limit (its address
space, ``RLIMIT_AS``). A task past its time is killed with its worker; a worker that runs
out of memory exits; either way a fresh worker takes its place and the caller gets
``EngineRefused`` with a sentence for the learner, never a hung process.

Workers fork from a process that loaded Django and the card library once (a forkserver
with those modules preloaded, ``engine_worker``), so replacing one costs a fork, not the
seconds of loading the library. Results come back pickled, and callers cache them by
content (``tutor/boards/engine.py``).

Only a server process starts the pool (``start``, from ``tutor/asgi.py`` and
``tutor/wsgi.py``); management commands and the shell, and the test suite (which sets
``ENGINE_POOL=false``, its pool tests make their own), run the same functions in the calling
thread (``run`` without a pool), where the engine's own work budget is the only bound.
Settings: ``ENGINE_POOL``, ``ENGINE_WORKERS``, ``ENGINE_TASK_MS``, ``ENGINE_WORKER_MEMORY_MB``,
``ENGINE_QUEUE_MS`` (docs/serving.md).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import pickle
import resource
import signal
import threading
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from pebble import ProcessExpired, ProcessPool

LOG = logging.getLogger(__name__)
T = TypeVar("T")

# A worker exits with this code when its task ran out of memory (os._exit: nothing more
# is allocated on the way out).
MEMORY_EXIT = 75
PRELOAD = "tutor.core.engine_worker"

TOO_SLOW = (
    "this board takes too long to work out (more than {seconds:g} s): use fewer permanents, "
    "effects or copies, or smaller numbers"
)
TOO_BIG = (
    "this board needs more memory than the server allows for one board: use fewer "
    "permanents, effects or tokens, or smaller numbers"
)
BUSY = "the server is busy working out other boards: try again in a few seconds"


class EngineRefused(Exception):
    """Engine work stopped by a hard limit: the message says why, in the learner's words."""


class EngineTooSlow(EngineRefused):
    """Past its time: killed with its worker."""


class EngineBusy(EngineRefused):
    """No worker was free in time: nothing is wrong with the board (a 503, not a 400)."""


@dataclass(frozen=True)
class Limits:
    workers: int
    task_seconds: float
    memory_bytes: int
    queue_seconds: float

    @classmethod
    def from_settings(cls) -> Limits:
        from django.conf import settings

        return cls(
            workers=settings.ENGINE_WORKERS,
            task_seconds=settings.ENGINE_TASK_MS / 1000,
            memory_bytes=settings.ENGINE_WORKER_MEMORY_MB * 1024 * 1024,
            queue_seconds=settings.ENGINE_QUEUE_MS / 1000,
        )


# --- In the worker -------------------------------------------------------------------


_IN_WORKER = False


def in_worker() -> bool:
    return _IN_WORKER


def _start_worker(memory_bytes: int) -> None:
    """A new worker: its memory limit, the mark that makes ``run`` call inline, and a stop
    that is immediate (pebble's own SIGTERM handler tidies up first, and waits for the task
    to reach Python code: a stuck regular expression would hold it for seconds)."""
    global _IN_WORKER
    _IN_WORKER = True
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@dataclass(frozen=True)
class _Failed:
    """An exception from the task that doesn't survive pickling as itself."""

    kind: str
    message: str
    path: str = ""


def _portable(error: BaseException) -> BaseException | _Failed:
    """The error itself when it pickles (a ``BoardError`` and its subclasses do, so the web
    process can tell an unknown label from another fault by its type); else its text."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return _Failed(type(error).__name__, str(error))
    return error


def _call(function: Callable[..., T], args: tuple[Any, ...]) -> tuple[bool, Any]:
    """Runs in the worker: (True, result), or (False, the exception in a portable form).
    Out of memory, the worker exits at once; the pool replaces it."""
    try:
        return True, function(*args)
    except MemoryError:
        os._exit(MEMORY_EXIT)
    except Exception as error:
        return False, _portable(error)


def _unwrap(outcome: tuple[bool, Any]) -> Any:
    ok, value = outcome
    if ok:
        return value
    if isinstance(value, _Failed):
        raise RuntimeError(f"{value.kind} in an engine worker: {value.message}")
    raise value


def _noop() -> None:
    return None


# --- In the server ---------------------------------------------------------------------


class Pool:
    """Worker processes with a time limit per task and a memory limit per worker."""

    def __init__(self, limits: Limits, preload: tuple[str, ...] = (PRELOAD,)) -> None:
        self.limits = limits
        self._context = multiprocessing.get_context("forkserver")
        # One forkserver per process: the first pool's preload is the one it gets.
        self._context.set_forkserver_preload(list(preload))
        self._lock = threading.Lock()
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPool:
        pool = ProcessPool(
            max_workers=self.limits.workers,
            initializer=_start_worker,
            initargs=(self.limits.memory_bytes,),
            context=self._context,
        )
        # Start the forkserver and the workers now, on a thread of their own: the preload
        # takes seconds, and the server must listen meanwhile (the first tasks wait).
        threading.Thread(
            target=pool.schedule, args=(_noop,), name="engine-pool-start", daemon=True
        ).start()
        return pool

    def submit(
        self, function: Callable[..., T], args: tuple[Any, ...], seconds: float | None
    ) -> tuple[concurrent.futures.Future[tuple[bool, Any]], float]:
        limit = self.limits.task_seconds if seconds is None else seconds
        try:
            return self._pool.schedule(_call, (function, args), timeout=limit), limit
        except RuntimeError:  # pebble gave the pool up (a worker lost while idle): anew
            with self._lock:
                if not self._pool.active:
                    LOG.error("engine pool broken: starting a new one")
                    self._pool = self._new_pool()
            return self._pool.schedule(_call, (function, args), timeout=limit), limit

    def run(self, function: Callable[..., T], *args: Any, seconds: float | None = None) -> T:
        future, limit = self.submit(function, args, seconds)
        try:
            outcome = future.result(timeout=limit + self.limits.queue_seconds)
        except concurrent.futures.TimeoutError:
            if not future.done():  # never started: every worker was busy
                future.cancel()
                raise EngineBusy(BUSY) from None
            raise EngineTooSlow(TOO_SLOW.format(seconds=limit)) from None
        except ProcessExpired as expired:
            LOG.warning("engine worker %s ended with code %s", expired.pid, expired.exitcode)
            raise EngineRefused(TOO_BIG) from None
        except BrokenProcessPool:  # the next task starts a new pool (``submit``)
            raise EngineBusy(BUSY) from None
        return _unwrap(outcome)  # type: ignore[no-any-return]

    async def run_async(
        self, function: Callable[..., T], *args: Any, seconds: float | None = None
    ) -> T:
        """``run`` for the event loop: a caller that gives up (a refused push, a closed
        socket) stops the task and its worker."""
        future, limit = self.submit(function, args, seconds)
        wrapped = asyncio.wrap_future(future)
        try:
            done, _ = await asyncio.wait({wrapped}, timeout=limit + self.limits.queue_seconds)
            if not done:
                started = future.running()
                future.cancel()
                raise EngineTooSlow(TOO_SLOW.format(seconds=limit)) if started else EngineBusy(BUSY)
            outcome = wrapped.result()
        except TimeoutError:
            raise EngineTooSlow(TOO_SLOW.format(seconds=limit)) from None
        except ProcessExpired as expired:
            LOG.warning("engine worker %s ended with code %s", expired.pid, expired.exitcode)
            raise EngineRefused(TOO_BIG) from None
        except BrokenProcessPool:
            raise EngineBusy(BUSY) from None
        finally:
            future.cancel()  # still running: stopped, with its worker
        return _unwrap(outcome)  # type: ignore[no-any-return]

    def close(self) -> None:
        self._pool.stop()  # type: ignore[no-untyped-call]  # pebble leaves stop() unannotated
        self._pool.join()


_pool: Pool | None = None
_lock = threading.Lock()


def start() -> Pool | None:
    """The server's pool, made once per process from the settings (none with
    ``ENGINE_POOL=false``: engine work then runs inline)."""
    from django.conf import settings

    global _pool
    with _lock:
        if _pool is None and settings.ENGINE_POOL:
            _pool = Pool(Limits.from_settings())
        return _pool


def use(pool: Pool | None) -> Pool | None:
    """Make ``pool`` the process's pool (``None``: run inline); returns the one before."""
    global _pool
    with _lock:
        before, _pool = _pool, pool
        return before


def current() -> Pool | None:
    """The pool engine work goes to, or ``None`` where it runs inline (no server pool, or
    already in a worker)."""
    return None if _IN_WORKER else _pool


def run(function: Callable[..., T], *args: Any, seconds: float | None = None) -> T:
    """``function(*args)`` within the hard limits (inline where there is no pool).
    ``EngineRefused`` when a limit stopped it; the function's own exceptions otherwise."""
    pool = current()
    if pool is None:
        return function(*args)
    return pool.run(function, *args, seconds=seconds)
