"""When disputes take an item out of ratings and progress (docs/ratings.md).

Every dispute is kept for staff. Staff upholding one keeps the item out; until staff
decide, open disputes keep it out only once ``DISPUTES_TO_UNRATE`` distinct established
accounts have raised them: an account at least ``ESTABLISHED_ACCOUNT_DAYS`` old whose
learner has answered ``PUZZLE_ESTABLISHED_ANSWERS`` puzzles. An anonymous dispute, or one
from an account made for it, costs nothing to make, so alone it never does.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from tutor.learn.models import Dispute
from tutor.puzzles.models import Puzzle


def keep_out(disputes: QuerySet[Dispute]) -> bool:
    """Whether these disputes (of one item) keep it out of ratings and progress."""
    if disputes.filter(status=Dispute.UPHELD).exists():
        return True
    joined_by = timezone.now() - datetime.timedelta(days=settings.ESTABLISHED_ACCOUNT_DAYS)
    accounts = (
        disputes.filter(
            status=Dispute.OPEN,
            learner__user__isnull=False,
            learner__user__date_joined__lte=joined_by,
        )
        .annotate(answered=Count("learner__attempts", filter=Q(learner__attempts__gave_up=False)))
        .filter(answered__gte=settings.PUZZLE_ESTABLISHED_ANSWERS)
        .values("learner__user")
        .distinct()
        .count()
    )
    return accounts >= settings.DISPUTES_TO_UNRATE


def item_kept_out(item_id: str) -> bool:
    """A lesson or practice item enough accounts (or staff) say the engine got wrong."""
    return keep_out(Dispute.objects.filter(item_id=item_id))


def refresh_puzzle(puzzle: Puzzle) -> None:
    """Put the puzzle in or out of ratings as its disputes now say."""
    rated = not keep_out(Dispute.objects.filter(puzzle=puzzle))
    if rated != puzzle.rated:
        Puzzle.objects.filter(pk=puzzle.pk).update(rated=rated)
        puzzle.rated = rated
