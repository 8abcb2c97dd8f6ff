"""Lesson text: Markdown to HTML (raw HTML in the source is escaped, never passed through),
each rule number in the text a link to its entry on the rules page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt
from markdown_it.token import Token

from tutor.boards.rules import link_rules
from tutor.learn.lesson_files import STEPPER_MARK

_MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})


def _text(_renderer: Any, tokens: Sequence[Token], idx: int, _options: Any, _env: Any) -> str:
    """A run of text: escaped, its rule numbers linked (``rules.link_rules``)."""
    return str(link_rules(tokens[idx].content))


_MARKDOWN.add_render_rule("text", _text)


def lesson_html(body: str) -> tuple[SafeString, SafeString]:
    """The body's HTML before and after the stepper's place."""
    before, _, after = body.partition(STEPPER_MARK)
    # markdown-it escapes the text itself (html=False), and ``_text`` escapes what it
    # links: the result is safe to show.
    return mark_safe(_MARKDOWN.render(before)), mark_safe(_MARKDOWN.render(after))
