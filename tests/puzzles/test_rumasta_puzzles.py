"""Rumasta first-meld puzzles: the judge, the page, the builder's filters, the shipped bank.

The hands here are made by hand from card faces; their optimum is reasoned out beside
each one and found again by both the builder's search and the independent integer
program. The rules' own example (rules/rumasta.md: "a 4 with natural 5/6/7/9 and
Jokers for 8 and 10") is hand ``EXAMPLE``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from playwright.sync_api import expect

from games.engine.rumasta.cards import ids_of_face
from puzzles import rumasta
from puzzles.models import Puzzle
from research.puzzles import rumasta_build, rumasta_check
from research.puzzles.rumasta_greedy import greedy
from research.puzzles.rumasta_position import Position, bare_state
from research.puzzles.rumasta_search import solve

from .conftest import confirm, latest, lay_opening
from .test_puzzle_browser import PHONE, shot

GAME = "rumasta"


def cards(*faces: str) -> list[int]:
    """Card ids for faces; a face named twice gets its next copy (three decks)."""
    seen: Counter[str] = Counter()
    out = []
    for face in faces:
        out.append(ids_of_face(face)[seen[face]])
        seen[face] += 1
    return out


# Five cards that meld with nothing here: a black 3 never melds before going out, and no
# two of the others (nor one of them and a card of the example) share a rank or lie within
# two places in one colour (two naturals and one wild make a run only that close).
JUNK = ("3S", "KC", "6S", "QD", "10S")
OTHER_JUNK = ("3S", "6D", "5C", "10H")  # the same, beside kings and aces
# The rules' example: 4♥ 5♥ 6♥ 7♥ 9♥ and two jokers make a Rumasta of seven (8 and 10 by
# jokers): 4 × 5 + 10 + 2 × 50 = 130. Nothing else melds, and the hand keeps five cards.
EXAMPLE = cards("4H", "5H", "6H", "7H", "9H", "JK", "JK", *JUNK)
RUMASTA = cards("4H", "5H", "6H", "7H", "JK", "9H", "JK")
SHORT = cards("4H", "5H", "6H", "7H", "JK", "JK")  # 6 cards, 120: legal, one card short
GAPPED = cards("4H", "5H", "6H", "9H", "JK")  # 7 and 8 missing, one wild: not a run
# Seven kings close a Canasta (70); with the junk the hand keeps five.
KINGS = cards(*["KH", "KS", "KD", "KC", "KH", "KS", "KD"], "3S", "6S", "QD", "9C", "5H")


def make_puzzle(
    pk: int, hand: list[int], solution: list[list[int]], best: tuple[int, int], minimum: int = 120
) -> Puzzle:
    return Puzzle.objects.create(
        id=pk,
        game=GAME,
        kind="open",
        threshold=minimum,
        table=[],
        rack=hand,
        tiles=best[0],
        value=best[1],
        solution=solution,
        themes=["first-melds", "wild-gaps"],
        hint={"key": "gap", "colour": "red"},
        gain=[1, 10],
        difficulty=1500,
        rating=1500.0,
        source="test",
    )


@pytest.fixture
def example(db: Any) -> Puzzle:
    return make_puzzle(29001, EXAMPLE, [RUMASTA], (7, 130))


@pytest.fixture
def guest(db: Any) -> Client:
    client = Client()
    client.get("/")  # the device cookie
    return client


# --- the optimum, found twice ------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "minimum", "best"),
    [
        (EXAMPLE, 120, (7, 130)),  # the rules' Rumasta with two jokers
        (EXAMPLE, 50, (7, 130)),
        (KINGS, 50, (7, 70)),  # a Canasta of kings
        (KINGS, 90, None),  # nothing reaches 90: no first meld at all
        # two pairs (or two short runs), a joker each: 10 + 10 + 20 + 20 + 50 + 50
        (cards("KH", "KS", "AH", "AS", "JK", "JK", *OTHER_JUNK), 50, (6, 160)),
    ],
)
def test_the_search_and_the_integer_program_agree_on_hand_made_hands(
    hand: list[int], minimum: int, best: tuple[int, int] | None
) -> None:
    found = solve(hand, minimum)
    assert ((found.cards, found.points) if found.cores else None) == best
    assert rumasta_check.reference(hand, minimum) == best


def test_three_cards_always_stay_in_hand() -> None:
    """Eight hearts 4-J and two jokers could all meld (two runs), but three must stay: the
    best keeps three 5-point cards and lays 7♥-J♥ and both jokers: 5 + 4 × 10 + 100."""
    hand = cards("4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "JK", "JK")
    found = solve(hand, 50)
    assert (found.cards, found.points) == (7, 145)
    assert rumasta_check.reference(hand, 50) == (7, 145)


# --- the judge ---------------------------------------------------------------------------


def test_the_judge_accepts_the_rules_example(example: Puzzle) -> None:
    melds, laid, points = rumasta.judge(example, {"melds": [RUMASTA]})
    assert (laid, points) == (7, 130) and melds == [RUMASTA]


@pytest.mark.parametrize(
    ("melds", "reason"),
    [
        ([GAPPED], "gaps that its wild cards cannot fill"),
        ([cards("4H", "5H", "6H")], "must count at least 120 points (this counts 15)"),
        ([cards("4H", "5H")], "at least three cards"),
        ([cards("3S", "KC", "QD")], "Black 3s only meld"),
        ([], "Lay at least one meld first"),
    ],
)
def test_the_judge_refuses_with_the_engines_reason(
    example: Puzzle, melds: list[list[int]], reason: str
) -> None:
    with pytest.raises(rumasta.PuzzleError, match=re.escape(reason)):
        rumasta.judge(example, {"melds": melds})


def test_a_meld_leaving_two_cards_is_refused(db: Any) -> None:
    hand = cards("AH", "AS", "AD", "AC", "3S", "5H")
    puzzle = make_puzzle(29002, hand, [hand[:3]], (3, 60), minimum=50)
    with pytest.raises(rumasta.PuzzleError, match="last two cards is going out"):
        rumasta.judge(puzzle, {"melds": [hand[:4]]})
    assert rumasta.judge(puzzle, {"melds": [hand[:3]]})[1:] == (3, 60)


# --- the page -----------------------------------------------------------------------------


def test_the_best_meld_solves_and_a_shorter_one_misses(guest: Client, example: Puzzle) -> None:
    guest.get(f"/puzzles/{example.id}/")
    lay_opening(guest, example, [SHORT])
    page = confirm(guest, example).content.decode()
    assert latest(example).status == "missed" and latest(example).laid == 6
    assert "Not the most" in page
    # Cards, not tiles: the task and both result lines are worded for a card game.
    assert "You melded 6 cards worth" in page and "The most possible: 7 cards worth 130" in page
    assert "First meld with the most cards" in page and " tiles" not in page
    other = make_puzzle(29003, EXAMPLE, [RUMASTA], (7, 130))
    guest.get(f"/puzzles/{other.id}/")
    lay_opening(guest, other, [RUMASTA])
    confirm(guest, other)
    assert latest(other).status == "solved" and latest(other).laid == 7


def test_an_illegal_meld_is_sent_back_and_changes_nothing(guest: Client, example: Puzzle) -> None:
    guest.get(f"/puzzles/{example.id}/")
    lay_opening(guest, example, [GAPPED])
    response = confirm(guest, example)
    assert response.status_code == 400
    assert "gaps that its wild cards cannot fill" in response.content.decode()
    attempt = latest(example)
    assert attempt.status == "open" and attempt.answer is None


def test_a_card_not_in_the_hand_is_refused(guest: Client, example: Puzzle) -> None:
    guest.get(f"/puzzles/{example.id}/")
    stranger = next(c for c in ids_of_face("AS") if c not in EXAMPLE)
    response = guest.post(
        f"/puzzles/{example.id}/move/", {"tile": stranger, "to": "new"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 400 and "not in your hand" in response.content.decode()
    assert latest(example).draft is None


def test_the_page_keeps_the_answer_and_the_gain_until_the_attempt_ends(
    guest: Client, example: Puzzle
) -> None:
    page = guest.get(f"/puzzles/{example.id}/").content.decode()
    assert 'data-testid="hand"' in page and "first meld of at least 120 points" in page
    assert 'data-testid="best"' not in page and "The most possible" not in page
    assert "worth 130" not in page and 'data-testid="gain"' not in page
    hinted = guest.post(f"/puzzles/{example.id}/hint/", HTTP_HX_REQUEST="true").content.decode()
    assert "A wild can fill a gap inside a red run." in hinted
    assert 'data-testid="best"' not in hinted and "worth 130" not in hinted
    shown = guest.post(f"/puzzles/{example.id}/answer/", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-testid="best"' in shown and "worth 130" in shown


# --- the builder ----------------------------------------------------------------------------


def _position(hand: list[int], minimum: int) -> Position:
    return Position(bare_state(hand, minimum), 0, 0, hand, minimum)


def test_the_builder_refuses_a_hand_the_greedy_solves() -> None:
    """Three kings and three aces: the greedy's sets are the best there is (6 cards, 90)."""
    hand = cards("KH", "KS", "KD", "AH", "AS", "AD", *OTHER_JUNK)
    assert greedy(hand, 50)[:2] == (6, 90) == rumasta_check.reference(hand, 50)
    stats: Counter[str] = Counter()
    assert rumasta_build.examine(_position(hand, 50), stats) is None
    assert stats["medium_or_greedy_solves"] == 1


