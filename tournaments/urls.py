"""Tournament URLs, under /tournaments/."""

from django.urls import path

from tournaments import talk_views, views

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
    # The event's talk, laid out as a table's (/talk/<game>/...) so one panel serves both.
    path("<int:pk>/talk/", talk_views.lines, name="talk"),
    path("<int:pk>/talk/say/", talk_views.say, name="talk_say"),
    path("<int:pk>/talk/unmute/", talk_views.unmute, name="talk_unmute"),
    path("<int:pk>/talk/messages/", talk_views.text_choice, name="talk_text_choice"),
    path("<int:pk>/talk/<int:message_id>/report/", talk_views.report, name="talk_report"),
    path("<int:pk>/talk/<int:message_id>/mute/", talk_views.mute, name="talk_mute"),
    path("<int:pk>/talk/<int:message_id>/block/", talk_views.block, name="talk_block"),
]
