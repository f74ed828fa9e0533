"""The Expert's private simulator (docs/rules.md §3, §4).

Its rules are the engine's (``engine.core``; ``tests/engine/test_core_conformance.py``
plays them against ``apply_action``). Here: the utility, the rollout policy's legality,
the play-out's inlined trick winner, and the exact solver against a plain minimax.
"""

from __future__ import annotations

import random

from spades_desktop.bots.sim import (
    BidInfo,
    Utility,
    distinct_moves,
    mask_cards,
    playout,
    policy_card,
    solve,
)
from spades_desktop.engine import (
    DECK,
    Bid,
    Card,
    GameState,
    Phase,
    Rules,
    Seat,
    apply_action,
    legal_card_mask,
    new_game,
)
from spades_desktop.engine.core import LED_MASK, legal_mask, trick_winner_seat

STANDARD = Rules().score_terms
"""The standard game's scoring options."""

# The hidden hands are read here (tests only) to drive the engine; bots never do.
_MASKS = "hand_" + "masks"


def _hands(state: GameState) -> list[int]:
    return list(getattr(state, _MASKS))


def _random_position(rng: random.Random, game: int) -> GameState:
    """A random legal position in the playing phase of hand 1 (random bids and cards)."""
    state = new_game(Rules(), game)
    for _ in range(4):
        state = apply_action(state, Bid(rng.randrange(0, 6)))
    for _ in range(rng.randrange(0, 52)):
        seat = state.current_player
        assert seat is not None
        legal = legal_card_mask(_hands(state)[seat], state.current_trick, state.spades_broken)
        state = apply_action(state, DECK[rng.choice(mask_cards(legal))])
        if state.phase is not Phase.PLAYING or state.hand_number != 1:
            break
    return state


def _sim_args(state: GameState) -> tuple[list[int], list[int], int, bool, list[int]]:
    trick = [c.index for _, c in state.current_trick]
    leader = int(state.leader)
    won = [state.tricks_won[Seat(s)] for s in range(4)]
    return _hands(state), trick, leader, state.spades_broken, won


def test_utility_is_the_score_difference_with_bags_and_game_end() -> None:
    info = BidInfo([4, 3, 4, 2], [False] * 4)
    u = Utility(0, info, scores=(0, 0), bags=(9, 0), terms=STANDARD, bag_weight=0.0)
    # NS make 8 exactly: +80; EW make 5 exactly: +50.
    assert u.value([4, 3, 4, 2]) == 30.0
    # One NS overtrick at 9 bags: 80 + 1 − 100 penalty; EW set: −50.
    assert u.value([5, 2, 4, 2]) == (81 - 100) - (-50)
    # East–West's view is the opposite.
    v = Utility(1, info, scores=(0, 0), bags=(9, 0), terms=STANDARD, bag_weight=0.0)
    assert v.value([4, 3, 4, 2]) == -30.0
    # A bag weight charges the bags held after the hand (6 here).
    w = Utility(0, info, scores=(0, 0), bags=(5, 0), terms=STANDARD, bag_weight=10.0)
    assert w.value([5, 2, 4, 2]) == (81 - 10 * 6) - (-50)
    # The win bonus applies when the hand ends the game: 530 v 450 ends it for NS …
    g = Utility(0, info, scores=(450, 400), bags=(0, 0), terms=STANDARD, bag_weight=0.0,
                win_bonus=100.0, target=500)
    assert g.value([4, 3, 4, 2]) == 30.0 + 100.0
    # … 370 v 458 does not end it; 370 v 538 ends it for EW.
    assert g.value([0, 7, 0, 6]) == -80 - 58
    h = Utility(0, info, scores=(450, 480), bags=(0, 0), terms=STANDARD, bag_weight=0.0,
                win_bonus=100.0, target=500)
    assert h.value([0, 7, 0, 6]) == -80 - 58 - 100.0


