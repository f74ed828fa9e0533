"""House rules of the bidding (docs/rules.md §2, House rules of the bidding).

Every expected value below is worked out by hand from the rules as docs/rules.md writes
them, next to the case. East deals the first hand, so South and West bid first for their
teams, North and East second.
"""

from __future__ import annotations

import pytest

from spades_desktop.engine import (
    LOOK_AT_HAND,
    Bid,
    Card,
    GameState,
    IllegalActionError,
    Refusal,
    RuleCode,
    Rules,
    Seat,
    Suit,
    apply_action,
    core,
    explain_illegal,
    legal_actions,
    legal_bids,
    new_game,
    observe,
)
from spades_desktop.engine.rules import OPTION, parse_option

NIL = Bid(0)
BLIND = Bid(0, blind=True)
ALL = tuple(Bid(n) for n in range(14))
FOUR_UP = tuple(Bid(n) for n in range(4, 14))


def _cards(suit: Suit, ranks: object) -> list[Card]:
    return [Card(suit, r) for r in ranks]  # type: ignore[attr-defined]


DEAL = {
    # South: A♠ 9♠ 3♠ (3 spades) and ten diamonds.
    Seat.SOUTH: _cards(Suit.SPADES, (14, 9, 3)) + _cards(Suit.DIAMONDS, range(2, 12)),
    # West: K♠ Q♠ J♠ 10♠ 8♠ (5 spades), Q♦ K♦ A♦ and five clubs.
    Seat.WEST: (_cards(Suit.SPADES, (13, 12, 11, 10, 8)) + _cards(Suit.DIAMONDS, (12, 13, 14))
                + _cards(Suit.CLUBS, range(2, 7))),
    # North: no spade, all thirteen hearts.
    Seat.NORTH: _cards(Suit.HEARTS, range(2, 15)),
    # East: 7♠ 6♠ 5♠ 4♠ 2♠ (5 spades) and eight clubs.
    Seat.EAST: _cards(Suit.SPADES, (7, 6, 5, 4, 2)) + _cards(Suit.CLUBS, range(7, 15)),
}


def _state(rules: Rules, *bids: Bid) -> GameState:
    """The first hand of DEAL after ``bids`` (South, West, North in turn)."""
    state = new_game(rules, 1, deal=DEAL)
    for bid in bids:
        state = apply_action(state, bid)
    return state


# --- the rules core -----------------------------------------------------------------------


def test_the_mask_of_each_style() -> None:
    std, sui, mir, whiz = (core.BIDDING_STANDARD, core.BIDDING_SUICIDE, core.BIDDING_MIRROR,
                           core.BIDDING_WHIZ)
    every = 0b11_1111_1111_1111                # Nil (bit 0) to 13 (bit 13)
    four_up = 0b11_1111_1111_0000              # 4..13
    assert every == core.ALL_BIDS
    # Standard, no minimum: every bid, before and after the partner's.
    assert core.legal_bid_mask(std, 0, core.NO_BID, 0) == every
    assert core.legal_bid_mask(std, 0, 0, 5) == every
    # Minimum 4: the first partner anything; after Nil 4+, after 2 at least 2, after 5 all.
    assert core.legal_bid_mask(std, 4, core.NO_BID, 0) == every
    assert core.legal_bid_mask(std, 4, 0, 0) == four_up
    assert core.legal_bid_mask(std, 4, 2, 0) == 0b11_1111_1111_1100
    assert core.legal_bid_mask(std, 4, 3, 0) == 0b11_1111_1111_1110
    assert core.legal_bid_mask(std, 4, 5, 0) == every
    # Suicide: first Nil or 4+; after Nil 4+; after 5 Nil only.
    assert core.legal_bid_mask(sui, 0, core.NO_BID, 7) == 0b11_1111_1111_0001
    assert core.legal_bid_mask(sui, 0, 0, 7) == four_up
    assert core.legal_bid_mask(sui, 0, 5, 7) == 0b1
    # Mirror: the spades held; none: Nil. Whiz: Nil or the spades held.
    assert core.legal_bid_mask(mir, 0, core.NO_BID, 0) == 0b1
    assert core.legal_bid_mask(mir, 4, 0, 3) == 0b1000
    assert core.legal_bid_mask(whiz, 0, core.NO_BID, 3) == 0b1001
    assert core.legal_bid_mask(whiz, 0, 2, 0) == 0b1


def test_the_blind_nil_gate() -> None:
    std = core.BIDDING_STANDARD
    assert core.blind_nil_offered(std, 0, core.NO_BID)
    assert core.blind_nil_offered(std, 0, 0)
    assert core.blind_nil_offered(std, 4, core.NO_BID)
    assert core.blind_nil_offered(std, 4, 4)
    assert not core.blind_nil_offered(std, 4, 3)
    assert not core.blind_nil_offered(std, 4, 0)
    for style in (core.BIDDING_SUICIDE, core.BIDDING_MIRROR, core.BIDDING_WHIZ):
        assert not core.blind_nil_offered(style, 0, core.NO_BID)


