"""Ice Flow: the complete rules, pure and deterministic, on the strait of a Tiled map (``rules.RULES``)."""
