"""Which engine module plays which game kind: read from the catalogue, imported on first use."""

from __future__ import annotations

from typing import Any

from games import catalogue

from .contract import Engine


def engine_for(kind: str) -> Engine[Any, Any]:
    """The rules module of ``kind`` (``catalogue.UnknownGame`` for a kind not listed),
    typed by the contract, so the platform's callers are checked against it; names the
    contract leaves optional (the clock's) are read with ``getattr``."""
    module: Engine[Any, Any] = catalogue.load(catalogue.get(kind).engine)
    return module
