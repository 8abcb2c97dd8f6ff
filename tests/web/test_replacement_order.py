"""The builder asks for the order of a step's replacement effects when the order changes
the result (CR 616.1), and writes the chosen one into the step, with or without htmx."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.web.boards import GRAY_OGRE, scales_and_season, token_of
from tutor.boards.codec import decode_board, encode_board

SCALES_FIRST = "Hardened Scales first, then Doubling Season → Grizzly Bears gets 4 +1/+1 counters"
SEASON_FIRST = "Doubling Season first, then Hardened Scales → Grizzly Bears gets 3 +1/+1 counters"


def order_url(token: str, index: int | str = 3) -> str:
    return reverse("board-order", args=[token, str(index)])


def token_from(url: str) -> str:
    return url.split("#")[0].rstrip("/").rsplit("/", 1)[-1]


def order_form(page: str) -> str:
    found = re.search(r'<form class="order-form".*?</form>', page, re.S)
    return found.group(0) if found else ""


def test_the_builder_asks_which_order_listing_each_in_words_with_the_default_marked(client):
    page = client.get(reverse("board-builder", args=[encode_board(scales_and_season())]))
    form = order_form(page.content.decode())
    assert form, "no order form"
    assert "Step 4: in which order do its replacement effects apply?" in form
    assert f'{SCALES_FIRST} <span class="order-form__default">(the default)</span>' in form
    assert SEASON_FIRST in form
    assert 'value="scales,season#1" checked' in form
    assert '<label for="order-3-2">' in form and 'id="order-3-2"' in form  # labelled
    assert "season#1" not in re.sub(r'value="[^"]*"|id="[^"]*"|for="[^"]*"', "", form)


def test_the_builder_asks_after_the_counters_step_is_added_with_htmx(htmx_client):
    token = encode_board(scales_and_season(counters=False))
    response = htmx_client.post(
        reverse("board-add", args=[token]),
        {
            "verb": "counters",
            "controller": "Alice",
            "obj": "bears",
            "counter_kind": "+1/+1",
            "n": "1",
        },
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="workspace"') and SEASON_FIRST in order_form(page)
    assert "aria-live" not in page  # the status under the step is focused, not announced whole


def test_no_order_is_asked_when_only_one_effect_applies(client):
    page = client.get(
        reverse("board-builder", args=[encode_board(scales_and_season(season=False))])
    )
    text = page.content.decode()
    assert order_form(text) == ""
    assert "Hardened Scales applies (CR 614): 2 counters instead of 1" in text


def test_choosing_an_order_without_javascript_writes_it_into_the_step_and_redirects(client):
    response = client.post(
        order_url(encode_board(scales_and_season())), {"order": "season#1,scales"}
    )
    assert response.status_code == 303
    assert response["Location"].endswith("/#step-3-replacements")  # lands on the chosen step
    board = decode_board(token_from(response["Location"]))
    assert board["steps"][3]["replacements"] == ["season#1", "scales"]
    page = client.get(response["Location"].split("#")[0]).content.decode()
    assert "applied Doubling Season, then Hardened Scales: 3 counters instead of 1" in page
    assert "<strong>5/5</strong>" in page  # Grizzly Bears 2/2 with three counters
    assert "Change the order of step 4’s replacement effects" in page  # asked no longer


def test_choosing_an_order_with_htmx_returns_the_workspace_focused_on_the_step(htmx_client):
    response = htmx_client.post(
        order_url(encode_board(scales_and_season())), {"order": "season#1,scales"}
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="workspace"') and "<html" not in page
    assert re.search(r'<p id="step-3-replacements"[^>]*tabindex="-1" autofocus>', page)
    board = decode_board(token_from(response["HX-Push-Url"]))
    assert board["steps"][3]["replacements"] == ["season#1", "scales"]
    assert "<strong>5/5</strong>" in page


def test_an_order_the_rules_do_not_allow_is_explained_beside_the_form(client, htmx_client):
    token = encode_board(scales_and_season())
    for data in ({"order": "scales"}, {}):
        response = client.post(order_url(token), data)
        assert response.status_code == 400
        assert 'role="alert"' in order_form(response.content.decode())
    response = htmx_client.post(order_url(token), {"order": "season#1"})
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#workspace"
    assert (
        "isn’t one of the orders" in response.content.decode()
        or "isn&#x27;t one of" in response.content.decode()
    )


def test_a_step_without_replacement_effects_has_no_order_to_choose(client):
    response = client.post(order_url(token_of(GRAY_OGRE), 1), {"order": "anything"})
    assert response.status_code == 400
    response = client.post(order_url(token_of(GRAY_OGRE), 99), {"order": "anything"})
    assert response.status_code == 400
    assert "There is no step 99 on this board" in response.content.decode()


def test_choosing_an_order_needs_post_and_a_csrf_token(client, csrf_client):
    token = encode_board(scales_and_season())
    assert client.get(order_url(token)).status_code == 405
    assert csrf_client.post(order_url(token), {"order": "season#1,scales"}).status_code == 403
