"""This engine and its ``legal`` module checked against ``games.engine.contract`` by mypy.

Nothing imports this module at run time: mypy compares a module with a Protocol only
where it is used as one, so here it is (see ``contract``).
"""

from __future__ import annotations

import games.engine.rumbaroo as engine

from ..contract import Engine, LegalMoves
from . import legal
from .view_types import RumbarooView

ENGINE: Engine[engine.State, RumbarooView] = engine
LEGAL: LegalMoves[engine.State] = legal
