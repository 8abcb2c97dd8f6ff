"""``manage.py load_content`` (tutor/core/management/commands/load_content.py)."""

import io

import pytest
from django.core.management import CommandError, call_command

from tutor.core import content
from tutor.core.content import ContentLoader


def run_load_content(*args):
    out = io.StringIO()
    call_command("load_content", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_load_content_counts_the_real_card_library():
    from rules_engine.cards import load_card_library

    output = run_load_content()

    assert f"cards: {len(load_card_library())} cards in the library\n" in output


@pytest.mark.django_db
def test_load_content_runs_every_loader_in_order(monkeypatch):
    monkeypatch.setattr(
        content,
        "LOADERS",
        (ContentLoader("cards", lambda: "3 cards"), ContentLoader("lessons", lambda: "2 lessons")),
    )

    assert run_load_content() == "cards: 3 cards\nlessons: 2 lessons\n"


@pytest.mark.django_db
def test_load_content_reports_which_loader_failed(monkeypatch):
    def broken():
        raise ValueError("layers.json: card 'Gray Ogre' is defined twice")

    monkeypatch.setattr(content, "LOADERS", (ContentLoader("cards", broken),))

    with pytest.raises(
        CommandError, match="^cards: layers.json: card 'Gray Ogre' is defined twice"
    ):
        run_load_content()


@pytest.mark.django_db
def test_load_content_can_run_one_loader():
    assert run_load_content("--only", "cards").startswith("cards: ")
