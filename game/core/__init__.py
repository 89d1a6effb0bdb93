"""The rules contract shared by every game (game/core/CONTRACT.md)."""

from game.core.contract import (
    HIDDEN,
    Action,
    FrozenDict,
    Game,
    GameInfo,
    Options,
    Resolver,
    Result,
    State,
    Term,
    Transition,
    Variant,
)
from game.core.errors import IllegalAction, InvalidAction, SaveError
from game.core.events import HIDDEN_THING, Changed, Event, Events, Logged, Moved, Revealed, Scored, Shuffled
from game.core.flow import Frame
from game.core.messages import Msg, msg, msg_n
from game.core.prompt import Button, Choice, Prompt
from game.core.rng import Rng
from game.core.spaces import ActionSpace, ContinuousSpace, ListSpace, Param, UnionSpace
from game.core.stages import Stage, StagedGame

__all__ = [
    "HIDDEN",
    "HIDDEN_THING",
    "Action",
    "ActionSpace",
    "Button",
    "Changed",
    "Choice",
    "ContinuousSpace",
    "Event",
    "Events",
    "Frame",
    "FrozenDict",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidAction",
    "ListSpace",
    "Logged",
    "Moved",
    "Msg",
    "Options",
    "Param",
    "Prompt",
    "Resolver",
    "Result",
    "Revealed",
    "Rng",
    "SaveError",
    "Scored",
    "Shuffled",
    "Stage",
    "StagedGame",
    "State",
    "Term",
    "Transition",
    "UnionSpace",
    "Variant",
    "msg",
    "msg_n",
]
