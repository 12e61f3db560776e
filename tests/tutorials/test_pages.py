"""The guided first games' pages and progress (issue 42, item 1).

Offered on a person's first visit to a game's setup page (with a dismiss), always linked
from its setup and How to play pages; started from the offer into the game's own table,
where each step's line shows and a wrong move is refused (422) with the step's
explanation and undone; resumable (the same game, on any of the person's devices once
signed in); skippable (marked skipped, counting for nobody); done once walked to its end,
and then marked on the stats page. A guided game never takes a save slot.
"""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import GameRecord
from accounts.saves import continue_offers
from games.engine.registry import engine_for
from games.models import Game, GameStatus
from tests.web.conftest import snapshot
from tutorials.models import Progress, Status
from tutorials.registry import TUTORIALS

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}
_capture: list[Any] = []


@pytest.fixture(autouse=True)
def _computers_move(django_capture_on_commit_callbacks: Any) -> Any:
    """The computers' scripted answers run after each move's commit, in this process."""
    _capture[:] = [django_capture_on_commit_callbacks]
    yield
    _capture.clear()


def post(client: Client, url: str, data: dict[str, Any] | None = None, **extra: Any) -> Any:
    """A POST whose commit hooks run (the computers' turns), as a real request's would."""
    with _capture[0](execute=True):
        return client.post(url, data or {}, **extra)


def text(response: Any) -> str:
    return html.unescape(response.content.decode())


def start(client: Client, kind: str = "tile_rummy", **data: str) -> Game:
    response = post(client, f"/learn/{kind}/start/", data)
    assert response.status_code == 302, text(response)[:500]
    return Game.objects.get(id=response.url.rstrip("/").split("/")[-1])


# --- Tile Rummy's steps by the table's own requests (taps, then Confirm) ------------------


def _face(tile: int) -> str:
    return str(engine_for("tile_rummy").face_of(tile))


def _tap(client: Client, game: Game, tile: int, to: str, table: bool = False) -> None:
    field = "table_tile" if table else "tile"
    response = post(
        client,
        f"/tile-rummy/g/{game.id}/move/",
        {"version": game.version, field: tile, "to": to},
        **HX,
    )
    assert response.status_code == 200, text(response)[:800]


def lay(client: Client, game: Game, *faces: str) -> Any:
    """Lay rack tiles as one new set by taps, then press Confirm play."""
    game.refresh_from_db()
    state = engine_for("tile_rummy").from_json(game.state)
    rack = list(state.racks[0])
    new = str(len(state.table))
    for i, wanted in enumerate(faces):
        tile = next(t for t in rack if _face(t) == wanted)
        rack.remove(tile)
        _tap(client, game, tile, "new" if i == 0 else new)
    return post(client, f"/tile-rummy/g/{game.id}/confirm/", {"version": game.version}, **HX)


def rearrange(client: Client, game: Game) -> Any:
    game.refresh_from_db()
    state = engine_for("tile_rummy").from_json(game.state)
    black_ten = next(t for s in state.table for t in s if _face(t) == "K10")
    new = str(len(state.table))
    _tap(client, game, black_ten, "new", table=True)
    for wanted in ("K11", "K12"):
        _tap(client, game, next(t for t in state.racks[0] if _face(t) == wanted), new)
    return post(client, f"/tile-rummy/g/{game.id}/confirm/", {"version": game.version}, **HX)


def walk_tile_rummy(client: Client, game: Game) -> Any:
    last = None
    for move in (
        lambda: lay(client, game, "R10", "B10", "Y10"),
        lambda: lay(client, game, "K3", "K4", "K5"),
        lambda: rearrange(client, game),
        lambda: lay(client, game, "B7", "B8", "J"),
        lambda: lay(client, game, "R5", "B5", "Y5"),
    ):
        last = move()
        assert last.status_code == 200, text(last)[:800]
    return last


# --- the offer and the links ------------------------------------------------------------


def test_the_setup_page_offers_it_on_a_first_visit_until_dismissed(client: Client) -> None:
    client.get("/")
    page = text(client.get("/tile-rummy/new/"))
    assert "New to Tile Rummy?" in page and 'data-testid="tutorial-offer"' in page
    assert 'href="/learn/tile_rummy/"' in page, "and the link that is always there"
    dismissed = client.post("/learn/tile_rummy/dismiss/", {"next": "/tile-rummy/new/"})
    assert dismissed.status_code == 302 and dismissed.url == "/tile-rummy/new/"
    page = text(client.get("/tile-rummy/new/"))
    assert 'data-testid="tutorial-offer"' not in page
    assert 'href="/learn/tile_rummy/"' in page
    assert Progress.objects.get(kind="tile_rummy").status == Status.DISMISSED
    assert 'data-testid="tutorial-offer"' in text(client.get("/rumbaroo/new/")) or (
        "rumbaroo" not in TUTORIALS
    ), "each game offers its own"


