"""Iluliaq's physics: a throw (or the dodo's placement) simulated with pymunk on a top-down table of
layered cards until everything rests. ``physics.resolvers`` finds ``resolver.resolve`` by game id.

How cards lie on one another (overlaps, layers, what holds a card up, a covered bear) is
``game.iluliaq.lying``'s, shared with the rules. The modules: ``flight`` (where a thrown card touches
down), ``geometry`` (the seal's brush with the iceberg, the final support check), ``world`` (the
pymunk space built from poses), ``heights`` (the layer each card lies at as cards move), ``settle``
(stepping to rest), ``resolver`` (the resolver itself), ``tables`` (a view and a crowded iceberg for
tests and the bench) and ``bench`` (throw timings)."""
