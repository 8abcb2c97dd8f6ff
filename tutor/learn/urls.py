from django.urls import include, path

from tutor.learn import views

urlpatterns = [
    path("learn/", views.lessons, name="learn"),
    path("learn/practice/", views.practice_next, name="practice"),
    path("learn/practice/<int:level>/<int:seed>/", views.practice_item, name="practice-item"),
    path("learn/progress/", views.progress, name="progress"),
    path("learn/dispute/", views.dispute, name="dispute"),
    path("learn/<slug:slug>/", views.lesson_page, name="lesson"),
    path("learn/<slug:slug>/practice/<int:n>/", views.lesson_practice, name="lesson-practice"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
]
