"""Helpers for the puzzle tests: a solver's client, and laying out a table through the page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from puzzles import bank
from puzzles.models import Attempt, Puzzle


@pytest.fixture
def puzzles(db: Any) -> list[Puzzle]:
    """The shipped banks, both games (the data migrations loaded them; a flushed database
    gets them again)."""
    if not Puzzle.objects.exists():
        bank.load_all(Puzzle)
    return list(Puzzle.objects.order_by("id"))


@pytest.fixture
def guest(db: Any) -> Client:
    client = Client()
    client.get("/")  # the device cookie
    return client


def latest(puzzle: Puzzle) -> Attempt:
    return Attempt.objects.filter(puzzle=puzzle).order_by("-id").first()


def lay_out(
    client: Client, puzzle: Puzzle, target: list[list[int]], base: str | None = None
) -> None:
    """Build ``target`` on the page tile by tile, as taps would: each tile into its set.
    (Streaks, the daily and rated practice deal Romanian openings too: see ``lay_opening``.)
    ``base``: where the taps go (a Storm run's ``/puzzles/storm/<run>/<seq>``)."""
    if puzzle.game in ("romanian_tile_rummy", "rumasta"):  # new melds from the hand only
        lay_opening(client, puzzle, target, base)
        return
    base = base or f"/puzzles/{puzzle.id}"
    for wanted in target:
        first = True
        for tile in wanted:
            attempt = latest(puzzle)
            table = (attempt.draft or {"table": puzzle.table})["table"]
            to = "new" if first else str(next(i for i, s in enumerate(table) if wanted[0] in s))
            field = "tile" if tile in puzzle.rack else "table_tile"
            response = client.post(f"{base}/move/", {field: tile, "to": to}, HTTP_HX_REQUEST="true")
            assert response.status_code == 200, response.content.decode()[:500]
            first = False


def lay_opening(
    client: Client, puzzle: Puzzle, melds: list[list[int]], base: str | None = None
) -> None:
    """A Romanian opening or a Rumasta first meld: each meld's first tile (card) to "new",
    the others after it. Laid already (a test may lay it twice), it is left as it is."""
    base = base or f"/puzzles/{puzzle.id}"
    attempt = latest(puzzle)
    if attempt is not None and (attempt.draft or {}).get("melds") == [list(m) for m in melds]:
        return
    for index, meld in enumerate(melds):
        for k, tile in enumerate(meld):
            to = "new" if k == 0 else f"n:{index}"
            response = client.post(
                f"{base}/move/", {"tile": tile, "to": to}, HTTP_HX_REQUEST="true"
            )
            assert response.status_code == 200, response.content.decode()[:500]


def confirm(client: Client, puzzle: Puzzle) -> Any:
    return client.post(f"/puzzles/{puzzle.id}/confirm/", HTTP_HX_REQUEST="true")


def faces_table(table: list[list[int]]) -> list[list[int]]:
    return sorted(sorted(s) for s in table)
