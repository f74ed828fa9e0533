"""The coach's reasons say something true of the card they explain (docs/rules.md §2: following
suit, the trick's winner): "play low" only for the lowest card South could play in the
suit, a "low card" lead only for a low card, "the highest card left" only when no
unplayed card of the suit is higher, South's own included.

Positions are dealt by hand (game 1: East deals, South bids first and leads the first
trick); every card is played through the engine, which checks it.
"""

from __future__ import annotations

from collections.abc import Mapping

from spades_desktop.bots.coach import Reason, reason_for
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
    parse_card,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


def _cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def _view(south: str, fixed: Mapping[Seat, str], voids: Mapping[Seat, set[Suit]],
          plays: str, south_bid: Bid | None = None) -> PlayerView:
    """South holds the 13 cards ``south``; the other seats hold ``fixed`` and are
    filled up from the rest of the deck, never with a suit of ``voids``. South bids
    ``south_bid`` (3 if not given), the others 3, then the cards ``plays`` are played
    from South's first lead on; South is then to play."""
    hands = {S: _cards(south)} | {seat: _cards(fixed.get(seat, "")) for seat in (W, N, E)}
    assert len(hands[S]) == 13
    used = {c for cs in hands.values() for c in cs}
    for card in (c for c in DECK if c not in used):
        open_seats = [s for s in (W, N, E)
                      if len(hands[s]) < 13 and card.suit not in voids.get(s, set())]
        seat = min(open_seats, key=lambda s: len(hands[s]))
        hands[seat].append(card)
    state = new_game(Rules(), 1, deal=hands)
    assert state.dealer == E
    while state.phase is Phase.BIDDING:
        state = apply_action(state, south_bid if south_bid is not None and state.current_player == S
                             else Bid(3))
    for text in plays.split():
        state = apply_action(state, parse_card(text))
    assert state.current_player == S
    return observe(state, S)


SOUTH_CLUBS = "9C 6C 2D 3D 5D 7H 8H 9H TH 2S 3S 4S 5S"


def test_play_low_only_for_the_lowest_card_under_a_lost_trick() -> None:
    """Trick 2: East leads the A♣ (East won the first trick with the A♦); South holds
    ♣9 6. Neither club can win: "keep your high cards" fits the 6, not the 9."""
    view = _view(SOUTH_CLUBS, {W: "4D", N: "6D", E: "AD AC"}, {},
                 "2D 4D 6D AD AC")
    assert reason_for(view, parse_card("6C"))[0] is Reason.PLAY_LOW
    nine = reason_for(view, parse_card("9C"))[0]
    assert nine not in (Reason.PLAY_LOW, Reason.PARTNER_WINNING)
    assert nine is Reason.SHED_HIGHER


def test_play_low_with_four_cards_of_the_suit() -> None:
    """Trick 2: East leads the A♥; South holds ♥J 10 4 2: only the 2 is "low"."""
    south = "JH TH 4H 2H 2D 3D 5D 7C 8C 2S 3S 4S 5S"
    view = _view(south, {W: "4D", N: "6D", E: "AD AH"}, {}, "2D 4D 6D AD AH")
    assert reason_for(view, parse_card("2H"))[0] is Reason.PLAY_LOW
    for text in ("TH", "JH", "4H"):
        assert reason_for(view, parse_card(text))[0] is Reason.SHED_HIGHER


def test_partner_winning_only_for_the_lowest_card_of_its_suit() -> None:
    """Trick 2: North (who won the first trick with the A♥) leads the K♣, East plays
    the 2♣, South is out of clubs and holds ♦J 5: "play low, keep your high cards"
    fits the 5♦ thrown, not the J♦."""
    south = "2H JD 5D 3H 4H 5H 6H 7H 2S 3S 4S 5S 6S"
    view = _view(south, {W: "8H", N: "AH KC", E: "9H 2C"}, {S: {Suit.CLUBS}},
                 "2H 8H AH 9H KC 2C")
    assert reason_for(view, parse_card("5D"))[0] is Reason.PARTNER_WINNING
    assert reason_for(view, parse_card("JD"))[0] is Reason.SHED_HIGHER