def test_dismissing_by_htmx_answers_an_empty_banner(client: Client) -> None:
    client.get("/")
    response = client.post("/learn/tile_rummy/dismiss/", **HX)
    assert response.status_code == 200 and response.content == b""


def test_how_to_play_always_links_it(client: Client) -> None:
    for kind, tutorial in TUTORIALS.items():
        prefix = {"tile_rummy": "tile-rummy", "romanian_tile_rummy": "romanian"}.get(kind, kind)
        page = text(client.get(f"/{prefix}/how-to-play/")) if prefix else ""
        assert f'href="/learn/{kind}/"' in page, kind
        intro = text(client.get(f"/learn/{kind}/"))
        for step in tutorial.steps:
            assert str(step.title) in intro


def test_the_index_lists_every_guided_game(client: Client) -> None:
    page = text(client.get("/learn/"))
    for kind in TUTORIALS:
        assert f'data-testid="tutorial-{kind}"' in page


# --- playing it ---------------------------------------------------------------------------


def test_start_deals_the_guided_game_at_the_games_own_table_with_the_first_line(
    client: Client,
) -> None:
    client.get("/")
    game = start(client)
    assert game.kind == "tile_rummy" and game.config["tutorial"] == "tile_rummy"
    page = text(client.get(f"/tile-rummy/g/{game.id}/"))
    assert "Step 1 of 5: A set worth 30." in page
    assert "data-announce-guide" in page, "read out with the status"
    assert 'data-testid="guide-skip"' in page
    assert 'data-testid="leave"' not in page, "no Abandon: Skip is the way out"
    assert 'data-testid="hint"' not in page, "no hint: the step is the hint"
    assert Progress.objects.get().status == Status.STARTED


def test_a_wrong_move_is_refused_with_its_explanation_and_undone(client: Client) -> None:
    client.get("/")
    game = start(client)
    before = snapshot(game)
    response = lay(client, game, "K3", "K4", "K5")  # worth 12: not the opening
    assert response.status_code == 422
    page = text(response)
    assert "Lay just the red, blue and yellow 10 together as one set" in page
    assert 'data-testid="error"' in page and "data-announce-error" in page
    assert snapshot(game) == before, "the game and the draft as they were"
    drew = client.post(f"/tile-rummy/g/{game.id}/draw/", {"version": game.version}, **HX)
    assert drew.status_code == 422 and "drawing a tile ends your turn" in text(drew)
    assert snapshot(game) == before


def test_walked_to_its_end_it_is_done_and_marked_on_the_stats_page(client: Client) -> None:
    client.get("/")
    game = start(client)
    last = walk_tile_rummy(client, game)
    game.refresh_from_db()
    assert game.version == TUTORIALS["tile_rummy"].end
    page = text(client.get(f"/tile-rummy/g/{game.id}/"))
    assert "Guided game complete." in page and 'data-testid="guide-play"' in page
    assert "Next round" not in page, "the guided game ends with its round"
    assert last.status_code == 200
    row = Progress.objects.get()
    assert row.status == Status.DONE and row.done_at is not None
    stats = text(client.get("/me/stats/"))
    assert 'data-testid="stats-tutorials"' in stats
    assert "Guided games" in stats
    line = stats.split('data-testid="tutorial-tile_rummy"')[1].split("</li>")[0]
    assert "✓" in line
    assert not GameRecord.objects.exists(), "a guided game counts in no stats"
    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED, "it ends there, counting for nobody"
    again = client.post(f"/tile-rummy/g/{game.id}/next-round/", {"version": game.version}, **HX)
    assert again.status_code == 403 and "This game has ended." in text(again)


def test_it_resumes_where_it_was_left_and_can_start_over(client: Client) -> None:
    client.get("/")
    game = start(client)
    lay(client, game, "R10", "B10", "Y10")
    assert start(client) == game, "the same game, at the step it was left at"
    assert "Step 2 of 5: A run." in text(client.get(f"/tile-rummy/g/{game.id}/"))
    intro = text(client.get("/learn/tile_rummy/"))
    assert "Resume" in intro and "Start over" in intro
    fresh = start(client, restart="1")
    assert fresh != game and fresh.version == 0
    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED, "the old one ended, counting for nobody"
    assert not GameRecord.objects.exists()


