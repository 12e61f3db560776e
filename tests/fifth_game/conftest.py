"""The fixture that adds High Card to the site, as its one catalogue line would.

The catalogue is read at call time everywhere but in two places read once at
start, which a test must redo: the URLconf (each catalogue game mounted under
its prefix) and the template directories (a site's game keeps its templates in
``templates/games/<kind>/``; this one keeps them in its own package).
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from games import catalogue
from games.urls import game_urls
from tests.fifth_game import ENTRY

TEMPLATES = Path(__file__).resolve().parent / "templates"


@pytest.fixture
def fifth_game(settings: Any) -> Iterator[catalogue.GameEntry]:
    """High Card in the catalogue, its pages mounted, its templates found, for one test."""
    site = import_module(settings.ROOT_URLCONF)  # before the catalogue grows: read once
    with catalogue.including(ENTRY):
        settings.ROOT_URLCONF = _with_game_urls(site)
        settings.TEMPLATES = [
            {**engine, "DIRS": [*engine["DIRS"], TEMPLATES]} for engine in settings.TEMPLATES
        ]
        yield ENTRY


def _with_game_urls(site: ModuleType) -> ModuleType:
    """The site's URLconf with the games the catalogue now lists and it did not mount."""
    mounted = {getattr(p, "namespace", None) for p in site.urlpatterns}
    urls = ModuleType("urls_with_fifth_game")
    urls.urlpatterns = [  # type: ignore[attr-defined]
        *(r for r in game_urls() if r.namespace not in mounted),
        *site.urlpatterns,
    ]
    urls.handler429 = site.handler429  # type: ignore[attr-defined]
    return urls
