"""Replacements of events no board holds (milling, dice, scry, mana) are read and reported
inert here with their event and rule, never as unreadable (CR 614.1a)."""

from __future__ import annotations

import pytest

from rules_engine.cards import CardDef, library_card
from rules_engine.gaps import Status, card_report
from rules_engine.replacement.grammar import read_replacements
from rules_engine.replacement.specs import Family, HiddenEvent, HiddenSpec


def _report(name: str, starts: str) -> tuple[Status, str]:
    card = library_card(name)
    assert card is not None
    (found,) = [r for r in card_report(card) if starts in r.text]
    return found.status, found.why


@pytest.mark.parametrize(
    ("name", "starts", "rule", "event"),
    [
        ("Bruvac the Grandiloquent", "If an opponent would mill", "701.17a", "milling"),
        ("The Water Crystal", "If an opponent would mill", "701.17a", "milling"),
        ("Barbarian Class", "If you would roll", "706.1", "rolling dice"),
        ("Kenessos, Priest of Thassa", "If you would scry", "701.22a", "scrying"),
        ("Eligeth, Crossroads Augur", "If you would scry", "701.22a", "scrying"),
        ("Horizon Stone", "If you would lose unspent mana", "500.4", "mana"),
        ("Nyxbloom Ancient", "If you tap a permanent", "106.12", "mana"),
        ("Topography Tracker", "If a creature you control would explore", "701.44a", "exploring"),
        ("Twists and Turns", "If a creature you control would explore", "701.44a", "exploring"),
        ("Leader, Super-Genius", "If a creature you control would connive", "701.50a", "conniv"),
        ("Susan Foreman", "If you would planeswalk", "701.31a", "planeswalking"),
        ("Twinning Staff", "If you would copy a spell", "707.10", "copying a spell"),
        ("Freyalise's Winds", "If a permanent with a wind counter", "502.3", "untap step"),
    ],
)
def test_a_replacement_of_an_event_no_board_holds_is_inert_here_with_its_rule(
    name: str, starts: str, rule: str, event: str
) -> None:
    status, why = _report(name, starts)
    assert status is Status.INERT
    assert f"CR {rule}" in why and event in why and "never applies" in why


def test_an_invented_card_of_the_shape_is_read_the_same_way() -> None:
    text = "If a player would mill one or more cards, they mill that many cards plus two instead."
    (spec,), skipped = read_replacements(text, "Odd Mill")
    assert isinstance(spec, HiddenSpec) and spec.family is Family.HIDDEN_EVENT
    assert spec.event is HiddenEvent.MILL and not skipped
    card = CardDef("Odd Mill", types=("Enchantment",), rules_text=(text,), inline=True)
    (report,) = card_report(card)
    assert report.status is Status.INERT


def test_a_different_sentence_about_milling_is_not_swallowed() -> None:
    # "mill half that many" is no shape the row reads: it stays not modelled, named.
    text = "If an opponent would mill one or more cards, they mill half that many cards instead."
    card = CardDef("Odd Half Mill", types=("Enchantment",), rules_text=(text,), inline=True)
    (report,) = card_report(card)
    assert report.status is Status.NOT_MODELLED


def test_the_sentence_after_a_hidden_replacement_is_read_with_it() -> None:
    # Twinning Staff's new targets for the additional copy (CR 707.10c) belong to its
    # replacement; a different sentence after it stays a sentence the engine doesn't apply.
    text = (
        "If you would copy a spell one or more times, instead copy it that many times plus an "
        "additional time. You may choose new targets for the additional copy."
    )
    (spec,), skipped = read_replacements(text, "Odd Staff")
    assert isinstance(spec, HiddenSpec) and spec.event is HiddenEvent.COPY_SPELL
    assert not skipped and spec.text.endswith("for the additional copy.")
    other = text.replace("You may choose new targets for the additional copy.", "Scry 1.")
    _, skipped = read_replacements(other, "Odd Staff")
    assert skipped == ("Scry 1.",)


def test_an_untap_replacement_granted_by_an_aura_is_read_with_its_if_you_do() -> None:
    text = (
        "If this creature would untap during your untap step, remove a +1/+1 counter from it "
        "instead. If you do, untap it."
    )
    (spec,), skipped = read_replacements(text, "Odd Creature")
    assert isinstance(spec, HiddenSpec) and spec.event is HiddenEvent.UNTAP_STEP
    assert not skipped
