"""The one question value: its answer encoding reads back what it writes, refuses forged or
malformed answers with a sentence, and marks select-all answers in any order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.core.question import NONE_KEY, AnswerProblem, Form, Kind, Option, Question


def question(form: Form, keys: tuple[str, ...] = ("a", "b", "c"), right=("a",)) -> Question:
    options = tuple(Option(k, f"text {k}", None if k in right else "newest-first") for k in keys)
    return Question(Kind.CHARACTERISTIC, form, "What?", options, tuple(right), "text a")


def test_select_all_answers_are_the_sorted_ticked_keys_joined_by_commas():
    asked = question(Form.SELECT_ALL, right=("c", "a"))
    assert asked.key == "a,c"
    assert asked.read(["c", "a"]) == "a,c"
    assert asked.read("c,a") == "a,c"  # the encoded form is read too
    assert asked.is_right("a,c") and asked.is_right(["c", "a"])
    assert not asked.is_right("a")
    assert asked.read([NONE_KEY]) == ""


@pytest.mark.parametrize(
    ("form", "raw", "says"),
    [
        (Form.SELECT_ALL, [], "tick at least one"),
        (Form.SELECT_ALL, ["a", NONE_KEY], "can't go with"),
        (Form.SELECT_ALL, ["a", "forged"], "isn't one of the options"),
        (Form.SELECT_ALL, ["a", "a"], "at most once"),
        (Form.SELECT_ALL, "a,a", "at most once"),
        (Form.SELECT_ALL, {"a": 1}, "isn't one of the options"),
        (Form.SELECT_ALL, [1, 2], "isn't one of the options"),
        (Form.ORDER, ["a", "b"], "every effect"),
        (Form.ORDER, ["a", "a", "b"], "every effect"),
        (Form.SINGLE, "forged", "one of the options"),
        (Form.SINGLE, ["a", "b"], "choose one option"),
        (Form.SINGLE, None, "choose one option"),
        (Form.TYPED, "five/eight", "two whole numbers"),
    ],
)
def test_a_forged_or_malformed_answer_is_refused_with_a_sentence(form, raw, says):
    with pytest.raises(AnswerProblem, match=says):
        question(form).parse(raw)


def test_a_typed_answer_is_read_leniently_and_matches_an_options_text():
    asked = Question(
        Kind.CHARACTERISTIC,
        Form.TYPED,
        "P/T?",
        (Option("k1", "5/8"), Option("k2", "4/4", "timestamps-only")),
        ("k1",),
        "5/8",
        typed_misreadings=(("3/3", "forgot-replacements"),),
    )
    assert asked.read(" 5 / 8 ") == "k1" and asked.is_right("k1")
    assert asked.read("+7/7") == "7/7" and not asked.is_right("7/7")
    assert asked.misreading_of("k2") == "timestamps-only"
    assert asked.misreading_of("3/3") == "forgot-replacements"
    assert asked.misreading_of("k1") is None


def test_a_wrong_select_all_answer_names_the_first_wrong_box_a_misreading_ticks():
    asked = question(Form.SELECT_ALL, right=("a",))
    assert asked.misreading_of(("a", "b")) == "newest-first"
    assert asked.misreading_of(()) is None  # a right box left out: no one misreading
    assert asked.misreading_of("a") is None


def test_an_order_answer_keeps_the_learners_order():
    asked = question(Form.ORDER, right=("b", "a", "c"))
    assert asked.key == "b>a>c"
    assert asked.read(["b", "a", "c"]) == "b>a>c" and asked.is_right("b>a>c")
    assert not asked.is_right(asked.read("a>b>c"))
    assert asked.text_of("b>a>c") == "text b → text a → text c"


keys = st.text(alphabet=st.sampled_from("ab,>%+2C5E/ "), min_size=1, max_size=6)


@given(st.lists(keys, min_size=2, max_size=5, unique=True), st.data())
def test_any_keys_survive_the_encoding(option_keys, data):
    """Keys holding the separators (",", ">") or the escape ("%") still read back whole."""
    for form in (Form.SELECT_ALL, Form.ORDER):
        asked = question(form, tuple(option_keys), right=tuple(option_keys[:1]))
        picked = data.draw(st.permutations(option_keys))
        answer = picked if form is Form.ORDER else picked[: data.draw(st.integers(1, 5))]
        text = asked.encode(answer)
        assert asked.decode(text) == (
            tuple(answer) if form is Form.ORDER else tuple(sorted(answer))
        )
        assert asked.parse(text) == asked.decode(text)
