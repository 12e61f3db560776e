"""Admin registrations for leaderboards (none yet)."""
