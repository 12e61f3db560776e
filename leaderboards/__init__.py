"""Leaderboards: daily challenge, streaks, leaderboards, reports of names."""
