"""Top-level URL routes: admin, allauth's account pages, the player's pages, games, leaderboards."""

from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from games.urls import game_urls
from rummy_site import health

# The admin signs in through allauth's page, behind the same sign-in throttle.
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

urlpatterns = [
    path("health/", health.health, name="health"),
    path("health/live/", health.live, name="health_live"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("me/", include("accounts.urls")),
    path("leaderboards/", include("leaderboards.urls")),
    *game_urls(),
    path("", include("games.urls")),
]

# allauth answers rate-limited requests with ROOT_URLCONF.handler429.
handler429 = "accounts.views.rate_limited"
