"""The Expert's private simulator against the engine (SPEC §3, §4).

Property tests on many random positions: legal cards, trick winners, hand scores, the
rollout policy's legality and the exact solver against a plain minimax.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_desktop.bots.sim import (
    BidInfo,
    Utility,
    distinct_moves,
    legal_mask,
    mask_cards,
    playout,
    policy_card,
    solve,
    team_results,
    trick_winner_seat,
)
from spades_desktop.engine import (
    DECK,
    Bid,
    Card,
    GameState,
    Phase,
    Rules,
    Seat,
    Team,
    apply_action,
    legal_card_mask,
    new_game,
    score_hand,
    trick_winner,
)

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


def test_legal_cards_and_trick_winners_match_the_engine_on_random_positions() -> None:
    """2,000 random positions: the simulator's legal mask equals the engine's for the
    seat to play, and its trick winner equals the engine's on every partial trick."""
    rng = random.Random(7)
    checked = 0
    for game in range(2000):
        state = _random_position(rng, game)
        if state.phase is not Phase.PLAYING or state.hand_number != 1:
            continue
        seat = state.current_player
        assert seat is not None
        hand = _hands(state)[seat]
        trick = state.current_trick
        led = int(trick[0][1].suit) if trick else -1
        assert legal_mask(hand, led, state.spades_broken) == legal_card_mask(
            hand, trick, state.spades_broken)
        if trick:
            cards = [c.index for _, c in trick]
            assert Seat(trick_winner_seat(cards, int(trick[0][0]))) == trick_winner(trick)
        checked += 1
    assert checked > 1500


@settings(max_examples=400, deadline=None)
@given(
    bids=st.lists(st.integers(0, 13), min_size=4, max_size=4),
    blind=st.lists(st.booleans(), min_size=4, max_size=4),
    split=st.lists(st.integers(0, 13), min_size=3, max_size=3),
    bags=st.lists(st.integers(0, 30), min_size=2, max_size=2),
    penalty=st.booleans(),
)
def test_scores_match_the_engine(bids: list[int], blind: list[bool], split: list[int],
                                 bags: list[int], penalty: bool) -> None:
    """``team_results`` equals ``score_hand`` (totals, bags after, made) for random bids
    (Blind Nil on some Nil bids), trick splits summing to 13, bag counts and rules."""
    cuts = sorted(split)
    tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    blind = [b and bid == 0 for b, bid in zip(blind, bids, strict=True)]
    rules = Rules(bag_penalty=penalty)
    engine = score_hand(rules, {Seat(s): Bid(bids[s], blind=blind[s]) for s in range(4)},
                        {Seat(s): tricks[s] for s in range(4)},
                        {Team.NS: bags[0], Team.EW: bags[1]})
    ns, ew = team_results(BidInfo(bids, blind), tricks, bags, penalty)
    for team, ours in ((Team.NS, ns), (Team.EW, ew)):
        made = {True: 1, False: 0, None: -1}[engine[team].made]
        assert ours == (engine[team].total, engine[team].bags_after, made)


def test_utility_is_the_score_difference_with_bags_and_game_end() -> None:
    info = BidInfo([4, 3, 4, 2], [False] * 4)
    u = Utility(0, info, scores=(0, 0), bags=(9, 0), bag_penalty=True, bag_weight=0.0)
    # NS make 8 exactly: +80; EW make 5 exactly: +50.
    assert u.value([4, 3, 4, 2]) == 30.0
    # One NS overtrick at 9 bags: 80 + 1 − 100 penalty; EW set: −50.
    assert u.value([5, 2, 4, 2]) == (81 - 100) - (-50)
    # East–West's view is the opposite.
    v = Utility(1, info, scores=(0, 0), bags=(9, 0), bag_penalty=True, bag_weight=0.0)
    assert v.value([4, 3, 4, 2]) == -30.0
    # A bag weight charges the bags held after the hand (6 here).
    w = Utility(0, info, scores=(0, 0), bags=(5, 0), bag_penalty=True, bag_weight=10.0)
    assert w.value([5, 2, 4, 2]) == (81 - 10 * 6) - (-50)
    # The win bonus applies when the hand ends the game: 530 v 450 ends it for NS …
    g = Utility(0, info, scores=(450, 400), bags=(0, 0), bag_penalty=True, bag_weight=0.0,
                win_bonus=100.0, target=500)
    assert g.value([4, 3, 4, 2]) == 30.0 + 100.0
    # … 370 v 458 does not end it; 370 v 538 ends it for EW.
    assert g.value([0, 7, 0, 6]) == -80 - 58
    h = Utility(0, info, scores=(450, 480), bags=(0, 0), bag_penalty=True, bag_weight=0.0,
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


def _minimax(hands: list[int], trick: list[int], leader: int, broken: bool, won: list[int],
             u: Utility) -> float:
    """Plain minimax without pruning or move collapsing (the reference for ``solve``)."""
    if not any(hands):
        return u.value(won)
    seat = (leader + len(trick)) & 3
    led = trick[0] // 13 if trick else -1
    legal = legal_mask(hands[seat], led, broken)
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
                    bag_penalty=True, bag_weight=float(rng.choice((0, 5, 10))))
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
