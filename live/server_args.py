"""How a live process is started: uvicorn's websocket settings, in one place for the
cluster (deploy/cluster.py) and the benchmarks (bench/loadbench/stack.py); scripts/run
spells the same flags out.

- ``--ws-per-message-deflate false``: compression keeps a zlib state for each direction
  of every connection, about 300 KB a socket (livebench measured 222 MB for 745 idle
  sockets with it), and compresses each board again for every socket it goes to. Boards
  are 10-30 KB of HTML a move: sent plain, 5,000 open pages fit in well under 200 MB.
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
