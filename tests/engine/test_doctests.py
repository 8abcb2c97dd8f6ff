"""The public API's examples (in rules_engine's docstring) stay true."""

from __future__ import annotations

import doctest

import rules_engine


def test_public_api_examples() -> None:
    result = doctest.testmod(rules_engine, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
