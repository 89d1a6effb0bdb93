"""What the Borealis table lights up each frame over the static layer, from the prompt's targets: the
locations where the card in focus fits (and the track space it would reach), and the pool cards and
deck while a card is to be taken."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import pygame

from game.borealis.data import TRACK_SPACES, boards, card
from game.borealis.state import ACTION, TAKE
from scenes.kit.prompt_bar import lit

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts


PULSE_HZ = 1.2
"""Kids' mode: how often a second the lit targets pulse."""


def pulse(table: TableParts) -> float:
    """The lit targets' strength now: steady, or in kids' mode pulsing between 0.45 and 1."""
    if not table.vstate.kids:
        return 1.0
    return 0.725 + 0.275 * math.sin(2 * math.pi * PULSE_HZ * time.perf_counter())


def draw_lit(table: TableParts, surface: pygame.Surface) -> None:
    if table.geo is None:
        return
    pal = table.pal
    strength = pulse(table)
    width = max(2, table.px(5 if table.vstate.kids else 3))  # a six-year-old's targets: bolder
    for loc in sorted(table.lit_locations()):
        r = table.geo.locs[loc]
        for touched in table.pieces.blit_glow(surface, r, pal.green, width, table.px(10), fade=strength):
            table.mark(touched)
        focus = table.drag.card if table.drag is not None else table.selected
        if focus is not None and table.vstate.phase == ACTION:
            player = table.vstate.players[table.match.to_act]
            space = player.flags[loc]
            if space < TRACK_SPACES and card(focus).vehicle in boards()[player.board].tracks[loc][space]:
                nr = table.track_space(loc, space + 1)
                table.mark(nr, table.px(8))
                pygame.draw.rect(surface, pal.green_hi, nr, max(2, table.px(3)), border_radius=table.px(6))
    if table.my_turn() and table.vstate.phase == TAKE:
        targets = lit(table.rules_prompt())
        rects = [r for cid, r in table.pool_rects.items() if f"card:{cid}" in targets]
        if "deck" in targets:
            rects.append(table.lay.deck_rect)
        for r in rects:
            for touched in table.pieces.blit_glow(surface, r, pal.green, width, table.px(7), fade=strength):
                table.mark(touched)


def draw_hint(table: TableParts, surface: pygame.Surface) -> None:
    """The hint (H): the card, the location, the pool card or the deck, or the button it names."""
    action, targets = table.hinted()
    if action is None:
        return
    rects = []
    for target in sorted(targets):
        kind, _sep, value = target.partition(":")
        if kind == "card" and value.isdigit():
            found = table.hand_rects.get(int(value)) or table.pool_rects.get(int(value))
            if found is not None:
                rects.append(found)
        elif kind == "location" and value.isdigit() and table.geo is not None and int(value) < len(table.geo.locs):
            rects.append(table.geo.locs[int(value)])
        elif target == "deck":
            rects.append(table.lay.deck_rect)
    button = table.bar.shown_for(action.kind)
    if button is not None:
        rects.append(button)
    for touched in table.pieces.hint_glows(surface, rects, table.pal.focus, table.s):
        table.mark(touched)
