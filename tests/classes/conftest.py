"""The class tests join many students from one address: the limit is lifted, except where a
test puts it back to check it. Server processes started by a test inherit the setting
through the environment."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _generous_join_limit(settings, monkeypatch):
    settings.CLASS_JOINS_PER_MINUTE = 1_000_000
    monkeypatch.setenv("CLASS_JOINS_PER_MINUTE", "1000000")


@pytest.fixture(autouse=True)
def _a_fresh_channel_layer_per_test(settings):
    """The in-process tests run the consumer on the site's in-memory layer, new for each
    test: a Redis layer kept between tests holds connections and locks bound to an earlier
    test's event loop. Redis itself is tested with real server processes
    (test_two_servers.py, the browser test)."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "tutor.core.channel_layer.ChannelLayer"}}
