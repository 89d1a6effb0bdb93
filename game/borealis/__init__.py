"""Borealis: Arctic Expeditions: the complete rules, pure and deterministic (``rules.RULES``)."""
