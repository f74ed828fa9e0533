"""The rules of Spades on plain integers: legality, trick winner, hand score, game end
(docs/rules.md §3, §4, §5).

The one place these rules are written. The checked engine (:mod:`.state`,
:mod:`.scoring`) wraps them in cards, bids and dataclasses; the bots' fast simulator
(:mod:`spades_desktop.bots.sim`) calls them on integers directly.

Conventions:

- a **card** is its index 0..55, ``suit * 13 + rank - 2`` (as ``Card.index``): suit 0
  clubs, 1 diamonds, 2 hearts, 3 spades; within a suit a higher index is a higher
  card; the spades are 39..55, where 52..55 are the trumps above the ace that a joker
  deck adds (:data:`DECK_MASK` says which 52 cards a deck holds);
- a **hand** is a mask of up to 56 bits, bit ``i`` set when card ``i`` is held;
- a **seat** is 0..3 (South, West, North, East), its team ``seat & 1`` (0 North–South,
  1 East–West), its partner ``seat ^ 2``, the next seat clockwise ``(seat + 1) & 3``;
- the **led suit** of a trick in play is given as that suit's mask
  (``SUIT_MASK[suit]``, or ``LED_MASK[first card]``), ``0`` when leading.

Plain typed Python on ints and tuples, with no dependencies (so that it can be compiled
as it is). No Qt, no I/O, no randomness.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = [
    "ABOVE", "ALL_BIDS", "ALL_CARDS_MASK", "BAG_LIMIT", "BAG_PENALTY_POINTS", "BELOW",
    "BIDDING_MIRROR", "BIDDING_STANDARD", "BIDDING_SUICIDE", "BIDDING_WHIZ", "BIG_JOKER",
    "BLIND_NIL_DEFICIT", "BLIND_NIL_POINTS", "CARD_COUNT", "DECK_JOKERS", "DECK_JOKERS_DEUCES",
    "DECK_MASK", "DECK_STANDARD", "DRAW", "END_FLOOR", "END_HAND_LIMIT", "END_TARGET",
    "END_THIRTEEN", "FULL_MASK", "GAME_ON", "HIGH_TWO_OF_SPADES", "LED_MASK", "LITTLE_JOKER",
    "MADE", "NIL_POINTS", "NO_BID", "NO_CONTRACT", "NO_TEAM", "RANK_MASK", "SET", "SIDE_MASK",
    "SPADES", "SPADES_MASK", "SPADE_RANK_MASK", "SUICIDE_MIN_BID", "SUIT_MASK", "SUIT_OF",
    "TEN_FOR_200_CONTRACT", "TEN_FOR_200_POINTS", "TRICK_POINTS", "TRICK_STRENGTH",
    "TWO_OF_DIAMONDS_TRUMP", "WIN_EW", "WIN_NS", "blind_nil_allowed", "blind_nil_offered",
    "breaks_spades", "contract_of", "contract_tricks_of", "game_over", "legal_bid_mask",
    "legal_mask", "score_team", "thirteen_win", "trick_winner_position", "trick_winner_seat"
]

# --- cards and masks (docs/rules.md §1, Deck) ----------------------------------------

SPADES: Final = 3
"""The trump suit's number (``Suit.SPADES``)."""

RANK_MASK: Final = 0x1FFF
"""The 13 rank bits of a side suit (bit 0 = the two), before shifting by ``13 * suit``."""

SPADE_RANK_MASK: Final = 0x1FFFF
"""The 17 rank bits of the spades (bit 0 = the two, bit 12 the ace, bits 13..16 the trumps
above the ace that a joker deck adds), before shifting by 39."""

SUIT_MASK: Final[tuple[int, int, int, int]] = (
    RANK_MASK, RANK_MASK << 13, RANK_MASK << 26, SPADE_RANK_MASK << 39)
"""Per suit (clubs, diamonds, hearts, spades), the mask of its cards in any deck."""

