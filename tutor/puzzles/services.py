"""The puzzle pages' work: find, pose, mark and save puzzles, and know the learner.

Views parse the request and call these; the engine (through ``questions``)
poses every question and holds every key.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
import secrets
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Q, QuerySet, TextField
from django.db.models.functions import Abs, Cast
from django.http import HttpRequest

from tutor.boards.codec import canonical_json
from tutor.core.question import Form, Question
from tutor.core.ratelimit import HOUR, over_sliding_limit
from tutor.puzzles.glicko2 import MAX_DEVIATION
from tutor.puzzles.models import Attempt, Learner, Puzzle, Theme
from tutor.puzzles.questions import question_for
from tutor.puzzles.spec import PuzzleSpec
from tutor.puzzles.themes import DIFFICULTY_BY_SLUG, THEMES

LEARNER_SESSION_KEY = "learner_key"
# Short ids avoid letters and digits that read alike (0/o, 1/l/i).
ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
SHORT_ID_LENGTH = 8
SHORT_ID = re.compile(f"[{ALPHABET}]{{{SHORT_ID_LENGTH}}}")
# How sure the site is of a curated puzzle's seeded rating before anyone tries it.
SEED_DEVIATION = 250.0
PAGE_SIZE = 24
# How the API names a question's answer form (its OpenAPI description's enum).
API_FORMS = {
    Form.TYPED: "typed",
    Form.SINGLE: "single",
    Form.SELECT_ALL: "multiple",
    Form.ORDER: "order",
}


def sync_themes() -> None:
    for theme in THEMES:
        Theme.objects.update_or_create(
            slug=theme.slug, defaults={"name": theme.name, "rule": theme.rule}
        )


def seed_short_id(slug: str) -> str:
    """A curated puzzle's id, from its file name: the same on every installation."""
    digest = hashlib.sha256(f"layerlab-puzzle:{slug}".encode()).digest()
    return "".join(ALPHABET[b % len(ALPHABET)] for b in digest[:SHORT_ID_LENGTH])


def new_short_id() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(SHORT_ID_LENGTH))


def save_curated(spec: PuzzleSpec) -> Puzzle:
    """Store or refresh a curated puzzle; its ratings and attempts are kept on refresh."""
    seed = DIFFICULTY_BY_SLUG[spec.difficulty].seed_rating
    fields = {
        "title": spec.title,
        "description": spec.description,
        "board": spec.board,
        "field": spec.field,
        "source": spec.source,
        "author": "Layerlab",
        "curated": True,
    }
    puzzle, _ = Puzzle.objects.update_or_create(
        short_id=seed_short_id(spec.slug),
        defaults=fields,
        create_defaults={**fields, "rating": seed, "deviation": SEED_DEVIATION},
    )
    # Theme's primary key is its slug; django-stubs types ``set`` for integer keys only.
    puzzle.themes.set(spec.themes)  # type: ignore[arg-type]
    return puzzle


@dataclass(frozen=True, slots=True)
class NewPuzzle:
    title: str
    description: str
    board: dict[str, Any]
    field: str
    themes: tuple[str, ...]
    author: str


def save_new(new: NewPuzzle) -> Puzzle:
    """A learner's puzzle from the builder, under a fresh random id."""
    for _ in range(10):
        try:
            with transaction.atomic():
                puzzle = Puzzle.objects.create(
                    short_id=new_short_id(),
                    title=new.title,
                    description=new.description,
                    board=new.board,
                    field=new.field,
                    author=new.author,
                    deviation=MAX_DEVIATION,
                )
                # Theme's primary key is its slug; django-stubs types ``set`` for integer
                # keys only.
                puzzle.themes.set(new.themes)  # type: ignore[arg-type]
                return puzzle
        except IntegrityError:
            continue  # an id already taken: draw another
    raise RuntimeError("could not draw a free puzzle id")


@lru_cache(maxsize=256)
def _question(canonical: str, field: str) -> Question:
    return question_for(json.loads(canonical), field)


def question_of(puzzle: Puzzle) -> Question:
    """The puzzle's question and key, computed by the engine (cached per board)."""
    return _question(canonical_json(puzzle.board), puzzle.field)


def learner_key(request: HttpRequest) -> str:
    """This session's learner key, chosen on its first puzzle page (no row until it answers),
    so answers sent at once from one browser belong to one learner."""
    key = request.session.get(LEARNER_SESSION_KEY)
    if not isinstance(key, str):
        key = str(uuid.uuid4())
        request.session[LEARNER_SESSION_KEY] = key
    return key


