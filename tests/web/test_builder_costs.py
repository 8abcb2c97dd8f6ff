"""The builder's choices for how a spell was cast, what it cost and which cards it chose:
devour, an additional sacrifice, mana spent, the main phase, divided amounts, discards."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from tutor.boards.codec import decode_board, encode_board
from tutor.boards.editing import new_board


def add(client, board: dict[str, Any], **fields: Any):
    data = {"verb": "enter", "controller": "Alice", **fields}
    return client.post(reverse("board-add", args=[encode_board(board)]), data)


def added_step(response) -> dict[str, Any]:
    assert response.status_code == 303, response.content.decode()[:2000]
    token = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    return decode_board(token)["steps"][-1]


def builder_page(client, response) -> str:
    """The builder after the step was added: its step list says the choices in words."""
    return client.get(response["Location"]).content.decode().replace("&#x27;", "'")


def board_with(*steps: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {**new_board(), "steps": list(steps), **extra}


BEARS = {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"}
ELVES = {"enter": "Llanowar Elves", "as": "elves", "controller": "Alice"}
WURM = {"enter": "Craw Wurm", "as": "wurm", "controller": "Bob"}


def test_the_creatures_devoured_are_chosen_from_the_board(client):
    # Devour (CR 702.82a): Bloodspore Thrinax eats both, so two +1/+1 counters each.
    board = board_with(BEARS, ELVES)
    page = client.get(reverse("board-builder", args=[encode_board(board)])).content.decode()
    assert "Creatures sacrificed as it enters (devour)" in page
    assert 'data-verbs="enter"' in page
    response = add(
        client, board, card="Bloodspore Thrinax", label="thrinax", devour=["bears", "elves"]
    )
    assert added_step(response)["choices"] == {"devour": ["bears", "elves"]}
    page = builder_page(client, response)
    assert "sacrificing Grizzly Bears, Llanowar Elves as it enters" in page
    assert "<strong>4/4</strong>" in page  # 2/2 with two +1/+1 counters


def test_a_creature_devoured_twice_or_not_on_the_board_is_a_form_error(client):
    response = add(client, board_with(BEARS), card="Bloodspore Thrinax", devour=["nobody"])
    assert response.status_code == 400
    assert "not one of the available choices" in response.content.decode()


def test_the_creature_sacrificed_as_an_additional_cost(client):
    # CR 601.2h: Call for Blood's cost; its -X/-X reads the sacrificed creature's power.
    board = board_with(BEARS, WURM)
    response = add(
        client, board, verb="cast", card="Call for Blood", targets=["wurm"], sacrificed="bears"
    )
    step = added_step(response)
    assert step["choices"] == {"sacrificed": "bears"}
    assert "sacrificing Grizzly Bears to cast it" in builder_page(client, response)
    assert step["targets"] == ["wurm"]


def test_a_spell_whose_cost_needs_a_sacrifice_is_refused_without_one(client):
    response = add(
        client, board_with(BEARS, WURM), verb="cast", card="Call for Blood", targets=["wurm"]
    )
    assert response.status_code == 400
    page = response.content.decode()
    # Beside the field, in the form's words rather than the board's JSON.
    assert "The cost sacrifices a creature (CR 601.2h). Fill in" in page
    assert 'id="id_sacrificed_error"' in page
    assert "to the step&#x27;s choices" not in page


def test_mana_spent_and_its_colors(client):
    step = added_step(add(client, new_board(), card="Marath, Will of the Wild", mana_spent="5"))
    assert step["choices"] == {"mana_spent": 5}
    response = add(
        client, board_with(BEARS), verb="cast", card="Unnerving Assault", mana_colors=["U", "B"]
    )
    assert added_step(response)["choices"] == {"mana_colors": ["U", "B"]}
    assert "blue and black mana spent" in builder_page(client, response)


def test_cast_during_the_main_phase_is_a_checkbox(client):
    response = add(
        client,
        board_with(BEARS),
        verb="cast",
        card="Might of Old Krosa",
        targets=["bears"],
        main_phase="on",
    )
    assert added_step(response)["choices"] == {"main_phase": True}
    page = builder_page(client, response)
    assert "cast during its controller's main phase" in page
    assert "<strong>6/6</strong>" in page  # +4/+4 in a main phase


def test_divided_amounts_are_numbers_in_target_order(client):
    # CR 601.2d: Pollen Remedy kicked prevents 6, divided 5 and 1.
    board = board_with(BEARS, ELVES)
    response = add(
        client,
        board,
        verb="cast",
        card="Pollen Remedy",
        targets=["bears", "elves"],
        kicked="on",
        divided="5 1",
    )
    assert added_step(response)["choices"] == {"kicked": True, "divided": [5, 1]}
    assert "dividing 5 and 1 among its targets in order" in builder_page(client, response)


def test_divided_amounts_that_are_not_whole_numbers_or_miscounted_are_explained(client):
    board = board_with(BEARS, ELVES)
    common = {
        "verb": "cast",
        "card": "Pollen Remedy",
        "targets": ["bears", "elves"],
        "kicked": "on",
    }
    for divided, message in (
        ("5 x", "one whole number of at least 1 for each target"),
        ("0 6", "one whole number of at least 1 for each target"),
        ("6", "1 amount(s) for 2 target(s)"),
        ("4 1", "add up to 6"),
        ("", "Fill in \u201cAmounts divided among the targets\u201d"),
    ):
        response = add(client, board, divided=divided, **common)
        assert response.status_code == 400, divided
        assert message in response.content.decode(), divided


def test_a_discarded_card_is_chosen_from_the_hand_the_board_lists(client):
    board = board_with(
        {"enter": "Rest in Peace", "as": "rip", "controller": "Alice"},
        zones={"Bob": {"hand": ["Forest", "Lightning Bolt"]}},
    )
    page = client.get(reverse("board-builder", args=[encode_board(board)])).content.decode()
    assert "Bob&#x27;s hand: Lightning Bolt" in page or "Bob's hand: Lightning Bolt" in page
    response = add(
        client,
        board,
        verb="cast",
        card="Funeral Charm",
        targets=["Bob"],
        mode="1",  # counted from 1 in the form, from 0 in the board
        discard=["Bob.hand[1]"],
    )
    assert added_step(response)["choices"] == {"mode": 0, "discard": ["Bob.hand[1]"]}
    assert "discarding Bob's hand card 2" in builder_page(client, response)


def test_the_zone_card_menus_are_left_out_when_the_board_lists_no_cards(client):
    page = client.get(reverse("board-builder", args=[encode_board(new_board())])).content
    assert b"Cards discarded" not in page


def test_dracoplasm_sacrifices_with_the_same_menu(client):
    # "As Dracoplasm enters, sacrifice any number of creatures" (CR 608.2h): 2/2 + 3/3.
    board = board_with(BEARS, {"enter": "Hill Giant", "as": "giant", "controller": "Alice"})
    response = add(client, board, card="Dracoplasm", label="dp", devour=["bears", "giant"])
    assert added_step(response)["choices"] == {"devour": ["bears", "giant"]}
    assert "<strong>5/5</strong>" in builder_page(client, response)


def test_the_cards_surveil_puts_into_the_graveyard_come_from_the_listed_library(client):
    # Surveil (CR 701.25a): Notion Rain looks at the top two; the second goes to the graveyard.
    board = board_with(zones={"Alice": {"library": ["Island", "Forest", "Swamp"]}})
    page = client.get(reverse("board-builder", args=[encode_board(board)])).content.decode()
    assert "library, second card: Forest" in page
    response = add(client, board, verb="cast", card="Notion Rain", graveyard=["Alice.library[1]"])
    assert added_step(response)["choices"] == {"graveyard": ["Alice.library[1]"]}
    assert "putting Alice's library card 2 into the graveyard" in builder_page(client, response)


def test_a_choice_left_in_a_field_hidden_for_this_step_kind_is_not_part_of_the_step(client):
    # The page shows "Cast during its controller's main phase" only for a spell.
    response = add(client, new_board(), card="Grizzly Bears", main_phase="on", divided="2")
    assert "choices" not in added_step(response)


def test_the_builder_says_how_a_permanent_entered_face_down(client):
    # CR 702.168a, 701.58a: disguised or cloaked, it has ward {2}; "morph" stays plain true.
    disguised = added_step(add(client, new_board(), card="Grizzly Bears", face_down="disguise"))
    assert disguised["face_down"] == "disguise"
    morphed = added_step(add(client, new_board(), card="Grizzly Bears", face_down="morph"))
    assert morphed["face_down"] is True
    face_up = added_step(add(client, new_board(), card="Grizzly Bears"))
    assert "face_down" not in face_up
    refused = add(client, new_board(), card="Grizzly Bears", face_down="yes please")
    assert refused.status_code == 400


def test_the_step_list_says_how_a_permanent_entered_and_what_it_chose(client):
    # Card names, never board labels (CR 708.2, 702.168a; 614.1c for Sin's counters).
    board = board_with(
        BEARS,
        {"counters": "+1/+1", "on": "bears", "n": 2},
        {"enter": "Grizzly Bears", "as": "hidden", "controller": "Alice", "face_down": "disguise"},
        {
            "enter": "Sin, Unending Cataclysm",
            "as": "sin",
            "controller": "Alice",
            "choices": {"remove_counters": ["bears"]},
        },
    )
    page = client.get(reverse("board-builder", args=[encode_board(board)])).content.decode()
    page = page.replace("&#x27;", "'")
    assert "Grizzly Bears enters face down (disguised) under Alice's control" in page
    assert "choosing to remove the counters from" in page
    assert "remove counters bears" not in page and "['bears']" not in page


def test_an_aura_enters_attached_to_a_card_the_board_lists_in_a_graveyard(client):
    # Animate Dead: "Enchant creature card in a graveyard" (CR 303.4, 702.5a).
    board = board_with(zones={"Bob": {"graveyard": ["Hill Giant"]}})
    page = client.get(reverse("board-builder", args=[encode_board(board)])).content.decode()
    assert "Bob&#x27;s graveyard: Hill Giant" in page or "Bob's graveyard: Hill Giant" in page
    response = add(client, board, card="Animate Dead", label="animate", to="Bob.graveyard[0]")
    assert added_step(response)["attach"] == "Bob.graveyard[0]"
    assert "attached to Hill Giant" in builder_page(client, response)
