from django.apps import AppConfig


class ClassesConfig(AppConfig):
    name = "tutor.classes"
    default_auto_field = "django.db.models.BigAutoField"
