"""Puzzles with exact answers: banks built by the solvers, a rating, a streak, a daily.

Each game's bank (named in its catalogue entry) is made and checked by ``research/puzzles`` (the
exact search, then an independent integer program); this app only loads it,
and never imports that code (an import-linter contract says so).
"""
