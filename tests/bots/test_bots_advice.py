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
    LENGTH_FROM,
    LONG_SPADES,
    LONG_SUIT_ACE,
    NIL_FIT,
    PARTNER_NIL,
    SINGLETON_TRUMP,
    SURE_WINNERS,
    TEN_FOR_200_BID,
    VOID_TRUMP,
    part_text_en,
    spade_rank,
)
from spades_desktop.engine import (
    DECK_CARDS,
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
from spades_desktop.engine.rules import DECK_CHOICES

from .play import cards, deal, position


def _south_view(hand: str, bids: list[int] | None = None, rules: Rules | None = None
                ) -> PlayerView:
    """South's view at its first bid (South bids first in hand 1), the game under
    ``rules`` (standard when ``None``) and ``hand`` read in its deck."""
    rules = rules or Rules()
    state = position(deal(rules.deck_number, south=hand), [], rules=rules)
    view = observe(state, Seat.SOUTH)
    if bids:
        view = dataclasses.replace(view, bids={Seat.NORTH: Bid(bids[0])})
    return view


def test_two_aces_and_nothing_else_high() -> None:
    """A♠ A♥, three spades, no short suit: 2 tricks, both aces named."""
    bid, reason = recommend_bid(_south_view("AS 5S 3S AH 7H 4H 2H 9C 6C 3C 8D 5D 2D"))
    assert bid == Bid(2)
    assert reason == BidReason((ReasonPart(SURE_WINNERS, cards=tuple(cards("AS AH")),
                                           tricks=2.0),))
    assert reason_text_en(reason) == "A♠ A♥ sure winners (2 tricks)"


def test_strong_hand_with_a_void() -> None:
    """A♠ 1, K♠ 1 (three spades below it), 5 spades = 2 length tricks, A♥ 1, K♥ beside the
    ace 1, Q♦ with 3 small ¼, void in clubs with the one spare spade 1: 7¼ → 7."""
    bid, reason = recommend_bid(_south_view("AS KS 7S 4S 2S AH KH 5H 3H QD 9D 6D 3D"))
    assert bid == Bid(7)
    assert reason.kinds == (SURE_WINNERS, HIGH_SPADES, LONG_SPADES, GUARDED_KING,
                            GUARDED_QUEEN, VOID_TRUMP, COUNTED)
    assert reason.parts[5] == ReasonPart(VOID_TRUMP, suit=Suit.CLUBS, count=1, tricks=1.0)
    assert reason_text_en(reason) == (
        "A♠ A♥ sure winners (2 tricks); K♠ high spade (1 trick); 5 spades: 2 length tricks; "
        "K♥ guarded king (1 trick); Q♦ guarded queen (¼ trick); void in clubs: can trump "
        "(1 trick); 7¼ tricks in all, rounded down to 7"
    )


def test_singleton_counts_only_with_a_spare_spade() -> None:
    """A♥ K♥ (1 + 1), singleton 5♣: with two small spades it is a ruff (½) → 2½ → 2;
    with the A♠ as the only spade nothing is spare → A♠ A♥ K♥ = 3, no ruff."""
    bid, reason = recommend_bid(_south_view("7S 4S AH KH 8H 6H 3H 5C JD 9D 6D 4D 2D"))
    assert bid == Bid(2)
    assert ReasonPart(SINGLETON_TRUMP, cards=(Card(Suit.CLUBS, 5),), suit=Suit.CLUBS,
                      count=1, tricks=0.5) in reason.parts
    assert reason_text_en(reason) == (
        "A♥ sure winner (1 trick); K♥ guarded king (1 trick); singleton 5♣: can trump "
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
    """The same hand beside a partner's Nil: the K♣ guarded by 3 counts ½ → minimum 1."""
    bid, reason = recommend_bid(_south_view("7S 4S JH 8H 5H 2H KC 9C 6C 3C 10D 6D 4D", [0]))
    assert bid == Bid(1)
    assert reason.kinds == (PARTNER_NIL, GUARDED_KING, FEW_WINNERS)
    assert reason_text_en(reason) == (
        "partner bid Nil: no second Nil; K♣ guarded king (½ trick); few winners: bid the "
        "minimum of 1"
    )


def test_weak_hand_not_fit_for_nil_bids_one() -> None:
    """J♠ 10♠ 9♠ are too high for Nil, and nothing counts: bid 1."""
    bid, reason = recommend_bid(_south_view("JS 10S 9S 9H 7H 5H 3H 10C 8C 6C JD 7D 4D"))
    assert bid == Bid(1)
    assert reason == BidReason((ReasonPart(FEW_WINNERS, count=1),))


def test_a_bid_of_one_from_three_parts_says_what_each_counts() -> None:
    """A♥ 1, Q♦ with two small diamonds ¼, the doubleton J♣ 4♣ with a spare spade ¼:
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
        "A♥ sure winner (1 trick); Q♦ guarded queen (¼ trick); doubleton J♣ 4♣: may trump "
        "clubs (¼ trick); 1½ tricks in all, rounded down to 1")


def test_an_ace_in_a_long_suit_is_not_called_a_sure_winner() -> None:
    """A♥ in seven hearts counts ½ (likely trumped), the A♣ with two small clubs 1, the
    doubleton diamonds with the one (spare) spade ¼: 1¾ rounds up to 2."""
    bid, reason = recommend_bid(_south_view("8S AH JH 9H 7H 6H 4H 2H AC 5C 4C 9D 2D"))
    assert bid == Bid(2)
    assert reason.kinds == (SURE_WINNERS, LONG_SUIT_ACE, DOUBLETON_TRUMP, COUNTED)
    assert reason_text_en(reason) == (
        "A♣ sure winner (1 trick); A♥ in a long suit: may be trumped (½ trick); doubleton "
        "9♦ 2♦: may trump diamonds (¼ trick); 1¾ tricks in all, rounded up to 2")


def test_the_house_rules_bid_is_named_in_the_reason() -> None:
    """Two aces count 2, but Mirror bidding asks for the three spades held: the last
    part says the bid made instead."""
    hand = "AS 5S 3S AH 7H 4H 2H 9C 6C 3C 8D 5D 2D"
    state = position(deal(south=hand), [], rules=Rules(bidding="mirror"))
    bid, reason = recommend_bid(observe(state, Seat.SOUTH))
    assert bid == Bid(3)
    assert reason.parts[-1] == ReasonPart(HOUSE_RULES_BID, count=3)
    assert reason_text_en(reason) == (
        "A♠ A♥ sure winners (2 tricks); under the house rules: bid 3")


@pytest.mark.parametrize("ten_for_200", [False, True])
def test_the_advice_stretches_to_ten_under_10_for_200(ten_for_200: bool) -> None:
    """North counts A♠ A♥ A♣ 3 and the K♦ guarded in three ½: 3½, a bid of 3. South bid
    6, so 3 makes a team contract of 9; the count 6 + 3½ reaches 9½, so under 10 for 200
    the advice bids 4 for the 200 and says why (docs/rules.md §4, §7)."""
    hand = "AS 5S 3S AH 8H 6H 4H AC 7C 2C KD 9D 3D"
    state = position(deal(north=hand), [6, 3], rules=Rules(ten_for_200=ten_for_200))
    assert state.current_player == Seat.NORTH
    bid, reason = recommend_bid(observe(state, Seat.NORTH))
    counted = ("A♠ A♥ A♣ sure winners (3 tricks); K♦ guarded king (½ trick); 3½ tricks in "
               "all, rounded down to 3")
    if ten_for_200:
        assert bid == Bid(4)
        assert reason.parts[-1] == ReasonPart(TEN_FOR_200_BID, count=4)
        assert reason_text_en(reason) == (
            counted + "; under 10 for 200: bid 4 to make the contract 10")
    else:
        assert bid == Bid(3)
        assert reason_text_en(reason) == counted


# --- the joker decks (docs/rules.md §1, Deck) ------------------------------------------

JJ = Rules(deck="joker-joker")
JJDD = Rules(deck="joker-joker-deuce-deuce")


def _deck_view(hand: str, rules: Rules) -> PlayerView:
    """South's view at its first bid of hand 1, ``hand`` read in the deck of ``rules``."""
    deck = rules.deck_number
    return observe(position(deal(deck, south=hand), [], rules=rules), Seat.SOUTH)


def test_joker_joker_counts_both_jokers() -> None:
    """Joker-Joker, BJ LJ 7♠ and ten small side cards (4-3-3): the Big Joker is the top
    trump, a sure winner (1), and the Little Joker the next one, a high spade with one
    lower spade against no missing higher one (1); three spades give no length and no
    suit is short: 2 tricks. The same shape with A♠ K♠ 7♠ in the standard deck counts the
    same 2."""
    hand = "BJ LJ 7S 9H 7H 4H 3H 9C 6C 3C 8D 5D 4D"
    bid, reason = recommend_bid(_deck_view(hand, JJ))
    assert bid == Bid(2)
    big, little = cards("BJ LJ", JJ.deck_number)
    assert reason == BidReason((
        ReasonPart(SURE_WINNERS, cards=(big,), tricks=1.0),
        ReasonPart(HIGH_SPADES, cards=(little,), tricks=1.0),
        ReasonPart(COUNTED, count=2, tricks=2.0),
    ))
    assert reason_text_en(reason) == (
        "BJ sure winner (1 trick); LJ high spade (1 trick); 2 tricks in all")
    standard = recommend_bid(_south_view("AS KS 7S 9H 7H 4H 3H 9C 6C 3C 8D 5D 4D"))
    assert standard[0] == Bid(2)


def test_under_jjdd_the_ace_of_spades_alone_is_no_sure_trick() -> None:
    """Joker-Joker-Deuce-Deuce, A♠ alone with K♥ 8♥ 6♥ 4♥, Q♣ 9♣ 7♣ 3♣, J♦ 9♦ 6♦ 3♦: the
    A♠ is the fifth trump (BJ, LJ, 2♦, 2♠ above it), counted as a ten: nothing; the
    guarded K♥ in four ½, the Q♣ with three small ¼: ¾, rounded up to 1. In the standard
    deck the same cards count the A♠ as a sure winner: 1¾, a bid of 2."""
    hand = "AS KH 8H 6H 4H QC 9C 7C 3C JD 9D 6D 3D"
    bid, reason = recommend_bid(_deck_view(hand, JJDD))
    assert bid == Bid(1)
    assert SURE_WINNERS not in reason.kinds and HIGH_SPADES not in reason.kinds
    assert estimate_tricks(cards(hand, JJDD.deck_number), JJDD.deck_number).tricks == 0.75
    assert reason_text_en(reason) == (
        "K♥ guarded king (½ trick); Q♣ guarded queen (¼ trick); ¾ trick in all, rounded "
        "up to 1")
    bid, reason = recommend_bid(_south_view(hand))
    assert bid == Bid(2)
    assert reason.parts[0] == ReasonPart(SURE_WINNERS, cards=(Card(Suit.SPADES, 14),),
                                         tricks=1.0)


def test_under_jjdd_the_two_of_diamonds_is_a_high_spade_not_a_nil_card() -> None:
    """Joker-Joker-Deuce-Deuce: 7♠ 4♠ with J♥ 8♥ 5♥ 3♥, K♣ 9♣ 6♣ 3♣, 10♦ 6♦ 4♦ fits Nil
    (two low spades, the K♣ guarded by three). With the 2♦ for the 7♠ it does not: the
    2♦ is the third trump, a queen of spades to the counting (docs/rules.md §1, Deck),
    above the jack a Nil allows. Counted instead: the 2♦ with one lower spade against
    two missing higher ones ½, the guarded K♣ ½: 1 trick, and the reason names the card
    as printed, 2♦."""
    nil_hand = "7S 4S JH 8H 5H 3H KC 9C 6C 3C TD 6D 4D"
    assert recommend_bid(_deck_view(nil_hand, JJDD))[0] == Bid(0)
    hand = "2D 4S JH 8H 5H 3H KC 9C 6C 3C TD 6D 4D"
    deck = JJDD.deck_number
    assert not is_nil_fit(cards(hand, deck), deck)
    bid, reason = recommend_bid(_deck_view(hand, JJDD))
    assert bid == Bid(1)
    assert reason_text_en(reason) == (
        "2♦ high spade (½ trick); K♣ guarded king (½ trick); 1 trick in all")
    assert reason.parts[0].cards == (Card(Suit.SPADES, 16),)


def test_mirror_under_jjdd_counts_the_jokers_and_the_two_of_diamonds_as_spades() -> None:
    """Mirror under Joker-Joker-Deuce-Deuce (docs/rules.md §1, Deck, example 4): BJ 2♦ A♠
    7♠ are four spades, the only bid is 4. The count: the Big Joker 1, the 2♦ (third
    trump) with two lower spades against one missing higher (the Little Joker) 1, four
    spades no length trick in a joker deck (from the sixth spade), no short side suit:
    2, moved to 4 by the house rules."""
    hand = "BJ 2D AS 7S 9H 7H 4H 9C 6C 3C 8D 5D 4D"
    rules = Rules(deck="joker-joker-deuce-deuce", bidding="mirror")
    view = _deck_view(hand, rules)
    assert [a for a in view.legal if isinstance(a, Bid)] == [Bid(4)]
    bid, reason = recommend_bid(view)
    assert bid == Bid(4)
    assert reason_text_en(reason) == (
        "BJ sure winner (1 trick); 2♦ high spade (1 trick); 2 tricks in all; under the "
        "house rules: bid 4")
    assert NormalBot().choose_action(view, 1) == Bid(4)


@pytest.mark.parametrize("deck", ["joker-joker", "joker-joker-deuce-deuce"])
def test_normal_bids_the_advice_in_a_joker_deck(deck: str) -> None:
    rules = Rules(deck=deck)
    for game in range(30):
        state = new_game(rules, game)
        view = observe(state, Seat.SOUTH)
        bid, reason = recommend_bid(view)
        assert NormalBot().choose_action(view, game) == bid
        _check_parts(view.hand, reason, rules.deck_number)


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


def _check_parts(hand: tuple[Card, ...], reason: BidReason, deck: int = 0) -> None:
    by_suit = {s: [c for c in hand if c.suit == s] for s in Suit}
    top = max(c.rank for c in DECK_CARDS[deck] if c.suit is Suit.SPADES)
    for part in reason.parts:
        assert part.kind in REASON_KINDS
        assert set(part.cards) <= set(hand), part
        assert part_text_en(part)
        if part.kind == SURE_WINNERS:
            assert part.cards
            assert all((c.rank == 14 and c.suit != Suit.SPADES)
                       or (c.suit == Suit.SPADES and c.rank == top) for c in part.cards)
        if part.kind == GUARDED_KING:
            assert all(c.rank == 13 and len(by_suit[c.suit]) >= 2 for c in part.cards)
        if part.kind == GUARDED_QUEEN:
            assert all(c.rank == 12 and len(by_suit[c.suit]) >= 3 for c in part.cards)
        if part.kind == HIGH_SPADES:
            assert all(c.suit == Suit.SPADES and spade_rank(c, deck) in (12, 13)
                       for c in part.cards)
        if part.kind == LONG_SPADES:
            assert list(part.cards) == sorted(by_suit[Suit.SPADES], key=lambda c: -c.rank)
            assert part.count == len(by_suit[Suit.SPADES]) - LENGTH_FROM[deck]
            assert LENGTH_FROM[deck] == (3 if deck == 0 else 5)
        if part.kind == VOID_TRUMP:
            assert part.suit is not None and not by_suit[part.suit]
            assert part.suit != Suit.SPADES and by_suit[Suit.SPADES]
        if part.kind == SINGLETON_TRUMP:
            assert part.suit is not None and list(part.cards) == by_suit[part.suit]
            assert len(part.cards) == 1 and by_suit[Suit.SPADES]
        if part.kind == NIL_FIT:
            assert not any(c.rank == 14 for c in hand)
            assert part.count == len(by_suit[Suit.SPADES]) <= 3


_DECKS = st.sampled_from([0, 1, 2]).flatmap(
    lambda deck: st.tuples(st.just(deck), st.permutations(DECK_CARDS[deck])))
"""A deck number (docs/rules.md §1, Deck) and its 52 cards shuffled."""


@settings(max_examples=300, deadline=None, derandomize=True)
@given(_DECKS, st.sampled_from([None, 0, 3]))
def test_reason_parts_refer_to_real_cards(shuffled: tuple[int, list[Card]],
                                          partner_bid: int | None) -> None:
    number, deck = shuffled
    hand = tuple(sorted(deck[:13]))
    rules = Rules(deck=DECK_CHOICES[number])
    view = _south_view(" ".join(str(c) for c in hand),
                       None if partner_bid is None else [partner_bid], rules)
    assert set(view.hand) == set(hand)
    bid, reason = recommend_bid(view)
    _check_parts(hand, reason, number)
    assert reason.parts, "every recommendation says why"
    if partner_bid == 0:
        assert not bid.is_nil
    elif is_nil_fit(hand, number):
        assert bid == Bid(0)
    if not bid.is_nil:
        tricks = estimate_tricks(hand, number).tricks
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
