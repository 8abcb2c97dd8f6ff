"""The replacement stepper: the learner walks the engine's choice tree, choice by choice."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.urls import reverse
from django.utils.html import strip_tags

from rules_engine.game import NotModelled
from tests.web.boards import (
    DS_THEN_SCALES,
    GRAY_OGRE,
    PEEK_LINE,
    not_modelled_section,
    peek_token,
    token_of,
)
from tutor.boards import event_walk


def event_page(client, relative: str, **query: str):
    return client.get(reverse("board-event", args=[token_of(relative)]), query)


def test_the_boards_own_event_is_walked_first(client):
    page = event_page(client, DS_THEN_SCALES).content.decode()
    assert "Grizzly Bears would get 1 +1/+1 counter" in page
    # The chooser's rule links to its own entry on the rules page (issue #16).
    assert 'Alice chooses (<a class="rule-link" href="/rules/#cr-616-1e"' in page
    assert "Apply Doubling Season" in page
    assert "Apply Hardened Scales" in page
    assert "Applicable now: Doubling Season, Hardened Scales." in page
    # The outcome table: both orders, both results.
    assert "Grizzly Bears gets 3 +1/+1 counters" in page
    assert "Grizzly Bears gets 4 +1/+1 counters" in page
    assert "Hardened Scales → Doubling Season" in page
    # Card names only: never the board's labels or the engine's effect ids.
    walk = page[page.index('<section id="walk"') :]
    for label in ("(bears)", "(scales)", "ds#1"):
        assert label not in walk


@pytest.mark.parametrize(("path", "counters"), [("0,0", 3), ("1,0", 4)])
def test_each_order_of_choices_ends_in_its_outcome(client, path, counters):
    page = event_page(client, DS_THEN_SCALES, path=path).content.decode()
    assert "What actually happens" in page
    assert f"Grizzly Bears gets {counters} +1/+1 counters." in page
    assert "Undo the last choice" in page


def test_a_half_walked_path_shows_what_the_event_became_and_what_is_left(client):
    page = event_page(client, DS_THEN_SCALES, path="1").content.decode()
    assert "Chosen: <strong>Hardened Scales</strong>" in page
    assert "Grizzly Bears would get 2 +1/+1 counters" in page
    assert "Already applied to this event, so not again: Hardened Scales (614.5)" in strip_tags(
        page
    )
    assert '(<a class="rule-link" href="/rules/#cr-614-5">614.5</a>)' in page


def test_htmx_gets_only_the_walk(htmx_client):
    response = event_page(htmx_client, DS_THEN_SCALES, path="0")
    assert response.content.decode().lstrip().startswith('<section id="walk"')


def test_an_event_chosen_in_the_form(client):
    query = {"kind": "damage", "n": "3", "source": "ogre", "target": "Bob"}
    page = event_page(client, GRAY_OGRE, **query).content.decode()
    assert "Gray Ogre would deal 3 damage to Bob" in page
    assert "Gray Ogre deals 3 damage to Bob." in page


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"path": "7"}, "isn&#x27;t available"),
        ({"path": "0,0,0"}, "more choices"),
        ({"path": "zero"}, "damaged"),
        ({"path": "0," * 300}, "too long"),
        ({"kind": "explode"}, "not an event"),
        ({"kind": "damage", "n": "lots"}, "whole number"),
        ({"kind": "damage", "n": "1", "source": "ghost", "target": "Bob"}, "ghost"),
    ],
)
def test_forged_event_requests_are_a_clear_400(client, query, message):
    response = event_page(client, DS_THEN_SCALES, **query)
    assert response.status_code == 400
    assert message in response.content.decode()


def test_the_walk_says_what_the_engine_does_not_model_on_the_board(client):
    response = client.get(reverse("board-event", args=[peek_token(DS_THEN_SCALES)]))
    section = not_modelled_section(response.content.decode())
    assert f"Peek: “<strong>{PEEK_LINE}</strong>”" in section


def test_the_walk_lists_the_event_answers_own_not_modelled_by_card_name(client, monkeypatch):
    real = event_walk.explore_event

    def explored_with_a_gap(board, *args):
        gap = NotModelled("scales", "A made-up sentence.", "it is made up")
        return replace(real(board, *args), not_modelled=(gap,))

    monkeypatch.setattr(event_walk, "explore_event", explored_with_a_gap)
    page = event_page(client, DS_THEN_SCALES).content.decode()
    section = not_modelled_section(page)
    assert "Hardened Scales: “<strong>A made-up sentence.</strong>” It is made up." in section
    assert not_modelled_section(event_page(client, GRAY_OGRE).content.decode()) == ""
