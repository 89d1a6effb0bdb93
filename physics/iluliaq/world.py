"""The pymunk space of one throw: each card on the iceberg is a free body that slides against what it
lies on (Coulomb friction through two constraints to the static body, so it runs in C) and only
collides with the cards of its own layer (one shape-filter bit per layer). Which layer a card lies at,
and what holds it up, is ``game.iluliaq.lying``'s: this module answers the same questions from the
space's shapes, quickly, for the cards in it."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

from game.iluliaq.lying import overlaps
from game.iluliaq.table import CARD_L, CARD_MASS, CARD_W, MAX_LAYER, MU, G, Pose, over_iceberg

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
"""Shape-filter bits: layers LAYER_BITS apart share one, so a world holding such layers also refuses
their contacts in a callback (``_apart``). A world holds the layers the rules allow, up to
``table.MAX_LAYER``, and refuses a card above it."""
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
    """The cards of one throw: those in play as bodies, those in the water as poses."""

    def __init__(self, poses: list[Pose] | tuple[Pose, ...]) -> None:
        self.space = pymunk.Space()
        self.space.collision_bias = OVERLAP_LEFT
        self.cards: dict[int, Card] = {}
        self.water: dict[int, Pose] = {}
        self.shape_card: dict[pymunk.Shape, int] = {}
        self._wraps = False
        for pose in sorted(poses, key=lambda p: p.card):
            self.add(pose)

    def add(self, pose: Pose, velocity: tuple[float, float] = (0.0, 0.0), spin: float = 0.0,
            thrown: bool = False) -> None:
        if pose.layer <= 0:
            self.water[pose.card] = pose
            return
        if pose.layer > MAX_LAYER:
            raise ValueError(f"Iluliaq's physics holds cards up to layer {MAX_LAYER}, not {pose.layer}")
        body = pymunk.Body(CARD_MASS, MOMENT)
        body.position = (pose.x, pose.y)
        body.angle = math.radians(pose.turn)
        body.velocity = velocity
        body.angular_velocity = spin
        shape = pymunk.Poly.create_box(body, (CARD_W - 2 * ROUNDING, CARD_L - 2 * ROUNDING), ROUNDING)
        shape.friction = EDGE_FRICTION
        shape.elasticity = ELASTICITY
        shape.filter = self._layer_filter(pose.layer)
        if thrown:
            shape.collision_type = THROWN
        self._wrap(pose.layer)
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

    def _near(self, card: int, layers: pymunk.ShapeFilter) -> list[Card]:
        """The cards of ``layers`` whose bounding boxes meet this card's, by id."""
        found = (self.shape_card.get(s) for s in self.space.bb_query(self.cards[card].shape.bb, layers))
        return [self.cards[c] for c in sorted(c for c in found if c is not None and c != card)]

    def held(self, card: int) -> bool:
        """``game.iluliaq.lying.held`` for a card in play: its centre over the walls' footprint (layer 1),
        or over something lower while it lies over a card of the layer just below."""
        c = self.cards[card]
        x, y = c.body.position
        if c.layer == 1:
            return over_iceberg(x, y)
        under = c.layer - 1
        if any(self.cards[self.shape_card[hit.shape]].layer == under
               for hit in self.space.point_query((x, y), 0.0, self._layer_filter(under))):
            return True
        if self.landing(x, y, c.layer) < 1:
            return False
        pose = self.pose(card)
        return any(other.layer == under and overlaps(pose, self.pose(other.card))
                   for other in self._near(card, self._layer_filter(under)))

    def support(self, card: int) -> int:
        """The layer a card that nothing holds drops to (``game.iluliaq.lying.lying_layer`` on the cards
        lower than it): one above the highest of them it lies over, 0 (the water) when its centre lies
        over none of them nor the iceberg."""
        c = self.cards[card]
        x, y = c.body.position
        top = self.landing(x, y, c.layer) - 1
        if top < 0:
            return 0
        pose = self.pose(card)
        for other in self._near(card, self._lower_filter(c.layer)):
            if top < other.layer < c.layer and overlaps(pose, self.pose(other.card)):
                top = other.layer
        return top + 1

    def landing(self, x: float, y: float, under: int) -> int:
        """The layer a card with its centre at (x, y) lies at on the cards of layers below ``under``,
        by its centre alone: one above the highest of them under that point (1 over the bare walls, 0
        in the water)."""
        best = 0 if over_iceberg(x, y) else -1
        for hit in self.space.point_query((x, y), 0.0, self._lower_filter(under)):
            other = self.cards[self.shape_card[hit.shape]]
            if other.layer < under:
                best = max(best, other.layer)
        return best + 1

    def set_layer(self, card: int, layer: int) -> None:
        """Move a card to ``layer``; at 0 it lies in the water where it is and leaves the space."""
        c = self.cards[card]
        if layer <= 0:
            pose = self.pose(card)
            self.water[card] = Pose(card, pose.x, pose.y, pose.turn, 0)
            self.space.remove(*c.joints, c.shape, c.body)
            del self.shape_card[c.shape]
            del self.cards[card]
            return
        c.layer = layer
        c.shape.filter = self._layer_filter(layer)
        self._wrap(layer)

    def same_layer(self, arbiter: pymunk.Arbiter) -> bool:
        """Whether the two shapes in contact are cards of one layer (only they collide)."""
        a, b = (self.shape_card.get(s) for s in arbiter.shapes)
        return a is None or b is None or self.cards[a].layer == self.cards[b].layer

    def _wrap(self, layer: int) -> None:
        """Once a card lies at LAYER_BITS or higher, refuse the contacts of cards whose layers share a bit."""
        if layer >= LAYER_BITS and not self._wraps:
            self._wraps = True
            self.space.on_collision(None, None, begin=self._apart)

    def _apart(self, arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: object) -> None:
        if not self.same_layer(arbiter):
            arbiter.process_collision = False

    @staticmethod
    def _layer_filter(layer: int) -> pymunk.ShapeFilter:
        return pymunk.ShapeFilter(categories=bit(layer), mask=bit(layer))

    @staticmethod
    def _lower_filter(layer: int) -> pymunk.ShapeFilter:
        return pymunk.ShapeFilter(categories=below(layer), mask=below(layer))

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
