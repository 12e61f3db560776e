"""Game URLs: the home page, Tile Rummy setup and how-to, and one game's table."""

from django.urls import path

from . import home_views, views

app_name = "games"

urlpatterns = [
    path("", home_views.home, name="home"),
    path("tile-rummy/new/", views.setup, name="tile_rummy_setup"),
    path("tile-rummy/how-to-play/", views.how_to_play, name="tile_rummy_how_to_play"),
    path("g/<uuid:game_id>/", views.table, name="table"),
    path("g/<uuid:game_id>/board/", views.board, name="board"),
    path("g/<uuid:game_id>/move/", views.move_tile, name="move"),
    path("g/<uuid:game_id>/reset/", views.reset, name="reset"),
    path("g/<uuid:game_id>/confirm/", views.confirm, name="confirm"),
    path("g/<uuid:game_id>/draw/", views.draw, name="draw"),
    path("g/<uuid:game_id>/next-round/", views.next_round, name="next_round"),
    path("g/<uuid:game_id>/speed/", views.speed, name="speed"),
    path("g/<uuid:game_id>/save-and-exit/", views.save_and_exit, name="save_and_exit"),
    path("g/<uuid:game_id>/abandon/", views.abandon, name="abandon"),
]
