"""The integer rules core, on hand-worked cases (docs/rules.md §2–§5).

Cards are written as text and turned into indices here (``suit * 13 + rank - 2``:
2C = 0, AC = 12, 2D = 13, 2H = 26, 2S = 39, AS = 51); every expected value below is
worked from docs/rules.md.
"""

from __future__ import annotations

import pytest

from spades_desktop.engine import core, parse_card


def idx(text: str) -> list[int]:
    return [parse_card(t).index for t in text.split()]


def mask(text: str) -> int:
    m = 0
    for i in idx(text):
        m |= 1 << i
    return m


def test_masks_and_tables() -> None:
    assert core.SUIT_MASK[0] == mask("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")
    assert mask("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS") == core.SPADES_MASK & core.FULL_MASK
    assert core.SIDE_MASK | core.SPADES_MASK == core.ALL_CARDS_MASK == (1 << 56) - 1
    assert core.FULL_MASK == (1 << 52) - 1
    assert core.SIDE_MASK & core.SPADES_MASK == 0
    # The trumps a joker deck adds are spades above the ace, in their order of strength
    # (docs/rules.md, Deck): 2♠ and 2♦ of Joker-Joker-Deuce-Deuce, then the jokers.
    high = [core.HIGH_TWO_OF_SPADES, core.TWO_OF_DIAMONDS_TRUMP, core.LITTLE_JOKER,
            core.BIG_JOKER]
    assert high == [52, 53, 54, 55]
    assert all(core.SUIT_OF[c] == core.SPADES for c in high)
    assert core.ABOVE[idx("AS")[0]] == sum(1 << c for c in high)
    assert core.ABOVE[core.BIG_JOKER] == 0
    assert core.BELOW[core.HIGH_TWO_OF_SPADES] == core.SPADES_MASK & core.FULL_MASK
    assert core.SUIT_OF[idx("KH")[0]] == 2 and core.SUIT_OF[idx("2S")[0]] == core.SPADES
    assert core.LED_MASK[idx("7D")[0]] == core.SUIT_MASK[1]
    assert core.ABOVE[idx("QH")[0]] == mask("KH AH")
    assert core.BELOW[idx("4S")[0]] == mask("2S 3S")
    assert core.ABOVE[idx("AC")[0]] == 0 and core.BELOW[idx("2D")[0]] == 0


@pytest.mark.parametrize(("hand", "led", "broken", "legal"), [
    # Following: the led suit when held (docs/rules.md §3).
    ("2H 9H KC AS", "H", False, "2H 9H"),
    # Void in the led suit: any card, a spade included.
    ("KC 3D AS", "H", False, "KC 3D AS"),
    # Leading before spades are broken: no spade ...
    ("4C QD 2S AS", None, False, "4C QD"),
    # ... unless the hand holds only spades.
    ("2S AS", None, False, "2S AS"),
    # Leading once spades are broken: anything.
    ("4C 2S", None, True, "4C 2S"),
    # Following spades: only spades.
    ("4C 2S KS", "S", False, "2S KS"),
    ("", None, False, ""),
])
def test_legal_mask(hand: str, led: str | None, broken: bool, legal: str) -> None:
    led_mask = 0 if led is None else core.SUIT_MASK["CDHS".index(led)]
    assert core.legal_mask(mask(hand), led_mask, broken) == mask(legal)


@pytest.mark.parametrize(("cards", "position"), [
    ("TH KH 2H AH", 3),    # highest of the led suit
    ("TH KH 2S AH", 2),    # a spade beats the ace of the led suit
    ("TH 3S 2S AS", 3),    # the highest spade
    ("TH AC AD 9H", 0),    # discards never win
    ("5D", 0),             # a trick in play has a winner so far
    ("5D 7D", 1),
    ("5D 2S AD", 1),
])
def test_trick_winner(cards: str, position: int) -> None:
    assert core.trick_winner_position(idx(cards)) == position
    for leader in range(4):
        assert core.trick_winner_seat(idx(cards), leader) == (leader + position) % 4


def test_trick_winner_of_an_empty_trick_raises() -> None:
    with pytest.raises(IndexError):
        core.trick_winner_position([])


ON = (10, 100, 100, False, False)
"""The standard game's scoring options (``Rules().score_terms``), written out."""
OFF = (0, 100, 100, False, False)
"""The same with the bag penalty off."""


