"""Each catalogue game's benchmark module, by kind.

The catalogue is the site's and never names a benchmark (the site does not import
``bench``), so the benchmarks keep their own table: a module here has
``add_arguments(parser)`` and ``report(out, options)``, and may add rows to
``--busy`` with ``busy_extras(level)``.
"""

from __future__ import annotations

from types import ModuleType

from bench.benchmarks import romanian, rumasta, rumbaroo, tile_rummy
from games import catalogue

BY_KIND: dict[str, ModuleType] = {
    "tile_rummy": tile_rummy,
    "rumbaroo": rumbaroo,
    "romanian_tile_rummy": romanian,
    "rumasta": rumasta,
}


def benchmarked() -> list[tuple[catalogue.GameEntry, ModuleType]]:
    """The games that have a benchmark, with it, in the catalogue's order."""
    return [(e, BY_KIND[e.kind]) for e in catalogue.CATALOGUE if e.kind in BY_KIND]


def for_kind(kind: str) -> ModuleType | None:
    """One game's benchmark module, or None if it has none."""
    return BY_KIND.get(kind)
