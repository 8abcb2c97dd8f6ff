"""Strict helpers that read settings from the environment.

Each helper reads one variable and either returns a value of the right type or
raises ``ImproperlyConfigured`` with a message that names the variable, shows
the value it got and lists what it accepts, so a typo in a deployment fails at
start-up instead of quietly falling back to a default.

An unset variable and a variable set to the empty string are treated alike:
both mean "use the default" (or "missing" when there is no default).

Every helper takes an optional ``environ`` mapping (default ``os.environ``) so
tests can pass a plain dict.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import overload
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = ("true", "1", "yes", "on")
FALSE_WORDS = ("false", "0", "no", "off")


class _Required:
    """Marker for "this variable has no default": missing means an error."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED = _Required()


def _raw(name: str, environ: Mapping[str, str] | None) -> str | None:
    value = (os.environ if environ is None else environ).get(name, "")
    return value if value.strip() else None


def _missing(name: str, what: str) -> ImproperlyConfigured:
    return ImproperlyConfigured(f"{name} is not set: set it to {what}.")


@overload
def env_str(
    name: str, default: str | _Required = REQUIRED, *, environ: Mapping[str, str] | None = None
) -> str: ...


@overload
def env_str(
    name: str, default: None, *, environ: Mapping[str, str] | None = None
) -> str | None: ...


def env_str(
    name: str,
    default: str | None | _Required = REQUIRED,
    *,
    environ: Mapping[str, str] | None = None,
) -> str | None:
    """The variable's text; ``default`` when unset (an error if there is none)."""
    value = _raw(name, environ)
    if value is not None:
        return value
    if isinstance(default, _Required):
        raise _missing(name, "a non-empty value")
    return default


def env_bool(
    name: str,
    default: bool | _Required = REQUIRED,
    *,
    environ: Mapping[str, str] | None = None,
) -> bool:
    """``true``/``false`` (also ``1``/``0``, ``yes``/``no``, ``on``/``off``), any case."""
    accepted = ", ".join(TRUE_WORDS + FALSE_WORDS)
    value = _raw(name, environ)
    if value is None:
        if isinstance(default, _Required):
            raise _missing(name, f"one of {accepted}")
        return default
    word = value.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={value!r} is not a boolean: use one of {accepted}.")


def env_int(
    name: str,
    default: int | _Required = REQUIRED,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    """A whole number, optionally within ``minimum``..``maximum`` (inclusive)."""
    bounds = "a whole number"
    if minimum is not None and maximum is not None:
        bounds += f" from {minimum} to {maximum}"
    elif minimum is not None:
        bounds += f" of at least {minimum}"
    elif maximum is not None:
        bounds += f" of at most {maximum}"
    value = _raw(name, environ)
    if value is None:
        if isinstance(default, _Required):
            raise _missing(name, bounds)
        return default
    try:
        number = int(value.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not {bounds}.") from None
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        raise ImproperlyConfigured(f"{name}={value!r} is out of range: use {bounds}.")
    return number


def env_list(
    name: str,
    default: Iterable[str] | _Required = REQUIRED,
    *,
    environ: Mapping[str, str] | None = None,
) -> list[str]:
    """Comma-separated values (spaces around commas are ignored; empty items are an error)."""
    value = _raw(name, environ)
    if value is None:
        if isinstance(default, _Required):
            raise _missing(name, 'comma-separated values, e.g. "example.com,www.example.com"')
        return list(default)
    items = [item.strip() for item in value.split(",")]
    for position, item in enumerate(items, start=1):
        if not item:
            raise ImproperlyConfigured(
                f"{name}={value!r} has an empty item at position {position}: "
                'write comma-separated values, e.g. "example.com,www.example.com".'
            )
    return items


def env_choice(
    name: str,
    choices: Iterable[str],
    default: str | _Required = REQUIRED,
    *,
    environ: Mapping[str, str] | None = None,
) -> str:
    """One of ``choices`` (compared exactly: choices are case-sensitive)."""
    options = tuple(choices)
    accepted = ", ".join(options)
    value = _raw(name, environ)
    if value is None:
        if isinstance(default, _Required):
            raise _missing(name, f"one of {accepted}")
        return default
    value = value.strip()
    if value not in options:
        raise ImproperlyConfigured(f"{name}={value!r} is not allowed: use one of {accepted}.")
    return value


def env_url(
    name: str,
    schemes: Iterable[str],
    default: str | None | _Required = REQUIRED,
    *,
    environ: Mapping[str, str] | None = None,
) -> str | None:
    """A URL whose scheme is one of ``schemes``, e.g. ``redis://127.0.0.1:6379/0``."""
    allowed = tuple(schemes)
    accepted = ", ".join(f"{scheme}://" for scheme in allowed)
    value = _raw(name, environ)
    if value is None:
        if isinstance(default, _Required):
            raise _missing(name, f"a URL starting with one of {accepted}")
        return default
    value = value.strip()
    if urlsplit(value).scheme not in allowed:
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a supported URL: start it with one of {accepted}."
        )
    return value
