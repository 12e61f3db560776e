"""Every game's guided first game, by the game's kind (the catalogue's order).

A game's tutorial is the module ``tutorials.<name>`` named as its web package is
(``games.web.<name>``), holding its ``TUTORIAL``; a game without one has none yet. So, as for
puzzles, this module names no game: the catalogue does.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from games import catalogue, services
from games.models import Game

from .steps import Tutorial


def _found() -> dict[str, Tutorial]:
    found: dict[str, Tutorial] = {}
    for entry in catalogue.CATALOGUE:
        module = f"{__package__}.{entry.web.rsplit('.', 1)[-1]}"
        if find_spec(module) is not None:
            found[entry.kind] = import_module(module).TUTORIAL
    return found


TUTORIALS: dict[str, Tutorial] = _found()


def find(kind: str) -> Tutorial | None:
    return TUTORIALS.get(kind)


def for_game(game: Game) -> Tutorial | None:
    """The tutorial a guided game follows (its config's mark names it)."""
    mark = game.config.get(services.SCRIPT_MARK) if isinstance(game.config, dict) else None
    return TUTORIALS.get(mark) if isinstance(mark, str) else None


def offered() -> list[tuple[catalogue.GameEntry, Tutorial]]:
    """The ready games that have a guided first game, in the catalogue's order."""
    return [(e, TUTORIALS[e.kind]) for e in catalogue.ready() if e.kind in TUTORIALS]
