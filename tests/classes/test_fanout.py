"""A panel the same for the whole class reaches each server process as one message, which
that process writes to every student it serves (tutor/classes/fanout.py), with each
student's own verdict; the in-memory channel layer gives every member its own copy."""

from __future__ import annotations

import pytest
from channels.layers import get_channel_layer

from tests.classes.test_live_robustness import _class_with_a_question
from tests.classes.test_live_websocket import drain
from tutor.classes import fanout
from tutor.core.channel_layer import ChannelLayer

pytestmark = pytest.mark.django_db(transaction=True)


async def test_the_reveal_reaches_the_process_once_and_every_student_from_there(monkeypatch):
    session, teacher, students, question = await _class_with_a_question(("Ada", "Bo", "Cy"))
    ada, bo, _ = students
    await ada.send_json_to({"action": "answer", "question": question.pk, "answer": question.key})
    await bo.send_json_to({"action": "answer", "question": question.pk, "answer": "7/7"})
    for socket in (ada, bo):
        assert (await socket.receive_json_from())["type"] == "answered"
    await drain(teacher)
    layer = get_channel_layer()
    sent: list[tuple[str, dict]] = []
    group_send = layer.group_send

    async def counted(group, message):  # noqa: ANN001, ANN202
        sent.append((group, message))
        await group_send(group, message)

    monkeypatch.setattr(layer, "group_send", counted)
    await teacher.send_json_to({"action": "reveal"})
    seen = [(await drain(s))[-1]["html"] for s in students]
    shared = [group for group, message in sent if "shared" in message]
    assert shared == [fanout.group(session.pk)]
    assert len(layer.groups[shared[0]]) == 1  # this process, not each student
    assert "✔ Right: the answer is" in seen[0] and "✘ You said 7/7" in seen[1]
    assert "Right answer:" in (await drain(teacher))[-1]["html"]  # the teacher's panel too
    for socket in [teacher, *students]:
        await socket.disconnect()
    assert session.pk not in fanout.fanout().sessions  # the last student out stops it


async def test_a_student_who_leaves_is_no_longer_written_to():
    session, teacher, students, _ = await _class_with_a_question(("Ada", "Bo"))
    ada, bo = students
    await bo.disconnect()
    assert len(fanout.fanout().sessions[session.pk].members) == 1
    await teacher.send_json_to({"action": "reveal"})
    assert "the answer is" in (await drain(ada))[-1]["html"]
    for socket in (teacher, ada):
        await socket.disconnect()


async def test_every_member_of_a_group_gets_its_own_copy():
    layer = ChannelLayer()
    first, second = await layer.new_channel(), await layer.new_channel()
    for channel in (first, second):
        await layer.group_add("class", channel)
    await layer.group_send("class", {"type": "plain", "html": "<p>"})
    await layer.group_send("class", {"type": "nested", "rows": [1, 2]})
    plain = [await layer.receive(first), await layer.receive(second)]
    nested = [await layer.receive(first), await layer.receive(second)]
    assert plain[0] == plain[1] == {"type": "plain", "html": "<p>"}
    assert plain[0] is not plain[1]
    nested[0]["rows"].append(3)
    assert nested[1]["rows"] == [1, 2]
