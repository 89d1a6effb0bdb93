"""The table kit: what every scene and table is drawn with, for any game (type and colours, SVG art,
tweens, toasts, tooltips and the log panel, composed layers, damage rectangles). It imports neither
the shell nor a game (tests/test_import_graph.py)."""
