"""What every engine worker has loaded before it forks (``engine_pool``), so that a task's
time limit is spent on its board, not on loading: Django, for the site's own code a task
may run (a class push works out its whole question in a worker); the modules tasks come
from; the card library, which takes seconds to load; and one small board worked out end to
end, which warms the engine's caches. Imported once, by the forkserver."""

from __future__ import annotations

import gc
import logging
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
django.setup()

from rules_engine import library_record  # noqa: E402
from tutor.boards import engine, services  # noqa: E402, F401
from tutor.boards.codec import encode_board  # noqa: E402
from tutor.classes import sources  # noqa: E402

WARM_UP = {
    "format": "mtg-board/1",
    "players": ["Alice", "Bob"],
    "steps": [
        {"enter": "Gray Ogre", "controller": "Alice", "as": "ogre"},
        {"counters": "+1/+1", "on": "ogre", "n": 1},
        {"cast": "Giant Growth", "controller": "Alice", "targets": ["ogre"]},
        {"enter": "Glorious Anthem", "controller": "Alice"},
        {"cast": "Turn to Frog", "controller": "Bob", "targets": ["ogre"]},
    ],
}

library_record("Island")
try:
    sources.snapshot_of(("board", encode_board(WARM_UP), "ogre"))
except Exception:  # noqa: BLE001 - a warm-up that fails only leaves the caches cold
    logging.getLogger(__name__).exception("engine worker warm-up failed")
# Set aside from the garbage collector: these objects live as long as the worker.
gc.freeze()
