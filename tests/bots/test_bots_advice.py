"""The bid advice for the human: counted bid and structured reason (docs/rules.md §6, §7)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_desktop.bots import (
    REASON_KINDS,
    BidReason,
    NormalBot,
    ReasonPart,
    estimate_tricks,
    is_nil_fit,
    reason_text_en,
    recommend_bid,
)
from spades_desktop.bots.advice import (
    COUNTED,
    DOUBLETON_TRUMP,
    FEW_WINNERS,
    GUARDED_KING,
    GUARDED_QUEEN,
    HIGH_SPADES,
    HOUSE_RULES_BID,
    LONG_SPADES,
    LONG_SUIT_ACE,
    NIL_FIT,
    PARTNER_NIL,
    SINGLETON_TRUMP,
    SURE_WINNERS,
    VOID_TRUMP,
    part_text_en,
)
from spades_desktop.engine import (
    DECK,
    Bid,
    Card,
    Phase,
    PlayerView,
    Rules,
    Seat,
    Suit,
    apply_action,
    new_game,
    observe,
)

from .play import cards, deal, position


def _south_view(hand: str, bids: list[int] | None = None) -> PlayerView:
    """South's view at its first bid (South bids first in hand 1)."""
    state = position(deal(south=hand), [])
    view = observe(state, Seat.SOUTH)
    if bids:
        view = dataclasses.replace(view, bids={Seat.NORTH: Bid(bids[0])})
    return view


def test_two_aces_and_nothing_else_high() -> None:
    """♠A ♥A, three spades, no short suit: 2 tricks, both aces named."""
    bid, reason = recommend_bid(_south_view("AS 5S 3S AH 7H 4H 2H 9C 6C 3C 8D 5D 2D"))
    assert bid == Bid(2)
    assert reason == BidReason((ReasonPart(SURE_WINNERS, cards=tuple(cards("AS AH")),
                                           tricks=2.0),))
    assert reason_text_en(reason) == "♠A ♥A sure winners (2 tricks)"


def test_strong_hand_with_a_void() -> None:
    """A♠ 1, K♠ 1 (three spades below it), 5 spades = 2 length tricks, A♥ 1, K♥ beside the
    ace 1, Q♦ with 3 small ¼, void in clubs with the one spare spade 1: 7¼ → 7."""
    bid, reason = recommend_bid(_south_view("AS KS 7S 4S 2S AH KH 5H 3H QD 9D 6D 3D"))
    assert bid == Bid(7)
    assert reason.kinds == (SURE_WINNERS, HIGH_SPADES, LONG_SPADES, GUARDED_KING,
                            GUARDED_QUEEN, VOID_TRUMP, COUNTED)
    assert reason.parts[5] == ReasonPart(VOID_TRUMP, suit=Suit.CLUBS, count=1, tricks=1.0)
    assert reason_text_en(reason) == (
        "♠A ♥A sure winners (2 tricks); ♠K high spade (1 trick); 5 spades: 2 length tricks; "
        "♥K guarded king (1 trick); ♦Q guarded queen (¼ trick); void in clubs: can trump "
        "(1 trick); 7¼ tricks in all, rounded down to 7"
    )


def test_singleton_counts_only_with_a_spare_spade() -> None:
    """A♥ K♥ (1 + 1), singleton ♣5: with two small spades it is a ruff (½) → 2½ → 2;
    with the A♠ as the only spade nothing is spare → A♠ A♥ K♥ = 3, no ruff."""
    bid, reason = recommend_bid(_south_view("7S 4S AH KH 8H 6H 3H 5C JD 9D 6D 4D 2D"))
    assert bid == Bid(2)
    assert ReasonPart(SINGLETON_TRUMP, cards=(Card(Suit.CLUBS, 5),), suit=Suit.CLUBS,
                      count=1, tricks=0.5) in reason.parts
    assert reason_text_en(reason) == (
        "♥A sure winner (1 trick); ♥K guarded king (1 trick); singleton ♣5: can trump "
        "clubs (½ trick); 2½ tricks in all, rounded down to 2")
    bid, reason = recommend_bid(_south_view("AS AH KH 8H 6H 3H 5C JD 10D 9D 6D 4D 2D"))
    assert bid == Bid(3)
    assert SINGLETON_TRUMP not in reason.kinds


