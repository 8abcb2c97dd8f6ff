"""The one way numbers are read from rules text (CR 107.1).

Numbers on cards are whole numbers written as digits or words ("three",
"a" and "an" meaning one); X is a number chosen or defined elsewhere
(CR 107.3). A word that is not a number is never read as 0: callers get
None and say which phrase they could not read.
"""

from __future__ import annotations

NUMBER_WORDS: dict[str, int] = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fifteen": 15,
    "twenty": 20,
}


def read_number(word: str) -> int | None:
    """ "3", "three", "a" -> the number; anything else (including "X") -> None."""
    word = word.strip().lower()
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


def is_number(word: str) -> bool:
    return read_number(word) is not None
