"""ASGI entry point: HTTP through Django, websockets through Channels.

Served by Daphne (`make run`: ``daphne tutor.asgi:application``).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

# Set up Django (settings, app registry) before importing anything that may
# import models, such as the consumers behind the websocket routes.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from tutor.core import engine_pool, websocket_frames  # noqa: E402
from tutor.core.origins import SameOriginValidator  # noqa: E402
from tutor.routing import websocket_urlpatterns  # noqa: E402

# Engine work runs in worker processes with hard limits (started now: the workers load the
# card library while the server starts).
engine_pool.start()
websocket_frames.install()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Refuse websocket handshakes from any other origin (browsers do not
        # apply CORS or CSRF checks to websockets): see tutor.core.origins.
        # types-channels wants its own (type-check-only) pattern class, which path() never
        # returns: the routes are Django's URLPattern, as channels documents them.
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))  # type: ignore[arg-type]
        ),
    }
)