def test_nil_fit_hand_recommends_nil() -> None:
    bid, reason = recommend_bid(_south_view("7S 4S JH 8H 5H 2H KC 9C 6C 3C 10D 6D 4D"))
    assert bid == Bid(0)
    assert reason == BidReason((ReasonPart(NIL_FIT, count=2),))
    assert reason_text_en(reason) == "fit for Nil: no aces, 2 low spades, high cards guarded"


def test_no_second_nil_beside_partner() -> None:
    """The same hand beside a partner's Nil: the ♣K guarded by 3 counts ½ → minimum 1."""
    bid, reason = recommend_bid(_south_view("7S 4S JH 8H 5H 2H KC 9C 6C 3C 10D 6D 4D", [0]))
    assert bid == Bid(1)
    assert reason.kinds == (PARTNER_NIL, GUARDED_KING, FEW_WINNERS)
    assert reason_text_en(reason) == (
        "partner bid Nil: no second Nil; ♣K guarded king (½ trick); few winners: bid the "
        "minimum of 1"
    )


def test_weak_hand_not_fit_for_nil_bids_one() -> None:
    """J♠ 10♠ 9♠ are too high for Nil, and nothing counts: bid 1."""
    bid, reason = recommend_bid(_south_view("JS 10S 9S 9H 7H 5H 3H 10C 8C 6C JD 7D 4D"))
    assert bid == Bid(1)
    assert reason == BidReason((ReasonPart(FEW_WINNERS, count=1),))


def test_a_bid_of_one_from_three_parts_says_what_each_counts() -> None:
    """♥A 1, ♦Q with two small diamonds ¼, the doubleton ♣J ♣4 with a spare spade ¼:
    1½, under ¾ above a whole trick, so bid 1; the words give each part's share and
    the rounding."""
    bid, reason = recommend_bid(_south_view("5S 3S 2S AH 9H 6H 4H 2H JC 4C QD 7D 5D"))
    assert bid == Bid(1)
    assert reason == BidReason((
        ReasonPart(SURE_WINNERS, cards=(Card(Suit.HEARTS, 14),), tricks=1.0),
        ReasonPart(GUARDED_QUEEN, cards=(Card(Suit.DIAMONDS, 12),), tricks=0.25),
        ReasonPart(DOUBLETON_TRUMP, cards=tuple(cards("JC 4C")), suit=Suit.CLUBS, count=1,
                   tricks=0.25),
        ReasonPart(COUNTED, count=1, tricks=1.5),
    ))
    assert reason_text_en(reason) == (
        "♥A sure winner (1 trick); ♦Q guarded queen (¼ trick); doubleton ♣J ♣4: may trump "
        "clubs (¼ trick); 1½ tricks in all, rounded down to 1")


def test_an_ace_in_a_long_suit_is_not_called_a_sure_winner() -> None:
    """A♥ in seven hearts counts ½ (likely trumped), the A♣ with two small clubs 1, the
    doubleton diamonds with the one (spare) spade ¼: 1¾ rounds up to 2."""
    bid, reason = recommend_bid(_south_view("8S AH JH 9H 7H 6H 4H 2H AC 5C 4C 9D 2D"))
    assert bid == Bid(2)
    assert reason.kinds == (SURE_WINNERS, LONG_SUIT_ACE, DOUBLETON_TRUMP, COUNTED)
    assert reason_text_en(reason) == (
        "♣A sure winner (1 trick); ♥A in a long suit: may be trumped (½ trick); doubleton "
        "♦9 ♦2: may trump diamonds (¼ trick); 1¾ tricks in all, rounded up to 2")


def test_the_house_rules_bid_is_named_in_the_reason() -> None:
    """Two aces count 2, but Mirror bidding asks for the three spades held: the last
    part says the bid made instead."""
    hand = "AS 5S 3S AH 7H 4H 2H 9C 6C 3C 8D 5D 2D"
    state = position(deal(south=hand), [], rules=Rules(bidding="mirror"))
    bid, reason = recommend_bid(observe(state, Seat.SOUTH))
    assert bid == Bid(3)
    assert reason.parts[-1] == ReasonPart(HOUSE_RULES_BID, count=3)
    assert reason_text_en(reason) == (
        "♠A ♥A sure winners (2 tricks); under the house rules: bid 3")


