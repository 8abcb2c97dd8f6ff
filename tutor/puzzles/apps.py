from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    name = "tutor.puzzles"
    default_auto_field = "django.db.models.BigAutoField"
