"""Computer players: pure Python, they see only view(state, seat)."""
