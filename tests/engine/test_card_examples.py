"""The examples that the card module's docstrings give, checked here: the module is
compiled (setup.py), so pytest does not collect its docstrings as doctests."""

from __future__ import annotations

from spades_desktop.engine import Card, Suit, cards_to_mask, mask_to_cards, parse_card


def test_a_card_prints_as_rank_and_suit_letters() -> None:
    assert str(Card(Suit.SPADES, 12)) == "QS"


def test_ten_parses_from_10_and_prints_as_t() -> None:
    assert str(parse_card("10h")) == "TH"


def test_mask_to_cards_sorts_by_suit_then_rank() -> None:
    two_of_clubs, ace_of_spades = Card(Suit.CLUBS, 2), Card(Suit.SPADES, 14)
    assert mask_to_cards(cards_to_mask([ace_of_spades, two_of_clubs])) == (two_of_clubs,
                                                                           ace_of_spades)
