"""ILAN: Discovering Antarctic Life: its rules, its 108 cards as data and the one interpreter that runs them."""
