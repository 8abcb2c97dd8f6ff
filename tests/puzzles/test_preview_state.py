"""Issue 26: a puzzle's link-preview image shows what the board put on its cards (the
counters a puzzle often hinges on), and a single row of cards fills the image."""

from __future__ import annotations

from tests.web.boards import GRAY_OGRE, example
from tutor.boards.presenters import battlefield
from tutor.boards.services import load_board
from tutor.puzzles.preview import TALL_CARD_H, preview_svg


def test_the_preview_shows_counters_on_tall_cards():
    cards = battlefield(load_board(example(GRAY_OGRE)).result, printed_only=True)
    assert len(cards) <= 3 and any(card.counters for card in cards)
    svg = preview_svg("Gray Ogre", cards, "What are the Gray Ogre's power and toughness?")
    assert "1 +1/+1 counter<" in svg
    assert f'height="{TALL_CARD_H}"' in svg
    assert "5/8" not in svg  # never the answer
