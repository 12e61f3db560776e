"""Which engine module plays which game kind: read from the catalogue, imported on first use."""

from __future__ import annotations

from types import ModuleType

from games import catalogue


def engine_for(kind: str) -> ModuleType:
    """The rules module of ``kind`` (``catalogue.UnknownGame`` for a kind not listed)."""
    module: ModuleType = catalogue.load(catalogue.get(kind).engine)
    return module
