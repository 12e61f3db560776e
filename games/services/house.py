"""The house: a computer at the table's level that plays a person's seat while they are
away (three timeouts in a row) or for good (they left, or were suspended)."""

from __future__ import annotations

from games import online as online_rules
from games.models import Game, Seat
from games.services.rows import _seat_at

HOUSE_AFTER_MISSES = 3

SeatChange = tuple[Seat, list[str]] | None  # a seat row changed in memory, and its fields


def _count_missed_turn(game: Game, seat: int, timeout: bool, lapse: bool = True) -> SeatChange:
    """A person's own move resets their run of timeouts; the third lapse in a row calls the
    house. A timeout that is not a new lapse (``lapse`` False) leaves the count as it is.

    Changes the loaded row only; the move saves it (``_save_seat``) once it holds the
    game's row lock, so every path locks the game before the seat.
    """
    row = _seat_at(game, seat)
    if row is None or row.automated or not game.online or (timeout and not lapse):
        return None
    misses = row.missed_turns + 1 if timeout else 0
    if misses == row.missed_turns:
        return None
    row.missed_turns = misses
    fields = ["missed_turns"]
    if misses >= HOUSE_AFTER_MISSES:
        _hand_to_house(game, row, "timeouts")
        fields += ["house_level", "house_reason", "house_played"]
    return row, fields


def _save_seat(change: SeatChange) -> None:
    if change is not None:
        row, fields = change
        row.save(update_fields=fields)


def _hand_to_house(game: Game, row: Seat, reason: str) -> None:
    row.house_level = online_rules.house_level(game)
    row.house_reason = reason
    row.house_played = True
