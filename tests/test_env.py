"""The strict environment helpers in tutor/env.py."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from tutor.env import env_bool, env_choice, env_int, env_list, env_str, env_url


def test_env_str_returns_the_value():
    assert env_str("NAME", environ={"NAME": "layerlab"}) == "layerlab"


def test_env_str_uses_the_default_when_unset_or_empty():
    assert env_str("NAME", "dflt", environ={}) == "dflt"
    assert env_str("NAME", "dflt", environ={"NAME": ""}) == "dflt"
    assert env_str("NAME", None, environ={"NAME": "  "}) is None


def test_env_str_without_default_names_the_missing_variable():
    with pytest.raises(ImproperlyConfigured, match="^DJANGO_SECRET_KEY is not set"):
        env_str("DJANGO_SECRET_KEY", environ={})


@pytest.mark.parametrize("word", ["true", "TRUE", "1", "yes", "On", " true "])
def test_env_bool_accepts_true_words(word):
    assert env_bool("DJANGO_DEBUG", False, environ={"DJANGO_DEBUG": word}) is True


@pytest.mark.parametrize("word", ["false", "False", "0", "no", "OFF"])
def test_env_bool_accepts_false_words(word):
    assert env_bool("DJANGO_DEBUG", True, environ={"DJANGO_DEBUG": word}) is False


def test_env_bool_uses_the_default_when_unset():
    assert env_bool("DJANGO_DEBUG", False, environ={}) is False
    assert env_bool("DJANGO_DEBUG", True, environ={"DJANGO_DEBUG": ""}) is True


def test_env_bool_rejects_other_words_naming_variable_and_accepted_values():
    with pytest.raises(ImproperlyConfigured) as error:
        env_bool("DJANGO_DEBUG", False, environ={"DJANGO_DEBUG": "maybe"})

    message = str(error.value)
    assert message.startswith("DJANGO_DEBUG='maybe' is not a boolean")
    assert "true, 1, yes, on, false, 0, no, off" in message


def test_env_bool_without_default_requires_a_value():
    with pytest.raises(ImproperlyConfigured, match="^FLAG is not set: set it to one of true"):
        env_bool("FLAG", environ={})


def test_env_int_parses_whole_numbers_in_range():
    assert env_int("PORT", 1, minimum=1, maximum=65535, environ={"PORT": " 8000 "}) == 8000
    assert env_int("PORT", 8000, environ={}) == 8000


@pytest.mark.parametrize("value", ["eight", "8.5", "0x10"])
def test_env_int_rejects_non_numbers(value):
    with pytest.raises(ImproperlyConfigured, match=f"^PORT='{value}' is not a whole number"):
        env_int("PORT", 1, environ={"PORT": value})


def test_env_int_rejects_numbers_out_of_range_and_states_the_range():
    with pytest.raises(ImproperlyConfigured, match="out of range: use a whole number from 1 to 9"):
        env_int("N", 1, minimum=1, maximum=9, environ={"N": "10"})
    with pytest.raises(ImproperlyConfigured, match="of at least 0"):
        env_int("N", 1, minimum=0, environ={"N": "-1"})


def test_env_list_splits_on_commas_and_strips_spaces():
    environ = {"DJANGO_ALLOWED_HOSTS": "example.com, www.example.com"}

    assert env_list("DJANGO_ALLOWED_HOSTS", [], environ=environ) == [
        "example.com",
        "www.example.com",
    ]


def test_env_list_uses_the_default_when_unset():
    assert env_list("HOSTS", ["localhost"], environ={}) == ["localhost"]


@pytest.mark.parametrize(("value", "position"), [("a,,b", 2), ("a,", 2), (",a", 1)])
def test_env_list_rejects_empty_items_naming_their_position(value, position):
    with pytest.raises(ImproperlyConfigured, match=f"empty item at position {position}"):
        env_list("HOSTS", [], environ={"HOSTS": value})


def test_env_list_without_default_requires_a_value():
    with pytest.raises(ImproperlyConfigured, match="^DJANGO_ALLOWED_HOSTS is not set"):
        env_list("DJANGO_ALLOWED_HOSTS", environ={})


def test_env_choice_accepts_a_listed_value():
    environ = {"DJANGO_ENV": "production"}

    assert env_choice("DJANGO_ENV", ("development", "production"), environ=environ) == "production"


def test_env_choice_rejects_others_listing_the_choices():
    with pytest.raises(ImproperlyConfigured) as error:
        env_choice("DJANGO_ENV", ("development", "production"), environ={"DJANGO_ENV": "prod"})

    assert str(error.value) == (
        "DJANGO_ENV='prod' is not allowed: use one of development, production."
    )


def test_env_choice_is_case_sensitive():
    with pytest.raises(ImproperlyConfigured):
        env_choice("LEVEL", ("INFO",), environ={"LEVEL": "info"})


def test_env_url_accepts_listed_schemes():
    environ = {"REDIS_URL": "redis://127.0.0.1:6379/0"}

    assert env_url("REDIS_URL", ("redis", "rediss"), environ=environ) == "redis://127.0.0.1:6379/0"
    assert env_url("REDIS_URL", ("redis",), None, environ={}) is None


@pytest.mark.parametrize("value", ["127.0.0.1:6379", "http://127.0.0.1:6379", "redis"])
def test_env_url_rejects_other_schemes_showing_the_expected_form(value):
    with pytest.raises(ImproperlyConfigured) as error:
        env_url("REDIS_URL", ("redis", "rediss"), environ={"REDIS_URL": value})

    assert str(error.value) == (
        f"REDIS_URL={value!r} is not a supported URL: start it with one of redis://, rediss://."
    )
