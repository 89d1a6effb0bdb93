"""Borealis bots: what a position is worth to one seat, judged from what that seat can see.

The evaluation is the seat's points now (animal sets, flags, card points, the game's scoring cards
and tokens) plus estimates of what is still to come: objectives it meets or gets closer to, the
cards in its hand (each worth its best play, less if no location can take it yet), how many kinds
of card its scientists leave playable (mobility) and the scientists waiting in the camps (tokens at
the next Regroup). Hand, mobility and camp weights shrink as the end of the game nears.

The greedy policy (bot_policy.py: the normal bot, and the rollouts of the hard bot) scores each
candidate answer by the evaluation of the position it leads to. It never looks at a hidden card: it
reads the seat's own hand and the public cards only, so it works on a view as well as on a full state.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.borealis.data import boards, cards, rules, set_vp, track_vp
from game.borealis.objectives import REQUIREMENTS
from game.borealis.scoring_cards import SCORING_CARDS
from game.borealis.state import CAMPS, BorealisState, PlayerState
from game.borealis.tokens import token_points
from game.borealis.view import unseen_cards
from game.core.contract import HIDDEN

# --- weights of the evaluation (tuned by self-play against the easy and the normal bot) ---------
HAND_WEIGHT = 0.6
"""A hand card counts for this share of its best play while many turns remain."""
UNFIT_FACTOR = 0.55
"""A card no location can take yet is worth this share of its best play."""
PLAYABLE_BONUS = 0.6
"""A hand card some location can take right now (the seat can act next turn)."""
MOBILITY_WEIGHT = 3.0
"""Points for scientists that fit every kind of card (scaled by the share that fits)."""
CAMP_WEIGHT = 0.45
"""A scientist in a camp: a token at the next Regroup, but a turn is spent getting it."""
TEMPO = 2.5
"""What a turn without a card played costs (the other seats move on towards the end)."""
PASS_PENALTY = 5.0
"""A Regroup that changes nothing (no scientist back, no discard) only wastes the turn."""
OBJECTIVE_POINTS = 5
PROGRESS_WEIGHT = 0.45
"""Share of an objective's 5 points credited for being (nearly) on the way to it."""
DISCARD_MARGIN = 0.4
"""A hand card is discarded (Regroup, Mulligan) if worth less than an unseen card by this."""
REFRESH_MARGIN = 0.3
STABILITY = {
    "farewell_party": 0.15,
    "safe_return": 0.15,
    "common_destination": 0.25,
    "outer_lands": 0.5,
    "interspecies_relationships": 0.6,
    "mating_season": 0.8,
}
"""How much a scoring card's value now says about its value at the end (1 = it only grows or
stays; low = scientists or flags will move on). Far from the end, volatile cards count less."""
MEAN_SAMPLE = 24
"""How many unseen cards estimate the value of an unknown card."""

CARDS = cards()
SPECIES = tuple(sorted({c.species for c in CARDS}))
SPECIES_OF = tuple(SPECIES.index(c.species) for c in CARDS)
SPECIES_RANGE = range(len(SPECIES))
VEHICLE_OF = tuple(c.vehicle for c in CARDS)
LEFT_OF = tuple(c.left for c in CARDS)
RIGHT_OF = tuple(c.right for c in CARDS)
VP_OF = tuple(c.vp for c in CARDS)
SET_VP = set_vp()
ALL_IDS = frozenset(c.id for c in CARDS)


def _pair_weights() -> tuple[tuple[int, int, float], ...]:
    counts = Counter((c.left, c.right) for c in CARDS)
    return tuple((a, b, n / len(CARDS)) for (a, b), n in sorted(counts.items()))


PAIRS = _pair_weights()


def _scoring_points(key: str) -> object:
    return rules()["scoring_points"][key]


# --- light copies ---------------------------------------------------------------------------


def fits(p: PlayerState, card_id: int, location: int) -> bool:
    here = p.scientists[location + 1]
    a, b = LEFT_OF[card_id], RIGHT_OF[card_id]
    if a == b:
        return here[a] >= 2
    return here[a] >= 1 and here[b] >= 1


