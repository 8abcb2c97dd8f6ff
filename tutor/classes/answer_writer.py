"""Answers arriving together are written together: one transaction for every answer that
came in while the previous batch was being written, instead of one each.

A class answering at once is a burst of a few hundred answers on one server process;
written one by one on the consumers' shared database thread they queue behind each
other's commits (seconds for the last of 200). Batched, the burst costs a few
transactions. Each answer keeps ``live.record_answer``'s rules: once per student and
question (a repeat returns the first answer), nothing after the question closes, and
nothing acknowledged before it is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass

from channels.db import database_sync_to_async
from django.db import transaction

from tutor.classes import live
from tutor.classes.models import LiveQuestion, StudentAnswer
from tutor.classes.questions import QuestionProblem, question_of_row
from tutor.core.channel_layer import channel_layer
from tutor.core.question import AnswerProblem
from tutor.core.unavailable import UNREACHABLE

# The most answers in one transaction (a class of 1,000 takes a few).
BATCH = 250


@dataclass(frozen=True)
class Pending:
    session_id: int
    student_id: int
    question_id: int
    raw: object


Outcome = live.Recorded | QuestionProblem


def write(batch: list[Pending]) -> list[Outcome]:
    """Every answer of the batch stored or refused, in one transaction."""
    outcomes: list[Outcome | None] = [None] * len(batch)
    by_question: dict[int, list[int]] = {}
    for index, item in enumerate(batch):
        by_question.setdefault(item.question_id, []).append(index)
    with transaction.atomic():
        for question_id, indexes in by_question.items():
            _write_question(batch, indexes, question_id, outcomes)
    return [o if o is not None else QuestionProblem("that didn't work") for o in outcomes]


def _write_question(
    batch: list[Pending], indexes: list[int], question_id: int, outcomes: list[Outcome | None]
) -> None:
    question = LiveQuestion.objects.select_for_update().filter(pk=question_id).first()
    students = {batch[i].student_id for i in indexes}
    earlier = {
        a.student_id: a
        for a in StudentAnswer.objects.filter(question_id=question_id, student_id__in=students)
    }
    for earlier_answer in earlier.values():
        if question is not None:  # its text is shown from the question's options
            earlier_answer.question = question
    new: dict[int, StudentAnswer] = {}
    asked = question_of_row(question) if question is not None else None
    for i in indexes:
        item = batch[i]
        if question is None or question.session_id != item.session_id:
            outcomes[i] = QuestionProblem("that question isn't part of this session")
            continue
        first = earlier.get(item.student_id) or new.get(item.student_id)
        if first is not None:  # a resend, or another tab: the first answer stands
            outcomes[i] = live.Recorded(first, False)
            continue
        if live.closed(question):
            outcomes[i] = QuestionProblem("answers to this question are closed")
            continue
        assert asked is not None
        try:
            answer = asked.read(item.raw)
        except AnswerProblem as problem:
            outcomes[i] = QuestionProblem(str(problem))
            continue
        saved = StudentAnswer(
            question=question,
            student_id=item.student_id,
            answer=answer,
            right=asked.is_right(answer),
        )
        new[item.student_id] = saved
        outcomes[i] = live.Recorded(saved, True)
    StudentAnswer.objects.bulk_create(new.values())


def teacher_group(session_id: int) -> str:
    """Every connection of a session's teacher (tutor/classes/consumers.py)."""
    return f"live-{session_id}-teacher"


class Writer:
    """One per event loop (server process): answers queue here and one task writes them."""

    def __init__(self) -> None:
        self.queue: list[tuple[Pending, asyncio.Future[Outcome]]] = []
        self.task: asyncio.Task[None] | None = None

    async def record(self, item: Pending) -> live.Recorded:
        future: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        self.queue.append((item, future))
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._drain())
        outcome = await future
        if isinstance(outcome, QuestionProblem):
            raise outcome
        return outcome

    async def _drain(self) -> None:
        while self.queue:
            taken, self.queue = self.queue[:BATCH], self.queue[BATCH:]
            try:
                outcomes = await database_sync_to_async(write)([item for item, _ in taken])
            except Exception as error:  # the database failed: every answer is told so
                for _, future in taken:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (_, future), outcome in zip(taken, outcomes, strict=True):
                if not future.done():
                    future.set_result(outcome)
            # The teacher's tally: one message per session and batch, not one per answer.
            changed = {
                item.session_id
                for (item, _), outcome in zip(taken, outcomes, strict=True)
                if isinstance(outcome, live.Recorded) and outcome.new
            }
            for session_id in changed:
                with contextlib.suppress(*UNREACHABLE):
                    await channel_layer().group_send(
                        teacher_group(session_id), {"type": "live.tally"}
                    )


_writers: dict[asyncio.AbstractEventLoop, Writer] = {}


def writer() -> Writer:
    """This event loop's writer (tests run each on a loop of its own)."""
    loop = asyncio.get_running_loop()
    found = _writers.get(loop)
    if found is None:
        for old in [known for known in _writers if known.is_closed()]:
            del _writers[old]
        found = _writers[loop] = Writer()
    return found
