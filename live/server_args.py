"""How a live process is started: uvicorn's websocket settings, in one place for the
cluster (deploy/cluster.py) and the benchmarks (bench/loadbench/stack.py); scripts/run
spells the same flags out.

- ``--ws-per-message-deflate false``: compression would keep a zlib state for each
  direction of every connection (tens of KB each with the websockets library's defaults)
  and compress each board again for every socket it goes to. Boards are 10-30 KB of HTML
  a move, sent plain. (livebench with 5,000 idle sockets measured the live process at
  346 MB with it off and with the sans-io implementation alike: most of a socket's cost
  is elsewhere; see docs/live.md.)
- ``--ws-max-size 65536``: a page only ever sends a short hello; nothing bigger is read.
- ``--ws-ping-interval 20``: a dead peer is noticed within a minute, and the ping keeps
  the balancer's idle timeout from closing a quiet table's socket.
"""

UVICORN_WS_ARGS = (
    "--ws-ping-interval",
    "20",
    "--ws-per-message-deflate",
    "false",
    "--ws-max-size",
    "65536",
    "--no-access-log",
)
