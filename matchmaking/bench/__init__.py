"""``manage.py matchbench``: simulated players pressing Play someone now against a real server.

Benchmark code only: the site never imports this package.
"""
