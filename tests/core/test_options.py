"""The setup side of the contract: variants that hold for some player counts only, colours a game fixes
for its seats, the options check and deal every game's new_game shares, and bots() declared."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest

from game.borealis.rules import RULES as BOREALIS
from game.core.bots import RandomBot, bot_for
from game.core.codec import to_data
from game.core.contract import Game, GameInfo, Options, OptionsError, Result, SeatColour, State, Variant
from game.core.history import History
from game.core.i18n import set_language
from game.core.record import Record
from game.core.rng import Rng
from game.core.search import SearchBot
from game.iluliaq.rules import RULES as ILULIAQ
from tests.toys import fanout

AVALANCHE = fanout.RULES


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield
    set_language("en")


def refusal(game: Game, options: Options) -> str:
    with pytest.raises(OptionsError) as caught:
        game.new_game(options, 1)
    return str(caught.value)


# --- variants for some player counts ----------------------------------------------------------


def test_a_variant_says_which_player_counts_it_holds_for():
    mountain = AVALANCHE.info.variants[0]
    assert mountain.players == (2, 3)
    assert [n for n in range(2, 5) if mountain.holds_for(n)] == [2, 3]
    assert Variant("v", "V", (("a", "A"),)).holds_for(6)  # no counts given: every count
    counts = ((2,), (2, 3), (2, 3, 4), (2, 4, 6))
    words = [Variant("v", "V", (("a", "A"),), players=p).counts().render() for p in counts]
    assert words == ["2 players", "2 or 3 players", "2 to 4 players", "2, 4 or 6 players"]


def test_option_sets_offer_a_variant_only_at_the_counts_it_holds_for():
    sets = AVALANCHE.option_sets()
    six = sorted(o.players for o in sets if o.variants["mountain"] == "6")
    assert six == [2, 3]
    assert {o.players for o in sets} == {2, 3, 4}
    for options in sets:
        AVALANCHE.new_game(options, 1)  # every set the conformance suite plays can be set up


def test_a_variant_at_a_count_it_does_not_hold_for_is_refused_with_a_sentence():
    options = Options(players=4, variants={"mountain": "6"})
    assert refusal(AVALANCHE, options) == "Six rows is only for 2 or 3 players."
    AVALANCHE.new_game(Options(players=4, variants={"mountain": "4"}), 1)  # its default is the game at 4
    assert AVALANCHE.new_game(Options(players=3, variants={"mountain": "6"}), 1).summit == 6


def test_an_unknown_option_or_choice_is_refused_with_a_sentence():
    assert refusal(AVALANCHE, Options(players=2, variants={"weather": "storm"})) == (
        "Avalanche (toy) has no option called weather.")
    assert refusal(AVALANCHE, Options(players=2, variants={"mountain": "9"})) == "Mountain has no choice called 9."


# --- the base class's new_game ----------------------------------------------------------------


@pytest.mark.parametrize("game", [BOREALIS, ILULIAQ, AVALANCHE], ids=lambda g: g.info.id)
def test_new_game_refuses_a_player_count_the_game_is_not_for(game):
    info = game.info
    for players in (info.min_players - 1, info.max_players + 1):
        assert refusal(game, game.default_options(1) if players < 1 else Options(players=players)) == (
            f"{info.name} is for {info.min_players} to {info.max_players} players.")


def test_a_refusal_is_a_value_error_a_record_reports_as_a_save_error():
    assert issubclass(OptionsError, ValueError)
    record = Record(AVALANCHE.info.id, AVALANCHE.version, Options(players=4, variants={"mountain": "6"}), 1)
    with pytest.raises(ValueError, match="only for 2 or 3 players"):
        History.from_record(record)


@dataclasses.dataclass
class TallyState(State):
    players: int = 0
    variant: str = ""
    colours: tuple[str, ...] = ()


class Tally(Game[TallyState]):
    """A game that writes only its deal."""

    info = GameInfo("tally", "Tally", 2, 3, "", variants=(Variant("v", "V", (("a", "A"), ("b", "B"))),),
                    seat_colours=(SeatColour("fox", "Fox", "#D55E00", "star"),
                                  SeatColour("owl", "Owl", "#0072B2", "cross"),
                                  SeatColour("elk", "Elk", "#009E73", "hexagon")))
    state_type = TallyState
    action_types = ()

    def deal(self, options: Options, rng: Rng) -> TallyState:
        return TallyState(rng=rng, players=options.players, variant=options.variants["v"],
                          colours=tuple(c.key for c in self.colours_of(options)))

    def legal_actions(self, state):
        return []

    def step(self, state, action, events=None):
        raise AssertionError

    def view(self, state, seat):
        return state

    def result(self, state):
        return Result((0,), (0,), (), ({},), True)

    def components(self, state):
        return Counter()


def test_a_game_that_writes_only_its_deal_gets_checked_options_defaults_and_a_seeded_rng():
    state = Tally().new_game(Options(players=2), 42)
    assert state.rng == Rng.from_seed(42)
    assert state.variant == "a"  # the variant it left out, at its default
    assert state.colours == ("fox", "owl")  # the seats' colours dealt in the order the game lists them
    with pytest.raises(OptionsError):
        Tally().new_game(Options(players=4), 42)


def test_the_player_count_refusal_says_the_counts_as_a_variant_does():
    class Duel(Tally):
        info = dataclasses.replace(Tally.info, id="duel", name="Duel", max_players=2)

    assert refusal(Tally(), Options(players=4)) == "Tally is for 2 or 3 players."  # not "2 to 3"
    assert refusal(AVALANCHE, Options(players=5)) == "Avalanche (toy) is for 2 to 4 players."
    assert refusal(Duel(), Options(players=3)) == "Duel is for 2 players."
    set_language("it")
    assert refusal(Tally(), Options(players=4)) == "Tally prevede 2 o 3 giocatori."
    assert refusal(AVALANCHE, Options(players=5)) == "Avalanche (toy) prevede da 2 a 4 giocatori."
    assert refusal(Duel(), Options(players=3)) == "Duel prevede 2 giocatori."


def test_borealis_and_iluliaq_deal_the_same_as_before_from_the_same_seed():
    for game in (BOREALIS, ILULIAQ):
        for options in game.option_sets():
            a, b = game.new_game(options, 7), game.new_game(options, 7)
            assert game.state_to_json(a) == game.state_to_json(b)
            assert a.rng != Rng.from_seed(7)  # the deal drew from the RNG it keeps


# --- colours a game fixes for its seats -------------------------------------------------------


def test_a_game_declares_its_seats_colours_each_with_a_name_and_a_shape():
    ropes = AVALANCHE.info.seat_colours
    assert [(c.key, c.shape) for c in ropes] == [("red", "triangle"), ("gold", "square"), ("teal", "diamond"),
                                                 ("violet", "star")]
    assert all(c.name and c.rgb.startswith("#") for c in ropes)
    assert BOREALIS.info.seat_colours == () and ILULIAQ.info.seat_colours == ()
    with pytest.raises(ValueError):
        SeatColour("x", "X", "#000000", "blob")
    with pytest.raises(ValueError):  # four seats, three colours
        dataclasses.replace(AVALANCHE.info, seat_colours=ropes[:3])


def test_options_say_each_seats_colour_and_the_game_deals_them_in_order_by_default():
    assert [c.key for c in AVALANCHE.colours_of(Options(players=3))] == ["red", "gold", "teal"]
    chosen = Options(players=2, colours=("violet", "red"))
    assert [c.key for c in AVALANCHE.colours_of(chosen)] == ["violet", "red"]
    AVALANCHE.new_game(chosen, 1)
    assert any(o.colours for o in AVALANCHE.option_sets())  # conformance plays a chosen set too


@pytest.mark.parametrize(("colours", "why"), [
    (("red",), "Give each of the 2 seats a colour."),
    (("red", "red"), "Two seats cannot have the same colour."),
    (("red", "pink"), "Avalanche (toy) has no colour called pink."),
])
def test_seat_colours_the_game_does_not_have_are_refused_with_a_sentence(colours, why):
    assert refusal(AVALANCHE, Options(players=2, colours=colours)) == why


def test_a_game_without_colours_of_its_own_refuses_seat_colours():
    assert refusal(BOREALIS, Options(players=2, colours=("red", "gold"))) == (
        "Borealis: Arctic Expeditions has no colours of its own for the seats.")


def test_records_without_seat_colours_are_written_as_before_and_those_with_them_round_trip():
    plain = to_data(Record("borealis", 2, BOREALIS.default_options(2), 3))
    assert "colours" not in plain["options"]  # saves and playthroughs unchanged
    record = Record(AVALANCHE.info.id, 1, Options(players=2, colours=("teal", "gold")), 3)
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert again.options == record.options and again.options.colours == ("teal", "gold")
    assert hash(again.options) != hash(dataclasses.replace(again.options, colours=()))


# --- bots() in the contract -------------------------------------------------------------------


def test_bots_is_part_of_the_contract_and_a_game_without_its_own_falls_back():
    assert "bots" in Game.__dict__ and Game.bots.__doc__
    assert Tally().bots() == {}
    assert isinstance(bot_for(Tally(), "easy"), RandomBot)
    assert isinstance(bot_for(Tally(), "normal"), RandomBot)
    assert isinstance(bot_for(Tally(), "hard"), SearchBot)
    assert set(AVALANCHE.bots()) == {"easy", "normal"}


def test_a_game_that_writes_no_setup_is_refused_when_its_class_is_made():
    import pytest as _pytest

    from game.core.contract import Game, GameInfo

    with _pytest.raises(TypeError, match="must write deal"):
        class NoSetup(Game):  # noqa: F841 - refused as it is defined
            info = GameInfo(id="toy_no_setup", name="No setup", min_players=2, max_players=2, cover="")
