"""Loading the curated puzzles (``content/puzzles/**/*.json``) for ``load_content``."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from tutor.puzzles.services import save_curated, sync_themes
from tutor.puzzles.spec import read_puzzle


def puzzle_files() -> list[Path]:
    return sorted(Path(settings.BASE_DIR, "content", "puzzles").rglob("*.json"))


def load_puzzles() -> str:
    """Every curated puzzle, checked by the engine first: a broken file stops the load."""
    sync_themes()
    specs = [read_puzzle(path) for path in puzzle_files()]
    for spec in specs:
        save_curated(spec)
    return f"{len(specs)} curated puzzles"