def test_skip_ends_it_marked_skipped_and_counting_for_nobody(client: Client) -> None:
    client.get("/")
    game = start(client)
    response = client.post("/learn/tile_rummy/skip/")
    assert response.status_code == 302 and response.url == "/tile-rummy/new/"
    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED
    assert Progress.objects.get().status == Status.SKIPPED
    assert not GameRecord.objects.exists()
    stats = text(client.get("/me/stats/"))
    assert "(skipped)" in stats.split('data-testid="tutorial-tile_rummy"')[1].split("</li>")[0]
    assert 'data-testid="tutorial-offer"' not in text(client.get("/tile-rummy/new/"))


def test_a_guided_game_takes_no_save_slot(client: Client, rf: Any) -> None:
    client.get("/")
    game = start(client)
    lay(client, game, "R10", "B10", "Y10")
    home = text(client.get("/"))
    assert str(game.id) not in home, "never offered as Continue game"
    history = text(client.get("/me/games/"))
    assert str(game.id) not in history


def test_a_guests_progress_follows_them_into_their_account(client: Client) -> None:
    client.get("/")
    game = start(client)
    walk_tile_rummy(client, game)
    user = get_user_model().objects.create_user("kim", password="tiles-and-runs-42")
    assert client.post(
        "/accounts/login/", {"login": "kim", "password": "tiles-and-runs-42"}
    ).status_code in (200, 302)
    row = Progress.objects.get()
    assert row.user_id == user.pk and row.device_key == "" and row.done_at is not None
    other = Client()
    other.force_login(user)
    stats = text(other.get("/me/stats/"))
    assert "✓" in stats.split('data-testid="tutorial-tile_rummy"')[1].split("</li>")[0]


def test_no_save_slot_helper_lists_it(client: Client, rf: Any) -> None:
    client.get("/")
    game = start(client)
    request = rf.get("/")
    request.user = get_user_model()()  # anonymous-like: not authenticated
    request.device_key = game.seats.get(index=0).device_key
    assert all(entry.game != game for entry in continue_offers(request))


# --- Rumbaroo's steps by the table's own requests ------------------------------------------


def _rb_tile(game: Game, wanted: str) -> int:
    state = engine_for("rumbaroo").from_json(game.state)
    own = state.hands[0] + state.pouches[0]
    return next(t for t in own if engine_for("rumbaroo").face_of(state, t).text == wanted)


def rb_discard(client: Client, game: Game, wanted: str, **answers: str) -> Any:
    game.refresh_from_db()
    data: dict[str, Any] = {"version": game.version, "tile": _rb_tile(game, wanted)}
    for name, value in answers.items():
        data[name] = _rb_tile(game, value) if name == "stash" else value
    return post(client, f"/rumbaroo/g/{game.id}/discard/", data, **HX)


def rb_meld(client: Client, game: Game, faces: list[str], call: bool = False) -> Any:
    game.refresh_from_db()
    state = engine_for("rumbaroo").from_json(game.state)
    new = str(len(state.table))
    if call:
        pressed = post(client, f"/rumbaroo/g/{game.id}/call/", {"version": game.version}, **HX)
        assert pressed.status_code == 200
    for i, wanted in enumerate(faces):
        data = {
            "version": game.version,
            "tile": _rb_tile(game, wanted),
            "to": "new" if i == 0 else new,
        }
        moved = post(client, f"/rumbaroo/g/{game.id}/move/", data, **HX)
        assert moved.status_code == 200, text(moved)[:800]
    return post(client, f"/rumbaroo/g/{game.id}/confirm/", {"version": game.version}, **HX)


