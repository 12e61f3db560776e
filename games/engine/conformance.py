"""Each engine checked against the contract's Protocols by mypy (scripts/test's type check).

Why a module of assignments: mypy compares a module with a Protocol only where the
module is used as one, so each engine and its ``legal`` module are assigned here to
a variable of the Protocol's type; a missing name or a changed signature is then a
type error naming the engine. Nothing imports this module at run time; the contract
tests check the same names with ``isinstance`` over the catalogue.
"""

from __future__ import annotations

from . import romanian, rumasta, rumbaroo, tile_rummy
from .contract import Engine, LegalMoves
from .romanian import legal as romanian_legal
from .rumasta import legal as rumasta_legal
from .rumbaroo import legal as rumbaroo_legal
from .tile_rummy import legal as tile_rummy_legal

ROMANIAN: Engine[romanian.State, romanian.RomanianView] = romanian
RUMASTA: Engine[rumasta.State, rumasta.RumastaView] = rumasta
RUMBAROO: Engine[rumbaroo.State, rumbaroo.RumbarooView] = rumbaroo
TILE_RUMMY: Engine[tile_rummy.State, tile_rummy.TileRummyView] = tile_rummy

ROMANIAN_LEGAL: LegalMoves[romanian.State] = romanian_legal
RUMASTA_LEGAL: LegalMoves[rumasta.State] = rumasta_legal
RUMBAROO_LEGAL: LegalMoves[rumbaroo.State] = rumbaroo_legal
TILE_RUMMY_LEGAL: LegalMoves[tile_rummy.State] = tile_rummy_legal
