"""A saved puzzle's page: the answer stays hidden until answered or given up, the
first attempt is rated, and the page can be shared, framed (only the embed), previewed."""

from __future__ import annotations

import html as html_module
import re
import time
import uuid
from xml.etree import ElementTree

import pytest
from django.urls import reverse

from tests.puzzles.helpers import saved
from tests.web.boards import PEEK_LINE, not_modelled_section, with_peek
from tutor.core.question import NONE_KEY
from tutor.puzzles.models import Attempt, Learner
from tutor.puzzles.preview import png_available
from tutor.puzzles.services import question_of

pytestmark = pytest.mark.django_db


def url(name: str, puzzle, *rest: str) -> str:
    return reverse(name, args=[puzzle.short_id, *rest])


def test_the_page_shows_the_question_but_not_the_answer(client):
    puzzle = saved("subtypes")
    question = question_of(puzzle)
    page = client.get(puzzle.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    assert question.prompt.replace("'", "&#x27;") in html
    assert "The answer" not in html and "Step through the explanation" not in html
    # The cards are drawn as printed: no final value is shown, no stepper link either.
    assert "Step through its layers" not in html
    assert page["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in page["Content-Security-Policy"]


def test_a_right_first_answer_is_rated_and_opens_the_explanation(client, settings):
    # An established learner's answer: a new one's doesn't move the puzzle (docs/ratings.md).
    settings.PUZZLE_ESTABLISHED_ANSWERS = 0
    puzzle = saved("pt")
    key = question_of(puzzle).right[0]
    answered = client.post(url("puzzle-answer", puzzle), {"answer": key})
    assert answered.status_code == 302 and answered["Location"] == puzzle.get_absolute_url()
    attempt = Attempt.objects.get()
    assert attempt.right and attempt.learner_after > attempt.learner_before
    puzzle.refresh_from_db()
    assert (puzzle.attempts, puzzle.solved) == (1, 1)
    assert puzzle.rating == attempt.puzzle_after < attempt.puzzle_before
    page = client.get(puzzle.get_absolute_url()).content.decode()
    assert "✔ Right!" in page and "Step through the explanation" in page
    assert (
        reverse(
            "board-layers",
            args=[re.search(r"/board/([\w.-]+)/layers", page)[1], question_of(puzzle).object],
        )
        in page
    )


def test_only_the_first_attempt_counts(client):
    puzzle = saved("pt")
    client.post(url("puzzle-answer", puzzle), {"answer": "99/99"})
    key = question_of(puzzle).right[0]
    client.post(url("puzzle-answer", puzzle), {"answer": key})
    attempt = Attempt.objects.get()
    assert not attempt.right and attempt.answer == "99/99"
    learner = Learner.objects.get()
    assert learner.rating == attempt.learner_after < 1500
    puzzle.refresh_from_db()
    assert (puzzle.attempts, puzzle.solved) == (1, 0)


def test_giving_up_counts_as_a_miss_and_shows_the_answer_to_htmx(client):
    puzzle = saved("event")
    shown = client.post(url("puzzle-give-up", puzzle), headers={"HX-Request": "true"})
    assert shown.status_code == 200
    html = shown.content.decode()
    assert 'id="play"' in html and "<html" not in html
    assert "You asked to see the answer." in html and question_of(puzzle).key_text[:20] in html
    assert Attempt.objects.get().gave_up


def test_an_answer_that_cant_be_read_is_a_400_or_a_422_for_htmx(client):
    puzzle = saved("pt")
    page = client.post(url("puzzle-answer", puzzle), {"answer": "tall"})
    assert page.status_code == 400
    assert "two whole numbers" in page.content.decode()
    htmx = client.post(url("puzzle-answer", puzzle), {"answer": ""}, headers={"HX-Request": "true"})
    assert htmx.status_code == 422 and 'role="alert"' in htmx.content.decode()
    forged = saved("depends")
    assert client.post(url("puzzle-answer", forged), {"answer": "maybe"}).status_code == 400
    assert not Attempt.objects.exists()


def test_an_order_puzzle_takes_the_places_in_order(client):
    puzzle = saved("order")
    key = list(question_of(puzzle).right)
    client.post(url("puzzle-answer", puzzle), {"answer": key})
    assert Attempt.objects.get().right


def test_an_unknown_puzzle_is_a_404(client):
    assert client.get("/p/nosuchid").status_code == 404
    assert client.get("/embed/p/nosuchid").status_code == 404
    assert client.get("/p/nosuchid/preview.svg").status_code == 404


def test_the_page_carries_open_graph_tags_and_a_preview_image(client):
    puzzle = saved("pt")
    html = client.get(puzzle.get_absolute_url()).content.decode()
    tags = dict(re.findall(r'<meta property="(og:[\w:]+)" content="([^"]*)"', html))
    assert tags["og:title"] == puzzle.title.replace("'", "&#x27;")
    assert tags["og:url"] == f"http://testserver{puzzle.get_absolute_url()}"
    assert tags["og:image"].startswith("http://testserver/p/")
    assert 'name="twitter:card" content="summary_large_image"' in html
    svg = client.get(url("puzzle-preview-svg", puzzle))
    assert svg["Content-Type"] == "image/svg+xml"
    root = ElementTree.fromstring(svg.content)
    assert root.get("width") == "1200" and root.get("height") == "630"
    assert question_of(puzzle).right[0] not in ElementTree.tostring(root, encoding="unicode")[-400:]
    png = client.get(url("puzzle-preview-png", puzzle))
    if png_available():
        assert png.status_code == 200 and png.content.startswith(b"\x89PNG")
        assert tags["og:image"].endswith("preview.png")
    else:
        assert png.status_code == 404 and tags["og:image"].endswith("preview.svg")


def test_a_title_with_markup_is_escaped_in_the_page_and_the_preview(client):
    puzzle = saved("pt")
    puzzle.title = '<script>alert("x")</script> & more'
    puzzle.save()
    html = client.get(puzzle.get_absolute_url()).content.decode()
    assert "<script>alert" not in html
    ElementTree.fromstring(client.get(url("puzzle-preview-svg", puzzle)).content)


def test_the_qr_code_is_an_svg_of_the_puzzles_link(client):
    puzzle = saved("pt")
    qr = client.get(url("puzzle-qr", puzzle))
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"
    assert ElementTree.fromstring(qr.content).tag.endswith("svg")


def test_only_the_embed_may_be_framed_and_it_checks_answers_without_rating(client):
    puzzle = saved("pt")
    embed = client.get(url("puzzle-embed", puzzle))
    assert embed.status_code == 200
    assert "X-Frame-Options" not in embed
    assert "frame-ancestors *" in embed["Content-Security-Policy"]
    assert 'method="post"' in embed.content.decode()
    key = question_of(puzzle).right[0]
    checked = client.post(url("puzzle-embed", puzzle), {"answer": key})
    assert "✔ Right!" in checked.content.decode()
    bad = client.post(url("puzzle-embed", puzzle), {"answer": "x"})
    assert bad.status_code == 400
    assert not Attempt.objects.exists()


def test_the_embed_answers_a_post_from_a_framing_site_without_a_csrf_token(csrf_client):
    puzzle = saved("pt")
    shown = csrf_client.post(url("puzzle-embed", puzzle), {"give_up": "1"})
    assert shown.status_code == 200 and "Here is the answer." in shown.content.decode()


def test_a_get_of_the_embed_changes_nothing_whatever_its_query(client):
    puzzle = saved("pt")
    other = saved("order")
    client.post(url("puzzle-give-up", other))  # this browser is now a learner
    page = client.get(url("puzzle-embed", puzzle), {"give_up": "1", "submitted": "1"})
    assert page.status_code == 200 and "Here is the answer." not in page.content.decode()
    assert not Attempt.objects.filter(puzzle=puzzle).exists()


def test_the_embed_records_nothing_even_for_a_known_learner(client):
    puzzle = saved("pt")
    other = saved("order")
    client.post(url("puzzle-give-up", other))  # this browser is now a learner
    client.post(url("puzzle-embed", puzzle), {"give_up": "1"})
    assert not Attempt.objects.filter(puzzle=puzzle).exists()
    puzzle.refresh_from_db()
    assert puzzle.attempts == 0


def test_none_of_these_can_be_right_in_the_embed(client):
    puzzle = saved("colors")
    question = question_of(puzzle)
    given = {"answer": list(question.right) or [NONE_KEY]}
    page = client.post(url("puzzle-embed", puzzle), given).content.decode()
    assert "✔ Right!" in page


def test_the_library_filters_by_theme_and_difficulty(client):
    beginner = saved("pt")
    other = saved("order")
    theme = beginner.themes.first().slug
    page = client.get(reverse("puzzles"), {"theme": theme}).content.decode()
    assert beginner.title.replace("'", "&#x27;") in page
    band = beginner.difficulty.slug
    listed = client.get(reverse("puzzles"), {"difficulty": band}).content.decode()
    assert beginner.title.replace("'", "&#x27;") in listed
    assert (other.title.replace("'", "&#x27;") in listed) == (other.difficulty.slug == band)
    assert client.get(reverse("puzzles"), {"theme": "layer-99"}).status_code == 400
    assert client.get(reverse("puzzles"), {"page": "0"}).status_code == 400
    assert client.get(reverse("puzzles"), {"page": "500"}).status_code == 200  # the last page
    fragment = client.get(reverse("puzzles"), {"theme": theme}, headers={"HX-Request": "true"})
    assert 'id="results"' in fragment.content.decode()
    assert "<html" not in fragment.content.decode()


def test_the_home_page_shows_the_days_puzzle(client):
    puzzle = saved("pt")
    html = client.get("/").content.decode()
    assert "Today's puzzle" in html or "Today&#x27;s puzzle" in html
    assert puzzle.get_absolute_url() in html


def test_the_api_gives_a_puzzle_without_its_answer(client):
    puzzle = saved("event")
    data = client.get(reverse("api-puzzle", args=[puzzle.short_id])).json()
    question = question_of(puzzle)
    assert data["id"] == puzzle.short_id and data["board"] == puzzle.board
    assert len(data["question"]["options"]) == len(question.options)
    assert "expect" not in data["board"] and "source" not in data["board"]
    assert "key" not in data["question"] and "answer" not in data["question"]
    missing = client.get(reverse("api-puzzle", args=["nosuchid"]))
    assert missing.status_code == 404 and "error" in missing.json()


def test_a_saved_board_the_engine_can_no_longer_read_is_handed_back_not_a_500(client):
    puzzle = saved("pt")
    puzzle.board["steps"][0]["enter"] = "No Such Card Anywhere"
    puzzle.save()
    page = client.get(puzzle.get_absolute_url())
    assert page.status_code == 422
    html = page.content.decode()
    assert "can't pose this puzzle" in html and "No Such Card Anywhere" in html
    assert client.post(url("puzzle-answer", puzzle), {"answer": "1/1"}).status_code == 422


def test_next_puzzle_is_the_nearest_rating_not_yet_tried(client):
    easy = saved("pt")
    hard = saved("order")
    easy.rating, hard.rating = 1480, 1900
    easy.save()
    hard.save()
    first = client.get(reverse("puzzle-next"))
    assert first["Location"] == easy.get_absolute_url()
    client.post(url("puzzle-give-up", easy))
    assert client.get(reverse("puzzle-next"))["Location"] == hard.get_absolute_url()
    client.post(url("puzzle-give-up", hard))
    done = client.get(reverse("puzzle-next"))
    assert done.status_code == 200 and "tried every puzzle" in done.content.decode()


def test_the_embed_code_is_escaped_once_so_a_title_cannot_inject_markup(client):
    puzzle = saved("pt")
    puzzle.title = 'x" onload="alert(1)'
    puzzle.save()
    html = client.get(puzzle.get_absolute_url()).content.decode()
    code = re.search(r'<textarea id="embed-code"[^>]*>(.*?)</textarea>', html, re.S)[1]
    # The textarea shows the markup escaped; once unescaped (as a reader copies it) the
    # title's quote is still an entity, so it cannot close the attribute.
    copied = html_module.unescape(code)
    assert 'title="Layerlab puzzle: x&quot; onload=&quot;alert(1)"' in copied


def test_ids_outside_the_alphabet_are_simply_not_found(client):
    for path in ("/p/%00", "/p/a%00b/preview.svg", "/embed/p/%00", "/p/ABCDEFGH"):
        assert client.get(path).status_code == 404
    api = client.get("/api/puzzles/%00")
    assert api.status_code == 404 and "error" in api.json()


def test_control_characters_never_break_the_preview(client):
    puzzle = saved("pt")
    puzzle.title = "a\x01b\x0bc"
    puzzle.save()
    ElementTree.fromstring(client.get(url("puzzle-preview-svg", puzzle)).content)
    assert client.get(url("puzzle-preview-png", puzzle)).status_code in (200, 404)


def test_one_browser_answering_twice_at_once_is_one_learner(client):
    puzzle = saved("pt")
    client.get(puzzle.get_absolute_url())  # the page gives the session its learner key
    client.post(url("puzzle-answer", puzzle), {"answer": "1/1"})
    client.post(url("puzzle-give-up", saved("order")))
    assert Learner.objects.count() == 1


def test_answers_are_rate_limited_per_address(client, settings):
    settings.PUZZLE_ANSWERS_PER_MINUTE = 2
    puzzle = saved("pt")
    for _ in range(3):  # a minute boundary mid-test splits the count: try again
        window = int(time.time() // 60)
        client.defaults["REMOTE_ADDR"] = f"10.{uuid.uuid4().int % 250}.8.{window % 250}"
        codes = [
            client.post(url("puzzle-answer", puzzle), {"answer": "1/1"}).status_code
            for _ in range(3)
        ]
        if int(time.time() // 60) == window:
            break
    assert codes == [302, 302, 429]


def test_the_board_shows_cards_outside_the_battlefield(client):
    puzzle = saved("pt")
    puzzle.board["zones"] = {"Alice": {"graveyard": ["Grizzly Bears"], "hand": 3}}
    puzzle.save()
    html = client.get(puzzle.get_absolute_url()).content.decode()
    assert "Alice’s graveyard: Grizzly Bears" in html and "Alice’s hand: 3 cards" in html


def test_an_invalid_filter_sent_by_htmx_replaces_only_the_results(client):
    page = client.get(reverse("puzzles"), {"theme": "nope"}, headers={"HX-Request": "true"})
    assert page.status_code == 400
    html = page.content.decode()
    assert html.startswith('<section id="results">') and "<html" not in html


def test_the_api_answers_422_for_a_board_the_engine_can_no_longer_pose(client):
    puzzle = saved("pt")
    puzzle.board["steps"][0]["enter"] = "No Such Card Anywhere"
    puzzle.save()
    answer = client.get(reverse("api-puzzle", args=[puzzle.short_id]))
    assert answer.status_code == 422 and "error" in answer.json()


def test_a_puzzle_saved_before_its_board_was_unmodelled_says_so_before_and_after(client):
    """Puzzles made before the engine named what it skips: still shown, never silently."""
    puzzle = saved("pt")
    puzzle.board = with_peek(puzzle.board)
    puzzle.save()
    section = not_modelled_section(client.get(puzzle.get_absolute_url()).content.decode())
    assert f"Peek: “<strong>{PEEK_LINE}</strong>”" in section
    after = client.post(url("puzzle-give-up", puzzle), headers={"HX-Request": "true"})
    assert after.status_code == 200
    assert "This answer ignores what the engine doesn't model" in after.content.decode()
    assert f"{PEEK_LINE} on Peek" in after.content.decode()
    embed = client.post(url("puzzle-embed", puzzle), {"give_up": "1"}).content.decode()
    assert f"Peek: “<strong>{PEEK_LINE}</strong>”" in not_modelled_section(embed)
