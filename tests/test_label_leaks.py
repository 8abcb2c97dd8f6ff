"""No learner-facing text contains a board label, an effect id, a JSON key, "Token token" or
a doubled period (issue #16).

Every curated puzzle and lesson board is stored with its labels replaced by ones that
can't pass for words ("zq3lbl", ``tests/leaks.relabelled``), then rendered through every
page a learner reads: the puzzle page before and after answering, its preview image, the
share page, the layer stepper for every permanent at every step, the event stepper, each
lesson page and its practice, the live-class question; generated practice items are
checked against their own labels. Any sighting of a label is a leak at its source.
"""

from __future__ import annotations

import re

import pytest

from tests.classes.helpers import make_session, student_browser
from tests.leaks import html_leaks, html_marked_leaks, leaks, marked_leaks, relabelled, relabelling
from tutor.boards.codec import encode_board
from tutor.boards.services import load_board
from tutor.classes import live
from tutor.classes.models import LiveQuestion
from tutor.classes.panels import student_panel, teacher_panel
from tutor.classes.questions import from_puzzle, misreading_names
from tutor.core.question import NONE_KEY, Form, Question
from tutor.learn import practice
from tutor.learn.content import load_lessons
from tutor.learn.items import NoItem
from tutor.learn.models import Lesson
from tutor.puzzles.content import puzzle_files
from tutor.puzzles.models import Puzzle
from tutor.puzzles.services import save_curated, sync_themes
from tutor.puzzles.spec import read_puzzle

pytestmark = pytest.mark.django_db
GENERATED_SEEDS = range(60)  # per level: 240 generated items in all
CHOICE = re.compile(r'name="choice" value="([^"]+)"')
WALK_LINK = re.compile(r'href="(\?[^"]*path=[^"]*)"')
MAX_WALK_PAGES = 12


@pytest.fixture(autouse=True)
def _generous_answer_limit(settings):
    settings.PUZZLE_ANSWERS_PER_MINUTE = 1_000_000


def _relabelled_puzzle(path) -> Puzzle:  # noqa: ANN001
    spec = read_puzzle(path)
    sync_themes()
    puzzle = save_curated(spec)
    puzzle.board = relabelled(spec.board)
    puzzle.save()
    return puzzle


def _page(client, url: str, **data) -> str:  # noqa: ANN001
    response = client.get(url, data)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


def _layer_pages(client, token: str, label: str):  # noqa: ANN001, ANN202
    """Every step of the layer stepper for one object (and predict mode's first step)."""
    yield _page(client, f"/board/{token}/layers/{label}/", step=0, predict=1)
    step = 0
    while True:
        response = client.get(f"/board/{token}/layers/{label}/", {"step": step})
        if response.status_code != 200:
            assert step > 0 and response.status_code == 400
            return
        yield response.content.decode()
        step += 1


def _found(pages: dict[str, str], marked: bool = True) -> list[str]:
    check = html_marked_leaks if marked else html_leaks
    return [f"{where}: {leak}" for where, html in pages.items() for leak in check(html)]


@pytest.mark.parametrize("path", puzzle_files(), ids=lambda p: p.stem)
def test_a_curated_puzzle_never_shows_a_label_or_an_id(client, path):
    puzzle = _relabelled_puzzle(path)
    token = encode_board(puzzle.board)
    url = puzzle.get_absolute_url()
    pages = {
        "puzzle page": _page(client, url),
        "preview image": _page(client, f"{url}/preview.svg"),
        "share page": _page(client, f"/b/{token}"),
    }
    assert client.post(f"{url}/give-up").status_code in (200, 302, 303)
    pages["puzzle page, answered"] = _page(client, url)
    pages["embedded, answered"] = _page(client, f"/embed{url}", give_up=1)
    result = load_board(puzzle.board).result
    for obj in result.game.objects:
        if obj.zone == "battlefield" and obj.label in result.evaluation.chars:
            for n, html in enumerate(_layer_pages(client, token, obj.label)):
                pages[f"layer stepper of {obj.label}, page {n}"] = html
    if "event" in puzzle.board.get("ask", {}):
        pages |= _event_pages(client, token)
    snapshot = from_puzzle(puzzle.short_id)
    keys = {o.key for o in snapshot.options}
    chart = misreading_names(snapshot)
    named = [f"{k}: {v}" for k, v in chart.items() if k not in keys]
    texts = [snapshot.prompt, snapshot.key_text, *(o.text for o in snapshot.options), *named]
    asked = "\n".join(texts)
    pages |= _live_class_pages(snapshot)
    found = _found(pages) + [f"live question: {leak}" for leak in marked_leaks(asked)]
    assert not found, "\n".join(found[:20])


