"""The pymunk space of one throw: each card on the iceberg is a free body that slides against what it
lies on (Coulomb friction through two constraints to the static body, so it runs in C) and only
collides with the cards of its own layer (one shape-filter bit per layer)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

from game.iluliaq.table import CARD_L, CARD_MASS, CARD_W, MU, G, Pose, corners, over_iceberg
from physics.iluliaq.geometry import depth

EDGE_FRICTION = 0.3
"""Between two card edges rubbing along each other."""
ELASTICITY = 0.5
"""How much of their closing speed two card edges give back when they knock."""
OVERLAP_LEFT = 1e-16
"""The share of an overlap between two cards of one layer that pymunk leaves after a second (its
default, 0.2 %, leaves cards pushed apart still overlapping for a good part of a second)."""
THROWN = 1
"""The collision type of the card thrown or placed (the others keep 0)."""
LAYER_BITS = 32
HEAVY = 1000.0
"""How many times its weight a card weighs while a card lying on its edge is pushed off it."""
GHOST_DEPTH = 0.5
"""mm: cards of one layer reaching into each other deeper than this overlap (less is touching)."""
ROUNDING = 0.5
"""mm: the corners of a card's shape are rounded this much (the shape keeps the card's outline). Two
sharp boxes lying edge to edge, as the frame does, can make pymunk's contact test report a huge
overlap; rounded shapes whose cores stay apart do not."""


def _mean_radius(steps: int = 40) -> float:
    """The mean distance of a card's points from its centre (what a spinning card's friction acts at)."""
    total = 0.0
    for i in range(steps):
        for j in range(steps):
            total += math.hypot((i + 0.5) / steps - 0.5, ((j + 0.5) / steps - 0.5) * CARD_L / CARD_W)
    return total / steps**2 * CARD_W


SLIDE_FORCE = MU * CARD_MASS * G
SPIN_TORQUE = SLIDE_FORCE * _mean_radius()
MOMENT = pymunk.moment_for_box(CARD_MASS, (CARD_W, CARD_L))


def bit(layer: int) -> int:
    return 1 << (layer % LAYER_BITS)


def below(layer: int) -> int:
    """The filter bits of every layer from 1 up to ``layer - 1``."""
    return sum(bit(k) for k in range(1, min(layer, LAYER_BITS)))


@dataclass
class Card:
    card: int
    body: pymunk.Body
    shape: pymunk.Poly
    joints: tuple[pymunk.Constraint, ...]
    """Kept in order: ``body.constraints`` is a set, and removing them in a varying order would
    reorder pymunk's solver (and the results) from run to run."""
    layer: int


