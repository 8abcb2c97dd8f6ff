"""Every ability of a card is applied, inert here, not modelled (named) or not recognised."""

from __future__ import annotations

import io

from rules_engine.cards import CardDef, library_card
from rules_engine.cli import main
from rules_engine.gaps import Status, card_report


def statuses(name: str) -> list[tuple[str, Status]]:
    card = library_card(name)
    assert card is not None
    return [(r.text, r.status) for r in card_report(card)]


def test_static_layer_effects_are_applied_and_triggers_and_costs_are_inert():
    assert statuses("Blood Moon") == [("Nonbasic lands are Mountains.", Status.APPLIED)]
    assert [s for _, s in statuses("Mulldrifter")] == [
        Status.APPLIED,  # Flying
        Status.INERT,  # "When ~ enters, draw two cards." does nothing until it resolves
        Status.INERT,  # Evoke: a way to cast it
    ]


def test_a_levelers_boxes_are_applied_under_their_level_counters():
    # CR 711.2a-b: each box is a static ability of the leveler, conditional on its counters.
    boxes = [s for text, s in statuses("Transcendent Master") if text.startswith("LEVEL")]
    assert boxes == [Status.APPLIED, Status.APPLIED]


def test_an_unrecognised_sentence_is_reported_with_its_text():
    # Named as not modelled with the grammar's reason (never dropped), not refused.
    card = CardDef("Odd", types=("Enchantment",), rules_text=("Blorp the flibbet.",), inline=True)
    (report,) = card_report(card)
    assert report.status is Status.NOT_MODELLED and report.text == "Blorp the flibbet."
    assert "can't read" in report.why and "Blorp the flibbet" in report.why


def test_the_command_shows_a_card_ability_by_ability():
    out = io.StringIO()
    assert main(["cards", "show", "mulldrifter"], out=out) == 0
    assert "[inert here] When this creature enters, draw two cards." in out.getvalue()
    assert main(["cards", "show", "no such card at all"], out=io.StringIO()) == 2


def test_information_only_one_shots_are_performed_as_nothing_changing():
    # CR 701.16a (a revealed hand) and 701.18a (scry, keeping the cards on top).
    assert all(s is Status.APPLIED for _, s in statuses("Opt"))
    assert all(s is Status.APPLIED for _, s in statuses("Stand Firm"))


def test_a_delayed_trigger_a_spell_sets_up_is_inert_until_it_triggers():
    # CR 603.7: "Sacrifice it at the beginning of the next end step" is a delayed triggered
    # ability; it does nothing on the board until it triggers, like any triggered ability.
    assert all(s is Status.APPLIED for _, s in statuses("Fatal Frenzy"))
    assert all(s is Status.APPLIED for _, s in statuses("Arcbond"))


def test_a_spells_instead_sentence_has_the_status_a_board_gives_it():
    # One source of truth: ``cards show`` reads a spell's replacement sentences from the
    # text a board reads as the spell resolves (gaps.resolution_text, timeline/shields.py),
    # so a bargain or gift "instead" (CR 702.166, 702.174; 614.1a) the board names as not
    # modelled is not reported as applied.
    from rules_engine import evaluate

    # Torch the Tower's bargain "instead" is modelled now (3 damage, its scry changing
    # nothing on a board; 702.166, 614.15): neither names it.
    cases = (("Torch the Tower", "bargained", False), ("Wear Down", "gift", True))
    for name, bargained, unmodelled in cases:
        reported = {t for t, s in statuses(name) if s is Status.NOT_MODELLED}
        card = library_card(name)
        assert card is not None
        paragraph = card.rules_text[1]
        said = paragraph in reported or paragraph.replace(name, "this spell") in reported
        assert said is unmodelled
        board = {
            "format": "mtg-board/1",
            "players": ["Alice", "Bob"],
            "active": "Alice",
            "steps": [
                {"enter": "Ornithopter", "as": "a", "controller": "Bob"},
                {"enter": "Ornithopter", "as": "b", "controller": "Bob"},
                {
                    "cast": name,
                    "as": "s",
                    "controller": "Alice",
                    "targets": ["a"],
                    "choices": {bargained: True},
                },
            ],
        }
        named = {gap["ability"] for gap in evaluate(board)["not_modelled"]}
        assert any("instead" in text for text in named) is unmodelled


def test_a_static_sentence_shaped_like_an_instruction_is_never_a_one_shot():
    # CR 604.1: a static ability is never performed once (608.2c). A permission to cast,
    # play or spend mana is inert on a board, whose steps say what was cast (613.11, 601.3);
    # so is seeing hidden cards (401.2), a choice of the untap step (502.3) or exerting as it
    # attacks (508.1g), which no board plays; anything else is named in not_modelled, on the
    # board as in ``cards show``.
    from rules_engine import evaluate

    assert statuses("Vizier of the Menagerie")[0][1] is Status.INERT  # looks at its library
    assert statuses("Courser of Kruphix")[0][1] is Status.INERT  # plays it revealed
    report = next(r for r in card_report(library_card("Urza, Planeswalker")) if "twice" in r.text)  # type: ignore[arg-type]
    assert report.status is Status.NOT_MODELLED and "doesn't perform" not in report.why
    for name, rule in (
        ("Rubinia Soulsinger", "CR 502.3"),
        ("Glorybringer", "CR 508.1g"),
        ("Celestial Dawn", "CR 613.11"),
        ("Gravecrawler", "CR 613.11"),
        ("Imaryll, Elfhame Elite", "CR 510.1"),
    ):
        report = next(r for r in card_report(library_card(name)) if "may" in r.text)  # type: ignore[arg-type]
        assert report.status is Status.INERT and rule in report.why
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [
            {"enter": "Rubinia Soulsinger", "as": "r", "controller": "Alice"},
            {"enter": "Gravecrawler", "as": "g", "controller": "Alice"},
            {"enter": "Glorybringer", "as": "b", "controller": "Alice"},
            {"enter": "Celestial Dawn", "as": "c", "controller": "Alice"},
            {"enter": "Urza, Planeswalker", "as": "i", "controller": "Alice"},
        ],
    }
    named = {gap["object"] for gap in evaluate(board)["not_modelled"]}
    assert named == {"i"}
