"""Issue 26: deleting or moving a step the board can't do without keeps the builder, says
why in its own page (never a bare 400 page quoting labels), and offers to delete the
steps that use it too; a move keeps focus on the moved step and says where it went."""

from __future__ import annotations

from django.urls import reverse

from tests.web.boards import GRAY_OGRE, token_of
from tutor.boards.codec import decode_board


def test_deleting_a_step_later_steps_use_asks_in_the_builder(client):
    token = token_of(GRAY_OGRE)
    steps = decode_board(token)["steps"]
    response = client.post(reverse("board-remove", args=[token, "0"]), HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 422 and response["HX-Retarget"] == "#workspace"
    assert 'id="builder-problem"' in page and 'role="alert"' in page
    assert "Step 1 can't be deleted on its own" in page
    assert "3 later steps use" in page  # the counter, the pump and the shrink name the ogre
    alert = page.split('id="builder-problem"', 1)[1].split("</div>", 1)[0]
    assert "labels so far" not in alert and "ogre" not in alert.replace("Ogre", "")
    assert "Keep every step" in page

    plain = client.post(reverse("board-remove", args=[token, "0"]))
    assert plain.status_code == 400 and "<h1>Build a board</h1>" in plain.content.decode()

    everything = client.post(reverse("board-remove", args=[token, "0"]), {"with": "dependents"})
    assert everything.status_code == 303
    left = decode_board(everything["Location"].split("#")[0].rstrip("/").rsplit("/", 1)[-1])
    assert left["steps"] == [steps[3]]  # the anthem names no one


def test_a_move_keeps_focus_on_the_moved_step_and_says_so(client):
    token = token_of(GRAY_OGRE)
    response = client.post(reverse("board-move", args=[token, "3", "up"]), HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Step 4 moved earlier: it is now step 3" in page
    moved = page.split('<li id="step-2">', 1)[1].split("</li>", 1)[0]
    assert 'autofocus aria-label="Move step 3 earlier"' in moved
    assert 'name="card"' in page and 'autofocus id="id_card"' not in page


def test_a_move_before_the_step_it_needs_is_refused_in_the_page(client):
    token = token_of(GRAY_OGRE)
    response = client.post(reverse("board-move", args=[token, "1", "up"]), HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 422
    assert "Step 2 can't move earlier" in page and 'role="alert"' in page


def test_an_ability_that_cant_resolve_is_said_counted_from_one():
    from tutor.boards.forms import _ability_words

    detail = (
        "Flametongue Kavu has no activated or triggered ability 0 "
        "(abilities that can resolve: 1: Deal 4 damage.)"
    )
    said = _ability_words(detail)
    assert said.startswith("Flametongue Kavu's ability 1 can't resolve")
    assert "Choose 2 (“Deal 4 damage.”)." in said and "ability 0" not in said
    none = _ability_words(
        "Grizzly Bears has no activated or triggered ability 0 (abilities that can resolve: none)"
    )
    assert none.endswith("Grizzly Bears has none the engine can resolve.")