def test_recommend_bid_refuses_outside_the_bidding() -> None:
    state = position(deal(), [])
    after_bid = apply_action(state, Bid(2))
    with pytest.raises(ValueError, match="already bid"):
        recommend_bid(observe(after_bid, Seat.SOUTH))
    playing = position(deal(), [2, 2, 2, 2])
    assert playing.phase is Phase.PLAYING
    with pytest.raises(ValueError, match="only while bidding"):
        recommend_bid(observe(playing, Seat.SOUTH))


def test_recommend_bid_is_deterministic_and_matches_normal() -> None:
    for game in range(40):
        state = new_game(Rules(), game)
        view = observe(state, Seat.SOUTH)
        first = recommend_bid(view)
        assert recommend_bid(observe(state, Seat.SOUTH)) == first
        assert NormalBot().choose_action(view, game) == first[0]


def test_unknown_reason_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="Unknown reason kind"):
        part_text_en(ReasonPart("nonsense"))


def _check_parts(hand: tuple[Card, ...], reason: BidReason) -> None:
    by_suit = {s: [c for c in hand if c.suit == s] for s in Suit}
    for part in reason.parts:
        assert part.kind in REASON_KINDS
        assert set(part.cards) <= set(hand), part
        assert part_text_en(part)
        if part.kind == SURE_WINNERS:
            assert all(c.rank == 14 for c in part.cards) and part.cards
        if part.kind == GUARDED_KING:
            assert all(c.rank == 13 and len(by_suit[c.suit]) >= 2 for c in part.cards)
        if part.kind == GUARDED_QUEEN:
            assert all(c.rank == 12 and len(by_suit[c.suit]) >= 3 for c in part.cards)
        if part.kind == HIGH_SPADES:
            assert all(c.suit == Suit.SPADES and c.rank in (12, 13) for c in part.cards)
        if part.kind == LONG_SPADES:
            assert list(part.cards) == sorted(by_suit[Suit.SPADES], key=lambda c: -c.rank)
            assert part.count == len(by_suit[Suit.SPADES]) - 3
        if part.kind == VOID_TRUMP:
            assert part.suit is not None and not by_suit[part.suit]
            assert part.suit != Suit.SPADES and by_suit[Suit.SPADES]
        if part.kind == SINGLETON_TRUMP:
            assert part.suit is not None and list(part.cards) == by_suit[part.suit]
            assert len(part.cards) == 1 and by_suit[Suit.SPADES]
        if part.kind == NIL_FIT:
            assert not any(c.rank == 14 for c in hand)
            assert part.count == len(by_suit[Suit.SPADES]) <= 3


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.permutations(DECK), st.sampled_from([None, 0, 3]))
def test_reason_parts_refer_to_real_cards(deck: list[Card], partner_bid: int | None) -> None:
    hand = tuple(sorted(deck[:13]))
    view = _south_view(" ".join(str(c) for c in hand),
                       None if partner_bid is None else [partner_bid])
    bid, reason = recommend_bid(view)
    _check_parts(hand, reason)
    assert reason.parts, "every recommendation says why"
    if partner_bid == 0:
        assert not bid.is_nil
    elif is_nil_fit(hand):
        assert bid == Bid(0)
    if not bid.is_nil:
        tricks = estimate_tricks(hand).tricks
        assert 1 <= bid.tricks <= 13
        assert abs(bid.tricks - tricks) <= 1 or bid.tricks == 1
        # the parts' tricks add up to the count, which the last part turns into the bid
        counted = [p.tricks for p in reason.parts if p.kind != COUNTED and p.tricks]
        assert sum(counted) == tricks
        last = reason.parts[-1]
        if last.kind == FEW_WINNERS:
            assert tricks < 0.75 and bid == Bid(1)
        elif last.kind == COUNTED:
            assert last.tricks == tricks and last.count == bid.tricks
            assert (tricks - int(tricks) >= 0.75) == (bid.tricks > tricks)
        else:
            assert counted == [float(bid.tricks)], "one part, a whole count: the bid"
    assert recommend_bid(view) == (bid, reason)
