"""Romanian Tile Rummy's pages: setup, the table and its draft, How to play."""
