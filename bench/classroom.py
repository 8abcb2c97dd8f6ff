"""Benchmark: a live class of N students over real websockets on loopback.

Sets up a fresh SQLite database in a temporary folder (a class, its teacher and N
students who have joined), starts Daphne, connects the teacher and every student,
pushes a question, has every student answer, then reveals. Measured: the time from
the teacher sending the reveal to each student receiving it (p50 and p95, ms), and
answers lost (students whose answer is not in the database, or who never got an
acknowledgement; must be 0). Then the same with two Daphne processes sharing Redis
(the teacher on the first, the students split between both). The last line is exactly
``classroom: students=<n> p95_ms=<x> lost=<n> p95_ms_redis=<x> lost_redis=<n>``
(the Redis figures are ``na`` where no Redis server is reachable).

Run: ``.venv/bin/python bench/classroom.py [--students N]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import sys
import tempfile
import time
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = Path(tempfile.mkdtemp(prefix="layerlab-classroom-"))
os.environ["DATABASE_URL"] = f"sqlite:///{FOLDER / 'bench.sqlite3'}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
os.environ.pop("REDIS_URL", None)
sys.path.insert(0, str(ROOT))

import django  # noqa: E402

django.setup()

import websockets  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from tutor.boards.codec import encode_board  # noqa: E402
from tutor.classes import live  # noqa: E402
from tutor.classes.consumers import STUDENT_SESSION_KEY  # noqa: E402
from tutor.classes.models import Classroom, LiveSession, StudentAnswer  # noqa: E402
from tutor.core import serving  # noqa: E402

BOARD = ROOT / "tests" / "boards" / "cr" / "613.5-example-2.json"
REDIS_URL = "redis://127.0.0.1:6379/0"


def daphne(redis: bool) -> AbstractContextManager[str]:
    return serving.daphne({"REDIS_URL": REDIS_URL if redis else None})


def redis_reachable() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5) as probe:
            probe.sendall(b"PING\r\n")
            return probe.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def new_class(students: int) -> tuple[LiveSession, str, list[str]]:
    """A running session, the teacher's session cookie, and one cookie per joined student."""
    teacher, _ = User.objects.get_or_create(username="bench-teacher")
    session = live.start_session(Classroom.objects.create(teacher=teacher, name="Bench class"))
    browser = Client()
    browser.force_login(teacher)
    cookies = []
    for n in range(students):
        student = live.join(session, f"Student {n}")
        store = SessionStore()
        store[STUDENT_SESSION_KEY] = {session.join_code: str(student.token)}
        store.create()
        cookies.append(f"sessionid={store.session_key}")
    return session, f"sessionid={browser.cookies['sessionid'].value}", cookies


async def _recv_until(sock, wanted, seconds: float = 60.0):  # noqa: ANN001, ANN202
    async with asyncio.timeout(seconds):
        while True:
            message = json.loads(await sock.recv())
            if wanted(message):
                return message


async def run_class(servers: list[str], students: int) -> tuple[list[float], int]:
    session, teacher_cookie, cookies = await asyncio.to_thread(new_class, students)
    code = session.join_code

    async def open_socket(base: str, cookie: str):  # noqa: ANN202
        url = base.replace("http://", "ws://") + f"/ws/live/{code}/"
        sock = await websockets.connect(
            url, additional_headers=[("Origin", base), ("Cookie", cookie)], open_timeout=60
        )
        await _recv_until(sock, lambda m: m["type"] == "state")
        return sock

    teacher = await open_socket(servers[0], teacher_cookie)
    sockets = []
    for start in range(0, students, 50):  # connect in waves, as a class arrives
        wave = cookies[start : start + 50]
        sockets += await asyncio.gather(
            *(open_socket(servers[(start + i) % len(servers)], c) for i, c in enumerate(wave))
        )
    token = encode_board(json.loads(BOARD.read_text()))
    await teacher.send(
        json.dumps({"action": "push", "source": {"kind": "board", "token": token, "label": "ogre"}})
    )
    await asyncio.gather(
        *(_recv_until(s, lambda m: "Send my answer" in m.get("html", "")) for s in sockets)
    )
    question = await asyncio.to_thread(lambda: session.questions.get().pk)

    async def answer(sock, n: int) -> bool:  # noqa: ANN001
        await sock.send(
            json.dumps({"action": "answer", "question": question, "answer": f"{n % 9}/{n % 7}"})
        )
        try:
            await _recv_until(sock, lambda m: m["type"] == "answered")
            return True
        except TimeoutError:
            return False

    acked = await asyncio.gather(*(answer(s, n) for n, s in enumerate(sockets)))
    stored = await asyncio.to_thread(StudentAnswer.objects.filter(question_id=question).count)
    lost = max(students - stored, acked.count(False))

    received: list[float] = []

    async def reveal_seen(sock) -> None:  # noqa: ANN001
        await _recv_until(sock, lambda m: "the answer is" in m.get("html", ""))
        received.append(time.perf_counter())

    waiting = [asyncio.create_task(reveal_seen(s)) for s in sockets]
    await asyncio.sleep(0.2)
    sent = time.perf_counter()
    await teacher.send(json.dumps({"action": "reveal"}))
    await asyncio.gather(*waiting, return_exceptions=True)
    for sock in [teacher, *sockets]:
        await sock.close()
    missed = students - len(received)
    if lost or missed:
        print(
            f"  not acknowledged: {acked.count(False)}, not stored: {students - stored}, "
            f"reveal not received: {missed}"
        )
    return [1000 * (t - sent) for t in received], lost + missed


def p(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=200)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    with daphne(redis=False) as server:
        one, lost = asyncio.run(run_class([server], args.students))
    print(f"one process: reveal p50={statistics.median(one):.0f} ms p95={p(one, 0.95):.0f} ms")
    print(f"one process: lost={lost}")
    p95_redis, lost_redis = "na", "na"
    if redis_reachable():
        with ExitStack() as stack:
            servers = [stack.enter_context(daphne(redis=True)) for _ in range(2)]
            two, lost_two = asyncio.run(run_class(servers, args.students))
        print(
            f"two processes on Redis: reveal p50={statistics.median(two):.0f} ms "
            f"p95={p(two, 0.95):.0f} ms lost={lost_two}"
        )
        p95_redis, lost_redis = f"{p(two, 0.95):.0f}", str(lost_two)
    else:
        print("two processes on Redis: no Redis server reachable at 127.0.0.1:6379")
    print(
        f"classroom: students={args.students} p95_ms={p(one, 0.95):.0f} lost={lost} "
        f"p95_ms_redis={p95_redis} lost_redis={lost_redis}"
    )


if __name__ == "__main__":
    main()
