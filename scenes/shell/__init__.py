"""The shell: the app and its scene stack, and every screen that is not a game's table (menu, setup,
settings, players, rules reader, pause, hand-over, end), with the table scene every game's table
subclasses and the generic table for a game whose own is not built yet."""
