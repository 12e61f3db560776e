"""Table talk's URLs, under /talk/<game id>/."""

from django.urls import path

from talk import views

app_name = "talk"

urlpatterns = [
    path("<uuid:game_id>/", views.lines, name="lines"),
    path("<uuid:game_id>/say/", views.say, name="say"),
    path("<uuid:game_id>/unmute/", views.unmute, name="unmute"),
    path("<uuid:game_id>/messages/", views.text_choice, name="text_choice"),
    path("<uuid:game_id>/<int:message_id>/report/", views.report, name="report"),
    path("<uuid:game_id>/<int:message_id>/mute/", views.mute, name="mute"),
    path("<uuid:game_id>/<int:message_id>/block/", views.block, name="block"),
]
