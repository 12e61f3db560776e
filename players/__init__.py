"""Players among people: ratings, follows, blocks, challenges and player pages."""
