"""The review's two lines about a card: the coach's verdict (points, on the deals that fit
what South saw) and the double-dummy count (tricks, every card known) say what each
measures, and never read as contradicting each other."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QLabel

from spades_desktop.bots.coach import Candidate, Decision, HandReview, Reason, TrickReview
from spades_desktop.engine import (
    Bid,
    HandRecord,
    Phase,
    Rules,
    Seat,
    apply_action,
    legal_actions,
    new_game,
    parse_card,
)
from spades_desktop.ui.review import ReviewWindow

from .helpers import child
from .test_coach_ui import played_game

REVIEW_BUDGET = 240
"""Deals per decision in these reviews: enough for the coach to mark mistakes."""


def high_south_game(game_number: int) -> tuple[tuple[HandRecord, ...], Rules]:
    """One finished hand: everyone bids 3; South plays its highest legal card (by rank,
    then suit), the others their first legal card."""
    rules = Rules()
    state = new_game(rules, game_number)
    while not state.hand_records:
        if state.phase is Phase.BIDDING:
            state = apply_action(state, Bid(3))
            continue
        legal = legal_actions(state)
        if state.current_player is Seat.SOUTH:
            state = apply_action(state, max(legal, key=lambda c: (c.rank, c.suit)))
        else:
            state = apply_action(state, legal[0])
    return state.hand_records, rules


def texts_at(review: ReviewWindow, step: int) -> tuple[str, str]:
    """The verdict and the double-dummy line ``review`` shows at ``step``."""
    review.go_to(step)
    return (child(review, QLabel, "decision").text(),
            child(review, QLabel, "doubleDummy").text())


def test_a_card_that_keeps_the_most_tricks_but_costs_points_says_so(qtbot) -> None:
    """A mistake in points whose card takes as many tricks, all cards known, as the best
    one (the coach's best card among the double-dummy best too): the double-dummy line
    counts tricks, names the card as one of the best for tricks and puts its cost in
    points; the verdict says "Mistake" and the points."""
    records, rules = played_game(1)
    record = records[0]
    step = 5
    made = next(c for s, c in record.tricks[step - 1].plays if s is Seat.SOUTH)
    later = next(c for s, c in record.tricks[step].plays if s is Seat.SOUTH)
    decision = Decision(index=step, kind="card", trick=step, made=made, best=later,
                        cost=6.0, mistake=True, reason=Reason.PLAY_LOW,
                        candidates=(Candidate(later, 10.0), Candidate(made, 4.0)))
    tricks = tuple(TrickReview(n, 1, (made, later)) if n == step else TrickReview(n, None, ())
                   for n in range(1, 14))
    made_review = HandReview(1, (decision,), tricks, 1, 1, 6.0)
    review = ReviewWindow(records, 0, rules, review_fn=lambda *_a, **_k: made_review)
    qtbot.addWidget(review)
    with qtbot.waitSignal(review.analysis_finished, timeout=10_000):
        pass
    verdict, dd = texts_at(review, step)
    assert verdict.startswith(f"✗ Mistake: you chose {made.label}; best: {later.label} — cost 6 ")
    assert re.fullmatch(
        r"With all cards known, counting tricks only: North–South take 1 trick(\(s\))? from "
        rf"here, this one included; most tricks with: {made.label} {later.label}\. "
        rf"Your {made.label} is one of them: its cost is in points \(bags, Nil, contracts\), "
        r"on the deals that fit what you saw\.", dd), dd
    review.close()


@pytest.mark.parametrize("game_number", [1, 2, 3])
def test_the_verdict_and_the_double_dummy_line_agree(qtbot, game_number) -> None:
    """For every card of a reviewed hand with a double-dummy count, read from the two
    lines shown: the double-dummy line says whether the card chosen is among its cards
    for the most tricks, and as the card is: one of them or one that takes fewer. Only a
    mistake (in points) whose card keeps the most tricks says where its cost is; only a
    good choice that takes fewer tricks says that it scores as well in points. These
    hands hold both cases (else the test would prove nothing)."""
    records, rules = high_south_game(game_number)
    review = ReviewWindow(records, 0, rules, budget=REVIEW_BUDGET, game_number=game_number)
    qtbot.addWidget(review)
    with qtbot.waitSignal(review.analysis_finished, timeout=120_000) as finished:
        pass
    assert finished.args == ["done"]
    cases: set[tuple[bool, bool]] = set()
    for step in range(1, 14):
        verdict, dd = texts_at(review, step)
        chose = re.search(r"[Yy]ou chose (\S+?)[;:]", verdict)
        listed = re.search(r"most tricks with: (.*?)\.", dd)
        if chose is None or listed is None:  # no real choice, or no count
            assert "one of them" not in dd and "takes fewer" not in dd, dd
            continue
        made = chose.group(1)
        keeps = made in listed.group(1).split(" ")
        mistake = verdict.startswith("✗ Mistake")
        assert mistake or verdict.startswith("✓"), verdict
        cases.add((keeps, mistake))
        if keeps:
            assert f"Your {made} is one of them" in dd, dd
            assert "takes fewer" not in dd, dd
            assert ("its cost is in points" in dd) == mistake, dd
        else:
            assert f"Your {made} takes fewer" in dd, dd
            assert "one of them" not in dd, dd
            assert ("yet scores as well in points" in dd) == (not mistake), dd
    if game_number in (1, 2):  # the two cases that could read as contradictions
        assert (True, True) in cases, cases
    if game_number in (1, 3):
        assert (False, False) in cases, cases
    review.close()


def test_keeps_most_tricks_reads_the_best_cards() -> None:
    """``TrickReview.keeps_most_tricks``: a card among the best cards, one not among them,
    and no count at all."""
    ten, seven = parse_card("TD"), parse_card("7H")
    trick = TrickReview(9, 1, (ten, parse_card("6D")))
    assert trick.keeps_most_tricks(ten) is True
    assert trick.keeps_most_tricks(seven) is False
    assert TrickReview(2, None, ()).keeps_most_tricks(ten) is None
