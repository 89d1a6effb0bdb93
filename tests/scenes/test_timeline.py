"""The kit's one animation timeline (scenes/kit/timeline.py) and its two kinds: a piece the
Animator moves from a step's events (sampled as its progress) and Iluliaq's physics playback of a
throw (sampled as the cards' poses); the shell's hold ends with the last of them."""

from __future__ import annotations

import pygame

from game.core.bots import decide
from physics import resolvers
from scenes.iluliaq import playback
from scenes.kit.animator import Anim, Animator
from scenes.kit.timeline import Timeline, last_end


def kinds_of_timeline(timeline: Timeline, start: float, end: float) -> None:
    assert (timeline.start, timeline.end) == (start, end)
    assert not timeline.done(start) and not timeline.done(end - 1e-6) and timeline.done(end)


def test_a_piece_in_motion_is_a_timeline_sampled_as_its_progress():
    a = Anim("fly", pygame.Rect(0, 0, 10, 10), pygame.Rect(100, 0, 10, 10), 5.0, 0.5)
    kinds_of_timeline(a, 5.0, 5.5)
    assert a.sample(4.9) == -1.0, "a piece waiting to set off is not under way"
    assert a.sample(5.25) == 0.5 and a.sample(9.0) == 1.0
    animator = Animator()
    assert animator.until() is None
    animator.add(a)
    animator.add(Anim("fly", a.source, a.target, 5.2, 0.5))
    assert animator.until() == last_end(animator.anims) == 5.7


def test_a_throws_playback_is_a_timeline_sampled_as_the_cards_poses():
    from tests.scenes.test_iluliaq_table import make_table

    app, table = make_table(players=2, humans=0)
    try:
        match = table.match
        assert table.submit(decide(match.game, match.state, "easy", 1, resolver=resolvers.resolver_for("iluliaq")),
                            by_bot=True)
        played = table.playback()
        assert played is not None
        kinds_of_timeline(played, table.plan_started, table.plan_started + table.plan.duration)
        middle = played.start + table.plan.duration / 2
        assert played.sample(middle) == playback.sample(table.plan, middle - played.start)
        assert table.plays_until() > played.end, "the shell's hold ends after the throw has rested a moment"
    finally:
        app.bots.shutdown()
