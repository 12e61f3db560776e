"""Replays: every finished game (and each finished round of one still on) step by step.

- ``timeline``: rebuilds a game from its seed and move log, checks it lands on the
  stored snapshot, and caches the rounds and saved positions (per game and version).
- ``frames``: one step drawn by the game's own table (``games/web/<kind>/replay.py``
  adapts its presenters), with what that viewer may see.
- ``policy``: every rack face up once a game is over, except a daily-challenge
  board until its UTC day is over; when a replay may be shared.
- ``views``/``urls``: ``replays:game`` (a game id: the link My games, Game over and the
  post-game review use), ``replays:shared`` (a share token), ``share``/``unshare``.
- ``share_text``: the daily's spoiler-free result for its Game over panel
  (``{% load replays %}{% replay_links %}``).
- ``python -m bench.replaybench [--game KIND] [--moves 500]``: server time per step and per
  round jump on a stored 500-move game (p50/max ms and SQL statements).
"""
