"""One-line summaries of the rules the site cites, in our own words, and the links to them.

The learner gets the gist beside each step, a link from every rule number in a lesson or
an explanation to its entry on the rules page (``link_rules``; the template filter
``rule_links``), and from there a link to the official Comprehensive Rules.
"""

from __future__ import annotations

import re

from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from tutor.boards.rule_glossary import GLOSSARY, keyword_entries

OFFICIAL_RULES_URL = "https://magic.wizards.com/en/rules"

# Every rule the site cites (``rule_glossary``), and the keyword rules the engine names.
SUMMARIES: dict[str, str] = keyword_entries() | GLOSSARY


def _closest(rule: str) -> str | None:
    """The entry for ``rule``, else for the rule it belongs to: "613.4c", then "613.4",
    then "613" (never a different number that merely starts the same: 702.95 isn't 702.9)."""
    letterless = rule.rstrip("abcdefghijklmnopqrstuvwxyz")
    for key in (rule, letterless, letterless.partition(".")[0]):
        if key in SUMMARIES:
            return key
    return None


def summary(rule: str) -> str:
    """The closest summary (``_closest``), or "" when the rule has none."""
    key = _closest(rule)
    return SUMMARIES[key] if key else ""


def rule_anchor(rule: str) -> str:
    """The rules page's anchor for the closest summarised rule: "613.4c" -> "cr-613-4c"."""
    return "cr-" + (_closest(rule) or rule).replace(".", "-")


# A rule number in running text: "CR 613.4c", a bare "616.1a" (also in "616.1a-d" or
# "613.8a(a)"), "CR 613" on its own, or the end of a range "CR 614–616". Three digits, a
# dot and at most three more digits and a letter: never part of a longer number (an
# address like 127.0.0.1, a decimal). Linear: no nested repetition.
RULE_IN_TEXT = re.compile(
    r"(?P<cr>CR )?(?<![\d.])(?P<rule>[1-9]\d{2}\.\d{1,3}[a-z]?)(?!\.?\d)"
    r"|(?P<cr3>CR )(?P<chapter>[1-9]\d{2})(?![.\d])"
    r"|(?<=CR \d{3}[\u2013-])(?P<range_end>[1-9]\d{2})(?![.\d])"
)


def rule_url(rule: str) -> str:
    """The rules page at ``rule``'s entry: "/rules/#cr-613-4c"."""
    return f"{reverse('rules')}#{rule_anchor(rule)}"


def link_rules(text: object) -> SafeString:
    """``text`` escaped, each rule number in it a link to its entry on the rules page ("CR
    613.4c" as a whole, a bare number alone). A number without an entry stays plain."""
    # Django escapes any object (its str()); django-stubs accepts only text here.
    escaped = str(conditional_escape(text))  # type: ignore[arg-type]

    def link(match: re.Match[str]) -> str:
        rule = match["rule"] or match["chapter"] or match["range_end"]
        shown = match[0]
        if not summary(rule):
            return shown
        return format_html('<a class="rule-link" href="{}">{}</a>', rule_url(rule), shown)

    # The escaped text keeps digits, dots, letters and "CR " as they were.
    return mark_safe(RULE_IN_TEXT.sub(link, escaped))  # noqa: S308 - every part escaped
