"""Ratings per item family, from learners' first answers (Glicko-2, as for puzzles).

A family is one concept asked one way ("layer-7/pt", "replacement-order/event-best"):
items of a family differ in their cards, so rating the family pools their answers. Each
counted first answer is one game between the learner's rating and the family's: a right
answer is a win for the learner, a wrong one for the family. Only the family's rating
moves here (the learner's rating is the puzzles'). Staff read the ratings in the admin,
to check that a level's families are harder than the level
below; learners are shown none of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from tutor.learn.items import Item
from tutor.learn.models import ItemFamily
from tutor.puzzles.glicko2 import Rating, rate
from tutor.puzzles.models import Learner


def family_of(item: Item, concepts: Sequence[str]) -> str:
    """The item's family: its own (``Item.family``, when the item model has it), else its
    first concept and its question form."""
    own = getattr(item, "family", None)
    if own:
        return str(own)[:80]
    form = item.kind + ("-all" if getattr(item, "select_all", False) else "")
    concept = concepts[0] if concepts else "general"
    return f"{concept}/{form}"[:80]


# The rating a family starts from before anyone answers: harder the more named
# misreadings change its answer (each is a way to get it wrong), with Glicko-2's full
# uncertainty, so learners' answers soon outweigh the guess.
PRIOR_BASE = 1500.0
PRIOR_PER_MISREADING = 75.0


def prior(item: Item) -> float:
    """The estimate of ``item``'s family's rating before anyone has answered it."""
    misreadings = {c.misconception for c in item.distractors if c.misconception}
    return PRIOR_BASE + PRIOR_PER_MISREADING * (len(misreadings) - 2)


def rated(family: Rating, learner: Rating, right: bool) -> Rating:
    """The family's rating after one answer (the family wins when the learner is wrong)."""
    return rate(family, [(learner, 0.0 if right else 1.0)])


def record(slug: str, learner: Learner, right: bool, start: float = PRIOR_BASE) -> ItemFamily:
    """Rate ``slug``'s family from one counted first answer, atomically (a new family
    starts at ``start``, its ``prior``)."""
    with transaction.atomic():
        family, _ = ItemFamily.objects.select_for_update().get_or_create(
            slug=slug, defaults={"rating": start}
        )
        family.set_glicko(rated(family.glicko, learner.glicko, right))
        family.answers = F("answers") + 1
        family.right = F("right") + int(right)
        family.updated = timezone.now()
        family.save()
    family.refresh_from_db()
    return family


def table() -> list[ItemFamily]:
    """Every rated family, hardest first (for staff)."""
    return list(ItemFamily.objects.all())