SPADES_MASK: Final = SPADE_RANK_MASK << 39
"""The spades of any deck: 39..51, and 52..55 for the trumps of a joker deck."""

SIDE_MASK: Final = (1 << 39) - 1
"""The clubs, diamonds and hearts."""

CARD_COUNT: Final = 56
"""How many card indices there are: 0..55 (:data:`DECK_MASK` says which a deck holds)."""

ALL_CARDS_MASK: Final = (1 << CARD_COUNT) - 1
"""Every card of every deck: a hand mask never has a bit above these."""

HIGH_TWO_OF_SPADES: Final = 52
"""In the Joker-Joker-Deuce-Deuce deck, the two of spades: the trump above the ace."""
TWO_OF_DIAMONDS_TRUMP: Final = 53
"""In the Joker-Joker-Deuce-Deuce deck, the two of diamonds: a spade, above the two of
spades."""
LITTLE_JOKER: Final = 54
"""The Little Joker (both joker decks): a spade above every other but the Big Joker."""
BIG_JOKER: Final = 55
"""The Big Joker (both joker decks): the highest card."""

DECK_STANDARD: Final = 0
"""The standard 52 cards (docs/rules.md §1)."""
DECK_JOKERS: Final = 1
"""Joker-Joker: the 52 cards less the twos of clubs and diamonds, plus both jokers as the
two highest spades (docs/rules.md, Deck)."""
DECK_JOKERS_DEUCES: Final = 2
"""Joker-Joker-Deuce-Deuce: the 52 cards less the twos of clubs and hearts, plus both
jokers; the trumps from the top are the Big Joker, the Little Joker, the two of diamonds
and the two of spades, then the ace of spades down to the three (docs/rules.md, Deck)."""

_STANDARD_CARDS: Final = (1 << 52) - 1
DECK_MASK: Final[tuple[int, int, int]] = (
    _STANDARD_CARDS,
    _STANDARD_CARDS & ~(1 << 0) & ~(1 << 13) | 1 << LITTLE_JOKER | 1 << BIG_JOKER,
    (_STANDARD_CARDS & ~(1 << 0) & ~(1 << 13) & ~(1 << 26) & ~(1 << 39)
     | 1 << HIGH_TWO_OF_SPADES | 1 << TWO_OF_DIAMONDS_TRUMP | 1 << LITTLE_JOKER
     | 1 << BIG_JOKER),
)
"""Per deck (``DECK_STANDARD``, ``DECK_JOKERS``, ``DECK_JOKERS_DEUCES``), the mask of its
52 cards. A card's index is its place in the order of strength, so that within a suit a
higher index is always a higher card: in the Joker-Joker-Deuce-Deuce deck the two of
spades and the two of diamonds are the spades 52 and 53, not the cards 39 and 13 of the
standard deck (docs/rules.md, Deck)."""

FULL_MASK: Final = DECK_MASK[DECK_STANDARD]
"""All 52 cards of the standard deck."""

