"""Layerlab's URLs. Each app owns its URLs; this file includes them.

Error pages come from the templates 400.html, 403.html, 403_csrf.html,
404.html and 500.html (Django's default handlers render them).
"""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("tutor.core.urls")),
    path("", include("tutor.boards.urls")),
    path("", include("tutor.puzzles.urls")),
    path("", include("tutor.learn.urls")),
    path("", include("tutor.classes.urls")),
    path("admin/", admin.site.urls),
    path("", include("tutor.api.urls")),
]
