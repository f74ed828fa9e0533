"""Hypothesis properties: parsing round trips, scoring laws, immutability, illegal actions."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_desktop.engine import (
    DECK,
    LOOK_AT_HAND,
    Bid,
    Card,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    Seat,
    Team,
    action_to_str,
    apply_action,
    legal_actions,
    new_game,
    parse_action,
    parse_card,
    score_hand,
    state_digest,
)
from spades_desktop.engine.errors import Refusal
from spades_desktop.engine.state import explain_illegal

from .helpers import ref_team_score

cards_st = st.sampled_from(DECK)
bids_st = st.one_of(st.builds(Bid, st.integers(0, 13)), st.just(Bid(0, blind=True)))
actions_st = st.one_of(cards_st, bids_st)


@given(cards_st)
def test_parse_card_round_trip(c: Card) -> None:
    assert parse_card(str(c)) == c
    assert parse_card(str(c).lower()) == c
    assert parse_card(c.label) == c  # "10♥" style
    assert parse_card(c.rank_text + c.suit.letter) == c  # "10H" style
    assert parse_card(f"  {c}  ") == c


def test_every_card_parses_and_prints_uniquely() -> None:
    texts = [str(c) for c in DECK]
    assert len(set(texts)) == 52
    assert [parse_card(t) for t in texts] == list(DECK)
    assert all(len(t) == 2 for t in texts)


@pytest.mark.parametrize("bad", ["", "S", "1S", "11H", "0H", "AX", "ZZ", "10", "QSS",
                                 "A♠♠", "1 0H", "Q S", "KJ"])
def test_parse_card_rejects_garbage(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_card(bad)


@given(actions_st)
def test_action_text_round_trip(a: Bid | Card) -> None:
    text = action_to_str(a)
    back = parse_action(text)
    assert back == a and type(back) is type(a)
    assert parse_action(text.upper()) == a
    assert action_to_str(back) == text


def test_action_texts_are_distinct() -> None:
    actions: list[Bid | Card] = [*DECK, *(Bid(n) for n in range(14)), Bid(0, blind=True)]
    texts = [action_to_str(a) for a in actions]
    assert len(set(texts)) == len(texts) == 67


@pytest.mark.parametrize("bad", ["bid 0", "bid 14", "bid", "bid x", "bid -1", "pass",
                                 "blind", "blind nil 2", "nil nil", ""])
def test_parse_action_rejects_garbage(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_action(bad)


# ---------------------------------------------------------------------------
# score_hand laws
# ---------------------------------------------------------------------------

@st.composite
def hands_st(draw: st.DrawFn, any_tricks: bool = False):  # type: ignore[no-untyped-def]
    bids = {s: draw(bids_st) for s in Seat}
    if any_tricks:
        tricks = {s: draw(st.integers(0, 13)) for s in Seat}
    else:
        cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
        parts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
        tricks = dict(zip(Seat, parts, strict=True))
    return bids, tricks


@given(hands_st(), st.integers(0, 9), st.integers(0, 9))
def test_score_hand_laws_penalty_on(hand, ns_bags: int, ew_bags: int) -> None:  # type: ignore[no-untyped-def]
    bids, tricks = hand
    before = {Team.NS: ns_bags, Team.EW: ew_bags}
    result = score_hand(Rules(), bids, tricks, before)
    assert set(result) == {Team.NS, Team.EW}
    for team, r in result.items():
        assert r.total == r.contract + r.bags + r.nil + r.bag_penalty
        assert 0 <= r.bags_after < 10
        assert r.bags_after == (before[team] + r.bags) % 10
        assert r.bag_penalty == -100 * ((before[team] + r.bags) // 10)
        assert r.bags >= 0 and r.contract % 10 == 0 and r.nil % 100 == 0
        # bags this hand can never exceed the team's tricks
        assert r.bags <= sum(tricks[s] for s in team.seats)
        assert (r.contract, r.bags, r.nil, r.bag_penalty, r.total, r.bags_after) == (
            ref_team_score(Rules(), bids, tricks, team, before[team]))


@given(hands_st(any_tricks=True), st.integers(0, 500), st.integers(0, 500))
def test_score_hand_laws_penalty_off(hand, ns_bags: int, ew_bags: int) -> None:  # type: ignore[no-untyped-def]
    bids, tricks = hand
    before = {Team.NS: ns_bags, Team.EW: ew_bags}
    rules = Rules(bag_penalty=False)
    result = score_hand(rules, bids, tricks, before)
    for team, r in result.items():
        assert r.bag_penalty == 0
        assert r.bags_after == before[team] + r.bags
        assert r.total == r.contract + r.bags + r.nil
        assert (r.contract, r.bags, r.nil, r.bag_penalty, r.total, r.bags_after) == (
            ref_team_score(rules, bids, tricks, team, before[team]))


@given(hands_st(), st.integers(0, 9))
def test_score_hand_teams_are_symmetric(hand, bags: int) -> None:  # type: ignore[no-untyped-def]
    """Rotating every seat by one swaps the teams and nothing else."""
    bids, tricks = hand
    r1 = score_hand(Rules(), bids, tricks, {Team.NS: bags, Team.EW: 0})
    rot_bids = {s.left: b for s, b in bids.items()}
    rot_tricks = {s.left: n for s, n in tricks.items()}
    r2 = score_hand(Rules(), rot_bids, rot_tricks, {Team.EW: bags, Team.NS: 0})
    assert r1[Team.NS] == r2[Team.EW] and r1[Team.EW] == r2[Team.NS]


@given(hands_st(), st.integers(0, 9))
def test_score_hand_does_not_mutate_inputs(hand, bags: int) -> None:  # type: ignore[no-untyped-def]
    bids, tricks = hand
    before = {Team.NS: bags, Team.EW: 0}
    snapshot = (dict(bids), dict(tricks), dict(before))
    score_hand(Rules(), bids, tricks, before)
    assert (bids, tricks, before) == snapshot


# ---------------------------------------------------------------------------
# States: immutability and illegal actions
# ---------------------------------------------------------------------------

def random_state(seed: int, steps: int) -> GameState:
    rng = random.Random(seed)
    rules = Rules(target_score=rng.randrange(100, 501, 50), blind_nil=rng.random() < 0.5,
                  floor_score=rng.choice([None, -200]), bag_penalty=rng.random() < 0.5)
    state = new_game(rules, seed)
    for _ in range(steps):
        if state.current_player is None:
            break
        state = apply_action(state, rng.choice(legal_actions(state)))
    return state


state_args = (st.integers(0, 10_000), st.integers(0, 300))


@settings(max_examples=60, deadline=None)
@given(*state_args, st.integers(0, 1000))
def test_apply_action_never_mutates_the_old_state(seed: int, steps: int, pick: int) -> None:
    state = random_state(seed, steps)
    if state.current_player is None:
        return
    before = copy.deepcopy(state)
    digest = state_digest(state)
    legal = legal_actions(state)
    new = apply_action(state, legal[pick % len(legal)])
    assert new is not state and new != state
    assert state == before
    assert state_digest(state) == digest
    assert legal_actions(state) == legal


@settings(max_examples=80, deadline=None)
@given(*state_args, actions_st)
def test_illegal_actions_raise_and_return_nothing(seed: int, steps: int, action) -> None:  # type: ignore[no-untyped-def]
    state = random_state(seed, steps)
    before = copy.deepcopy(state)
    legal = legal_actions(state)
    if action in legal:
        assert explain_illegal(state, action) is None
        assert isinstance(apply_action(state, action), GameState)
    else:
        why = explain_illegal(state, action)
        assert isinstance(why, Refusal) and why.message
        result = None
        with pytest.raises(IllegalActionError) as info:
            result = apply_action(state, action)
        assert result is None
        assert info.value.refusal == why and str(info.value) == why.message
        assert isinstance(info.value, ValueError)
    assert state == before


@settings(max_examples=40, deadline=None)
@given(*state_args)
def test_legal_actions_have_the_right_kind(seed: int, steps: int) -> None:
    state = random_state(seed, steps)
    legal = legal_actions(state)
    if state.phase is Phase.BIDDING:
        # bids, and the look at the hand only while Blind Nil is open (docs/rules.md §2)
        assert legal and all(isinstance(a, Bid) or a == LOOK_AT_HAND for a in legal)
        assert (LOOK_AT_HAND in legal) == (Bid(0, blind=True) in legal)
    elif state.phase is Phase.PLAYING:
        assert legal and all(isinstance(a, Card) for a in legal)
        hand = state.hand_masks[state.current_player]  # type: ignore[index]
        assert all(hand & c.bit for c in legal)
    else:
        assert legal == () and state.current_player is None
    assert len(set(legal)) == len(legal)


@settings(max_examples=40, deadline=None)
@given(*state_args)
def test_non_actions_are_illegal(seed: int, steps: int) -> None:
    state = random_state(seed, steps)
    for junk in ("QS", 3, None, ("bid", 3)):
        with pytest.raises(IllegalActionError):
            apply_action(state, junk)  # type: ignore[arg-type]
