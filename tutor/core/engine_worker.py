"""What every engine worker has loaded before it forks (``engine_pool``): Django, for the
site's own code that a task may run (a class push works out its question in a worker), and
the card library, which takes seconds to load. Imported once, by the forkserver."""

from __future__ import annotations

import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
django.setup()

from rules_engine.cards import library_record  # noqa: E402

library_record("Island")
# Set aside from the garbage collector: the library's objects live as long as the worker.
gc.freeze()
