"""Pure rules of the Polar Table games: no pygame, no pymunk, no scenes."""
