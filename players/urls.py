"""Player pages (/@/<name>/), their buttons, answering challenges, the rating board."""

from django.urls import path

from . import views

app_name = "players"

urlpatterns = [
    path("@/<str:name>/", views.player_page, name="page"),
    path("@/<str:name>/games/<uuid:game_id>/", views.public_replay, name="replay"),
    path("@/<str:name>/<slug:action>/", views.act, name="act"),
    path("players/challenges/<int:challenge_id>/<slug:action>/", views.answer, name="challenge"),
    path("leaderboards/ratings/", views.rating_board, name="ratings"),
]
