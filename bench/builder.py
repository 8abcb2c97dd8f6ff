"""Benchmark: the builder page's server time, with the widgets written in Python against
Django's widget templates.

In one process (DEBUG off, no test instrumentation), the builder page (``/build/<token>/``)
of a fixed sample of worked examples is rendered in turn with Django's own form renderer
(``django.forms.renderers.DjangoTemplates``, its compiled templates cached as in a server)
and with the site's (``tutor.core.form_renderer.WidgetRenderer``), interleaved so that
both see the same machine; the boards' evaluations are cached after the warm-up, as for a
page reloaded. The two pages are checked to be the same HTML. Prints the median time of a
page with each and their ratio; the last line is exactly
``builder: django_ms=<a> python_ms=<b> ratio=<b/a>`` (target: ratio <= 0.75).

Run: ``.venv/bin/python bench/builder.py [--rounds N]``
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
os.environ["ENGINE_POOL"] = "false"  # the engine inline: the page's own cost, no queue

import django  # noqa: E402

django.setup()

from django import forms  # noqa: E402
from django.conf import settings  # noqa: E402
from django.forms.renderers import BaseRenderer, DjangoTemplates  # noqa: E402
from django.test import Client  # noqa: E402

from tests.web.boards import BOARDS, token_of  # noqa: E402
from tutor.core.form_renderer import WidgetRenderer  # noqa: E402

# One of each, kept for the whole run: each keeps its compiled templates, as in a server.
DJANGO = DjangoTemplates()
PYTHON = WidgetRenderer()
STRIDE = 100  # one worked example in this many, layer and event boards alike


def _same_html(page: bytes) -> str:
    """The page without what changes from request to request."""
    text = page.decode()
    text = re.sub(r"rule-tip-\d+", "rule-tip", text)
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "CSRF", text)
    text = re.sub(r'"x-csrftoken": "[^"]+"', "CSRF", text)
    return re.sub(r'nonce="[^"]+"', "NONCE", text)


def timed_page(client: Client, url: str, renderer: BaseRenderer) -> tuple[float, bytes]:
    forms.BaseForm.default_renderer = renderer  # every form of the page renders with it
    start = time.perf_counter()
    response = client.get(url)
    elapsed = time.perf_counter() - start
    if response.status_code != 200:
        raise SystemExit(f"GET {url} answered {response.status_code}")
    return elapsed, response.content


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    settings.ALLOWED_HOSTS = ["testserver"]
    boards = sorted(str(p.relative_to(BOARDS)) for p in BOARDS.rglob("*.json"))[::STRIDE]
    urls = [f"/build/{token_of(relative)}/" for relative in boards]
    client = Client()
    for url in urls:  # warm-up: the card library, the boards' evaluations, the templates
        pages = {renderer: timed_page(client, url, renderer)[1] for renderer in (DJANGO, PYTHON)}
        if _same_html(pages[DJANGO]) != _same_html(pages[PYTHON]):
            raise SystemExit(f"{url}: the two renderers wrote different pages")
    django_s: list[float] = []
    python_s: list[float] = []
    for _ in range(args.rounds):
        for url in urls:
            django_s.append(timed_page(client, url, DJANGO)[0])
            python_s.append(timed_page(client, url, PYTHON)[0])
    django_ms = statistics.median(django_s) * 1000
    python_ms = statistics.median(python_s) * 1000
    print(f"{len(urls)} builder pages x {args.rounds} rounds, each renderer in turn")
    print(f"Django's widget templates: median {django_ms:.1f} ms a page")
    print(f"widgets written in Python: median {python_ms:.1f} ms a page")
    ratio = python_ms / django_ms
    print(f"builder: django_ms={django_ms:.1f} python_ms={python_ms:.1f} ratio={ratio:.2f}")


if __name__ == "__main__":
    main()
