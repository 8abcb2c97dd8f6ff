"""Schema-driven fuzzing: every answer to boards generated from /api/openapi.json is one
the description documents (status, content type, body schema), and never a 5xx."""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import settings as hypothesis_settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tutor.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application)


@pytest.fixture(autouse=True)
def _generous_limit(settings):
    settings.API_REQUESTS_PER_MINUTE = 1_000_000


@pytest.fixture(autouse=True)
def _keep_the_tests_connection():
    """Schemathesis calls the WSGI handler itself, whose request signals close the database
    connection after each request (CONN_MAX_AGE=0): mid-test, that is the test's own
    transaction. Django's test client disconnects the same handler for the same reason."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.django_db  # the WSGI handler checks connections between requests
@schema.parametrize()
@hypothesis_settings(max_examples=60, deadline=None)
def test_the_api_keeps_to_its_description(case):
    case.call_and_validate(
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ]
    )
