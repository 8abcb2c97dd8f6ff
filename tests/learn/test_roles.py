"""The prebuilt roles (``tutor/learn/data/roles.json.gz``) still match the engine's reading."""

from __future__ import annotations

import random
import time

from rules_engine.cards import library_record
from tutor.learn import roles
from tutor.learn.roles import Role, classify, load, modelled_on_a_board, with_choice

SAMPLE = 25


def test_loading_the_roles_reads_the_file_once_and_fills_the_main_roles() -> None:
    """(How fast it loads is bench material, not a timed test: one gzip JSON file, read
    once per process by ``load``'s cache.)"""
    load.cache_clear()
    by_role = load()
    assert load() is by_role
    for role in (Role.ANTHEM_YOURS, Role.AURA_PUMP, Role.PUMP_SPELL, Role.VANILLA, Role.MORPH):
        assert len(by_role[role]) >= 30, role
    assert len({c.name for cards in by_role.values() for c in cards}) >= 2000


def test_a_random_sample_of_roles_is_what_the_engine_says_today() -> None:
    """Rebuild with ``python -m tutor.learn.roles`` when this fails after an engine change."""
    every = [card for cards in load().values() for card in cards]
    for card in random.Random(time.strftime("%Y%m%d")).sample(every, SAMPLE):
        record = library_record(card.name)
        assert record is not None, card.name
        again = {with_choice(c, record) for c in classify(record)}
        assert card in again, f"{card.name} is no longer {card.role.value}: rebuild the roles"
        assert modelled_on_a_board(card), f"{card.name}'s probe board has not_modelled now"


def test_the_probe_board_puts_the_card_to_work() -> None:
    aura = next(c for c in roles.cards_for(Role.AURA_PUMP))
    board = roles.probe_board(aura)
    assert board["steps"][-1]["attach"] == "c1"
    spell = roles.cards_for(Role.PUMP_SPELL)[0]
    assert roles.probe_board(spell)["steps"][-1]["targets"] == ["c1"]
