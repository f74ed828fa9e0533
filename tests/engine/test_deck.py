"""The house rule ``deck``: Joker-Joker and Joker-Joker-Deuce-Deuce (docs/rules.md §1, Deck).

The worked examples of docs/rules.md, Deck, are played here through the public engine;
every expected winner and legal set is worked out by hand from that section.
"""

from __future__ import annotations

import pytest

from spades_desktop.engine import (
    DECK_CARDS,
    Bid,
    Card,
    IllegalActionError,
    RuleCode,
    Rules,
    Seat,
    Suit,
    apply_action,
    core,  # noqa: I001 (the rules core's tables)
    deal_hands,
    legal_actions,
    new_game,
    observe,
    parse_card,
    sort_hand,
    trick_winner,
)
from spades_desktop.engine.legality import legal_bids

JJ = Rules(deck="joker-joker")
JJDD = Rules(deck="joker-joker-deuce-deuce")


def cards(text: str, rules: Rules) -> list[Card]:
    return [parse_card(t, rules.deck_number) for t in text.split()]


def test_each_deck_holds_52_cards_and_the_trumps_in_their_order() -> None:
    standard, jokers, deuces = (" ".join(str(c) for c in sort_hand(d)) for d in DECK_CARDS)
    assert all(len(d) == 52 for d in DECK_CARDS)
    assert standard.startswith("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH")
    # Joker-Joker: both jokers above the ace; no 2♣ nor 2♦ (docs/rules.md, Deck).
    assert jokers.startswith("BJ LJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH")
    assert "2C" not in jokers and "2D" not in jokers and "2H" in jokers
    # Joker-Joker-Deuce-Deuce: BJ > LJ > 2♦ > 2♠ > A♠ … 3♠; no 2♣ nor 2♥.
    assert deuces.startswith("BJ LJ 2D 2S AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH")
    assert "2C" not in deuces and "2H" not in deuces
    assert sum(1 for c in DECK_CARDS[2] if c.suit is Suit.SPADES) == 16
    assert sum(1 for c in DECK_CARDS[2] if c.suit is Suit.DIAMONDS) == 12


def test_the_printed_face_of_the_trumps_above_the_ace() -> None:
    two_d = parse_card("2D", JJDD.deck_number)
    assert two_d.suit is Suit.SPADES and two_d.face_suit is Suit.DIAMONDS
    assert two_d.label == "2♦" and str(two_d) == "2D"
    big = parse_card("BJ", JJ.deck_number)
    assert big.is_joker and big.face_suit is None and big.label == "BJ"
    assert parse_card("2S").rank == 2 and parse_card("2S", JJDD.deck_number).rank == 15
    with pytest.raises(ValueError, match="standard deck"):
        parse_card("LJ")
    with pytest.raises(ValueError, match="Joker-Joker deck"):
        parse_card("2C", JJ.deck_number)
    with pytest.raises(ValueError, match="Joker-Joker-Deuce-Deuce deck"):
        parse_card("2H", JJDD.deck_number)


@pytest.mark.parametrize("rules", [Rules(), JJ, JJDD])
def test_every_deal_is_the_decks_52_cards(rules: Rules) -> None:
    for game in range(20):
        state = new_game(rules, game)
        masks = [observe(state, s).hand for s in Seat]
        dealt = [c for hand in masks for c in hand]
        assert len(dealt) == 52 and set(dealt) == set(DECK_CARDS[rules.deck_number])
        assert all(len(h) == 13 for h in masks)
        hands = deal_hands(game, 1, Seat.EAST, rules.deck_number)
        assert {s: sorted(h) for s, h in hands.items()} == {
            s: sorted(observe(state, s).hand) for s in Seat}


def test_the_standard_deal_is_unchanged_by_the_decks() -> None:
    # The standard deck's cards have the same indices as before the joker decks, so a
    # game number deals the same standard hands: hand 1 of game 1 is the deck shuffled
    # by docs/rules.md §1, which deal_hands without a deck gives.
    assert deal_hands(1, 1, Seat.EAST) == deal_hands(1, 1, Seat.EAST, 0)
    assert all(c.index < 52 for h in deal_hands(7, 3, Seat.SOUTH).values() for c in h)


def test_worked_example_1_the_big_joker_wins() -> None:
    # West leads the A♠; North the K♠, East the Little Joker, South the Big Joker.
    trick = [(Seat.WEST, "AS"), (Seat.NORTH, "KS"), (Seat.EAST, "LJ"), (Seat.SOUTH, "BJ")]
    assert trick_winner([(s, parse_card(t, JJ.deck_number)) for s, t in trick]) is Seat.SOUTH
    # Without the Big Joker, the Little Joker beats the ace.
    assert trick_winner([(s, parse_card(t, JJ.deck_number)) for s, t in trick[:3]]) is Seat.EAST


