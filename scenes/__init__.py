"""Pygame scenes: window, menus and one table scene per game."""
