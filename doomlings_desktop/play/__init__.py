"""Playing a game, without pygame: seats, the match (game + bots + autosave + undo + privacy)."""
