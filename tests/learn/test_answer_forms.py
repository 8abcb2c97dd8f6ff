"""Answers in every form are read, marked and saved (issue #28): one choice, a typed P/T,
and "select all that apply" (the ticked keys sorted and joined by ","), and each counted
first answer rates its item family (Glicko-2, as puzzles)."""

from __future__ import annotations

import dataclasses
import re

import pytest
from django.urls import reverse

from tutor.core.question import AnswerProblem, Form
from tutor.learn import family_ratings, practice
from tutor.learn.as_question import question_of
from tutor.learn.generator import Generated
from tutor.learn.items import Item
from tutor.learn.models import Answer, ItemFamily
from tutor.puzzles.glicko2 import Rating


@dataclasses.dataclass(frozen=True, slots=True)
class SelectAll(Item):
    """The item contract the generator is adding: ``select_all`` and ``right_keys``."""

    select_all: bool = True
    right_keys: frozenset[str] = frozenset()


# Set here, whether or not the item model has them yet.
OWN_FIELDS = ("select_all", "right_keys", "family")


def _fields(base: Item) -> dict[str, object]:
    return {
        f.name: getattr(base, f.name) for f in dataclasses.fields(Item) if f.name not in OWN_FIELDS
    }


def select_all_of(base: Item, right: int = 2) -> SelectAll:
    """``base``'s options as a select-all item whose first ``right`` options are true."""
    keys = [c.key for c in base.choices]
    return SelectAll(**_fields(base), right_keys=frozenset(keys[:right]))  # type: ignore[arg-type]


def plain_of(base: Item) -> Item:
    """``base``'s options as a one-choice item naming no family of its own."""
    item = Item(**_fields(base))  # type: ignore[arg-type]
    return dataclasses.replace(item, key=item.choices[0].key)


def _select_all() -> SelectAll:
    return select_all_of(practice.generated_item(0, 1).item)


def test_a_select_all_answer_is_read_marked_and_encoded_by_the_one_question():
    item = _select_all()
    question = question_of(item)
    a, b = sorted(item.right_keys)
    assert practice.read_answer(question, [b, a], "") == (a, b)
    assert question.encode((b, a)) == f"{a},{b}"
    assert practice.mark(item, (b, a)).right
    assert practice.mark(item, f"{a},{b}").answer == f"{a},{b}"
    assert not practice.mark(item, (a,)).right  # one right box left out
    other = next(c for c in item.choices if c.key not in item.right_keys and c.misconception)
    marked = practice.mark(item, (a, b, other.key))
    assert not marked.right and marked.answer.count(",") == 2
    assert marked.misconception is not None and marked.misconception.slug == other.misconception
    for forged in (["nope"], [a, a], []):
        with pytest.raises(AnswerProblem):
            practice.read_answer(question, forged, "")


def test_an_item_without_the_new_fields_is_a_single_choice_question():
    item = plain_of(practice.generated_item(0, 1).item)
    question = question_of(item)
    assert question.right == (item.key,)
    assert question.form is not Form.SELECT_ALL


@pytest.mark.django_db
def test_the_select_all_page_shows_labelled_checkboxes_and_saves_the_answer(client, monkeypatch):
    item = _select_all()
    monkeypatch.setattr(
        practice, "generated_item", lambda seed, level: Generated(item, ("layer-7",), level)
    )
    url = reverse("practice-item", args=[1, 5])
    html = client.get(url).content.decode()
    boxes = re.findall(r'<input type="checkbox" id="(choice-\d+)"', html)
    assert len(boxes) == len(item.choices)  # and "None of these"
    assert 'id="choice-none"' in html
    assert all(f'<label for="{box}">' in html for box in boxes)
    client.post(url, {"choice": sorted(item.right_keys)})
    answer = Answer.objects.get()
    assert answer.right and answer.given == ",".join(sorted(item.right_keys))


@pytest.mark.django_db
@pytest.mark.parametrize("seed", range(8))
def test_every_generated_item_answered_with_its_key_is_saved(client, seed):
    """The old test posted ``choice=item.key``: every item form takes it and saves it."""
    url = reverse("practice-item", args=[1 + seed % 4, seed])
    item = client.get(url).context["item"]
    client.post(url, {"choice": list(question_of(item).right)})
    assert Answer.objects.filter(item_id=item.id, right=True).exists()


def test_a_family_is_named_by_its_concept_and_form_unless_the_item_names_it():
    item = plain_of(practice.generated_item(0, 1).item)
    assert family_ratings.family_of(item, ("layer-7",)) == f"layer-7/{item.kind}"
    assert family_ratings.family_of(_select_all(), ("layer-7",)).endswith("-all")


def test_a_wrong_answer_raises_a_familys_rating_and_a_right_one_lowers_it():
    learner = Rating(1500.0, 60.0)
    assert family_ratings.rated(Rating(), learner, right=False).rating > 1500
    assert family_ratings.rated(Rating(), learner, right=True).rating < 1500


@pytest.mark.django_db
def test_first_answers_rate_the_family_and_repeats_do_not(client):
    url = reverse("practice-item", args=[1, 0])
    item = client.get(url).context["item"]
    wrong = item.distractors[0]
    client.post(url, {"choice": wrong.key})
    client.post(url, {"choice": item.key, "attempt": "2"})
    family = ItemFamily.objects.get()
    assert family.answers == 1 and family.right == 0 and family.rating > 1500


def test_a_family_starts_harder_the_more_misreadings_change_its_answer():
    item = practice.generated_item(0, 1).item
    named = {c.misconception for c in item.distractors if c.misconception}
    assert family_ratings.prior(item) == 1500 + 75 * (len(named) - 2)


@pytest.mark.django_db
def test_a_new_family_starts_from_its_prior():
    from tutor.puzzles.models import Learner

    learner = Learner.objects.create()
    harder = family_ratings.record("x/pt", learner, True, start=1650.0)
    plain = family_ratings.record("y/pt", learner, True)
    # Both lost one game to the same learner; the one that started higher stays higher.
    assert plain.rating < harder.rating < 1650