def test_the_builder_keeps_the_rules_example_the_greedy_misses() -> None:
    """The greedy lays the run 4-7 and both jokers (6 cards); the best bridges a gap to the 9."""
    assert greedy(EXAMPLE, 120)[:2] == (6, 120)
    puzzle = rumasta_build.examine(_position(EXAMPLE, 120), Counter())
    assert puzzle is not None
    assert (puzzle["tiles"], puzzle["value"], puzzle["gain"]) == (7, 130, [1, 10])
    # seven cards in sequence close a Rumasta: that is the main theme, and the hint's nudge
    assert puzzle["themes"] == ["canastas", "first-melds"] and puzzle["hint"] == {"key": "seven"}
    assert rumasta_check.problems_of({**puzzle, "id": 1, "source": "1:1"}) == []


def test_hands_equal_by_faces_are_one_hand() -> None:
    twin = [c + 108 for c in EXAMPLE]  # the same faces from the third deck
    assert set(twin).isdisjoint(EXAMPLE) and max(EXAMPLE) < 54
    assert rumasta_check.faces_key(twin) == rumasta_check.faces_key(EXAMPLE)
    one = {"id": 1, "rack": EXAMPLE, "source": "5:1"}
    problems = rumasta_check.file_problems([one, {**one, "id": 2, "rack": twin}])
    assert problems == [f"2 puzzles hold the hand {rumasta_check.faces_key(EXAMPLE)}"]
    four = [{"id": i, "rack": cards("KH") + [i], "source": "7:1"} for i in range(4)]
    assert rumasta_check.file_problems(four) == ["4 puzzles from game 7"]


