"""``python -m bench.matchbench``: simulated players pressing Play someone now against a server.

Benchmark code only: the site never imports this package.
"""
