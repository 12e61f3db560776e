"""The puzzle pages in Romanian (issue 36): the index, a puzzle of each game with its board,
its refusals and its result, a streak, the themes and the leaderboard read in Romanian, and
Romanian Tile Rummy's own words (its rack is the "tablă")."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from puzzles.models import Puzzle
from tests.api.visible_text import visible_text
from tests.puzzles.conftest import confirm, lay_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def romanian(guest: Client) -> Client:
    guest.defaults["HTTP_ACCEPT_LANGUAGE"] = "ro"
    return guest


def text_of(client: Client, url: str) -> str:
    response = client.get(url, follow=True)
    assert response.status_code == 200, url
    return visible_text(response.content.decode())


def first_of(puzzles: list[Puzzle], game: str) -> Puzzle:
    return next(p for p in puzzles if p.game == game)


def test_the_index_themes_and_leaderboard_read_in_romanian(romanian: Client, puzzles: Any) -> None:
    index = text_of(romanian, "/puzzles/")
    for words in ("Problema zilei", "Rezolvă problema de azi", "Serie de probleme", "Teme"):
        assert words in index, words
    for english in ("Daily puzzle", "Solve today's puzzle", "Rated puzzles"):
        assert english not in index, english
    themes = text_of(romanian, "/puzzles/themes/")
    assert "Teme de probleme" in themes and "Rearanjarea mesei" in themes
    assert "Rearranging the table" not in themes
    theme = text_of(romanian, "/puzzles/themes/jolys/")
    assert "Jolyuri în etalări" in theme and "Exersează tema aceasta" in theme
    board = text_of(romanian, "/puzzles/leaderboard/")
    assert "Clasamentul problemelor" in board and "Nicio serie încă." in board


def test_a_tile_rummy_puzzle_its_refusal_and_its_result(romanian: Client, puzzles: Any) -> None:
    puzzle = first_of(puzzles, "tile_rummy")
    page = text_of(romanian, f"/puzzles/{puzzle.id}/")
    for words in ("Confirmă", "Arată răspunsul", "Suport", "Pune piesa aleasă în formația 1"):
        assert words in page, words
    assert "Show the answer" not in page and "Put the picked tile in set 1" not in page
    refused = confirm(romanian, puzzle)  # nothing laid yet
    assert refused.status_code == 400
    assert "Pune cel puțin o piesă de pe suportul tău." in visible_text(refused.content.decode())
    lay_out(romanian, puzzle, puzzle.solution)
    solved = visible_text(confirm(romanian, puzzle).content.decode())
    assert "Rezolvată!" in solved and "Maximul posibil:" in solved
    assert "Solved!" not in solved and "The most possible" not in solved


def test_a_romanian_opening_puzzle_says_tabla(romanian: Client, puzzles: Any) -> None:
    puzzle = first_of(puzzles, "romanian_tile_rummy")
    page = text_of(romanian, f"/puzzles/{puzzle.id}/")
    for words in ("Tabla", "Etalarea ta", "+ Formație nouă", "etalare de cel puțin", "Ai tras"):
        assert words in page, words
    for english in ("Your opening", "New combination", "You have drawn and not opened yet"):
        assert english not in page, english
    given_up = romanian.post(f"/puzzles/{puzzle.id}/answer/", HTTP_HX_REQUEST="true")
    result = visible_text(given_up.content.decode())
    assert "Cea mai bună etalare" in result and "Tabla ta" in result


def test_a_streak_reads_in_romanian(romanian: Client, puzzles: Any) -> None:
    start = text_of(romanian, "/puzzles/streak/")
    assert "Rezolvă probleme una după alta" in start and "Serie nouă" in start
    dealt = romanian.post("/puzzles/streak/new/", follow=True)
    assert "Serie de probleme: o ratare o încheie." in visible_text(dealt.content.decode())
    puzzle_url = dealt.redirect_chain[-1][0]
    romanian.post(f"{puzzle_url}answer/")  # showing the answer ends the streak
    back = text_of(romanian, "/puzzles/streak/")
    assert "Seriile tale recente" in back and "0 probleme rezolvate" in back
    assert "solved" not in back