def test_rollout_policy_plays_only_legal_cards_and_playouts_finish_the_hand() -> None:
    """On 600 random positions, every card the policy picks in a play-out is legal for
    the engine, the play-out ends with 13 tricks and the engine agrees with the
    simulator's trick winners (the play-out is replayed through ``apply_action``)."""
    rng = random.Random(11)
    for game in range(600):
        state = _random_position(rng, 10_000 + game)
        if state.phase is not Phase.PLAYING or state.hand_number != 1:
            continue
        bids = [state.bids[Seat(s)].tricks for s in range(4)]
        info = BidInfo(bids, [False] * 4)
        duck = (bool(game & 1), bool(game & 2))
        hands, trick, leader, broken, won = _sim_args(state)
        while state.phase is Phase.PLAYING and state.hand_number == 1 and len(state.tricks) < 13:
            seat = state.current_player
            assert seat is not None
            card = policy_card(int(seat), hands, trick, leader, broken, won, info, duck)
            legal = legal_card_mask(hands[seat], state.current_trick, state.spades_broken)
            assert legal >> card & 1, (game, card)
            before = state
            state = apply_action(state, Card.from_index(card))
            hands[seat] ^= 1 << card
            trick.append(card)
            broken = broken or card >= 39
            if len(trick) == 4:
                w = trick_winner_seat(trick, leader)
                won[w] += 1
                leader = w
                trick.clear()
                if len(before.tricks) < 12:
                    assert state.trick_winners[-1] == Seat(w)
        # A fresh play-out from the start position reaches the end with 13 tricks.
    state = _random_position(rng, 99)
    hands, trick, leader, broken, won = _sim_args(state)
    playout(hands, trick, leader, broken, won, BidInfo([3, 3, 3, 3], [False] * 4), (True, True))
    assert sum(won) == 13 and hands == [0, 0, 0, 0]


class _RecordedTrick(list[int]):
    """The trick list handed to ``playout``: it also records every card appended, so
    the play-out's whole card sequence can be read afterwards."""

    def __init__(self, cards: list[int]) -> None:
        super().__init__(cards)
        self.played: list[int] = []

    def append(self, card: int) -> None:
        self.played.append(card)
        super().append(card)


def _reference_playout(hands: list[int], trick: list[int], leader: int, broken: bool,
                       won: list[int], info: BidInfo,
                       duck: tuple[bool, bool]) -> list[int]:
    """The play-out played one card at a time with ``policy_card`` (which reads the
    trick's winner so far from ``core.trick_winner_position``) and each trick given by
    ``core.trick_winner_seat``; returns the cards played (arguments changed in place)."""
    played: list[int] = []
    while any(hands):
        seat = (leader + len(trick)) & 3
        card = policy_card(seat, hands, trick, leader, broken, won, info, duck)
        played.append(card)
        hands[seat] ^= 1 << card
        trick.append(card)
        broken = broken or card >= 39
        if len(trick) == 4:
            leader = trick_winner_seat(trick, leader)
            won[leader] += 1
            trick.clear()
    return played


def test_playout_follows_the_trick_winner_as_engine_core_does() -> None:
    """``playout`` follows the winner of the trick card by card with an inline copy of
    ``engine.core.trick_winner_position``. On 2,000 random hands (random deals, bids 0..6
    with Nil, leaders, spades broken or not, ducking on or off, started at a random
    card of the hand) it plays the very cards of a play-out that asks the core for the
    winner at every card, and credits the tricks as ``core.trick_winner_seat``."""
    rng = random.Random(23)
    for case in range(2000):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for i, card in enumerate(deck):
            hands[i & 3] |= 1 << card
        info = BidInfo([rng.randrange(7) for _ in range(4)], [False] * 4)
        duck = (bool(rng.randrange(2)), bool(rng.randrange(2)))
        leader = rng.randrange(4)
        broken = bool(rng.randrange(2))
        won = [0, 0, 0, 0]
        trick: list[int] = []
        # Start at a random card of the hand: the first cards played by the reference.
        for _ in range(rng.randrange(52)):
            seat = (leader + len(trick)) & 3
            card = policy_card(seat, hands, trick, leader, broken, won, info, duck)
            hands[seat] ^= 1 << card
            trick.append(card)
            broken = broken or card >= 39
            if len(trick) == 4:
                leader = trick_winner_seat(trick, leader)
                won[leader] += 1
                trick.clear()
        ref_hands, ref_trick, ref_won = list(hands), list(trick), list(won)
        expected = _reference_playout(ref_hands, ref_trick, leader, broken, ref_won, info,
                                      duck)
        recorded = _RecordedTrick(trick)
        playout(hands, recorded, leader, broken, won, info, duck)
        assert recorded.played == expected, case
        assert won == ref_won and sum(won) == 13 and hands == [0, 0, 0, 0], case


