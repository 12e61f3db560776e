"""The one place that changes tournaments: making, joining, pairing, results, the end.

Split by job (``entering``, ``running``, ``seating``, ``swiss``, ``recording``, shared
``base``); the rest of the site imports only the names below.

Every change takes the tournament's row lock (``_locked``) inside a transaction, so two
requests, a beat tick and a finished game never pair the same player twice or lose a
result: pairing reads who waits, deals the tables and marks the players seated before it
commits. A refusal raises ``TournamentError`` with a message for the page (in the
asker's language) and changes nothing.

- **Tables** are rooms' online tables, made as a room's host would make them
  (``rooms.services``: create, seat, deal; as quick match does), so the clock, the house,
  talk, watching and ratings are the online tables' own. The room's host is cleared once
  the table is dealt (no rematch in a tournament's room); its Game over leads back here
  (``tournaments.links``).
- **Arena**: players on the page (``PRESENT_SECONDS``; a tournament table's Game over
  counts, as it follows the event), not paused, not at a table, are seated by
  ``arena_pairing.pair_arena`` as soon as a table's worth wait: at the start, whenever a
  page polls (``tick``), whenever a game ends, and on every beat. A finished game's seats
  score by ``scoring``, and the entries' points, streaks and counts change in the
  transaction that ended the game.
- **Swiss**: every round starts at once (``start_round``); those not on the page (or
  paused) at its start get a bye of 0, and a second such miss withdraws them.
- **The end**: an Arena stops pairing at its end; its tables still playing count if they
  end within the grace; the standings freeze when the last counting table ends (or the
  grace runs out): final ranks, the podium.
- **Fair play**: leaving a running game scores it last (``results``); three games left
  (or lost to the clock, the house holding the seat at the end) withdraw the player;
  suspended players can't join and are withdrawn.
"""

from tournaments.services.base import (
    CODE_LENGTH,
    CREATE_PER_DAY,
    DURATIONS,
    LATEST_START_DAYS,
    MAX_ABANDONS,
    MAX_ABSENCES,
    NEWCOMER_RATING,
    PRESENT_SECONDS,
    ROUND_BREAK_SECONDS,
    ROUNDS,
    SEATS,
    TournamentError,
    board_name,
    entry_of,
    is_present,
    live_key,
    present_since,
)
from tournaments.services.entering import (
    Draft,
    cancel,
    check_draft,
    create,
    current_table,
    gone,
    join,
    leave,
    may_join_now,
    may_see,
    pause,
    seen,
)
from tournaments.services.running import game_ended, seat_left, tick
from tournaments.services.seating import REMATCH_WAIT, pair_arena
from tournaments.services.swiss import start_round

__all__ = [
    "CODE_LENGTH", "CREATE_PER_DAY", "DURATIONS", "LATEST_START_DAYS", "MAX_ABANDONS",
    "MAX_ABSENCES", "NEWCOMER_RATING", "PRESENT_SECONDS", "REMATCH_WAIT", "ROUNDS",
    "ROUND_BREAK_SECONDS", "SEATS", "Draft", "TournamentError", "board_name", "cancel",
    "check_draft", "create", "current_table", "entry_of", "game_ended", "gone", "is_present",
    "join", "leave", "live_key", "may_join_now", "may_see", "pair_arena", "pause",
    "present_since", "seat_left", "seen", "start_round", "tick",
]  # fmt: skip
