"""The room service names every game service it calls; nothing is looked up by a string.

``rooms/services.py`` once fetched pause, resume, take_back, leave_seat and
suspend_player with ``getattr(game_services, name, None)``, so a rename in
``games/services.py`` reached players as "That isn't available yet." instead of
failing at import. Here the module's source is read: every ``game_services.X`` it
uses and every name it imports from ``games.services`` exists and is callable, and
no ``getattr`` or string lookup stands between the two.
"""

from __future__ import annotations

import ast
import inspect

from games import services as game_services
from rooms import services as room_services

TABLE_SERVICES = {"create_game", "pause", "resume", "take_back", "leave_seat", "suspend_player"}


def _tree() -> ast.Module:
    return ast.parse(inspect.getsource(room_services))


def _used_names(tree: ast.Module) -> set[str]:
    """Names taken from games.services: ``game_services.X`` and ``from games.services import X``."""
    names = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "game_services"
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "games.services":
            names |= {alias.name for alias in node.names}
    return names


def test_every_game_service_the_rooms_use_exists() -> None:
    used = _used_names(_tree())
    assert used >= TABLE_SERVICES, TABLE_SERVICES - used
    missing = sorted(n for n in used if not callable(getattr(game_services, n, None)))
    assert missing == []


def test_no_game_service_is_looked_up_by_a_string() -> None:
    for node in ast.walk(_tree()):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in {"getattr", "_service"}, ast.unparse(node)
