"""Lesson text: Markdown to HTML (raw HTML in the source is escaped, never passed through)."""

from __future__ import annotations

from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

from tutor.learn.lesson_files import STEPPER_MARK

_MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})


def lesson_html(body: str) -> tuple[SafeString, SafeString]:
    """The body's HTML before and after the stepper's place."""
    before, _, after = body.partition(STEPPER_MARK)
    # markdown-it escapes the text itself (html=False): the result is safe to show.
    return mark_safe(_MARKDOWN.render(before)), mark_safe(_MARKDOWN.render(after))
