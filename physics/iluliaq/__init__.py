"""Iluliaq's physics: a throw (or the dodo's placement) simulated with pymunk on a top-down table of
layered cards until everything rests. ``physics.resolvers`` finds ``resolver.resolve`` by game id.

The modules: ``flight`` (where a thrown card touches down), ``geometry`` (card rectangles on plain
poses: overlaps, bears, the final support check), ``world`` (the pymunk space built from poses),
``heights`` (the layer each card lies at as cards move), ``ghosts`` (cards lying across the edge of a
card of their own layer), ``settle`` (stepping to rest), ``resolver`` (the resolver itself),
``tables`` (a view and a crowded iceberg for tests and the bench) and ``bench`` (throw timings)."""
