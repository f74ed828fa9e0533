"""The referee's claim check (docs/rules.md §3, "Claims"): does one side take every trick
left, all four hands known, whatever the other side plays?

The set positions below are worked by hand (the reasoning is beside each); random
endings are checked against the double-dummy trick count of ``sim.double_dummy``, an
independent exact search: the claim holds exactly when the opponents' best count is 0."""

from __future__ import annotations

import random

import pytest

from spades_desktop.bots.claim import ClaimSearch
from spades_desktop.bots.sim import double_dummy
from spades_desktop.engine import DECK, cards_to_mask, parse_card
from spades_desktop.engine.core import LED_MASK, legal_mask

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3


def hands(south: str, west: str, north: str, east: str) -> list[int]:
    return [cards_to_mask([parse_card(c) for c in h.split()]) for h in (south, west, north, east)]


def index(text: str) -> int:
    return parse_card(text).index


# North–South hold the top spade and the four top hearts; East is void in hearts and
# holds the only other spade.
TOP_CARDS = hands("AS AH KH", "2H 3H 4H", "QH JH 3D", "2S 4D 5D")


def test_spades_broken_the_ace_of_spades_first_draws_easts_trump_and_the_claim_holds() -> None:
    # South leads AS: West and North have no spade, East must follow with 2S; then AH and
    # KH win, East (no heart, no spade left) discarding diamonds: three tricks of three.
    search = ClaimSearch()
    assert search.takes_every_trick(TOP_CARDS, [], SOUTH, True) is True
    # a heart first would be ruffed by East's 2S: the ace of spades is the only card
    assert search.winning_card(TOP_CARDS, [], SOUTH, True) == index("AS")


def test_spades_not_broken_east_ruffs_a_heart_and_the_claim_fails() -> None:
    # South may not lead the ace of spades (spades not broken, hearts in hand): every lead
    # is a heart, East is void in hearts and ruffs with 2S, so East–West take a trick,
    # although North–South hold the top spade and the four top hearts.
    search = ClaimSearch()
    assert search.takes_every_trick(TOP_CARDS, [], SOUTH, False) is False
    assert search.winning_card(TOP_CARDS, [], SOUTH, False) is None


def test_an_opponent_holding_the_top_spade_takes_a_trick() -> None:
    # West's AS wins whichever trick it is played to, though it is South's lead.
    position = hands("KS AH", "AS 2H", "QS KH", "2S 3H")
    assert ClaimSearch().takes_every_trick(position, [], SOUTH, True) is False
    assert ClaimSearch(team=1).takes_every_trick(position, [], SOUTH, True) is False


def test_a_trick_in_play_counts_and_the_partner_covers() -> None:
    # West led 9H; North plays next and must follow: KH wins over East's QH and South's
    # 2H, 3H would lose to the queen. North then leads 3H: East has no heart left and
    # throws 4C, South (AS alone) trumps, West throws 5C: both tricks to North–South.
    position = hands("2H AS", "5C", "KH 3H", "QH 4C")
    trick = [index("9H")]
    search = ClaimSearch()
    assert search.takes_every_trick(position, trick, WEST, True) is True
    assert search.winning_card(position, trick, WEST, True) == index("KH")
    # after 3H East's queen wins: from there the claim fails
    low = list(position)
    low[NORTH] &= ~(1 << index("3H"))
    assert ClaimSearch().takes_every_trick(low, [*trick, index("3H")], WEST, True) is False


def test_the_node_budget_leaves_the_claim_undecided() -> None:
    search = ClaimSearch(node_limit=1)
    assert search.takes_every_trick(TOP_CARDS, [], SOUTH, True) is None
    assert search.nodes > 1


def test_an_empty_position_is_taken_whole_and_bad_positions_are_refused() -> None:
    assert ClaimSearch().takes_every_trick([0, 0, 0, 0], [], SOUTH, False) is True
    with pytest.raises(ValueError):
        ClaimSearch(team=2)
    with pytest.raises(ValueError):  # two hands hold the ace of spades
        ClaimSearch().takes_every_trick(hands("AS", "AS", "2H", "3H"), [], SOUTH, True)
    with pytest.raises(ValueError):  # sizes do not match the trick in play
        ClaimSearch().takes_every_trick(hands("AS 2H", "3H", "4H", "5H"), [], SOUTH, True)
    with pytest.raises(ValueError):  # West to play is no seat of North–South
        ClaimSearch().winning_card(hands("AS", "3H", "4H", "5H"), [], WEST, True)


def test_random_endings_agree_with_the_double_dummy_count() -> None:
    rng = random.Random(7)
    deck = [c.index for c in DECK]
    checked = {True: 0, False: 0}
    for _ in range(300):
        tricks = rng.randint(1, 5)
        cards = rng.sample(deck, 4 * tricks)
        leader = rng.randrange(4)
        played = rng.randrange(4)
        position = [0, 0, 0, 0]
        for k in range(4):
            for c in cards[k * tricks:(k + 1) * tricks]:
                position[k] |= 1 << c
        broken = rng.random() < 0.5
        trick: list[int] = []
        for k in range(played):  # play a few legal cards into the trick
            seat = (leader + k) & 3
            legal = legal_mask(position[seat], LED_MASK[trick[0]] if trick else 0, broken)
            card = rng.choice([c for c in range(52) if legal >> c & 1])
            position[seat] &= ~(1 << card)
            trick.append(card)
            broken = broken or card >= 39
        seat = (leader + played) & 3
        team = rng.randrange(2)
        values = double_dummy(position, trick, leader, broken, 1 - team)
        assert values is not None
        theirs = min(values.values()) if seat & 1 == team else max(values.values())
        search = ClaimSearch(team)
        holds = search.takes_every_trick(position, trick, leader, broken)
        assert holds is (theirs == 0)
        checked[holds] += 1
        if holds and seat & 1 == team:
            card = search.winning_card(position, trick, leader, broken)
            assert card is not None and values[card] == 0
    assert checked[True] >= 20 and checked[False] >= 20  # both answers were exercised


def test_under_jjdd_the_trumps_above_the_ace_count_in_the_trick_and_in_the_hands() -> None:
    # Joker-Joker-Deuce-Deuce (docs/rules.md §1, Deck). West led the Big Joker, North
    # follows with the A♠; East and South hold the 2♦ (a spade) and the 2♠, both above
    # the A♠ and below the Big Joker: West takes the trick whatever they play, and then
    # leads the Little Joker, the highest card left: East–West take both tricks.
    jjdd = 2
    cards = [cards_to_mask([parse_card(c, jjdd) for c in h.split()])
             for h in ("2S 3H", "LJ", "4H", "2D 5H")]
    trick = [parse_card("BJ", jjdd).index, parse_card("AS", jjdd).index]
    assert ClaimSearch(team=1).takes_every_trick(cards, trick, WEST, True) is True
    assert ClaimSearch(team=0).takes_every_trick(cards, trick, WEST, True) is False
