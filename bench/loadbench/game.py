"""The game the benchmark plays: the catalogue's first (its draw, tap-a-tile and reset moves).

Named through the catalogue, like every platform module (tests/test_catalogue.py).
"""

from __future__ import annotations

from games import catalogue

ENTRY = catalogue.CATALOGUE[0]
KIND = ENTRY.kind
PREFIX = f"/{ENTRY.url_prefix}"
