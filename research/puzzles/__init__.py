"""The puzzle bank's generator and its independent check (HiGHS), apart from the ``puzzles`` app.

The app ships only the data file the generator writes (``puzzles/data/bank.json``);
an import-linter contract keeps the app from importing anything here.
"""
