"""The PostgreSQL configuration (DATABASE_URL); deselected on the embedded default."""

import pytest
from django.db import connection

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_default_database_is_postgresql():
    assert connection.vendor == "postgresql"


def test_simple_query_runs():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 40 + %s, version()", [2])
        answer, version = cursor.fetchone()

    assert answer == 42
    assert version.startswith("PostgreSQL")
