"""The replacement stepper says where CR 614.12 decides which effects apply to a permanent
entering: it is checked as it would exist on the battlefield, not as the printed card."""

from __future__ import annotations

import pytest

from tests.leaks import html_leaks, learner_text
from tests.web.boards import token_of

MARCH = "events/interactions/614.12-march-of-the-machines-authority.json"
OWN_TURN = "events/interactions/614.12-own-static-creature-on-your-turn-enters-tapped.json"
NOT_OWN_TURN = (
    "events/interactions/614.12-own-static-not-creature-on-opponents-turn-enters-untapped.json"
)
ORB = "events/cr/614.12-example-3.json"
DRILLMASTERS = "events/interactions/614.12-general-subset-not-itself.json"
MIMIC = "events/interactions/master-biomancer-mutant-makes-metallic-mimic-apply.json"
MUTAVAULT = "events/interactions/opponents-creatures-enter-tapped-mutavault-untapped.json"
LINK = 'href="/rules/#cr-614-12"'


def _walk(client, relative: str) -> str:  # noqa: ANN001
    response = client.get(f"/board/{token_of(relative)}/event/", {"kind": "asked"})
    assert response.status_code == 200
    return response.content.decode()


def _text(client, relative: str) -> str:  # noqa: ANN001
    return learner_text(_walk(client, relative))


@pytest.mark.parametrize(
    ("relative", "words"),
    [
        # March of the Machines makes the entering Equipment a creature.
        (MARCH, "Authority of the Consuls applies because Bonesplitter is looked at as it"),
        # Its own static ability makes it a creature on its controller's turn.
        (OWN_TURN, "Example Consul's Authority applies because Example Blade Captain is"),
        # Master Biomancer's replacement makes the Bear a Mutant, so Metallic Mimic applies.
        (MIMIC, "Metallic Mimic applies because Grizzly Bears is looked at as it would be"),
    ],
)
def test_an_effect_that_applies_only_as_it_would_exist_names_614_12(client, relative, words):
    page = _walk(client, relative)
    text = _text(client, relative)
    assert "The rule that decides" in text
    assert words in text
    assert "with the continuous effects already there, its own abilities" in text
    assert LINK in page


@pytest.mark.parametrize(
    ("relative", "words"),
    [
        (ORB, "Orb of Dreams's own effect covers a group of permanents, so it doesn't apply"),
        (DRILLMASTERS, "Example Drillmaster's own effect covers a group of permanents"),
    ],
)
def test_its_own_effect_on_a_group_doesnt_see_it_enter_614_12(client, relative, words):
    assert words in _text(client, relative)
    assert LINK in _walk(client, relative)


@pytest.mark.parametrize("relative", [NOT_OWN_TURN, MUTAVAULT])
def test_where_the_printed_card_reads_the_same_614_12_is_not_claimed(client, relative):
    assert "The rule that decides" not in _text(client, relative)


def test_the_deciding_words_name_cards_never_labels(client):
    text = _text(client, DRILLMASTERS).lower()
    assert "drill1" not in text and "drill2" not in text
    assert not html_leaks(_walk(client, DRILLMASTERS), {"drill1", "drill2"})


def test_choice_rules_in_the_event_stepper_link_to_their_anchor(client):
    page = _walk(client, MIMIC)
    assert 'href="/rules/#cr-616-1e"' in page or 'href="/rules/#cr-616-1"' in page


SENTINEL = "game/essence-of-the-wild-rusted-sentinel-enters-untapped.json"
PALISADES = "events/interactions/614.5-two-palisade-giants-each-once.json"


def test_the_layer_stepper_says_614_12_at_a_step_where_a_permanent_entered(client):
    """Rusted Sentinel enters as a copy of Essence of the Wild: as it would exist, it no
    longer has its own "enters tapped" (CR 614.12, the CR 616.1f example)."""
    response = client.get(f"/board/{token_of(SENTINEL)}/layers/sentinel/", {"step": 0})
    page = response.content.decode()
    text = learner_text(page)
    assert "Rusted Sentinel's own ability “Rusted Sentinel enters tapped.” doesn't apply" in text
    assert "and that way it doesn't have that ability" in text
    assert LINK in page


def test_an_effects_words_name_its_card_not_a_tilde(client):
    text = learner_text(_walk(client, PALISADES))
    assert "is dealt to Palisade Giant instead" in text
    assert "~" not in text
