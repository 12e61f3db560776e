"""Quick match and watching URLs."""

from django.urls import path

from matchmaking import views

app_name = "matchmaking"

urlpatterns = [
    path("wait/", views.wait, name="wait"),
    path("wait/poll/", views.wait_poll, name="wait_poll"),
    path("leave/", views.leave, name="leave"),
    path("watch/<uuid:game_id>/", views.watch, name="watch"),
    path("watch/<uuid:game_id>/live/", views.watch_poll, name="watch_poll"),
    path("watch/invite/<slug:code>/", views.watch_invite, name="watch_invite"),
    path("<slug:kind>/", views.start, name="start"),
    path("<slug:kind>/join/", views.join, name="join"),
]
