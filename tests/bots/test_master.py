"""The Master computer player (docs/rules.md §6): the Expert's search with larger fixed
budgets.
Legal, deterministic for a position, and made by the bot factory for "master". The
budgets are shrunk through the constructor so the file stays quick."""

from __future__ import annotations

import pytest

from spades_desktop.bots import BOT_FACTORIES, make_bot
from spades_desktop.bots.expert import ExpertBot
from spades_desktop.bots.master import (
    MASTER_BID_SAMPLES,
    MASTER_ENDGAME_TRICKS,
    MASTER_PLAY_BUDGET,
    MASTER_SAMPLES,
    MasterBot,
)
from spades_desktop.engine import Phase, Rules, apply_action, new_game, observe


def small() -> MasterBot:
    return MasterBot(samples=4, min_samples=2, play_budget=1500, endgame_samples=4,
                     bid_samples=6, blind_samples=6)


def test_master_is_the_expert_search_with_larger_budgets() -> None:
    master, expert = make_bot("master"), ExpertBot()
    assert isinstance(master, MasterBot) and BOT_FACTORIES["master"] is MasterBot
    assert master.name == "master"
    assert (master.samples, master.play_budget, master.bid_samples) == (
        MASTER_SAMPLES, MASTER_PLAY_BUDGET, MASTER_BID_SAMPLES)
    # docs/rules.md §6: four times the Expert's budgets, more tricks solved exactly at the end
    assert master.samples == 4 * expert.samples
    assert master.play_budget == 4 * expert.play_budget
    assert master.bid_samples == 4 * expert.bid_samples
    assert master.endgame_tricks == MASTER_ENDGAME_TRICKS > expert.endgame_tricks


def test_master_budgets_below_one_are_refused() -> None:
    with pytest.raises(ValueError):
        MasterBot(samples=0)


@pytest.mark.parametrize("game_number", [5, 11])
def test_master_plays_a_legal_hand_and_repeats_its_choices(game_number: int) -> None:
    """Every action is legal, and a second (fresh) Master given the same view picks the
    same action: the budgets count deals, not seconds."""
    state = new_game(Rules(), game_number)
    first, second = small(), small()
    plays = 0
    while state.current_player is not None and plays < 52:
        view = observe(state, state.current_player)
        action = first.choose_action(view, game_number)
        assert action in view.legal
        assert second.choose_action(view, game_number) == action
        assert first.choose_action(view, game_number) == action
        state = apply_action(state, action)
        plays += view.phase is Phase.PLAYING
    assert plays == 52
