"""Research code the site never runs (puzzle generation, its checks); apps never import it."""
