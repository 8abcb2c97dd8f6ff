from django.urls import path

from tutor.core import views

urlpatterns = [
    path("", views.home, name="home"),
    # Placeholders: the app that implements a section replaces its line here
    # with its own include, keeping the URL name (see tutor/core/sections.py).
    path("learn/", views.coming_soon, {"section": "learn"}, name="learn"),
    path("puzzles/", views.coming_soon, {"section": "puzzles"}, name="puzzles"),
    path("classes/", views.coming_soon, {"section": "classes"}, name="classes"),
]
