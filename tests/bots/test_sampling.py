"""What the Expert knows and the deals it samples (docs/rules.md §6).

The sampling must not be biased: in small positions every consistent deal is
enumerated, the exact probability of each hidden card being in each seat computed,
and compared with the frequencies over many samples drawn with a fixed seed. The
tolerances are several standard errors wide, and the seeds are fixed, so these tests
cannot flake.
"""

from __future__ import annotations

import math
import random

import pytest

from spades_desktop.bots import NormalBot
from spades_desktop.bots.advice import estimate_tricks, is_nil_fit
from spades_desktop.bots.sampling import (
    DealSampler,
    Knowledge,
    bid_likelihood,
    estimate_tricks_mask,
    is_nil_fit_mask,
    recommended_tricks,
)
from spades_desktop.bots.sim import mask_cards
from spades_desktop.engine import (
    DECK,
    DECK_CARDS,
    Bid,
    GameState,
    PlayerView,
    Rules,
    Seat,
    apply_action,
    cards_to_mask,
    new_game,
    observe,
)
from spades_desktop.engine.core import (
    DECK_JOKERS,
    DECK_JOKERS_DEUCES,
    DECK_STANDARD,
    SUIT_MASK,
)

from .play import cards, deal, position

_MASKS = "hand_" + "masks"  # tests only: the engine's hidden hands, to check samples


def _hands(state: GameState) -> list[int]:
    return list(getattr(state, _MASKS))


def test_mask_counting_equals_the_advice_counting() -> None:
    """On 5,000 random hands the mask count equals the advice's count and Nil fit."""
    rng = random.Random(1)
    for _ in range(5000):
        idx = rng.sample(range(52), 13)
        cards = [DECK[i] for i in idx]
        mask = sum(1 << i for i in idx)
        assert estimate_tricks_mask(mask) == estimate_tricks(cards).tricks
        assert is_nil_fit_mask(mask) == is_nil_fit(cards)
        assert 1 <= recommended_tricks(mask) <= 13


@pytest.mark.parametrize("deck", [DECK_STANDARD, DECK_JOKERS, DECK_JOKERS_DEUCES])
def test_mask_counting_equals_the_advice_counting_in_every_deck(deck: int) -> None:
    """On 4,000 random hands of each deck (docs/rules.md §1, Deck) the mask count equals
    the advice's count and Nil fit in that deck; hands rich in the trumps above the
    ace are drawn too (half the hands hold at least two of them), and the Nil fits and
    the counted jokers are met."""
    rng = random.Random(10 + deck)
    cards_of_deck = DECK_CARDS[deck]
    high = [c for c in cards_of_deck if c.rank > 14]
    fits = 0
    for k in range(4000):
        if k % 2 and high:
            top = rng.sample(high, rng.randint(2, len(high)))
            rest = rng.sample([c for c in cards_of_deck if c not in top], 13 - len(top))
            hand = top + rest
        else:
            hand = rng.sample(cards_of_deck, 13)
        mask = cards_to_mask(hand)
        assert estimate_tricks_mask(mask, deck) == estimate_tricks(hand, deck).tricks, hand
        assert is_nil_fit_mask(mask, deck) == is_nil_fit(hand, deck), hand
        assert 1 <= recommended_tricks(mask, deck) <= 13
        fits += is_nil_fit(hand, deck)
    assert fits >= 50


def test_bid_likelihood_is_a_distribution_over_bids() -> None:
    rng = random.Random(2)
    for deck in (DECK_STANDARD, DECK_JOKERS, DECK_JOKERS_DEUCES):
        for _ in range(200):
            mask = cards_to_mask(rng.sample(DECK_CARDS[deck], 13))
            total = sum(bid_likelihood(b, mask, deck) for b in range(14))
            assert math.isclose(total, 1.0, rel_tol=1e-9)
            r = recommended_tricks(mask, deck)
            assert max(range(1, 14), key=lambda b: bid_likelihood(b, mask, deck)) == r