def test_rumbaroo_walked_at_its_table_refuses_a_missing_call_and_ends_done(client: Client) -> None:
    client.get("/")
    game = start(client, "rumbaroo")
    assert "Step 1 of 6: Matching the pile." in text(client.get(f"/rumbaroo/g/{game.id}/"))
    wrong = rb_discard(client, game, "G3")
    assert wrong.status_code == 422 and "matches the red 5 by number" in text(wrong)
    assert rb_discard(client, game, "B5").status_code == 200
    assert rb_meld(client, game, ["G3", "G4", "G5", "G6", "G7"]).status_code == 200
    assert rb_discard(client, game, "G-HOP").status_code == 200
    asked = rb_discard(client, game, "G-POUCH")
    assert asked.status_code == 200 and "Tuck a tile into your pouch?" in text(asked)
    assert rb_discard(client, game, "G-POUCH", stash="Y2", asked="1").status_code == 200
    before = snapshot(game)
    forgot = rb_meld(client, game, ["R8", "B8", "Y8"])
    assert forgot.status_code == 422
    assert "press Rumbaroo! before you Confirm melds" in text(forgot)
    assert snapshot(game) == before, "the meld taken back"
    assert rb_meld(client, game, ["R8", "B8", "Y8"], call=True).status_code == 200
    assert rb_discard(client, game, "Y2").status_code == 200
    game.refresh_from_db()
    assert game.version == TUTORIALS["rumbaroo"].end
    assert "Guided game complete." in text(client.get(f"/rumbaroo/g/{game.id}/"))
    assert Progress.objects.get(kind="rumbaroo").status == Status.DONE
    assert not GameRecord.objects.exists()


# --- Romanian Tile Rummy's steps by the table's own requests -------------------------------

RO = "/romanian"


def _ro_ids(game: Game, *faces: str) -> list[int]:
    game.refresh_from_db()
    rack = list(engine_for("romanian_tile_rummy").from_json(game.state).racks[0])
    found = []
    for wanted in faces:
        tile = next(t for t in rack if str(engine_for("romanian_tile_rummy").face_of(t)) == wanted)
        rack.remove(tile)
        found.append(tile)
    return found


def ro_post(client: Client, game: Game, name: str, **data: Any) -> Any:
    game.refresh_from_db()
    return post(client, f"{RO}/g/{game.id}/{name}/", {"version": game.version, **data}, **HX)


def ro_lay(client: Client, game: Game, *combinations: list[str]) -> Any:
    for number, combination in enumerate(combinations):
        for i, tile in enumerate(_ro_ids(game, *combination)):
            moved = ro_post(client, game, "move", tile=tile, to="new" if i == 0 else f"n:{number}")
            assert moved.status_code == 200, text(moved)[:800]
    return ro_post(client, game, "confirm")


def test_romanian_walked_at_its_table_refuses_a_short_opening_and_ends_done(
    client: Client,
) -> None:
    client.get("/")
    game = start(client, "romanian_tile_rummy")
    page = text(client.get(f"{RO}/g/{game.id}/"))
    assert "Step 1 of 8: The doubla question." in page and 'data-testid="doubla-prompt"' in page
    pair = "-".join(str(t) for t in _ro_ids(game, "Y7", "Y7"))
    assert ro_post(client, game, "doubla", pair=pair).status_code == 200
    assert "Step 2 of 8" in text(client.get(f"{RO}/g/{game.id}/"))
    assert ro_post(client, game, "swap", **{"with": "1"}).status_code == 200
    assert _ro_ids(game, "B4", "B4"), "Mihai's pair, swapped blind"
    assert ro_post(client, game, "discard", tile=_ro_ids(game, "Y2")[0]).status_code == 200
    assert ro_post(client, game, "draw").status_code == 200
    before = snapshot(game)
    short = ro_lay(client, game, ["R10", "R11", "R12", "R13"])
    assert short.status_code == 422 and "add the three 8s as a second combination" in text(short)
    assert snapshot(game) == before, "the opening taken back"
    opened = ro_lay(client, game, ["R10", "R11", "R12", "R13"], ["R8", "B8", "K8"])
    assert opened.status_code == 200, text(opened)[:800]
    assert ro_post(client, game, "discard", tile=_ro_ids(game, "K13")[0]).status_code == 200
    state = engine_for("romanian_tile_rummy").from_json(Game.objects.get(id=game.id).state)
    chosen = ro_post(client, game, "choose", index=len(state.discards) - 1)
    assert chosen.status_code == 200
    assert ro_post(client, game, "confirm").status_code == 200
    assert ro_lay(client, game, ["B4", "J", "B6"]).status_code == 200
    game.refresh_from_db()
    assert game.version == TUTORIALS["romanian_tile_rummy"].end
    assert game.status == GameStatus.ABANDONED, "it ends there, mid-round, counting for nobody"
    assert "Guided game complete." in text(client.get(f"{RO}/g/{game.id}/"))
    assert Progress.objects.get(kind="romanian_tile_rummy").status == Status.DONE
    assert not GameRecord.objects.exists()


# --- Rumasta's steps by the table's own requests --------------------------------------------


