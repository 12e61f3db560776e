"""Top-level URL routes: admin, allauth's account pages, the player's pages, games, leaderboards."""

from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from api.endpoints import api as programs_api
from games import urls as games_urls
from games.urls import game_urls
from rooms import views as rooms_views
from rummy_site import health, home

# The admin signs in through allauth's page, behind the same sign-in throttle.
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

urlpatterns = [
    path("health/", health.health, name="health"),
    path("health/live/", health.live, name="health_live"),
    # The balancers' check: this node reaches its database (rummy_site/health.py).
    path("health/ready/", health.ready, name="health_ready"),
    # Prometheus (metrics/): a token or the node's own machine; the balancer refuses it.
    path("metrics/", include("metrics.urls")),
    # The games' tables first: their polls and taps are most of the requests, and
    # resolving walks this list in order.
    *game_urls(),
    # The installable app's manifest, service worker and offline page at the root; notifications.
    path("", include("notifications.urls")),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("me/", include("accounts.urls")),
    # The privacy page; download your data and close your account (/me/data/, /me/close/).
    path("", include("privacy.urls")),
    path("leaderboards/", include("leaderboards.urls")),
    # Player pages (/@/<name>/), friends, blocks, challenges and the rating board.
    path("", include("players.urls")),
    # The programs' API: its JSON endpoints and OpenAPI schema, then its pages for people.
    path("api/v1/", programs_api.urls),
    path("api/", include("api.urls")),
    path("rooms/", include("rooms.urls")),
    path("terms/", rooms_views.terms, name="terms"),
    path("reviews/", include("reviews.urls")),
    path("presets/", include("presets.urls")),
    path("replay/", include("replays.urls")),
    path("match/", include("matchmaking.urls")),
    path("talk/", include("talk.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("puzzles/", include("puzzles.urls")),
    path("learn/", include("tutorials.urls")),
    # The footer's language switch (preferences/language.py): a cookie, and the account's choice.
    path("i18n/", include("preferences.urls")),
    # The settings page (tile size, theme, sound, motion, speed...) and the tables' mute button.
    path("settings/", include("preferences.settings_urls")),
    # The home page is the site's (rummy_site/home.py) but keeps its name, games:home.
    path("", include(([path("", home.home, name="home"), *games_urls.urlpatterns], "games"))),
]

# allauth answers rate-limited requests with ROOT_URLCONF.handler429.
handler429 = "accounts.views.rate_limited"