def test_the_bid_model_counts_the_jokers_in_a_joker_deck() -> None:
    """Joker-Joker, BJ LJ 5♠ 4♠ 3♠, three small hearts and clubs, 8♦ 5♦: the Big Joker
    is the sure winner (1), the Little Joker a high spade with three lower spades (1);
    five spades give no length trick in a joker deck (from the sixth), so three spades
    are spare, and one ruffs the doubleton diamonds (¼): 2¼, a bid of 2, the bid model's
    likeliest. In the standard deck A♠ K♠ 5♠ 4♠ 3♠ count two length tricks more. The
    knowledge of a view carries its deck."""
    hand = cards_to_mask(cards("BJ LJ 5S 4S 3S 9H 7H 4H 9C 6C 3C 8D 5D", DECK_JOKERS))
    assert estimate_tricks_mask(hand, DECK_JOKERS) == 2.25
    assert recommended_tricks(hand, DECK_JOKERS) == 2
    assert max(range(14), key=lambda b: bid_likelihood(b, hand, DECK_JOKERS)) == 2
    standard = cards_to_mask(cards("AS KS 5S 4S 3S 9H 7H 4H 9C 6C 3C 8D 5D"))
    assert estimate_tricks_mask(standard) == 4.25
    state = new_game(Rules(deck="joker-joker"), 3)
    assert Knowledge.from_view(observe(state, Seat.SOUTH)).deck == DECK_JOKERS
    assert Knowledge.from_view(observe(new_game(Rules(), 3), Seat.SOUTH)).deck == DECK_STANDARD


def _played_to(state: GameState, cards: list[str]) -> GameState:
    from spades_desktop.engine import parse_card
    for text in cards:
        state = apply_action(state, parse_card(text))
    return state


