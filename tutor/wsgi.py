"""WSGI entry point (HTTP only; websockets need the ASGI application)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

application = get_wsgi_application()

from tutor.core import engine_pool  # noqa: E402

# Engine work runs in worker processes with hard limits (tutor/core/engine_pool.py).
engine_pool.start()
