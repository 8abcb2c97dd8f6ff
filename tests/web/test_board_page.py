"""The share link /b/<token>: the whole board in the address, one address per board."""

from __future__ import annotations

import base64
import json
import zlib

from django.urls import reverse

from tests.web.boards import (
    GRAY_OGRE,
    PEEK_LINE,
    example,
    not_modelled_section,
    peek_token,
    scales_and_season,
    token_of,
)
from tutor.boards.codec import canonical_json, decode_board, encode_board


def test_the_share_link_opens_the_board_with_its_own_link_to_copy(client):
    token = token_of(GRAY_OGRE)
    response = client.get(f"/b/{token}")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<strong>5/8</strong>" in page
    assert f'value="http://testserver/b/{token}"' in page
    assert "Step through its layers" in page


def test_a_non_canonical_token_opens_and_names_the_canonical_link(client):
    board = example(GRAY_OGRE)
    loose = json.dumps(board, indent=1).encode()  # same board, other spelling
    token = "1." + base64.urlsafe_b64encode(zlib.compress(loose)).decode().rstrip("=")
    response = client.get(f"/b/{token}")
    assert response.status_code == 200
    canonical = f"http://testserver{reverse('board', args=[token_of(GRAY_OGRE)])}"
    page = response.content.decode()
    assert f'<link rel="canonical" href="{canonical}">' in page
    assert f'value="{canonical}"' in page


def test_the_board_downloads_as_a_board_format_file(client):
    token = token_of(GRAY_OGRE)
    response = client.get(reverse("board-download", args=[token]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith('attachment; filename="gray-ogre-becomes-')
    downloaded = json.loads(response.content)
    assert canonical_json(downloaded) == canonical_json(decode_board(token))


def test_a_forged_share_link_is_a_clear_400(client):
    for token in ("garbage", "1.AAAA", "9.abc", "1." + "A" * 20_000):
        response = client.get(f"/b/{token}")
        assert response.status_code == 400
        assert "this link" in response.content.decode().lower()


def test_the_share_page_lists_what_the_engine_does_not_model_by_card_name(client):
    page = client.get(f"/b/{peek_token()}").content.decode()
    section = not_modelled_section(page)
    assert "Not modelled here" in section
    assert "the answer shown here ignores it" in section
    assert f"Peek: “<strong>{PEEK_LINE}</strong>” The engine" in section
    assert "peek" not in section  # the board's label is never shown for it
    assert "<strong>5/8</strong>" in page  # the rest of the answer is unchanged


def test_a_board_the_engine_models_fully_has_no_not_modelled_section(client):
    page = client.get(f"/b/{token_of(GRAY_OGRE)}").content.decode()
    assert not_modelled_section(page) == "" and "Not modelled here" not in page


def test_the_share_page_lists_each_steps_replacement_choices(client):
    page = client.get(f"/b/{encode_board(scales_and_season())}").content.decode()
    # Issue 26: the story of the board, in order, each replacement under its own step.
    section = page[page.index("<h2>What happened, in order</h2>") :]
    steps = section.split("</ol>", 1)[0].split("\n  <li>")
    fourth = steps[4]
    assert "Grizzly Bears would get 1 +1/+1 counter" in fourth
    assert "applied Hardened Scales, then Doubling Season: 4 counters instead of 1" in fourth
    assert "Another legal order: Doubling Season first, then Hardened Scales" in fourth
    assert "replacement-choices" not in client.get(f"/b/{token_of(GRAY_OGRE)}").content.decode()


def test_the_share_page_names_the_board_and_a_state_based_replacement_at_its_step(client):
    board = example("game/rest-in-peace-lethal-damage-creature-exiled.json")
    untitled = {key: value for key, value in board.items() if key != "title"}
    page = client.get(f"/b/{encode_board(untitled)}").content.decode()
    assert "<h1>A board with " in page and "<h1>Board</h1>" not in page
    assert "instead instead" not in page
    last = page.split("<h2>What happened, in order</h2>", 1)[1].split("</ol>", 1)[0]
    assert "Then, as a state-based action" in last.rsplit("\n  <li>", 1)[-1]
    assert "After the last step" not in page


def test_a_card_shows_the_damage_a_step_marked_on_it(client):
    shock = {
        "name": "Shock",
        "types": ["Instant"],
        "colors": ["R"],
        "abilities": ["Shock deals 2 damage to any target."],
    }
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Hill Giant", "as": "giant", "controller": "Bob"},
            {"cast": shock, "as": "shock", "controller": "Alice", "targets": ["giant"]},
        ],
    }
    page = client.get(f"/b/{encode_board(board)}").content.decode()
    assert "2 damage marked" in page  # CR 120.3e: the Giant survives with damage on it


def test_a_class_shows_its_levels_as_printed_and_which_are_not_in_effect_yet(client):
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Barbarian Class", "as": "barbarian", "controller": "Alice"},
            {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"},
        ],
    }
    page = client.get(f"/b/{encode_board(board)}").content.decode()
    assert "CLASS LEVEL" not in page  # the reader's marker is not the card's wording
    assert "Level 3+: Creatures you control have haste." in page
    # CR 716.2a, 716.2d: a Class that never gained a level is level 1.
    assert "not yet: Barbarian Class is level 1" in page


def test_a_card_names_the_cards_exiled_with_it(client):
    # CR 607.2a: Idris's "the exiled card" is Mind Stone; the learner sees which card it is.
    page = client.get(
        f"/b/{encode_board(example('exiled-with/607.2a-idris-has-the-exiled-artifacts-abilities-and-its-mana-value.json'))}"
    ).content.decode()
    assert "Exiled with it: Mind Stone" in page
