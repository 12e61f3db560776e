"""``python -m bench.drawbench``: what drawing a move's boards costs the process that commits it."""
