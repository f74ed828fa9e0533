"""One test (or a few) per classic Spades-engine fault, each proving it impossible.

Fixed deals (``new_game(..., deal=...)``) build exact positions. Expected scores are
worked by hand from docs/rules.md §4 in the comments.
"""

from __future__ import annotations

import pytest

from spades_desktop.engine import (
    Bid,
    Card,
    IllegalActionError,
    Phase,
    Rules,
    Seat,
    Team,
    apply_action,
    decide_game,
    finished_scores,
    legal_actions,
    new_game,
    observe,
    parse_card,
    score_hand,
    sort_hand,
    trick_winner,
)

from .helpers import (
    bid_round,
    cards,
    game_with_hand,
    highest_legal,
    make_deal,
    play_out_hand,
    suit_cards,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST
NIL = Bid(0)

# South holds all 13 spades and wins every trick (it leads; nobody can follow or trump).
DEAL_SOUTH_ALL = make_deal(suit_cards("S"), suit_cards("H"), suit_cards("D"), suit_cards("C"))
# North holds all 13 spades: South leads a heart, North trumps, then leads spades: North 13.
DEAL_NORTH_ALL = make_deal(suit_cards("H"), suit_cards("D"), suit_cards("S"), suit_cards("C"))
# West holds all 13 spades: South leads a heart, West trumps, then leads spades: West 13.
DEAL_WEST_ALL = make_deal(suit_cards("H"), suit_cards("S"), suit_cards("D"), suit_cards("C"))
# With "highest legal card" play: East wins tricks 1-4 with clubs (A, K, Q, J over South's
# T, 9, 8, 7), leads TS in trick 5 (all spades); South wins 5-8 with AS KS QS JS; South
# must lead a club in trick 9, East trumps and wins 9-13. South 4 tricks, East 9.
DEAL_SOUTH_FOUR = make_deal(
    cards("AS KS QS JS 2C 3C 4C 5C 6C 7C 8C 9C 10C"),
    suit_cards("H"),
    suit_cards("D"),
    cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JC QC KC AC"),
)
# A mixed deal for the legality faults.
DEAL_MIXED = make_deal(
    cards("AC KC QC JC 10C 9C 8C 2S 3S 4S 2H 3H 4H"),
    cards("2C 3C 4C 5C 6C 7C 5S 6S 7S 5H 6H 7H 8H"),
    suit_cards("D"),
    cards("AS KS QS JS 10S 9S 8S 9H 10H JH QH KH AH"),
)


def bids(s: Bid, w: Bid, n: Bid, e: Bid) -> dict[Seat, Bid]:
    return {S: s, W: w, N: n, E: e}


def c(text: str) -> Card:
    return parse_card(text)


def play(state, *texts: str):  # type: ignore[no-untyped-def]
    for t in texts:
        state = apply_action(state, c(t))
    return state


def row(state, team: Team, hand: int = 0) -> tuple[int, ...]:  # type: ignore[no-untyped-def]
    h = finished_scores(state.hand_records)[hand][team]
    return (h.contract, h.bags, h.nil, h.bag_penalty, h.total, h.bags_after)


# ---------------------------------------------------------------------------
# Bags
# ---------------------------------------------------------------------------

def test_bags_never_pass_ten_by_more_than_one_score_hand() -> None:
    """9 bags + 13 bags in one hand (both Nil fail 6 + 7) -> 22 -> two penalties, 2 left."""
    r = score_hand(Rules(), bids(NIL, Bid(1), NIL, Bid(1)),
                   {S: 6, N: 7, W: 0, E: 0}, {Team.NS: 9, Team.EW: 0})[Team.NS]
    # bags 13; 9 + 13 = 22 -> -200, remainder 2; total 13 - 200 - 200 = -387.
    assert (r.bags, r.bag_penalty, r.bags_after, r.total) == (13, -200, 2, -387)
    assert 0 <= r.bags_after < 10


def test_bags_reach_twenty_in_one_hand() -> None:
    """9 bags, bid 1+1 and take 13 -> 11 bags -> 20 -> -200 and 0 left, never 10 or 20."""
    r = score_hand(Rules(), bids(Bid(1), Bid(1), Bid(1), Bid(1)),
                   {S: 13, N: 0, W: 0, E: 0}, {Team.NS: 9, Team.EW: 0})[Team.NS]
    # contract 2 made, 11 overtricks; 20 + 11 - 200 = -169.
    assert (r.contract, r.bags, r.bag_penalty, r.bags_after, r.total) == (20, 11, -200, 0, -169)


@pytest.mark.parametrize("before", range(10))
@pytest.mark.parametrize("taken", range(14))
def test_bag_remainder_always_below_ten(before: int, taken: int) -> None:
    # South bids Nil and wins `taken` tricks: each is a bag (none when taken == 0, a made
    # Nil). North bids 1 and wins 0: set, which adds no bags.
    tricks = {S: taken, N: 0, W: 13 - taken, E: 0}
    r = score_hand(Rules(), bids(NIL, Bid(1), Bid(1), Bid(1)), tricks,
                   {Team.NS: before, Team.EW: 0})[Team.NS]
    bags = taken
    assert r.bags == bags
    assert r.bags_after == (before + bags) % 10
    assert r.bag_penalty == -100 * ((before + bags) // 10)


def test_bags_state_level_penalty_in_the_hand_that_reaches_it() -> None:
    # South wins all 13; NS bid 1 + 1 = 2 -> +20 and 11 bags; 11 >= 10 -> -100, 1 left.
    # NS total 20 + 11 - 100 = -69. EW bid 1 + 1, won 0 -> -20.
    st = game_with_hand(Rules(), DEAL_SOUTH_ALL, bids(Bid(1), Bid(1), Bid(1), Bid(1)))
    assert row(st, Team.NS) == (20, 11, 0, -100, -69, 1)
    assert st.scores == {Team.NS: -69, Team.EW: -20}
    assert st.bags == {Team.NS: 1, Team.EW: 0}


def test_bags_counted_not_derived_from_score_penalty_off() -> None:
    """Two histories reach the same score (122) with different bag counts (12 vs 2).

    With the penalty on every row except bags is a multiple of 10, so score and bag
    count always agree mod 10; the difference can only show with the penalty off (or
    with negative scores, see the next test).
    Game A: South wins 13, bid South 1 + North Nil (made): +10, 12 bags, +100 -> 122, 12 bags.
    Game B: South wins 4, bid South 2 + North Nil (made): +20, 2 bags, +100 -> 122, 2 bags.
    """
    off = Rules(bag_penalty=False)
    a = game_with_hand(off, DEAL_SOUTH_ALL, bids(Bid(1), Bid(1), NIL, Bid(1)), game_number=77)
    b = game_with_hand(off, DEAL_SOUTH_FOUR, bids(Bid(2), Bid(1), NIL, Bid(1)), game_number=77)
    assert row(a, Team.NS) == (10, 12, 100, 0, 122, 12)
    assert row(b, Team.NS) == (20, 2, 100, 0, 122, 2)
    assert a.scores[Team.NS] == b.scores[Team.NS] == 122
    assert (a.bags[Team.NS], b.bags[Team.NS]) == (12, 2)
    # Hand 2 has the same deal in both games (same game number): play it identically.
    same = bids(Bid(3), Bid(3), Bid(3), Bid(3))
    a2 = play_out_hand(bid_round(a, same))
    b2 = play_out_hand(bid_round(b, same))
    ra = finished_scores(a2.hand_records)[1][Team.NS]
    rb = finished_scores(b2.hand_records)[1][Team.NS]
    assert (ra.contract, ra.bags, ra.nil, ra.total) == (rb.contract, rb.bags, rb.nil, rb.total)
    assert ra.bags_after - rb.bags_after == 10


def test_bags_counted_not_derived_from_score_penalty_on() -> None:
    """Penalty on: the same two hands now differ in score and the bag counts agree.

    Game A: 122 with 12 bags -> -100 and 2 left -> 22. Game B: 122 with 2 bags.
    """
    a = game_with_hand(Rules(), DEAL_SOUTH_ALL, bids(Bid(1), Bid(1), NIL, Bid(1)))
    b = game_with_hand(Rules(), DEAL_SOUTH_FOUR, bids(Bid(2), Bid(1), NIL, Bid(1)))
    assert row(a, Team.NS) == (10, 12, 100, -100, 22, 2)
    assert row(b, Team.NS) == (20, 2, 100, 0, 122, 2)


def test_bags_not_derived_from_a_negative_score() -> None:
    """South Nil fails with all 13 tricks; North bids 3 and wins 0.

    contract -30; Nil -100; bags 13 -> -100, 3 left; total -30 + 13 - 100 - 100 = -217.
    A count taken from the score's last digit would say 7 (or 3 only by luck of Python's %).
    Floor off so the game goes on; hand 2 must start from 3 bags.
    """
    rules = Rules(floor_score=None)
    st = game_with_hand(rules, DEAL_SOUTH_ALL, bids(NIL, Bid(1), Bid(3), Bid(1)))
    assert row(st, Team.NS) == (-30, 13, -100, -100, -217, 3)
    assert st.scores[Team.NS] == -217
    assert st.bags[Team.NS] == 3
    assert st.phase is Phase.BIDDING and st.hand_number == 2


# ---------------------------------------------------------------------------
# Nil
# ---------------------------------------------------------------------------

def test_failed_nil_tricks_do_not_help_partner_contract() -> None:
    """North (Nil) wins all 13; South bid 1 and won 0: South's contract is set.

    contract -10 (13 Nil tricks must not make it); Nil -100; 13 bags (+13) -> -100, 3 left.
    total -10 + 13 - 100 - 100 = -197.
    """
    st = game_with_hand(Rules(), DEAL_NORTH_ALL, bids(Bid(1), Bid(1), NIL, Bid(1)))
    assert st.tricks_won == {S: 0, W: 0, N: 0, E: 0}  # hand 2 has started
    assert finished_scores(st.hand_records)[0][Team.NS].made is False
    assert row(st, Team.NS) == (-10, 13, -100, -100, -197, 3)


def test_failed_nil_tricks_are_bags_when_partner_is_set() -> None:
    # Same hand, penalty off: -10 + 13 - 100 = -97, bags 13.
    st = game_with_hand(Rules(bag_penalty=False), DEAL_NORTH_ALL,
                        bids(Bid(1), Bid(1), NIL, Bid(1)))
    assert row(st, Team.NS) == (-10, 13, -100, 0, -97, 13)
    # And the [000] example straight from the scorer: set (-50), Nil -100, +2 bags.
    r = score_hand(Rules(), bids(Bid(5), Bid(3), NIL, Bid(3)),
                   {S: 4, N: 2, W: 4, E: 3}, {Team.NS: 0, Team.EW: 0})[Team.NS]
    assert (r.contract, r.nil, r.bags, r.total, r.bags_after, r.made) == (
        -50, -100, 2, -148, 2, False)


# ---------------------------------------------------------------------------
# Spades broken
# ---------------------------------------------------------------------------

def _mixed_to_trick_3():  # type: ignore[no-untyped-def]
    st = bid_round(new_game(Rules(), 5, deal=DEAL_MIXED), bids(Bid(3), Bid(3), Bid(3), Bid(3)))
    assert st.current_player is S
    # Trick 1: no spade anywhere; South wins with AC.
    st = play(st, "AC", "2C", "2D", "9H")
    assert st.trick_winners == (S,) and not st.spades_broken
    return st


def test_no_spade_lead_on_trick_one_unless_all_spades() -> None:
    st = bid_round(new_game(Rules(), 5, deal=DEAL_MIXED), bids(Bid(3), Bid(3), Bid(3), Bid(3)))
    legal = set(legal_actions(st))
    assert legal == set(cards("AC KC QC JC 10C 9C 8C 2H 3H 4H"))
    with pytest.raises(IllegalActionError, match="Spades have not been broken"):
        apply_action(st, c("2S"))


def test_spades_broken_persists_across_tricks() -> None:
    """A spade played in trick 2 lets spades be led in trick 5."""
    st = _mixed_to_trick_3()
    # Trick 2 lead: South may still not lead a spade.
    assert not any(a.suit.letter == "S" for a in legal_actions(st))
    # Trick 2: East is void in clubs and trumps with 8S (spades now broken).
    st = play(st, "KC", "3C", "3D", "8S")
    assert st.trick_winners[-1] is E and st.spades_broken
    # Tricks 3 and 4: hearts only, no spade played.
    st = play(st, "AH", "2H", "5H", "4D")
    st = play(st, "KH", "3H", "6H", "5D")
    assert st.trick_winners == (S, E, E, E)
    assert st.spades_broken
    # Trick 5: East (who also holds hearts) may lead a spade.
    assert st.current_player is E and len(st.tricks) == 4
    legal = set(legal_actions(st))
    assert c("AS") in legal and c("10H") in legal
    st = apply_action(st, c("AS"))
    assert st.current_trick == ((E, c("AS")),)


def test_spades_broken_reset_at_new_hand() -> None:
    # South's 13 spades break spades in hand 1.
    st = game_with_hand(Rules(), DEAL_SOUTH_ALL, bids(Bid(3), Bid(3), Bid(3), Bid(3)),
                        game_number=11)
    assert st.hand_number == 2 and st.phase is Phase.BIDDING
    assert st.spades_broken is False
    st = bid_round(st, bids(Bid(3), Bid(3), Bid(3), Bid(3)))
    assert st.current_player is W
    west = list(legal_actions(st))
    hand = observe(st, W).hand
    non_spades = [cd for cd in hand if cd.suit.letter != "S"]
    spades = [cd for cd in hand if cd.suit.letter == "S"]
    # Precondition for game 11 hand 2 (a fixed deal): West holds both kinds.
    assert non_spades and spades
    assert set(west) == set(non_spades)
    with pytest.raises(IllegalActionError, match="Spades have not been broken"):
        apply_action(st, spades[0])


# ---------------------------------------------------------------------------
# Following suit, trumping, all-spades leader
# ---------------------------------------------------------------------------

def test_spade_not_allowed_instead_of_following_suit() -> None:
    st = _mixed_to_trick_3()
    st = play(st, "KC", "3C", "3D", "8S")
    # Trick 3: East leads AH; South holds 2H 3H 4H and spades.
    st = apply_action(st, c("AH"))
    assert st.current_player is S
    assert set(legal_actions(st)) == set(cards("2H 3H 4H"))
    with pytest.raises(IllegalActionError) as info:
        apply_action(st, c("2S"))
    assert str(info.value) == "You must follow hearts."
    # A discard of another suit is just as illegal.
    with pytest.raises(IllegalActionError, match="You must follow hearts."):
        apply_action(st, c("8C"))


def test_void_player_may_trump() -> None:
    st = _mixed_to_trick_3()
    st = play(st, "KC", "3C", "3D")
    # East is void in clubs: every card is legal, spades and hearts alike.
    assert st.current_player is E
    assert set(legal_actions(st)) == set(DEAL_MIXED[E]) - {c("9H")}  # 9H went in trick 1
    st = apply_action(st, c("8S"))
    assert st.trick_winners[-1] is E and st.current_player is E
    assert st.tricks_won[E] == 1


def test_void_player_may_discard_other_suit() -> None:
    st = _mixed_to_trick_3()
    st = play(st, "KC", "3C", "3D", "10H")
    assert st.trick_winners[-1] is S


def test_all_spades_leader_has_all_cards_legal() -> None:
    st = bid_round(new_game(Rules(), 3, deal=DEAL_SOUTH_ALL),
                   bids(Bid(3), Bid(3), Bid(3), Bid(3)))
    assert st.current_player is S and not st.spades_broken
    assert set(legal_actions(st)) == set(suit_cards("S"))
    st = apply_action(st, c("2S"))
    assert st.spades_broken


def test_trump_beats_higher_led_suit_and_higher_trump_wins() -> None:
    assert trick_winner([(S, c("AH")), (W, c("2S")), (N, c("KH")), (E, c("3H"))]) is W
    assert trick_winner([(S, c("AH")), (W, c("2S")), (N, c("3S")), (E, c("KH"))]) is N
    assert trick_winner([(S, c("2H")), (W, c("AD")), (N, c("AC")), (E, c("3H"))]) is E
    assert trick_winner([(S, c("10S")), (W, c("AH")), (N, c("9S")), (E, c("JS"))]) is E
    assert trick_winner([(W, c("10C")), (N, c("9C")), (E, c("2C")), (S, c("3C"))]) is W
    with pytest.raises(ValueError):
        trick_winner([])


# ---------------------------------------------------------------------------
# Ten sorts above nine, below jack
# ---------------------------------------------------------------------------

def test_ten_is_not_sorted_below_two() -> None:
    two, nine, ten, jack = c("2H"), c("9H"), c("10H"), c("JH")
    assert ten.rank == 10 and c("TH") == ten
    assert two < nine < ten < jack
    assert sorted([ten, jack, two, nine]) == [two, nine, ten, jack]
    assert str(ten) == "TH" and ten.rank_text == "10" and ten.label == "10♥"


def test_sort_hand_orders_suits_and_ranks() -> None:
    hand = cards("10H 2H JH 9H AS 10S 2S 10C 3C 10D KD 2D QS")
    # spades, hearts, clubs, diamonds; each high to low, 10 between J and 9.
    assert [str(x) for x in sort_hand(hand)] == [
        "AS", "QS", "TS", "2S", "JH", "TH", "9H", "2H", "TC", "3C", "KD", "TD", "2D"]


# ---------------------------------------------------------------------------
# Dealer rotation: who bids and leads first
# ---------------------------------------------------------------------------

def test_dealer_rotation_first_bidder_and_leader() -> None:
    rules = Rules(target_score=1000, floor_score=None)
    st = new_game(rules, 42)
    expected_dealers = [E, S, W, N, E, S]
    for hand_no, dealer in enumerate(expected_dealers, start=1):
        assert st.hand_number == hand_no and st.phase is Phase.BIDDING
        assert st.dealer is dealer
        first = dealer.left
        # hand 1: East deals, South first; hand 2: South deals, West first, ...
        assert first is [S, W, N, E, S, W][hand_no - 1]
        order = []
        for _ in range(4):
            order.append(st.current_player)
            st = apply_action(st, Bid(2))
        assert order == [first, first.left, first.left.left, first.left.left.left]
        assert st.phase is Phase.PLAYING and st.current_player is first
        st = apply_action(st, highest_legal(st))
        assert st.current_trick[0][0] is first
        st = play_out_hand(st)


# ---------------------------------------------------------------------------
# Winner of the game
# ---------------------------------------------------------------------------

def test_ew_win_recorded_as_ew_state_level() -> None:
    """West wins all 13 (trumps South's heart lead, then leads spades). Target 100.

    EW: West 10, East Nil (made): +100 + 3 bags + 100 = 203. NS: 1 + 1 with 0 tricks: -20.
    """
    st = game_with_hand(Rules(target_score=100), DEAL_WEST_ALL,
                        bids(Bid(1), Bid(10), Bid(1), NIL))
    assert st.phase is Phase.GAME_OVER and st.current_player is None
    assert st.scores == {Team.NS: -20, Team.EW: 203}
    assert st.result is not None
    assert st.result.winner is Team.EW
    assert st.result.scores == (-20, 203)
    assert st.result.hands_played == 1
    assert legal_actions(st) == ()


def test_ns_win_recorded_as_ns_state_level() -> None:
    # Mirror: South wins 13; South 10, North Nil: 203; EW 1 + 1 with 0 tricks: -20.
    st = game_with_hand(Rules(target_score=100), DEAL_SOUTH_ALL,
                        bids(Bid(10), Bid(1), NIL, Bid(1)))
    assert st.result is not None and st.result.winner is Team.NS
    assert st.result.scores == (203, -20)


def test_decide_game_ew_higher_is_ew() -> None:
    for ns, ew in ((480, 510), (-20, 500), (499, 1000), (-250, -210)):
        r = decide_game(Rules(), {Team.NS: ns, Team.EW: ew}, 3)
        assert r is not None and r.winner is Team.EW, (ns, ew)
        assert r.scores == (ns, ew)


def test_floor_ends_game_state_level() -> None:
    # NS -217 (see test_bags_not_derived_from_a_negative_score), EW 1 + 1 with 0: -20.
    st = game_with_hand(Rules(), DEAL_SOUTH_ALL, bids(NIL, Bid(1), Bid(3), Bid(1)))
    assert st.phase is Phase.GAME_OVER
    assert st.result is not None and st.result.winner is Team.EW
    assert st.result.scores == (-217, -20)


def test_equal_scores_over_target_means_another_hand() -> None:
    assert decide_game(Rules(), {Team.NS: 520, Team.EW: 520}, 12) is None
    assert decide_game(Rules(), {Team.NS: -200, Team.EW: -200}, 12) is None
    draw = decide_game(Rules(), {Team.NS: 520, Team.EW: 520}, 30)
    assert draw is not None and draw.winner is None and draw.hands_played == 30


def test_equal_scores_at_the_floor_play_another_hand_state_level() -> None:
    """South wins all 13. Every seat bids 10: NS contract 20 with 13 tricks -> set, -200;
    EW contract 20 with 0 tricks -> set, -200. Both at the floor, equal -> hand 2."""
    st = game_with_hand(Rules(), DEAL_SOUTH_ALL, bids(Bid(10), Bid(10), Bid(10), Bid(10)))
    assert st.scores == {Team.NS: -200, Team.EW: -200}
    assert st.result is None
    assert st.phase is Phase.BIDDING and st.hand_number == 2 and st.current_player is W


def test_equal_scores_at_the_hand_limit_are_a_draw_state_level() -> None:
    """Same hand with max_hands=1: -200 each after the last hand -> a draw."""
    st = game_with_hand(Rules(max_hands=1), DEAL_SOUTH_ALL,
                        bids(Bid(10), Bid(10), Bid(10), Bid(10)))
    assert st.phase is Phase.GAME_OVER
    assert st.result is not None and st.result.winner is None
    assert st.result.scores == (-200, -200) and st.result.hands_played == 1


def test_hand_limit_ends_an_unequal_game_state_level() -> None:
    # NS -69 (see test_bags_state_level_...), EW 1 + 1 with 0 tricks: -20 -> EW wins.
    st = game_with_hand(Rules(max_hands=1, floor_score=None), DEAL_SOUTH_ALL,
                        bids(Bid(1), Bid(1), Bid(1), Bid(1)))
    assert st.result is not None and st.result.winner is Team.EW
    assert st.result.scores == (-69, -20) and st.result.hands_played == 1
