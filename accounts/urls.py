"""The player's own pages (allauth's sign-in pages live under /accounts/)."""

from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("stats/", views.stats_page, name="stats"),
    path("games/", views.history_page, name="history"),
]
