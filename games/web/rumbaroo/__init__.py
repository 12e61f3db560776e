"""Rumbaroo's pages: setup, the table with its prompts and log, How to play."""