def _deal(rules: Rules, fixed: dict[Seat, str],
          void_in: dict[Seat, Suit]) -> dict[Seat, list[Card]]:
    """``fixed`` cards per seat, then the rest of the deck in index order to the seats
    with room, none of a seat's ``void_in`` suit (by the suit it plays as)."""
    hands = {s: cards(fixed.get(s, ""), rules) for s in Seat}
    taken = {c for h in hands.values() for c in h}
    for card in DECK_CARDS[rules.deck_number]:
        if card in taken:
            continue
        seat = next(s for s in Seat if len(hands[s]) < 13 and void_in.get(s) is not card.suit)
        hands[seat].append(card)
    assert all(len(h) == 13 for h in hands.values())
    return hands


def _bid_all(state):  # type: ignore[no-untyped-def]
    for _ in range(4):
        state = apply_action(state, Bid(3))
    return state


def test_worked_example_2_the_two_of_diamonds_trumps_a_diamond_lead() -> None:
    # South leads the K♦. West's only diamond on its face is the 2♦, a spade: West is
    # void in diamonds and may play any card; it plays the 2♦. North plays the A♦, East
    # (void) the 3♠. The 2♦ is the highest spade played: West takes the trick.
    diamonds = "3D 4D 5D 6D 7D 8D 9D"
    deal = _deal(JJDD, {Seat.SOUTH: "KD " + diamonds, Seat.WEST: "2D 5H",
                        Seat.NORTH: "AD TD JD QD", Seat.EAST: "3S"},
                 {Seat.WEST: Suit.DIAMONDS, Seat.EAST: Suit.DIAMONDS})
    state = _bid_all(new_game(JJDD, 3, deal))
    assert state.current_player is Seat.SOUTH
    state = apply_action(state, parse_card("KD", 2))
    west = legal_actions(state)
    assert len(west) == 13  # void: every card, the 2♦ and the 5♥ among them
    assert parse_card("2D", 2) in west and parse_card("5H", 2) in west
    assert not state.spades_broken
    for text in ("2D", "AD", "3S"):
        state = apply_action(state, parse_card(text, 2))
    assert state.trick_winners == (Seat.WEST,)
    assert state.spades_broken


def test_the_two_of_diamonds_cannot_follow_diamonds_nor_be_led_as_one() -> None:
    deal = _deal(JJDD, {Seat.SOUTH: "KD 7H", Seat.WEST: "2D 5D"}, {})
    state = _bid_all(new_game(JJDD, 3, deal))
    state = apply_action(state, parse_card("KD", 2))
    # West holds the 5♦: it must follow diamonds, and the 2♦ (a spade) is not a diamond.
    assert parse_card("5D", 2) in legal_actions(state)
    assert parse_card("2D", 2) not in legal_actions(state)
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, parse_card("2D", 2))
    assert refused.value.refusal.code is RuleCode.MUST_FOLLOW


def test_the_two_of_diamonds_is_led_only_as_a_spade() -> None:
    deal = _deal(JJDD, {Seat.SOUTH: "2D 7H"}, {})
    state = _bid_all(new_game(JJDD, 3, deal))
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, parse_card("2D", 2))
    assert refused.value.refusal.code is RuleCode.SPADES_NOT_BROKEN
    assert parse_card("7H", 2) in legal_actions(state)


def test_worked_example_3_the_trump_twos_rank_above_the_ace() -> None:
    # South leads the 3♠; West the 2♠, North the A♠, East the 2♦: East wins.
    trick = [(Seat.SOUTH, "3S"), (Seat.WEST, "2S"), (Seat.NORTH, "AS"), (Seat.EAST, "2D")]
    played = [(s, parse_card(t, JJDD.deck_number)) for s, t in trick]
    assert trick_winner(played) is Seat.EAST
    assert trick_winner(played[:3]) is Seat.WEST  # the 2♠ beats the ace


def test_worked_example_4_mirror_and_whiz_count_the_trumps_of_the_deck() -> None:
    # A hand with the Big Joker, the 2♦, the A♠ and the 7♠ holds four spades.
    hand = sum(c.bit for c in cards("BJ 2D AS 7S 3H 4H 5H 6H 7H 8H 9H TH JH", JJDD))
    whiz = Rules(deck="joker-joker-deuce-deuce", bidding="whiz")
    mirror = Rules(deck="joker-joker-deuce-deuce", bidding="mirror")
    assert [b.tricks for b in legal_bids(whiz, (0, 0), Seat.SOUTH, False, None, hand)] == [0, 4]
    assert [b.tricks for b in legal_bids(mirror, (0, 0), Seat.SOUTH, False, None, hand)] == [4]


def test_a_deal_with_a_card_not_in_the_deck_is_refused() -> None:
    standard_deal = deal_hands(1, 1, Seat.EAST)
    with pytest.raises(ValueError, match="not in the Joker-Joker deck"):
        new_game(JJ, 1, standard_deal)


def test_the_rules_core_tables_agree_with_the_order_of_strength() -> None:
    # For every deck and any two of its cards of one suit, the higher rank is the higher
    # index and beats the other in a trick of that suit (docs/rules.md §3, Deck).
    for deck in DECK_CARDS:
        for a in deck:
            for b in deck:
                if a.suit is b.suit and a.rank < b.rank:
                    assert a.index < b.index
                    assert core.trick_winner_position([a.index, b.index]) == 1
                    assert core.ABOVE[a.index] & b.bit
    assert core.DECK_MASK[1].bit_count() == core.DECK_MASK[2].bit_count() == 52
