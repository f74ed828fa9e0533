"""The engine remembers the whole hand: records, the look at the hand, refusal codes.

Golden values are worked by hand from docs/rules.md §1–§4; the random check rebuilds every
record from the action list alone (the deal from ``deal_hands``, tricks grouped by four
in play order, each trick led by the last trick's winner).
"""

from __future__ import annotations

import random

import pytest

from spades_desktop.engine import (
    LOOK_AT_HAND,
    Bid,
    HandScore,
    IllegalActionError,
    Phase,
    Refusal,
    RuleCode,
    Rules,
    Seat,
    Team,
    TrickRecord,
    action_to_str,
    apply_action,
    deal_hands,
    finished_scores,
    legal_actions,
    new_game,
    observe,
    parse_action,
    replay,
    score_hand,
    state_digest,
)

from .helpers import make_deal, ref_trick_winner, suit_cards

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


def one_suit_each_game():  # type: ignore[no-untyped-def]
    """South holds every spade, West every heart, North every diamond, East every club."""
    deal = make_deal(suit_cards("S"), suit_cards("H"), suit_cards("D"), suit_cards("C"))
    state = new_game(Rules(target_score=500), 3, deal)
    for bid in (Bid(13), Bid(1), Bid(0), Bid(1)):  # South, West, North, East
        state = apply_action(state, bid)
    return state


def test_record_of_a_hand_worked_by_hand() -> None:
    state = one_suit_each_game()
    # South leads its spades from the two up; the others cannot follow and throw their
    # lowest card: every trick is South's (docs/rules.md §3).
    for rank in range(13):
        for suit in "SHDC":
            state = apply_action(state, suit_cards(suit)[rank])
        if rank == 4:
            mid = state.hand_record
            assert mid.score is None and not mid.finished
            assert len(mid.tricks) == 5 and mid.tricks_won == (5, 0, 0, 0)
            assert mid.last_trick == TrickRecord(
                S, (suit_cards("S")[4], suit_cards("H")[4],
                    suit_cards("D")[4], suit_cards("C")[4]), S)
    assert state.hand_number == 2 and state.tricks == ()
    (record,) = state.hand_records
    assert record == state.hand_records[-1]
    assert record.hand_number == 1 and record.dealer is E
    assert record.deal == (tuple(suit_cards("S")), tuple(suit_cards("H")),
                           tuple(suit_cards("D")), tuple(suit_cards("C")))
    assert record.bids == (Bid(13), Bid(1), Bid(0), Bid(1))
    assert record.tricks_won == (13, 0, 0, 0)
    assert len(record.tricks) == 13
    first = record.tricks[0]
    assert first.leader is S and first.winner is S
    assert first.cards == (suit_cards("S")[0], suit_cards("H")[0], suit_cards("D")[0],
                           suit_cards("C")[0])
    assert first.plays == ((S, first.cards[0]), (W, first.cards[1]), (N, first.cards[2]),
                           (E, first.cards[3]))
    assert first.card_of(N) == suit_cards("D")[0]
    # NS: South makes 13 (+130), North's Nil takes nothing (+100) = 230, no bags.
    # EW: contract 2, no trick: set, -20 (docs/rules.md §4).
    assert record.score is not None and record.finished
    assert record.score[Team.NS] == HandScore(130, 0, 100, 0, 230, 0, True)
    assert record.score[Team.EW] == HandScore(-20, 0, 0, 0, -20, 0, False)
    assert finished_scores(state.hand_records) == (record.score,)
    assert state.scores == {Team.NS: 230, Team.EW: -20}


def test_current_record_and_views_during_a_hand() -> None:
    state = one_suit_each_game()
    state = apply_action(state, suit_cards("S")[12])  # South leads the ace of spades
    record = state.hand_record
    assert record.bids == (Bid(13), Bid(1), Bid(0), Bid(1)) and record.tricks == ()
    assert record.deal[S] == tuple(suit_cards("S"))  # the ace is still part of the deal
    for seat in Seat:
        seen = observe(state, seat).hand_record
        assert seen.deal[seat] == record.deal[seat]
        assert all(seen.deal[other] is None for other in Seat if other is not seat)
        assert seen.bids == record.bids and seen.tricks == record.tricks


