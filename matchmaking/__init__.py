"""Finding an opponent now (quick match) and watching tables live.

- ``models``: the waiting queue (one row per player, so nobody can wait, or be
  seated by a match, twice) and who is watching which table.
- ``pairing``: who may be paired with whom (pure: ratings, the widening window, blocks).
- ``queue``: the one place that pairs players and seats them, through ``rooms.services``.
- ``presets``, ``ratings``: the few one-tap choices per game; a player's rating (via players).
- ``watching``: who may watch a table, the spectator's board, watcher counts, the Watch list.
- ``views``/``urls``: the quick-match pages and the spectator pages (htmx polls).
- The quick-match benchmark is ``bench.matchbench`` (``python -m bench.matchbench``, not CI).
"""
