"""ILAN's card abilities: the notation's values, its parser and the interpreter that runs them."""
