from django.urls import path

from tutor.boards import views

urlpatterns = [
    path("build/", views.builder, name="build"),
    path("build/open", views.builder_import, name="board-import"),
    path("build/<str:token>/", views.builder, name="board-builder"),
    path("build/<str:token>/add", views.builder_add, name="board-add"),
    path("build/<str:token>/remove/<str:index>", views.builder_remove, name="board-remove"),
    path(
        "build/<str:token>/move/<str:index>/<str:direction>", views.builder_move, name="board-move"
    ),
    path("build/<str:token>/order/<str:index>", views.builder_order, name="board-order"),
    path("cards/search", views.card_search, name="card-search"),
    path("rules/", views.rules_page, name="rules"),
    # The share link: the whole board is in the token (tutor/boards/codec.py).
    path("b/<str:token>", views.board_view, name="board"),
    path("b/<str:token>/board.json", views.board_download, name="board-download"),
    # Labels may hold "/" (an invented "Fire/Ice"): the path converter keeps them whole.
    path("board/<str:token>/layers/<path:label>/", views.layer_stepper, name="board-layers"),
    path("board/<str:token>/event/", views.event_stepper, name="board-event"),
    path("board/<str:token>/whatif/", views.whatif, name="board-whatif"),
]
