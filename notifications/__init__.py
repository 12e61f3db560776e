"""Telling players it is their turn (e-mail, Web Push) and the installable app around it."""