def play_on(p: PlayerState, card_id: int, location: int) -> None:
    """Observe an Animal on a light copy: the card, the scientists and the flag (no take)."""
    if card_id in p.hand:
        p.hand.remove(card_id)
    p.cards[location].append(card_id)
    pos = location + 1
    a, b = LEFT_OF[card_id], RIGHT_OF[card_id]
    p.scientists[pos][a] -= 1
    p.scientists[pos - 1][a] += 1
    p.scientists[pos][b] -= 1
    p.scientists[pos + 1][b] += 1
    space = p.flags[location]
    if space < 7 and VEHICLE_OF[card_id] in boards()[p.board].tracks[location][space]:
        p.flags[location] = space + 1


def camp_count(p: PlayerState) -> int:
    return sum(p.scientists[0]) + sum(p.scientists[4])


def regroup_on(p: PlayerState, location: int) -> int:
    """Regroup's scientists and tokens on a light copy (the discards are valued separately)."""
    back = camp_count(p)
    if back and location >= 0:
        target = p.scientists[location + 1]
        for camp in CAMPS:
            for colour in range(3):
                target[colour] += p.scientists[camp][colour]
                p.scientists[camp][colour] = 0
        p.pad += back
    p.max_regroup = max(p.max_regroup, back)
    return back


# --- objectives: how close a player is ------------------------------------------------------


def _progress(objective_id: str, p: PlayerState) -> float:
    """0..1: how far along the player is towards the objective (1 = met)."""
    if objective_id == "specialists_retreat":
        return max(p.scientists[0][c] + p.scientists[4][c] for c in range(3)) / 3
    if objective_id == "comparing_notes":
        return max(sum(p.scientists[0]), sum(p.scientists[4])) / 3
    if objective_id == "morning_shift":
        return min(1.0, max(p.max_regroup, camp_count(p)) / 5)
    if objective_id == "splitting_up":
        excess = sum(max(0, sum(p.scientists[pos]) - 2) for pos in (1, 2, 3))
        return max(0.0, 1 - excess / 4)
    if objective_id == "balanced_ecosystem":
        return sum(min(len(col), 3) for col in p.cards) / 9
    if objective_id == "richness_of_nature":
        return min(1.0, max(len(col) for col in p.cards) / 6)
    if objective_id == "spotting_list":
        return len({SPECIES_OF[c] for col in p.cards for c in col}) / 5
    if objective_id == "favorite_research_object":
        counts = Counter(SPECIES_OF[c] for col in p.cards for c in col)
        return min(1.0, max(counts.values(), default=0) / 6)
    if objective_id == "organized_expedition":
        counts = Counter(VEHICLE_OF[c] for col in p.cards for c in col)
        return min(1.0, max(counts.values(), default=0) / 4)
    if objective_id == "combing_the_area":
        return sum(min(f, 2) for f in p.flags) / 6
    if objective_id == "bold_explorers":
        return min(1.0, max(p.flags) / 5)
    if objective_id == "promising_direction":
        return min(1.0, (max(p.flags) - min(p.flags)) / 4)
    return 0.0


# --- per-decision context -------------------------------------------------------------------


