"""Signals games sends so other apps can react without games importing them.

accounts listens to record results, streaks and saves; games never imports
accounts. Every signal is sent with ``sender=Game`` and the game instance.

- ``game_finished(game, winners)``: sent inside the transaction of the move that
  ended the game, so a result is recorded exactly when the status changes.
- ``game_abandoned(game, seat)``: the player in ``seat`` gave the game up
  (``seat`` None: ended by staff or a maintenance job; every person in it loses).
- ``game_saved(game, seat)``: the player pressed "Save and exit"; every move is
  already saved, but this marks the game as their newest save.
- ``move_applied(game)``: a move was written at an online table (inside its
  transaction; ``game.version`` is the new version). notifications listens to
  tell the seats now to act, once the move commits.
- ``review_ready(game, seat_index, round_no, data)``: a seat's review of a finished
  round was worked out and kept (``data``: the game's own review, from that seat's
  view). puzzles listens to turn its misplayed turns into that player's own puzzles.
"""

from __future__ import annotations

from django.dispatch import Signal

game_finished = Signal()
game_abandoned = Signal()
game_saved = Signal()
move_applied = Signal()
review_ready = Signal()