def _rm_ids(game: Game, *faces: str) -> list[int]:
    game.refresh_from_db()
    engine = engine_for("rumasta")
    hand = list(engine.from_json(game.state).hands[0])
    found = []
    for wanted in faces:
        card = next(c for c in hand if engine.FACES[c].text == wanted)
        hand.remove(card)
        found.append(card)
    return found


def rm_post(client: Client, game: Game, name: str, **data: Any) -> Any:
    game.refresh_from_db()
    return post(client, f"/rumasta/g/{game.id}/{name}/", {"version": game.version, **data}, **HX)


def test_rumasta_walked_at_its_table_refuses_a_wrong_proof_and_ends_done(client: Client) -> None:
    client.get("/")
    game = start(client, "rumasta")
    assert "Step 1 of 4: Drawing." in text(client.get(f"/rumasta/g/{game.id}/"))
    assert rm_post(client, game, "draw").status_code == 200
    game.refresh_from_db()
    assert engine_for("rumasta").from_json(game.state).red3s[0], "the red 3 laid at once"
    page = text(client.get(f"/rumasta/g/{game.id}/"))
    assert "Step 2 of 4: A red 3 and a meld." in page
    assert rm_post(client, game, "meld", cards=_rm_ids(game, "AS", "AH", "AC")).status_code == 200
    assert rm_post(client, game, "discard", pile=0, cards=_rm_ids(game, "2C")).status_code == 200
    assert rm_post(client, game, "discard", pile=1, cards=_rm_ids(game, "9D")).status_code == 200
    game.refresh_from_db()
    assert game.version == 5, "Marta drew and discarded, by the script"
    assert "Step 4 of 4: Taking a pile with its proof." in text(
        client.get(f"/rumasta/g/{game.id}/")
    )
    before = snapshot(game)
    assert rm_post(client, game, "take", pile=0).status_code == 200
    wrong = rm_post(
        client, game, "prove", pile=0, cards=_rm_ids(game, "8S", "KD"), **{"meld-0": "new"}
    )
    assert wrong.status_code == 422 and "A frozen pile needs its proof" in text(wrong)
    assert snapshot(game) == before, "the take and its proof step taken back"
    assert rm_post(client, game, "take", pile=0).status_code == 200
    right = rm_post(
        client, game, "prove", pile=0, cards=_rm_ids(game, "8S", "8C"), **{"meld-0": "new"}
    )
    assert right.status_code == 200, text(right)[:800]
    game.refresh_from_db()
    assert game.version == TUTORIALS["rumasta"].end
    assert game.status == GameStatus.ABANDONED
    assert "Guided game complete." in text(client.get(f"/rumasta/g/{game.id}/"))
    assert Progress.objects.get(kind="rumasta").status == Status.DONE
    assert not GameRecord.objects.exists()


# --- in Romanian ---------------------------------------------------------------------------

RO_READER = {"HTTP_ACCEPT_LANGUAGE": "ro"}


def test_in_romanian_every_line_and_explanation_is_romanian(client: Client) -> None:
    client.get("/", **RO_READER)
    offer = text(client.get("/tile-rummy/new/", **RO_READER))
    assert "Joci Tile Rummy pentru prima dată?" in offer
    assert "Joacă o primă partidă ghidată" in offer
    game = start(client)
    page = text(client.get(f"/tile-rummy/g/{game.id}/", **RO_READER))
    assert "Pasul 1 din 5: Un grup de 30." in page
    assert "„+ Formație nouă”" in page and "Sari peste partida ghidată" in page
    drew = post(client, f"/tile-rummy/g/{game.id}/draw/", {"version": 0}, **HX, **RO_READER)
    assert drew.status_code == 422
    assert "Nu acum: dacă tragi o piesă, tura ta se încheie" in text(drew)
    for kind, prefix, words in (
        ("rumbaroo", "rumbaroo", "Pasul 1 din 6: Potrivirea cu grămada."),
        ("romanian_tile_rummy", "romanian", "Pasul 1 din 8: Întrebarea despre dublă."),
        ("rumasta", "rumasta", "Pasul 1 din 4: Trasul."),
    ):
        other = start(client, kind)
        assert words in text(client.get(f"/{prefix}/g/{other.id}/", **RO_READER)), kind
    stats = text(client.get("/me/stats/", **RO_READER))
    assert "Partide ghidate" in stats and "(în desfășurare)" in stats
    intro = text(client.get("/learn/romanian_tile_rummy/", **RO_READER))
    assert "Prima partidă ghidată: Remi pe tablă" in intro
