"""The games' web side: one package per game (views, presenters, drafts, forms, URLs).

Each package is named in its catalogue entry (``GameEntry.web``). What every
table shares — access, the service door, the table flow, leaving a table —
lives once in ``games/``; the setup and How to play pages every game has, in
``pages.py`` here, so a package declares only what is its own.
"""
