"""The chapters added for issue #14: entering under effects in play (614.12) and "can't"
beats "can" (614.17), with their hand-written headline mistakes (``handwritten``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_engine.answers import answer_json, evaluate_board
from rules_engine.replacement.answer import explore_event
from tutor.learn.handwritten import HAND_WRITTEN, ignored_cant, judged_as_card
from tutor.learn.lesson_files import read_lesson
from tutor.learn.practice import lesson_items, mark, why_right

CONTENT = Path(__file__).resolve().parents[2] / "content" / "lessons"
NEW = {
    "16-entering-under-effects-in-play.md": "judged-as-card",
    "17-cant-beats-can.md": "ignored-cant",
}


def _file(name: str) -> dict:
    return json.loads((CONTENT / "boards" / name).read_text(encoding="utf-8"))


def _board(name: str) -> dict:
    return {k: v for k, v in _file(name).items() if k not in ("expect", "source", "source_note")}


@pytest.mark.parametrize("name", sorted(NEW))
def test_each_board_of_a_new_chapter_states_the_engines_answer(name: str):
    for board_name in read_lesson(CONTENT / name).practice:
        data = _file(board_name)
        board = _board(board_name)
        if "event" in board["ask"]:
            assert explore_event(board).as_json()["outcomes"] == data["expect"]["outcomes"]
            continue
        found = answer_json(evaluate_board(board))["objects"]
        for label, stated in data["expect"]["objects"].items():
            shown = found[label]
            assert {k: shown[k] for k in stated} == stated, board_name


@pytest.mark.parametrize("name", sorted(NEW))
def test_a_new_chapters_practice_offers_its_hand_written_mistake_and_explains_it(name: str):
    spec = read_lesson(CONTENT / name)
    items = lesson_items(spec.boards, list(spec.practice), spec.concept)
    assert len(items) == len(spec.practice)
    caught = [(i, c) for i in items for c in i.distractors if c.misconception == NEW[name]]
    assert caught
    item, choice = caught[0]
    marked = mark(item, choice.key)
    assert not marked.right
    assert marked.misconception is not None and marked.misconception.slug == NEW[name]
    assert f"(CR {marked.misconception.rule}.)" in why_right(item, marked.misconception)


def test_humility_in_play_takes_spike_feeders_counters_away_but_not_afterwards():
    spec = read_lesson(CONTENT / "16-entering-under-effects-in-play.md")
    items = lesson_items(spec.boards, ["16-humility-then-spike-feeder.json"], spec.concept)
    assert items[0].key_text() == "1/1"
    assert {c.text: c.misconception for c in items[0].distractors} == {"3/3": "judged-as-card"}


def test_blood_moons_steam_vents_enters_untapped_and_the_card_reading_is_offered():
    spec = read_lesson(CONTENT / "16-entering-under-effects-in-play.md")
    items = lesson_items(spec.boards, ["16-blood-moon-steam-vents.json"], spec.concept)
    texts = {c.text: c.misconception for c in items[0].distractors}
    assert "tapped" not in items[0].key_text()
    assert any("tapped" in t and m == "judged-as-card" for t, m in texts.items())


def test_the_rewrites_leave_boards_they_say_nothing_about_alone():
    feeder_first = _board("16-spike-feeder-then-humility.json")
    assert judged_as_card(feeder_first) is None
    assert ignored_cant(feeder_first) is None
    moved = judged_as_card(_board("16-humility-then-spike-feeder.json"))
    assert moved is not None and [s["as"] for s in moved["steps"]] == ["feeder", "humility"]
    # Only the forbidding card and steps about it go: Words of Worship keeps its shield.
    kept = ignored_cant(_board("17-leyline-of-punishment-words-of-worship.json"))
    assert kept is not None and [s["as"] for s in kept["steps"]] == ["words", "words_shield"]


def test_every_hand_written_misreading_says_what_the_rule_does_with_its_number():
    for hand in HAND_WRITTEN:
        m = hand.misconception
        assert m.rule_does and m.rule[0].isdigit() and m.layers is None and m.replacement is None
