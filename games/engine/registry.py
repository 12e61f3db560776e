"""Which engine module plays which game kind: the one place the site looks them up."""

from __future__ import annotations

from types import ModuleType

from . import rumbaroo, tile_rummy

ENGINES: dict[str, ModuleType] = {tile_rummy.KIND: tile_rummy, rumbaroo.KIND: rumbaroo}


def engine_for(kind: str) -> ModuleType:
    return ENGINES[kind]
