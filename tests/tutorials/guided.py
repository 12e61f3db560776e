"""What every guided first game's browser test does at its table, written once.

Each game's test (``tests/tutorials/test_*_browser.py``) says how its table reads in one
:class:`GuidedTable` (how many steps, where the player's own pieces are, how a piece's
test id starts, what a group on the table is called) and plays its steps with its
methods: a step's line shown and read out, a piece picked by keyboard (Space) or by a
tap, a new group laid by keyboard (N, then each piece's "+" button) or by taps, and the
guided game's end. The tables are at 360 px, a phone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import expect

from tests.browser_checks import violations
from tests.browser_games import shot
from tutorials.models import Progress, Status

PHONE = {"width": 360, "height": 740}
# No request of the board's in flight, nothing swapping or settling (table.js puts the focus
# back once the board has settled: a key pressed before then would go astray).
SETTLED = (
    "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
)
DONE = "Guided game complete."


def settled(page: Any) -> None:
    page.wait_for_function(SETTLED)
    page.wait_for_timeout(60)  # htmx's settle delay (20 ms) and table.js's focus after it


def from_the_offer(page: Any, base: str, prefix: str, name: str) -> None:
    """At 360 px, the game's setup page offers a guided first game; taken, at its table."""
    page.set_viewport_size(PHONE)
    page.goto(f"{base}/{prefix}/new/")
    expect(page.get_by_test_id("tutorial-offer")).to_contain_text(f"New to {name}?")
    page.get_by_role("button", name="Play a guided first game").click()
    page.wait_for_url(f"**/{prefix}/g/*/")


@dataclass(frozen=True)
class GuidedTable:
    """How one game's table reads to its guided game's test."""

    steps: int  # how many steps the guided game has
    hand: str = "rack"  # the test id of the player's own pieces
    piece: str = "tile"  # a piece's test id before its face: tile-R10, hand-AS
    twins: bool = False  # a face may stand twice in the hand: the first is meant
    group: str = "set"  # the test id of a group laid this turn
    group_name: str = "set"  # as its buttons name it: "+ New set", "… in set 2"
    laid_on_table: bool = True  # a piece put in a group shows on the table (else in the group)
    settle_after_step: bool = True  # wait for the board to settle once a step is shown

    def step_shown(self, page: Any, number: int, title: str) -> None:
        """The step's line on the table and in the live region (with the status)."""
        words = f"Step {number} of {self.steps}: {title}."
        expect(page.get_by_test_id("guide-step")).to_have_text(words, timeout=20_000)
        expect(page.get_by_test_id("announcer")).to_contain_text(words)
        if self.settle_after_step:
            settled(page)

    def find(self, page: Any, face: str, where: str = "") -> Any:
        """The piece ``face`` in the player's hand (or in ``where``, a test id)."""
        found = page.get_by_test_id(where or self.hand).get_by_test_id(f"{self.piece}-{face}")
        return found.first if self.twins else found

    def key_pick(self, page: Any, face: str, where: str = "") -> None:
        """Pick a piece by keyboard: focus it (Tab and the arrows would) and press Space."""
        radio = self.find(page, face, where).locator("input")
        radio.focus()
        page.keyboard.press("Space")
        expect(radio).to_be_checked()

    def tap_pick(self, page: Any, face: str) -> None:
        piece = self.find(page, face)
        piece.click()
        expect(piece.locator("input")).to_be_checked()

    def key_to_new_group(self, page: Any, face: str, number: int) -> None:
        """N ("+ New set  N"): the picked piece starts group ``number``."""
        groups = page.get_by_test_id(self.group)
        page.keyboard.press("n")
        expect(groups).to_have_count(number)  # the form came back
        expect(groups.nth(number - 1).get_by_test_id(f"{self.piece}-{face}")).to_be_visible()
        settled(page)

    def key_to_group(self, page: Any, face: str, number: int) -> None:
        """The group's + button (out of sight on a phone until it has the focus), then Enter."""
        name = f"Put the picked tile in {self.group_name} {number}"
        page.get_by_role("button", name=name).focus()
        page.keyboard.press("Enter")
        self.laid(page, face, number)

    def key_lay(self, page: Any, faces: list[str], number: int) -> None:
        """A new group (group ``number`` once made) of the player's pieces, by keyboard."""
        self.key_pick(page, faces[0])
        self.key_to_new_group(page, faces[0], number)
        for face in faces[1:]:
            self.key_pick(page, face)
            self.key_to_group(page, face, number)

    def tap_lay(self, page: Any, faces: list[str], number: int) -> None:
        """The same by taps: the piece, then "+ New set" or a piece of the group itself."""
        self.find(page, faces[0]).click()
        page.get_by_role("button", name=f"+ New {self.group_name}").click()
        expect(page.get_by_test_id(self.group)).to_have_count(number)
        settled(page)
        for face in faces[1:]:
            self.find(page, face).click()
            page.get_by_test_id(self.group).nth(number - 1).click()
            self.laid(page, face, number)

    def laid(self, page: Any, face: str, number: int) -> None:
        """The piece shows where it was put (the table, or group ``number``); settled."""
        where = page.get_by_test_id("table")
        if not self.laid_on_table:
            where = page.get_by_test_id(self.group).nth(number - 1)
        expect(where.get_by_test_id(f"{self.piece}-{face}")).to_be_visible()
        settled(page)

    def finish(self, page: Any, name: str) -> list[str]:
        """The last step's end on the table and read out, and again on the page as loaded;
        the guided game is done. Returns what axe finds there."""
        expect(page.get_by_test_id("guide-line")).to_contain_text(DONE)
        expect(page.get_by_test_id("announcer")).to_contain_text(DONE)
        # Read as loaded: after the swap that ends a round, the page's "Skip to your rack" link
        # (outside the board) still points at the rack the round panel replaced, at any table.
        page.reload()
        expect(page.get_by_test_id("guide-line")).to_contain_text(DONE)
        shot(page, f"guided-{name}-done", full_page=True)
        found = violations(page, "the guided game's end at 360 px")
        assert Progress.objects.get().status == Status.DONE
        return found
