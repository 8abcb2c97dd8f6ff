"""Error pages (templates/400.html, 403.html, 403_csrf.html, 404.html, 500.html).

Friendly pages with the site's layout and no traceback, whatever went wrong.
"""

import re

import pytest
from django.template.loader import get_template
from django.test import Client
from django.views import defaults


def assert_friendly_error_page(response, status, heading):
    assert response.status_code == status
    html = response.content.decode()
    assert f"<h1>{heading}</h1>" in html
    assert '<nav aria-label="Main">' in html
    assert '<a href="/">Go to the home page</a>' in html
    assert "Traceback" not in html
    assert "<script" not in html


def test_request_for_a_foreign_host_gets_the_bad_request_page():
    response = Client(headers={"host": "evil.example"}).get("/")

    assert_friendly_error_page(response, 400, "Bad request")


def test_missing_page_gets_the_not_found_page(client):
    response = client.get("/no-such-page/")

    assert_friendly_error_page(response, 404, "Page not found")


def test_post_without_csrf_token_is_refused_with_our_page(csrf_client):
    # A page that takes POST: to one that doesn't, any POST is a 405 first (core/methods.py).
    response = csrf_client.post("/join/", {"anything": "1"})

    assert_friendly_error_page(response, 403, "That form could not be sent")


def test_htmx_post_without_csrf_token_is_refused_with_our_page(csrf_client):
    response = csrf_client.post("/join/", headers={"HX-Request": "true"})

    assert_friendly_error_page(response, 403, "That form could not be sent")


@pytest.mark.django_db
def test_htmx_post_with_the_token_from_the_page_passes_the_csrf_check(csrf_client):
    page = csrf_client.get("/").content.decode()
    token = re.search(r'"x-csrftoken": "([^"]+)"', page).group(1)

    response = csrf_client.post("/", headers={"HX-Request": "true", "X-CSRFToken": token})

    # Past the CSRF check, the home page itself refuses POST.
    assert response.status_code == 405


def test_permission_denied_gets_the_forbidden_page(rf):
    response = defaults.permission_denied(rf.get("/"), PermissionError("no"))

    assert_friendly_error_page(response, 403, "Not allowed")


def test_server_error_gets_the_error_page_without_a_request_context(rf):
    response = defaults.server_error(rf.get("/"))

    assert_friendly_error_page(response, 500, "Something went wrong")


@pytest.mark.parametrize("name", ["400", "403", "403_csrf", "404", "500"])
def test_every_error_template_renders_without_a_request(name):
    html = get_template(f"{name}.html").render()

    assert "<h1>" in html
    assert 'href="/learn/"' in html
