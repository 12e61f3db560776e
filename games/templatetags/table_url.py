"""``{% table_url "namespace:name" game.id %}``: ``{% url %}`` for a table's own routes, cheaper.

A board carries up to twenty of its table's URLs (each form and button posts to one)
and is drawn for every seat's socket after every move; ``{% url %}`` resolved each
through the namespaces every time, about a tenth of drawing a board. A table URL is
its route with the game's id in it, so ``games.table_urls`` reverses each route once
per process and fills the id in; this tag gives templates that, with the same
arguments as ``{% url %}``.
"""

from __future__ import annotations

from uuid import UUID

from django import template

from games.table_urls import TableUrls

register = template.Library()


@register.simple_tag
def table_url(view_name: str, game_id: UUID | str) -> str:
    """The URL of the table route ``view_name`` ("namespace:name") for ``game_id``."""
    namespace, _, name = str(view_name).rpartition(":")
    return TableUrls(namespace, game_id)[name]
