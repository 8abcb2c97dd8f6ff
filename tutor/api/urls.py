from django.urls import path

from tutor.api import views

urlpatterns = [
    path("api/evaluate", views.evaluate, name="api-evaluate"),
    path("api/event", views.event, name="api-event"),
    path("api/puzzles/<str:short_id>", views.puzzle, name="api-puzzle"),
    path("api/openapi.json", views.openapi, name="api-openapi"),
]
