"""The board builder: every change re-evaluates the board, with or without htmx."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse

from tests.web.boards import (
    GRAY_OGRE,
    PEEK_LINE,
    example,
    not_modelled_section,
    peek_token,
    token_of,
)
from tutor.boards.codec import decode_board, encode_board
from tutor.boards.editing import new_board

EMPTY = encode_board(new_board())


def add(client, token: str, **fields: Any):
    data = {"verb": "enter", "controller": "Alice", **fields}
    return client.post(reverse("board-add", args=[token]), data)


def token_from(url: str) -> str:
    return url.split("#")[0].rstrip("/").rsplit("/", 1)[-1]


def test_the_empty_builder_offers_every_verb_and_the_card_library(client):
    response = client.get("/build/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<title>Build a board · Layerlab</title>" in page
    assert "The board is empty" in page
    for verb in ("A permanent enters the battlefield", "A spell resolves", "Counters are put on"):
        assert verb in page
    # The autocomplete list starts empty (the board names no card yet): typing searches
    # the whole library (card-search), and the typed card's text is shown before adding.
    assert '<datalist id="card-names"></datalist>' in page
    assert 'id="card-preview"' in page


def test_the_builder_lists_the_boards_own_cards_before_typing(client):
    page = client.get(reverse("board-builder", args=[token_of(GRAY_OGRE)])).content.decode()
    assert '<datalist id="card-names"><option value="Gray Ogre"></option></datalist>' in page


def test_adding_a_library_card_redirects_to_the_new_board_without_javascript(client):
    response = add(client, EMPTY, card="Gray Ogre", label="ogre")
    assert response.status_code == 303
    board = decode_board(token_from(response["Location"]))
    assert board["steps"] == [{"enter": "Gray Ogre", "as": "ogre", "controller": "Alice"}]
    page = client.get(response["Location"]).content.decode()
    assert "Gray Ogre enters under Alice&#x27;s control" in page
    assert "2/2" in page


def test_adding_with_htmx_returns_the_workspace_and_pushes_the_url(htmx_client):
    response = add(htmx_client, EMPTY, card="Gray Ogre", label="ogre")
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="workspace"')
    assert "<html" not in page
    assert response["HX-Push-Url"].startswith("/build/1.")


def test_the_gray_ogre_board_can_be_built_step_by_step(client):
    token = EMPTY
    steps: list[dict[str, Any]] = [
        {"card": "Gray Ogre", "label": "ogre"},
        {"verb": "counters", "obj": "ogre", "counter_kind": "+1/+1", "n": "1"},
        {
            "verb": "cast",
            "invent_name": "Pump",
            "invent_types": ["Instant"],
            "invent_abilities": "Target creature gets +4/+4 until end of turn.",
            "targets": ["ogre"],
            "label": "pump",
        },
        {
            "invent_name": "Wall Anthem",
            "invent_types": ["Enchantment"],
            "invent_abilities": "Creatures you control get +0/+2.",
            "label": "anthem",
        },
        {
            "verb": "cast",
            "invent_name": "Shrink",
            "invent_types": ["Instant"],
            "invent_abilities": "Target creature becomes 0/1 until end of turn.",
            "targets": ["ogre"],
            "label": "shrink",
        },
    ]
    for fields in steps:
        response = add(client, token, **fields)
        assert response.status_code == 303, response.content.decode()[:2000]
        token = token_from(response["Location"])
    page = client.get(reverse("board", args=[token])).content.decode()
    assert "<strong>5/8</strong>" in page  # CR 613.5's worked example


def test_an_unknown_card_is_explained_beside_the_field(client, htmx_client):
    response = add(client, EMPTY, card="Grey Orge")
    assert response.status_code == 400
    assert "Grey Orge" in response.content.decode()
    response = add(htmx_client, EMPTY, card="Grey Orge")
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#workspace"
    assert 'role="alert"' in response.content.decode()


def test_an_invented_card_the_grammar_cannot_read_quotes_the_phrase(client):
    response = add(
        client,
        EMPTY,
        invent_name="Banana Lord",
        invent_types=["Creature"],
        invent_power="2",
        invent_toughness="2",
        invent_abilities="Creatures you control get +1/+1 for each banana.",
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "banana" in page
    assert 'id="id_invent_abilities_error"' in page


def test_a_target_that_does_not_exist_is_refused(client):
    board = example(GRAY_OGRE)
    response = client.post(
        reverse("board-add", args=[encode_board(board)]),
        {"verb": "cast", "card": "Giant Growth", "controller": "Alice", "targets": ["nobody"]},
    )
    assert response.status_code == 400
    assert "nobody" in response.content.decode()


def test_steps_move_and_delete_and_the_timestamps_follow(client):
    token = token_of(GRAY_OGRE)
    response = client.post(reverse("board-move", args=[token, "3", "up"]))
    assert response.status_code == 303
    moved = decode_board(token_from(response["Location"]))
    assert [s.get("as") for s in moved["steps"]][2:4] == ["anthem", "pump"]
    response = client.post(reverse("board-remove", args=[token, "4"]))
    assert response.status_code == 303
    removed = decode_board(token_from(response["Location"]))
    page = client.get(reverse("board", args=[encode_board(removed)])).content.decode()
    assert "<strong>7/9</strong>" in page  # without the 0/1 effect: 3/3 + 4/4 + 0/2


@pytest.mark.parametrize(
    "url",
    [
        "build/{token}/remove/99",
        "build/{token}/remove/-1",
        "build/{token}/remove/x",
        "build/{token}/move/0/up",
        "build/{token}/move/0/sideways",
        "build/1.garbage/remove/0",
    ],
)
def test_forged_edits_are_a_clear_400(client, url):
    response = client.post("/" + url.format(token=token_of(GRAY_OGRE)))
    assert response.status_code == 400
    assert "Traceback" not in response.content.decode()
    assert "Something in this request can't be used" in response.content.decode()


def test_edits_need_post_and_a_csrf_token(client, csrf_client):
    token = token_of(GRAY_OGRE)
    assert client.get(reverse("board-remove", args=[token, "4"])).status_code == 405
    assert csrf_client.post(reverse("board-remove", args=[token, "4"])).status_code == 403


def test_a_board_file_can_be_opened_by_pasting_it(client):
    response = client.post(reverse("board-import"), {"board_json": json.dumps(example(GRAY_OGRE))})
    assert response.status_code == 303
    assert decode_board(token_from(response["Location"]))["steps"][0]["as"] == "ogre"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Paste a board"),
        ("{not json", "valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "mtg-board/1", "players": ["A"], "steps": [{"enter": "Nope"}]}', "isn"),
    ],
)
def test_a_bad_board_file_is_explained(client, text, message):
    response = client.post(reverse("board-import"), {"board_json": text})
    assert response.status_code == 400
    assert message in response.content.decode()


def test_card_search_suggests_library_cards(client):
    response = client.get(reverse("card-search"), {"card": "gray"})
    assert response.status_code == 200
    assert "Gray Ogre" in response.content.decode()
    assert "card-preview" not in response.content.decode()  # only the builder asks for it


def test_card_search_finds_every_card_even_misspelt_and_shows_its_text(client):
    for typed, name in (("opalesence", "Opalescence"), ("blood moon", "Blood Moon")):
        page = client.get(reverse("card-search"), {"card": typed}).content.decode()
        assert f'<option value="{name}">' in page
    page = client.get(reverse("card-search"), {"card": "Blood Moon", "preview": "1"}).content
    text = page.decode()
    assert 'id="card-preview"' in text and 'hx-swap-oob="true"' in text
    assert "Nonbasic lands are Mountains." in text


def test_a_card_with_several_faces_offers_each_face(client):
    page = client.get(
        reverse("card-search"), {"card": "Delver of Secrets", "preview": "1"}
    ).content.decode()
    assert '<option value="Insectile Aberration" label="a face of Delver of Secrets' in page
    assert "Insectile Aberration" in page and "several faces" in page


def test_a_forged_htmx_edit_replaces_the_main_content_with_the_message(htmx_client):
    response = htmx_client.post(reverse("board-remove", args=[token_of(GRAY_OGRE), "99"]))
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#main"
    page = response.content.decode()
    assert "<html" not in page
    assert "There is no step 99 on this board" in page


def test_a_chosen_basic_land_type_can_be_given_in_the_builder(client):
    forest = encode_board({**new_board(), "steps": [{"enter": "Forest", "as": "forest"}]})
    response = add(
        client,
        forest,
        invent_name="Mirage",
        invent_types=["Enchantment"],
        invent_subtypes="Aura",
        invent_abilities=(
            "Enchant land\nAs Mirage enters, choose a basic land type.\n"
            "Enchanted land is the chosen type."
        ),
        to="forest",
        land_type="Island",
    )
    assert response.status_code == 303, response.content.decode()[:1500]
    board = decode_board(token_from(response["Location"]))
    assert board["steps"][1]["choices"] == {"land_type": "Island"}
    page = client.get(reverse("board", args=[encode_board(board)])).content.decode()
    assert "Land — Island" in page


def test_the_builder_says_what_the_engine_does_not_model(client, htmx_client):
    token = peek_token()
    section = not_modelled_section(client.get(f"/build/{token}/").content.decode())
    assert f"Peek: “<strong>{PEEK_LINE}</strong>”" in section
    # Removing the spell (htmx: the new workspace) removes the section with it.
    last = str(len(example(GRAY_OGRE)["steps"]))
    removed = htmx_client.post(reverse("board-remove", args=[token, last]))
    assert removed.status_code == 200 and not_modelled_section(removed.content.decode()) == ""


def test_how_a_spell_was_cast_and_a_soulbond_pairing_can_be_given_in_the_builder(client):
    # Multikicker (CR 702.33c), sunburst (702.44a) and soulbond (702.95a) choices.
    response = add(client, EMPTY, card="Gnarlid Pack", label="pack", times_kicked="2")
    assert response.status_code == 303, response.content.decode()[:1500]
    token = token_from(response["Location"])
    response = add(client, token, card="Etched Oracle", label="oracle", colors_spent="3")
    token = token_from(response["Location"])
    response = add(client, token, card="Gruul Spellbreaker", label="breaker", riot="haste")
    token = token_from(response["Location"])
    response = add(client, token, card="Silverblade Paladin", label="paladin")
    token = token_from(response["Location"])
    response = add(client, token, verb="activate", obj="paladin", ability="1", pair="pack")
    assert response.status_code == 303, response.content.decode()[:1500]
    board = decode_board(token_from(response["Location"]))
    choices = [step.get("choices") for step in board["steps"]]
    assert choices == [
        {"kicked": 2},
        {"colors_spent": 3},
        {"riot": "haste"},
        None,
        {"pair": "pack"},
    ]
    page = client.get(reverse("board-builder", args=[encode_board(board)])).content.decode()
    assert "<strong>4/4</strong>" in page  # the Pack: 2/2 with two counters
    assert "kicked 2 times" in page and "3 colors of mana spent" in page


def test_as_it_enters_choices_and_kicker_costs_can_be_given_in_the_builder(client):
    # "As ~ enters, choose two colors" and the other choices of CR 614.12; the kicker costs
    # paid for a card with two kickers (702.33d). Without the choice the step is refused.
    refused = add(client, EMPTY, card="Seal of the Guildpact", label="seal")
    assert refused.status_code == 400  # the form again, with the refusal on the field
    assert "chooses two colors" in refused.content.decode()
    response = add(
        client, EMPTY, card="Seal of the Guildpact", label="seal", chosen_colors=["W", "U"]
    )
    assert response.status_code == 303, response.content.decode()[:1500]
    token = token_from(response["Location"])
    response = add(client, token, card="Citadel Siege", label="siege", chosen_option="Khans")
    token = token_from(response["Location"])
    response = add(client, token, card="Anavolver", label="ana", kicker_costs="{1}{U}")
    assert response.status_code == 303, response.content.decode()[:1500]
    board = decode_board(token_from(response["Location"]))
    choices = [step.get("choices") for step in board["steps"]]
    assert choices == [{"colors": ["W", "U"]}, {"option": "Khans"}, {"kicked": ["{1}{U}"]}]
    page = client.get(reverse("board-builder", args=[encode_board(board)])).content.decode()
    assert "the colors white and blue" in page and "kicked with {1}{U}" in page
    assert "<strong>5/5</strong>" in page  # Anavolver: 3/3 with two counters, and flying


def test_a_name_the_library_lacks_gets_close_names_and_a_link_to_invent_it(client):
    response = add(client, EMPTY, card="Sheoldred the Apocalyps")
    assert response.status_code == 400
    page = response.content.decode()
    assert "no card named" in page
    assert "Did you mean" in page and ">Sheoldred, the Apocalypse</a>" in page
    builder = reverse("board-builder", args=[EMPTY])
    invent = f"{builder}?invent=Sheoldred%20the%20Apocalyps#invent-card"
    assert f'href="{invent}"' in page
    # The link opens the builder with "Invent a card" open and the name filled in.
    page = client.get(invent.split("#")[0]).content.decode()
    assert '<details id="invent-card" open>' in page
    assert 'value="Sheoldred the Apocalyps"' in page


def test_the_card_search_says_when_the_typed_name_is_not_in_the_library(client):
    page = client.get(
        reverse("card-search"), {"card": "Ragavan Nimble", "preview": "1", "board": EMPTY}
    ).content.decode()
    assert "No card named “Ragavan Nimble” in the library." in page
    assert ">Ragavan, Nimble Pilferer</a>" in page
    builder = reverse("board-builder", args=[EMPTY])
    assert f'href="{builder}?invent=Ragavan%20Nimble#invent-card"' in page
    # A card the library has: its text, no "not in the library".
    page = client.get(
        reverse("card-search"), {"card": "Ragavan, Nimble Pilferer", "preview": "1"}
    ).content.decode()
    assert "No card named" not in page and "Dash" in page


def test_a_face_the_card_data_lacks_is_named_in_the_builder(client):
    page = client.get(
        reverse("card-search"), {"card": "Fungus Frolic", "preview": "1"}
    ).content.decode()
    assert "is a face of Brightcap Badger // Fungus Frolic" in page
    assert ">Brightcap Badger</a>" in page
    page = client.get(
        reverse("card-search"), {"card": "Brightcap Badger", "preview": "1"}
    ).content.decode()
    assert "lacks its face “Fungus Frolic”" in page
