"""One rules core for the engine and the computer players (docs/rules.md §3, §4, §5).

``engine.core`` holds the rules on integers; the checked API (``legal_actions``,
``apply_action``) and the bots' fast simulator (``bots.sim``) are both built on it, and
the simulator's play-out inlines the trick winner for speed. Random games with random
game numbers and rules (both bag-penalty settings, Blind Nil on and off, floor on and
off, low targets and hand limits so that every kind of game end happens) are played
through ``apply_action``, and at every step the integer side must agree:

- at each of at least 10,000 positions in play: ``core.legal_mask`` gives exactly the
  cards of ``legal_actions`` (same cards, same order); the simulator's policy card and
  the endgame solver's moves are among them;
- at each completed trick: ``core.trick_winner_seat`` names the engine's winner and the
  trick counts per seat agree;
- at each finished hand: ``core.score_team`` gives the engine's score-sheet rows, the
  simulator's ``team_results`` its totals, bags and made/set, and ``core.game_over``
  and the simulator's utility (its win bonus) the engine's end of the game;
- from several random positions of every hand: the simulator's whole play-out
  (``sim.playout``), replayed card by card through ``apply_action``, is legal all the
  way, gives the same trick counts per seat, the same hand score and the same end of
  the game.
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
    team_results,
)
from spades_desktop.engine import (
    DECK_CHOICES,
    Bid,
    Card,
    EndReason,
    GameState,
    HandScore,
    Phase,
    Rules,
    Team,
    apply_action,
    core,
    legal_actions,
    legal_card_mask,
    new_game,
    trick_winner,
)

POSITIONS = 10_000
"""The least number of positions in play checked."""
PLAYOUTS_PER_HAND = 5
"""Play-outs started from random positions of every hand."""
WIN_BONUS = 1000.0
"""The simulator's utility is asked with this bonus for winning the game."""

_MADE = {True: core.MADE, False: core.SET, None: core.NO_CONTRACT}
_REASON = {EndReason.TARGET: core.END_TARGET, EndReason.FLOOR: core.END_FLOOR,
           EndReason.HAND_LIMIT: core.END_HAND_LIMIT, EndReason.THIRTEEN: core.END_THIRTEEN}
_WINNER = {Team.NS: core.WIN_NS, Team.EW: core.WIN_EW, None: core.DRAW}


def _random_rules(rng: random.Random) -> Rules:
    return Rules(
        target_score=rng.choice((100, 150, 250, 500)),
        floor_score=rng.choice((None, -100, -200)),
        bag_penalty=rng.random() < 0.5,
        blind_nil=rng.random() < 0.5,
        max_hands=rng.choice((1, 2, 3, 30)),
        nil_points=rng.choice((100, 50)),
        failed_nil_counts=rng.random() < 0.3,
        ten_for_200=rng.random() < 0.3,
        thirteen_wins=rng.random() < 0.3,
        bag_limit=rng.choice((10, 7, 5)),
        bag_penalty_points=rng.choice((100, 50)),
        deck=rng.choice(DECK_CHOICES),
    )


def _random_bid(rng: random.Random, legal: tuple[object, ...]) -> Bid:
    """Mostly 1..4 (random play makes such contracts often enough for games to reach
    the target), sometimes any legal bid (Nil included), Blind Nil often when offered."""
    bids = [b for b in legal if isinstance(b, Bid)]
    blind = [b for b in bids if b.blind]
    if blind and rng.random() < 0.3:
        return blind[0]
    if rng.random() < 0.2:
        return rng.choice(bids)
    return Bid(rng.randrange(1, 5))


class _RecordedTrick(list[int]):
    """The trick list handed to ``playout``: it also records every card appended."""

    def __init__(self, cards: list[int]) -> None:
        super().__init__(cards)
        self.played: list[int] = []

    def append(self, card: int) -> None:
        self.played.append(card)
        super().append(card)


def _bid_info(state: GameState) -> BidInfo:
    bids = state.bid_list
    assert all(b is not None for b in bids)
    return BidInfo([b.tricks for b in bids if b is not None],
                   [b.blind for b in bids if b is not None])


def _rows(score: HandScore) -> tuple[int, int, int, int, int, int, int]:
    return (score.contract, score.bags, score.nil, score.bag_penalty, score.total,
            score.bags_after, _MADE[score.made])


