"""The chapters added for issue #14: entering under effects in play (614.12), "can't"
beats "can" (614.17), copy exceptions and face-down permanents (707.9, 708) and text-change
details (612), effects on players and rules (613.10-613.11), with their hand-written headline
mistakes (``handwritten``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.ask.event import explore_event
from tutor.learn.handwritten import HAND_WRITTEN, SWITCHES, ignored_cant, judged_as_card
from tutor.learn.lesson_files import read_lesson
from tutor.learn.practice import lesson_items, mark, why_right

CONTENT = Path(__file__).resolve().parents[2] / "content" / "lessons"
NEW = {
    "16-entering-under-effects-in-play.md": "judged-as-card",
    "17-cant-beats-can.md": "ignored-cant",
    "18-copy-exceptions-and-face-down.md": "copied-underlying-card",
    "19-text-change-details.md": "hacked-the-grant",
    "20-effects-on-players-and-rules.md": "player-effect-as-printed",
    # Older chapters whose headline mistake is hand-written too.
    "01-characteristics-and-copiable-values.md": "copied-what-you-see",
    "08-copy-and-face-down.md": "copied-what-you-see",
    "07-control-and-text.md": "hacked-the-grant",
}


def _file(name: str) -> dict:
    return json.loads((CONTENT / "boards" / name).read_text(encoding="utf-8"))


def _board(name: str) -> dict:
    return {k: v for k, v in _file(name).items() if k not in ("expect", "source", "source_note")}


@pytest.mark.parametrize("name", sorted(n for n in NEW if n >= "16"))
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
    assert {c.text: c.misconception for c in items[0].distractors} == {
        "3/3": "judged-as-card",
        "0/0": "printed-values",
    }


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
        assert m.rule_does and m.rule[0].isdigit() and m.layers is None
        # Only judging the card may also be a switch of the engine's, for events (614.12).
        assert m.replacement is None or m.slug == "judged-as-card"
    for m in SWITCHES:
        assert m.rule_does and m.rule[0].isdigit() and m.layers is not None


def test_a_clone_of_a_copy_keeps_its_exception_and_of_a_face_down_angel_is_a_2_2():
    spec = read_lesson(CONTENT / "18-copy-exceptions-and-face-down.md")
    items = lesson_items(spec.boards, list(spec.practice), spec.concept)
    keys = [(i.kind, i.key_text()) for i in items]
    assert keys == [
        ("types", "Artifact, Creature, Enchantment"),
        ("pt", "2/2"),
        ("pt", "5/5"),
        ("pt", "3/3"),
    ]
    wrong = [
        {c.text for c in i.distractors if c.misconception == "copied-underlying-card"}
        for i in items
    ]
    # Bob's Tempered Steel pumps the Clone only as the artifact the Metamorph's exception made
    # it: copying the Hill Giant underneath, it would be a plain 3/3.
    assert wrong == [{"Artifact, Creature"}, {"4/5"}, {"3/3"}, {"5/6"}]


def test_copying_what_you_see_gives_the_clone_the_giants_counters_and_pump():
    spec = read_lesson(CONTENT / "08-copy-and-face-down.md")
    items = lesson_items(spec.boards, ["08-clone-pumped-giant.json"], spec.concept)
    assert items[0].key_text() == "3/3"
    assert {c.text: c.misconception for c in items[0].distractors} == {
        "8/8": "copied-what-you-see",
        "5/5": "copied-counters",
        "0/0": "printed-values",
    }


def test_a_hack_on_the_receiver_leaves_the_granted_islandwalk_and_on_the_lord_changes_it():
    for name, board, key, wrong in (
        (
            "19-text-change-details.md",
            "19-hack-on-the-merfolk-not-the-lord.json",
            "Islandwalk",
            "Swampwalk",
        ),
        ("07-control-and-text.md", "07-magical-hack-lord.json", "Swampwalk", "Islandwalk"),
    ):
        spec = read_lesson(CONTENT / name)
        (item,) = lesson_items(spec.boards, [board], spec.concept)
        assert item.kind == "abilities" and item.key_text() == key
        assert {c.text: c.misconception for c in item.distractors} == {
            wrong: "hacked-the-grant",
            "none": "printed-values",
        }


def test_a_clone_of_an_evolved_lord_copies_the_printed_lord():
    spec = read_lesson(CONTENT / "19-text-change-details.md")
    (item,) = lesson_items(spec.boards, ["19-clone-of-an-evolved-lord.json"], spec.concept)
    assert item.key_text() == "2/2"
    assert "1/1" in {c.text for c in item.distractors if c.misconception == "copied-what-you-see"}


def test_humility_takes_away_the_emperions_effect_on_alice_and_the_leylines_on_the_rules():
    spec = read_lesson(CONTENT / "20-effects-on-players-and-rules.md")
    gain, damage = lesson_items(spec.boards, list(spec.practice), spec.concept)
    # Alice's Boon Reflection doubles the gain the Emperion no longer stops.
    assert gain.key_text() == "6"
    assert {c.text: c.misconception for c in gain.distractors} == {
        "0": "player-effect-as-printed",
        "3": "forgot-replacements",
        "12": "replace-twice",
    }
    assert damage.key_text() == "2 damage to Bob is prevented"