def _records_from_actions(rules: Rules, game_number: int, actions: list[object]):  # type: ignore[no-untyped-def]
    """Each finished hand's (deal, bids, tricks as (leader, cards, winner)) from the
    actions alone, by docs/rules.md §1–§3."""
    hands = []
    hand_number, dealer = 1, E
    i = 0
    while i < len(actions):
        bids: dict[Seat, Bid] = {}
        seat = dealer.left
        while len(bids) < 4 and i < len(actions):
            a = actions[i]
            i += 1
            if a == LOOK_AT_HAND:
                continue
            assert isinstance(a, Bid)
            bids[seat] = a
            seat = seat.left
        tricks = []
        leader = dealer.left
        while len(tricks) < 13 and i + 4 <= len(actions):
            cards = actions[i:i + 4]
            i += 4
            plays = [(Seat((leader + k) & 3), c) for k, c in enumerate(cards)]
            winner = ref_trick_winner(plays)  # type: ignore[arg-type]
            tricks.append((leader, tuple(cards), winner))
            leader = winner
        if len(tricks) < 13:
            break
        dealt = deal_hands(game_number, hand_number, dealer)
        hands.append((tuple(tuple(sorted(dealt[s], key=lambda c: c.index)) for s in Seat),
                      tuple(bids[s] for s in Seat), tuple(tricks)))
        hand_number += 1
        dealer = dealer.left
    return hands


@pytest.mark.parametrize("seed", range(6))
def test_records_match_the_actions(seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules(target_score=250, blind_nil=seed % 2 == 0)
    number = rng.randrange(2**64)
    state = new_game(rules, number)
    actions: list[object] = []
    while not state.is_terminal and len(state.hand_records) < 4:
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply_action(state, action)
    expected = _records_from_actions(rules, number, actions)
    assert len(expected) == len(state.hand_records) >= 1
    for record, (deal, bids, tricks) in zip(state.hand_records, expected, strict=True):
        assert record.deal == deal
        assert record.bids == bids
        assert tuple((t.leader, t.cards, t.winner) for t in record.tricks) == tricks
        assert record.tricks_won == tuple(sum(t[2] is s for t in tricks) for s in Seat)
        bags = {Team.NS: 0, Team.EW: 0}
        if record.hand_number > 1:
            prev = state.hand_records[record.hand_number - 2].score
            assert prev is not None
            bags = {t: prev[t].bags_after for t in Team}
        assert record.score == score_hand(rules, dict(zip(Seat, bids, strict=True)),
                                          dict(zip(Seat, record.tricks_won, strict=True)),
                                          bags)
    # Every player sees the finished hands in full.
    assert observe(state, W).hand_records == state.hand_records


def test_record_of_the_last_hand_at_game_over() -> None:
    state = new_game(Rules(target_score=100, max_hands=1), 9)
    rng = random.Random(2)
    while not state.is_terminal:
        state = apply_action(state, rng.choice(legal_actions(state)))
    assert state.phase is Phase.GAME_OVER and len(state.hand_records) == 1
    assert state.hand_record == state.hand_records[0]
    assert observe(state, E).hand_record == state.hand_records[0]
    assert state.hand_record.last_trick is not None
    assert state.hand_record.last_trick == state.hand_records[0].tricks[12]


def trailing_blind_nil_state():  # type: ignore[no-untyped-def]
    """Hand 1 set up so that North–South trail by 150: South may bid Blind Nil."""
    return new_game(Rules(blind_nil=True), 21).replace(score_list=(0, 150))


def test_looking_at_the_hand_closes_blind_nil_for_that_hand() -> None:
    state = trailing_blind_nil_state()
    assert LOOK_AT_HAND in legal_actions(state) and Bid(0, blind=True) in legal_actions(state)
    assert observe(state, S).blind_nil_allowed and not observe(state, S).cards_seen
    looked = apply_action(state, LOOK_AT_HAND)
    assert looked.current_player is S and looked.phase is Phase.BIDDING
    assert looked.cards_seen == (True, False, False, False)
    assert Bid(0, blind=True) not in legal_actions(looked)
    assert LOOK_AT_HAND not in legal_actions(looked)
    view = observe(looked, S)
    assert view.cards_seen and not view.blind_nil_allowed
    assert view.explain(Bid(0, blind=True)) == Refusal(RuleCode.BLIND_NIL_CARDS_SEEN)
    with pytest.raises(IllegalActionError) as info:
        apply_action(looked, Bid(0, blind=True))
    assert info.value.code is RuleCode.BLIND_NIL_CARDS_SEEN
    with pytest.raises(IllegalActionError):
        apply_action(looked, LOOK_AT_HAND)
    # A plain Nil is still open, and the bidding goes on.
    after = apply_action(looked, Bid(0))
    assert after.current_player is W and after.bid_list[S] == Bid(0)
    assert state_digest(looked) != state_digest(state)


def test_look_is_part_of_the_replayed_record() -> None:
    state = trailing_blind_nil_state()
    texts = ["look", "bid 4"]
    actions = [parse_action(t) for t in texts]
    assert actions == [LOOK_AT_HAND, Bid(4)]
    assert [action_to_str(a) for a in actions] == texts
    after = state
    for a in actions:
        after = apply_action(after, a)
    assert after.cards_seen == (True, False, False, False)
    # The look is reset by the next deal: cards_seen belongs to one hand.
    fresh = new_game(Rules(blind_nil=True), 21)
    assert replay(Rules(blind_nil=True), 21, []) == fresh
    assert fresh.cards_seen == (False, False, False, False)


def test_look_refused_without_blind_nil() -> None:
    state = new_game(Rules(blind_nil=False), 4)
    assert LOOK_AT_HAND not in legal_actions(state)
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, LOOK_AT_HAND)
    assert info.value.code is RuleCode.BLIND_NIL_OFF
    on = new_game(Rules(blind_nil=True), 4)  # level scores: not trailing by 100
    with pytest.raises(IllegalActionError) as info:
        apply_action(on, LOOK_AT_HAND)
    assert info.value.code is RuleCode.BLIND_NIL_NOT_BEHIND


