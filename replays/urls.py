"""Replay URLs. ``replays:game`` (a game id) is the link other pages use: My games,
Game over, the post-game review."""

from django.urls import path

from replays import views

app_name = "replays"

urlpatterns = [
    path("g/<uuid:game_id>/", views.game_replay, name="game"),
    path("g/<uuid:game_id>/share/", views.share, name="share"),
    path("g/<uuid:game_id>/unshare/", views.unshare, name="unshare"),
    path("s/<str:token>/", views.shared_replay, name="shared"),
]
