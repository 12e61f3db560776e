"""Benchmarks, load tools and their command-line entry points (``python -m bench.<tool>``).

The site never imports this package (an import-linter contract says so) and production
does not need it: it imports the site, never the reverse. The tools that drop a database
or empty Redis databases refuse to run unless told exactly which (``bench.wipe``).
"""
