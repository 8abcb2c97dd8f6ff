from django.conf import settings
from django.contrib.auth import urls as auth_urls
from django.urls import URLPattern, include, path

from tutor.learn import views


def _account_urls() -> list[URLPattern]:
    """Django's account pages; password reset only when mail can go out (settings)."""
    return [
        pattern
        for pattern in auth_urls.urlpatterns
        if isinstance(pattern, URLPattern)  # all of them: Django lists no includes there
        and (
            settings.PASSWORD_RESET_ENABLED or not (pattern.name or "").startswith("password_reset")
        )
    ]


urlpatterns = [
    path("learn/", views.lessons, name="learn"),
    path("learn/practice/", views.practice_next, name="practice"),
    path("learn/practice/<int:level>/<int:seed>/", views.practice_item, name="practice-item"),
    path("learn/progress/", views.progress, name="progress"),
    path("learn/dispute/", views.dispute, name="dispute"),
    path("learn/<slug:slug>/", views.lesson_page, name="lesson"),
    path("learn/<slug:slug>/practice/<int:n>/", views.lesson_practice, name="lesson-practice"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/", include(_account_urls())),
]
