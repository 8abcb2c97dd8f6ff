"""The live session's websocket: one group per session; the teacher drives, students answer.

Who is who comes from the signed session (a student's token, kept when they join) or the
logged-in user (the class's teacher); anyone else is refused at the handshake. Messages
from the browser are ``{"action": ...}``; messages to it are ``{"type": ..., "html": ...}``
with HTML rendered on the server (escaped there), which ``static/js/live.js`` swaps in.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from tutor.classes import live, panels
from tutor.classes.models import LiveQuestion, LiveSession, Student
from tutor.classes.questions import QuestionProblem
from tutor.classes.sources import snapshot_for

STUDENT_SESSION_KEY = "live_students"
TEACHER_ACTIONS = frozenset({"push", "lock", "reveal", "step", "walk", "end"})
STUDENT_ACTIONS = frozenset({"answer"})
# Close code for "not allowed here" (private range, RFC 6455 7.4.2).
NOT_ALLOWED = 4403
LOG = logging.getLogger(__name__)


def _teacher_group(session_id: int) -> str:
    return f"live-{session_id}-teacher"


def _student_group(session_id: int, student_id: int) -> str:
    """Every tab of one student: an answer from one redraws the others."""
    return f"live-{session_id}-student-{student_id}"


class LiveConsumer(AsyncJsonWebsocketConsumer):
    role: str = ""
    session_id: int = 0
    student_id: int | None = None

    async def connect(self) -> None:
        code = self.scope["url_route"]["kwargs"]["code"]
        found = await database_sync_to_async(self._identify)(code)
        if found is None:
            await self.close(code=NOT_ALLOWED)
            return
        self.role, self.session_id, self.student_id = found
        self.group = f"live-{self.session_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        if self.role == "teacher":
            await self.channel_layer.group_add(_teacher_group(self.session_id), self.channel_name)
        if self.student_id is not None:
            await self.channel_layer.group_add(
                _student_group(self.session_id, self.student_id), self.channel_name
            )
        await self.accept()
        if self.student_id is not None:
            await database_sync_to_async(live.presence)(self.student_id, +1)
            await self._tell_teacher()
        await self._send_state()

    def _identify(self, code: str) -> tuple[str, int, int | None] | None:
        session = live.open_session(code)
        if session is None:
            return None
        user = self.scope.get("user")
        if user is not None and user.is_authenticated and user.pk == session.classroom.teacher_id:
            return "teacher", session.pk, None
        tokens = (self.scope.get("session") or {}).get(STUDENT_SESSION_KEY) or {}
        token = tokens.get(session.join_code) if isinstance(tokens, dict) else None
        student = Student.objects.filter(session=session, token=token).first() if token else None
        if student is None:
            return None
        return "student", session.pk, student.pk

    async def disconnect(self, code: int) -> None:
        if not self.session_id:
            return
        await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.role == "teacher":
            await self.channel_layer.group_discard(
                _teacher_group(self.session_id), self.channel_name
            )
        if self.student_id is not None:
            await self.channel_layer.group_discard(
                _student_group(self.session_id, self.student_id), self.channel_name
            )
            await database_sync_to_async(live.presence)(self.student_id, -1)
            await self._tell_teacher()

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Only JSON text: anything else gets an error, never a crash (which would leave
        the student counted as online)."""
        if text_data is None:
            await self.send_json({"type": "error", "message": "Send JSON text."})
            return
        try:
            content = json.loads(text_data)
        except ValueError:
            await self.send_json({"type": "error", "message": "Send JSON text."})
            return
        try:
            await self.receive_json(content)
        except QuestionProblem as problem:
            await self.send_json({"type": "error", "message": str(problem)})
        except Exception:
            LOG.exception("live session %s: a message failed", self.session_id)
            await self.send_json({"type": "error", "message": "That didn't work: try again."})

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        action = content.get("action") if isinstance(content, dict) else None
        if not isinstance(action, str):
            await self.send_json({"type": "error", "message": "Unknown action."})
            return
        if action in TEACHER_ACTIONS and self.role != "teacher":
            await self.send_json({"type": "error", "message": "Only the teacher can do that."})
            return
        if action not in TEACHER_ACTIONS | STUDENT_ACTIONS:
            await self.send_json({"type": "error", "message": "Unknown action."})
            return
        if action == "answer":
            await self._answer(content)
        else:
            await self._teach(action, content)

    # --- students ---------------------------------------------------------------------

    async def _answer(self, content: dict[str, Any]) -> None:
        if self.student_id is None:
            await self.send_json({"type": "error", "message": "Only students answer."})
            return
        question_id = content.get("question")
        if not isinstance(question_id, int):
            raise QuestionProblem("which question is this an answer to?")
        recorded = await database_sync_to_async(self._record)(question_id, content.get("answer"))
        # Acknowledged only now: the answer is in the database.
        await self.send_json(
            {
                "type": "answered",
                "question": question_id,
                "answer": recorded.answer.answer,
                "repeat": not recorded.new,
                "html": await database_sync_to_async(self._student_panel)(),
            }
        )
        if recorded.new:
            await self._tell_teacher()
            await self.channel_layer.group_send(
                _student_group(self.session_id, self.student_id),
                {"type": "live.changed", "action": "answer"},
            )

    def _record(self, question_id: int, raw: object) -> live.Recorded:
        student = Student.objects.select_related("session").get(pk=self.student_id)
        return live.record_answer(student, question_id, raw)

    def _student_panel(self) -> str:
        student = Student.objects.select_related("session").get(pk=self.student_id)
        return panels.student_panel(student)

    # --- the teacher --------------------------------------------------------------------

    async def _teach(self, action: str, content: dict[str, Any]) -> None:
        await database_sync_to_async(self._apply)(action, content)
        # Everyone redraws from the database: what they see is what was recorded.
        await self.channel_layer.group_send(self.group, {"type": "live.changed", "action": action})
        if action == "end":
            await self.channel_layer.group_send(self.group, {"type": "live.ended"})

    def _apply(self, action: str, content: dict[str, Any]) -> None:
        session = LiveSession.objects.select_related("classroom").get(pk=self.session_id)
        if action == "push":
            timer = content.get("timer")
            whole = isinstance(timer, int) and not isinstance(timer, bool)
            seconds = timer if whole and 0 < timer <= 600 else None
            live.push(session, snapshot_for(content.get("source")), seconds)
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

    # --- group events -------------------------------------------------------------------

    async def live_changed(self, event: dict[str, Any]) -> None:
        await self._send_state(event.get("action", ""))

    async def live_ended(self, event: dict[str, Any]) -> None:
        """The session is over: the last state was sent; the connection closes."""
        await self.close(code=NOT_ALLOWED)

    async def live_removed(self, event: dict[str, Any]) -> None:
        """The teacher removed this student: nothing more is drawn for them; the page says
        so and stops reconnecting (``people.remove``)."""
        if self.student_id is not None:
            await self.channel_layer.group_discard(
                _student_group(self.session_id, self.student_id), self.channel_name
            )
        self.role, self.student_id = "removed", None
        await self.send_json(
            {"type": "removed", "message": "Your teacher removed you from this session."}
        )
        await self.close(code=NOT_ALLOWED)

    async def live_tally(self, event: dict[str, Any]) -> None:
        html = await database_sync_to_async(self._teacher_panel)()
        await self.send_json({"type": "tally", "html": html})

    async def _tell_teacher(self) -> None:
        await self.channel_layer.group_send(_teacher_group(self.session_id), {"type": "live.tally"})

    async def _send_state(self, action: str = "") -> None:
        if self.role == "removed":
            return
        if self.role == "teacher":
            html = await database_sync_to_async(self._teacher_panel)()
        else:
            html = await database_sync_to_async(self._student_panel)()
        await self.send_json({"type": "state", "action": action, "html": html})

    def _teacher_panel(self) -> str:
        return panels.teacher_panel(LiveSession.objects.get(pk=self.session_id))
