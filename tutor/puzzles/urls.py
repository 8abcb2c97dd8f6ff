from django.urls import path, register_converter

from tutor.puzzles import views
from tutor.puzzles.services import SHORT_ID


class ShortIdConverter:
    """A puzzle id as ``services`` draws them: anything else is simply not found."""

    regex = SHORT_ID.pattern

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ShortIdConverter, "short_id")

urlpatterns = [
    path("puzzles/", views.library, name="puzzles"),
    path("puzzles/new", views.new_puzzle, name="puzzle-new"),
    path("puzzles/next", views.next_puzzle, name="puzzle-next"),
    path("p/<short_id:short_id>", views.puzzle_page, name="puzzle"),
    path("p/<short_id:short_id>/answer", views.answer, name="puzzle-answer"),
    path("p/<short_id:short_id>/give-up", views.give_up, name="puzzle-give-up"),
    path("p/<short_id:short_id>/preview.svg", views.preview_svg_view, name="puzzle-preview-svg"),
    path("p/<short_id:short_id>/preview.png", views.preview_png_view, name="puzzle-preview-png"),
    path("p/<short_id:short_id>/qr.svg", views.qr_code, name="puzzle-qr"),
    # The only page other sites may frame (views.embed).
    path("embed/p/<short_id:short_id>", views.embed, name="puzzle-embed"),
]
