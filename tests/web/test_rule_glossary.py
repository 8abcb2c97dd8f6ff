"""The rules page has an entry for every rule number the site cites (issue #28), and rule
numbers in lessons and explanations link to their entries (``rules.link_rules``)."""

from __future__ import annotations

import ast
import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules_engine.oracle.keyword_table import Category, Keyword
from tutor.boards.rules import SUMMARIES, link_rules, rule_anchor

ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"(?<![\d.])([1-9]\d{2}\.\d{1,3}[a-z]?)(?!\.?\d)")
CHAPTER = re.compile(r"\bCR ([1-9]\d{2})(?![.\d])")
TAG = re.compile(r'\{% rule "([^"]+)" %\}')


def _rules_in(text: str) -> set[str]:
    return set(RULE.findall(text)) | set(CHAPTER.findall(text))


def _strings(path: Path) -> Iterator[str]:
    """A module's string literals, docstrings left out (they are for developers)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.value


def cited_rules() -> dict[str, str]:
    """Every rule number the site can print, with one place that cites it: the lessons
    (text and rule lists), the puzzles' titles and descriptions, the templates, and the
    strings of the site and the engine (not the rule columns of the grammar and keyword
    tables, which no page shows as such), plus the keyword rules the engine names when it
    doesn't apply a keyword or track its condition."""
    found: dict[str, str] = {}

    def add(rules: set[str], where: str) -> None:
        for rule in rules:
            found.setdefault(rule, where)

    for path in sorted((ROOT / "content" / "lessons").glob("*.md")):
        front, body = path.read_text(encoding="utf-8").split("+++\n", 2)[1:]
        add(set(tomllib.loads(front).get("rules", [])) | _rules_in(body), path.name)
    for path in sorted((ROOT / "content" / "puzzles").rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        add(_rules_in(f"{data['title']} {data['puzzle']['description']}"), path.name)
    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        add(_rules_in(text) | set(TAG.findall(text)), path.name)
    for package in ("tutor", "rules_engine"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts or path.name == "rule_glossary.py":
                continue
            tables = ("templates.py", "line_templates.py", "keyword_table.py")
            table = path.parent.name == "oracle" and path.name in tables
            for text in _strings(path):
                if not (table and RULE.fullmatch(text)):
                    add(_rules_in(text), str(path.relative_to(ROOT)))
    for keyword in Keyword:
        info = keyword.info
        if info.category in (Category.REPLACEMENT, Category.CONTINUOUS) and info.effect:
            add({info.rule + info.subrule}, "not-modelled keyword")
        if info.category is Category.CONDITION:
            add({info.rule}, "untracked keyword condition")
    return found


CITED = cited_rules()


def test_the_site_cites_the_rules_the_issue_named():
    assert {"614.1", "613.1", "613.10", "707.9b", "101.2", "119.7"} <= set(CITED)


@pytest.mark.parametrize("rule", sorted(CITED), ids=str)
def test_every_rule_the_site_cites_has_its_own_entry(rule: str):
    assert rule in SUMMARIES, f"CR {rule} (cited in {CITED[rule]}) has no entry on /rules/"
    assert rule_anchor(rule) == "cr-" + rule.replace(".", "-")


def test_the_entries_named_by_the_issue_say_what_the_rules_say():
    """612.2: no name changes only for color-word and subtype changes; 708.2a: no subtypes
    (a face-down permanent is a creature); 604.3: subtypes, not types."""
    assert "color word or a subtype never changes a card's name" in SUMMARIES["612.2"]
    assert "no subtypes" in SUMMARIES["708.2a"] and "creature" in SUMMARIES["708.2a"]
    assert "types" not in SUMMARIES["708.2"].replace("subtypes", "")
    assert "subtypes" in SUMMARIES["604.3"]
    assert "types" not in SUMMARIES["604.3"].replace("subtypes", "")


def test_a_rule_number_in_text_links_to_its_entry_and_the_rest_is_escaped():
    html = str(link_rules('See CR 613.4c, 616.1a-d and CR 614–616 <b>"x"</b> at 127.0.0.1'))
    assert '<a class="rule-link" href="/rules/#cr-613-4c">CR 613.4c</a>' in html
    assert '<a class="rule-link" href="/rules/#cr-616-1a">616.1a</a>-d' in html
    assert '<a class="rule-link" href="/rules/#cr-616">616</a>' in html
    assert "&lt;b&gt;&quot;x&quot;&lt;/b&gt;" in html and "127.0.0.1" in html


@pytest.mark.django_db
def test_the_rules_page_lists_every_entry_at_its_anchor(client):
    page = client.get("/rules/").content.decode()
    for rule in SUMMARIES:
        assert f'id="{rule_anchor(rule)}"' in page, rule


@pytest.mark.django_db
def test_a_lessons_rule_numbers_link_to_the_rules_page(client):
    from tutor.learn.content import load_lessons

    load_lessons()
    page = client.get("/learn/who-chooses-and-in-what-order/").content.decode()
    # In the text (Markdown) and in the list of the lesson's rules.
    assert '<a class="rule-link" href="/rules/#cr-120-2a">CR 120.2a</a>' in page
    assert '<a class="rule-link" href="/rules/#cr-616-1a"' in page
    assert "magic.wizards.com/en/rules" not in page.split('class="rules-cited"')[1][:2000]
