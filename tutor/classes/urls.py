from django.urls import path

from tutor.classes import set_views, teacher_views, views

urlpatterns = [
    path("classes/", views.classes, name="classes"),
    path("classes/<int:pk>/", views.classroom, name="classroom"),
    path("classes/<int:pk>/start", views.start, name="class-start"),
    path("live/<int:pk>/console/", views.console, name="console"),
    path("live/<int:pk>/qr.svg", views.join_qr, name="join-qr"),
    path("live/<int:pk>/report/", views.report, name="live-report"),
    path("live/<int:pk>/report/<int:student>/", views.student_report, name="student-report"),
    path("live/<int:pk>/answers.csv", views.answers_csv, name="live-csv"),
    path("live/<int:pk>/present/", teacher_views.present, name="live-present"),
    path("live/<int:pk>/present/panel/", teacher_views.present_panel, name="live-present-panel"),
    path("live/<int:pk>/students/", teacher_views.students, name="live-students"),
    path("live/<int:pk>/students/remove", teacher_views.remove_student, name="live-student-remove"),
    path("live/<int:pk>/students/rename", teacher_views.rename_student, name="live-student-rename"),
    path("live/<int:pk>/set", teacher_views.use_set, name="live-use-set"),
    path("live/<int:pk>/next", teacher_views.next_question, name="live-next"),
    path("live/<int:pk>/scoring", teacher_views.scoring_settings, name="live-scoring"),
    path("classes/sets/", set_views.question_sets, name="question-sets"),
    path("classes/sets/<int:pk>/", set_views.question_set, name="question-set"),
    path("classes/sets/<int:pk>/<str:what>", set_views.change_set, name="question-set-change"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join, name="join-code"),
    path("live/<str:code>/", views.live_page, name="live"),
]