def test_a_lead_is_called_low_only_for_a_low_card() -> None:
    """South leads the first trick holding ♥K Q J 2 and ♦A 5 4 2; the A♥ is out."""
    south = "KH QH JH 2H AD 5D 4D 2D 9C 6C 2S 3S 4S"
    view = _view(south, {}, {}, "")
    # J♥: the Q♥ above it is South's: a lead from a sequence, not a "low card"
    assert reason_for(view, parse_card("JH"))[0] is Reason.LEAD_SEQUENCE
    # 4♦ under South's own A♦ (the highest diamond): the winner stays
    assert reason_for(view, parse_card("4D"))[0] is Reason.LEAD_LOW_KEEP_WINNER
    # 2♥ under the K Q J, the A♥ being out: a low card that gives nothing away
    assert reason_for(view, parse_card("2H"))[0] is Reason.LEAD_SAFE
    # 9♣ (not low, no sequence)
    assert reason_for(view, parse_card("9C"))[0] is Reason.LEAD_DRIVE_OUT
    assert reason_for(view, parse_card("AD"))[0] is Reason.CASH_WINNER


def test_a_suit_nobody_else_holds_is_no_sure_trick() -> None:
    """South holds all thirteen hearts and leads the first trick: no other seat can
    follow, and they hold every spade, so a heart led, low or high, may be trumped. It
    is not "a sure trick" nor a trick won; the reason says that they must trump it or
    throw a card away."""
    south = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    view = _view(south, {}, {}, "")
    for card in ("2H", "TH", "AH"):
        reason, _ = reason_for(view, parse_card(card))
        assert reason is Reason.LEAD_SUIT_GONE, card


def test_the_highest_card_left_is_named_only_when_it_is() -> None:
    """Trick 1: South leads the A♣ and West, out of clubs, throws the A♥. South leads
    the second trick with ♥K Q: both are sure winners, but only the K♥ is the highest
    heart left."""
    south = "AC KH QH 3H 2D 3D 4D 5D 6D 2S 3S 4S 5S"
    view = _view(south, {W: "AH", N: "2C", E: "3C"}, {W: {Suit.CLUBS}},
                 "AC AH 2C 3C")
    assert reason_for(view, parse_card("KH"))[0] is Reason.CASH_WINNER
    assert reason_for(view, parse_card("QH"))[0] is Reason.SURE_WINNER
    # 3♥ under South's own K♥, now the highest heart: the winner stays
    assert reason_for(view, parse_card("3H"))[0] is Reason.LEAD_LOW_KEEP_WINNER


def test_own_nil_stay_under_only_when_a_card_does() -> None:
    """South bid Nil and has taken no trick; East (who won the first trick with the A♦)
    leads a heart and South holds ♥J 10 9 7. Under the 8♥ led, the 7♥ stays under
    ("stay under the winning card"); the 9♥ does not, so that reason is not given for
    it. Under the 2♥ led, every heart South may play beats it: the Nil is in danger
    whatever South plays, and "stay under" would be false."""
    nil = Bid(0)
    south = "9C 6C 2D 3D 5D 7H 9H TH JH 2S 3S 4S 5S"
    view = _view(south, {W: "4D", N: "6D", E: "AD 8H"}, {}, "2D 4D 6D AD 8H",
                 south_bid=nil)
    assert reason_for(view, parse_card("7H"))[0] is Reason.PROTECT_OWN_NIL
    assert reason_for(view, parse_card("9H"))[0] not in (Reason.PROTECT_OWN_NIL,
                                                         Reason.NIL_CANNOT_STAY_UNDER)
    view = _view(south, {W: "4D", N: "6D", E: "AD 2H"}, {}, "2D 4D 6D AD 2H",
                 south_bid=nil)
    assert set(view.legal) == set(_cards("7H 9H TH JH"))
    for text in ("7H", "JH"):
        assert reason_for(view, parse_card(text))[0] is Reason.NIL_CANNOT_STAY_UNDER


def test_a_singleton_lead_is_explained_by_the_void_it_makes() -> None:
    """South leads trick 1 holding the 9♥ alone and four spades; the A♥, K♥ … are out.
    Leading the 9♥ does not "drive out the higher cards": it empties the suit, so that
    South may trump hearts later."""
    south = "9H 2C 3C 4C 5C 6C 2D 3D 4D 5D 2S 3S 4S"
    view = _view(south, {}, {}, "")
    assert view.current_trick == () and view.current_player == S
    assert reason_for(view, parse_card("9H"))[0] is Reason.LEAD_SINGLETON
    # a low card of a longer suit is no singleton
    assert reason_for(view, parse_card("2C"))[0] is not Reason.LEAD_SINGLETON


def test_a_singleton_without_a_spade_is_not_explained_by_trumping() -> None:
    """With no spade, emptying hearts lets South trump nothing: not LEAD_SINGLETON."""
    south = "9H 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 7D"
    view = _view(south, {}, {}, "")
    assert reason_for(view, parse_card("9H"))[0] is not Reason.LEAD_SINGLETON
