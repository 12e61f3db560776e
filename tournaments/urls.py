"""Tournament URLs, under /tournaments/."""

from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("wins/", views.wins, name="wins"),
    path("follow/<uuid:game_id>/", views.follow, name="follow"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/live/", views.live_poll, name="live"),
    path("<int:pk>/join/", views.join, name="join"),
    path("<int:pk>/leave/", views.leave, name="leave"),
    path("<int:pk>/pause/", views.pause, name="pause"),
    path("<int:pk>/cancel/", views.cancel, name="cancel"),
    path("<int:pk>/goodbye/", views.goodbye, name="goodbye"),
]
