"""Predict mode asks about what the step changes, and accepts any way of writing it."""

from __future__ import annotations

import pytest

from tests.web.boards import GRAY_OGRE, token_of

OPAL_HUMILITY = "interactions/humility-opalescence-opalescence-first.json"


def stepper(token: str, label: str, **params: str) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"/board/{token}/layers/{label}/?{query}"


def test_a_layer_4_step_asks_for_the_types(client):
    page = client.get(stepper(token_of(OPAL_HUMILITY), "humility", step="1", predict="1"))
    text = page.content.decode()
    assert "what are its card types" in text
    assert "power and toughness" not in text.split('<form class="predict"')[1].split("</form>")[0]


@pytest.mark.parametrize(
    "guess", ["Enchantment; Creature", "creature, enchantment", "Creature and Enchantment"]
)
def test_a_types_guess_is_right_in_any_order_and_case(client, guess):
    token = token_of(OPAL_HUMILITY)
    page = client.get(stepper(token, "humility", step="1", predict="1", guess=guess))
    assert "✔ Right" in page.content.decode()


def test_a_wrong_types_guess_is_marked_with_the_types(client):
    token = token_of(OPAL_HUMILITY)
    page = client.get(stepper(token, "humility", step="1", predict="1", guess="Enchantment"))
    assert "Not quite: you said Enchantment; its types are Enchantment; Creature" in (
        page.content.decode()
    )


@pytest.mark.parametrize(("guess", "right"), [("none", True), ("Flying", False)])
def test_a_layer_6_step_asks_for_the_abilities(client, guess, right):
    token = token_of(OPAL_HUMILITY)
    asking = client.get(stepper(token, "humility", step="2", predict="1")).content.decode()
    assert "which abilities does it have" in asking
    page = client.get(stepper(token, "humility", step="2", predict="1", guess=guess))
    assert ("✔ Right" in page.content.decode()) is right


def test_layer_7_still_asks_for_power_and_toughness(client):
    page = client.get(stepper(token_of(GRAY_OGRE), "ogre", step="1", predict="1"))
    assert "what are its power and toughness (like 5/8)?" in page.content.decode()
