"""Rumbaroo's table page as a person works it: the game's page adapter for ``bench.arenabench``.

The Arena benchmark (``python -m bench.arenabench``) is game-neutral: it follows any
game's pages (``bench.arenabench.board``) and asks the game's benchmark module
(``ARENA_PAGES`` in ``bench.benchmarks.rumbaroo``) how to read its table and make a move
with its forms. This is that adapter, :class:`Pages`.

A simulated person sees only the page (the HTML the server sent to their seat): their
hand and pouch (tile ids), the melds on the table, the pile's top tile (its spoken
label), the colour to match, the pool, each player's tile count, whose turn it is and
what the turn offers (a drawn tile, a Croc Snap, the round's panel). From that it
rebuilds the seat's view in the shape the game's computer player reads
(``games.bots.rumbaroo``: the easiest level, a person who plays plainly), and makes the
computer's move with the page's own forms: a discard (and the prompt's answer when the
tile asks for one), a draw, keep, take, next round, or a meld built tile by tile in the
draft (``move/`` with ``to``) then confirmed, with the Rumbaroo! call pressed first when
the move owes it. Nothing is read from the server but pages.

Tile faces come from the tile ids: a box's ids are its faces in a fixed order
(``games.engine.rumbaroo.boxes.box``), the same for every table of the box.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils import translation

from bench.arenabench.board import Click, version_of
from games.engine.rumbaroo.boxes import box
from games.web.rumbaroo.log import tile_label

TILE = re.compile(r'data-tile="(\d+)"')
PLAYER = re.compile(r'<li class="player([^"]*)" data-testid="player-(\d+)">(.*?)</li>', re.S)
COUNT = re.compile(r'class="player-count">▮(\d+)<')
COLOUR = re.compile(r'class="c-(\w)" data-testid="colour"')
POOL = re.compile(r'data-testid="pool-count">(\d+)<')
PILE_TITLE = re.compile(r'data-testid="pile".*?title="([^"]+)"', re.S)
DRAWN = re.compile(r'data-testid="drawn-prompt".*?name="tile" value="(\d+)"', re.S)
PROMPT = re.compile(r'data-testid="prompt" data-choice="(\w+)"')
# What a person who can't make the computer's move presses in each phase (else: deal on).
STUCK = {"play": "draw", "drawn": "keep", "croc": "take"}


class Pages:
    """The adapter ``bench.arenabench`` asks (its ``board.Pages``), for a tournament's
    options: the box (``difficulty``) its tables are dealt with."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.faces = Faces(str(options.get("difficulty", "joey")))

    def read(self, page: str) -> Board | None:
        return read(page, self.faces)

    def view(self, board: Board) -> dict[str, Any]:
        return seat_view(board, self.faces)

    def clicks(self, action: dict[str, Any], board: Board) -> list[Click] | None:
        return clicks(action, board)

    def stuck(self, board: Board) -> Click:
        return Click(STUCK.get(board.phase, "next-round"), {})

    def undo(self, board: Board) -> Click | None:
        """A half-built meld left over (Revert is offered): the turn starts again."""
        return Click("revert", {}) if board.draft else None

    def answer(self, action: dict[str, Any], step: Click, page: str) -> Click | None:
        """A discard that asks a question: the prompt's answer, as the action carries it."""
        prompt = PROMPT.search(page)
        if prompt is None:
            return None
        return Click("discard", {**step.data, **answer(action, prompt.group(1))})


@dataclass
class Board:
    """One seat's table page, as read."""

    version: int
    seat: int
    players: int
    mine: bool  # the page offers this seat something to do
    phase: str  # play, drawn, croc, round_over; "" when it is not this seat's turn
    hand: list[int] = field(default_factory=list)
    pouch: list[int] = field(default_factory=list)
    table: list[list[int]] = field(default_factory=list)
    top: str = ""  # the pile's top face ("G12")
    colour: str = ""
    pool: int = 0
    holding: list[int] = field(default_factory=list)
    hand_counts: list[int] = field(default_factory=list)
    direction: int = 1
    drawn: int | None = None
    draft: bool = False  # a meld half built (Revert is offered)


