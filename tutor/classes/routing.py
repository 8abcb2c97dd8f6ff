from django.urls import path

from tutor.classes.consumers import LiveConsumer

websocket_urlpatterns = [
    # channels routes consumers with Django's path(); django-stubs types it for views only.
    path("ws/live/<str:code>/", LiveConsumer.as_asgi()),  # type: ignore[arg-type]
]
