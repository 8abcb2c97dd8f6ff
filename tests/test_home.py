"""The home page: ``/`` (tutor.core.views.home)."""

import json
import re

import pytest
from django.urls import reverse
from django.utils.html import strip_tags

# The home page shows the day's puzzle.
pytestmark = pytest.mark.django_db

SECTION_PATHS = ("/learn/", "/build/", "/puzzles/", "/classes/")


def test_home_page_renders_with_the_site_layout(client):
    response = client.get("/")

    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith("<!doctype html>")
    assert '<html lang="en">' in html
    assert '<main id="main"' in html
    assert '<nav aria-label="Main">' in html
    assert "<footer" in html
    assert "layer system" in html


def test_home_page_explains_what_layerlab_teaches(client):
    html = client.get("/").content.decode()

    text = strip_tags(html)  # each number is a link to its entry on the rules page
    for topic in ("CR 613", "CR 613.7", "CR 613.8", "CR 612", "CR 614–616"):
        assert topic in text, topic
    assert '<a class="rule-link" href="/rules/#cr-613-8"' in html


def test_home_page_starts_with_a_skip_link_to_the_main_content(client):
    html = client.get("/").content.decode()

    body = html[html.index("<body") :]
    first_link = re.search(r"<a [^>]*>", body).group(0)
    assert 'href="#main"' in first_link
    assert 'class="skip-link"' in first_link


def test_home_page_links_to_every_section(client):
    html = client.get("/").content.decode()

    for path in SECTION_PATHS:
        assert f'href="{path}"' in html, path


def test_home_page_marks_itself_current_in_the_menu(client):
    html = client.get("/").content.decode()

    assert re.search(r'<a class="site-name" href="/" aria-current="page">', html)


def test_content_security_policy_nonce_matches_the_htmx_script_tag(client):
    response = client.get("/")

    policy = response.headers["Content-Security-Policy"]
    header_nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
    script = re.search(r'<script src="[^"]*htmx[^"]*"[^>]*>', response.content.decode()).group(0)
    assert f'nonce="{header_nonce}"' in script


def test_content_security_policy_is_strict(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    directives = {
        name: values
        for name, _, values in (part.strip().partition(" ") for part in policy.split(";"))
    }

    assert directives["default-src"] == "'self'"
    assert directives["script-src"].startswith("'self' 'nonce-")
    assert directives["style-src"] == "'self'"
    assert directives["img-src"] == "'self' data:"
    assert directives["connect-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["base-uri"] == "'self'"
    assert directives["form-action"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy


def htmx_config(html: str) -> dict:
    return json.loads(re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", html).group(1))


def test_home_page_turns_off_htmx_inline_indicator_styles(client):
    assert htmx_config(client.get("/").content.decode())["includeIndicatorStyles"] is False


def test_htmx_swaps_in_the_messages_of_400_422_and_429_answers_only(client):
    handling = htmx_config(client.get("/").content.decode())["responseHandling"]
    swapped = [rule["code"] for rule in handling if rule["swap"]]
    assert swapped == ["[23]..", "400", "422", "429"]
    assert handling[-1] == {"code": "[45]..", "swap": False, "error": True}


def test_htmx_is_served_from_our_static_files(client):
    html = client.get("/").content.decode()

    src = re.search(r'<script src="([^"]*htmx[^"]*)"', html).group(1)
    assert src.startswith("/static/")
    assert client.get(src).status_code == 200


def test_body_sends_the_csrf_token_with_every_htmx_request(client):
    response = client.get("/")

    token = re.search(
        r"""<body hx-headers='\{"x-csrftoken": "([^"]+)"\}'>""", response.content.decode()
    )
    assert token is not None


def test_home_page_denies_framing(client):
    assert client.get("/").headers["X-Frame-Options"] == "DENY"


def test_htmx_request_gets_only_the_main_content(htmx_client):
    response = htmx_client.get("/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>" in html
    assert "<html" not in html
    assert "<nav" not in html
    assert "HX-Request" in response.headers["Vary"]


def test_same_request_without_htmx_gets_the_whole_page(client):
    response = client.get("/")

    html = response.content.decode()
    assert "<html" in html
    assert "<h1>" in html
    assert "HX-Request" in response.headers["Vary"]


def test_boosted_htmx_navigation_gets_the_whole_page(boosted_client):
    html = boosted_client.get("/").content.decode()

    assert "<html" in html
    assert "<nav" in html


def test_home_page_refuses_post(client):
    assert client.post(reverse("home")).status_code == 405
