"""Step 2 of a turn: a trophic web (rulebook, Collect Trophic Web; rules spec §3.3.2 step 2 and
resolution rule 7). The player picks the cards one at a time from their ecosystem, one per colour,
4 or 5 colours with a green card among them; the cards go to the discard, not dead. The web scores 7
or 11 VP plus the VP its own WEB passives and the other passives it sets off give or take from the
collector (B70's drain): one VP change, never below 0. What else it sets off fires after (a chain).
"""

from __future__ import annotations

from itertools import combinations, product

from game.core import flow
from game.core.contract import Action
from game.core.errors import IllegalAction
from game.core.events import Events, Logged
from game.core.flow import Frame
from game.core.messages import msg, seat_ref
from game.ilan.abilities.notation import Triggered, Verb
from game.ilan.cards import card
from game.ilan.data import config
from game.ilan.passives import Happening, SetOff, fire, set_off
from game.ilan.places import score, to_discard
from game.ilan.state import CHAIN, Back, Done, IlanState, Pick


def colours(state: IlanState, cards: list[int]) -> set[str]:
    return {card(c).colour for c in cards}


def is_web(state: IlanState, cards: list[int]) -> bool:
    found = colours(state, cards)
    return len(found) == len(cards) and len(found) in config().web_points and config().web_needs in found


def web_ready(state: IlanState, seat: int) -> bool:
    """The seat's ecosystem holds a web (4 colours or more, green among them)."""
    found = colours(state, state.ecosystems[seat])
    return config().web_needs in found and len(found) >= min(config().web_points)


def web_legal(state: IlanState, frame: Frame) -> list[Action]:
    picked = frame.data["picked"]
    taken = colours(state, picked)
    actions: list[Action] = [Pick(c) for c in state.ecosystems[frame.seat]
                             if c in picked or card(c).colour not in taken]
    if is_web(state, picked):
        actions.append(Done())
    actions.append(Back())
    return actions


def web_step(state: IlanState, frame: Frame, action: Action, events: Events) -> None:
    picked = frame.data["picked"]
    if isinstance(action, Back):
        flow.end(state)
        return
    if isinstance(action, Done):
        if not is_web(state, picked):
            raise IllegalAction(msg("A web is 4 or 5 cards of different colours, a green one among them."))
        flow.end(state)
        collect(state, frame.seat, list(picked), events)
        return
    assert isinstance(action, Pick)
    if action.card in picked:
        picked.remove(action.card)
        return
    if action.card not in state.ecosystems[frame.seat]:
        raise IllegalAction(msg("Choose a card of your own ecosystem."))
    if card(action.card).colour in colours(state, picked):
        raise IllegalAction(msg("Your web already has a card of that colour."))
    picked.append(action.card)


def folds(passive: SetOff, seat: int) -> int | None:
    """What a passive set off by the web adds to its score (rule 7), or None when it does something
    else and fires on its own: gains or losses of a fixed number of VP for the collector."""
    ability = card(passive.card).abilities[passive.span]
    assert isinstance(ability, Triggered)
    total = 0
    for clause in ability.clauses:
        effect = clause.effect
        if not isinstance(effect, Verb) or effect.name not in ("gain", "lose") or clause.cond is not None:
            return None
        amount = effect.amount
        if amount is None or amount.per_hit or amount.count is not None:
            return None
        who = passive.owner if clause.subject == "you" else passive.actor if clause.subject == "actor" else None
        if who != seat:
            return None
        total += amount.n if effect.name == "gain" else -amount.n
    return total


def collect(state: IlanState, seat: int, cards: list[int], events: Events) -> None:
    """The web is collected: its cards to the discard (not dead), its score, then a chain."""
    for number in cards:
        to_discard(state, number, False, events)
    state.turn.web = True
    state.webs[seat] += 1
    total = web_score(state, seat, cards)
    record = state.records[seat]
    record.best_web = max(record.best_web, total)
    record.five_colour_webs += len(cards) == 5
    rest = [p for p in set_off(state, Happening("web", tuple(cards), actor=seat, before=seat))
            if folds(p, seat) is None]
    events.add(Logged(msg("{player} collects a trophic web of {n} colours for {vp} VP.", player=seat_ref(seat),
                          n=len(cards), vp=total)))
    state.reshuffled = []
    flow.call(state, CHAIN, seat)
    fire(state, rest)
    score(state, seat, total, "webs", events)


def web_score(state: IlanState, seat: int, cards: list[int]) -> int:
    """What collecting ``cards`` (a web of the seat's ecosystem) would score now, rule 7 included."""
    extra = 0
    for passive in set_off(state, Happening("web", tuple(cards), actor=seat, before=seat)):
        added = folds(passive, seat)
        extra += added or 0
    return max(0, config().web_points[len(cards)] + extra)


def best_web(state: IlanState, seat: int) -> tuple[int, list[int]] | None:
    """The web of the seat's ecosystem that would score most now (its VP and cards), or None."""
    by_colour: dict[str, list[int]] = {}
    for number in state.ecosystems[seat]:
        by_colour.setdefault(card(number).colour, []).append(number)
    if not web_ready(state, seat):
        return None
    best: tuple[int, list[int]] | None = None
    need, others = config().web_needs, sorted(c for c in by_colour if c != config().web_needs)
    for size in sorted(config().web_points):
        for chosen in combinations(others, size - 1):
            for cards in product(*(by_colour[c] for c in (need, *chosen))):
                vp = web_score(state, seat, list(cards))
                if best is None or vp > best[0]:
                    best = (vp, list(cards))
    return best
