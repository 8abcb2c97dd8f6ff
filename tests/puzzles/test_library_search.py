"""The puzzle library: search by card name and words, solved markers, filter by status."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.puzzles.helpers import saved
from tutor.boards.naming import board_card_names

pytestmark = pytest.mark.django_db


def _titles(client, **query) -> str:  # noqa: ANN001
    return client.get(reverse("puzzles"), query).content.decode()


def _shown(puzzle) -> str:  # noqa: ANN001
    return puzzle.title.replace("'", "&#x27;")


def test_search_finds_a_puzzle_by_a_card_it_plays_and_by_its_words(client):
    first, second = saved("pt"), saved("order")
    card = next(iter(board_card_names(first.board).values()))
    found = _titles(client, q=card.lower())
    assert _shown(first) in found
    assert (_shown(second) in found) == (card in board_card_names(second.board).values())
    word = first.title.split()[-1]
    assert _shown(first) in _titles(client, q=word.upper())
    assert "No puzzle matches" in _titles(client, q="zzqqxx no such card")
    assert client.get(reverse("puzzles"), {"q": "x" * 61}).status_code == 400


def test_each_puzzle_is_marked_solved_missed_or_not_tried_and_can_be_filtered(client):
    solved, untried = saved("pt"), saved("order")
    client.get(solved.get_absolute_url())
    client.post(f"{solved.get_absolute_url()}/answer", {"answer": ["nonsense"]})
    client.post(f"{solved.get_absolute_url()}/give-up")
    page = _titles(client)
    assert "○ not tried yet" in page
    assert "✘ not solved yet" in page
    unsolved = _titles(client, status="unsolved")
    assert _shown(untried) in unsolved and _shown(solved) in unsolved
    assert _shown(solved) not in _titles(client, status="solved")
    assert client.get(reverse("puzzles"), {"status": "maybe"}).status_code == 400


def test_the_pages_keep_the_search(client):
    for kind in ("pt", "order", "depends", "event", "types", "colors"):
        try:
            saved(kind)
        except LookupError:
            continue
    page = client.get(reverse("puzzles"), {"q": "e", "status": "unsolved"}).content.decode()
    if 'rel="next"' in page:
        assert "q=e&amp;" in page and "status=unsolved" in page


def test_only_the_count_of_puzzles_found_is_announced_not_the_whole_list(client):
    saved("pt")
    page = _titles(client)
    assert 'id="results-status" class="visually-hidden" role="status"></p>' in page
    assert "aria-live" not in page.split('id="results"', 1)[1]
    swapped = client.get(reverse("puzzles"), {"q": "zzqqxx"}, headers={"HX-Request": "true"})
    html = swapped.content.decode()
    assert 'role="status" hx-swap-oob="true">0 puzzles found.</p>' in html
    assert "aria-live" not in html
