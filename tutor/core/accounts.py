"""The signed-in user of a view behind ``login_required``."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest


def signed_in(request: HttpRequest) -> User:
    """``request``'s user, who is signed in (``login_required`` sent anyone else to the
    sign-in page): typed as an account, never the anonymous user."""
    user = request.user
    if not isinstance(user, User) or not user.is_authenticated:
        raise PermissionDenied
    return user
