"""Reading a position (POSITION.md): ``{"game": "ilan", ...}`` and the state's own JSON, refused with a
sentence naming the problem when the rules do not allow it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.codec import from_data, to_data
from game.core.errors import SaveError
from game.core.flow import Frame
from game.core.i18n import N_, _
from game.ilan.abilities.notation import SHIELDABLE, Active, Choose, Triggered, Verb
from game.ilan.abilities.run import clause_at
from game.ilan.cards import all_cards, card
from game.ilan.data import config, expeditions
from game.ilan.places import SOURCES
from game.ilan.state import ABILITY, CHAIN, CHOOSE, LIMITS, NEXT, PICK, TURN, WEB, IlanState

GAME = "ilan"
DECISIONS = (TURN, WEB, LIMITS, PICK, CHOOSE)
BELOW = {WEB: (TURN,), PICK: (ABILITY,), CHOOSE: (ABILITY,), ABILITY: (CHAIN, ABILITY), CHAIN: (TURN, NEXT, ABILITY)}
"""The frame each frame may sit on (the bottom one is the turn's: turn, limits, or the next turn's
chain after the limits)."""
KINDS = ("active", "reactivated", "factors", "passive")
ABILITY_DATA = {"card": int, "span": int, "kind": str, "at": list, "hit": int, "owner": int, "actor": int,
                "that": int}
CHOICE_DATA = {"card": int, "span": int, "at": list, "owner": int, "actor": int, "that": int, "picked": list,
               "said_yes": bool}


def state_from_position(data: Any) -> IlanState:
    if not isinstance(data, dict):
        raise SaveError(_("A position is a table of the game's parts."))
    if data.get("game", GAME) != GAME:
        raise SaveError(_('This position is not for {name}: its "game" names another game.').format(
            name="ILAN"))
    state = from_data(IlanState, {k: v for k, v in data.items() if k != "game"}, "The position")
    return checked_state(state)


def position_from_state(state: IlanState) -> dict[str, Any]:
    return {"game": GAME, **to_data(state)}


def fail(text: str, **params: Any) -> SaveError:
    return SaveError(_(text).format(**params))


def checked_state(state: IlanState) -> IlanState:
    """``state`` if the rules allow it; SaveError otherwise."""
    n = len(state.hands)
    if not 2 <= n <= 5 or any(len(x) != n for x in (state.ecosystems, state.vp, state.sources, state.webs,
                                                      state.expeditions, state.records)):
        raise fail(N_("ILAN is for 2 to 5 players, each with a hand, an ecosystem, a score and an expedition."))
    keys = [e.key for e in expeditions()]
    if len(set(state.expeditions)) != n or any(k not in keys for k in state.expeditions):
        raise fail(N_("Each player leads a different expedition of the game."))
    rules = config()
    if state.target != (rules.kids_target if state.kids else rules.target) or state.round_cap != rules.round_cap:
        raise fail(N_("A game is played to {n} VP ({kids} in kids' mode), for at most {cap} rounds."),
                   n=rules.target, kids=rules.kids_target, cap=rules.round_cap)
    if not 0 <= state.first < n or state.winner not in (-1, *range(n)) or not 1 <= state.round <= state.round_cap \
            or state.turns < 0 or state.turns > state.round * n:
        raise fail(N_("The first player, the winner, the round and the turns must fit the game."))
    _check_cards(state)
    _check_scores(state)
    _check_turn(state)
    _check_flow(state)
    return state


def _check_cards(state: IlanState) -> None:
    cards = all_cards().cards
    piles = [*state.hands, *state.ecosystems, state.current, state.bio_deck, state.factors_deck, state.bio_discard,
             state.factors_discard, state.played, state.box]
    if Counter(c for pile in piles for c in pile) != Counter(range(len(cards))):
        raise fail(N_("Each of the 108 cards must be in one place, once."))
    bio_only = [*state.ecosystems, state.current, state.bio_deck, state.bio_discard]
    if any(not card(c).bio for pile in bio_only for c in pile) or \
            any(card(c).bio for pile in (state.factors_deck, state.factors_discard, state.played) for c in pile):
        raise fail(N_("Ecosystems, the Current and the biodiversity piles hold biodiversity cards; the factors "
                      "piles hold factors cards."))
    if state.kids != bool(state.box) or (state.kids and sorted(state.box) != list(all_cards().factors)):
        raise fail(N_("Kids' mode leaves the factors cards in the box, and only kids' mode does."))
    if len(set(state.dead)) != len(state.dead) or any(c not in state.bio_discard for c in state.dead):
        raise fail(N_("Only cards in the biodiversity discard pile can be dead, each once."))
    if len(state.played) > 1:
        raise fail(N_("At most one factors card is being resolved at a time."))


def _check_scores(state: IlanState) -> None:
    for seat, (vp, sources) in enumerate(zip(state.vp, state.sources, strict=True)):
        if set(sources) - set(SOURCES) or sum(sources.values()) != vp or not 0 <= vp < 100:
            raise fail(N_("A player's VP must add up from webs, abilities, passives and factors cards."))
        if (vp >= state.target) != (seat == state.winner):
            raise fail(N_("Only the winner has reached the target, and the winner has."))
        record = state.records[seat]
        if min(state.webs[seat], record.five_colour_webs, record.best_web, record.devoured,
               record.most_in_ecosystem) < 0 or record.five_colour_webs > state.webs[seat] or record.best_web > 60:
            raise fail(N_("A player's counts of webs and cards cannot be negative or out of reach."))
    if state.winner >= 0 and state.flow:
        raise fail(N_("The game ends at once when a player reaches the target."))


def _check_turn(state: IlanState) -> None:
    t, n = state.turn, len(state.hands)
    seat = state.flow[0].seat if state.flow else 0
    if not 0 <= t.bio_plays <= 6 or any(c not in state.ecosystems[seat] for c in t.extras_used):
        raise fail(N_("The turn's plays must be the active player's."))
    if len(set(state.reshuffled)) != len(state.reshuffled) or set(state.reshuffled) - {"bio", "factors"}:
        raise fail(N_("A deck is reshuffled at most once in a chain."))
    for shield in state.protections:
        active = card(shield.card).active if 0 <= shield.card < len(all_cards().cards) else None
        if not 0 <= shield.seat < n or active is None or set(shield.verbs) - set(SHIELDABLE) or not any(
                isinstance(c.effect, Verb) and c.effect.name == "protect" for c in active.clauses):
            raise fail(N_("A protection must come from a card that protects, for a player of the game."))


def _check_frame_data(state: IlanState, frame: Frame, want: dict[str, type]) -> None:
    data = frame.data
    extra = set(data) - set(want) - {"begun", "self_trigger", "returned"}
    if extra or any(type(data.get(k)) is not t for k, t in want.items()):
        raise fail(N_("The data of the frame {name} must be exactly: {keys}."), name=frame.name,
                   keys=", ".join(f"{k} ({t.__name__})" for k, t in want.items()))
    n, total = len(state.hands), len(all_cards().cards)
    if not 0 <= data["card"] < total or not 0 <= data["span"] < len(card(data["card"]).abilities):
        raise fail(N_("The frame {name} names an ability no card has."), name=frame.name)
    ability = card(data["card"]).abilities[data["span"]]
    if not isinstance(ability, (Active, Triggered)) or not data["at"] or len(data["at"]) % 2 != 1 \
            or any(type(i) is not int or not 0 <= i < 20 for i in data["at"]):
        raise fail(N_("The frame {name} must point at a clause of its ability."), name=frame.name)
    try:
        clause = clause_at(data)
    except (AssertionError, IndexError):
        clause = None
    if clause is None and frame.name != ABILITY:
        raise fail(N_("The frame {name} must point at a clause of its ability."), name=frame.name)
    if frame.name == PICK and (clause is None or not isinstance(clause.effect, Verb)):
        raise fail(N_("A choice of cards answers a clause that acts on cards."))
    if frame.name == CHOOSE and (clause is None or not isinstance(clause.effect, Choose)):
        raise fail(N_("A choice between two options answers a clause that offers two."))
    if any(not -1 <= data[k] < n for k in ("owner", "actor")) or not -1 <= data["that"] < total:
        raise fail(N_("The frame {name} names a player or a card the game does not have."), name=frame.name)
    if "picked" in data and (len(set(data["picked"])) != len(data["picked"])
                             or any(type(c) is not int or not 0 <= c < total for c in data["picked"])):
        raise fail(N_("The cards picked must be cards of the game, each once."))
    if frame.name == ABILITY and data["kind"] not in KINDS:
        raise fail(N_("An ability is a card's own, run again, a factors card's or a passive one."))


def _check_flow(state: IlanState) -> None:
    n = len(state.hands)
    flow = state.flow
    if not flow:
        if state.winner < 0 and state.round < state.round_cap:
            raise fail(N_("The game is over, yet nobody won and the round cap was not reached."))
        return
    if flow[0].name not in (TURN, LIMITS, NEXT) or flow[-1].name not in DECISIONS:
        raise fail(N_("The position must be a moment in a player's turn when someone decides."))
    for below, frame in zip(flow, flow[1:], strict=False):
        if below.name not in BELOW.get(frame.name, ()):
            raise fail(N_("The position's frames are not a moment of the game."))
    for frame in flow:
        if not 0 <= frame.seat < n or any(not 0 <= s < n for s in frame.queue):
            raise fail(N_("Every frame of the position must ask a seat of the game."))
        if (frame.subjects or frame.answers or frame.queue) and frame.name not in (PICK, CHOOSE):
            raise fail(N_("Only a choice of an ability asks several players in turn."))
        if frame.subjects and len(frame.subjects) != 1 + len(frame.queue):
            raise fail(N_("A choice asks each of its players once."))
        for answer in frame.answers:
            given = answer.get("answer") if isinstance(answer, dict) else None
            if frame.name == PICK and not (isinstance(given, dict) and set(given) == {"yes", "picks"}
                                           and type(given["yes"]) is bool and isinstance(given["picks"], list)
                                           and all(type(c) is int for c in given["picks"])):
                raise fail(N_("Each answer to a choice of cards says yes or no and the cards chosen."))
            if frame.name == CHOOSE and given not in (0, 1):
                raise fail(N_("Each answer to a choice between two options is the first or the second."))
        if frame.name == ABILITY:
            _check_frame_data(state, frame, ABILITY_DATA)
        elif frame.name in (PICK, CHOOSE):
            _check_frame_data(state, frame, CHOICE_DATA)
        elif frame.name == WEB:
            picked = frame.data.get("picked")
            if set(frame.data) != {"picked"} or not isinstance(picked, list) or \
                    any(c not in state.ecosystems[frame.seat] for c in picked) or len(set(picked)) != len(picked):
                raise fail(N_("A web is picked from its player's own ecosystem."))
        elif frame.data:
            raise fail(N_("The frame {name} holds no data."), name=frame.name)
    for fired in [*state.triggers.batch, *state.triggers.waiting]:
        if fired.name != ABILITY or not 0 <= fired.seat < n:
            raise fail(N_("A passive waiting to fire belongs to a player of the game."))
        _check_frame_data(state, Frame(ABILITY, fired.seat, fired.data), ABILITY_DATA)
