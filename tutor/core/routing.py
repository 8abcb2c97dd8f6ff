from django.urls import path

from tutor.core.consumers import PingConsumer

websocket_urlpatterns = [
    # channels routes consumers with Django's path(); django-stubs types it for views only.
    path("ws/ping/", PingConsumer.as_asgi()),  # type: ignore[arg-type]
]
