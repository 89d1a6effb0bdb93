"""The conformance suite every game runs, in every player count, variant and kids' mode.

A ``Case`` is (game, options, seed). ``play(case)`` plays one seeded random game to its end through
the action space (``game.space(state).sample(rng)``; a continuous space is never listed, and an
intent is completed by the game's resolver from ``physics.resolvers``), checking every step on the
way: no dead end, no duplicate actions, ``apply`` never mutates its input, components conserved,
the stack sane. The playout is kept (one per case), and each ``check_*`` then examines its states:

- ``check_end``: the result is final, with winners and a breakdown that adds up; live results too,
  from the state and from every seat's view (a table shows the score its seat may see).
- ``check_flags``: GameInfo says the truth (no RNG use without ``chance``, equal views without
  ``hidden``, no resolver without ``physics``); action kinds are unique.
- ``check_round_trips``: JSON, ``clone`` (equal to a JSON round trip, and independent of the
  original), positions (``from_position(to_position(s))``; the RNG aside when the game sets
  ``positions_carry_rng = False``).
- ``check_views``: the acting seat's view offers the same legal space; for every seat,
  ``view(resample(view, seat, rng), seat) == view``, resampled states are full states (same
  components, same seat to act), and the easy and normal bots decide the same from either state.
- ``check_leaks``: a step without a barrier teaches its seat nothing: replayed on states resampled
  from that seat's view before the step, it gives the seat the same view and events after it. What a
  step reveals to some seats only leaves every other seat the same frames' data in states resampled
  from its view (the cards a peek shows are a stage's ``private`` keys), and those keys are HIDDEN to
  every seat but the frame's, whose views do not change with them.
- ``check_log_privacy``: a log line a seat may read (``log_audience``) tells it nothing its view
  does not: two legal actions whose lines differ must leave that seat different views.
- ``check_prompts``: every seat's prompt (waiting for the others), every Msg renders with
  ``player`` (a kids' picture is a known one, its words a few); the choices and buttons are legal
  and every listed legal action is offered;
  ``describe`` and ``targets`` work for every listed action (sampled ones in a continuous space)
  and for every step taken; events filter per seat.
- ``check_undo``: through a ``History``, ``can_undo`` agrees with the barrier and the seat change,
  an undo gives back the state before, and a barrier is set whenever the events reveal or the
  RNG moved.
- ``check_replay``: the record, through JSON, replays to the same states, with the resolver made to
  raise (replay never runs physics).
- ``check_illegal``: actions legal elsewhere, out-of-bounds parameters, bare intents, foreign
  objects and moves after the end are refused with a sentence.
- ``check_bots``: every level chooses legal actions, at every kind of decision.

Any failure writes the record of the game so far to ``tests/.failures/<game>-<case>-<seed>.json``
(``FAILURES``) and names it in the message: ``polar-table replay FILE`` opens it (a toy game's with
``--rules <its module>``). Budgets (``STATES``, ``SAMPLES``...) keep long games fast: the expensive
checks look at a spread of states, not at all of them. What each game plays in `make test` (seeds,
short games: ``Case.actions``) is set in tests/conformance_budget.py.

The suite lives in three modules, and this one names them all (``from tests.conformance import ...``
and ``conformance.check_*`` work as they always have): tests/conformance_playout.py (cases, the
playout, failure records, the helpers the checks share), tests/conformance_rules.py (result,
flags, round trips, undo, replay, illegal actions, bots) and tests/conformance_views.py (views,
leaks, private reveals and frames, log privacy, prompts). Failure records go to
``conformance_playout.FAILURES``.
"""

from __future__ import annotations

from tests.conformance_playout import (
    CONTINUOUS_SAMPLES,
    DESCRIBE,
    FAILURES,
    LEAK_STEPS,
    MAX_ACTIONS,
    SAMPLES,
    STATES,
    Case,
    Playout,
    case_label,
    cases,
    check_stack,
    complete,
    dumps,
    picks,
    play,
    record_of,
    recorded,
    render,
    replay_hint,
    resolver_of,
    sampled,
    signature,
    spread,
    stack_of,
    write_failure,
)
from tests.conformance_rules import (
    check_bots,
    check_end,
    check_flags,
    check_illegal,
    check_replay,
    check_result,
    check_round_trips,
    check_undo,
    out_of_bounds,
    physics_off,
    refused,
    scramble,
)
from tests.conformance_views import (
    check_leaks,
    check_log_privacy,
    check_own_prompt,
    check_private_frames,
    check_private_reveals,
    check_prompts,
    check_step_words,
    check_views,
    frames_data,
)

__all__ = [
    "FAILURES", "MAX_ACTIONS", "STATES", "LEAK_STEPS", "SAMPLES", "DESCRIBE", "CONTINUOUS_SAMPLES", "Case",
    "case_label", "cases", "Playout", "record_of", "write_failure", "replay_hint", "recorded", "resolver_of",
    "complete", "dumps", "play", "check_stack", "spread", "picks", "render", "stack_of", "signature", "sampled",
    "check_end", "check_result", "check_flags", "check_round_trips", "scramble", "check_undo", "physics_off",
    "check_replay", "refused", "out_of_bounds", "check_illegal", "check_bots", "check_views", "check_leaks",
    "frames_data", "check_private_reveals", "check_private_frames", "check_log_privacy", "check_prompts",
    "check_own_prompt", "check_step_words",
]
