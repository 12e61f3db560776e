"""Game URLs: the home page, Tile Rummy setup and how-to, and one game's table."""

from django.urls import path

from . import home_views, rumbaroo_views, views

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

# Rumbaroo: its own table URLs, since its turns have more kinds of move than Tile Rummy's.
RB = "rumbaroo/g/<uuid:game_id>/"
urlpatterns += [
    path("rumbaroo/new/", rumbaroo_views.setup, name="rumbaroo_setup"),
    path("rumbaroo/how-to-play/", rumbaroo_views.how_to_play, name="rumbaroo_how_to_play"),
    path(RB, rumbaroo_views.table, name="rumbaroo_table"),
    path(RB + "board/", rumbaroo_views.board, name="rumbaroo_board"),
    path(RB + "move/", rumbaroo_views.move_tile, name="rumbaroo_move"),
    path(RB + "revert/", rumbaroo_views.revert, name="rumbaroo_revert"),
    path(RB + "call/", rumbaroo_views.call, name="rumbaroo_call"),
    path(RB + "confirm/", rumbaroo_views.confirm, name="rumbaroo_confirm"),
    path(RB + "discard/", rumbaroo_views.discard, name="rumbaroo_discard"),
    path(RB + "draw/", rumbaroo_views.draw, name="rumbaroo_draw"),
    path(RB + "keep/", rumbaroo_views.keep, name="rumbaroo_keep"),
    path(RB + "take/", rumbaroo_views.take, name="rumbaroo_take"),
    path(RB + "next-round/", rumbaroo_views.next_round, name="rumbaroo_next_round"),
    path(RB + "speed/", rumbaroo_views.speed, name="rumbaroo_speed"),
]