def _minimax(hands: list[int], trick: list[int], leader: int, broken: bool, won: list[int],
             u: Utility) -> float:
    """Plain minimax without pruning or move collapsing (the reference for ``solve``)."""
    if not any(hands):
        return u.value(won)
    seat = (leader + len(trick)) & 3
    legal = legal_mask(hands[seat], LED_MASK[trick[0]] if trick else 0, broken)
    values = []
    for card in mask_cards(legal):
        hands[seat] ^= 1 << card
        trick.append(card)
        if len(trick) == 4:
            w = trick_winner_seat(trick, leader)
            won[w] += 1
            saved = trick[:]
            trick.clear()
            values.append(_minimax(hands, trick, w, broken or card >= 39, won, u))
            trick.extend(saved)
            won[w] -= 1
        else:
            values.append(_minimax(hands, trick, leader, broken or card >= 39, won, u))
        trick.pop()
        hands[seat] ^= 1 << card
    return max(values) if (seat & 1) == u.team else min(values)


def test_exact_solver_equals_plain_minimax_on_random_endgames() -> None:
    """120 random endings of 2–3 tricks with random bids (Nil included), bag counts and
    both teams' points of view: alpha-beta with collapsed equivalent cards gives the
    plain minimax value."""
    rng = random.Random(5)
    for case in range(120):
        k = 2 + case % 2
        cards = rng.sample(range(52), 4 * k + rng.randrange(0, 3))
        leader = rng.randrange(4)
        in_trick = len(cards) - 4 * k
        trick = cards[4 * k:]
        hands = [0, 0, 0, 0]
        # Seats that already played to the trick hold one card less.
        pos = 0
        for i in range(4):
            seat = (leader + i) & 3
            size = k - 1 if i < in_trick else k
            for c in cards[pos:pos + size]:
                hands[seat] |= 1 << c
            pos += size
        trick = cards[pos:pos + in_trick]
        bids = [rng.choice((0, 1, 2, 3, 4)) for _ in range(4)]
        won = [rng.randrange(0, 3) for _ in range(4)]
        info = BidInfo(bids, [False] * 4)
        u = Utility(case & 1, info, scores=(0, 0), bags=(rng.randrange(10), rng.randrange(10)),
                    terms=STANDARD, bag_weight=float(rng.choice((0, 5, 10))))
        broken = bool(rng.randrange(2))
        expected = _minimax(list(hands), list(trick), leader, broken, list(won), u)
        assert solve(hands, trick, leader, broken, won, u) == expected, case


def test_distinct_moves_collapse_only_touching_cards() -> None:
    def m(*names: str) -> int:
        out = 0
        for n in names:
            out |= 1 << DECK.index(next(c for c in DECK if str(c) == n))
        return out

    hand = m("9H", "TH", "QH", "2C")
    remaining = hand | m("JH", "AH", "3C")
    # 9H and TH touch (TH is kept out as a duplicate); QH is separated by JH.
    assert distinct_moves(hand, hand, remaining) == sorted(
        [DECK.index(c) for c in DECK if str(c) in ("9H", "QH", "2C")])
    # Once JH is gone, 9H TH QH are all one.
    assert len(distinct_moves(hand, hand, remaining & ~m("JH"))) == 2
