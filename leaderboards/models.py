"""Leaderboard models (none yet)."""