def test_knowledge_reads_voids_sizes_and_spade_leads() -> None:
    """A failure to follow shows a void; a spade led before spades were broken shows
    that the leader held only spades."""
    hands = deal(
        south="AC KC QC JC 2D 3D 4D 5D 6D 7D 8D 9D TD",
        west="2C 3C 4C 5C 6C 7C 8C 9C TC 2H 3H 4H 5H",
        north="2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    state = position(hands, [3, 3, 3, 3])
    # South leads A♣, West follows, North (all spades) trumps, East follows or not.
    state = _played_to(state, ["AC", "2C"])
    state = apply_action(state, DECK[39])  # North: 2♠ (void in clubs)
    view = observe(state, Seat.EAST)
    know = Knowledge.from_view(view)
    assert know.voids[Seat.NORTH] & 1  # clubs
    assert know.sizes == (12, 12, 12, 13)
    assert know.played[Seat.SOUTH] == 1 << 12  # A♣ is index 12
    assert know.hidden.bit_count() == 36
    assert know.bids == (3, 3, 3, 3)

    # A hand of only spades leading before spades are broken: void in the other suits.
    hands2 = deal(
        west="AC KC QC JC 2D 3D 4D 5D 6D 7D 8D 9D TD",
        south="2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    state2 = position(hands2, [13, 1, 1, 1])
    state2 = apply_action(state2, DECK[51])  # South leads A♠ (allowed: only spades)
    know2 = Knowledge.from_view(observe(state2, Seat.WEST))
    assert know2.voids[Seat.SOUTH] == 0b0111


def _knowledge(hidden: list[int], sizes: dict[int, int], voids: dict[int, int],
               me: int = 0, bids: tuple[int | None, ...] = (None,) * 4,
               played: tuple[int, ...] = (0, 0, 0, 0)) -> Knowledge:
    mine = 0
    for c in range(52):
        if c not in hidden and not any(p >> c & 1 for p in played):
            mine |= 1 << c
            if mine.bit_count() == sizes[me]:
                break
    return Knowledge(
        seat=me, hand=mine, hidden=sum(1 << c for c in hidden),
        sizes=tuple(sizes[s] for s in range(4)),  # type: ignore[arg-type]
        voids=tuple(voids.get(s, 0) for s in range(4)),  # type: ignore[arg-type]
        played=played,  # type: ignore[arg-type]
        bids=bids,  # type: ignore[arg-type]
        blind=(False, False, False, False),
    )


def _exact_marginals(sampler: DealSampler, weighted: bool) -> dict[tuple[int, int], float]:
    totals: dict[tuple[int, int], float] = {}
    norm = 0.0
    for d, w in sampler.enumerate():
        w = w if weighted else 1.0
        norm += w
        for seat in sampler.seats:
            for c in mask_cards(d[seat]):
                totals[(c, seat)] = totals.get((c, seat), 0.0) + w
    return {k: v / norm for k, v in totals.items()}


def _frequencies(deals: list[tuple[int, int, int, int]], seats: tuple[int, ...]
                 ) -> dict[tuple[int, int], float]:
    counts: dict[tuple[int, int], int] = {}
    for d in deals:
        for seat in seats:
            for c in mask_cards(d[seat]):
                counts[(c, seat)] = counts.get((c, seat), 0) + 1
    return {k: v / len(deals) for k, v in counts.items()}


def test_uniform_sampling_matches_exact_probabilities_with_voids() -> None:
    """Nine hidden cards, three per seat; West holds no hearts, North no clubs, East no
    spades. The exact probability of each card in each seat (by enumerating every
    consistent deal) matches its frequency over 30,000 samples within 4.5 standard
    errors (and a seat never gets a card of a suit it is void in)."""
    hidden = [0, 1, 2, 13, 14, 26, 27, 39, 40]  # 2♣3♣4♣ 2♦3♦ 2♥3♥ 2♠3♠
    know = _knowledge(hidden, {0: 3, 1: 3, 2: 3, 3: 3}, {1: 1 << 2, 2: 1 << 0, 3: 1 << 3})
    sampler = DealSampler(know, random.Random(42))
    exact = _exact_marginals(sampler, weighted=False)
    assert sampler.count() == len(list(sampler.enumerate()))
    n = 30_000
    deals = [sampler.uniform() for _ in range(n)]
    freq = _frequencies(deals, sampler.seats)
    for key in set(exact) | set(freq):
        p = exact.get(key, 0.0)
        f = freq.get(key, 0.0)
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / n)
        assert abs(f - p) <= 4.5 * sigma + 1e-12, (key, p, f)
    # Voids hold in every sample.
    for d in deals[:2000]:
        assert not d[1] & SUIT_MASK[2] and not d[2] & SUIT_MASK[0] and not d[3] & SUIT_MASK[3]
    # The voids make the marginals far from a naive 1/3 (e.g. 2♠ is never East's).
    assert exact.get((39, 3), 0.0) == 0.0
    assert max(abs(p - 1 / 3) for p in exact.values()) > 0.15


def test_card_by_card_dealing_would_be_biased_here() -> None:
    """The naive way — deal each hidden card to a random seat still allowed and with
    room — gives different marginals than the exact ones in the same position: the
    test above would catch that bias."""
    hidden = [0, 1, 2, 13, 14, 26, 27, 39, 40]
    know = _knowledge(hidden, {0: 3, 1: 3, 2: 3, 3: 3}, {1: 1 << 2, 2: 1 << 0, 3: 1 << 3})
    sampler = DealSampler(know, random.Random(1))
    exact = _exact_marginals(sampler, weighted=False)
    rng = random.Random(3)
    naive: list[tuple[int, int, int, int]] = []
    while len(naive) < 20_000:
        room = {1: 3, 2: 3, 3: 3}
        hands = [0, 0, 0, 0]
        ok = True
        for c in hidden:
            seats = [s for s in (1, 2, 3) if room[s] and not know.voids[s] >> (c // 13) & 1]
            if not seats:
                ok = False
                break
            s = rng.choice(seats)
            room[s] -= 1
            hands[s] |= 1 << c
        if ok:
            naive.append((hands[0], hands[1], hands[2], hands[3]))
    freq = _frequencies(naive, sampler.seats)
    assert max(abs(freq.get(k, 0.0) - p) for k, p in exact.items()) > 0.05


def _endgame_view(game: int) -> PlayerView:
    """South's view with three tricks left in hand 1 of ``game`` (Normal bots)."""
    state = new_game(Rules(), game)
    bot = NormalBot()
    while len(state.tricks) < 10:
        seat = state.current_player
        assert seat is not None
        state = apply_action(state, bot.choose_action(observe(state, seat), game))
    while state.current_player != Seat.SOUTH:
        seat = state.current_player
        assert seat is not None
        state = apply_action(state, bot.choose_action(observe(state, seat), game))
    return observe(state, Seat.SOUTH)


def test_bid_weighted_sampling_matches_exact_weighted_probabilities() -> None:
    """A real ending (three tricks left, bids known, voids shown): the bid-weighted
    probability of each hidden card in each seat, computed over every consistent deal,
    matches its frequency over 20,000 samples of the Markov chain within 0.02; and the
    bids move those probabilities away from the uniform ones (so the weights matter)."""
    chosen = None
    for game in range(200):
        view = _endgame_view(game)
        know = Knowledge.from_view(view)
        sampler = DealSampler(know, random.Random(game))
        exact_w = _exact_marginals(sampler, weighted=True)
        exact_u = _exact_marginals(sampler, weighted=False)
        shift = max(abs(exact_w.get(k, 0.0) - p) for k, p in exact_u.items())
        if sampler.count() >= 60 and any(know.voids) and shift > 0.1:
            chosen = (game, know, exact_w, exact_u, shift)
            break
    assert chosen is not None
    game, know, exact_w, exact_u, shift = chosen
    sampler = DealSampler(know, random.Random(7))
    deals = [sampler.sample() for _ in range(20_000)]
    freq = _frequencies(deals, sampler.seats)
    worst = max(abs(freq.get(k, 0.0) - p) for k, p in exact_w.items())
    assert worst < 0.02, (game, worst, shift)
    for d in deals:
        for seat in sampler.seats:
            assert d[seat].bit_count() == know.sizes[seat]
            for suit in range(4):
                if know.voids[seat] >> suit & 1:
                    assert not d[seat] & SUIT_MASK[suit]
        assert d[1] | d[2] | d[3] | d[0] == know.hidden | know.hand


def test_samples_respect_every_constraint_in_real_games() -> None:
    """At every card decision of three Normal games, deals sampled for the seat to play
    hold exactly the hidden cards, with the right sizes and no card of a shown void;
    and the real hidden hands are always one of the consistent deals."""
    bot = NormalBot()
    for game in (3, 4, 5):
        state = new_game(Rules(target_score=100), game)
        for _ in range(4):
            seat = state.current_player
            assert seat is not None
            state = apply_action(state, bot.choose_action(observe(state, seat), game))
        while state.hand_number == 1 and not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            view = observe(state, seat)
            know = Knowledge.from_view(view)
            real = _hands(state)
            for s in range(4):
                assert real[s].bit_count() == know.sizes[s]
                for suit in range(4):
                    if know.voids[s] >> suit & 1:
                        assert not real[s] & SUIT_MASK[suit]
            sampler = DealSampler(know, random.Random(len(view.played_cards)))
            for _ in range(5):
                d = sampler.sample()
                assert d[int(seat)] == know.hand
                assert d[0] | d[1] | d[2] | d[3] == know.hand | know.hidden
                for s in range(4):
                    assert d[s].bit_count() == know.sizes[s]
                    for suit in range(4):
                        if know.voids[s] >> suit & 1:
                            assert not d[s] & SUIT_MASK[suit]
            state = apply_action(state, bot.choose_action(view, game))


def test_bidding_knowledge_weights_the_earlier_bids() -> None:
    """While bidding, the hidden hands are 13 cards each and a seat that bid Nil gets
    Nil-fit hands far more often than chance."""
    state = new_game(Rules(), 12)
    state = apply_action(state, Bid(0))  # South: Nil
    view = observe(state, Seat.WEST)
    know = Knowledge.from_view(view)
    assert know.sizes == (13, 13, 13, 13)
    assert know.bids == (0, None, None, None)
    weighted = DealSampler(know, random.Random(1))
    plain = DealSampler(know, random.Random(1), use_bids=False)
    n = 3000
    fit_w = sum(is_nil_fit_mask(weighted.sample()[0]) for _ in range(n)) / n
    fit_u = sum(is_nil_fit_mask(plain.sample()[0]) for _ in range(n)) / n
    assert fit_w > 3 * fit_u and fit_w > 0.3
