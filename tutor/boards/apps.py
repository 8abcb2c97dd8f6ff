from django.apps import AppConfig


class BoardsConfig(AppConfig):
    name = "tutor.boards"
    label = "boards"
    verbose_name = "Boards, builder and steppers"
