"""Every level plays legally under random combinations of the house rules (docs/rules.md,
House rules): each action is in the view's legal list and the engine accepts it, and the
game's score sheet follows the rules in force."""

from __future__ import annotations

import random

from spades_desktop.bots import BOT_FACTORIES, LEVELS, Bot
from spades_desktop.engine import Rules, Seat
from spades_desktop.engine.rules import HOUSE_RULES

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
    for game in range(2 * len(LEVELS)):
        rules = _random_house_rules(rng)
        seen_rules.update(rules.house_rules())
        level = LEVELS[game % len(LEVELS)]
        other = LEVELS[(game // len(LEVELS)) % len(LEVELS)]
        bots = {seat: _bot(level if seat.team == Seat.SOUTH.team else other)
                for seat in Seat}
        final = play_game(bots, 1000 + game, rules)   # asserts every action is legal
        assert final.result is not None and final.rules == rules
        for record in final.hand_records:
            assert record.score is not None
    # The games met every house rule at least once.
    assert {o.name for o in HOUSE_RULES} <= seen_rules
