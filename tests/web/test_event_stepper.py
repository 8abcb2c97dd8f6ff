"""The replacement stepper: the learner walks the engine's choice tree, choice by choice."""

from __future__ import annotations

import pytest
from django.urls import reverse

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
    assert "1 +1/+1 counter would be put on Grizzly Bears (bears)" in page
    assert "Alice chooses (CR 616.1e)" in page
    assert "Apply Doubling Season (ds#1)" in page
    assert "Apply Hardened Scales (scales)" in page
    # The outcome table: both orders, both results.
    assert "3 +1/+1 counters put on Grizzly Bears (bears)" in page
    assert "4 +1/+1 counters put on Grizzly Bears (bears)" in page
    assert "Hardened Scales (scales) → Doubling Season (ds#1)" in page


@pytest.mark.parametrize(("path", "counters"), [("0,0", 3), ("1,0", 4)])
def test_each_order_of_choices_ends_in_its_outcome(client, path, counters):
    page = event_page(client, DS_THEN_SCALES, path=path).content.decode()
    assert "What actually happens" in page
    assert f"{counters} +1/+1 counters put on Grizzly Bears (bears)." in page
    assert "Undo the last choice" in page


def test_a_half_walked_path_shows_what_the_event_became_and_what_is_left(client):
    page = event_page(client, DS_THEN_SCALES, path="1").content.decode()
    assert "Chosen: <strong>Hardened Scales (scales)</strong>" in page
    assert "2 +1/+1 counters would be put on Grizzly Bears (bears)" in page
    assert "Already applied to this event, so not again: scales (614.5)" in page


def test_htmx_gets_only_the_walk(htmx_client):
    response = event_page(htmx_client, DS_THEN_SCALES, path="0")
    assert response.content.decode().lstrip().startswith('<section id="walk"')


def test_an_event_chosen_in_the_form(client):
    query = {"kind": "damage", "n": "3", "source": "ogre", "target": "Bob"}
    page = event_page(client, GRAY_OGRE, **query).content.decode()
    assert "Gray Ogre (ogre) would deal 3 damage to Bob" in page
    assert "Gray Ogre (ogre) deals 3 damage to Bob." in page


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
    assert f"<strong>{PEEK_LINE}</strong> (on Peek)" in section


def test_the_walk_lists_the_event_answers_own_not_modelled_by_card_name(client, monkeypatch):
    real = event_walk.event_answer

    def answer_with_a_gap(board, *args):
        answer = real(board, *args)
        gap = {"object": "scales", "ability": "A made-up sentence.", "why": "it is made up"}
        return {**answer, "not_modelled": [gap]}

    monkeypatch.setattr(event_walk, "event_answer", answer_with_a_gap)
    page = event_page(client, DS_THEN_SCALES).content.decode()
    section = not_modelled_section(page)
    assert "<strong>A made-up sentence.</strong> (on Hardened Scales): it is made up" in section
    assert not_modelled_section(event_page(client, GRAY_OGRE).content.decode()) == ""
