"""The site's game URLs: home, each catalogue game under its own prefix, and old links.

Every ready game's URLconf (its ``GameWeb.urls``) is mounted at ``/<url_prefix>/``
in a URL namespace named after its kind (``<kind>:table``, ``<kind>:draw``…).
"""

from django.urls import URLResolver, include, path

from games import catalogue, home_views, legacy
from games.gameweb import web_for

app_name = "games"

urlpatterns = [
    path("", home_views.home, name="home"),
    # Before each game had its own prefix, the first game's tables lived at /g/<id>/.
    path("g/<uuid:game_id>/", legacy.old_table, name="old_table"),
    path("g/<uuid:game_id>/<path:rest>", legacy.old_table, name="old_table_page"),
]


def game_urls() -> list[URLResolver]:
    """Each ready game's own URLs, for the root URLconf (namespaces are top level)."""
    return [
        path(f"{entry.url_prefix}/", include((web_for(entry.kind).urls, entry.url_name)))
        for entry in catalogue.ready()
    ]