# --- the legal bids of a game -------------------------------------------------------------


def test_minimum_team_bid() -> None:
    rules = Rules(min_team_bid=4)
    assert legal_actions(_state(rules)) == ALL                             # South, first
    # South bids 2; West (first of its team) anything; West Nil.
    assert legal_actions(_state(rules, Bid(2))) == ALL
    # North after South's 2: 2..13 (2 + 2 = 4).
    assert legal_actions(_state(rules, Bid(2), NIL)) == tuple(Bid(n) for n in range(2, 14))
    # East after West's Nil: 4..13.
    assert legal_actions(_state(rules, Bid(2), NIL, Bid(2))) == FOUR_UP
    # North after South's 5: anything.
    assert legal_actions(_state(rules, Bid(5), NIL)) == ALL


def test_suicide() -> None:
    rules = Rules(bidding="suicide")
    assert legal_actions(_state(rules)) == (NIL, *FOUR_UP)                # South, first
    # South 5, West Nil: North must bid Nil, East 4..13.
    assert legal_actions(_state(rules, Bid(5), NIL)) == (NIL,)
    assert legal_actions(_state(rules, Bid(5), NIL, NIL)) == FOUR_UP
    # South Nil: North 4..13.
    assert legal_actions(_state(rules, NIL, Bid(4))) == FOUR_UP


def test_mirror() -> None:
    rules = Rules(bidding="mirror")
    assert legal_actions(_state(rules)) == (Bid(3),)              # South holds 3 spades
    assert legal_actions(_state(rules, Bid(3))) == (Bid(5),)      # West 5
    assert legal_actions(_state(rules, Bid(3), Bid(5))) == (NIL,)  # North none: Nil


def test_whiz() -> None:
    rules = Rules(bidding="whiz")
    assert legal_actions(_state(rules)) == (NIL, Bid(3))
    assert legal_actions(_state(rules, NIL, Bid(5))) == (NIL,)    # North holds no spade


def test_legal_bids_and_the_view_agree_with_the_state() -> None:
    rules = Rules(bidding="whiz", blind_nil=True)
    south = sum(c.bit for c in DEAL[Seat.SOUTH])
    assert legal_bids(rules, (0, 0), Seat.SOUTH, hand=south) == (NIL, Bid(3))
    assert legal_bids(Rules(min_team_bid=4), (0, 0), Seat.NORTH,
                      partner_bid=Bid(3)) == tuple(Bid(n) for n in range(1, 14))
    assert observe(_state(rules), Seat.SOUTH).legal == (NIL, Bid(3))
    with pytest.raises(TypeError):
        legal_bids(rules, (0, 0), Seat.SOUTH, partner_bid=3)  # type: ignore[arg-type]


# --- refusals -----------------------------------------------------------------------------

REFUSALS = [
    # (rules, bids before, the refused bid, code, number, message)
    (Rules(min_team_bid=4), (Bid(1), NIL), Bid(2), RuleCode.MIN_TEAM_BID, 3,
     "Your team must bid at least 4: bid 3 or more."),
    (Rules(min_team_bid=4), (NIL, NIL), Bid(3), RuleCode.MIN_TEAM_BID, 4,
     "Your team must bid at least 4: bid 4 or more."),
    (Rules(bidding="suicide"), (), Bid(2), RuleCode.SUICIDE_NIL_OR_FOUR, None,
     "Suicide: bid Nil, or 4 or more."),
    (Rules(bidding="suicide"), (Bid(5), NIL), Bid(4), RuleCode.SUICIDE_MUST_NIL, 5,
     "Suicide: your partner bid 5, so you must bid Nil."),
    (Rules(bidding="suicide"), (NIL, NIL), Bid(3), RuleCode.SUICIDE_MUST_BID, None,
     "Suicide: your partner bid Nil, so you must bid 4 or more."),
    (Rules(bidding="suicide"), (NIL, NIL), NIL, RuleCode.SUICIDE_MUST_BID, None,
     "Suicide: your partner bid Nil, so you must bid 4 or more."),
    (Rules(bidding="mirror"), (), Bid(4), RuleCode.MIRROR, 3,
     "Mirror: bid the number of spades you hold (3)."),
    (Rules(bidding="mirror"), (Bid(3), Bid(5)), Bid(1), RuleCode.MIRROR, 0,
     "Mirror: bid the number of spades you hold (0)."),
    (Rules(bidding="whiz"), (), Bid(2), RuleCode.WHIZ, 3,
     "Whiz: bid Nil or the number of spades you hold (3)."),
]


