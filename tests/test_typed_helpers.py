"""Helpers written when mypy began checking tutor/ (issue 25): each says at run time what
the type checker now relies on."""

from __future__ import annotations

import pytest
from channels.layers import get_channel_layer
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory

from tutor.classes.consumers import whole_number
from tutor.core.accounts import signed_in
from tutor.core.channel_layer import channel_layer


def test_signed_in_gives_the_account_and_refuses_the_anonymous_user():
    request = RequestFactory().get("/")
    request.user = User(username="teacher")
    assert signed_in(request) is request.user
    request.user = AnonymousUser()
    with pytest.raises(PermissionDenied):
        signed_in(request)


def test_the_channel_layer_is_the_configured_one():
    assert channel_layer() is get_channel_layer() is not None


@pytest.mark.parametrize(("value", "whole"), [(3, True), (0, True), (True, False), (2.0, False)])
def test_whole_number_is_a_json_integer_and_not_a_boolean(value, whole):
    assert whole_number(value) is whole
