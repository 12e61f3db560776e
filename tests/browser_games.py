"""Games the browser tests start as a person does (the setup page, then Deal), and shots.

The browser tests then usually craft a position (``put_state``) and reload; these
are the steps before and after that every game's tests take the same way, and the
screenshots a person may ask for to look at the pages.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from games.models import Game


def deal_in_browser(page: Any, base: str, prefix: str, *labels: str) -> Game:
    """Deal a game from ``/<prefix>/new/`` after checking each of ``labels`` (a level, a
    rule, a target…); the page is left at the table, and the game's row is returned."""
    page.goto(f"{base}/{prefix}/new/")
    for label in labels:
        page.get_by_label(label).check()
    page.get_by_role("button", name="Deal the tiles").click()
    page.wait_for_url(f"**/{prefix}/g/*/")
    return Game.objects.get(id=page.url.rstrip("/").split("/")[-1])


def restart_history(game: Game, public_view: dict[str, Any]) -> None:
    """Make the crafted position the game's whole history: one draw by seat 1 led to it.

    The log and the just-laid highlight then read from here, so nothing on a crafted
    table counts as laid this turn, and no move of the real deal is named.
    """
    game.moves.all().delete()
    game.version += 1
    game.save()
    game.moves.create(seq=game.version, seat=1, action={"type": "draw"}, public_view=public_view)


def shot(page: Any, name: str, full_page: bool = False) -> None:
    """Save a screenshot when RUMMY_SHOTS names a folder (for looking at, not asserting)."""
    folder = os.environ.get("RUMMY_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)


def drag(page: Any, source: Any, target: Any) -> None:
    """Drag once the board is still: no tile travelling, two frames drawn since.

    Playwright's `drag_to` in Chromium decides whether a drag began by whether `dragstart`
    reached the page just after its mouse moved; with the main thread busy settling a move's
    animation it can arrive late, and the drag becomes a plain click (seen in CI).
    """
    page.evaluate(
        """() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))
          .then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))"""
    )
    source.drag_to(target)
