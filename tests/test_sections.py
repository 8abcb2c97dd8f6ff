"""The site's sections: one list feeds the menu and the home page; each app serves its own."""

import pytest
from django.urls import reverse

from tutor.core.sections import SECTIONS

SECTION_PAGES = [
    ("learn", "/learn/", "Learn"),
    ("build", "/build/", "Build a board"),
    ("puzzles", "/puzzles/", "Puzzles"),
    ("classes", "/classes/", "Classes"),
]
pytestmark = pytest.mark.django_db


def test_every_section_is_listed_in_menu_order():
    assert [(s.url_name, s.title) for s in SECTIONS] == [(n, t) for n, _, t in SECTION_PAGES]


@pytest.mark.parametrize(("url_name", "path", "title"), SECTION_PAGES)
def test_section_url_is_named_after_its_slug(url_name, path, title):
    assert reverse(url_name) == path


@pytest.mark.parametrize(("url_name", "path", "title"), SECTION_PAGES)
def test_section_is_marked_current_in_the_menu(client, url_name, path, title):
    response = client.get(path)

    assert response.status_code == 200
    assert f'<a href="{path}" aria-current="page">{title}</a>' in response.content.decode()


def test_a_section_page_refuses_delete(client):
    assert client.delete("/learn/").status_code == 405