def _check_hand_end(before: GameState, after: GameState, won: list[int]) -> None:
    """The hand that ``before`` belongs to ended in ``after`` with ``won`` tricks per
    seat: the core's and the simulator's score and game end equal the engine's."""
    rules = before.rules
    bids = before.bid_list
    sheet = after.hand_records[-1].score
    assert sheet is not None
    bags = before.bag_list
    for team, (a, b) in ((Team.NS, (0, 2)), (Team.EW, (1, 3))):
        bid_a, bid_b = bids[a], bids[b]
        assert bid_a is not None and bid_b is not None
        assert core.score_team(bid_a.tricks, bid_a.blind, bid_b.tricks, bid_b.blind,
                               won[a], won[b], bags[team], *rules.score_terms) \
            == _rows(sheet[team])
    info = _bid_info(before)
    ns, ew = team_results(info, won, bags, rules.score_terms)
    assert ns == (sheet[Team.NS].total, sheet[Team.NS].bags_after,
                  _MADE[sheet[Team.NS].made])
    assert ew == (sheet[Team.EW].total, sheet[Team.EW].bags_after,
                  _MADE[sheet[Team.EW].made])
    # The end of the game.
    scores = (before.score_list[0] + ns[0], before.score_list[1] + ew[0])
    assert after.score_list == scores
    # A contract of 13 taking all 13 tricks (docs/rules.md §5), worked out from the bids.
    thirteen = core.NO_TEAM
    for team, (a, b) in ((core.WIN_NS, (0, 2)), (core.WIN_EW, (1, 3))):
        bid_a, bid_b = bids[a], bids[b]
        assert bid_a is not None and bid_b is not None
        if rules.thirteen_wins and bid_a.tricks + bid_b.tricks == 13 and won[a] + won[b] == 13:
            thirteen = team
    reason, winner = core.game_over(rules.target_score, rules.floor_score, rules.max_hands,
                                    scores[0], scores[1], before.hand_number, thirteen)
    result = after.result
    if result is None:
        assert reason == core.GAME_ON and after.phase is Phase.BIDDING
        assert after.hand_number == before.hand_number + 1
    else:
        assert (reason, winner) == (_REASON[result.reason], _WINNER[result.winner])
    utility = Utility(0, info, before.score_list, bags, rules.score_terms, bag_weight=0.0,
                      win_bonus=WIN_BONUS, target=rules.target_score,
                      floor=rules.floor_score,
                      last_hand=before.hand_number >= rules.max_hands,
                      thirteen_wins=rules.thirteen_wins)
    bonus = 0.0 if result is None or result.winner is None else (
        WIN_BONUS if result.winner is Team.NS else -WIN_BONUS)
    assert utility.value(won) == (ns[0] - ew[0]) + bonus


def _check_playout(state: GameState, rng: random.Random) -> None:
    """The simulator plays the hand of ``state`` (in play) to its end; the same cards
    through ``apply_action`` give the same tricks, score and game end."""
    info = _bid_info(state)
    duck = (bool(rng.randrange(2)), bool(rng.randrange(2)))
    hands = list(state.hand_masks)
    trick = _RecordedTrick([c.index for _, c in state.current_trick])
    won = list(state.trick_counts)
    playout(hands, trick, int(state.leader), state.spades_broken, won, info, duck)
    assert hands == [0, 0, 0, 0] and sum(won) == 13
    hand_start = last = state
    for card in trick.played:
        assert Card.from_index(card) in legal_actions(state)
        if len(state.tricks) == 12 and len(state.current_trick) == 3:
            seat = state.current_player
            assert seat is not None
            counts = list(state.trick_counts)
            counts[trick_winner((*state.current_trick, (seat, Card.from_index(card))))] += 1
            assert counts == won
            last = state
        state = apply_action(state, Card.from_index(card))
    assert state.hand_number != hand_start.hand_number or state.is_terminal
    _check_hand_end(last, state, won)


def test_core_and_simulator_agree_with_apply_action_on_random_games() -> None:
    rng = random.Random(20240611)
    positions = tricks = hands_ended = playouts = games = 0
    endings: set[int] = set()
    blind_nils = 0
    while positions < POSITIONS:
        games += 1
        state = new_game(_random_rules(rng), rng.getrandbits(64))
        starts: set[int] = set()
        won = [0, 0, 0, 0]
        while not state.is_terminal:
            legal = legal_actions(state)
            if state.phase is Phase.BIDDING:
                bid = _random_bid(rng, legal)
                blind_nils += bid.blind
                state = apply_action(state, bid)
                starts = set(rng.sample(range(52), PLAYOUTS_PER_HAND))
                won = [0, 0, 0, 0]
                continue
            # A position in play.
            positions += 1
            seat = state.current_player
            assert seat is not None
            hand = state.hand_masks[seat]
            trick = state.current_trick
            led = core.LED_MASK[trick[0][1].index] if trick else 0
            legal_mask = core.legal_mask(hand, led, state.spades_broken)
            assert mask_cards(legal_mask) == [c.index for c in legal if isinstance(c, Card)]
            assert legal_card_mask(hand, trick, state.spades_broken) == legal_mask
            cards = [c.index for _, c in trick]
            leader = int(state.leader)
            sim_card = policy_card(int(seat), list(state.hand_masks), cards, leader,
                                   state.spades_broken, list(state.trick_counts),
                                   _bid_info(state), (True, False))
            assert legal_mask >> sim_card & 1
            remaining = 0
            for m in state.hand_masks:
                remaining |= m
            for c in cards:
                remaining |= 1 << c
            moves = distinct_moves(hand, legal_mask, remaining)
            assert moves and all(legal_mask >> c & 1 for c in moves)
            if 52 - sum(m.bit_count() for m in state.hand_masks) in starts:
                _check_playout(state, rng)
                playouts += 1
            # A random legal card.
            card = rng.choice(legal)
            assert isinstance(card, Card)
            before = state
            state = apply_action(state, card)
            if len(trick) < 3:
                continue
            tricks += 1
            winner = core.trick_winner_seat(cards + [card.index], leader)
            won[winner] += 1
            if len(before.tricks) < 12:
                assert state.trick_winners[-1] == winner
                assert list(state.trick_counts) == won
                continue
            hands_ended += 1
            _check_hand_end(before, state, won)
            if state.result is not None:
                endings.add(_REASON[state.result.reason])
    assert positions >= POSITIONS and tricks >= POSITIONS // 4
    assert playouts >= hands_ended * PLAYOUTS_PER_HAND // 2
    # Every kind of game end, and some Blind Nil bids, were met.
    assert endings == {core.END_TARGET, core.END_FLOOR, core.END_HAND_LIMIT}, endings
    assert blind_nils > 0