@pytest.mark.parametrize(("args", "rows"), [
    # bid 4 + 3, won 5 + 4: +70 and 2 bags (+2).
    ((4, False, 3, False, 5, 4, 0, ON), (70, 2, 0, 0, 72, 2, core.MADE)),
    # Set: −70, no bags from the contract, the bags held stay.
    ((4, False, 3, False, 3, 3, 5, ON), (-70, 0, 0, 0, -70, 5, core.SET)),
    # docs/rules.md §4 example [000]: Nil takes 2, partner bids 5 takes 4: −50, −100, +2, 2 bags.
    ((0, False, 5, False, 2, 4, 0, ON), (-50, 2, -100, 0, -148, 2, core.SET)),
    # Blind Nil made +200; partner 4 of 6: +40, 2 bags.
    ((0, True, 4, False, 0, 6, 0, ON), (40, 2, 200, 0, 242, 2, core.MADE)),
    # Both Nil, one takes 3: +100 −100, 3 bags; no contract.
    ((0, False, 0, False, 3, 0, 0, ON), (0, 3, 0, 0, 3, 3, core.NO_CONTRACT)),
    # docs/rules.md §4 example [003]: 7 bags, bid 5 take 8: +50, 3 bags → 10: −100, 0 bags left.
    ((5, False, 0, False, 8, 0, 7, ON), (50, 3, 100, -100, 53, 0, core.MADE)),
    # Same with the penalty off: bags keep counting.
    ((5, False, 0, False, 8, 0, 7, OFF), (50, 3, 100, 0, 153, 10, core.MADE)),
    # Bags reaching 20 at once: two penalties.
    ((1, False, 1, False, 7, 6, 9, ON), (20, 11, 0, -200, -169, 0, core.MADE)),
])
def test_score_team(args: tuple[object, ...], rows: tuple[int, ...]) -> None:
    *play, terms = args
    assert core.score_team(*play, *terms) == rows


def test_blind_nil_allowed() -> None:
    assert core.blind_nil_allowed(True, 100, 200)          # trailing by exactly 100
    assert not core.blind_nil_allowed(True, 101, 200)      # by 99
    assert not core.blind_nil_allowed(False, -300, 200)    # setting off
    assert core.BLIND_NIL_DEFICIT == 100


@pytest.mark.parametrize(("args", "outcome"), [
    # target 500, floor −200, 30 hands: (target, floor, max_hands, ns, ew, hands played,
    # the team winning by 13 tricks)
    ((500, -200, 30, 510, 300, 5, core.NO_TEAM), (core.END_TARGET, core.WIN_NS)),
    ((500, -200, 30, 480, 520, 5, core.NO_TEAM), (core.END_TARGET, core.WIN_EW)),
    # Both past the target: the higher score wins.
    ((500, -200, 30, 560, 530, 5, core.NO_TEAM), (core.END_TARGET, core.WIN_NS)),
    # Equal at the target: one more hand.
    ((500, -200, 30, 520, 520, 5, core.NO_TEAM), (core.GAME_ON, core.DRAW)),
    # A team at the floor: the other wins.
    ((500, -200, 30, -200, 40, 5, core.NO_TEAM), (core.END_FLOOR, core.WIN_EW)),
    # Floor off: play on.
    ((500, None, 30, -400, 40, 5, core.NO_TEAM), (core.GAME_ON, core.DRAW)),
    # Hand limit: the higher score wins, equal scores are a draw.
    ((500, -200, 30, 100, 90, 30, core.NO_TEAM), (core.END_HAND_LIMIT, core.WIN_NS)),
    ((500, -200, 30, 100, 100, 30, core.NO_TEAM), (core.END_HAND_LIMIT, core.DRAW)),
    # Equal at the target on the last hand: a draw, the reason is the target.
    ((500, -200, 30, 500, 500, 30, core.NO_TEAM), (core.END_TARGET, core.DRAW)),
    ((500, -200, 30, 100, 90, 29, core.NO_TEAM), (core.GAME_ON, core.DRAW)),
    # A team winning by 13 tricks wins at once, behind on points and before the target.
    ((500, -200, 30, 100, 230, 5, core.WIN_NS), (core.END_THIRTEEN, core.WIN_NS)),
    ((500, -200, 30, 510, 100, 5, core.WIN_EW), (core.END_THIRTEEN, core.WIN_EW)),
])
def test_game_over(args: tuple[int, int | None, int, int, int, int, int],
                   outcome: tuple[int, int]) -> None:
    assert core.game_over(*args) == outcome
    # "Game on" is the only false reason (documented: ``if reason:`` means the end).
    assert bool(core.game_over(*args)[0]) is (outcome[0] != core.GAME_ON)
    assert not core.GAME_ON and core.END_TARGET and core.END_FLOOR and core.END_HAND_LIMIT
