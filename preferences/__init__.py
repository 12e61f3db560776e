"""A person's own settings that follow their account to every device (the language first)."""
