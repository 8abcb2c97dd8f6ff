from django.apps import AppConfig


class LearnConfig(AppConfig):
    name = "tutor.learn"
    default_auto_field = "django.db.models.BigAutoField"
