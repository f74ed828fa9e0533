"""Deterministic deals (docs/rules.md §1, §6): SplitMix64, the shuffle and the deal order."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest

from spades_desktop.engine import (
    DECK,
    Bid,
    Phase,
    Rules,
    Seat,
    SplitMix64,
    apply_action,
    deal_hands,
    legal_actions,
    new_game,
    parse_card,
    shuffled_deck,
)

from .helpers import mask_of

M64 = (1 << 64) - 1


def reference_splitmix64(seed: int, n: int) -> list[int]:
    """SplitMix64 as published (Steele, Lea & Flood 2014; Vigna's splitmix64.c)."""
    x = seed & M64
    out = []
    for _ in range(n):
        x = (x + 0x9E3779B97F4A7C15) & M64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        out.append(z ^ (z >> 31))
    return out


def test_splitmix64_seed_zero_reference_values() -> None:
    # Published reference outputs for seed 0.
    g = SplitMix64(0)
    assert [g.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize("seed", [1, 42, 0xDEADBEEF, M64, 1 << 63, 0x5350414445530000])
def test_splitmix64_matches_the_published_algorithm(seed: int) -> None:
    g = SplitMix64(seed)
    assert [g.next_u64() for _ in range(20)] == reference_splitmix64(seed, 20)


def test_splitmix64_below_bounds() -> None:
    g = SplitMix64(9)
    assert all(g.below(1) == 0 for _ in range(10))
    seen = {g.below(7) for _ in range(500)}
    assert seen == set(range(7))
    assert all(0 <= g.below(1 << 64) < 1 << 64 for _ in range(10))
    for bad in (0, -3):
        with pytest.raises(ValueError):
            g.below(bad)


# Regression anchor, recorded ONCE from the engine (not a correctness value): it pins the
# deck order of game 1, hand 1 across platforms and Python versions, because saved games
# and shared game numbers must replay the same deals forever (docs/rules.md §6).
ANCHOR_GAME_1_HAND_1 = (
    "8C 2D 3D 3C 3H KH KS 7C JH 3S TC QD JC 2H TH TS 8H 9H 5H 2S 4D 9C 6D JD 9D 5C "
    "5D 8D 6C TD 4C 6H QC 7S 8S 4S QH QS AC AH JS 2C 7H 6S AD 7D KD 5S AS 4H 9S KC"
)


def test_shuffled_deck_regression_anchor() -> None:
    assert [str(c) for c in shuffled_deck(1, 1)] == ANCHOR_GAME_1_HAND_1.split()


def test_shuffled_deck_is_a_permutation() -> None:
    for g, h in ((0, 1), (1, 1), (1, 2), (123456789, 30), (2**63, 7)):
        deck = shuffled_deck(g, h)
        assert len(deck) == 52 and set(deck) == set(DECK)


def test_shuffle_is_stable_across_processes_and_hash_seeds() -> None:
    code = ("from spades_desktop.engine import shuffled_deck\n"
            "print(' '.join(str(c) for c in shuffled_deck(7, 3)))\n")
    expected = " ".join(str(c) for c in shuffled_deck(7, 3))
    for hash_seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=env, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == expected


@pytest.mark.parametrize("dealer", list(Seat))
def test_deal_is_one_card_at_a_time_from_the_dealers_left(dealer: Seat) -> None:
    deck = shuffled_deck(5, 2)
    hands = deal_hands(5, 2, dealer)
    first = dealer.left
    order = [first, first.left, first.left.left, first.left.left.left]
    for k, seat in enumerate(order):
        assert list(hands[seat]) == list(deck[k::4])
        assert len(hands[seat]) == 13
    assert set().union(*map(set, hands.values())) == set(DECK)


def test_new_game_uses_the_game_numbers_deal() -> None:
    state = new_game(Rules(), 2024)
    deck = shuffled_deck(2024, 1)
    # Hand 1: East deals, so South gets cards 0, 4, 8, ...; West 1, 5, ...
    for k, seat in enumerate((Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)):
        assert state.hand_masks[seat] == mask_of(deck[k::4])


def test_deal_depends_only_on_game_and_hand_number() -> None:
    """Hand 2 of a game is the same whatever happened in hand 1."""
    hand2 = []
    for bid in (1, 4, 9):
        state = new_game(Rules(target_score=1000, floor_score=None), 31)
        for _ in range(4):
            state = apply_action(state, Bid(bid))
        pick = bid  # different play in each run
        while state.hand_number == 1:
            legal = legal_actions(state)
            state = apply_action(state, legal[pick % len(legal)])
        assert state.phase is Phase.BIDDING and state.dealer is Seat.SOUTH
        hand2.append(state.hand_masks)
    assert hand2[0] == hand2[1] == hand2[2]
    deck = shuffled_deck(31, 2)
    # Hand 2: South deals, so West gets the first card.
    assert hand2[0][Seat.WEST] == mask_of(deck[0::4])
    assert hand2[0][Seat.SOUTH] == mask_of(deck[3::4])


def test_different_game_numbers_give_different_deals() -> None:
    decks = {tuple(shuffled_deck(g, 1)) for g in range(300)}
    assert len(decks) == 300
    hands = {tuple(shuffled_deck(77, h)) for h in range(1, 31)}
    assert len(hands) == 30
    assert shuffled_deck(1, 2) != shuffled_deck(2, 1)


def test_fixed_deal_is_used_for_hand_one_only() -> None:
    deal = {seat: [DECK[i] for i in range(seat * 13, seat * 13 + 13)] for seat in Seat}
    state = new_game(Rules(), 8, deal=deal)
    assert state.hand_masks[Seat.SOUTH] == mask_of(DECK[0:13])
    assert parse_card("2C") in DECK[0:13]


def reference_mix_seed(*parts: int) -> int:
    """``mix_seed`` as documented: one SplitMix64 step per part (published algorithm)."""
    state = 0x5350414445530000
    for p in parts:
        state = reference_splitmix64(state ^ (p & M64), 1)[0] ^ ((p >> 64) & M64)
    return state


def reference_shuffle(game_number: int, hand_number: int) -> list[int]:
    """Fisher–Yates over 0..51 driven by the published SplitMix64 and a rejection draw."""
    stream = iter(reference_splitmix64(reference_mix_seed(game_number, hand_number), 200))
    cards = list(range(52))
    for i in range(51, 0, -1):
        n = i + 1
        limit = ((1 << 64) // n) * n
        x = next(stream)
        while x >= limit:
            x = next(stream)
        j = x % n
        cards[i], cards[j] = cards[j], cards[i]
    return cards


GAME_HAND_PAIRS = [(g, h) for g in (0, 1, 2, 7, 2024, 123456789, 2**32 + 5, 2**63, M64)
                   for h in (1, 2, 3, 17, 30, 100)]


@pytest.mark.parametrize(("game_number", "hand_number"), GAME_HAND_PAIRS)
def test_batched_shuffle_is_the_published_fisher_yates(game_number: int,
                                                        hand_number: int) -> None:
    """The shuffle computes its 51 draws at once; it must equal the one-by-one algorithm."""
    from spades_desktop.engine.dealing import mix_seed, shuffled_indices

    assert mix_seed(game_number, hand_number) == reference_mix_seed(game_number, hand_number)
    assert shuffled_indices(game_number, hand_number) == reference_shuffle(game_number,
                                                                          hand_number)


@pytest.fixture(scope="module")
def pure_dealing(load_source: Callable[[str, Path], types.ModuleType]) -> types.ModuleType:
    """``dealing.py`` run as plain Python (its compiled twin's module constants cannot
    be patched), under a name of its own inside the engine package."""
    from spades_desktop.engine import dealing

    return load_source("spades_desktop.engine._patched_dealing",
                       Path(dealing.__file__).with_name("dealing.py"))


def test_batched_shuffle_falls_back_when_a_draw_could_be_rejected(
        pure_dealing: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """A draw in the top (2**64 mod n) values is rejected and redrawn. That is too rare to
    meet by chance (about 1 in 10**17), so force the one-by-one path and compare."""
    dealing = pure_dealing
    expected = {pair: shuffled_deck(*pair) for pair in GAME_HAND_PAIRS[:12]}
    calls = []
    real_below = dealing.SplitMix64.below

    def counting_below(self: SplitMix64, n: int) -> int:
        calls.append(n)
        return real_below(self, n)

    monkeypatch.setattr(dealing.SplitMix64, "below", counting_below)
    for pair, deck in expected.items():
        assert dealing.shuffled_deck(*pair) == deck
    assert calls == []  # normally every draw comes from the batch
    monkeypatch.setattr(dealing, "_LANES_NEAR_TOP", dealing._LANES_CARRY)
    for pair, deck in expected.items():
        assert dealing.shuffled_deck(*pair) == deck
    assert calls[:51] == list(range(52, 1, -1))  # the fallback really ran


@pytest.mark.parametrize("n", range(2, 53))
def test_one_by_one_shortcut_bound_is_below_every_rejection(
        pure_dealing: types.ModuleType, n: int) -> None:
    """The one-by-one shuffle skips below()'s bound for outputs under ``_NEAR_TOP``; that
    is exact only if below(n) accepts every such output, i.e. its limit, the largest
    multiple of n up to 2**64, is at least ``_NEAR_TOP``; and its written-out bound is
    that limit less one."""
    limit = ((1 << 64) // n) * n
    assert limit >= pure_dealing._NEAR_TOP
    assert M64 - (M64 % n + 1) % n == limit - 1
@pytest.mark.parametrize("dealer", list(Seat))
def test_deal_masks_are_the_dealt_hands(dealer: Seat) -> None:
    from spades_desktop.engine.dealing import deal_masks

    for game_number, hand_number in GAME_HAND_PAIRS[::5]:
        hands = deal_hands(game_number, hand_number, dealer)
        assert deal_masks(game_number, hand_number, dealer) == tuple(
            mask_of(hands[seat]) for seat in Seat)
