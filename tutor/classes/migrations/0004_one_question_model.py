"""Live questions keep what they ask (``kind``); their key and answers become text columns
(no 400-character cap) in the site's one answer encoding (tutor/core/question.py): a
select-all answer was its sorted keys joined by "+", now by "," (a key holding "%", ","
or ">" writes them %25, %2C, %3E); an order stays joined by ">". Every row is kept; only
the text of select-all (and, where a key needs escaping, order) keys and answers is
rewritten, and back on reverse.

The old "+" text is split with the question's own option keys, so a key that holds a "+"
itself ("+1/+1 counter" abilities) is read whole. Questions pushed before keep an empty
``kind`` (read back as a characteristic question: it only labels the question).
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
    out, i = [], 0
    codes = {code: char for char, code in ESCAPES}
    while i < len(text):
        if text[i : i + 3] in codes:
            out.append(codes[text[i : i + 3]])
            i += 3
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def split_plus(text: str, keys: list[str]) -> list[str]:
    """The keys an old "+"-joined answer holds, read with the option keys (longest first
    at each place), else split at every "+"."""
    if not text:
        return []
    ranked = sorted(set(keys), key=len, reverse=True)

    def walk(start: int) -> list[str] | None:
        if start == len(text):
            return []
        for key in ranked:
            end = start + len(key)
            if key and text.startswith(key, start) and (end == len(text) or text[end] == "+"):
                rest = walk(end + 1 if end < len(text) else end)
                if rest is not None:
                    return [key, *rest]
        return None

    return walk(0) or text.split("+")


def forward_text(text: str, question: Any) -> str:
    keys = [str(o.get("key", "")) for o in question.options or [] if isinstance(o, dict)]
    if question.ordered:
        return ">".join(escape(k) for k in text.split(">")) if text else ""
    return ",".join(escape(k) for k in sorted(set(split_plus(text, keys))))


def backward_text(text: str, question: Any) -> str:
    if question.ordered:
        return ">".join(unescape(k) for k in text.split(">")) if text else ""
    return "+".join(sorted(unescape(k) for k in text.split(","))) if text else ""


def rewrite(apps: Any, change: Any) -> None:
    LiveQuestion = apps.get_model("classes", "LiveQuestion")
    StudentAnswer = apps.get_model("classes", "StudentAnswer")
    asked = LiveQuestion.objects.filter(models.Q(multiple=True) | models.Q(ordered=True))
    for question in asked.iterator():
        key = change(question.key, question)
        if key != question.key:
            question.key = key
            question.save(update_fields=["key"])
        for answer in StudentAnswer.objects.filter(question_id=question.pk).iterator():
            text = change(answer.answer, question)
            if text != answer.answer:
                answer.answer = text
                answer.save(update_fields=["answer"])


def forward(apps: Any, schema_editor: Any) -> None:
    rewrite(apps, forward_text)


def backward(apps: Any, schema_editor: Any) -> None:
    rewrite(apps, backward_text)


class Migration(migrations.Migration):
    dependencies = [("classes", "0003_people_sets_scoring")]

    operations = [
        migrations.AddField(
            model_name="livequestion",
            name="kind",
            field=models.CharField(blank=True, max_length=20),
        ),
        # Widened: select-all keys joined (abilities' texts) can pass 400 characters,
        # which PostgreSQL refused.
        migrations.AlterField(model_name="livequestion", name="key", field=models.TextField()),
        migrations.AlterField(model_name="studentanswer", name="answer", field=models.TextField()),
        migrations.RunPython(forward, backward),
    ]
