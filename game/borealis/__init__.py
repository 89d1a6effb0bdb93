"""Borealis: Arctic Expeditions: the complete rules, pure and deterministic."""

from game.borealis.rules import BorealisRules

RULES = BorealisRules()

__all__ = ["RULES", "BorealisRules"]