# --- the shipped bank (read from the file: no solving here) -------------------------------


def _bank() -> list[dict[str, Any]]:
    return json.loads(rumasta_check.DEFAULT_OUT.read_text())["puzzles"]


def test_the_shipped_bank_is_big_new_and_varied() -> None:
    bank = _bank()
    assert len(bank) >= 300
    assert [p["id"] for p in bank] == list(range(20001, 20001 + len(bank)))
    assert rumasta_check.file_problems(bank) == []
    assert {p["threshold"] for p in bank} == {50, 90, 120}
    themes = Counter(t for p in bank for t in p["themes"] if t != "first-melds")
    assert all(p["themes"][0] == "first-melds" or "first-melds" in p["themes"] for p in bank)
    assert max(themes.values()) <= 0.4 * len(bank), themes
    assert all(p["gain"] > [0, 0] for p in bank)
    assert all(rumasta.hint_text(p["hint"]) for p in bank)
    assert set(themes) <= set(rumasta.THEMES)


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    var = sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)
    return cov / var**0.5


def test_the_first_rating_rises_with_the_search_the_answer_hides_behind() -> None:
    """``find``: collections the exact search visits before it first holds the optimum (the
    formula never reads it). A step-limited search solves fewer puzzles as the rating rises."""
    bank = _bank()
    rho = spearman([p["difficulty"] for p in bank], [p["measures"]["find"] for p in bank])
    assert rho >= 0.5, rho


# --- manage.py build_puzzles --game rumasta ---------------------------------------------


def test_the_command_rebuilds_the_shipped_bank_from_its_seed(tmp_path: Path) -> None:
    out = tmp_path / "bank.json"
    call_command("build_puzzles", game="rumasta", count=3, out=out, no_load=True)
    assert json.loads(out.read_text())["puzzles"] == _bank()[:3]


def test_a_wrong_optimum_fails_the_check(tmp_path: Path) -> None:
    puzzles = _bank()[:2]
    puzzles[1]["value"] += 5  # points the stored answer does not lay, nor the program find
    out = tmp_path / "bad.json"
    out.write_text(json.dumps({"meta": {}, "puzzles": puzzles}))
    with pytest.raises(CommandError, match="rumasta_check failed"):
        call_command("build_puzzles", game="rumasta", out=out, check_only=True, no_load=True)


# --- in Debian's Chromium on a 360 px phone (``-m browser``, PostgreSQL) ------------------


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_rules_example_by_taps_and_keys_on_a_phone(live_server: Any, page: Any) -> None:
    """Tap a card, then "+ New meld" (or N on the keyboard), then the others into that meld
    with its "+": the tally follows, Confirm solves it, and nothing scrolls sideways."""
    puzzle = make_puzzle(29004, EXAMPLE, [RUMASTA], (7, 130))
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/puzzles/{puzzle.id}/")
    expect(page.get_by_test_id("game")).to_contain_text("Rumasta")
    board = page.locator("#board")
    shot(page, "rumasta-open")
    first, *rest = RUMASTA
    board.locator(f'input.tile-pick[value="{first}"]').focus()
    page.keyboard.press("Space")
    with page.expect_response(lambda r: r.url.endswith("/move/")):
        page.keyboard.press("n")
    meld = board.locator('[data-testid="new-meld"]')
    expect(meld.locator(f'label[data-card="{first}"]')).to_have_count(1)
    for card_id in rest:
        board.locator(f'#rack label[data-card="{card_id}"]').click()
        with page.expect_response(lambda r: r.url.endswith("/move/")):
            meld.locator("button.drop").click()
        expect(meld.locator(f'label[data-card="{card_id}"]')).to_have_count(1)
    expect(board.get_by_test_id("tally")).to_contain_text("130 of 120 points")
    expect(page.get_by_test_id("announcer")).to_contain_text("130 of 120 points")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "rumasta-laid")
    board.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("result")).to_have_attribute("data-result", "solved")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "rumasta-solved")
