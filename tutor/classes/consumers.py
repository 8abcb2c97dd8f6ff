"""The live session's websocket: one group per session; the teacher drives, students answer.

Who is who comes from the signed session (a student's token, kept when they join) or the
logged-in user (the class's teacher); anyone else is refused at the handshake. Messages
from the browser are ``{"action": ...}``; messages to it are ``{"type": ..., "html": ...}``
with HTML rendered on the server (escaped there), which ``static/js/live.js`` swaps in.

Every answer carries the client's ``id`` and is acknowledged with it once it is in the
database (a repeat is acknowledged too), so the client resends until it hears back and
nothing is lost when a server process dies. Presence is a heartbeat (presence.py); a
push's engine work runs on its own thread within a budget (pushing.py); the reveal is
rendered once for the whole class and reaches each server process as one message, written
from there to every student's socket (fanout.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from functools import lru_cache
from typing import Any, TypeGuard, TypeVar

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import DatabaseError

from tutor.classes import answer_writer, fanout, live, panels, presence, pushing, wire
from tutor.classes.models import LiveQuestion, LiveSession, Student, StudentAnswer
from tutor.classes.questions import QuestionProblem
from tutor.core.question import Question
from tutor.core.unavailable import UNREACHABLE

STUDENT_SESSION_KEY = "live_students"
TEACHER_ACTIONS = frozenset({"push", "lock", "reveal", "step", "walk", "end"})
STUDENT_ACTIONS = frozenset({"answer"})
EVERYONE_ACTIONS = frozenset({"ping"})
# Close codes, in the private range (RFC 6455 7.4.2): "not allowed here", and "try again
# later" when Redis can't be reached. That one is 4013, not the registered 1013: Daphne's
# websocket library (Autobahn) sends no code from 1001 to 2999, and failed on 1013 with an
# exception that crashed the consumer (a 1011).
NOT_ALLOWED = 4403
# A join code no session can have (a control character in the address): a bad request.
BAD_CODE = 4400
TRY_AGAIN_LATER = 4013
# The teacher's tally is redrawn at once, then at most this often while answers pour in
# (each redraw is a query and a render on the thread that also stores answers).
TALLY_SECONDS = 0.5
LOG = logging.getLogger(__name__)
T = TypeVar("T")
VERDICT_SLOT = json.dumps(panels.VERDICT_SLOT)[1:-1]


def whole_number(value: object) -> TypeGuard[int]:
    """A JSON whole number (``true`` and ``false`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def reading(function: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """Reads and renders (the teacher's panel with its roster, a shared reveal) run on a
    thread of their own, not the consumers' shared database thread, where they would hold
    up the answers being stored."""
    return database_sync_to_async(function, thread_sensitive=False)


_teacher_group = answer_writer.teacher_group


@lru_cache(maxsize=256)
def _with_verdict(shared: str, key_text: str, mine: panels.Mine | None) -> str:
    """A shared panel with one student's verdict in it: made once per different answer,
    not once per student (a class mostly gives a handful of answers)."""
    verdict = panels.verdict(key_text, mine)
    # The slot has nothing JSON escapes; the verdict is escaped as JSON text.
    return shared.replace(VERDICT_SLOT, json.dumps(verdict)[1:-1])


def _student_group(session_id: int, student_id: int) -> str:
    """Every tab of one student: an answer from one redraws the others."""
    return f"live-{session_id}-student-{student_id}"


class LiveConsumer(AsyncJsonWebsocketConsumer):
    role: str = ""
    session_id: int = 0
    student_id: int | None = None
    accepted: bool = False
    closed: bool = False

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """With Redis unreachable, the channel layer's own receive (started beside the
        handlers, with the connection) fails too: the socket closes with ``TRY_AGAIN_LATER``,
        as documented, never the 1011 of a crashed consumer."""
        try:
            await super().__call__(scope, receive, send)
        except UNREACHABLE:
            LOG.warning("live session %s: Redis unreachable", self.session_id)
            if not self.closed:
                if not self.accepted:
                    await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": TRY_AGAIN_LATER})

    async def accept(self, subprotocol: Any = None, headers: Any = None) -> None:
        self.accepted = True
        await super().accept(subprotocol, headers)

    async def close(self, code: Any = None, reason: Any = None) -> None:
        self.closed = True
        await super().close(code, reason)

    async def connect(self) -> None:
        code = self.scope["url_route"]["kwargs"]["code"]
        if live.code_problem(code) is not None:
            # Accepted only to say why: a code no session can have (a control character).
            await self.accept()
            await self.close(code=BAD_CODE)
            return
        found = await database_sync_to_async(self._identify)(code)
        if found is None:
            await self.close(code=NOT_ALLOWED)
            return
        self.role, self.session_id, self.student_id = found
        self.group = f"live-{self.session_id}"
        # This student's answers by question, kept to fill in a shared reveal.
        self.mine: dict[int, panels.Mine] = {}
        self.seen_at = 0.0
        self.online = -1
        self.tally_task: asyncio.Task[None] | None = None
        self.tally_at = 0.0
        self.render_lock = asyncio.Lock()
        # Shared panels waiting for this connection's own redraw to be sent first.
        self.later: set[asyncio.Task[None]] = set()
        await self.accept()
        try:
            for group in self._groups():
                await self.channel_layer.group_add(group, self.channel_name)
            if self.student_id is not None:
                await fanout.fanout().join(self.session_id, self)
        except UNREACHABLE:
            LOG.warning("live session %s: Redis unreachable at connect", self.session_id)
            await self.close(code=TRY_AGAIN_LATER)
            return
        if self.student_id is not None:
            await self._seen(force=True)
            await self._tell_teacher()
        await self._send_state()

    def _groups(self) -> list[str]:
        groups = [self.group]
        if self.role == "teacher":
            groups.append(_teacher_group(self.session_id))
        if self.student_id is not None:
            groups.append(_student_group(self.session_id, self.student_id))
        return groups

    def _identify(self, code: str) -> tuple[str, int, int | None] | None:
        session = live.open_session(code)
        if session is None:
            return None
        user = self.scope.get("user")
        if user is not None and user.is_authenticated and user.pk == session.classroom.teacher_id:
            return "teacher", session.pk, None
        cookie_session = self.scope.get("session")
        tokens = cookie_session.get(STUDENT_SESSION_KEY) if cookie_session is not None else None
        tokens = tokens or {}
        token = tokens.get(session.join_code) if isinstance(tokens, dict) else None
        student = Student.objects.filter(session=session, token=token).first() if token else None
        if student is None:
            return None
        return "student", session.pk, student.pk

    async def disconnect(self, code: int) -> None:
        if not self.session_id:
            return
        if self.tally_task is not None:
            self.tally_task.cancel()
        try:
            await fanout.fanout().leave(self.session_id, self)
            for group in self._groups():
                await self.channel_layer.group_discard(group, self.channel_name)
            if self.student_id is not None:
                await database_sync_to_async(presence.gone)(self.student_id)
                await self._tell_teacher()
        except UNREACHABLE:
            # Its groups expire in Redis on their own; presence heals by its heartbeat.
            LOG.warning("live session %s: Redis unreachable at disconnect", self.session_id)

    async def _seen(self, force: bool = False) -> None:
        """Presence: at most one write every few seconds per connection."""
        now = time.monotonic()
        if self.student_id is not None and (force or now - self.seen_at >= 5):
            self.seen_at = now
            try:
                await database_sync_to_async(presence.seen)(self.student_id)
            except DatabaseError:  # busy: the next heartbeat writes it; never a lost socket
                LOG.warning("live session %s: presence not written", self.session_id)

    # --- what the browser sends ------------------------------------------------------------

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Never raises, whatever arrives: a crash (close 1011) would lose the client's
        next messages. Each problem is told to the client, with the answer's id if any."""
        frame = wire.read(text_data)
        try:
            if frame.content is None:
                await self._refuse(frame.problem, frame.answer_id, final=True)
                return
            await self.receive_json(frame.content, answer_id=frame.answer_id)
        except QuestionProblem as problem:
            await self._refuse(str(problem), frame.answer_id, final=True)
        except Exception:
            LOG.exception("live session %s: a message failed", self.session_id)
            # Not final: the client keeps an answer and sends it again.
            await self._refuse("That didn't work: try again.", frame.answer_id, final=False)

    async def _refuse(self, message: str, answer_id: str | None, final: bool) -> None:
        error: dict[str, Any] = {"type": "error", "message": message}
        if answer_id is not None:
            error |= {"id": answer_id, "final": final}
        await self.send_json(error)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        action = content["action"]
        if action in TEACHER_ACTIONS and self.role != "teacher":
            raise QuestionProblem("Only the teacher can do that.")
        if action not in TEACHER_ACTIONS | STUDENT_ACTIONS | EVERYONE_ACTIONS:
            raise QuestionProblem("Unknown action.")
        if action == "ping":
            await self._seen()
            await self._ping()
        elif action == "answer":
            await self._answer(content, kwargs.get("answer_id"))
        else:
            await self._teach(action, content)

    async def _ping(self) -> None:
        """The heartbeat. The teacher's also redraws the roster when who is online changed
        (a student whose server process died goes away by itself)."""
        if self.role == "teacher":
            online = await database_sync_to_async(presence.online_count)(self.session_id)
            if online != self.online:
                self.online = online
                await self.live_tally({})

    # --- students ---------------------------------------------------------------------

    async def _answer(self, content: dict[str, Any], answer_id: str | None) -> None:
        if self.student_id is None:
            raise QuestionProblem("Only students answer.")
        question_id = content.get("question")
        if not whole_number(question_id) or not 0 < question_id < 2**63:
            raise QuestionProblem("which question is this an answer to?")
        recorded = await answer_writer.writer().record(
            answer_writer.Pending(
                self.session_id, self.student_id, question_id, content.get("answer")
            )
        )
        mine = panels.mine_of(recorded.answer)
        self.mine[question_id] = mine
        # Acknowledged only now: the answer is in the database (or was already).
        await self.send_json(
            {
                "type": "answered",
                "id": answer_id,
                "question": question_id,
                "answer": recorded.answer.answer,
                "repeat": not recorded.new,
                "notice": panels.answered_notice(mine),
            }
        )
        if recorded.new:  # the teacher hears once per batch (answer_writer.py)
            await self.channel_layer.group_send(
                _student_group(self.session_id, self.student_id),
                {"type": "live.changed", "action": "answer", "origin": self.channel_name},
            )

    def _student_state(self) -> str:
        """This student's whole panel, and their answers (kept for shared reveals)."""
        if self.student_id is None:
            raise QuestionProblem("Only students have a student's panel.")
        student = Student.objects.select_related("session").get(pk=self.student_id)
        answers = StudentAnswer.objects.filter(student=student).select_related("question")
        self.mine = {a.question_id: panels.mine_of(a) for a in answers}
        return panels.student_panel(student)

    # --- the teacher --------------------------------------------------------------------

    async def _teach(self, action: str, content: dict[str, Any]) -> None:
        snapshot = None
        if action == "push":
            # Off the event loop and the shared database thread, within its budget.
            snapshot = await pushing.snapshot_in_budget(content.get("source"))
        await database_sync_to_async(self._apply)(action, content, snapshot)
        shared = await reading(self._shared)(action)
        if shared is None:
            # Everyone redraws from the database: what they see is what was recorded.
            await self.channel_layer.group_send(
                self.group, {"type": "live.changed", "action": action}
            )
        else:
            students, teacher = shared
            # The teacher's panel was drawn before the students' fan-out, not during it: a
            # render on another thread while the event loop writes to 200 sockets slows
            # every one of those writes (they queue for the interpreter lock behind it).
            await self.channel_layer.group_send(
                _teacher_group(self.session_id),
                {"type": "live.panel", "action": action, "html": teacher},
            )
            await self.channel_layer.group_send(
                fanout.group(self.session_id), {"type": "live.shared", "action": action} | students
            )
        if action == "end":
            await self.channel_layer.group_send(self.group, {"type": "live.ended"})

    def _apply(self, action: str, content: dict[str, Any], snapshot: Question | None) -> None:
        session = LiveSession.objects.select_related("classroom").get(pk=self.session_id)
        if action == "push" and snapshot is not None:
            timer = content.get("timer")
            seconds = timer if whole_number(timer) and 0 < timer <= 600 else None
            live.push(session, snapshot, seconds)
        elif action == "lock":
            live.set_state(session, LiveQuestion.LOCKED)
        elif action == "reveal":
            live.set_state(session, LiveQuestion.REVEALED)
        elif action == "step":
            step = content.get("step")
            if not isinstance(step, int):
                raise QuestionProblem("which step?")
            live.set_step(session, step)
        elif action == "walk":
            live.set_walk(session, content.get("path"))
        elif action == "end":
            live.end(session)

    def _shared(self, action: str) -> tuple[dict[str, Any], str] | None:
        """The students' panel rendered once, when it is the same for every student but
        their verdict: a new question (nobody has answered) or a revealed one; and the
        teacher's panel in the same state."""
        session = LiveSession.objects.get(pk=self.session_id)
        question = session.current()
        if question is None or session.status == LiveSession.ENDED:
            return None
        fresh = action == "push" and question.state == LiveQuestion.OPEN
        if not fresh and question.state != LiveQuestion.REVEALED:
            return None
        html, _ = panels.shared_student_panel(session, question)
        # Encoded once too: each connection only puts its student's verdict in.
        message = json.dumps({"type": "state", "action": action, "html": html})
        students = {"shared": message, "question": question.pk, "key_text": question.key_text}
        if fresh:
            # Before anyone can answer: on another thread during the burst of answers it
            # would slow every acknowledgement, and at the reveal it would hold everyone.
            panels.prepare_reveal(question)
        return students, panels.teacher_panel(session, question)

    # --- group events -------------------------------------------------------------------

    async def live_changed(self, event: dict[str, Any]) -> None:
        action = event.get("action", "")
        if event.get("origin") == self.channel_name:
            return  # this connection already showed its own answer
        await self._send_state(action)

    async def live_shared(self, event: dict[str, Any]) -> None:
        """A panel the same for the whole class, from this process's fan-out (fanout.py):
        written at once with this student's verdict in it; after their own redraw if one
        is being read (it would otherwise land on top, older)."""
        if self.role != "student":
            return
        if self.render_lock.locked() or self.later:
            task = asyncio.create_task(self._shared_after_redraw(event))
            self.later.add(task)
            task.add_done_callback(self.later.discard)
            return
        await self._send_shared(event)

    async def _shared_after_redraw(self, event: dict[str, Any]) -> None:
        async with self.render_lock:
            await self._send_shared(event)

    async def _send_shared(self, event: dict[str, Any]) -> None:
        mine = self.mine.get(event["question"])
        await self.send(text_data=_with_verdict(event["shared"], event["key_text"], mine))

    async def live_panel(self, event: dict[str, Any]) -> None:
        """The teacher's panel, drawn once by the connection that made the change."""
        if self.role == "teacher":
            async with self.render_lock:  # after any redraw read before it
                await self.send_json(
                    {"type": "state", "action": event["action"], "html": event["html"]}
                )

    async def live_ended(self, event: dict[str, Any]) -> None:
        """The session is over: the last state was sent; the connection closes."""
        await self.close(code=NOT_ALLOWED)

    async def live_removed(self, event: dict[str, Any]) -> None:
        """The teacher removed this student: nothing more is drawn for them; the page says
        so and stops reconnecting (``people.remove``)."""
        if self.student_id is not None:
            await fanout.fanout().leave(self.session_id, self)
            await self.channel_layer.group_discard(
                _student_group(self.session_id, self.student_id), self.channel_name
            )
        self.role, self.student_id = "removed", None
        await self.send_json(
            {"type": "removed", "message": "Your teacher removed you from this session."}
        )
        await self.close(code=NOT_ALLOWED)

    async def live_tally(self, event: dict[str, Any]) -> None:
        """Redrawn once for a burst of answers, not once per answer."""
        if self.tally_task is None or self.tally_task.done():
            wait = self.tally_at + TALLY_SECONDS - time.monotonic()
            self.tally_task = asyncio.create_task(self._tally_soon(max(0.0, wait)))

    async def _tally_soon(self, wait: float) -> None:
        await asyncio.sleep(wait)
        self.tally_task = None
        self.tally_at = time.monotonic()
        await self._send_teacher_panel("tally")

    async def _tell_teacher(self) -> None:
        await self.channel_layer.group_send(_teacher_group(self.session_id), {"type": "live.tally"})

    async def _send_state(self, action: str = "") -> None:
        if self.role == "removed":
            return
        if self.role == "teacher":
            await self._send_teacher_panel("state", action)
            return
        async with self.render_lock:  # a shared panel arriving meanwhile goes after it
            html = await database_sync_to_async(self._student_state)()
            await self.send_json({"type": "state", "action": action, "html": html})

    async def _send_teacher_panel(self, kind: str, action: str = "") -> None:
        """One at a time, in order: a redraw read earlier never lands after a later one."""
        async with self.render_lock:
            html = await reading(self._teacher_panel)()
            message = {"type": kind, "html": html} | ({"action": action} if kind == "state" else {})
            await self.send_json(message)

    def _teacher_panel(self) -> str:
        return panels.teacher_panel(LiveSession.objects.get(pk=self.session_id))
