"""Room URLs. Lobby links use a room's public id; only the invite link carries its code."""

from django.urls import path

from rooms import views

app_name = "rooms"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.new, name="new"),
    path("new/<slug:kind>/", views.create, name="create"),
    path("invite/<slug:code>/", views.invite, name="invite"),
    path("r/<slug:public_id>/", views.room_page, name="room"),
    path("r/<slug:public_id>/live/", views.poll, name="poll"),
    path("r/<slug:public_id>/join/", views.join, name="join"),
    path("r/<slug:public_id>/name/", views.rename, name="rename"),
    path("r/<slug:public_id>/seat/", views.seat, name="seat"),
    path("r/<slug:public_id>/start/", views.start, name="start"),
    path("r/<slug:public_id>/rematch/", views.rematch, name="rematch"),
    path("r/<slug:public_id>/pause/", views.pause, name="pause"),
    path("r/<slug:public_id>/resume/", views.resume, name="resume"),
    path("r/<slug:public_id>/back/", views.take_back, name="take_back"),
    path("r/<slug:public_id>/leave/", views.leave, name="leave"),
    path("game/<uuid:game_id>/", views.for_game, name="for_game"),
    path("game/<uuid:game_id>/next/", views.follow, name="follow"),
    path("report/", views.report_seat, name="report_seat"),
]
