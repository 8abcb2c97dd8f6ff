"""The words learners read for what happens (tutor/boards/event_words.py), for the result
details the engine adds (docs/board-format-extensions.md)."""

import pytest

from tutor.boards.event_words import describe_result, namer

NAME = namer({"bears": "Grizzly Bears", "giant": "Hill Giant"})


@pytest.mark.parametrize(
    ("result", "words"),
    [
        ({"leave": "bears", "to": "library"}, "its owner's library (shuffled in)"),
        ({"counters": "poison", "on": "Bob", "n": 2}, "2 poison counters put on Bob"),
        ({"counters": "-1/-1", "on": "bears", "n": 2}, "-1/-1 counters put on Grizzly Bears"),
        ({"lose_life": 6, "player": "Bob", "from_damage": True}, "Bob loses 6 life from the"),
        ({"lose_life": 0, "player": "Alice", "from_damage": True}, "Alice loses no life from"),
        ({"gain_life": 3, "player": "Alice"}, "Alice gains 3 life"),
    ],
)
def test_result_words(result, words):
    assert words in describe_result(result, NAME)
