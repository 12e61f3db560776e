"""Leaderboard URLs: the boards, the daily challenge's buttons, names and reports."""

from django.urls import path

from . import views

app_name = "leaderboards"

urlpatterns = [
    path("", views.index, name="index"),
    path("daily/play/", views.daily_play, name="daily_play"),
    path("daily/retry/", views.daily_retry, name="daily_retry"),
    path("name/", views.name_page, name="name"),
    path("hide-names/", views.hide_names, name="hide_names"),
    path("report/<str:ref>/", views.report, name="report"),
]