class Faces:
    """A box's faces by tile id, and its faces by the label the page speaks."""

    def __init__(self, difficulty: str, party: bool = False) -> None:
        self.difficulty, self.party = difficulty, party
        self.faces = box(difficulty, party)
        with translation.override("en"):
            self.by_label = {
                tile_label(self.tile(i)).lower(): f.text for i, f in enumerate(self.faces)
            }

    def tile(self, tile: int) -> dict[str, Any]:
        face = self.faces[tile]
        return {
            "id": tile,
            "face": face.text,
            "colour": face.colour,
            "number": face.number,
            "action": face.action,
            "wild": face.wild,
        }

    def by_face(self, text: str) -> dict[str, Any]:
        for i, face in enumerate(self.faces):
            if face.text == text:
                return {**self.tile(i), "id": -1}  # the page shows the top's face, not its id
        raise KeyError(text)


def _between(page: str, start: str, end: str) -> str:
    at = page.find(start)
    if at < 0:
        return ""
    stop = page.find(end, at + len(start))
    return page[at : stop if stop >= 0 else len(page)]


def read(page: str, faces: Faces) -> Board | None:
    """The seat's table as its page shows it (None for a page that is no table)."""
    version = version_of(page)
    if version is None:
        return None
    over = 'data-testid="event-next"' in page or 'data-testid="back-to-event"' in page
    seats = [(int(m.group(2)), m.group(1), m.group(3)) for m in PLAYER.finditer(page)]
    seat = next((i for i, css, _ in seats if " me" in css), -1)
    counts = [0] * len(seats)
    holding = [0] * len(seats)
    for i, _css, body in seats:
        found = COUNT.search(body)
        counts[i] = int(found.group(1)) if found else 0
        holding[i] = counts[i] + (1 if "pouch-flag" in body else 0)
    drawn = DRAWN.search(page)
    round_panel = 'data-testid="round-panel"' in page
    if over:
        phase = ""
    elif round_panel:
        phase = "round_over" if "/next-round/" in page else ""
    elif drawn:
        phase = "drawn"
    elif 'data-testid="croc-prompt"' in page:
        phase = "croc"
    elif 'class="turn-buttons"' in page:
        phase = "play"
    else:
        phase = ""
    table_part = _between(page, 'data-testid="table"', "</fieldset>")
    melds = [TILE.findall(part) for part in table_part.split('data-testid="meld"')[1:]]
    top = PILE_TITLE.search(page)
    colour = COLOUR.search(page)
    pool = POOL.search(page)
    board = Board(
        version=version,
        seat=seat,
        players=len(seats),
        mine=bool(phase) and "board-frame" not in page,
        phase=phase,
        hand=[
            int(t)
            for t in TILE.findall(_between(page, 'data-testid="hand"', 'data-testid="pouch"'))
        ],
        pouch=[int(t) for t in TILE.findall(_between(page, 'data-testid="pouch"', "</fieldset>"))],
        table=[[int(t) for t in meld] for meld in melds],
        top=faces.by_label.get(html.unescape(top.group(1)).lower(), "") if top else "",
        colour=colour.group(1) if colour else "",
        pool=int(pool.group(1)) if pool else 0,
        holding=holding,
        hand_counts=counts,
        direction=-1 if "play runs backwards" in page else 1,
        drawn=int(drawn.group(1)) if drawn else None,
        draft='/revert/"' in page,
    )
    return board


