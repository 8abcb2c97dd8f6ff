from django.urls import path

from tutor.classes.consumers import LiveConsumer

websocket_urlpatterns = [
    path("ws/live/<str:code>/", LiveConsumer.as_asgi()),
]
