"""Saved house rules: a player's named setups per game, started again with one tap."""
