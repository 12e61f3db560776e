"""High Card's engine and its ``legal`` module checked against the engine Protocol by
mypy, exactly as each real game's ``conformance.py`` is: the checklist holds for it too."""

from __future__ import annotations

from games.engine.contract import Engine, LegalMoves
from tests.fifth_game import engine
from tests.fifth_game.engine import legal

ENGINE: Engine[engine.State, engine.HighCardView] = engine
LEGAL: LegalMoves[engine.State] = legal