@dataclass
class Context:
    """What one evaluation of one seat needs, computed once per decision."""

    seat: int
    scoring: tuple[str, ...]
    objectives: tuple[tuple[str, bool], ...]
    """Objectives the seat may still claim: (id, whether progress towards it still counts)."""
    unseen: list[int]
    """Cards this seat cannot see (deck and other hands), known by elimination."""
    horizon: float
    """0..1: how much of the future is left to use hand cards, camps and scientists."""
    weights: tuple[float, ...] = ()
    """Per scoring card: the share of its current value the evaluation counts."""
    sample: int = MEAN_SAMPLE
    """How many unseen cards stand for an unknown card (fewer in the hard bot's rollouts)."""
    _means: dict[object, float] = field(default_factory=dict)

    @property
    def hand_weight(self) -> float:
        return HAND_WEIGHT * self.horizon

    def mean_card_value(self, f: Features) -> float:
        """The value of an unseen card (over a fixed sample of the unseen cards)."""
        cached = self._means.get(f.key)
        if cached is not None:
            return cached
        pool = self.unseen
        if not pool:
            return 0.0
        step = max(1, len(pool) // self.sample)
        sample = pool[::step]
        value = sum(f.value(c) for c in sample) / len(sample)
        self._means[f.key] = value
        return value

    def expected_best_of(self, f: Features, k: int) -> float:
        """The expected value of the best of ``k`` unseen cards drawn at random (a new pool)."""
        pool = self.unseen
        if not pool:
            return 0.0
        step = max(1, len(pool) // self.sample)
        values = sorted(f.value(c) for c in pool[::step])
        n = len(values)
        k = min(k, n)
        # P(max is the i-th smallest) = C(i, k-1) / C(n, k), with i counted from 0.
        total = 0.0
        ways = 0.0
        for i, v in enumerate(values):
            w = _comb(i, k - 1)
            total += w * v
            ways += w
        return total / ways if ways else 0.0


def _comb(n: int, k: int) -> float:
    if k < 0 or k > n:
        return 0.0
    out = 1.0
    for i in range(k):
        out = out * (n - i) / (i + 1)
    return out


def turns_left(state: BorealisState) -> int:
    """A rough count of the acting seat's turns after this one."""
    if state.final_round:
        return 0
    fewest = min(7 - max(len(col) for col in p.cards) for p in state.players)
    return max(0, fewest - 1) + 1


def make_context(state: BorealisState, seat: int, sample: int = MEAN_SAMPLE) -> Context:
    live = tuple(
        (slot.id, slot.closes_round == 0)
        for slot in state.objectives
        if not slot.removed and slot.tokens > 0 and seat not in slot.claimed_by
    )
    left = turns_left(state)
    horizon = min(1.0, left / 4)
    weights = tuple(1 - horizon * (1 - STABILITY.get(sc, 1.0)) for sc in state.scoring)
    return Context(seat, tuple(state.scoring), live, unseen_cards(state, seat), horizon, weights, sample)


# --- the evaluation -------------------------------------------------------------------------


def points(p: PlayerState, ctx: Context) -> float:
    """Points now; the scoring cards weighted by how much they will still change."""
    total = 0
    for col in p.cards:
        counts: dict[int, int] = {}
        for c in col:
            s = SPECIES_OF[c]
            counts[s] = counts.get(s, 0) + 1
            total += VP_OF[c]
        for n in counts.values():
            total += SET_VP[min(n, 7)]
    vp = track_vp()
    total += vp[0][p.flags[0]] + vp[1][p.flags[1]] + vp[2][p.flags[2]]
    value = float(total + token_points(p))
    for sc, weight in zip(ctx.scoring, ctx.weights):
        value += weight * SCORING_CARDS[sc](p)
    return value


def objective_value(p: PlayerState, ctx: Context) -> float:
    total = 0.0
    for objective_id, progress_counts in ctx.objectives:
        if REQUIREMENTS[objective_id](p):
            total += OBJECTIVE_POINTS
        elif progress_counts and ctx.horizon > 0:
            frac = _progress(objective_id, p)
            total += OBJECTIVE_POINTS * PROGRESS_WEIGHT * frac * frac * ctx.horizon
    return total


def fit_fraction(p: PlayerState) -> float:
    """Share of all cards that some location's scientists could take."""
    total = 0.0
    locs = (p.scientists[1], p.scientists[2], p.scientists[3])
    for a, b, w in PAIRS:
        for here in locs:
            if (here[a] >= 2) if a == b else (here[a] >= 1 and here[b] >= 1):
                total += w
                break
    return total


PLACE_CARDS = frozenset({"outer_lands", "farewell_party", "safe_return"})
FLAG_CARDS = frozenset({"common_destination", "untrodden_path"})
VEHICLES = tuple(sorted(set(VEHICLE_OF)))


def _most_in_line(flags: list[int]) -> int:
    a, b, c = flags
    if a == b == c:
        return 3
    return 2 if a in (b, c) or b == c else 1


class Features:
    """One player's board summarised once, so that valuing many cards for it is cheap."""

    def __init__(self, p: PlayerState, ctx: Context) -> None:
        self.p = p
        self.ctx = ctx
        self.counts: list[dict[int, int]] = []
        self.last: list[int] = []
        self.run: list[int] = []
        self.territorial: list[bool] = []
        self.lengths = [len(col) for col in p.cards]
        self.open = tuple(loc for loc in (0, 1, 2) if self.lengths[loc] < 7)
        """Locations that can still take a card."""
        self.here = (p.scientists[1], p.scientists[2], p.scientists[3])
        for col in p.cards:
            counts: dict[int, int] = {}
            names = [SPECIES_OF[c] for c in col]
            for s in names:
                counts[s] = counts.get(s, 0) + 1
            self.counts.append(counts)
            self.last.append(names[-1] if names else -1)
            run = 0
            for s in reversed(names):
                if s != names[-1]:
                    break
                run += 1
            self.run.append(run)
            self.territorial.append(all(a != b for a, b in zip(names, names[1:])))
        tracks = boards()[p.board].tracks
        vp = track_vp()
        self.next_vehicles = [tracks[loc][f] if f < 7 else frozenset() for loc, f in enumerate(p.flags)]
        self.flag_gain = [vp[loc][f + 1] - vp[loc][f] if f < 7 else 0 for loc, f in enumerate(p.flags)]
        self.sets_weight = 0.35 * ctx.horizon
        self.scoring = tuple(zip(ctx.scoring, ctx.weights))
        self.vehicles: Counter[str] = Counter()
        if "popular_vehicle" in ctx.scoring:
            self.vehicles = Counter(VEHICLE_OF[c] for col in p.cards for c in col)
        self.best_vehicle = max(self.vehicles.values(), default=0)
        self.totals = [sum(pos) for pos in p.scientists]
        self.key = (tuple(tuple(pos) for pos in p.scientists), tuple(p.flags), tuple(zip(self.lengths, self.last)))
        self._values: dict[int, float] = {}
        # gain(card, loc) = by_species[loc][species] + by_vehicle[vehicle] + at[loc]
        #                   + (advance[loc] if the vehicle moves the flag) + the card's VP
        self.by_species = [self._species_gains(loc) for loc in (0, 1, 2)]
        self.by_vehicle: dict[str, float] = {}
        self.at = [0.0, 0.0, 0.0]
        self.advance = list(map(float, self.flag_gain))
        for sc, weight in self.scoring:
            if sc in PLACE_CARDS:
                for loc in (0, 1, 2):
                    self.at[loc] += weight * self._place_delta(sc, loc)
            elif sc in FLAG_CARDS:
                for loc in (0, 1, 2):
                    self.advance[loc] += weight * self._advance_delta(sc, loc)
            elif sc == "popular_vehicle":
                for v in VEHICLES:
                    self.by_vehicle[v] = weight * self._vehicle_delta(sc, v)

    def _species_gains(self, loc: int) -> dict[int, float]:
        """Per species: sets, and the scoring cards that depend on the species placed in ``loc``
        (a scoring card adds only where its change is not zero, in the cards' order)."""
        counts = self.counts[loc]
        sets_weight = self.sets_weight
        gains: dict[int, float] = {}
        for species in SPECIES_RANGE:
            same = counts.get(species, 0)
            # A set started (or grown) is worth more than its points so far: later cards add to it.
            gains[species] = SET_VP[min(same + 1, 7)] - SET_VP[min(same, 7)] + sets_weight * same
        last = self.last[loc]
        for sc, weight in self.scoring:
            if sc == "expansive_species":
                row = self.lengths[loc]
                others = [self.p.cards[i] for i in (0, 1, 2) if i != loc]
                if all(len(o) > row for o in others):
                    below = {SPECIES_OF[o[row]] for o in others}
                    if len(below) == 1:
                        gains[below.pop()] += weight * 5
            elif sc == "interspecies_relationships":
                kinds = len(counts)
                for species in SPECIES_RANGE:
                    after = kinds + (0 if species in counts else 1)
                    delta = 3 * (int(after == 2) - int(kinds == 2))
                    if delta:
                        gains[species] += weight * delta
            elif sc == "mating_season" and last >= 0:
                run = self.run[loc]
                delta = 2 if run == 1 else (-2 if run == 2 else 0)
                if delta:
                    gains[last] += weight * delta
            elif sc == "territorial_animals" and last >= 0 and self.territorial[loc]:
                gains[last] += weight * -6
        return gains

    def _place_delta(self, sc: str, loc: int) -> int:
        """Scoring cards that depend only on where a card goes."""
        if sc == "outer_lands":
            lengths = self.lengths
            before = (lengths[0] > lengths[1]) + (lengths[2] > lengths[1])
            after_lengths = list(lengths)
            after_lengths[loc] += 1
            after = (after_lengths[0] > after_lengths[1]) + (after_lengths[2] > after_lengths[1])
            return 7 * (after - before)
        if sc == "farewell_party":
            totals = list(self.totals)
            before = max(totals[1:4])
            pos = loc + 1
            totals[pos] -= 2
            totals[pos - 1] += 1
            totals[pos + 1] += 1
            return 2 * (max(totals[1:4]) - before)
        if sc == "safe_return":
            return 3 if loc in (0, 2) else 0
        return 0

    def _advance_delta(self, sc: str, loc: int) -> int:
        """Scoring cards that depend on the flag of ``loc`` stepping down."""
        p = self.p
        if p.flags[loc] >= 7:
            return 0
        if sc == "common_destination":
            table = _scoring_points(sc)
            assert isinstance(table, list)
            flags = list(p.flags)
            flags[loc] += 1
            return table[_most_in_line(flags)] - table[_most_in_line(p.flags)]
        if sc == "untrodden_path":
            vp = track_vp()
            values = [vp[i][p.flags[i]] for i in range(3)]
            before = min(values)
            values[loc] = vp[loc][p.flags[loc] + 1]
            return 2 * (min(values) - before)
        return 0

    def _vehicle_delta(self, sc: str, vehicle: str) -> int:
        if sc == "popular_vehicle":
            best = self.best_vehicle
            return 2 * (max(best, self.vehicles[vehicle] + 1) - best)
        return 0

    def gain(self, card_id: int, loc: int) -> float:
        """Points the card would add if played in ``loc`` now (sets, flag, VP, scoring cards)."""
        gain = self.by_species[loc][SPECIES_OF[card_id]] + self.at[loc] + VP_OF[card_id]
        if self.by_vehicle:
            gain += self.by_vehicle[VEHICLE_OF[card_id]]
        if VEHICLE_OF[card_id] in self.next_vehicles[loc]:
            gain += self.advance[loc]
        return gain

    def value(self, card_id: int) -> float:
        """A hand card's worth: its best play, less if no location can take it yet (``gain`` and
        ``fits`` written out: this is the bots' innermost loop)."""
        cached = self._values.get(card_id)
        if cached is not None:
            return cached
        species, vehicle, vp = SPECIES_OF[card_id], VEHICLE_OF[card_id], VP_OF[card_id]
        a, b = LEFT_OF[card_id], RIGHT_OF[card_id]
        by_vehicle = self.by_vehicle[vehicle] if self.by_vehicle else None
        best = -1e9
        for loc in self.open:
            g = self.by_species[loc][species] + self.at[loc] + vp
            if by_vehicle is not None:
                g += by_vehicle
            if vehicle in self.next_vehicles[loc]:
                g += self.advance[loc]
            here = self.here[loc]
            if (here[a] >= 2) if a == b else (here[a] >= 1 and here[b] >= 1):
                g += PLAYABLE_BONUS
            elif g > 0:
                g *= UNFIT_FACTOR
            if g > best:
                best = g
        out = best if best > -1e9 else 0.0
        self._values[card_id] = out
        return out


def evaluate(p: PlayerState, ctx: Context, hand_value: float | None = None, f: Features | None = None) -> float:
    """The seat's points plus what its hand, scientists and camps promise."""
    value = points(p, ctx) + objective_value(p, ctx)
    if ctx.horizon > 0:
        if hand_value is None:
            f = f or Features(p, ctx)
            hand_value = sum(f.value(c) for c in p.hand if c != HIDDEN)
        value += ctx.hand_weight * hand_value
        value += MOBILITY_WEIGHT * ctx.horizon * fit_fraction(p)
        value += CAMP_WEIGHT * ctx.horizon * camp_count(p)
    return value


def evaluate_seat(state: BorealisState, seat: int) -> float:
    return evaluate(state.players[seat], make_context(state, seat))
