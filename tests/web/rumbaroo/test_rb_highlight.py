"""Rumbaroo: the tiles others laid since your last move are marked, and said, until you act."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.engine import rumbaroo as rb
from tests.web.rumbaroo.conftest import HX

pytestmark = pytest.mark.django_db


def test_what_others_laid_is_marked_and_said_until_you_act(client: Any, crafted: Any) -> None:
    game = crafted(["B1 B2 R9", "G4 G5 G6 Y1"], turn=1, pile="G9")
    state = rb.from_json(game.state)
    game.moves.all().delete()  # the history starts from this position
    game.version = 1
    game.save()
    game.moves.create(seq=1, seat=0, action={"type": "draw"}, public_view=rb.view(state, None))
    meld = [t for t in state.hands[1] if rb.face_of(state, t).text in ("G4", "G5", "G6")]
    services.play(game.id, 1, {"type": "meld", "table": [meld]}, 1)
    page = client.get(f"/rumbaroo/g/{game.id}/board/", **HX).content.decode()
    assert page.count("just laid") == 3 and page.count('class="tile c-G fresh') == 3
    assert "Joey 1 melded green 4, green 5, green 6" in page and "Your turn." in page
    mine = next(t for t in state.hands[0] if rb.face_of(state, t).text == "B1")
    client.post(f"/rumbaroo/g/{game.id}/move/", {"version": 2, "tile": mine, "to": "new"}, **HX)
    page = client.get(f"/rumbaroo/g/{game.id}/board/", **HX).content.decode()
    assert "just laid" not in page  # your own action ends the highlight
