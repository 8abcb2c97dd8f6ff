"""Schema-driven fuzzing: every answer to boards generated from /api/openapi.json is one
the description documents (status, content type, body schema), and never a 5xx."""

from __future__ import annotations

import pytest
import schemathesis
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
