"""Romanian Tile Rummy's URLs, mounted under its catalogue prefix in its kind's namespace."""

from django.urls import path

from games.web.romanian import views

urlpatterns = [
    path("new/", views.setup, name="setup"),
    path("how-to-play/", views.how_to_play, name="how_to_play"),
    *views.FLOW.urls(views.MOVES),
]