class World:
    """The cards of one throw: those in play as bodies, those in the water as poses.

    ``ghosts`` are the pairs (card on top, card under it) of one layer that pass through each other
    (see ``physics.iluliaq.ghosts``): the cards each set of pairs links share a shape-filter group."""

    def __init__(self, poses: list[Pose] | tuple[Pose, ...]) -> None:
        self.space = pymunk.Space()
        self.space.collision_bias = OVERLAP_LEFT
        self.cards: dict[int, Card] = {}
        self.water: dict[int, Pose] = {}
        self.shape_card: dict[pymunk.Shape, int] = {}
        self.ghosts: set[tuple[int, int]] = set()
        self.pushed: set[tuple[int, int]] = set()
        """Pairs left to pymunk to push apart: never ghosts again in this world."""
        self._heavy: list[int] = []
        self._groups: dict[int, int] = {}
        for pose in sorted(poses, key=lambda p: p.card):
            self.add(pose)

    def add(self, pose: Pose, velocity: tuple[float, float] = (0.0, 0.0), spin: float = 0.0,
            thrown: bool = False) -> None:
        if pose.layer <= 0:
            self.water[pose.card] = pose
            return
        body = pymunk.Body(CARD_MASS, MOMENT)
        body.position = (pose.x, pose.y)
        body.angle = math.radians(pose.turn)
        body.velocity = velocity
        body.angular_velocity = spin
        shape = pymunk.Poly.create_box(body, (CARD_W - 2 * ROUNDING, CARD_L - 2 * ROUNDING), ROUNDING)
        shape.friction = EDGE_FRICTION
        shape.elasticity = ELASTICITY
        shape.filter = self._filter(pose.card, pose.layer)
        if thrown:
            shape.collision_type = THROWN
        static = self.space.static_body
        slide = pymunk.PivotJoint(static, body, (0.0, 0.0), (0.0, 0.0))
        slide.max_bias = 0.0  # a pure velocity constraint: friction, not a spring back to the anchor
        slide.max_force = SLIDE_FORCE
        turn = pymunk.GearJoint(static, body, 0.0, 1.0)
        turn.max_bias = 0.0
        turn.max_force = SPIN_TORQUE
        self.space.add(body, shape, slide, turn)
        self.cards[pose.card] = Card(pose.card, body, shape, (slide, turn), pose.layer)
        self.shape_card[shape] = pose.card

    def pose(self, card: int) -> Pose:
        if card in self.water:
            return self.water[card]
        c = self.cards[card]
        x, y = c.body.position
        return Pose(card, x, y, math.degrees(c.body.angle), c.layer)

    def poses(self) -> list[Pose]:
        return sorted([self.pose(card) for card in self.cards] + list(self.water.values()), key=lambda p: p.card)

    def held(self, card: int) -> bool:
        """Whether the card's centre lies over the walls' footprint (layer 1) or a card of the layer below."""
        c = self.cards[card]
        x, y = c.body.position
        if c.layer == 1:
            return over_iceberg(x, y)
        return any(self.cards[self.shape_card[hit.shape]].layer == c.layer - 1
                   for hit in self.space.point_query((x, y), 0.0, self._layer_filter(c.layer - 1)))

    def support(self, card: int) -> int:
        """The layer the card would drop to: one above the highest thing under its centre (0: water)."""
        c = self.cards[card]
        x, y = c.body.position
        return self.landing(x, y, c.layer)

    def landing(self, x: float, y: float, under: int) -> int:
        """The layer a card with its centre at (x, y) lies at on the cards of layers below ``under``:
        one above the highest of them under that point (1 over the bare walls, 0 in the water)."""
        best = 0 if over_iceberg(x, y) else -1
        lower = pymunk.ShapeFilter(categories=below(under), mask=below(under))
        for hit in self.space.point_query((x, y), 0.0, lower):
            other = self.cards[self.shape_card[hit.shape]]
            if other.layer < under:
                best = max(best, other.layer)
        return best + 1

    def push_off(self, top: int, unders: list[int]) -> None:
        """Leave pymunk to push ``top`` off ``unders`` (never ghosts again). Until the overlaps are gone
        (``settle``), the cards under it weigh HEAVY times more, so ``top`` moves and the pile it lies
        on stays put instead of being shoved apart."""
        self.pushed |= {(top, under) for under in unders}
        for under in unders:
            if under in self.cards and under not in self._heavy:
                body = self.cards[under].body
                body.mass, body.moment = CARD_MASS * HEAVY, MOMENT * HEAVY
                self._heavy.append(under)

    @property
    def heavy(self) -> bool:
        return bool(self._heavy)

    def lighten(self) -> bool:
        """Give the cards made heavy by ``push_off`` their own weight back; return whether any were."""
        for card in self._heavy:
            if card in self.cards:
                body = self.cards[card].body
                body.mass, body.moment = CARD_MASS, MOMENT
        heavy, self._heavy = bool(self._heavy), []
        return heavy

    def place(self, card: int, x: float, y: float) -> None:
        """Move a card (at rest) to (x, y)."""
        body = self.cards[card].body
        body.position = (x, y)
        self.space.reindex_shapes_for_body(body)

    def set_layer(self, card: int, layer: int) -> None:
        """Move a card to ``layer`` (its ghosts forgotten); at 0 it lies in the water where it is and
        leaves the space."""
        c = self.cards[card]
        self.set_ghosts({g for g in self.ghosts if card not in g})
        if layer <= 0:
            pose = self.pose(card)
            self.water[card] = Pose(card, pose.x, pose.y, pose.turn, 0)
            self.space.remove(*c.joints, c.shape, c.body)
            del self.shape_card[c.shape]
            del self.cards[card]
            return
        c.layer = layer
        c.shape.filter = self._filter(card, layer)

    def _filter(self, card: int, layer: int) -> pymunk.ShapeFilter:
        return pymunk.ShapeFilter(group=self._groups.get(card, 0), categories=bit(layer), mask=bit(layer))

    def set_ghosts(self, ghosts: set[tuple[int, int]]) -> None:
        """Make ``ghosts`` the pairs passing through each other: each set of cards linked by ghost
        pairs shares a filter group (numbered by its lowest card, so the same every run)."""
        if ghosts == self.ghosts:
            return
        self.ghosts = ghosts
        root: dict[int, int] = {}

        def find(card: int) -> int:
            while root.setdefault(card, card) != card:
                card = root[card]
            return card

        for a, b in sorted(ghosts):
            ra, rb = find(a), find(b)
            root[max(ra, rb)] = min(ra, rb)
        groups = {card: find(card) + 1 for card in sorted(root)}
        for card in sorted(set(groups) | set(self._groups)):
            if groups.get(card) != self._groups.get(card) and card in self.cards:
                self._groups[card] = groups.get(card, 0)
                self.cards[card].shape.filter = self._filter(card, self.cards[card].layer)
        self._groups = groups

    def reaching(self, pose: Pose) -> list[int]:
        """The cards of ``pose.layer`` (but ``pose.card``) that a card lying at ``pose`` reaches into by
        more than GHOST_DEPTH (by the rectangles, which pymunk's contact test misses when two centres
        coincide)."""
        xs, ys = zip(*corners(pose.x, pose.y, pose.turn), strict=True)
        box = pymunk.BB(min(xs), min(ys), max(xs), max(ys))
        out = []
        for shape in self.space.bb_query(box, self._layer_filter(pose.layer)):
            other = self.shape_card.get(shape)
            if other is not None and other != pose.card and self.cards[other].layer == pose.layer and \
                    depth(pose, self.pose(other)) > GHOST_DEPTH:
                out.append(other)
        return sorted(out)

    def overlapped(self, card: int) -> list[int]:
        """The cards of this card's layer it reaches into."""
        return self.reaching(self.pose(card))

    def apart(self, a: int, b: int) -> bool:
        """Whether two cards no longer reach into each other (by more than GHOST_DEPTH)."""
        return depth(self.pose(a), self.pose(b)) <= GHOST_DEPTH

    def fits(self, card: int, x: float, y: float, layer: int) -> bool:
        """Whether the card, moved to (x, y) at ``layer``, would reach into no card of that layer."""
        return not self.reaching(Pose(card, x, y, math.degrees(self.cards[card].body.angle), layer))

    @staticmethod
    def _layer_filter(layer: int) -> pymunk.ShapeFilter:
        return pymunk.ShapeFilter(categories=bit(layer), mask=bit(layer))

    def centre_over(self, card: int, under: int) -> bool:
        return self.cards[under].shape.point_query(self.cards[card].body.position).distance < 0.0

    def deepest_overlap(self) -> float:
        """mm: how far the two most overlapping cards of one layer reach into each other."""
        worst = 0.0

        def look(arbiter: pymunk.Arbiter) -> None:
            nonlocal worst
            for point in arbiter.contact_point_set.points:
                worst = min(worst, point.distance)

        for card in sorted(self.cards):
            self.cards[card].body.each_arbiter(look)
        return -worst

    def at_layer(self, layer: int) -> list[int]:
        return sorted(card for card, c in self.cards.items() if c.layer == layer)