def _event_pages(client, token: str) -> dict[str, str]:  # noqa: ANN001
    """The event stepper at its start and after each choice its links offer (a few)."""
    url = f"/board/{token}/event/"
    pages = {"event stepper": _page(client, url, kind="asked")}
    todo = WALK_LINK.findall(pages["event stepper"])
    seen: set[str] = set()
    while todo and len(seen) < MAX_WALK_PAGES:
        query = todo.pop(0).replace("&amp;", "&")
        if query in seen:
            continue
        seen.add(query)
        html = _page(client, url + query)
        pages[f"event stepper {query}"] = html
        todo += WALK_LINK.findall(html)
    return pages


def _live_class_pages(snapshot: Question) -> dict[str, str]:
    """A live class on the question: the student's and the teacher's websocket panels while
    it is open and once revealed (with the teacher's first choice of an event walk), and
    the class's CSV export."""
    teacher, session = make_session()
    question = live.push(session, snapshot)
    student_browser(session, "Ada")
    student_browser(session, "Bo")
    ada, bo = session.students.all()
    keys = [o.key for o in snapshot.options if o.key and o.key != question.key]
    wrong: object = keys[0] if keys else "1/1"
    if snapshot.form is Form.SELECT_ALL:
        wrong = [wrong]  # as live.js sends ticked keys: a key may hold a ","
    if snapshot.form is Form.ORDER:
        wrong = ">".join(reversed(question.key.split(">")))
    live.record_answer(ada, question.pk, question.key or NONE_KEY)  # "" is "None of these"
    live.record_answer(bo, question.pk, wrong)
    pages = {"student panel": student_panel(ada), "teacher panel": teacher_panel(session)}
    live.set_state(session, LiveQuestion.REVEALED)
    pages["student panel, revealed"] = student_panel(bo)
    pages["teacher panel, revealed"] = teacher_panel(session)
    if snapshot.stepper == "event":
        try:
            live.set_walk(session, "0")
        except ValueError:  # an event with no choice to make
            pass
        else:
            pages["student panel, first choice"] = student_panel(bo)
    csv = teacher.get(f"/live/{session.pk}/answers.csv")
    assert csv.status_code == 200
    pages["class CSV"] = csv.content.decode()
    return pages


def test_every_lesson_and_its_practice_never_show_a_label_or_an_id(client):
    load_lessons()
    pages: dict[str, str] = {}
    for lesson in Lesson.objects.all():
        stepper = relabelling(lesson.boards[lesson.stepper_board])
        lesson.stepper_object = stepper.get(lesson.stepper_object, lesson.stepper_object)
        lesson.boards = {name: relabelled(board) for name, board in lesson.boards.items()}
        lesson.save()
        pages[lesson.slug] = _page(client, f"/learn/{lesson.slug}/")
        n = 1
        while (response := client.get(f"/learn/{lesson.slug}/practice/{n}/")).status_code == 200:
            url = f"/learn/{lesson.slug}/practice/{n}/"
            pages[url] = response.content.decode()
            for choice in CHOICE.findall(pages[url])[:2]:
                answered = client.post(url, {"choice": choice}).content.decode()
                pages[f"{url} answered {choice}"] = answered
            n += 1
        assert n > 1, f"{lesson.slug} has no practice"
    found = _found(pages)
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_generated_practice_never_shows_a_label_or_an_id(client, level):
    pages: dict[str, str] = {}
    checked = 0
    for seed in GENERATED_SEEDS:
        try:
            made = practice.generated_item(seed, level)
        except NoItem:
            continue
        labels = {s["as"] for s in made.item.board.get("steps", []) if "as" in s}
        url = f"/learn/practice/{level}/{seed}/"
        texts = [_page(client, url)]
        for choice in made.item.choices[:2]:
            texts.append(client.post(url, {"choice": choice.key}).content.decode())
        for n, html in enumerate(texts):
            pages[f"{url} ({n})"] = html
            found = html_leaks(html, labels)
            assert not found, f"{url}: " + "\n".join(found[:10])
        checked += 1
    assert checked >= len(GENERATED_SEEDS) // 2


def test_the_checks_catch_each_kind_of_leak():
    assert leaks("Hill Giant (bears)'s power", {"bears"})
    assert leaks("applying doubling-season#1 first")
    assert leaks("lattice#0: All permanents are artifacts")
    assert leaks("its mana_cost is {3}{R}")
    assert leaks("Create a Zombie Token token.")
    assert leaks("It has flying..")
    assert marked_leaks("The first Grizzly Bears waits for zq2lbl.")
    assert not leaks("Grizzly Bears waits for the first Doubling Season… and Glorious Anthem.")
    assert not leaks("Borrowed bears", set())
    # Issue 26: template syntax, "~", doubled words, nested parentheses, counting from 0.
    assert leaks("{# The one live region: how many puzzles #}")
    assert leaks("As long as ~ is on the battlefield")
    assert leaks("Shock goes to exile instead instead")
    assert leaks("Layer 7c (power/toughness modified (and counters))")
    assert leaks("Ability number (0 is the first)")
    assert not leaks("Layer 7c (power/toughness) and counters (CR 613.4c)")
