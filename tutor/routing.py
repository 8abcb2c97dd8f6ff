"""Every app's websocket routes, collected for ``tutor.asgi``.

An app with websockets defines ``websocket_urlpatterns`` in its own
``routing.py``; add it to the list below.
"""

from tutor.classes import routing as classes_routing
from tutor.core import routing as core_routing

websocket_urlpatterns = [
    *core_routing.websocket_urlpatterns,
    *classes_routing.websocket_urlpatterns,
]
