"""The bot interface: levels, turn checks, views only, determinism (docs/rules.md §6)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import typing
from pathlib import Path

import pytest

import spades_desktop.bots as bots_pkg
from spades_desktop.bots import LEVELS, EasyBot, ExpertBot, MasterBot, NormalBot, make_bot
from spades_desktop.bots.base import view_seed
from spades_desktop.engine import (
    Action,
    Bid,
    GameState,
    Phase,
    PlayerView,
    Rules,
    Seat,
    action_to_str,
    apply_action,
    cards_to_mask,
    iter_mask,
    new_game,
    observe,
)

from .play import bots_for, play_game

PACKAGE_DIR = Path(bots_pkg.__file__).parent


def levels_slow_at(*slow: str) -> list:
    """Every level, those in ``slow`` marked ``slow`` (a test over 3 s at that level)."""
    return [pytest.param(level, marks=pytest.mark.slow) if level in slow else level
            for level in LEVELS]


def test_levels_and_make_bot() -> None:
    assert LEVELS == ("easy", "normal", "expert", "master")
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("normal"), NormalBot)
    assert isinstance(make_bot("expert"), ExpertBot)
    assert isinstance(make_bot("master"), MasterBot)
    assert [make_bot(level).name for level in LEVELS] == list(LEVELS)
    assert make_bot("normal") is not make_bot("normal")


@pytest.mark.parametrize("level", ["", "Normal", "hard", "expert "])
def test_make_bot_rejects_unknown_levels(level: str) -> None:
    with pytest.raises(ValueError, match="Unknown difficulty"):
        make_bot(level)


@pytest.mark.parametrize("level", LEVELS)
def test_choose_action_refuses_when_not_this_seats_turn(level: str) -> None:
    state = new_game(Rules(), 3)
    assert state.current_player == Seat.SOUTH
    bot = make_bot(level)
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        with pytest.raises(ValueError, match="not .* turn"):
            bot.choose_action(observe(state, seat), 3)
    assert bot.choose_action(observe(state, Seat.SOUTH), 3) in observe(state, Seat.SOUTH).legal


@pytest.mark.parametrize("level", LEVELS)
def test_choose_action_refuses_a_game_state(level: str) -> None:
    """A bot is given only a PlayerView; the full state (with hidden hands) is refused."""
    state = new_game(Rules(), 3)
    with pytest.raises(TypeError, match="PlayerView"):
        make_bot(level).choose_action(state, 3)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", LEVELS)
def test_choose_action_is_annotated_with_player_view(level: str) -> None:
    hints = typing.get_type_hints(type(make_bot(level)).choose_action)
    assert hints["view"] is PlayerView
    assert hints["game_number"] is int


def test_bot_sources_never_touch_hidden_state() -> None:
    """No bot module reads the engine's hidden hand masks or the global random generator.
    (No Qt, no GameState, observe or replay: import contracts in pyproject.toml.)"""
    for source in PACKAGE_DIR.glob("*.py"):
        text = source.read_text(encoding="utf-8")
        assert "hand_masks" not in text, source
        # Randomness only through a seeded random.Random, never the global generator.
        assert not re.search(r"\brandom\.(random|choice|randint|randrange|shuffle|seed)\(",
                             text), source


def _shuffle_hidden_hands(state: GameState, seat: Seat, salt: int) -> GameState:
    """The same position with the other three hands' cards redistributed (same sizes)."""
    others = [s for s in Seat if s != seat]
    pool = sorted((c for s in others for c in iter_mask(state.hand_masks[s])),
                  key=lambda c: (c.index * 7919 + salt * 104729) % 52)
    masks = list(state.hand_masks)
    start = 0
    for s in others:
        size = state.hand_masks[s].bit_count()
        masks[s] = cards_to_mask(pool[start:start + size])
        start += size
    return state.replace(hand_masks=tuple(masks))


@pytest.mark.parametrize("level", levels_slow_at("expert", "master"))
def test_other_hands_do_not_matter(level: str) -> None:
    """At every decision of a game, redealing the three hidden hands changes nothing: the
    acting seat's view — the only thing the bot gets — and its action stay the same."""
    state = new_game(Rules(target_score=250), 11)  # two hands are played, even by Master
    bots = bots_for((level,) * 4)
    decisions = 0
    while not state.is_terminal and state.hand_number <= 2:
        seat = state.current_player
        assert seat is not None
        view = observe(state, seat)
        action = bots[seat].choose_action(view, 11)
        for salt in (1, 2):
            other = _shuffle_hidden_hands(state, seat, salt)
            if salt == 1 and state.phase is Phase.PLAYING and len(state.tricks) < 10:
                assert other.hand_masks != state.hand_masks
            assert make_bot(level).choose_action(observe(other, seat), 11) == action
        state = apply_action(state, action)
        decisions += 1
    assert decisions >= 100


@pytest.mark.parametrize("level", levels_slow_at("master"))
def test_same_view_same_action_across_fresh_bots(level: str) -> None:
    state = new_game(Rules(target_score=100), 5)
    for _ in range(30):
        seat = state.current_player
        assert seat is not None
        view = observe(state, seat)
        first = make_bot(level).choose_action(view, 5)
        again = make_bot(level).choose_action(observe(state, seat), 5)
        assert first == again
        state = apply_action(state, first)


def test_easy_depends_on_the_game_number_not_on_chance() -> None:
    """Easy's random choices are fixed by the view and the game number: the same inputs
    give the same card, and over many positions other game numbers give other cards."""
    bot = EasyBot()
    state = new_game(Rules(), 9)
    for _ in range(4):
        state = apply_action(state, Bid(3))
    view = observe(state, Seat.SOUTH)
    choices = {bot.choose_action(view, g) for g in range(40)}
    assert len(choices) > 1
    assert all(bot.choose_action(view, g) == bot.choose_action(view, g) for g in range(40))
    assert view_seed(view, 9) == view_seed(observe(state, Seat.SOUTH), 9)
    assert view_seed(view, 9) != view_seed(view, 10)


_REPLAY_SCRIPT = """
from spades_desktop.bots import make_bot
from spades_desktop.engine import Rules, Seat, new_game, observe, apply_action, action_to_str
out = []
for game in (2, 3):
    bots = {s: make_bot(("easy", "normal")[(game + s) % 2]) for s in Seat}
    state = new_game(Rules(target_score=100), game)
    while not state.is_terminal:
        a = bots[state.current_player].choose_action(observe(state, state.current_player), game)
        out.append(action_to_str(a))
        state = apply_action(state, a)
print(",".join(out))
"""


def test_same_games_in_other_processes() -> None:
    """Whole games replay identically in fresh interpreters with different string-hash
    salts (no ``hash()`` of strings, no global ``random``)."""
    expected: list[str] = []
    for game in (2, 3):
        levels = tuple(("easy", "normal")[(game + s) % 2] for s in Seat)

        def record(state: GameState, view: PlayerView, action: Action) -> None:
            expected.append(action_to_str(action))

        play_game(bots_for(levels), game, Rules(target_score=100), record)
    for salt in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": salt}
        done = subprocess.run([sys.executable, "-c", _REPLAY_SCRIPT], capture_output=True,
                              text=True, timeout=120, env=env)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == ",".join(expected)