def test_refusal_codes_carry_their_arguments() -> None:
    # South: twelve spades and the ace of hearts; West: twelve hearts and the ace of
    # spades. South leads its heart; West, holding hearts, may not trump (docs/rules.md §3).
    state = new_game(Rules(), 1, make_deal(
        suit_cards("S", "2 3 4 5 6 7 8 9 10 J Q K") + suit_cards("H", "A"),
        suit_cards("H", "2 3 4 5 6 7 8 9 10 J Q K") + suit_cards("S", "A"),
        suit_cards("D"), suit_cards("C")))
    for _ in range(4):
        state = apply_action(state, Bid(3))
    ah = suit_cards("H", "A")[0]
    state = apply_action(state, ah)  # South leads its heart
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, suit_cards("S", "A")[0])  # West trumps while holding hearts
    assert info.value.refusal == Refusal(RuleCode.MUST_FOLLOW, suit=ah.suit)
    assert info.value.refusal.args == {"suit": "hearts"}
    assert str(info.value) == "You must follow hearts."


@pytest.mark.parametrize("bids", [
    {S: Bid(3), W: Bid(3), N: None, E: Bid(3)},
    {S: Bid(3), W: Bid(3), E: Bid(3)},
])
def test_score_hand_with_a_missing_bid_raises_value_error(bids) -> None:  # type: ignore[no-untyped-def]
    tricks = {S: 4, W: 3, N: 3, E: 3}
    with pytest.raises(ValueError, match="Missing bid"):
        score_hand(Rules(), bids, tricks, {Team.NS: 0, Team.EW: 0})


def test_score_hand_with_a_missing_trick_count_or_bags_raises_value_error() -> None:
    bids = {S: Bid(3), W: Bid(3), N: Bid(3), E: Bid(3)}
    with pytest.raises(ValueError):
        score_hand(Rules(), bids, {S: 4, W: 3, N: None, E: 3},  # type: ignore[dict-item]
                   {Team.NS: 0, Team.EW: 0})
    with pytest.raises(ValueError):
        score_hand(Rules(), bids, {S: 4, W: 3, N: 3, E: 3}, {Team.NS: 0})
