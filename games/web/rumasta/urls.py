"""Rumasta's URLs, mounted under its catalogue prefix in the ``rumasta`` namespace."""

from django.urls import path

from games.web.rumasta import views

urlpatterns = [
    path("new/", views.setup, name="setup"),
    path("how-to-play/", views.how_to_play, name="how_to_play"),
    *views.FLOW.urls(views.MOVES),
]
