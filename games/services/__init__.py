"""The only door that changes a game.

Every change — a person's move, a computer's move, a draft edit — is one
transaction that locks the game row, checks the version the caller saw, asks
the engine, and writes the snapshot and the move log together. Computer
turns are queued only after the commit, so a worker never sees a move that
was rolled back.

One module per job; this package's names are the door (``services.play``):

- ``moves``: starting a game, a person's move (catching the table up first),
  abandoning, the hint mark; ``writes``: one move's write, which every move ends in;
- ``computers``: the computers' moves; ``turns``: queueing them (a worker, or
  this process's bounded driver); ``windows``: timed windows and holds;
- ``deadlines`` and ``clock``: the online clock's rules and its timeouts;
- ``pauses``, ``seats`` (the house taking and giving back a seat), ``house``,
  ``suspensions``, ``drafts`` (a seat's turn draft);
- ``scripts``: a guided game's script (its steps, its computers' moves, its guide);
- ``replayed``: a move sent again after its answer was lost, answered and not played twice;
- ``rows`` and ``errors``. The task queue they call is an interface,
  ``games.task_queue``, which ``games.tasks`` implements and ``games.apps`` registers.
"""

from __future__ import annotations

from games.access import game_with_seats
from games.services.clock import apply_due_timeouts, postpone_clock
from games.services.computers import run_computer_turn, run_due_computer_turns
from games.services.deadlines import queue_clock
from games.services.drafts import DraftChange, current_draft, update_draft
from games.services.errors import (
    IllegalMove,
    NotAllowed,
    Paused,
    ServiceError,
    StaleVersion,
    TooSoon,
)
from games.services.house import HOUSE_AFTER_MISSES, SeatChange
from games.services.moves import SeatSpec, abandon, create_game, mark_hint_used, play
from games.services.pauses import MAX_PAUSE, close_expired_pauses, pause, resume
from games.services.replayed import already_played, move_made_at
from games.services.rows import load_state
from games.services.scripts import MARK as SCRIPT_MARK
from games.services.scripts import Script, follows_script
from games.services.scripts import guide as script_guide
from games.services.scripts import script as _script
from games.services.seats import GONE, can_leave, leave_seat, take_back
from games.services.suspensions import suspend_player
from games.services.turns import IN_PROCESS_MOVES, queue_computer_turn, resume_computer_turns
from games.services.windows import hold_left
from games.task_queue import TaskQueue
from games.task_queue import register as register_queue

register_script = _script.register  # the tutorials app's, at start

__all__ = [
    "GONE",
    "HOUSE_AFTER_MISSES",
    "IN_PROCESS_MOVES",
    "MAX_PAUSE",
    "DraftChange",
    "IllegalMove",
    "NotAllowed",
    "Paused",
    "SCRIPT_MARK",
    "Script",
    "SeatChange",
    "SeatSpec",
    "ServiceError",
    "StaleVersion",
    "TaskQueue",
    "TooSoon",
    "abandon",
    "already_played",
    "apply_due_timeouts",
    "can_leave",
    "close_expired_pauses",
    "create_game",
    "current_draft",
    "follows_script",
    "game_with_seats",
    "hold_left",
    "leave_seat",
    "load_state",
    "mark_hint_used",
    "move_made_at",
    "pause",
    "play",
    "postpone_clock",
    "queue_clock",
    "queue_computer_turn",
    "register_queue",
    "register_script",
    "resume",
    "resume_computer_turns",
    "run_computer_turn",
    "run_due_computer_turns",
    "script_guide",
    "suspend_player",
    "take_back",
    "update_draft",
]
