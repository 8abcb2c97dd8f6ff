"""What if: the board beside itself with a step removed or two steps swapped."""

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


def whatif(client, relative: str, **query: str):
    return client.get(reverse("board-whatif", args=[token_of(relative)]), query)


def test_removing_the_counter_changes_only_the_ogre(client):
    page = whatif(client, GRAY_OGRE, remove="1").content.decode()
    assert "without step 2 (1 +1/+1 counter put on Gray Ogre)" in page
    assert "<td>5/8</td>" in page and "<ins>4/7</ins>" in page
    assert "(no difference)" in page  # the anthem itself is unchanged


def test_swapping_two_steps_compares_outcomes_of_the_boards_event(client):
    page = whatif(client, DS_THEN_SCALES, swap="0", **{"with": "1"}).content.decode()
    assert "with steps 1 and 2 swapped" in page
    assert "Every distinct outcome when Grizzly Bears would get 1 +1/+1 counter" in page
    assert page.count("Grizzly Bears gets 3 +1/+1 counters") == 2


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({}, "Say what to change"),
        ({"remove": "9"}, "no step 9"),
        ({"remove": "x"}, "not a step number"),
        ({"swap": "1"}, "not a step number"),
        ({"swap": "1", "with": "1"}, "two different steps"),
        ({"remove": "0"}, "can&#x27;t be worked out"),  # later steps refer to the ogre
    ],
)
def test_a_forged_what_if_is_a_clear_400(client, query, message):
    response = whatif(client, GRAY_OGRE, **query)
    assert response.status_code == 400
    assert message in response.content.decode()


def test_the_event_stepper_offers_what_if_for_the_event_being_explored(client):
    token = token_of(GRAY_OGRE)
    query = {"kind": "damage", "n": "2", "source": "ogre", "target": "Bob"}
    page = client.get(reverse("board-event", args=[token]), query).content.decode()
    assert 'name="remove"' in page and 'name="swap"' in page
    assert '<input type="hidden" name="kind" value="damage">' in page
    compared = client.get(reverse("board-whatif", args=[token]), {**query, "remove": "1"})
    assert compared.status_code == 200
    assert "Every distinct outcome when Gray Ogre would deal 2 damage to Bob" in (
        compared.content.decode()
    )


def test_the_comparison_says_what_the_engine_does_not_model_on_either_board(client):
    page = client.get(reverse("board-whatif", args=[peek_token()]), {"remove": "1"})
    section = not_modelled_section(page.content.decode())
    assert f"Peek: “<strong>{PEEK_LINE}</strong>”" in section
