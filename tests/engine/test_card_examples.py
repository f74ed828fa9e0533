"""The examples that the card module's docstrings give, checked here: the module is
compiled (setup.py), so pytest does not collect its docstrings as doctests."""

from __future__ import annotations

import pytest

from spades_desktop.engine import Card, Suit, cards_to_mask, mask_to_cards, parse_card


def test_a_card_prints_as_rank_and_suit_letters() -> None:
    assert str(Card(Suit.SPADES, 12)) == "QS"


def test_ten_parses_from_10_and_prints_as_t() -> None:
    assert str(parse_card("10h")) == "TH"


def test_mask_to_cards_sorts_by_suit_then_rank() -> None:
    two_of_clubs, ace_of_spades = Card(Suit.CLUBS, 2), Card(Suit.SPADES, 14)
    assert mask_to_cards(cards_to_mask([ace_of_spades, two_of_clubs])) == (two_of_clubs,
                                                                           ace_of_spades)


def test_mask_to_cards_refuses_what_is_not_a_56_bit_mask() -> None:
    for bad in (3.0, "3", None):
        with pytest.raises(TypeError):
            mask_to_cards(bad)  # type: ignore[arg-type]
    for bad in (-1, 1 << 56, 1 << 64):
        with pytest.raises(ValueError):
            mask_to_cards(bad)
    assert len(mask_to_cards((1 << 52) - 1)) == 52
