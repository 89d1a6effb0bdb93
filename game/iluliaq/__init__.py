"""Iluliaq: King of the Iceberg: the complete rules, pure and deterministic (``rules.RULES``; the
physics that completes a throw lives in physics/iluliaq and is passed in from outside)."""
