"""A game's table URLs without ``reverse`` on every request.

A tap redraws the board's form, whose buttons carry four of the table's URLs;
``{% url %}`` resolved each through the namespaces every time (about a tenth of
a tap's rendering). A table URL is its route with the game's id in it, so each
is reversed once per process (and script prefix) with a stand-in id, then
filled in.
"""

from __future__ import annotations

import functools
from uuid import UUID

from django.urls import get_script_prefix, reverse

_STAND_IN = UUID(int=0)


@functools.cache
def _pattern(namespace: str, name: str, prefix: str) -> str:
    del prefix  # part of the cache key: reverse() includes the script prefix
    return reverse(f"{namespace}:{name}", kwargs={"game_id": _STAND_IN})


class TableUrls:
    """``urls.move`` / ``urls["move"]`` in a template: the URL named ``move`` for this game."""

    def __init__(self, namespace: str, game_id: UUID | str) -> None:
        self.namespace = namespace
        self.game_id = str(game_id)

    def __getitem__(self, name: str) -> str:
        return _filled(self.namespace, name, self.game_id, get_script_prefix())


@functools.lru_cache(maxsize=16384)
def _filled(namespace: str, name: str, game_id: str, prefix: str) -> str:
    """A table's URL, kept: a board asks for a dozen of its table's URLs on every drawing."""
    return _pattern(namespace, name, prefix).replace(str(_STAND_IN), game_id)
