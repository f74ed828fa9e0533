"""Every level plays legally under random combinations of the house rules (docs/rules.md,
House rules, and §1, Deck): each action is in the view's legal list and the engine
accepts it, and the game's score sheet follows the rules in force; under each bidding
house rule every bid of every level keeps that rule (docs/rules.md §2); with each joker
deck every level plays whole games of that deck's cards."""

from __future__ import annotations

import dataclasses
import random
from itertools import product

import pytest

from spades_desktop.bots import BOT_FACTORIES, LEVELS, Bot
from spades_desktop.engine import DECK_CARDS, HandRecord, Rules, Seat, Suit
from spades_desktop.engine.rules import BIDDING_CHOICES, DECK_CHOICES, HOUSE_RULES

from .play import play_game

SMALL = {"samples": 4, "min_samples": 2, "play_budget": 800, "endgame_samples": 2,
         "bid_samples": 6}
"""A small search for the searching levels, so that a whole game stays quick in CI."""


def _bot(level: str) -> Bot:
    factory = BOT_FACTORIES[level]
    try:
        return factory(**SMALL)
    except TypeError:
        return factory()


def _random_house_rules(rng: random.Random) -> Rules:
    values = {o.name: rng.choice(o.choices) for o in HOUSE_RULES}
    return Rules(target_score=rng.choice((100, 150)), blind_nil=rng.random() < 0.5,
                 bag_penalty=rng.random() < 0.8, **values)


def test_every_level_plays_whole_games_under_random_house_rules() -> None:
    rng = random.Random(23)
    seen_rules: set[str] = set()
    seen_decks: set[str] = set()
    for game in range(2 * len(LEVELS)):
        rules = _random_house_rules(rng)
        seen_rules.update(rules.house_rules())
        seen_decks.add(rules.deck)
        level = LEVELS[game % len(LEVELS)]
        other = LEVELS[(game // len(LEVELS)) % len(LEVELS)]
        bots = {seat: _bot(level if seat.team == Seat.SOUTH.team else other)
                for seat in Seat}
        final = play_game(bots, 1000 + game, rules)   # asserts every action is legal
        assert final.result is not None and final.rules == rules
        for record in final.hand_records:
            assert record.score is not None
    # The games met every house rule at least once, and every deck.
    assert {o.name for o in HOUSE_RULES} <= seen_rules
    assert seen_decks == set(DECK_CHOICES)


def _spades(record: HandRecord, seat: Seat) -> int:
    cards = record.deal[seat]
    assert cards is not None
    return sum(1 for c in cards if c.suit is Suit.SPADES)


def _check_bids(rules: Rules, record: HandRecord) -> None:
    """The four bids of a finished hand keep the bidding rule of ``rules``."""
    bids = record.bids
    for seat in Seat:
        bid = bids[seat]
        assert bid is not None
        if rules.bidding == "mirror":
            assert bid.tricks == _spades(record, seat) and not bid.blind
        elif rules.bidding == "whiz":
            assert bid.tricks in (0, _spades(record, seat)) and not bid.blind
    for a, b in ((Seat.SOUTH, Seat.NORTH), (Seat.WEST, Seat.EAST)):
        pair = sorted((bids[a].tricks, bids[b].tricks))  # type: ignore[union-attr]
        if rules.bidding == "suicide":
            assert pair[0] == 0 and pair[1] >= 4, record.bids
        elif rules.bidding == "standard" and rules.min_team_bid:
            assert sum(pair) >= 4, record.bids


@pytest.mark.parametrize(("bidding", "min_team_bid"),
                         [*product(BIDDING_CHOICES[1:], (0,)), ("standard", 4)])
def test_every_level_keeps_each_bidding_house_rule(bidding: str, min_team_bid: int) -> None:
    for game, level in enumerate(LEVELS):
        rules = Rules(target_score=100, blind_nil=True, bidding=bidding,
                      min_team_bid=min_team_bid)
        bots = {seat: _bot(level) for seat in Seat}
        final = play_game(bots, 2000 + game, rules)   # asserts every action is legal
        assert final.result is not None
        for record in final.hand_records:
            _check_bids(rules, record)


@pytest.mark.parametrize("deck", DECK_CHOICES[1:])
def test_every_level_plays_whole_games_with_each_joker_deck(deck: str) -> None:
    """Each level (all four seats) plays a game to 100 with a joker deck (docs/rules.md §1,
    Deck) under random other house rules (fixed seeds): every action is legal (``play_game``
    asserts it), every hand deals the deck's 52 cards, the bids keep the bidding rule
    (Mirror and Whiz count the jokers and the Joker-Joker-Deuce-Deuce 2♦ among the
    spades)."""
    rng = random.Random(31 + len(deck))
    for game, level in enumerate(LEVELS):
        rules = dataclasses.replace(_random_house_rules(rng), deck=deck, target_score=100)
        bots = {seat: _bot(level) for seat in Seat}
        final = play_game(bots, 3000 + game, rules)   # asserts every action is legal
        assert final.result is not None
        for record in final.hand_records:
            dealt = [c for seat in Seat for c in record.deal[seat] or ()]
            assert len(dealt) == 52 and set(dealt) == set(DECK_CARDS[rules.deck_number])
            _check_bids(rules, record)
