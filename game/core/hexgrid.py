"""Hexes of a flat-topped grid: the strait of Ice Flow, the earth of Dominant Species.

A hex is a pair of ints. Two coordinate systems name the same hexes:

- **offset** ``(col, row)``, "odd-q": columns are straight north-south lines and odd columns sit
  half a hex lower (Ice Flow's map, a Tiled map's tile indices);
- **axial** ``(q, r)``: ``q`` is the column and ``r`` slants, so every direction is one fixed step
  (Dominant Species' board). ``to_axial`` / ``from_axial`` turn one into the other.

Every function taking a hex works in offset coordinates unless its name begins with ``axial_``.
Directions (and the edges of a hex) are numbered clockwise from the top: 0 N, 1 NE, 2 SE, 3 S,
4 SW, 5 NW; the edge a neighbour shares is the opposite one, ``(d + 3) % 6``. A mask of edges is
6 bits, bit ``d`` for edge ``d``; turning a tile by ``k`` sixths clockwise moves bit ``d`` to
``(d + k) % 6``. A corner is where three mutually adjacent hexes meet, named by those three hexes
(sorted), so every hex around it names the same corner.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

Hex = tuple[int, int]
Cube = tuple[int, int, int]

N, NE, SE, S, SW, NW = range(6)
DIRECTIONS = (N, NE, SE, S, SW, NW)
ALL_EDGES = 0b111111

AXIAL_STEPS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
"""Axial (dq, dr) of each direction, N first, clockwise."""
_EVEN_COL_STEPS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_ODD_COL_STEPS: tuple[Hex, ...] = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def opposite(d: int) -> int:
    return (d + 3) % 6


# --- offset (odd-q) <-> axial and cube ----------------------------------------------------------


def to_axial(h: Hex) -> Hex:
    col, row = h
    return col, row - (col - (col & 1)) // 2


def from_axial(a: Hex) -> Hex:
    q, r = a
    return q, r + (q - (q & 1)) // 2


def to_cube(h: Hex) -> Cube:
    q, r = to_axial(h)
    return q, -q - r, r


def from_cube(c: Cube) -> Hex:
    x, _y, z = c
    return from_axial((x, z))


# --- neighbours -----------------------------------------------------------------------------------


def neighbour(h: Hex, d: int) -> Hex:
    col, row = h
    dc, dr = (_ODD_COL_STEPS if col & 1 else _EVEN_COL_STEPS)[d]
    return col + dc, row + dr


@lru_cache(maxsize=8192)
def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``h``, in direction order (N first, clockwise)."""
    col, row = h
    steps = _ODD_COL_STEPS if col & 1 else _EVEN_COL_STEPS
    return tuple((col + dc, row + dr) for dc, dr in steps)


def direction(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to its neighbour ``b`` (None when they are not neighbours)."""
    for d, n in enumerate(neighbours(a)):
        if n == b:
            return d
    return None


def axial_neighbour(a: Hex, d: int) -> Hex:
    dq, dr = AXIAL_STEPS[d]
    return a[0] + dq, a[1] + dr


def axial_neighbours(a: Hex) -> tuple[Hex, ...]:
    q, r = a
    return tuple((q + dq, r + dr) for dq, dr in AXIAL_STEPS)


def axial_direction(a: Hex, b: Hex) -> int | None:
    step = (b[0] - a[0], b[1] - a[1])
    return AXIAL_STEPS.index(step) if step in AXIAL_STEPS else None


# --- distance, rings ----------------------------------------------------------------------------


def axial_distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def distance(a: Hex, b: Hex) -> int:
    """Grid steps from ``a`` to ``b`` on an unbounded grid."""
    return axial_distance(to_axial(a), to_axial(b))


def axial_ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps from ``centre``, clockwise: from the one ``radius`` steps
    to the SW, walking N first (the centre alone for 0)."""
    if radius < 0:
        raise ValueError("a ring's radius is at least 0")
    if radius == 0:
        return [centre]
    out = []
    q, r = centre[0] + AXIAL_STEPS[SW][0] * radius, centre[1] + AXIAL_STEPS[SW][1] * radius
    for d in DIRECTIONS:
        for _ in range(radius):
            out.append((q, r))
            q, r = q + AXIAL_STEPS[d][0], r + AXIAL_STEPS[d][1]
    return out


def ring(centre: Hex, radius: int) -> list[Hex]:
    """Offset hexes exactly ``radius`` steps from ``centre`` (see ``axial_ring`` for the order)."""
    return [from_axial(a) for a in axial_ring(to_axial(centre), radius)]


def within(centre: Hex, radius: int) -> Iterator[Hex]:
    """Every offset hex at most ``radius`` steps from ``centre``, nearest rings first."""
    for k in range(radius + 1):
        yield from ring(centre, k)


# --- edges of a tile ----------------------------------------------------------------------------


def rotate_mask(mask: int, k: int) -> int:
    """``mask`` turned ``k`` sixths clockwise (negative: anticlockwise)."""
    k %= 6
    return ((mask << k) | (mask >> (6 - k))) & ALL_EDGES


def has_edge(mask: int, rotation: int, d: int) -> bool:
    """Whether world edge ``d`` of a tile with edges ``mask`` turned ``rotation`` sixths is set."""
    return bool(mask >> ((d - rotation) % 6) & 1)


def mask_of(edges: tuple[int, ...] | list[int]) -> int:
    out = 0
    for d in edges:
        out |= 1 << d
    return out


def edges_of(mask: int) -> tuple[int, ...]:
    return tuple(d for d in DIRECTIONS if mask >> d & 1)


# --- corners --------------------------------------------------------------------------------------

Corner = tuple[Hex, Hex, Hex]


def axial_corners(a: Hex) -> tuple[Corner, ...]:
    """The six corners of axial hex ``a``, clockwise from the one between its N and NE edges."""
    around = axial_neighbours(a)
    return tuple(tuple(sorted((a, around[d], around[(d + 1) % 6]))) for d in DIRECTIONS)  # type: ignore[misc]


def corner_of(a: Hex, d: int) -> Corner:
    """The corner of axial hex ``a`` between its edges ``d`` and ``d + 1``."""
    return axial_corners(a)[d % 6]


def corners(h: Hex) -> tuple[Corner, ...]:
    """The six corners of offset hex ``h`` (named by offset hexes), clockwise from N/NE."""
    around = neighbours(h)
    return tuple(tuple(sorted((h, around[d], around[(d + 1) % 6]))) for d in DIRECTIONS)  # type: ignore[misc]


def is_corner(hexes: tuple[Hex, Hex, Hex]) -> bool:
    """Whether three axial hexes meet at one corner (each two of them are neighbours)."""
    a, b, c = hexes
    return axial_distance(a, b) == axial_distance(b, c) == axial_distance(a, c) == 1
