"""A game being played, without pygame: the match (seats, record, log) and its persistence (autosave,
profiles, settings, through scenes/storage). tests/test_import_graph.py keeps it free of pygame."""
