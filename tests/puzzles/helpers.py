"""Puzzles for tests: curated files from content/puzzles, saved the way ``load_content`` does."""

from __future__ import annotations

from pathlib import Path

from tutor.puzzles.content import puzzle_files
from tutor.puzzles.models import Puzzle
from tutor.puzzles.services import save_curated, sync_themes
from tutor.puzzles.spec import read_puzzle


def seed_file(kind: str) -> Path:
    """The first curated file whose question is of this kind (pt, event, order, depends...)."""
    for path in puzzle_files():
        text = path.read_text()
        if kind == "event" and '"event"' in text and "/events/" in str(path):
            return path
        if kind in ("order", "depends") and f'"{kind}"' in text:
            return path
        if f'"field": "{kind}"' in text:
            return path
    raise LookupError(kind)


def saved(kind: str) -> Puzzle:
    sync_themes()
    return save_curated(read_puzzle(seed_file(kind)))
