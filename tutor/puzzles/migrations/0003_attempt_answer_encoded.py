"""A puzzle attempt keeps its answer in the site's one answer encoding (tutor/core/
question.py) instead of a JSON list of keys: one key or typed text as it is, select-all
keys sorted and joined by "," (a key's "%", "," or ">" written %25, %2C, %3E), an order's
keys joined by ">"; an empty list (a give-up, or "None of these") is "". Every row is
kept, and reversing rebuilds the list.

How an answer is given follows from the stored puzzle alone (``questions.question_for``):
an event is select-all, an order is ranked, a dependency is one option, and a
characteristic is typed (power and toughness), one option (controller) or select-all.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations, models

ESCAPES = (("%", "%25"), (",", "%2C"), (">", "%3E"))


def escape(key: str) -> str:
    for char, code in ESCAPES:
        key = key.replace(char, code)
    return key


def unescape(text: str) -> str:
    codes = {code: char for char, code in ESCAPES}
    out, i = [], 0
    while i < len(text):
        if text[i : i + 3] in codes:
            out.append(codes[text[i : i + 3]])
            i += 3
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def separator(puzzle: Any) -> str:
    """ "," (select-all), ">" (order) or "" (one key or typed text)."""
    ask = puzzle.board.get("ask") if isinstance(puzzle.board, dict) else None
    asked = next(iter(ask), "") if isinstance(ask, dict) and len(ask) == 1 else ""
    if asked == "event":
        return ","
    if asked == "order":
        return ">"
    if asked == "characteristics" and (puzzle.field or "pt") not in ("pt", "controller"):
        return ","
    return ""


def encode(keys: Any, puzzle: Any) -> str:
    keys = [str(k) for k in keys] if isinstance(keys, list) else []
    joiner = separator(puzzle)
    if joiner == ",":
        return ",".join(escape(k) for k in sorted(set(keys)))
    if joiner == ">":
        return ">".join(escape(k) for k in keys)
    return keys[0] if keys else ""


def decode(text: str, puzzle: Any) -> list[str]:
    joiner = separator(puzzle)
    if not text:
        return []
    if joiner:
        return [unescape(k) for k in text.split(joiner)]
    return [text]


def forward(apps: Any, schema_editor: Any) -> None:
    Attempt = apps.get_model("puzzles", "Attempt")
    for attempt in Attempt.objects.select_related("puzzle").iterator(chunk_size=500):
        attempt.given = encode(attempt.answer, attempt.puzzle)
        attempt.save(update_fields=["given"])


def backward(apps: Any, schema_editor: Any) -> None:
    Attempt = apps.get_model("puzzles", "Attempt")
    for attempt in Attempt.objects.select_related("puzzle").iterator(chunk_size=500):
        attempt.answer = decode(attempt.given, attempt.puzzle)
        attempt.save(update_fields=["answer"])


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0002_puzzle_rated")]

    operations = [
        migrations.AddField(
            model_name="attempt",
            name="given",
            field=models.TextField(blank=True, default=""),
        ),
        migrations.RunPython(forward, backward),
        migrations.RemoveField(model_name="attempt", name="answer"),
        migrations.RenameField(model_name="attempt", old_name="given", new_name="answer"),
    ]
