from django.urls import path

from . import storm_views, views

app_name = "puzzles"

urlpatterns = [
    path("", views.index, name="index"),
    path("next/", views.next_puzzle, name="next"),
    path("daily/", views.daily, name="daily"),
    path("streak/", views.streak, name="streak"),
    path("streak/new/", views.streak_new, name="streak_new"),
    path("streak/next/", views.streak_next, name="streak_next"),
    path("streak/<int:streak_id>/", views.streak_review, name="streak_review"),
    path("themes/", views.theme_list, name="themes"),
    path("themes/<slug:theme>/", views.theme_page, name="theme"),
    path("themes/<slug:theme>/next/", views.next_puzzle, name="theme_next"),
    path("leaderboard/", views.leaderboard, name="leaderboard"),
    path("dashboard/", views.dashboard_page, name="dashboard"),
    path("mine/", views.own_page, name="own"),
    path("storm/", storm_views.storm_page, name="storm"),
    path("storm/start/", storm_views.storm_start, name="storm_start"),
    path("storm/<int:run_id>/", storm_views.storm_run, name="storm_run"),
    path("storm/<int:run_id>/<int:seq>/move/", storm_views.storm_move, name="storm_move"),
    path("storm/<int:run_id>/<int:seq>/reset/", storm_views.storm_reset, name="storm_reset"),
    path("storm/<int:run_id>/<int:seq>/answer/", storm_views.storm_answer, name="storm_answer"),
    path("storm/<int:run_id>/<int:seq>/pass/", storm_views.storm_pass, name="storm_pass"),
    path("attempt/<int:attempt_id>/", views.attempt_page, name="attempt"),
    path("<int:pk>/", views.puzzle_page, name="puzzle"),
    path("<int:pk>/move/", views.move, name="move"),
    path("<int:pk>/reset/", views.reset, name="reset"),
    path("<int:pk>/confirm/", views.confirm, name="confirm"),
    path("<int:pk>/hint/", views.hint, name="hint"),
    path("<int:pk>/answer/", views.give_up, name="give_up"),
    path("<int:pk>/retry/", views.retry, name="retry"),
]
