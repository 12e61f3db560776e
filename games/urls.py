"""The site's game URLs: each catalogue game under its own prefix, and old links.

Every ready game's URLconf (its ``GameWeb.urls``) is mounted at ``/<url_prefix>/``
in a URL namespace named after its kind (``<kind>:table``, ``<kind>:draw``…).
"""

from django.urls import URLResolver, include, path

from games import catalogue, legacy
from games.gameweb import web_for

app_name = "games"

# The home page (rummy_site/home.py) joins these in the ``games`` namespace at the root
# URLconf, so it keeps its name ``games:home`` while the games app never imports it.
urlpatterns = [
    # Before each game had its own prefix, the first game's tables lived at /g/<id>/.
    path("g/<uuid:game_id>/", legacy.old_table, name="old_table"),
    path("g/<uuid:game_id>/<path:rest>", legacy.old_table, name="old_table_page"),
]


def game_urls() -> list[URLResolver]:
    """Each ready game's own URLs, for the root URLconf (namespaces are top level)."""
    return [
        path(
            f"{entry.url_prefix}/",
            include((web_for(entry.kind).urls.urlpatterns, entry.url_name)),
        )
        for entry in catalogue.ready()
    ]