def learner_of(request: HttpRequest, *, create: bool = False) -> Learner | None:
    """The learner this session belongs to; made on their first attempt when ``create``.

    Someone logged in is their account's learner in every browser (made with the
    account's link if this is their first answer).
    """
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        account = Learner.objects.filter(user=user).first()
        if account is None and create:
            account, _ = Learner.objects.get_or_create(user=user)
        if account is not None:
            request.session[LEARNER_SESSION_KEY] = str(account.key)
        return account
    key = learner_key(request) if create else request.session.get(LEARNER_SESSION_KEY)
    if not isinstance(key, str) or not key:  # no learner yet (``create`` always has a key)
        return None
    try:
        found = Learner.objects.filter(key=key).first()
    except ValidationError:  # a session value that isn't a UUID
        request.session.pop(LEARNER_SESSION_KEY, None)
        return learner_of(request, create=create)
    if found is not None or not create:
        return found
    try:
        with transaction.atomic():
            return Learner.objects.create(key=key)
    except IntegrityError:  # the same browser's other request made it first
        return Learner.objects.get(key=key)


def attempt_of(puzzle: Puzzle, learner: Learner | None) -> Attempt | None:
    if learner is None:
        return None
    return Attempt.objects.filter(puzzle=puzzle, learner=learner).first()


def counts_for_rating(request: HttpRequest, puzzle: Puzzle, learner: Learner) -> bool:
    """Whether this answer may move the puzzle's rating: each client address moves a
    puzzle's rating at most ``PUZZLE_RATED_ATTEMPTS_PER_HOUR`` times in any hour (a
    sliding hour, not the clock's), however many sessions it opens (docs/ratings.md). A
    learner's repeat is never counted."""
    if attempt_of(puzzle, learner) is not None:
        return True  # a repeat changes nothing anyway
    scope = f"rated-attempt:{puzzle.pk}"
    limit = settings.PUZZLE_RATED_ATTEMPTS_PER_HOUR
    return over_sliding_limit(request, scope, limit, HOUR) is None


def attempted(learner: Learner | None, puzzles: Iterable[Puzzle]) -> dict[int, bool]:
    """Which of these puzzles the learner has tried, and whether they got each right."""
    if learner is None:
        return {}
    rows = Attempt.objects.filter(learner=learner, puzzle__in=list(puzzles))
    return dict(rows.values_list("puzzle_id", "right"))


def next_for(learner: Learner | None) -> Puzzle | None:
    """The puzzle nearest the learner's rating among those they haven't tried."""
    rating = learner.rating if learner is not None else 1500.0
    puzzles = Puzzle.objects.all()
    if learner is not None:
        puzzles = puzzles.exclude(attempt_set__learner=learner)
    return puzzles.annotate(gap=Abs(F("rating") - rating)).order_by("gap", "short_id").first()


def daily_puzzle(day: datetime.date) -> Puzzle | None:
    """The day's puzzle: the same for everyone on that date, cycling through the curated ones."""
    curated = Puzzle.objects.filter(curated=True).order_by("short_id")
    count = curated.count()
    if count == 0:
        return None
    return curated[day.toordinal() % count]


@dataclass(frozen=True, slots=True)
class LibraryFilter:
    theme: str = ""
    difficulty: str = ""
    page: int = 1
    query: str = ""  # words of a title or description, or a card's name on the board
    status: str = ""  # "solved", "unsolved" (not tried or missed) or "" for all
    learner: Learner | None = None


def library(chosen: LibraryFilter) -> QuerySet[Puzzle]:
    puzzles = Puzzle.objects.prefetch_related("themes").order_by("rating", "short_id")
    if chosen.query:
        # The board's JSON as text holds every card name it plays (never the answer).
        puzzles = puzzles.annotate(board_text=Cast("board", TextField())).filter(
            Q(title__icontains=chosen.query)
            | Q(description__icontains=chosen.query)
            | Q(board_text__icontains=chosen.query)
        )
    if chosen.status:
        solved = Attempt.objects.filter(learner=chosen.learner, right=True).values("puzzle_id")
        if chosen.learner is None:
            solved = Attempt.objects.none().values("puzzle_id")
        if chosen.status == "solved":
            puzzles = puzzles.filter(pk__in=solved)
        else:
            puzzles = puzzles.exclude(pk__in=solved)
    if chosen.theme:
        puzzles = puzzles.filter(themes__slug=chosen.theme)
    if chosen.difficulty:
        band = DIFFICULTY_BY_SLUG[chosen.difficulty]
        if band.low != float("-inf"):
            puzzles = puzzles.filter(rating__gte=band.low)
        if band.high != float("inf"):
            puzzles = puzzles.filter(rating__lt=band.high)
    return puzzles


def public_json(puzzle: Puzzle, url: str) -> dict[str, Any]:
    """The puzzle as the API gives it: everything a tool needs to pose it, but no key."""
    question = question_of(puzzle)
    return {
        "id": puzzle.short_id,
        "title": puzzle.title,
        "description": puzzle.description,
        "url": url,
        "board": puzzle.board,
        "question": {
            "kind": API_FORMS[question.form],
            "prompt": question.prompt,
            "hint": question.hint,
            "field": puzzle.field,
            "options": [{"key": o.key, "text": o.text} for o in question.options],
        },
        "themes": [theme.slug for theme in puzzle.themes.all()],
        "difficulty": puzzle.difficulty.slug,
        "rating": round(puzzle.rating, 1),
        "attempts": puzzle.attempts,
        "author": puzzle.author,
        "created": puzzle.created.isoformat(),
    }
