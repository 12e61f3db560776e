"""Tile Rummy puzzles with exact answers: a bank built by the solver, a rating, a streak, a daily.

The bank (``data/bank.json``) is made and checked by ``research/puzzles`` (the
exact search, then an independent integer program); this app only loads it,
and never imports that code (an import-linter contract says so).
"""
