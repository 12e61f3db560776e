"""Every theme a puzzle can have: each game's puzzle module names its own (``THEMES``),
gathered here in catalogue order for the theme pages, the stats and the results."""

from __future__ import annotations

from games import catalogue


def _gathered() -> dict[str, tuple[str, str]]:
    themes: dict[str, tuple[str, str]] = {}
    for entry in catalogue.with_puzzles():
        assert entry.puzzles is not None
        themes.update(catalogue.load(entry.puzzles.adapter).THEMES)
    return themes


THEMES = _gathered()


def theme_name(slug: str) -> str:
    return THEMES.get(slug, (slug.replace("-", " ").capitalize(), ""))[0]