def seat_view(board: Board, faces: Faces) -> dict[str, Any]:
    """The seat's view in the shape the game's computer player reads, from the page alone."""
    top = faces.by_face(board.top) if board.top else faces.tile(0)
    return {
        "kind": "rumbaroo",
        "seat": board.seat,
        "players": board.players,
        "difficulty": faces.difficulty,
        "party": faces.party,
        "phase": board.phase,
        "to_act": [board.seat] if board.mine else [],
        "direction": board.direction,
        "table": [{"tiles": [faces.tile(t) for t in meld]} for meld in board.table],
        "table_ids": [list(meld) for meld in board.table],
        "pile": [top],
        "top": top,
        "top_by": None,
        "colour": board.colour,
        "pool_count": board.pool,
        "hand_counts": board.hand_counts,
        "holding": board.holding,
        "stash_block": None,
        "hand": [faces.tile(t) for t in board.hand],
        "pouch": [faces.tile(t) for t in board.pouch],
        "drawn": board.drawn,
    }


# --- a move as the page's clicks ---------------------------------------------------------


def clicks(action: dict[str, Any], board: Board) -> list[Click] | None:
    """The page's forms that make ``action``, in order; None when the page can't say it."""
    kind = action.get("type")
    call = [Click("call", {})] if action.get("call") else []
    if kind == "next_round":
        return [Click("next-round", {})]
    if kind in ("draw", "pass", "take"):
        return [*call, Click({"pass": "keep"}.get(kind, kind), {})]
    if kind in ("discard", "snap"):
        return [*call, Click("discard", {"tile": str(action["tile"])})]
    if kind == "meld":
        steps = meld_steps(board, action)
        if steps is None:
            return None
        free = action.get("free")
        confirm = {}
        if free:
            confirm = {"free_target": str(free["target"]), "free_kind": str(free["kind"])}
        return [*call, *steps, Click("confirm", confirm)]
    return None


def answer(action: dict[str, Any], choice: str) -> dict[str, str]:
    """The prompt's answer the action carries (the page asks one question at a time)."""
    value = action.get(choice)
    if choice == "stampede":
        value = "1" if value else ""
    return {"asked": "1", choice: "" if value is None else str(value)}


def meld_steps(board: Board, action: dict[str, Any]) -> list[Click] | None:
    """Tile-by-tile draft moves turning the table on the page into the action's table.

    Each target meld grows from the draft meld it overlaps most (or a new one), tiles
    being moved into it one at a time, as a person drags them; a meld is found again by
    one of its tiles, since emptied melds drop out of the draft.
    """
    if action.get("swaps"):
        return None  # the easiest level never swaps a Wild
    hand = set(board.hand) | set(board.pouch)
    draft = [list(m) for m in board.table]
    steps: list[Click] = []
    used: set[int] = set()  # anchors of the melds already built
    for want in action["table"]:
        wanted = set(want)
        choices = [
            (len(wanted & set(meld)), i)
            for i, meld in enumerate(draft)
            if wanted & set(meld) and not used & set(meld)
        ]
        if choices:
            _, base = max(choices)
            anchor = next(t for t in draft[base] if t in wanted)
        else:
            anchor = want[0]
            steps.append(_move(anchor, "new", board, hand))
            _place(draft, anchor, None)
        used.add(anchor)
        for tile in want:
            index = next(i for i, meld in enumerate(draft) if anchor in meld)
            if tile in draft[index]:
                continue
            steps.append(_move(tile, str(index), board, hand))
            _place(draft, tile, anchor)
    if sorted(sorted(m) for m in draft) != sorted(sorted(m) for m in action["table"]):
        return None
    return steps


def _move(tile: int, to: str, board: Board, hand: set[int]) -> Click:
    picked = "tile" if tile in hand else "table_tile"
    return Click("move", {picked: str(tile), "to": to})


def _place(draft: list[list[int]], tile: int, anchor: int | None) -> None:
    """What the draft does with one move: out of its meld, into the anchor's (or a new one)."""
    for meld in draft:
        if tile in meld:
            meld.remove(tile)
    if anchor is None:
        draft.append([tile])
    else:
        next(meld for meld in draft if anchor in meld).append(tile)
    draft[:] = [m for m in draft if m]
