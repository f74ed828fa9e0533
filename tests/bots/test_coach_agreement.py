"""A hint and the review of the same decision are one computation (docs/rules.md §6): a player
who always takes the coach's hint is never told by the review that it was a mistake,
and the review's best action at each decision is the hint's."""

from __future__ import annotations

from spades_desktop.bots import coach, make_bot
from spades_desktop.bots.coach import hint, review_hand
from spades_desktop.engine import (
    GameState,
    PlayerView,
    Rules,
    Seat,
    apply_action,
    decision_views,
    new_game,
    observe,
)

BUDGET = 16
"""Deals per search here (the agreement holds for any budget both use)."""


def hint_follower_hand(game_number: int) -> tuple[GameState, list[PlayerView]]:
    """Hand 1 of game ``game_number``: South always takes the coach's hint, the others
    are Normal bots. Returns the state after the hand and South's views with a real
    choice, as they were seen in play."""
    bots = {seat: make_bot("normal") for seat in Seat}
    state = new_game(Rules(), game_number)
    seen: list[PlayerView] = []
    while not state.hand_records:
        seat = state.current_player
        assert seat is not None
        view = observe(state, seat)
        if seat == Seat.SOUTH:
            action = hint(view, budget=BUDGET).best
            if len(view.legal) > 1:
                seen.append(view)
        else:
            action = bots[seat].choose_action(view, game_number)
        state = apply_action(state, action)
    return state, seen


def test_hint_and_review_use_the_same_budget() -> None:
    assert coach.HINT_BUDGET == coach.REVIEW_BUDGET


def test_following_the_hint_is_never_a_mistake() -> None:
    checked = 0
    for game_number in (3, 41, 2026):
        state, _seen = hint_follower_hand(game_number)
        record = state.hand_records[0]
        review = review_hand(record, state.rules, (), budget=BUDGET,
                             game_number=game_number)
        assert review.reviewed > 0
        for decision in review.decisions:
            assert not decision.mistake and decision.cost == 0
            assert decision.best == decision.made
            checked += 1
        assert review.mistakes == 0 and review.points_lost == 0
    assert checked >= 15


def test_the_reviews_best_is_the_hint_at_every_decision() -> None:
    """Whatever South played (here Normal bots play for South too), at each of South's
    reviewed decisions the review ranks first the hint for the view rebuilt there, with
    the same points, and a mistake's "best" is that hint."""
    for game_number in (5, 77):
        bots = {seat: make_bot("normal") for seat in Seat}
        state = new_game(Rules(), game_number)
        while not state.hand_records:
            seat = state.current_player
            assert seat is not None
            state = apply_action(state, bots[seat].choose_action(observe(state, seat),
                                                                 game_number))
        record = state.hand_records[0]
        review = review_hand(record, state.rules, (), budget=BUDGET,
                             game_number=game_number)
        steps = list(decision_views(record, state.rules, (), game_number=game_number))
        assert review.reviewed > 0
        for decision in review.decisions:
            view, _made = steps[decision.index]
            advice = hint(view, budget=BUDGET)
            assert decision.candidates[0].action == advice.best
            assert decision.candidates[0].points == advice.candidates[0].points
            if decision.mistake:
                assert decision.best == advice.best
