"""Where a player's files live and how they are read and written: saves (and their index), settings,
statistics, the data folder's lock, and the one hostile-input JSON reader they share. No pygame;
beside `play` in the layers (play and ui use it; it uses rules)."""
