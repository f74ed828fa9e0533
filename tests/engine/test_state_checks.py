"""Positions are checked where they enter the engine from outside it: the public
functions take only a GameState, and a GameState built from items (``replace``,
unpickling, a caller's tuple) must have a position's types and ranges. The compiled
engine reads positions without checks of its own, so a malformed one must never reach
it (a list where a tuple belongs made it crash). Each test runs on the installed module
(compiled where it could be built) and on ``state.py`` loaded from its source."""

from __future__ import annotations

import copy
import pickle
import types
from collections.abc import Callable
from pathlib import Path

import pytest

import spades_desktop.engine.state as installed
from spades_desktop.engine import Bid, GameState, Rules


@pytest.fixture(scope="module", params=["installed", "source"])
def engine(request: pytest.FixtureRequest,
           load_source: Callable[[str, Path], types.ModuleType]) -> types.ModuleType:
    if request.param == "installed":
        return installed
    return load_source("spades_desktop.engine._checked_state_source",
                       Path(installed.__file__).with_name("state.py"))


def _playing(engine: types.ModuleType) -> GameState:
    state = engine.new_game(Rules(), 7)
    for _ in range(4):
        state = engine.apply_action(state, Bid(3))
    return engine.apply_action(state, engine.legal_actions(state)[0])  # a trick in play


@pytest.mark.parametrize("bad", [None, 0, "state", [], (), "x" * 10])
def test_the_public_functions_take_only_a_game_state(engine: types.ModuleType,
                                                     bad: object) -> None:
    state = _playing(engine)
    card = engine.legal_actions(state)[0]
    for value in (bad, list(state), tuple(state)):
        with pytest.raises(TypeError, match="Expected a GameState"):
            engine.legal_actions(value)
        with pytest.raises(TypeError, match="Expected a GameState"):
            engine.apply_action(value, card)
        with pytest.raises(TypeError, match="Expected a GameState"):
            engine.explain_illegal(value, Bid(3))


def _with(state: GameState, index: int, value: object) -> list[object]:
    items = list(state)
    items[index] = value
    return items


def test_a_game_state_from_items_must_be_a_position(engine: types.ModuleType) -> None:
    state = _playing(engine)
    game_state = engine.GameState
    assert game_state(tuple(state)) == state  # the items of a real position are accepted
    table = state[8]
    bad_items = {
        "short": list(state)[:9],
        "seat 4": _with(state, 0, 4),
        "seat as bool": _with(state, 0, True),
        "mask past 56 bits": _with(state, 1, 1 << 56),
        "negative mask": _with(state, 2, -1),
        "trick None": _with(state, 5, None),
        "trick a list": _with(state, 5, list(state[5])),
        "broken 0": _with(state, 6, 0),
        "phase a string": _with(state, 7, "playing"),
        "table a tuple": _with(state, 8, tuple(table)),
        "bids a list": _with(state, 8, table._replace(bid_list=list(table.bid_list))),
        "winner an int": _with(state, 8, table._replace(trick_winners=(4,),
                                                       tricks=((None,) * 4,))),
        "records a list": _with(state, 8, table._replace(
            hand=table.hand._replace(hand_records=[]))),
        "dealt past 56 bits": _with(state, 8, table._replace(
            hand=table.hand._replace(dealt=(1 << 60, 0, 0, 0)))),
    }
    for name, items in bad_items.items():
        with pytest.raises((TypeError, ValueError)):
            game_state(items)
            pytest.fail(name)


def test_replace_checks_and_normalises_what_it_is_given(engine: types.ModuleType) -> None:
    state = _playing(engine)
    with pytest.raises(ValueError):
        state.replace(trick_winners=(4,), trick_counts=(0, 0, 0, 0))
    with pytest.raises((TypeError, ValueError)):
        state.replace(hand_masks=(1 << 63, 0, 0, 0))
    broken = state.replace(spades_broken=1)
    assert broken.spades_broken is True
    assert broken == state.replace(spades_broken=True)


def test_copies_and_pickles_are_equal_positions() -> None:
    state = _playing(installed)
    for other in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert type(other) is GameState and other == state
        assert installed.legal_actions(other) == installed.legal_actions(state)