SUIT_OF: Final[tuple[int, ...]] = tuple(min(i // 13, SPADES) for i in range(CARD_COUNT))
"""Card index → suit number (the trumps a joker deck adds are spades)."""

LED_MASK: Final[tuple[int, ...]] = tuple(SUIT_MASK[SUIT_OF[i]] for i in range(CARD_COUNT))
"""Card index → the mask of its suit: what a trick led with that card asks to follow."""

ABOVE: Final[tuple[int, ...]] = tuple(SUIT_MASK[SUIT_OF[i]] & ~((2 << i) - 1)
                                      for i in range(CARD_COUNT))
"""Card index → the mask of the higher cards of its suit."""

BELOW: Final[tuple[int, ...]] = tuple(SUIT_MASK[SUIT_OF[i]] & ((1 << i) - 1)
                                      for i in range(CARD_COUNT))
"""Card index → the mask of the lower cards of its suit."""

TRICK_STRENGTH: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(13 + i - 39 if i >= 39 else i % 13 if i // 13 == led else -1
          for i in range(CARD_COUNT))
    for led in range(4))
"""Per led suit (0..3) and card index (0..55), how strong the card is in that trick:
a spade 13..29 (trump beats everything else), a card of the led suit 0..12 by rank,
any other card -1 (a discard never wins). The highest strength wins (docs/rules.md §3)."""


# --- play (docs/rules.md §3) ----------------------------------------------------------------------


def legal_mask(hand: int, led: int, spades_broken: bool) -> int:
    """The cards of ``hand`` (a mask) that may be played now, as a mask (docs/rules.md §3).

    ``led`` is the mask of the led suit (``LED_MASK[first card of the trick]``), ``0``
    when leading. Following: the cards of the led suit if any, otherwise any card
    (trumping allowed). Leading: any card once ``spades_broken`` (a spade has been
    played in this hand); before that any non-spade, or any card if the hand holds
    only spades. An empty hand gives ``0``.
    """
    if led:
        follow = hand & led
        return follow if follow else hand
    if spades_broken:
        return hand
    side = hand & SIDE_MASK
    return side if side else hand


def breaks_spades(card: int) -> bool:
    """Whether playing the card of index ``card`` (0..55) breaks spades (docs/rules.md §3):
    any spade, index 39..55 (:data:`SPADES_MASK`: the jokers and the trump twos of a
    joker deck too), led or played on another suit. Hot
    loops write it inline as ``card >= 39`` and say so; tests/engine/test_position_facts.py
    compares each copy with this."""
    return card >= 39


def trick_winner_position(cards: Sequence[int]) -> int:
    """The position (0 = the lead) of the card winning a trick, given its card indices
    in play order (1 to 4 of them: a trick in play has a winner so far): the highest
    spade if any, else the highest card of the led suit (docs/rules.md §3). Raises
    ``IndexError`` for an empty trick."""
    power = TRICK_STRENGTH[SUIT_OF[cards[0]]]
    if len(cards) == 4:
        a, b, c, d = cards
        pos, best = 0, power[a]
        if power[b] > best:
            pos, best = 1, power[b]
        if power[c] > best:
            pos, best = 2, power[c]
        if power[d] > best:
            pos = 3
        return pos
    pos = 0
    best = power[cards[0]]
    for i in range(1, len(cards)):
        strength = power[cards[i]]
        if strength > best:
            pos, best = i, strength
    return pos


def trick_winner_seat(cards: Sequence[int], leader: int) -> int:
    """The seat (0..3) winning a trick of ``cards`` (indices in play order, 1 to 4) led
    by the seat ``leader`` (docs/rules.md §3); see :func:`trick_winner_position`. Raises
    ``IndexError`` for an empty trick."""
    return (leader + trick_winner_position(cards)) & 3


# --- scoring (docs/rules.md §4) -------------------------------------------------------------------

TRICK_POINTS: Final = 10
"""Points per trick of a made contract, lost per trick of a set one (docs/rules.md §4)."""
NIL_POINTS: Final = 100
"""Won by a Nil bidder who takes no trick, lost if it takes any, in the standard game
(docs/rules.md §4); ``Rules.nil_points`` may halve it."""
BLIND_NIL_POINTS: Final = 200
"""The same for Blind Nil in the standard game: twice the Nil's value (docs/rules.md §4)."""
BAG_LIMIT: Final = 10
"""A running bag count reaching this costs the penalty and this many bags, in the standard
game (docs/rules.md §4); ``Rules.bag_limit`` may lower it."""
BAG_PENALTY_POINTS: Final = 100
"""The bag penalty, in points, in the standard game (docs/rules.md §4);
``Rules.bag_penalty_points`` may halve it."""

MADE: Final = 1
"""``score_team`` result ``made``: the contract was made."""
SET: Final = 0
"""``score_team`` result ``made``: the contract was set."""
NO_CONTRACT: Final = -1
"""``score_team`` result ``made``: both partners bid Nil (a contract of 0)."""


def contract_of(bid_a: int, bid_b: int) -> int:
    """A team's contract from its partners' bids (tricks; 0 = Nil, also for a partner
    who has not bid yet): the sum of the non-Nil bids (docs/rules.md §4). A contract of 0
    means the team has none."""
    return bid_a + bid_b


def contract_tricks_of(bid_a: int, bid_b: int, won_a: int, won_b: int,
                       failed_nil_counts: bool) -> int:
    """The tricks that count toward a team's contract, from its partners' bids (0 = Nil)
    and tricks won: those of the non-Nil bidders only, so that a failed Nil's tricks never
    help the partner (docs/rules.md §4, ruling [000]); with the house rule
    ``failed_nil_counts`` (``Rules.failed_nil_counts``) every trick of a team with a
    contract counts."""
    if failed_nil_counts and contract_of(bid_a, bid_b) != 0:
        return won_a + won_b
    return (won_a if bid_a else 0) + (won_b if bid_b else 0)


TEN_FOR_200_CONTRACT: Final = 10
"""Under ``Rules.ten_for_200``, a made contract of at least this many tricks scores
:data:`TEN_FOR_200_POINTS` (docs/rules.md §4)."""
TEN_FOR_200_POINTS: Final = 200
"""The contract row of a made contract of 10 or more under ``Rules.ten_for_200``
(docs/rules.md §4)."""


def score_team(bid_a: int, blind_a: bool, bid_b: int, blind_b: bool, won_a: int,
               won_b: int, bags_before: int, bag_limit: int, bag_points: int,
               nil_points: int, failed_nil_counts: bool,
               ten_for_200: bool) -> tuple[int, int, int, int, int, int, int]:
    """One team's score for a finished hand (docs/rules.md §4).

    Input per partner: the tricks bid (0 = Nil), whether a Nil was bid blind, the tricks
    won (non-negative; not checked); then the team's running bag count before the hand
    and the scoring options, as ``Rules.score_terms`` gives them: ``bag_limit`` (the bag
    count that costs the penalty, 0 with the bag penalty off), ``bag_points`` (the
    penalty), ``nil_points`` (a Nil's value; Blind Nil twice it), ``failed_nil_counts``
    and ``ten_for_200``. The standard game is ``10, 100, 100, False, False``.

    Returns ``(contract, bags, nil, bag_penalty, total, bags_after, made)``, the
    score-sheet rows in points: ``contract`` +10 × contract when made (200 for a contract
    of 10 or more under ``ten_for_200``), −10 × contract when set, 0 for a contract of 0;
    ``bags`` +1 per bag taken this hand (overtricks, and a failed Nil's tricks unless they
    count toward the contract); ``nil`` the sum of the Nil results (±nil_points, Blind Nil
    twice that); ``bag_penalty`` −bag_points each time the bag count reached
    ``bag_limit``; ``total`` the sum of those four; then ``bags_after``, the bag count
    after this hand; and ``made``: :data:`MADE`, :data:`SET` or :data:`NO_CONTRACT`.

    The contract is the sum of the non-Nil bids, judged on the non-Nil bidders' tricks
    only: a failed Nil's tricks never help the partner, but each is one bag, also when
    the partner is set (docs/rules.md §4, ruling [000]). Under ``failed_nil_counts`` they
    count toward the contract instead, and only tricks beyond it are bags.
    """
    contract = contract_of(bid_a, bid_b)
    counted = failed_nil_counts and contract != 0
    contract_tricks = contract_tricks_of(bid_a, bid_b, won_a, won_b, failed_nil_counts)
    nil_points_total = 0
    bags = 0
    if bid_a == 0:
        value = 2 * nil_points if blind_a else nil_points
        if won_a == 0:
            nil_points_total += value
        else:
            nil_points_total -= value
            if not counted:
                bags += won_a
    if bid_b == 0:
        value = 2 * nil_points if blind_b else nil_points
        if won_b == 0:
            nil_points_total += value
        else:
            nil_points_total -= value
            if not counted:
                bags += won_b
    if contract == 0:
        made = NO_CONTRACT
        contract_points = 0
    elif contract_tricks >= contract:
        made = MADE
        if ten_for_200 and contract >= TEN_FOR_200_CONTRACT:
            contract_points = TEN_FOR_200_POINTS
        else:
            contract_points = TRICK_POINTS * contract
        bags += contract_tricks - contract
    else:
        made = SET
        contract_points = -TRICK_POINTS * contract
    bags_after = bags_before + bags
    penalty = 0
    if bag_limit > 0:
        while bags_after >= bag_limit:
            bags_after -= bag_limit
            penalty -= bag_points
    return (contract_points, bags, nil_points_total, penalty,
            contract_points + bags + nil_points_total + penalty, bags_after, made)


# --- bidding (docs/rules.md §2) -------------------------------------------------------------------

BLIND_NIL_DEFICIT: Final = 100
"""A team must trail by at least this many points to bid Blind Nil (docs/rules.md §2)."""


def blind_nil_allowed(enabled: bool, own_score: int, other_score: int) -> bool:
    """Whether a seat may bid Blind Nil (docs/rules.md §2): the setting is on (``enabled``) and
    its team's score ``own_score`` trails the opponents' ``other_score`` by at least
    :data:`BLIND_NIL_DEFICIT` points."""
    return enabled and other_score - own_score >= BLIND_NIL_DEFICIT


BIDDING_STANDARD: Final = 0
"""``legal_bid_mask`` style: standard bidding, any bid from Nil to 13 (``Rules.bidding``
"standard")."""
BIDDING_SUICIDE: Final = 1
"""``legal_bid_mask`` style: Suicide, one partner of each team bids Nil and the other
:data:`SUICIDE_MIN_BID` or more."""
BIDDING_MIRROR: Final = 2
"""``legal_bid_mask`` style: Mirror, each player bids the number of spades held."""
BIDDING_WHIZ: Final = 3
"""``legal_bid_mask`` style: Whiz, each player bids Nil or the number of spades held."""
NO_BID: Final = -1
"""``legal_bid_mask``'s ``partner_bid`` while the partner has not bid yet."""
ALL_BIDS: Final = (1 << 14) - 1
"""The bid mask with every bid from Nil (bit 0) to 13 (bit 13)."""
SUICIDE_MIN_BID: Final = 4
"""Under Suicide, the partner who does not bid Nil bids at least this many tricks."""


def legal_bid_mask(style: int, min_team_bid: int, partner_bid: int, spades_held: int) -> int:
    """The bids a seat may make (docs/rules.md §2), as a mask: bit ``n`` set when the bid
    of ``n`` tricks is allowed (bit 0: Nil; Blind Nil is :func:`blind_nil_offered`'s).

    ``style`` is :data:`BIDDING_STANDARD`, :data:`BIDDING_SUICIDE`, :data:`BIDDING_MIRROR`
    or :data:`BIDDING_WHIZ` (``Rules.bid_terms``); ``min_team_bid`` the least total of a
    team's two bids under standard bidding (0: none; Nil counts 0); ``partner_bid`` the
    partner's bid in tricks when it has bid (0 = Nil), else :data:`NO_BID`;
    ``spades_held`` the spades in the seat's hand.

    - standard: anything, except that the second partner to bid brings the team's total
      to at least ``min_team_bid``;
    - Suicide: the first partner bids Nil or :data:`SUICIDE_MIN_BID`–13; the second takes
      the other role (Nil after a bid, 4–13 after a Nil);
    - Mirror: only the number of spades held (Nil with none);
    - Whiz: Nil or the number of spades held.
    """
    if style == BIDDING_MIRROR:
        return 1 << spades_held
    if style == BIDDING_WHIZ:
        return 1 | 1 << spades_held
    if style == BIDDING_SUICIDE:
        if partner_bid == 0:
            return ALL_BIDS & ~((1 << SUICIDE_MIN_BID) - 1)
        if partner_bid > 0:
            return 1
        return 1 | ALL_BIDS & ~((1 << SUICIDE_MIN_BID) - 1)
    if partner_bid < 0 or partner_bid >= min_team_bid:
        return ALL_BIDS
    return ALL_BIDS & ~((1 << (min_team_bid - partner_bid)) - 1)


def blind_nil_offered(style: int, min_team_bid: int, partner_bid: int) -> bool:
    """Whether the bidding rules offer Blind Nil to a seat (docs/rules.md §2), its
    arguments those of :func:`legal_bid_mask`: only under standard bidding, and then
    only while a Nil is legal there (after the partner's bid the team's total must
    reach ``min_team_bid``). The game's setting and the score are
    :func:`blind_nil_allowed`'s."""
    return style == BIDDING_STANDARD and (partner_bid < 0 or partner_bid >= min_team_bid)


# --- end of the game (docs/rules.md §5) -----------------------------------------------------------

GAME_ON: Final = 0
"""``game_over`` reason: the game goes on (another hand is dealt)."""
END_TARGET: Final = 1
"""``game_over`` reason: a team reached the target score."""
END_FLOOR: Final = 2
"""``game_over`` reason: a team is at or below the floor score."""
END_HAND_LIMIT: Final = 3
"""``game_over`` reason: the hand limit was reached."""
END_THIRTEEN: Final = 4
"""``game_over`` reason: a team bid 13 and took all 13 tricks (``Rules.thirteen_wins``)."""
NO_TEAM: Final = -1
"""``game_over``'s ``thirteen`` when no team won the game by :func:`thirteen_win`."""

WIN_NS: Final = 0
"""``game_over`` winner: North–South (the team number)."""
WIN_EW: Final = 1
"""``game_over`` winner: East–West (the team number)."""
DRAW: Final = -1
"""``game_over`` winner: nobody (a draw, or the game goes on)."""


def thirteen_win(enabled: bool, contract: int, team_tricks: int) -> bool:
    """Whether a team wins the game at once with this hand (docs/rules.md §5): the house
    rule ``Rules.thirteen_wins`` is on (``enabled``), the team's contract is 13 and it took
    all 13 tricks (``team_tricks``, both partners' together)."""
    return enabled and contract == 13 and team_tricks == 13


def game_over(target: int, floor: int | None, max_hands: int, ns: int, ew: int,
              hands_played: int, thirteen: int) -> tuple[int, int]:
    """Whether the game ends after a hand, and who wins (docs/rules.md §5).

    ``target`` and ``floor`` (``None`` when the floor is off) are the end scores,
    ``max_hands`` the hand limit; ``ns`` and ``ew`` the teams' scores after the hand,
    ``hands_played`` the hands played so far (this one included); ``thirteen`` the team
    (0, 1) that won the game in this hand by :func:`thirteen_win`, else :data:`NO_TEAM`.

    Returns ``(reason, winner)``. ``reason`` is :data:`GAME_ON` (0, the only false
    value: another hand is played) or why the game ended: :data:`END_THIRTEEN` (the
    ``thirteen`` team wins whatever the scores), else :data:`END_TARGET` (a team
    reached the target), else :data:`END_FLOOR` (a team is at or below the floor), else
    :data:`END_HAND_LIMIT`. ``winner`` is the team with the higher score
    (:data:`WIN_NS` 0, :data:`WIN_EW` 1) or :data:`DRAW` (-1): equal scores at the target
    or floor mean one more hand (``GAME_ON``), at the hand limit a draw.
    """
    if thirteen >= 0:
        return END_THIRTEEN, thirteen
    limit = hands_played >= max_hands
    if ns >= target or ew >= target:
        reason = END_TARGET
    elif floor is not None and (ns <= floor or ew <= floor):
        reason = END_FLOOR
    elif limit:
        reason = END_HAND_LIMIT
    else:
        return GAME_ON, DRAW
    if ns == ew:
        return (reason, DRAW) if limit else (GAME_ON, DRAW)
    return reason, (WIN_NS if ns > ew else WIN_EW)
