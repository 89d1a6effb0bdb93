"""The Ice Flow table: the Bering Strait from above, Siberia west and Alaska east, the currents running
north and south between them; the floes with their ridged edges raised, what they carry, and the
explorers in their players' colours and shapes; on the right, the prompt and its buttons, the turn's
checklist, each seat's backpack and the bag of floes still to come.

Clicks go through the prompt's targets (``hex:c,r``, ``floe:id``, ``explorer:seat:i``, ``orient:r``,
``item:rope``, ``bag``), never by frame in the table's own words. In a move every place the explorer
can reach lights with its price; hovering one draws the cheapest path and a click walks it, a step
at a time, each step an action of its own. Floes drift, turn and arrive through ``DriftWorld``
(physics/iceflow/drift.py): the rules have already put them where they go; the physics only shows
the way there, and every floe ends exactly at its rules pose.
"""

from __future__ import annotations

import time

import pygame

from game.core.contract import Action
from game.core.events import Changed, Moved
from game.core.i18n import _
from game.iceflow.data import cards, config
from game.iceflow.hazards import evacuee
from game.iceflow.ice import drift_path
from game.iceflow.places import Where, board_of
from game.iceflow.reach import Route, reach
from game.iceflow.state import EVACUATE, MOVE, NEW_FLOE, ORIENT, PICK_UP, SETUP_FLOE, TURN, Floe, IceFlowState, Step
from game.iceflow.turns import budget
from physics.iceflow.drift import DriftWorld
from scenes.iceflow import paint
from scenes.iceflow.layout import Layout, lay_out
from scenes.kit import kids_prompt, style
from scenes.kit.art import blit_svg
from scenes.kit.button_bar import ButtonBar, Spec
from scenes.kit.chooser import ClickThrough
from scenes.kit.hits import Hits
from scenes.kit.prompt_bar import PromptText
from scenes.kit.seat_colours import seat_colour
from scenes.shell.layered import LayeredTable

WALK_STEP = 0.22
"""Seconds an explorer takes for one step of a path walked with one click."""


