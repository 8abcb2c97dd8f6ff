"""The lesson errors a judge-level read found (issue #28), one test each: the boards say
what the rules and the cards say, and the lessons say it too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.ask.event import explore_event
from rules_engine.cards import library_record
from tutor.learn.lesson_files import read_lesson

LESSONS = Path(__file__).resolve().parents[2] / "content" / "lessons"
BOARDS = LESSONS / "boards"


def _text(name: str) -> str:
    """A lesson's body with its line breaks folded, so a phrase can span lines."""
    body = read_lesson(next(LESSONS.glob(f"{name}-*.md"))).body
    return re.sub(r"\s+", " ", body)


def _board(name: str) -> dict:
    data = json.loads((BOARDS / name).read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k not in ("expect", "source", "source_note")}


def test_lesson_13_hill_giant_deals_its_power_in_combat_damage():
    """CR 120.2a: a creature deals combat damage equal to its power; Hill Giant is a 3/3."""
    board = _board("13-torbran-and-furnace-bob-chooses.json")
    power = int(library_record("Hill Giant")["power"])
    assert board["ask"]["event"]["damage"] == power == 3
    damage = sorted(o.shown[0].amount for o in explore_event(board).outcomes)  # type: ignore[union-attr]
    assert damage == [8, 10]
    text = _text("13")
    assert "about to deal 3 combat damage to Bob" in text
    assert "takes 8. Answering 10" in text
    assert "deal 2 combat damage" not in text


@pytest.mark.parametrize("lesson", ["07", "19"])
def test_names_change_through_612_6_to_612_9_and_never_through_612_5(lesson: str):
    """Exchange of Words (612.5) swaps rules text only; names change through 612.6 (full
    text), 612.7 (Spy Kit), 612.8 (a name set) and 612.9 (name stickers)."""
    text = _text(lesson)
    assert "612.5-612.7" not in text
    swap = next(s for s in re.split(r"(?<=\))\. ", text) if "612.5" in s)
    assert "Exchange of Words" in swap and "name" in swap and "alone" in swap
    for rule in ("612.6", "612.7", "612.8", "612.9"):
        assert f"CR {rule}" in text, rule
    assert "Spy Kit" in text
    spec = read_lesson(next(LESSONS.glob(f"{lesson}-*.md")))
    assert {"612.5", "612.8", "612.9"} <= set(spec.rules)


def test_lesson_19_shows_612_2_with_a_name_that_contains_the_changed_word():
    """The Sleight of Mind example changes a color word that the card's name contains."""
    board = _board("19-sleight-of-mind-white-ward.json")
    sleight = next(s for s in board["steps"] if s.get("cast") == "Sleight of Mind")
    changed = next(s for s in board["steps"] if s.get("as") == sleight["targets"][0])
    word = sleight["choices"]["from"]
    assert word.lower() in changed["enter"].lower()
    found = answer_json(evaluate_board(board))["objects"]
    assert found[changed["as"]]["name"] == changed["enter"]
    assert found["bears"]["abilities"] == ["Protection from black"]
    text = _text("19")
    assert "still named White Ward" in text
    assert "White Knight" not in text
    assert (
        "19-sleight-of-mind-white-ward.json" in read_lesson(next(LESSONS.glob("19-*.md"))).practice
    )


def test_lesson_16_jailer_board_returns_the_card_from_a_graveyard():
    """CR 614.12 (the Yixlid Jailer example): the card enters from a graveyard where the
    Jailer strips its abilities, yet its own entering replacement applies."""
    name = "16-zombify-spike-feeder-under-yixlid-jailer.json"
    assert name in read_lesson(next(LESSONS.glob("16-*.md"))).practice
    board = _board(name)
    label = board["ask"]["characteristics"]
    assert label == "Alice.graveyard[0]"
    assert board["zones"]["Alice"]["graveyard"] == ["Spike Feeder"]
    assert any(s.get("enter") == "Yixlid Jailer" for s in board["steps"])
    shown = answer_json(evaluate_board(board))["objects"][label]
    assert shown["zone"] == "battlefield"
    assert shown["counters"] == {"+1/+1": 2}
    assert not (BOARDS / "16-yixlid-jailer-scarwood-treefolk.json").exists()


def test_lesson_10_quotes_the_example_cards_in_full():
    """ "In addition to their other types" is what lets the Trinket keep every type."""
    text = _text("10")
    for step in _board("10-dependency-chain.json")["steps"]:
        for ability in step["enter"].get("abilities", []):
            assert ability in text, ability
    assert "205.1b" in text


def test_lesson_09_says_cdas_go_first_too():
    text = _text("09")
    first = text[: text.index("depends on*")]
    assert "characteristic-defining abilities apply first (CR 613.3" in first


def test_lesson_06_names_the_wordings_that_keep_types():
    """CR 205.1b: "in addition to", "still a ..." and "becomes an artifact creature"."""
    text = _text("06")
    assert "CR 205.1b" in text
    assert '"becomes an artifact creature"' in text and '"it\'s still a land"' in text


def test_lesson_12_does_not_call_32_endless():
    text = _text("12")
    assert "nothing would ever stop it" not in text
    assert "2 already becomes 32" in text


def test_lesson_18_quotes_metamorph_and_names_what_else_is_copiable():
    text = _text("18")
    oracle = library_record("Phyrexian Metamorph")["oracle_text"].splitlines()[-1]
    assert oracle in text
    assert '"as this enters"' in text  # 707.2: "as ... enters" values are copiable
    assert "ward {2}" in text  # disguise and cloak


def test_no_lesson_says_in_play():
    for path in sorted(LESSONS.glob("*.md")):
        spec = read_lesson(path)
        assert not re.search(r"\bin play\b", spec.title + " " + spec.body, re.I), path.name


@pytest.mark.django_db
def test_the_learn_index_counts_the_lessons_it_lists(client):
    from tutor.learn.content import load_lessons

    load_lessons()
    page = client.get("/learn/").content.decode()
    assert "Fifteen" not in page
    assert f"{len(list(LESSONS.glob('*.md')))} short lessons" in page
