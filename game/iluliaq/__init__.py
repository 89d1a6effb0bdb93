"""Iluliaq: King of the Iceberg: the complete rules, pure and deterministic (the physics that
completes a throw lives in physics/iluliaq and is passed in from outside)."""

from game.iluliaq.rules import IluliaqRules

RULES = IluliaqRules()

__all__ = ["RULES", "IluliaqRules"]
