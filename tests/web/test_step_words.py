"""The timeline's words for the choices a step makes (tutor/boards/services.describe_step)."""

from __future__ import annotations

from tutor.boards.services import describe_step


def test_how_a_spell_was_cast_reads_in_words():
    pack = {"enter": "Gnarlid Pack", "as": "pack", "controller": "Alice", "choices": {"kicked": 3}}
    assert describe_step(pack).endswith("choosing kicked 3 times")
    oracle = {"enter": "Etched Oracle", "controller": "Alice", "choices": {"colors_spent": 1}}
    assert describe_step(oracle).endswith("choosing 1 color of mana spent")


def test_a_soulbond_pairing_names_the_partner_by_its_card():
    step = {"activate": "paladin", "ability": 0, "choices": {"pair": "bears"}}
    names = {"paladin": "Silverblade Paladin", "bears": "Grizzly Bears"}
    words = describe_step(step, lambda label: names.get(label, label))
    assert words == (
        "the first ability of Silverblade Paladin resolves, choosing pairing it with Grizzly Bears"
    )


def test_an_ability_that_resolves_is_named_by_its_text():
    """Issue 26: "an ability of Rest in Peace resolves" didn't say which."""
    board = {"steps": [{"enter": "Rest in Peace", "as": "rip", "controller": "Alice"}]}
    step = {"activate": "rip", "ability": 0}
    words = describe_step(step, lambda label: "Rest in Peace", board)
    assert words.startswith("Rest in Peace's ability “When ")
    assert "exile all graveyards." in words
    assert words.endswith("” resolves")


def test_a_card_in_a_zone_is_named_by_its_card_not_its_label():
    from tutor.boards.naming import board_namer

    board = {
        "players": ["Alice", "Bob"],
        "zones": {"Alice": {"graveyard": ["Hill Giant"]}},
        "steps": [{"cast": "Zombify", "as": "z", "targets": ["Alice.graveyard[0]"]}],
    }
    words = describe_step(board["steps"][0], board_namer(board))
    assert "Hill Giant" in words and "graveyard[" not in words


def test_a_reason_quoting_a_sentence_names_the_card_not_the_tilde():
    from tutor.boards.presenters import unmodelled_items

    entry = {"object": "ogre", "ability": "x", "why": 'cannot read "you and ~ have hexproof."'}
    (item,) = unmodelled_items([entry], {"ogre": "Gruul Spellbreaker"})
    assert "~" not in item.why and "Gruul Spellbreaker have hexproof" in item.why


def test_the_layer_stepper_quotes_an_effect_with_its_cards_name(client):
    from tutor.boards.codec import encode_board

    board = {
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Mountain", "as": "m", "controller": "Alice"},
            {"enter": "Wild Nacatl", "as": "cat", "controller": "Alice"},
        ],
        "ask": {"characteristics": "cat"},
    }
    page = client.get(f"/board/{encode_board(board)}/layers/cat/?step=1").content.decode()
    assert "Wild Nacatl gets +1/+1 as long as you control a Mountain." in page
    assert "~ gets" not in page


def test_a_mana_cost_is_said_in_words_to_screen_readers():
    """Issue 26: an aria-label on a role-less span is ignored ("{3}{R}" was read out)."""
    from tutor.boards.templatetags.board_extras import mana_words

    assert mana_words("{3}{R}{R}") == "3 generic, 2 red"
    assert mana_words("{W/U}{G/P}") == "1 white or blue, 1 Phyrexian green"
    assert mana_words("{X}{C}") == "1 X, 1 colorless"


def test_adamant_mana_and_a_casting_permission_read_in_words():
    """CR 207.2c, 601.2h: the mana of each color spent; 601.3: whose permission it used,
    by card name."""
    paladin = {
        "enter": "Ardenvale Paladin",
        "controller": "Alice",
        "choices": {"mana_by_color": {"W": 3, "U": 1}},
    }
    assert describe_step(paladin).endswith("choosing 3 white and 1 blue mana spent")
    thopter = {"enter": "Ornithopter", "controller": "Alice", "choices": {"cast_with": "edgar"}}
    names = {"edgar": "Edgar, Master Machinist"}
    assert describe_step(thopter, names.get).endswith(
        "choosing cast with Edgar, Master Machinist's permission"
    )


def test_a_perpetual_effect_says_it_is_mtg_arenas_digital_only_mechanic(client):
    # MTG Arena's "perpetually" has no CR rule: the stepper says so, and that the effect
    # follows the layer rules (CR 613) and never ends.
    from tutor.boards.codec import encode_board

    board = {
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Centaur Courser", "as": "courser", "controller": "Bob"},
            {
                "cast": "Davriel's Withering",
                "as": "w",
                "controller": "Alice",
                "targets": ["courser"],
            },
        ],
        "ask": {"characteristics": "courser"},
    }
    page = client.get(f"/board/{encode_board(board)}/layers/courser/?step=1").content.decode()
    assert "digital-only" in page
    assert "never ends" in page
