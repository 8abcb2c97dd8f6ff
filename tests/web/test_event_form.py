"""The event form: only the chosen event's fields, and a bad event explained beside its field."""

from __future__ import annotations

from tests.web.boards import DS_THEN_SCALES, token_of
from tutor.boards.event_walk import EVENT_FIELDS, field_events


def test_each_field_lists_the_events_that_use_it():
    events = field_events()
    assert events["source"] == "damage"
    assert set(events["target"].split()) == {"damage", "destroy", "die", "counters"}
    assert all(f in events for used in EVENT_FIELDS.values() for f in used)


def test_an_impossible_event_gets_a_message_next_to_its_field_not_a_raw_page(client):
    token = token_of(DS_THEN_SCALES)
    response = client.get(f"/board/{token}/event/", {"kind": "counters", "target": ""})
    page = response.content.decode()
    assert response.status_code == 400
    assert 'id="target-error"' in page
    assert 'aria-describedby="target-error"' in page and 'aria-invalid="true"' in page
    assert "Choose the permanent the counters go on." in page
    assert 'labelled ""' not in page
    assert 'class="event-form"' in page  # the form is still there to fix it


def test_a_fitting_event_has_no_message(client):
    token = token_of(DS_THEN_SCALES)
    response = client.get(f"/board/{token}/event/", {"kind": "counters", "target": "bears"})
    assert response.status_code == 200
    assert "field-error" not in response.content.decode()