@pytest.mark.parametrize(("rules", "before", "bid", "code", "number", "message"), REFUSALS)
def test_each_refusal(rules: Rules, before: tuple[Bid, ...], bid: Bid, code: RuleCode,
                      number: int | None, message: str) -> None:
    state = _state(rules, *before)
    expected = Refusal(code, number=number)
    assert explain_illegal(state, bid) == expected
    assert expected.message == message
    assert expected.args == ({} if number is None else {"number": str(number)})
    seat = state.current_player
    assert seat is not None
    assert observe(state, seat).explain(bid) == expected
    with pytest.raises(IllegalActionError, match=message.replace("(", r"\(")
                       .replace(")", r"\)")) as caught:
        apply_action(state, bid)
    assert caught.value.code is code


def test_a_number_goes_with_its_codes_only() -> None:
    with pytest.raises(ValueError):
        Refusal(RuleCode.MIRROR)
    with pytest.raises(ValueError):
        Refusal(RuleCode.SUICIDE_MUST_BID, number=4)


# --- Blind Nil and the look at the hand ----------------------------------------------------


def test_blind_nil_under_the_minimum_team_bid() -> None:
    # North–South trail by 150: South and North may bid Blind Nil (docs/rules.md §2).
    rules = Rules(blind_nil=True, min_team_bid=4)
    start = new_game(rules, 1, deal=DEAL).replace(score_list=(0, 150))
    assert legal_actions(start) == (*ALL, BLIND, LOOK_AT_HAND)             # South, first
    assert observe(start, Seat.SOUTH).blind_nil_allowed
    # After South's 3 North may bid 1..13 only: no Blind Nil, no look.
    after_3 = apply_action(apply_action(start, Bid(3)), Bid(2))
    assert legal_actions(after_3) == tuple(Bid(n) for n in range(1, 14))
    assert not observe(after_3, Seat.NORTH).blind_nil_allowed
    too_low = Refusal(RuleCode.MIN_TEAM_BID, number=1)
    assert explain_illegal(after_3, BLIND) == too_low
    assert explain_illegal(after_3, LOOK_AT_HAND) == too_low
    # After South's 4 everything is open to North, Blind Nil and the look included.
    after_4 = apply_action(apply_action(start, Bid(4)), Bid(2))
    assert legal_actions(after_4) == (*ALL, BLIND, LOOK_AT_HAND)
    assert observe(after_4, Seat.NORTH).blind_nil_allowed
    assert explain_illegal(after_4, BLIND) is None


@pytest.mark.parametrize("bidding", ["suicide", "mirror", "whiz"])
def test_no_blind_nil_outside_standard_bidding(bidding: str) -> None:
    rules = Rules(blind_nil=True, bidding=bidding)
    start = new_game(rules, 1, deal=DEAL).replace(score_list=(0, 150))
    assert BLIND not in legal_actions(start) and LOOK_AT_HAND not in legal_actions(start)
    assert not observe(start, Seat.SOUTH).blind_nil_allowed
    refused = Refusal(RuleCode.BLIND_NIL_NOT_OFFERED)
    assert refused.message == "Blind Nil is not offered under Suicide, Mirror or Whiz bidding."
    assert explain_illegal(start, BLIND) == refused
    assert explain_illegal(start, LOOK_AT_HAND) == refused
    assert rules.is_moot("blind_nil") and rules.is_moot("min_team_bid")


# --- the options ---------------------------------------------------------------------------


def test_the_options_and_their_save() -> None:
    assert OPTION["bidding"].choices == ("standard", "suicide", "mirror", "whiz")
    assert OPTION["min_team_bid"].choices == (0, 4)
    assert not OPTION["bidding"].allows(1) and not OPTION["min_team_bid"].allows("4")
    rules = Rules(bidding="whiz", min_team_bid=4)
    data = rules.to_dict()
    assert data["bidding"] == "whiz" and data["min_team_bid"] == 4
    assert Rules.from_dict(data) == rules
    # A standard game's save has neither key.
    assert "bidding" not in Rules().to_dict() and "min_team_bid" not in Rules().to_dict()
    # min_team_bid is moot unless the bidding is standard.
    assert rules.house_rules() == ("bidding",)
    assert Rules(min_team_bid=4).house_rules() == ("min_team_bid",)
    assert parse_option("bidding=Mirror") == ("bidding", "mirror")
    with pytest.raises(ValueError, match="must be one of standard, suicide, mirror, whiz"):
        Rules(bidding="boston")
    with pytest.raises(ValueError):
        Rules.from_dict({**Rules().to_dict(), "min_team_bid": 3})
