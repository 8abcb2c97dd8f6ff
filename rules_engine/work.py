"""A deterministic count of the layer system's work while a board is played out.

Every application of an effect, real or tried for dependency (CR 613.8), is
charged one unit plus one per object it touches. A replay runs under a
``Meter``; past its limit the replay stops with ``WorkExceeded`` (the caller
names the step), so no board, however its effects interlock, costs more than
about a second of work, on any machine and every time the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


class WorkExceeded(Exception):
    """The metered work went past its limit."""


@dataclass
class Meter:
    limit: int
    spent: int = 0


_current: ContextVar[Meter | None] = ContextVar("layer_work_meter", default=None)


@contextmanager
def metered(limit: int | None) -> Iterator[Meter | None]:
    """Charge the work done inside to a new meter (``None``: unmetered)."""
    if limit is None:
        yield None
        return
    meter = Meter(limit)
    token = _current.set(meter)
    try:
        yield meter
    finally:
        _current.reset(token)


@dataclass
class Tally:
    units: int = 0


_tally: ContextVar[Tally | None] = ContextVar("layer_work_tally", default=None)


@contextmanager
def tallied() -> Iterator[Tally]:
    """Count the work charged inside, metered or not (an enclosing tally counts it too), so
    a remembered result can later be charged exactly what computing it cost."""
    tally = Tally()
    outer = _tally.get()
    token = _tally.set(tally)
    try:
        yield tally
    finally:
        _tally.reset(token)
        if outer is not None:
            outer.units += tally.units


def charge(units: int) -> None:
    """Add work to the current meter, if any; raise once it is over its limit."""
    tally = _tally.get()
    if tally is not None:
        tally.units += units
    meter = _current.get()
    if meter is None:
        return
    meter.spent += units
    if meter.spent > meter.limit:
        raise WorkExceeded(meter.spent)
