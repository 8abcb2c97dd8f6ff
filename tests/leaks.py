"""Finding what a learner must never read: board labels, effect ids, JSON keys, "Token
token", doubled periods (issue #16). Used by the label-leak acceptance test."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser
from typing import Any

# Attributes a learner reads or hears (a screen reader speaks aria-label and title).
SPOKEN_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder", "aria-description")
# A page's description as link previews show it (og:description and kin): read too.
SPOKEN_META = ("og:title", "og:description", "og:image:alt", "description", "twitter:title")
# Elements whose content is not prose: scripts, styles, and the board's own JSON.
SKIPPED = {"script", "style", "textarea"}

EFFECT_ID = re.compile(r"[\w'’-]+#\d+|[\w-]+@\w+")
JSON_KEY = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
DOUBLED_PERIOD = re.compile(r"(?<!\.)\. ?\.(?!\.)")
TOKEN_TOKEN = re.compile(r"\btoken token\b", re.IGNORECASE)
# Issue 26: what a newcomer read that wasn't written for them.
TEMPLATE_SYNTAX = re.compile(r"\{[#%{]|[#%}]\}")
TILDE = re.compile(r"~")
DOUBLED_WORD = re.compile(r"\b(instead|the|a|of|to|is) \1\b", re.IGNORECASE)
ZERO_BASED = re.compile(r"\(0 is the first\)|ability 0\b")


def nested_parentheses(line: str) -> str | None:
    """The first "(… (…) …)" in a line, or None (a linear scan: no regex backtracking)."""
    depth, start = 0, 0
    for i, char in enumerate(line):
        if char == "(":
            if depth == 0:
                start = i
            depth += 1
            # A rule's lettered item ("CR 613.8a(a)") is a citation, not a second aside.
            if depth == 2 and not (i and line[i - 1].isalnum()):
                return line[start : i + 1]
        elif char == ")":
            depth = max(0, depth - 1)
    return None


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SKIPPED:
            self._skipping += 1
        for key, value in attrs:
            if key in SPOKEN_ATTRIBUTES and value:
                self.parts.append(value)
        if tag == "meta":
            found = dict(attrs)
            if (found.get("property") or found.get("name")) in SPOKEN_META and found.get("content"):
                self.parts.append(str(found["content"]))

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIPPED and self._skipping:
            self._skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.parts.append(data)


def learner_text(html: str) -> str:
    """What a page says to a reader: its text and spoken attributes, one part a line."""
    parser = _Text()
    parser.feed(html)
    return "\n".join(" ".join(p.split()) for p in parser.parts if p.strip())


def board_labels(board: dict[str, Any]) -> set[str]:
    """The labels a board invents (``"as"``), except those that read as the card's name or
    a player's: "bears" leaks, "Grizzly Bears" labelled "Grizzly Bears" does not."""
    players = set(board.get("players") or [])
    found = set()
    for step in board.get("steps") or []:
        if not isinstance(step, dict) or not isinstance(step.get("as"), str):
            continue
        card = step.get("enter", step.get("cast"))
        name = card if isinstance(card, str) else (card or {}).get("name", "")
        label = step["as"]
        if label not in players and label != name:
            found.add(label)
    return found


def leaks(text: str, labels: Iterable[str] = ()) -> list[str]:
    """Every leak in ``text``, each with its line (empty when the text is clean)."""
    found = []
    patterns = [
        ("effect id", EFFECT_ID),
        ("JSON key", JSON_KEY),
        ("doubled period", DOUBLED_PERIOD),
        ("Token token", TOKEN_TOKEN),
    ]
    patterns += [
        ("board label", re.compile(rf"(?<![\w'’-]){re.escape(label)}(?![\w-])"))
        for label in sorted(labels, key=len, reverse=True)
    ]
    patterns += [
        ("template syntax", TEMPLATE_SYNTAX),
        ("tilde", TILDE),
        ("doubled word", DOUBLED_WORD),
        ("counted from 0", ZERO_BASED),
    ]
    for line in text.splitlines():
        for kind, pattern in patterns:
            match = pattern.search(line)
            if match:
                found.append(f"{kind} {match.group(0)!r} in: {line[:200]}")
        nested = nested_parentheses(line)
        if nested:
            found.append(f"nested parentheses {nested!r} in: {line[:200]}")
    return found


def html_leaks(html: str, labels: Iterable[str] = ()) -> list[str]:
    return leaks(learner_text(html), labels)


# --- Boards whose labels can't pass for words: any sighting of one is a leak ----------

# Values that name cards, choose words or colours: never labels, left as they are.
NOT_LABELS = {"enter", "cast", "format", "players", "active", "title"}
MARKED = re.compile(r"zq\d+lbl", re.IGNORECASE)
ID_SUFFIX = ("#", ".", ":", "@")


def marked_label(n: int) -> str:
    return f"zq{n}lbl"


def relabelling(board: dict[str, Any]) -> dict[str, str]:
    """Each of the board's labels and the label that replaces it (``relabelled``)."""
    labels = sorted(board_labels(board) | _unnamed_labels(board), key=len, reverse=True)
    return {label: marked_label(n) for n, label in enumerate(labels)}


def relabelled(board: dict[str, Any]) -> dict[str, Any]:
    """The same board with every label replaced by one like "zq3lbl": a label such as
    "bears" reads as a word in prose, these never do. References follow (targets, "on",
    "ask", effect ids such as "zq3lbl#1")."""
    new = relabelling(board)

    def rename(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: value[k] if k in NOT_LABELS else rename(value[k]) for k in value}
        if isinstance(value, list):
            return [rename(v) for v in value]
        if isinstance(value, str):
            if value in new:
                return new[value]
            for label, marked in new.items():
                if value.startswith(label) and value[len(label) : len(label) + 1] in ID_SUFFIX:
                    return marked + value[len(label) :]
        return value

    return rename(board)


def _unnamed_labels(board: dict[str, Any]) -> set[str]:
    """Labels equal to their card's name are relabelled too: the page must use the name."""
    players = set(board.get("players") or [])
    return {
        step["as"]
        for step in board.get("steps") or []
        if isinstance(step, dict) and isinstance(step.get("as"), str) and step["as"] not in players
    }


def marked_leaks(text: str) -> list[str]:
    """Leaks in a page rendered from a ``relabelled`` board."""
    found = leaks(text)
    for line in text.splitlines():
        match = MARKED.search(line)
        if match:
            found.append(f"board label {match.group(0)!r} in: {line[:200]}")
    return found


def html_marked_leaks(html: str) -> list[str]:
    return marked_leaks(learner_text(html))
