from django.urls import path

from tutor.classes import views

urlpatterns = [
    path("classes/", views.classes, name="classes"),
    path("classes/<int:pk>/", views.classroom, name="classroom"),
    path("classes/<int:pk>/start", views.start, name="class-start"),
    path("live/<int:pk>/console/", views.console, name="console"),
    path("live/<int:pk>/qr.svg", views.join_qr, name="join-qr"),
    path("live/<int:pk>/report/", views.report, name="live-report"),
    path("live/<int:pk>/report/<int:student>/", views.student_report, name="student-report"),
    path("live/<int:pk>/answers.csv", views.answers_csv, name="live-csv"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join, name="join-code"),
    path("live/<str:code>/", views.live_page, name="live"),
]
