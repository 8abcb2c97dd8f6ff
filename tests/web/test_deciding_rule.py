"""The stepper says which rule decides a step, and links each rule to its own entry."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.web.boards import token_of
from tutor.boards.codec import encode_board
from tutor.puzzles.spec import ANSWER_KEYS

OPAL_HUMILITY = "interactions/humility-opalescence-opalescence-first.json"
LINK = r'<a class="rule-link" href="/rules/#([^"]+)" aria-describedby="([^"]+)"'
RALLY = Path(__file__).parents[2] / "content/puzzles/layers/white-rally-then-recolor.json"


def test_humility_and_opalescence_say_613_6_decides_the_7b_step(client):
    token = token_of(OPAL_HUMILITY)
    page = client.get(f"/board/{token}/layers/humility/", {"step": 4}).content.decode()
    assert "The rule that decides" in page
    assert "Humility began to apply in an earlier layer, so it keeps applying" in page
    assert 'href="/rules/#cr-613-6"' in page


def test_a_step_no_rule_decides_says_nothing_extra(client):
    token = token_of(OPAL_HUMILITY)
    page = client.get(f"/board/{token}/layers/humility/", {"step": 1}).content.decode()
    assert "The rule that decides" not in page


def test_a_resolved_spell_keeps_its_objects_611_2c(client):
    board = json.loads(RALLY.read_text())
    token = encode_board({k: v for k, v in board.items() if k not in ANSWER_KEYS})
    pages = "".join(
        client.get(f"/board/{token}/layers/{label}/", {"step": n}).content.decode()
        for label in ("lions", "bears")
        for n in range(4)
    )
    assert 'href="/rules/#cr-611-2c"' in pages


def test_each_rule_link_has_its_summary_as_a_description_and_an_anchor_on_the_rules_page(client):
    token = token_of(OPAL_HUMILITY)
    page = client.get(f"/board/{token}/layers/humility/", {"step": 4}).content.decode()
    links = re.findall(
        r'<a class="rule-link" href="/rules/#([^"]+)" aria-describedby="([^"]+)"', page
    )
    assert links
    rules = client.get("/rules/").content.decode()
    for anchor, tip in links:
        assert f'id="{tip}"' in page
        assert f'id="{anchor}"' in rules
    assert 'id="cr-613-6"' in rules and "keeps applying" in rules


def test_dependency_deciding_the_order_says_613_8(client):
    """Song of the Dryads on Urborg: Urborg's effect depends on it, so it goes first."""
    token = token_of("interactions/613.8-305.7-song-of-the-dryads-on-urborg.json")
    page = client.get(f"/board/{token}/layers/urborg/", {"step": 1}).content.decode()
    assert "The rule that decides" in page
    assert "Dependency decides the order here: Urborg, Tomb of Yawgmoth depends on it" in page
    assert 'href="/rules/#cr-613-8"' in page
