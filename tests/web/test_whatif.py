"""What if: the board beside itself with a step removed or two steps swapped."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.web.boards import DS_THEN_SCALES, GRAY_OGRE, token_of


def whatif(client, relative: str, **query: str):
    return client.get(reverse("board-whatif", args=[token_of(relative)]), query)


def test_removing_the_counter_changes_only_the_ogre(client):
    page = whatif(client, GRAY_OGRE, remove="1").content.decode()
    assert "without step 2 (1 +1/+1 counter put on ogre)" in page
    assert "<td>5/8</td>" in page and "<ins>4/7</ins>" in page
    assert "(no difference)" in page  # the anthem itself is unchanged


def test_swapping_two_steps_compares_outcomes_of_the_boards_event(client):
    page = whatif(client, DS_THEN_SCALES, swap="0", **{"with": "1"}).content.decode()
    assert "with steps 1 and 2 swapped" in page
    assert "every distinct outcome" in page
    assert page.count("3 +1/+1 counters put on Grizzly Bears (bears)") == 2


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({}, "Say what to change"),
        ({"remove": "9"}, "no step 9"),
        ({"remove": "x"}, "not a step number"),
        ({"swap": "1"}, "not a step number"),
        ({"swap": "1", "with": "1"}, "two different steps"),
        ({"remove": "0"}, "isn&#x27;t valid"),  # later steps refer to the ogre
    ],
)
def test_a_forged_what_if_is_a_clear_400(client, query, message):
    response = whatif(client, GRAY_OGRE, **query)
    assert response.status_code == 400
    assert message in response.content.decode()
