"""Tile Rummy rules only the site can show, a test each, named for the rule (issue 34, item 18).

What the setup page offers (computer opponents, levels, the meld rule), that the
options stay as chosen once the game has started, that a draw throws away the
draft on the table, and the page's labels, which the rules name: your own seat's
chip reads "Me", the pool reads "Pool (tap to draw)" on your turn and pressing it
draws, and the end screens are "Round Complete" and "Game Over". The engine's
side of each rule is in tests/engine/test_tile_rummy_rules_listed.py.
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games.engine import tile_rummy as tr
from games.models import Game
from tests.engine.helpers import build, names
from tests.web.conftest import put_state

pytestmark = pytest.mark.django_db
SETUP = "/tile-rummy/new/"
HX = {"HTTP_HX_REQUEST": "true"}


def radios(page: str, name: str) -> tuple[list[str], list[str]]:
    """The values of the radio buttons called ``name``, and those checked."""
    found = re.findall(rf'<input type="radio" name="{name}" value="([^"]+)"([^>]*)>', page)
    return [v for v, _ in found], [v for v, rest in found if "checked" in rest]


def post(client: Client, game: Game, name: str, **data: object):
    game.refresh_from_db()
    data.setdefault("version", game.version)
    return client.post(f"/tile-rummy/g/{game.id}/{name}/", data, **HX)


def words_of(markup: str) -> str:
    """The text a person reads in ``markup``, spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(markup))).strip()


def words(response) -> str:
    return words_of(response.content.decode())


def crafted(start_game, meld_rule: str = "standard", **kwargs) -> Game:
    """A game dealt through the setup page, then put in a position seat 0 (the client) plays."""
    spec = {"racks": ["R10 R11 R12 B3 Y3", "K1 K2 K5"], "pool_top": "Y9", **kwargs}
    return put_state(start_game(meld_rule=meld_rule), build(meld_rule=meld_rule, **spec))


def config_of(game: Game) -> tuple[dict, tr.Config]:
    game.refresh_from_db()
    return game.config, tr.from_json(game.state).config


def test_rule_setup_offers_one_to_three_computer_opponents_one_by_default(client, start_game):
    offered, checked = radios(client.get(SETUP).content.decode(), "opponents")
    assert offered == ["1", "2", "3"] and checked == ["1"]
    for opponents in (1, 2, 3):
        game = start_game(opponents=opponents)
        seats = list(game.seats.order_by("index"))
        assert len(seats) == opponents + 1 and game.config["players"] == opponents + 1
        assert not seats[0].computer_level and all(s.computer_level for s in seats[1:])
    before = Game.objects.count()
    for bad in ("0", "4"):
        response = client.post(SETUP, {"level": "easy", "opponents": bad, "meld_rule": "standard"})
        assert response.status_code == 400
    assert Game.objects.count() == before


def test_rule_setup_offers_the_levels_easy_medium_and_expert(client, start_game):
    offered, _ = radios(client.get(SETUP).content.decode(), "level")
    assert offered == ["easy", "medium", "expert"]
    for level in offered:
        game = start_game(level=level, opponents=2)
        assert [s.computer_level for s in game.seats.order_by("index")] == ["", level, level]


def test_rule_meld_rule_is_picked_at_setup_standard_by_default_and_cannot_change_once_started(
    client, start_game
):
    offered, checked = radios(client.get(SETUP).content.decode(), "meld_rule")
    assert offered == ["standard", "shared"] and checked == ["standard"]
    game = crafted(start_game, meld_rule="shared")
    table = client.get(f"/tile-rummy/g/{game.id}/")
    assert "Shared opening" in words(table)
    assert 'name="meld_rule"' not in table.content.decode()  # nothing at the table to change it
    post(client, game, "draw", meld_rule="standard", target="50")  # extra fields are ignored
    config, engine_config = config_of(game)
    assert config["meld_rule"] == "shared" and engine_config.meld_rule == "shared"
    assert engine_config.target == 200 and tr.from_json(game.state).turn == 1  # the draw counted
    other = start_game(meld_rule="standard")  # a new setup is a new game
    assert other.id != game.id and config_of(game)[1].meld_rule == "shared"


def test_rule_drawing_takes_one_tile_from_the_pool_and_ends_the_turn_throwing_away_any_draft(
    client, start_game
):
    game = crafted(start_game, opened=[True, False])
    state = tr.from_json(game.state)
    r10 = next(t for t in state.racks[0] if names([t]) == ["R10"])
    assert post(client, game, "move", tile=r10, to="new").status_code == 200
    assert game.seats.get(index=0).turn_draft["table"] == [[r10]]
    assert post(client, game, "draw").status_code == 200
    game.refresh_from_db()
    after = tr.from_json(game.state)
    assert game.seats.get(index=0).turn_draft is None  # the draft is gone
    assert after.table == []  # none of it reached the table
    assert sorted(names(after.racks[0])) == ["B3", "R10", "R11", "R12", "Y3", "Y9"]
    assert len(after.pool) == len(state.pool) - 1 and after.turn == 1
    assert game.moves.last().action == {"type": "draw"}


def test_rule_page_labels_me_pool_to_draw_round_complete_and_game_over(client, start_game):
    game = crafted(start_game, opened=[True, False])
    page = client.get(f"/tile-rummy/g/{game.id}/")
    body = page.content.decode()
    assert re.search(r'data-testid="player-0">\s*<span class="sr-only">Me \(you\), 5 tiles', body)
    assert re.search(r'<span class="player-name">Me</span>', body)
    pool = tr.from_json(game.state).pool
    button = re.search(r'<button[^>]*data-testid="pool-button"[^>]*>(.*?)</button>', body, re.S)
    assert button and words_of(button.group(1)) == f"Pool (tap to draw) {len(pool)}"
    assert f'formaction="/tile-rummy/g/{game.id}/draw/"' in button.group(0)
    assert post(client, game, "draw").status_code == 200  # what the pool button posts
    game.refresh_from_db()
    assert len(tr.from_json(game.state).pool) < len(pool)
    assert game.moves.last().action == {"type": "draw"}
    later = client.get(f"/tile-rummy/g/{game.id}/").content.decode()
    assert 'data-testid="pool-button"' not in later  # the computer's turn: nothing to tap
    round_over = crafted(start_game, racks=["R10 R11 R12", "K1 K2 K5"], opened=[True, False])
    game_over = crafted(
        start_game, racks=["R10 R11 R12", "K1 K2 K5"], opened=[True, False], totals=[195, 0]
    )
    for done, heading in ((round_over, "Round Complete"), (game_over, "Game Over")):
        for i, tile in enumerate(tr.from_json(done.state).racks[0]):  # lay R10 R11 R12 out
            post(client, done, "move", tile=tile, to="new" if i == 0 else "0")
        finished = post(client, done, "confirm")
        assert f"<h2>{heading}</h2>" in finished.content.decode()
        assert heading in words(client.get(f"/tile-rummy/g/{done.id}/"))
