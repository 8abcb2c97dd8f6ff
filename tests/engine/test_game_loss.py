"""Replacements of losing the game (CR 104.3, 614.1a) are read by their shape: what the
player does instead and the life total it becomes (119.5)."""

from __future__ import annotations

from rules_engine.cards import library_card
from rules_engine.gaps import Status, card_report
from rules_engine.replacement.grammar import read_replacements
from rules_engine.replacement.specs import Family, GameLossSpec


def test_a_static_loss_replacement_exiles_its_source_and_sets_life() -> None:
    text = "If you would lose the game, instead exile ~ and your life total becomes 1."
    (spec,), skipped = read_replacements(text, "Odd Throne")
    assert isinstance(spec, GameLossSpec) and spec.family is Family.LOSE_GAME_INSTEAD
    assert (spec.exile_self, spec.draws, spec.life_becomes, spec.shield) == (True, 0, 1, None)
    assert not skipped


def test_a_next_time_shield_draws_and_is_used_up() -> None:
    text = (
        "The next time you would lose the game this turn, instead draw seven cards and your "
        "life total becomes 1."
    )
    (spec,), _ = read_replacements(text, "Odd Reversal")
    assert isinstance(spec, GameLossSpec)
    assert (spec.exile_self, spec.draws, spec.life_becomes, spec.shield) == (
        False,
        7,
        1,
        "next_time",
    )


def test_a_life_total_the_board_cant_know_stays_not_modelled() -> None:
    # Exquisite Archangel's "equal to your starting life total" is no number the row reads.
    card = library_card("Exquisite Archangel")
    assert card is not None
    (report,) = [r for r in card_report(card) if "lose the game" in r.text]
    assert report.status is Status.NOT_MODELLED
