"""Each catalogue game's benchmark module, as its catalogue entry names it.

The catalogue names a game's benchmark by its module path (a string: the site never
imports ``bench``), so adding a game with a benchmark is still one catalogue line. A
module named there has ``add_arguments(parser)`` and ``report(out, options)``, and may
add rows to ``--busy`` with ``busy_extras(level)`` and name its table page's adapter for
the Arena benchmark with ``ARENA_PAGES`` (``bench.arenabench.board.Pages``).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from games import catalogue


def benchmarked() -> list[tuple[catalogue.GameEntry, ModuleType]]:
    """The games that have a benchmark, with it, in the catalogue's order."""
    return [(e, importlib.import_module(e.benchmark)) for e in catalogue.CATALOGUE if e.benchmark]


def for_kind(kind: str) -> ModuleType | None:
    """One game's benchmark module, or None if it has none."""
    entry = catalogue.find(kind)
    if entry is None or not entry.benchmark:
        return None
    return importlib.import_module(entry.benchmark)