class IceFlowTable(ClickThrough, LayeredTable):
    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.lay: Layout | None = None
        self.hover: tuple[int, int] | None = None
        self.world: DriftWorld | None = None
        self.moving_until = 0.0
        """When the floes set moving by the last action stop (perf_counter seconds)."""
        self.heading = PromptText(("body", "small"))
        self.walking: list[Step] = []
        """The steps still to take of a path walked with one click."""
        self.walk_at = 0.0
        self.bar: ButtonBar | None = None

    @property
    def vstate(self) -> IceFlowState:
        return self.visible_state  # type: ignore[return-value]

    def deciding(self) -> bool:
        """The viewer decides now: the prompt's choices are theirs to click."""
        return self.human_to_act and self.viewer == self.match.to_act

    # --- layout --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        board = board_of(self.vstate)
        self.lay = lay_out(self.table_rect, self.s, board.cols, board.rows, len(self.match.seats))
        self._sync_world()
        first, middle, last = self.lay.buttons
        places = {"first": first, "middle": middle, "last": last}
        specs = [
            Spec("new_floe", "first", TURN, None, _("Draw a floe from the bag, with an Iceberg card's items on it, "
                                                   "and put it on a free entry point.")),
            Spec("fish", "middle", TURN, None, _("Instead of moving an explorer: 1 rope from your backpack for "
                                                "2 fish.")),
            Spec("end_turn", "last", TURN, "primary", _("End your turn, once the ice has moved."), keep_in_sight=True),
            Spec("stop", "first", MOVE, None, _("End the move where the explorer stands.")),
            Spec("stop", "first", PICK_UP, None, _("Leave the items on the floe.")),
        ]
        self.bar = ButtonBar(self, specs, places)
        for widget, tip in self.bar.tips():
            self.tip(widget.rect, tip)
        self.sync_buttons()

    def sync_buttons(self) -> None:
        """The rules' buttons the viewer may press now (none while someone else decides)."""
        if self.bar is not None:
            self.bar.sync(self.rules_prompt() if self.deciding() else None)
            self.app.dirty = True

    def on_viewer_changed(self) -> None:
        super().on_viewer_changed()
        self.relayout()

    def _sync_world(self) -> None:
        lay = self.lay
        self.world = DriftWorld(lay.hexes.centre, lay.hexes.size)
        for floe in self.vstate.floes:
            self.world.place(floe.id, floe.hex, floe.rotation)

    def on_state_changed(self, action: Action | None) -> None:
        self.sync_buttons()
        if action is None or self.world is None:
            self.walking = []
            if self.world is not None:
                self.world.sync(self._poses())
            return
        self._play_floes()
        if self.walking and not (self.deciding() and self.walking[0] in self.match.legal_actions()):
            self.walking = []
        self.walk_at = time.perf_counter() + WALK_STEP

    def _play_floes(self) -> None:
        """The last action's floes: drifted (off the board too), turned, shown moving from where they were."""
        world = self.world
        events = self.seen_events()
        gone = {int(e.thing[5:]): e.source for e in events
                if isinstance(e, Moved) and e.thing.startswith("floe:") and e.target == "bag"}
        for event in events:
            if not (isinstance(event, Changed) and event.thing.startswith("floe:") and isinstance(event.value, dict)):
                continue
            floe = int(event.thing[5:])
            path = [tuple(h) for h in event.value.get("path", [])]
            if len(path) > 1:
                world.place(floe, path[0], event.value["rotation"])
                off = _off_board(path[-1], board_of(self.vstate)) if floe in gone else None
                world.drift(floe, path[1:], off_board=off)
            elif "turn" in event.value and floe in world:
                turn = event.value["turn"]
                world.place(floe, self._hex_of(floe), (event.value["rotation"] - turn) % 6)
                for _ in range(abs(turn)):
                    world.rotate(floe, 1 if turn > 0 else -1)
        world.settle(self._poses())
        self.moving_until = time.perf_counter() + (1.2 if world.busy() else 0.0)
        for sound in sounds_of(events):
            self.app.sounds.play(sound)

    def _poses(self) -> dict[int, tuple[tuple[int, int], int]]:
        """Each floe of the rules: (its hex, its rotation)."""
        return {f.id: (f.hex, f.rotation) for f in self.vstate.floes}

    def _hex_of(self, floe_id: int) -> tuple[int, int]:
        return next(f.hex for f in self.vstate.floes if f.id == floe_id)

    def plays_until(self) -> float | None:
        """When the floes set moving by the last action will have been seen (kept after it passed,
        so the shell wakes for what waited on it: a bot, the next human's turn)."""
        return self.moving_until or None

    def finish_animations(self) -> None:
        super().finish_animations()
        if self.world is not None:
            self.world.sync(self._poses())

    def animating(self) -> bool:
        return super().animating() or (self.world is not None and self.world.busy()) or bool(self.walking)

    def advance(self, now: float) -> None:
        if self.world is not None and self.world.busy():
            self.world.step(1 / 60)
            if not self.world.busy():
                self.world.sync(self._poses())
        if self.walking and now >= self.walk_at and self.deciding():
            step = self.walking.pop(0)
            self.submit(step)

    # --- still picture -------------------------------------------------------------------------
    def moving_floes(self) -> frozenset[int]:
        world = self.world
        if world is None or not world.busy():
            return frozenset()
        return frozenset(f for f in (fl.id for fl in self.vstate.floes) if world.moving(f))

    def still_key(self) -> tuple:
        lay = self.lay
        return (*super().still_key(), tuple(lay.board) if lay else None, self.moving_floes())

    def paint_still(self) -> None:
        pal, s, lay = self.pal, self.s, self.lay
        self.hits = Hits()
        self.layer.begin(self.table_rect)
        state = self.vstate
        board = board_of(state)
        rect = lay.board
        key = ("strait", board.digest, tuple(rect), round(lay.hexes.size, 3), self.fonts.scale, pal.name)
        self.layer.piece(key, rect, 0, lambda surf, o: paint.paint_strait(surf, lay.hexes, board, self.fonts, s, o),
                         self.hits, [])
        moving = self.moving_floes()
        for floe in state.floes:
            if floe.id in moving:
                continue
            r = lay.hex_rect(floe.hex, 1.0)
            fkey = ("floe", floe.id, floe.hex, floe.rotation, floe.ropes, floe.fish, floe.bears, tuple(r))
            self.layer.piece(fkey, r, 0, lambda surf, o, f=floe: paint.paint_floe(
                surf, lay.hexes, f, _shifted(lay.hexes.centre(f.hex), o)), self.hits, [])
        self._paint_explorers(moving)
        for h in sorted(board.sea | {x for _n, x in (*board.alaska, *board.siberia, *board.islands)}):
            floe = next((f for f in state.floes if f.hex == h), None)
            if floe is not None:
                self.hits.add(lay.hex_rect(h), "floe", floe.id, None, f"floe:{floe.id}")
            self.hits.add(lay.hex_rect(h), "hex", h, None, f"hex:{h[0]},{h[1]}")
        for i in range(len(self.match.seats)):
            self._paint_seat(i)
        bag = lay.bag
        self.layer.piece(("bag", len(state.bag), tuple(bag), pal.name, self.fonts.scale), bag, round(6 * s),
                         lambda surf, o: self._draw_bag(surf, bag.move(o), len(state.bag)), self.hits, [])
        self.hits.add(bag, "bag", None, _("The bag: the floes still to come"), "bag")
        self._choice_hits()
        size = self.app.view_size
        self.layer.compose(style.background(size, pal), (tuple(self.table_rect), size, pal.name))

    def _paint_explorers(self, moving: frozenset[int]) -> None:
        lay, state = self.lay, self.vstate
        where = Where(state)
        r = lay.hexes.size * 0.24
        for loc, who in sorted(where.crowd.items()):
            floe = where.by_id.get(int(loc[5:])) if loc.startswith("floe:") else None
            if floe is not None and floe.id in moving:
                continue
            h = where.hex_of(loc)
            if h is None:
                continue
            spots = paint.explorer_spots(lay.hexes, lay.hexes.centre(h), len(who), 0.05 if floe else 0.12)
            for (seat, i), at in zip(who, spots):
                box = pygame.Rect(0, 0, round(r * 2.4), round(r * 2.4))
                box.center = (round(at[0]), round(at[1]))
                token = seat_colour(self.game.info, self.match.seats[seat].colour)
                self.layer.piece(("explorer", seat, i, tuple(box), round(r, 2)), box, 0,
                                 lambda surf, o, t=token, c=box.center: paint.paint_explorer(
                                     surf, t, _shifted(c, o), r), self.hits, [])
                self.hits.add(box, "explorer", (seat, i), self.match.seats[seat].name, f"explorer:{seat}:{i}")

    def _paint_seat(self, i: int) -> None:
        lay, pal, s, m = self.lay, self.pal, self.s, self.match
        if i >= len(lay.seats):
            return
        cell = lay.seats[i]
        player = self.vstate.players[i]
        siberia = sum(1 for loc in player.explorers if loc.startswith("S") and loc[1:].isdigit())
        items = self.backpack(i)
        key = ("seat", i, m.seats[i].name, m.to_act == i, items, siberia, tuple(cell), pal.name, self.fonts.scale)

        def draw(surf: pygame.Surface, o: tuple[int, int]) -> None:
            box = cell.move(o)
            style.panel(surf, box, pal, round(10 * s), fill=pal.panel_hi if m.to_act == i else pal.panel,
                        border=pal.green if m.to_act == i else None, shadow=round(3 * s))
            pad = round(10 * s)
            line = self.fonts.font("body", True).get_linesize()
            compact = box.h < line + round(34 * s) + pad * 3
            rr = round(10 * s)
            top = box.centery if compact else box.y + pad + line // 2
            token = seat_colour(m.game.info, m.seats[i].colour)
            style.draw_player_token(surf, token, (box.x + pad + rr, top), rr)
            slot = round(min(box.h - pad * 2 if compact else box.h - line - pad * 3, 34 * s))
            slots_x = box.right - pad - 3 * slot - 2 * round(5 * s) if compact else box.x + pad
            slots_y = box.centery - slot // 2 if compact else box.bottom - pad - slot
            for k in range(3):
                r = pygame.Rect(slots_x + k * (slot + round(5 * s)), slots_y, slot, slot)
                pygame.draw.rect(surf, pal.night_2, r, border_radius=round(6 * s))
                pygame.draw.rect(surf, pal.line, r, 1, border_radius=round(6 * s))
                if k < len(items):
                    item, usable = items[k]
                    painter = paint.paint_rope if item == "rope" else paint.paint_fish
                    painter(surf, r.center, slot * 0.3)
                    if not usable:
                        _not_yet(surf, r, pal, s)
            label = _("{n} in Siberia").format(n=siberia)
            name_x = box.x + pad + rr * 2 + round(8 * s)
            if compact:
                room = slots_x - name_x - round(8 * s)
                style.blit_text(surf, self.fonts, self.fonts.fit(m.seats[i].name, room, "body", True),
                                (name_x, box.centery - line // 4), "body", pal.text, True, "midleft")
                style.blit_text(surf, self.fonts, self.fonts.fit(label, room, "small"),
                                (name_x, box.centery + line // 2), "small", pal.text_dim, False, "midleft")
                return
            style.blit_text(surf, self.fonts, self.fonts.fit(m.seats[i].name, box.right - pad - name_x, "body", True),
                            (name_x, top), "body", pal.text, True, "midleft")
            style.blit_text(surf, self.fonts, label, (box.right - pad, slots_y + slot // 2), "small",
                            pal.text_dim, True, "midright")

        self.layer.piece(key, cell, round(6 * s), draw, self.hits, [])
        self.hits.add(cell, "seat", i, _("Items gained this turn (dimmed) can be used from the next turn.")
                      if any(not usable for _item, usable in items) else None, f"seat:{i}")

    def backpack(self, seat: int) -> tuple[tuple[str, bool], ...]:
        """The seat's items, ropes first, each with whether it can pay for a step now: on the seat's
        own turn, what it gained this turn waits for the next."""
        player = self.vstate.players[seat]
        ropes, fish = budget(self.vstate, seat)
        return (*(("rope", k < ropes) for k in range(player.ropes)),
                *(("fish", k < fish) for k in range(player.fish)))

    def _draw_bag(self, surf: pygame.Surface, box: pygame.Rect, count: int) -> None:
        pal, s = self.pal, self.s
        style.panel(surf, box, pal, round(10 * s), shadow=round(3 * s))
        card_h = box.h - round(12 * s)
        card = pygame.Rect(box.x + round(12 * s), box.y + round(6 * s), round(card_h * 5 / 7), card_h)
        blit_svg(surf, "art/iceflow/card_back.svg", card)
        text = _("Floes in the bag: {n}").format(n=count)
        style.blit_text(surf, self.fonts, text, (card.right + round(12 * s), box.centery), "body", pal.text, True,
                        "midleft")

    # --- pointer -------------------------------------------------------------------------------
    def click_targets(self) -> dict[str, list[int]]:
        """Named rects of what can be clicked (the automation trace of real-window tests): the things
        the prompt's targets name, and the rows of an open chooser (``choose:<n>``)."""
        self.ensure()
        out = {name: list(r) for name, r in self.hits.targets().items()}
        chooser = self.chooser
        if chooser is not None:
            out.update({f"choose:{i}": list(r) for i, r in enumerate(chooser.rows)})
        return out

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.deciding():
            self.click_at(event.pos)

    def things_at(self, pos: tuple[int, int]) -> list[str]:
        """What a click at ``pos`` could be about, the most particular first."""
        out = [hit.target for hit in reversed(list(self.hits)) if hit.target and hit.rect.collidepoint(pos)
               and hit.kind in ("explorer", "orient", "item", "bag")]
        lay = self.lay
        if lay is not None and lay.board.collidepoint(pos):
            h = lay.hexes.hex_at(*pos)
            floe = next((f for f in self.vstate.floes if f.hex == h), None)
            out.append(f"hex:{h[0]},{h[1]}")
            if floe is not None:
                out.append(f"floe:{floe.id}")
        return out

    def click_at(self, pos: tuple[int, int]) -> None:
        things = self.things_at(pos)
        if not things:
            return
        route = self.route_to(things)
        if route is not None and len(route.path) > 1:
            self.walking = [Step(*h) for h in route.path[1:]]
            self.submit(Step(*route.path[0]))
            return
        prompt = self.rules_prompt()
        wanted = next((t for t in things if prompt.targeted(t)), things[0])
        self.click_thing(wanted, at=pos)

    # --- a move: the places in reach --------------------------------------------------------------
    def routes(self) -> dict[tuple[int, int], Route]:
        """Where the explorer moving now can end its move, by its cheapest route (the viewer's move)."""
        state = self.vstate
        frame = state.frame
        if frame is None or frame.name != MOVE or not self.deciding():
            return {}
        key = (len(self.match.history.actions), id(self.match.state))
        cached = getattr(self, "_routes", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        ropes, fish = budget(state, frame.seat)
        came = tuple(frame.data["came"]) if frame.data["came"] else None
        found = reach(Where(state), (frame.seat, frame.data["explorer"]), ropes, fish,
                      config().max_steps_per_move - frame.data["steps"], came=came)
        self._routes = (key, found)
        return found

    def route_to(self, things: list[str]) -> Route | None:
        routes = self.routes()
        h = next((h for h in map(_hex_named, things) if h is not None), None)
        return None if h is None else routes.get(h)

    # --- drawing what moves ------------------------------------------------------------------------
    def draw_moving(self, surface: pygame.Surface, now: float) -> None:
        lay, pal = self.lay, self.pal
        if lay is None:
            return
        self._draw_moving_floes(surface)
        lit = set()
        if self.deciding():
            for choice in self.rules_prompt().choices:
                lit.update(choice.targets)
        self._light(surface, lit)
        self._light(surface, self.evacuee(), pal.coral)
        self._light(surface, self.mover(), pal.focus)
        self._draw_airlifts(surface, lit)
        self._draw_routes(surface)
        self._draw_ghost(surface)
        self._draw_choices(surface)
        self._draw_in_hand(surface)
        self._draw_checklist(surface)
        hinted, targets = self.hinted()
        if hinted is not None:
            self._light(surface, targets, pal.focus)
        kids = self.kids_prompt()
        box = lay.prompt
        if kids is not None:
            self.mark(kids_prompt.draw(surface, self.fonts, kids[0], kids[1], box, 0, pal.text))
        else:
            self.mark(self.heading.draw(surface, self.fonts, self.prompt_text(), box, 0, pal.text))

    def _draw_moving_floes(self, surface: pygame.Surface) -> None:
        moving = self.moving_floes()
        if not moving:
            return
        lay = self.lay
        poses = self.world.poses()
        where = Where(self.vstate)
        for floe in self.vstate.floes:
            if floe.id not in moving or floe.id not in poses:
                continue
            x, y, angle, _alpha = poses[floe.id]
            paint.paint_floe(surface, lay.hexes, floe, (x, y), angle - 60 * floe.rotation)
            who = where.explorers_at(f"floe:{floe.id}")
            for (seat, _i), at in zip(who, paint.explorer_spots(lay.hexes, (x, y), len(who))):
                paint.paint_explorer(surface, seat_colour(self.game.info, self.match.seats[seat].colour), at,
                                     lay.hexes.size * 0.24)
            box = pygame.Rect(0, 0, round(lay.hexes.size * 2.2), round(lay.hexes.size * 2.2))
            box.center = (round(x), round(y))
            self.mark(box)
            self.mark(lay.hex_rect(floe.hex, 1.1))

    def mover(self) -> set[str]:
        """The explorer on its way, while the viewer moves it."""
        frame = self.vstate.frame
        if frame is None or frame.name != MOVE or not self.deciding():
            return set()
        return {f"explorer:{frame.seat}:{frame.data['explorer']}"}

    def evacuee(self) -> set[str]:
        """The explorer that must leave its floe now, when the viewer decides where it goes."""
        frame = self.vstate.frame
        if frame is None or frame.name != EVACUATE or not self.deciding():
            return set()
        return {f"explorer:{frame.seat}:{evacuee(self.vstate, frame)}"}

    def _light(self, surface: pygame.Surface, things: set[str], colour: pygame.Color | None = None) -> None:
        lay = self.lay
        colour = colour or self.pal.green
        width = max(2, round(lay.hexes.size * 0.09))
        for thing in sorted(things):
            h = _hex_named(thing)
            if thing.startswith("floe:"):
                h = next((f.hex for f in self.vstate.floes if f.id == int(thing[5:])), None)
            if h is not None:
                points = paint.hex_points(lay.hexes, h, 0.95)
                pygame.draw.polygon(surface, colour, points, width)
                self.mark(lay.hex_rect(h, 1.05))
                continue
            r = self.hits.targets().get(thing)
            if r is not None:
                pygame.draw.rect(surface, colour, r.inflate(6, 6), width, border_radius=round(6 * self.s))
                self.mark(r.inflate(10, 10))

    def _draw_airlifts(self, surface: pygame.Surface, lit: set[str]) -> None:
        """An evacuee's Alaskan stations show the helicopter that would take it there."""
        frame = self.vstate.frame
        if frame is None or frame.name != EVACUATE:
            return
        lay, board = self.lay, board_of(self.vstate)
        for thing in sorted(lit):
            h = _hex_named(thing)
            if h is None or board.kind_of(h) != "alaska":
                continue
            x, y = lay.hexes.centre(h)
            r = lay.hexes.size * 0.42
            paint.paint_icon(surface, "airlift", (x, y - lay.hexes.size * 0.2), r)
            self.mark(pygame.Rect(round(x - r), round(y - lay.hexes.size * 0.2 - r), round(2 * r), round(2 * r)))

    def _draw_routes(self, surface: pygame.Surface) -> None:
        """Every place in reach with its price; the cheapest path to the one under the pointer."""
        routes = self.routes()
        if not routes:
            return
        lay, s = self.lay, self.s
        for h, route in routes.items():
            if not route.path:
                continue
            x, y = lay.hexes.centre(h)
            pygame.draw.polygon(surface, pygame.Color(120, 230, 160), paint.hex_points(lay.hexes, h, 0.88),
                                max(2, round(lay.hexes.size * 0.06)))
            self._draw_price(surface, route, (x, y - lay.hexes.size * 0.6))
            self.mark(lay.hex_rect(h, 1.0))
        if self.hover is None:
            return
        route = self.route_to(self.things_at(self.hover))
        if route is None or not route.path:
            return
        frame = self.vstate.frame
        start = Where(self.vstate).hex_of(self.vstate.players[frame.seat].explorers[frame.data["explorer"]])
        points = [lay.hexes.centre(h) for h in (start, *route.path)]
        pygame.draw.lines(surface, pygame.Color("#FFE066"), False, points, max(3, round(5 * s)))
        for p in points:
            pygame.draw.circle(surface, pygame.Color("#FFE066"), p, max(3, round(6 * s)))
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self.mark(pygame.Rect(min(xs) - 10, min(ys) - 10, max(xs) - min(xs) + 20, max(ys) - min(ys) + 20))

    def _draw_price(self, surface: pygame.Surface, route: Route, at: tuple[float, float]) -> None:
        """What a move there costs, as pieces on a dark pill (a free move shows none)."""
        icons = ["rope"] * route.ropes + ["fish"] * route.fish
        if not icons:
            return
        size = self.lay.hexes.size
        r, step = size * 0.15, size * 0.34
        pill = pygame.Rect(0, 0, round(step * len(icons) + r), round(r * 2.5))
        pill.center = (round(at[0]), round(at[1]))
        pygame.draw.rect(surface, self.pal.night, pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, pygame.Color(120, 230, 160), pill, max(1, round(size * 0.03)),
                         border_radius=pill.h // 2)
        x0 = at[0] - step * (len(icons) - 1) / 2
        for k, icon in enumerate(icons):
            (paint.paint_rope if icon == "rope" else paint.paint_fish)(surface, (x0 + step * k, at[1]), r)
        self.mark(pill.inflate(4, 4))

    def _draw_ghost(self, surface: pygame.Surface) -> None:
        """On your turn, the floe under the pointer shows where a drift would take it."""
        state = self.vstate
        if self.hover is None or state.frame is None or state.frame.name != TURN or not self.deciding():
            return
        floe_thing = next((t for t in self.things_at(self.hover) if t.startswith("floe:")), None)
        if floe_thing is None:
            return
        floe = next(f for f in state.floes if f.id == int(floe_thing[5:]))
        path, off = drift_path(Where(state), floe)
        lay = self.lay
        if len(path) > 1:
            paint.paint_floe(surface, lay.hexes, floe, lay.hexes.centre(path[-1]), ghost=True)
            self.mark(lay.hex_rect(path[-1], 1.05))
        elif off:
            pygame.draw.polygon(surface, self.pal.coral, paint.hex_points(lay.hexes, floe.hex, 0.95), 3)
            self.mark(lay.hex_rect(floe.hex, 1.05))

    def _choice_frame(self) -> str | None:
        """ORIENT or PICK_UP when the viewer decides one of them: choices with no place on the strait."""
        frame = self.vstate.frame
        if frame is None or not self.deciding() or frame.name not in (ORIENT, PICK_UP):
            return None
        return frame.name

    def _choice_hits(self) -> None:
        lay = self.lay
        if self._choice_frame() == ORIENT:
            for r in range(6):
                self.hits.add(lay.choices[r], "orient", r, _("Turn it this way"), f"orient:{r}")
        elif self._choice_frame() == PICK_UP:
            for k, item in enumerate(("rope", "fish")):
                self.hits.add(lay.choices[k], "item", item, None, f"item:{item}")

    def _draw_choices(self, surface: pygame.Surface) -> None:
        """A new floe's six turns, the items to pick up, in the slots under the prompt."""
        name = self._choice_frame()
        if name is None:
            return
        lay, pal, state = self.lay, self.pal, self.vstate
        if name == ORIENT:
            floe = next(f for f in state.floes if f.id == state.frame.data["floe"])
            for r in range(6):
                slot = lay.choices[r]
                pygame.draw.rect(surface, pal.panel, slot, border_radius=6)
                small = type(lay.hexes)(slot.w * 0.42, slot.center)
                paint.paint_floe(surface, small, type(floe)(floe.id, 0, 0, r), slot.center)
                self.mark(slot)
        else:
            for k, item in enumerate(("rope", "fish")):
                slot = lay.choices[k]
                pygame.draw.rect(surface, pal.panel, slot, border_radius=6)
                (paint.paint_rope if item == "rope" else paint.paint_fish)(surface, slot.center, slot.w * 0.25)
                self.mark(slot)

    def _draw_in_hand(self, surface: pygame.Surface) -> None:
        """The floe just drawn, before it is placed, with what its Iceberg card put on it (everyone
        sees it: nothing in Ice Flow is hidden)."""
        frame = self.vstate.frame
        if frame is None or frame.name not in (SETUP_FLOE, NEW_FLOE):
            return
        lay, pal = self.lay, self.pal
        card = cards()[frame.data["card"]]
        slots = lay.choices
        box = pygame.Rect(slots[0].x, slots[0].y, lay.prompt.w, slots[0].h)
        pygame.draw.rect(surface, pal.panel, box, border_radius=round(8 * self.s))
        small = type(lay.hexes)(box.h * 0.5, (box.x + box.h // 2, box.centery))
        bears = 0 if self.vstate.kids else card.bears
        shown = Floe(frame.data["floe"], 0, 0, 0, card.ropes, card.fish, bears)
        paint.paint_floe(surface, small, shown, (box.x + box.h // 2, box.centery))
        text = self.fonts.fit(_("The floe drawn"), box.w - box.h - round(8 * self.s), "small", True)
        style.blit_text(surface, self.fonts, text, (box.x + box.h + round(4 * self.s), box.centery), "small",
                        pal.text, True, "midleft")
        self.mark(box)

    def _draw_checklist(self, surface: pygame.Surface) -> None:
        state = self.vstate
        if not state.flow or state.flow[0].name != TURN:
            return
        data = state.flow[0].data
        box, pal, s = self.lay.checklist, self.pal, self.s
        half = box.w // 2
        r = max(6, round(9 * s))
        for k, (text, done) in enumerate(((_("Ice moved"), data["ice"]), (_("Explorer moved"), data["explorer"]))):
            colour = pal.green if done else pal.text_dim
            c = (box.x + half * k + r, box.centery)
            pygame.draw.circle(surface, colour, c, r, 0 if done else max(1, round(2 * s)))
            if done:
                pygame.draw.lines(surface, pal.night, False, [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.1, c[1] + r * 0.4),
                                                              (c[0] + r * 0.55, c[1] - r * 0.45)], max(2, round(2 * s)))
            self.mark(pygame.Rect(c[0] - r, c[1] - r, r * 2, r * 2))
            self.mark(style.blit_text(surface, self.fonts, text, (c[0] + r * 2, box.centery), "small", colour,
                                      True, "midleft"))


def _hex_named(thing: str) -> tuple[int, int] | None:
    """The hex a prompt target ``hex:col,row`` names (None for any other target)."""
    if not thing.startswith("hex:"):
        return None
    col, row = thing[4:].split(",")
    return int(col), int(row)


def _not_yet(surf: pygame.Surface, r: pygame.Rect, pal, s: float) -> None:
    """An item that waits for the next turn: veiled, with a small hourglass in its corner."""
    veil = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (*pal.night_2[:3], 150), veil.get_rect(), border_radius=round(6 * s))
    surf.blit(veil, r)
    w = max(4, round(r.w * 0.16))
    x, y = r.right - w - round(3 * s), r.y + round(3 * s)
    glass = [(x, y), (x + w, y), (x, y + w * 1.6), (x + w, y + w * 1.6)]
    pygame.draw.polygon(surf, pal.text_dim, [glass[0], glass[1], glass[2], glass[3]], 0)
    pygame.draw.line(surf, pal.text_dim, glass[0], glass[1], max(1, round(s)))


def sounds_of(events) -> list[str]:
    """The sounds of what an action did, each once: ice drifting or turning, a splash for a swim, a
    bear's growl, an item picked up."""
    out = []
    for event in events:
        if isinstance(event, Changed) and event.thing.startswith("floe:"):
            out.append("ice_drift")
        elif isinstance(event, Moved) and event.thing.startswith("explorer:") and event.target.startswith("sea:"):
            out.append("splash")
        elif isinstance(event, Moved) and event.thing == "bear" and event.target.startswith("floe:"):
            out.append("bear")
        elif isinstance(event, Moved) and event.thing in ("rope", "fish") and event.target.startswith("backpack:"):
            out.append("token")
    return list(dict.fromkeys(out))


def _shifted(p: tuple[float, float], o: tuple[int, int]) -> tuple[float, float]:
    return p[0] + o[0], p[1] + o[1]


def _off_board(last: tuple[int, int], board) -> tuple[int, int]:
    """The hex past a lane's end, where a floe leaving the board glides to."""
    for lane in board.lanes:
        if lane.path[-1] == last and len(lane.path) > 1:
            a, b = lane.path[-2], lane.path[-1]
            return b[0] + (b[0] - a[0]), b[1] + (b[1] - a[1])
    return last[0], last[1] - 1

