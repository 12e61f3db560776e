"""Post-game reviews: each of a player's turns in a finished round against the best they had."""
