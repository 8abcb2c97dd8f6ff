"""Staff see disputes here and decide them; deciding puts a puzzle back into ratings
(rejected) or keeps it out (upheld: the engine needs fixing)."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from tutor.learn.disputes import refresh_puzzle
from tutor.learn.models import Dispute, ItemFamily, Lesson


def _decide(request: HttpRequest, disputes: QuerySet[Dispute], status: str) -> None:
    for dispute in disputes:
        dispute.status = status
        dispute.decided_by = request.user  # type: ignore[assignment]
        dispute.decided = timezone.now()
        dispute.save()
        if dispute.puzzle is not None:
            refresh_puzzle(dispute.puzzle)


@admin.action(description="Uphold: the engine's answer is wrong")
def uphold(
    modeladmin: admin.ModelAdmin[Dispute], request: HttpRequest, queryset: QuerySet[Dispute]
) -> None:
    _decide(request, queryset, Dispute.UPHELD)


@admin.action(description="Reject: the engine's answer stands")
def reject(
    modeladmin: admin.ModelAdmin[Dispute], request: HttpRequest, queryset: QuerySet[Dispute]
) -> None:
    _decide(request, queryset, Dispute.REJECTED)


@admin.register(Dispute)
class DisputeAdmin(admin.ModelAdmin[Dispute]):
    list_display = ("created", "status", "question", "engine_answer", "puzzle")
    list_filter = ("status",)
    # Decided through the actions only, which also put a puzzle back into ratings.
    readonly_fields = (
        "status",
        "item_id",
        "puzzle",
        "board",
        "question",
        "engine_answer",
        "reason",
        "learner",
        "created",
        "decided_by",
        "decided",
    )
    actions = [uphold, reject]


@admin.register(Lesson)
class LessonAdmin(admin.ModelAdmin[Lesson]):
    list_display = ("number", "title", "concept")
    readonly_fields = ("boards",)


@admin.register(ItemFamily)
class ItemFamilyAdmin(admin.ModelAdmin[ItemFamily]):
    """Staff's view of how hard each item family is (Glicko-2 from learners' answers):
    read-only, hardest first."""

    list_display = ("slug", "rating", "deviation", "answers", "right", "updated")
    search_fields = ("slug",)
    readonly_fields = ("slug", "rating", "deviation", "volatility", "answers", "right", "updated")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
