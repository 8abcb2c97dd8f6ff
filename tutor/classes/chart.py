"""The presenter's bar chart: answers so far, drawn as inline SVG on the server (readable
without JavaScript), each bar labelled in words and numbers (never by colour alone).

Before the reveal no bar says which answer is right, and no wrong answer is named by its
misreading either (that would give the key away by elimination); after it, the right bar
says so and every wrong bar names the misreading that leads to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.classes import live
from tutor.classes.models import LiveQuestion

WIDTH = 800
ROW = 64
LABEL_GAP = 22
BAR_HEIGHT = 28
# Room at the right of the longest bar for its count.
COUNT_ROOM = 110


@dataclass(frozen=True)
class ChartBar:
    label: str
    count: int
    percent: int
    # Said only after the reveal ("" or False before it).
    right: bool
    misreading: str
    y: int
    width: int

    @property
    def text_y(self) -> int:
        return self.y + LABEL_GAP - 6

    @property
    def bar_y(self) -> int:
        return self.y + LABEL_GAP

    @property
    def count_x(self) -> int:
        return self.width + 8

    @property
    def count_y(self) -> int:
        return self.bar_y + BAR_HEIGHT - 8


@dataclass(frozen=True)
class Chart:
    bars: tuple[ChartBar, ...]
    answered: int
    height: int
    revealed: bool

    @property
    def summary(self) -> str:
        """The whole chart in one sentence per bar (the SVG's text alternative)."""
        parts = [f"{self.answered} answers so far."]
        for bar in self.bars:
            words = f"{bar.label}: {bar.count} ({bar.percent}%)"
            if bar.right:
                words += ", the right answer"
            elif bar.misreading:
                words += f", the result of {bar.misreading.lower()}"
            parts.append(words + ".")
        return " ".join(parts)


def misreading_of(question: LiveQuestion, answer: str) -> str:
    """The misreading that leads to a wrong answer (as kept, or as shown), or ""."""
    named = question.misreadings or {}
    texts = {o["text"]: o["key"] for o in question.options}
    return str(named.get(answer) or named.get(texts.get(answer, ""), ""))


def chart(question: LiveQuestion, after_class: bool = False) -> Chart:
    """``after_class``: for the teacher's report, drawn as after the reveal."""
    revealed = after_class or question.state == LiveQuestion.REVEALED
    tally = live.tally(question)
    answered = sum(bar.count for bar in tally)
    most = max((bar.count for bar in tally), default=0) or 1
    bars = []
    for index, bar in enumerate(tally):
        misreading = misreading_of(question, bar.label) if revealed and not bar.right else ""
        bars.append(
            ChartBar(
                label=bar.label,
                count=bar.count,
                percent=round(100 * bar.count / answered) if answered else 0,
                right=revealed and bar.right,
                misreading=misreading,
                y=index * ROW,
                width=round((WIDTH - COUNT_ROOM) * bar.count / most),
            )
        )
    return Chart(tuple(bars), answered, max(ROW, len(bars) * ROW), revealed)
