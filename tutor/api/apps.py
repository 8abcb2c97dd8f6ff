from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "tutor.api"
    label = "api"
