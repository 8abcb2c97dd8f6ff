"""The layer stepper walks one object through layers 1-7d, one applied effect at a time."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.web.boards import (
    GRAY_OGRE,
    PEEK_LINE,
    not_modelled_section,
    peek_token,
    scales_and_season,
    token_of,
)
from tutor.boards.codec import encode_board

# CR 613.5's worked example: 2/2, the 0/1 in 7b, then counter, +4/+4 and +0/+2 in 7c.
OGRE_STEPS = [
    ("The printed card", "2", "2"),
    ("Layer 7b", "0", "1"),
    ("Layer 7c", "1", "2"),
    ("Layer 7c", "5", "6"),
    ("Layer 7c", "5", "8"),
    ("The result", "5", "8"),
]


def stepper(token: str, label: str = "ogre", **query: str) -> str:
    url = reverse("board-layers", args=[token, label])
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return url


def shown_value(page: str, field: str) -> str:
    row = re.search(rf"<th scope=\"row\">{field}.*?</tr>", page, re.S)
    assert row, f"no {field} row"
    cells = re.findall(r"<td>(.*?)</td>", row.group(0), re.S)
    return re.sub(r"<[^>]+>", "", cells[-1]).strip()


@pytest.mark.parametrize(("number", "expected"), list(enumerate(OGRE_STEPS)))
def test_each_step_of_the_gray_ogre_shows_the_right_values(client, number, expected):
    heading, power, toughness = expected
    page = client.get(stepper(token_of(GRAY_OGRE), step=str(number))).content.decode()
    assert heading in page
    assert shown_value(page, "power") == power
    assert shown_value(page, "toughness") == toughness


def test_an_effect_step_says_why_it_applies_now_and_cites_the_rule(client):
    page = client.get(stepper(token_of(GRAY_OGRE), step="1")).content.decode()
    assert "Target creature has base power and toughness 0/1 until end of turn." in page
    assert "CR 613.4b" in page
    assert "https://magic.wizards.com/en/rules" in page
    assert "timestamp" in page
    assert "<del>2</del>" in page and "<ins>1</ins>" in page  # before and after, not colour


def test_next_and_previous_links_carry_the_step_in_the_url(client):
    page = client.get(stepper(token_of(GRAY_OGRE), step="2")).content.decode()
    assert 'data-prev rel="prev" href="?step=1"' in page
    assert 'data-next rel="next" href="?step=3"' in page
    assert 'hx-push-url="true"' in page


def test_htmx_gets_only_the_frame(client, htmx_client):
    token = token_of(GRAY_OGRE)
    whole = client.get(stepper(token, step="2")).content.decode()
    part = htmx_client.get(stepper(token, step="2")).content.decode()
    assert "<html" in whole and "<html" not in part
    assert part.lstrip().startswith('<section id="frame"')


def test_predict_mode_hides_the_answer_until_the_learner_guesses(client):
    token = token_of(GRAY_OGRE)
    asking = client.get(stepper(token, step="1", predict="1")).content.decode()
    assert "Check my prediction" in asking
    assert "<ins>" not in asking
    right = client.get(stepper(token, step="1", predict="1", guess="0/1")).content.decode()
    assert "Right: 0/1" in right
    wrong = client.get(stepper(token, step="4", predict="1", guess="7/9")).content.decode()
    assert "Not quite: you said 7/9; it is 5/8" in wrong


def test_the_dependency_panel_draws_each_edge_with_its_reason(client):
    token = token_of("interactions/blood-moon-urborg-moon-first.json")
    pages = [
        client.get(stepper(token, label, step=str(n))).content.decode()
        for label in ("urborg", "moon")
        for n in range(1, 4)
    ]
    panels = [p for p in pages if "dependency-graph" in p]
    assert panels, "no step showed a dependency graph"
    assert any("depends on" in p and "<svg" in p for p in panels)


@pytest.mark.parametrize(
    ("label", "query", "message"),
    [
        ("nobody", {}, "no object labelled"),
        ("ogre", {"step": "99"}, "steps 0 to 5"),
        ("ogre", {"step": "x"}, "whole number"),
        ("ogre", {"step": "-1"}, "steps 0 to 5"),
    ],
)
def test_a_forged_object_or_step_is_a_clear_400(client, label, query, message):
    response = client.get(stepper(token_of(GRAY_OGRE), label, **query))
    assert response.status_code == 400
    assert message in response.content.decode()


def test_the_stepper_says_once_what_the_engine_does_not_model(client, htmx_client):
    """Issue 26: said once on the page, as a sentence, not again at every step."""
    token = peek_token()
    for step in ("0", "2"):
        page = client.get(stepper(token, step=step)).content.decode()
        section = not_modelled_section(page)
        assert f"Peek: “<strong>{PEEK_LINE}</strong>” The engine" in section
        assert "aria-live" not in section and page.count('class="not-modelled"') == 1
    frame = htmx_client.get(stepper(token, step="2"))
    assert frame.status_code == 200 and not_modelled_section(frame.content.decode()) == ""
    assert not_modelled_section(client.get(stepper(token_of(GRAY_OGRE))).content.decode()) == ""


def test_the_counters_step_tells_the_replacement_effects_that_changed_the_event(
    client, htmx_client
):
    board = scales_and_season()
    board["steps"][3]["replacements"] = ["season", "scales"]
    token = encode_board(board)
    for response in (
        client.get(stepper(token, "bears", step="1")),
        htmx_client.get(stepper(token, "bears", step="1")),
    ):
        page = response.content.decode()
        assert "Step 4: Grizzly Bears would get 1 +1/+1 counter." in page
        assert "<dt>What happened instead</dt><dd>Grizzly Bears gets 3 +1/+1 counters.</dd>" in page
        assert (
            "Doubling Season and Hardened Scales both apply (CR 616.1): applied Doubling Season, "
            "then Hardened Scales: 3 counters instead of 1 (the order chosen)."
        ) in page
        assert "Hardened Scales first, then Doubling Season → Grizzly Bears gets 4" in page
    printed = client.get(stepper(token, "bears", step="0")).content.decode()
    assert "replacement-story" not in printed


def test_an_object_no_replacement_effect_touched_tells_none(client):
    page = client.get(stepper(token_of(GRAY_OGRE), step="2")).content.decode()
    assert "replacement-story" not in page
