from django.urls import path

from tutor.core import views

urlpatterns = [
    path("", views.home, name="home"),
]
