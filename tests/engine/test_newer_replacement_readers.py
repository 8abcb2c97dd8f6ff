"""Readers of newer cards' replacement sentences (CR 614.1a): what each builds."""

from __future__ import annotations

import pytest

from rules_engine.cards import library_card
from rules_engine.effects import AffectedStat
from rules_engine.gaps import Status, card_report
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.replacement.grammar import read_replacements
from rules_engine.replacement.specs import DamageSpec, Family, TokenSpec


def _one(text: str, name: str = "Odd") -> object:
    (spec,), _ = read_replacements(text, name)
    return spec


def test_double_all_damage_is_a_damage_doubler() -> None:
    spec = _one("Double all damage that creatures you control with counters on them would deal.")
    assert isinstance(spec, DamageSpec) and spec.family is Family.DAMAGE_MODIFY
    assert spec.factor == 2 and spec.source is not None and spec.target is None


def test_that_much_damage_plus_a_power_is_counted_from_the_source() -> None:
    spec = _one(
        "If a source you control would deal noncombat damage to an opponent, instead it deals "
        "that much damage plus X, where X is Odd's power."
    )
    assert isinstance(spec, DamageSpec) and spec.noncombat_only
    assert spec.count == AffectedStat("power")


def test_tokens_plus_an_artifact_token_watches_artifact_tokens_only() -> None:
    spec = _one(
        "If you would create one or more artifact tokens, instead create those tokens plus an "
        "additional Clue token."
    )
    assert isinstance(spec, TokenSpec) and spec.family is Family.TOKENS_PLUS
    assert spec.extra_types == ("Artifact",) and (spec.token or "").lower() == "a clue token"


def test_a_token_the_engine_does_not_know_is_named_not_made_up() -> None:
    # An invented predefined-looking token: refused with its name, never made up.
    with pytest.raises(OracleParseError, match="glorp"):
        read_replacements(
            "If one or more tokens would be created under your control, those tokens plus a "
            "Glorp token are created instead.",
            "Test Card",
        )


def test_a_mutagen_token_is_predefined() -> None:
    # The Ooze's ruling (2026-01-27): "Mutagen tokens are a kind of predefined token. Each
    # one is a colorless artifact with the artifact subtype Mutagen" (CR 111.10).
    card = library_card("Donatello, the Brains")
    assert card is not None
    (report,) = [r for r in card_report(card) if "Mutagen" in r.text]
    assert report.status is Status.APPLIED


def test_you_and_or_permanents_you_control_protects_both() -> None:
    spec = _one(
        "Prevent the next 3 damage that a source of your choice would deal to you and/or "
        "permanents you control this turn."
    )
    assert isinstance(spec, DamageSpec) and spec.source_choice and spec.amount == 3
    assert spec.target is not None and spec.target.players == "you"
    assert spec.target.objects is not None
