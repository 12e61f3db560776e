"""Top-level URL routes: admin, allauth's account pages, the games, the leaderboards."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("leaderboards/", include("leaderboards.urls")),
    path("", include("games.urls")),
]
