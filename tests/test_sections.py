"""The site's sections, and the placeholder pages of those not built yet."""

import pytest
from django.urls import reverse

from tutor.core.sections import SECTIONS

SECTION_PAGES = [
    ("learn", "/learn/", "Learn"),
    ("build", "/build/", "Build a board"),
    ("puzzles", "/puzzles/", "Puzzles"),
    ("classes", "/classes/", "Classes"),
]
PLACEHOLDERS = [page for page in SECTION_PAGES if page[0] != "build"]


def test_every_section_has_a_placeholder_page():
    assert [(s.url_name, s.title) for s in SECTIONS] == [(n, t) for n, _, t in SECTION_PAGES]


@pytest.mark.parametrize(("url_name", "path", "title"), SECTION_PAGES)
def test_section_url_is_named_for_later_apps(url_name, path, title):
    assert reverse(url_name) == path


@pytest.mark.parametrize(("url_name", "path", "title"), PLACEHOLDERS)
def test_placeholder_says_coming_soon_and_links_home(client, url_name, path, title):
    response = client.get(path)

    assert response.status_code == 200
    html = response.content.decode()
    assert f"<h1>{title}</h1>" in html
    assert "Coming soon." in html
    assert '<a href="/">Back to the home page</a>' in html
    assert f"<title>{title} · Layerlab</title>" in html


@pytest.mark.parametrize(("url_name", "path", "title"), SECTION_PAGES)
def test_section_is_marked_current_in_the_menu(client, url_name, path, title):
    html = client.get(path).content.decode()

    assert f'<a href="{path}" aria-current="page">{title}</a>' in html


@pytest.mark.parametrize(("url_name", "path", "title"), PLACEHOLDERS)
def test_htmx_request_gets_only_the_placeholder_content(htmx_client, url_name, path, title):
    response = htmx_client.get(path)

    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith(f"<h1>{title}</h1>")
    assert "<html" not in html
    assert "Coming soon." in html
    assert {"HX-Request", "HX-Boosted"} <= {v.strip() for v in response.headers["Vary"].split(",")}


@pytest.mark.parametrize(("url_name", "path", "title"), PLACEHOLDERS)
def test_same_request_without_htmx_gets_the_whole_placeholder_page(client, url_name, path, title):
    response = client.get(path)

    html = response.content.decode()
    assert "<html" in html
    assert f"<h1>{title}</h1>" in html
    assert "HX-Request" in response.headers["Vary"]


def test_placeholder_refuses_post(client):
    assert client.post("/learn/").status_code == 405
