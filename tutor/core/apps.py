from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "tutor.core"
    label = "core"
    verbose_name = "Layerlab core"
