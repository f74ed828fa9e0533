"""A fast private simulator of one Spades hand for the Expert's search (docs/rules.md §3, §4).

Everything here works on plain integers so that the search can play thousands of
card plays per decision in pure Python:

- a **card** is its index 0..55 (``suit * 13 + rank - 2``, as ``Card.index``), so within
  a suit a higher index is a higher card and spades (suit 3) are 39..55, where 52..55
  are the trumps above the ace of a joker deck (docs/rules.md, Deck): the simulator
  plays whatever cards the hands hold, of any deck;
- a **hand** is a mask of up to 56 bits (bit ``i`` set = card ``i`` held), as
  ``cards_to_mask``;
- a **seat** is 0..3 (South, West, North, East); its team is ``seat & 1`` and its
  partner ``seat ^ 2``;
- a **trick** in play is a list of card indices in play order plus its leader's seat.

The rules are :mod:`spades_desktop.engine.core`, the engine's own: legality
(``legal_mask``), the trick winner (``trick_winner_position``, ``trick_winner_seat``),
the hand score (``score_team``, through :func:`team_results`) and the end of the game
(``game_over``, in :meth:`Utility.value`). One hot loop copies a rule for speed, marked
``# inlines engine.core.trick_winner_position``: :func:`playout` follows the winner of
the trick card by card (``benchmarks/sim_inline.py`` measures what each copy gains;
``tests/bots/test_sim.py`` and ``tests/engine/test_core_conformance.py`` hold the copy
equal to the engine).

On top of the rules the module provides:

- :class:`Utility`: the value of a finished hand for one team — the expected score
  *difference* (ours − theirs) with bags counted (docs/rules.md §4), optionally with a bonus for
  winning the game (docs/rules.md §5);
- :func:`playout`: plays a hand to its end with a cheap rule policy (:func:`policy_card`)
  for every seat (Nil, Nil cover, Nil attack, taking, ducking);
- :func:`solve`: an exact minimax (alpha-beta) over the same utility for the last few
  tricks (a "double-dummy" solver on the Spades score, not on tricks);
- :func:`double_dummy`: the same search on the trick count (:class:`TrickCount`), with
  a transposition table, for the coach's review of each trick.

No Qt, no I/O, no randomness: every function is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from spades_desktop.engine import rank_subsets
from spades_desktop.engine.core import (
    ABOVE,
    ALL_CARDS_MASK,
    BELOW,
    CARD_COUNT,
    DRAW,
    LED_MASK,
    NO_TEAM,
    RANK_MASK,
    SIDE_MASK,
    SPADES,
    SPADES_MASK,
    SUIT_MASK,
    SUIT_OF,
    WIN_NS,
    game_over,
    legal_mask,
    score_team,
    thirteen_win,
    trick_winner_position,
    trick_winner_seat,
)
from spades_desktop.engine.rules import DEFAULT_FLOOR_SCORE, DEFAULT_TARGET_SCORE

__all__ = [
    "ROLLOUT_DUCK", "BidInfo", "TrickCount", "Utility", "distinct_moves", "double_dummy",
    "mask_cards", "playout", "policy_card", "solve", "team_results",
]

ROLLOUT_DUCK: tuple[bool, bool] = (True, True)
"""The ``duck`` flags per team of the searches' play-outs (:func:`playout`): each team
ducks once its contract is made, unless the opponents can still be set."""

# Policy modes of one seat (see :func:`policy_card`).
_TAKE = 0
_NIL = 1
_COVER = 2
_DUCK = 3

# --- compiled or not ------------------------------------------------------------------------
# This module runs as it is, or compiled by Cython (setup.py) with the C types of sim.pxd
# beside it; both give the same results (tests/test_compiled_core.py). The hot loops use
# the names below: plain Python here; when compiled, sim.pxd makes the tables C arrays and
# the two bit counts one CPU instruction each (``cython.compiled`` is then true at compile
# time, and this block is left out).
try:
    import cython
except ImportError:  # Cython is needed only to build the compiled module
    from spades_desktop import cython_shim as cython

_SUIT_MASK = SUIT_MASK
_ABOVE = ABOVE
_BELOW = BELOW
_SUIT_OF = SUIT_OF
_LED_MASK = LED_MASK
_BIT = tuple(1 << i for i in range(CARD_COUNT))
"""Card index → its bit (``1 << card``; a table, as C's ``1 << card`` would be 32 bits)."""
# Loops of the rollout run over these tables: a constant tuple in Python (no
# ``range`` object to make), a C array and a C loop when compiled.
_SUITS = (0, 1, 2, 3)
_SIDE_SUITS = (0, 1, 2)
_OPPONENTS = (1, 3, 0, 2, 3, 1, 2, 0)
"""The two opponents of seat ``s`` in the order of the rollout's checks, ``s ^ 1`` then
``s ^ 3``: ``_OPPONENTS[2 * s:2 * s + 2]``."""

if not cython.compiled:
    _bit_length = int.bit_length
    _bit_count = int.bit_count


_CLUBS_OF, _DIAMONDS_OF, _HEARTS_OF, _SPADES_OF = (
    rank_subsets(range(13 * s, 13 * s + 13)) for s in range(4))
_HIGH_TRUMPS_OF = tuple(tuple(52 + i for i in range(4) if high >> i & 1) for high in range(16))
"""The trumps above the ace of a joker deck (``mask >> 52``) → their indices 52..55."""


_FULL = ALL_CARDS_MASK


def _check_mask(mask: object, name: str) -> None:
    """ValueError (TypeError for a non-int) unless ``mask`` is a card mask (56 bits:
    ``core.ALL_CARDS_MASK``)."""
    if type(mask) is not int:
        raise TypeError(f"The {name} must be a card mask (an int), not "
                        f"{type(mask).__name__}.")
    if not 0 <= mask <= _FULL:
        raise ValueError(f"The {name} must be a 56-bit card mask, not {mask}.")


def _check_position(hands: Sequence[int], trick: Sequence[int], leader: object,
                    sizes: bool = True) -> int:
    """The checks at the entry of :func:`playout`, :func:`policy_card`, :func:`solve`
    and :func:`double_dummy`: four hand masks of 56 bits, none sharing a card; a trick in
    play of at most three card indices 0..55, led by ``leader`` 0..3, none of them in a hand;
    and, with ``sizes``, hand sizes of a real position (the seats that played to the
    trick hold one card fewer than the others, and the seat to play holds a card if the
    trick has begun). The loops after it index C arrays by these cards and stop when no
    card is left, so they rely on it. Returns 0; raises ``TypeError`` for wrong types,
    ``ValueError`` otherwise (compiled, a number beyond 64 bits is an ``OverflowError``
    first). Compiled with C integers (sim.pxd): a few nanoseconds per play-out."""
    if type(leader) is not int:
        raise TypeError(f"The leader must be a seat number, not {type(leader).__name__}.")
    lead = leader
    if lead < 0 or lead > 3:
        raise ValueError(f"The leader must be a seat 0..3, not {leader}.")
    if len(hands) != 4:
        raise ValueError(f"There are four hands, not {len(hands)}.")
    seen = 0
    for i in range(4):
        if type(hands[i]) is not int:
            raise TypeError(f"A hand must be a card mask (an int), not "
                            f"{type(hands[i]).__name__}.")
        h = hands[i]
        if h < 0 or h > _FULL:
            raise ValueError(f"A hand must be a 56-bit card mask, not {h}.")
        if seen & h:
            raise ValueError("Two hands hold the same card.")
        seen |= h
    n = len(trick)
    if n > 3:
        raise ValueError(f"A trick in play holds at most three cards, not {n}.")
    for i in range(n):
        if type(trick[i]) is not int:
            raise TypeError(f"A card is an index 0..55, not {type(trick[i]).__name__}.")
        card = trick[i]
        if card < 0 or card > 55 or seen & _BIT[card]:
            raise ValueError(f"The card {card} of the trick is no index 0..55, or is in a "
                             "hand or twice in the trick.")
        seen |= _BIT[card]
    if not sizes:
        return 0
    size = _bit_count(hands[(lead + n) & 3])
    for k in range(4):
        if _bit_count(hands[(lead + k) & 3]) != size - (1 if k < n else 0):
            raise ValueError("The hand sizes do not match the trick in play.")
    if n and not size:
        raise ValueError("The seat to play to the trick holds no card.")
    return 0


def mask_cards(mask: int) -> list[int]:
    """The card indices of ``mask`` in increasing order (a new list). Raises
    ``ValueError`` (``TypeError``) unless ``mask`` is a card mask of 56 bits."""
    _check_mask(mask, "card mask")
    return [*_CLUBS_OF[mask & RANK_MASK], *_DIAMONDS_OF[mask >> 13 & RANK_MASK],
            *_HEARTS_OF[mask >> 26 & RANK_MASK], *_SPADES_OF[mask >> 39 & RANK_MASK],
            *_HIGH_TRUMPS_OF[mask >> 52]]


class BidInfo:
    """The four bids of a hand as the simulator needs them (docs/rules.md §2, §4).

    ``bids[seat]`` is the number of tricks bid (0 = Nil), ``blind[seat]`` marks a
    Blind Nil. Derived: ``nil[seat]``, per team the ``contract`` (sum of non-Nil bids)
    and ``has_contract`` (the team has a non-Nil bidder).
    """

    __slots__ = ("bids", "blind", "nil", "contract", "has_contract", "_nil", "_contract",
                 "_has_contract")

    def __init__(self, bids: Sequence[int], blind: Sequence[bool]) -> None:
        if len(bids) != 4 or len(blind) != 4:
            raise ValueError("BidInfo needs four bids and four blind flags.")
        self.bids: tuple[int, ...] = tuple(bids)
        self.blind: tuple[bool, ...] = tuple(blind)
        self.nil: tuple[bool, ...] = tuple(b == 0 for b in bids)
        self.contract: tuple[int, int] = (
            sum(b for s, b in enumerate(bids) if s & 1 == 0),
            sum(b for s, b in enumerate(bids) if s & 1 == 1),
        )
        self.has_contract: tuple[bool, bool] = (
            bids[0] > 0 or bids[2] > 0, bids[1] > 0 or bids[3] > 0,
        )
        # The same values for the rollout (:func:`_choose`): C arrays when compiled
        # (sim.pxd), read without boxing a Python object per card; the tuples otherwise.
        self._nil = self.nil
        self._contract = self.contract
        self._has_contract = self.has_contract


def team_results(
    info: BidInfo, tricks: Sequence[int], bags_before: Sequence[int],
    terms: tuple[int, int, int, bool, bool],
) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """Score a finished hand with the engine's rule, ``engine.core.score_team`` (docs/rules.md §4).

    ``tricks`` has one count per seat, ``bags_before`` one running bag count per team,
    ``terms`` the game's scoring options (``Rules.score_terms``).
    Returns per team ``(total, bags_after, made)`` where ``made`` is 1 (made), 0 (set)
    or -1 (no contract bidder), as ``core.MADE``, ``core.SET``, ``core.NO_CONTRACT``.
    """
    bids = info.bids
    blind = info.blind
    limit, points, nil, counts, ten = terms
    ns = score_team(bids[0], blind[0], bids[2], blind[2], tricks[0], tricks[2],
                    bags_before[0], limit, points, nil, counts, ten)
    ew = score_team(bids[1], blind[1], bids[3], blind[3], tricks[1], tricks[3],
                    bags_before[1], limit, points, nil, counts, ten)
    return (ns[4], ns[5], ns[6]), (ew[4], ew[5], ew[6])


class Utility:
    """The value of a finished hand for ``team`` (0 = North–South, 1 = East–West).

    ``value(tricks)`` = (our points − ``bag_weight`` × our bags after the hand) −
    (their points − ``bag_weight`` × their bags), plus ``win_bonus`` when the hand ends
    the game with our win (minus it for their win) (docs/rules.md §4, §5). With ``bag_weight``
    10 a bag costs about 9 points whatever the count (the running bag count is a
    potential); a smaller weight makes bags cheap until the count nears 10.

    ``scores`` and ``bags`` are the running totals before the hand, per team; ``terms``
    the scoring options (``Rules.score_terms``, the standard game's by default);
    ``target`` / ``floor`` / ``last_hand`` / ``thirteen_wins`` describe the end of the game
    (``floor`` may be ``None``). Values are memoized per trick tuple.
    """

    __slots__ = ("team", "info", "bags", "scores", "terms", "bag_weight", "win_bonus",
                 "target", "floor", "last_hand", "thirteen_wins", "_memo")

    def __init__(
        self,
        team: int,
        info: BidInfo,
        scores: Sequence[int],
        bags: Sequence[int],
        terms: tuple[int, int, int, bool, bool],
        bag_weight: float,
        win_bonus: float = 0.0,
        target: int = DEFAULT_TARGET_SCORE,
        floor: int | None = DEFAULT_FLOOR_SCORE,
        last_hand: bool = False,
        thirteen_wins: bool = False,
    ) -> None:
        self.team = team
        self.info = info
        self.scores = (scores[0], scores[1])
        self.bags = (bags[0], bags[1])
        self.terms = terms
        self.bag_weight = bag_weight
        self.win_bonus = win_bonus
        self.target = target
        self.floor = floor
        self.last_hand = last_hand
        self.thirteen_wins = thirteen_wins
        self._memo: dict[tuple[int, ...], float] = {}

    def value(self, tricks: Sequence[int]) -> float:
        """The value for ``self.team`` of the hand ending with ``tricks`` per seat."""
        key = tuple(tricks)
        v = self._memo.get(key)
        if v is not None:
            return v
        ns, ew = team_results(self.info, key, self.bags, self.terms)
        w = self.bag_weight
        diff = (ns[0] - w * ns[1]) - (ew[0] - w * ew[1])
        if self.win_bonus:
            thirteen = NO_TEAM
            if self.thirteen_wins:
                contract = self.info.contract
                if thirteen_win(True, contract[0], key[0] + key[2]):
                    thirteen = 0
                elif thirteen_win(True, contract[1], key[1] + key[3]):
                    thirteen = 1
            # The hand limit as the engine's: this hand is the last one or not.
            winner = game_over(self.target, self.floor, 1, self.scores[0] + ns[0],
                               self.scores[1] + ew[0], 1 if self.last_hand else 0,
                               thirteen)[1]
            if winner != DRAW:
                diff += self.win_bonus if winner == WIN_NS else -self.win_bonus
        v = diff if self.team == 0 else -diff
        self._memo[key] = v
        return v


# --- the rollout policy -----------------------------------------------------------------


def _low_discard(m: int) -> int:
    """A card to throw away from ``m`` (not following suit): the lowest side card, from
    the shortest suit on equal ranks; the lowest spade only when ``m`` holds only spades."""
    best = -1
    best_key = 99
    for s in _SIDE_SUITS:
        sub = m & _SUIT_MASK[s]
        if sub:
            low = _bit_length(sub & -sub) - 1
            key = (low - 13 * s) * 16 + _bit_count(sub)
            if key < best_key:
                best_key, best = key, low
    if best >= 0:
        return best
    return _bit_length(m & -m) - 1


def _high_discard(m: int) -> int:
    """The most dangerous card of ``m`` for a player who wants to lose tricks: the
    highest rank, spades counting three ranks higher."""
    best = -1
    best_key = -1
    for s in _SUITS:
        sub = m & _SUIT_MASK[s]
        if sub:
            top = _bit_length(sub) - 1
            key = top - 13 * s + (3 if s == SPADES else 0)
            if key > best_key:
                best_key, best = key, top
    return best


def _cheapest_winner(winners: int) -> int:
    """The cheapest of ``winners``: the lowest card of the led suit before any trump."""
    side = winners & SIDE_MASK
    if side:
        return _bit_length(side & -side) - 1
    return _bit_length(winners & -winners) - 1


def policy_card(
    seat: int,
    hands: Sequence[int],
    trick: Sequence[int],
    leader: int,
    broken: bool,
    won: Sequence[int],
    info: BidInfo,
    duck: Sequence[bool],
) -> int:
    """The rollout policy's card for ``seat`` (a legal card index).

    A cheap rule player that uses only what a careful player knows (its own hand and
    the cards still out, as the union of the other hands): Nil (lose every trick,
    shedding high cards), Nil cover (play high while the Nil partner is still to play,
    overtake it when it is winning), taking (second hand low, third hand cheapest
    winner, last hand cheapest winner, trump when void, cash masters), Nil attack
    (play under an opponent Nil who is winning, keep low while it is to play) and
    ducking once the contract is made (``duck[team]``; unless the opponents can still
    be set). ``hands`` are the four current hands, ``trick`` the cards of the trick in
    play led by ``leader``, ``won`` the tricks won per seat. Raises ``ValueError``
    (``TypeError``) for a position that is none (see :func:`_check_position`) or a
    ``seat`` other than the one to play.
    """
    _check_position(hands, trick, leader, sizes=False)  # the others' cards may be pooled
    if seat != (leader + len(trick)) & 3 or not hands[seat]:
        raise ValueError(f"Seat {seat} is not the seat to play, or holds no card.")
    n = len(trick)
    if n:
        win_pos = trick_winner_position(trick)
        win_card = trick[win_pos]
        win_suit = _SUIT_OF[win_card]
        win_seat = (leader + win_pos) & 3
        led = _SUIT_OF[trick[0]]
    else:
        win_card = win_seat = win_suit = led = -1
    remaining = hands[0] | hands[1] | hands[2] | hands[3]
    # Copies as _choose takes them: C arrays when compiled (sim.pxd), lists otherwise.
    tricks_won = [won[0], won[1], won[2], won[3]]
    ducking = [duck[0], duck[1]]
    return _choose(seat, hands[seat], remaining, n, led, win_card, win_seat, win_suit,
                   leader, broken, tricks_won, info, ducking)


def _choose(seat: int, hand: int, remaining: int, n: int, led: int, win_card: int,
            win_seat: int, win_suit: int, leader: int, broken: bool, won: Sequence[int],
            info: BidInfo, duck: Sequence[bool]) -> int:
    """:func:`policy_card` with the trick summarized: ``n`` cards played, ``led`` suit,
    the winning card so far, its seat and suit (``-1`` when leading); ``remaining`` is
    the union of the four hands. When compiled, ``won`` and ``duck`` are C arrays and
    the bids are read from ``info``'s C arrays (sim.pxd): no Python object per card."""
    legal = legal_mask(hand, _SUIT_MASK[led] if n else 0, broken)
    if not legal & (legal - 1):
        return _bit_length(legal) - 1
    others = remaining & ~hand
    nil = info._nil
    partner = seat ^ 2
    # The seat's mode.
    if nil[seat] and won[seat] == 0:
        mode = _NIL
    elif nil[partner] and won[partner] == 0:
        mode = _COVER
    else:
        mode = _TAKE
        team = seat & 1
        if duck[team] and info._has_contract[team]:
            mine = (0 if nil[team] else won[team]) + (0 if nil[team + 2] else won[team + 2])
            if mine >= info._contract[team]:
                mode = _DUCK
                other = team ^ 1
                if info._has_contract[other]:
                    theirs = ((0 if nil[other] else won[other])
                              + (0 if nil[other + 2] else won[other + 2]))
                    need = info._contract[other] - theirs
                    if 0 < need <= _bit_count(hand):
                        mode = _TAKE  # keep taking tricks while the opponents can be set

    if n == 0:  # ---------------------------------------------------------- leading
        if mode in (_NIL, _DUCK):
            return _low_discard(legal)
        if mode == _COVER:
            # Win the trick ourselves: our highest side card (a master if we have one).
            best = -1
            best_key = -1
            for s in _SIDE_SUITS:
                sub = legal & _SUIT_MASK[s]
                if sub:
                    top = _bit_length(sub) - 1
                    key = top - 13 * s + (20 if not others & _ABOVE[top] else 0)
                    if key > best_key:
                        best_key, best = key, top
            if best >= 0:
                return best
            return _bit_length(legal) - 1
        # Taking: against an intact opponent Nil lead low.
        opp = seat ^ 1
        if (nil[opp] and won[opp] == 0) or (nil[opp ^ 2] and won[opp ^ 2] == 0):
            return _low_discard(legal)
        # Cash a side master while the suit is still held by at least two others.
        for s in _SIDE_SUITS:
            sub = legal & _SUIT_MASK[s]
            if sub:
                top = _bit_length(sub) - 1
                if not others & _ABOVE[top] and _bit_count(others & _SUIT_MASK[s]) >= 2:
                    return top
        spades = legal & SPADES_MASK
        if spades:
            top = _bit_length(spades) - 1
            if not others & _ABOVE[top] and others & SPADES_MASK:
                return top  # draw trumps with a master spade
        side = legal & SIDE_MASK
        if side:
            # Low from the longest side suit.
            best = -1
            best_len = -1
            for s in _SIDE_SUITS:
                sub = side & _SUIT_MASK[s]
                if sub:
                    ln = _bit_count(sub)
                    if ln > best_len:
                        best_len, best = ln, _bit_length(sub & -sub) - 1
            return best
        return _bit_length(legal & -legal) - 1

    # ------------------------------------------------------------------- following
    if win_suit == SPADES:
        winners = legal & _ABOVE[win_card]
    else:
        winners = legal & (_ABOVE[win_card] | SPADES_MASK)
    following = bool(legal & _SUIT_MASK[led])

    if mode in (_NIL, _DUCK):
        losers = legal & ~winners
        if losers:
            if following:
                return _bit_length(losers) - 1
            return _high_discard(losers)
        if n < 3:
            return _cheapest_winner(legal)
        return _high_discard(legal)

    if mode == _COVER:
        if ((partner - leader) & 3) < n:  # the Nil partner has played
            if win_seat == partner:
                if winners:
                    return _cheapest_winner(winners)
                return _bit_length(legal & -legal) - 1 if following else _low_discard(legal)
            # The partner is safe in this trick: play on as when taking.
        else:  # the Nil partner plays after us: set the bar high
            if winners:
                if following:
                    return _bit_length(legal) - 1
                return _cheapest_winner(winners)
            return _bit_length(legal & -legal) - 1 if following else _low_discard(legal)

    # Taking (and attacking an opponent's Nil).
    for opp in _OPPONENTS[2 * seat:2 * seat + 2]:
        if nil[opp] and won[opp] == 0:
            if ((opp - leader) & 3) < n:
                if win_seat == opp:  # the Nil is winning: stay under it
                    losers = legal & ~winners
                    if losers:
                        return (_bit_length(losers) - 1 if following
                                else _high_discard(losers))
            elif win_seat != opp ^ 2 or not winners:
                # The Nil is still to play: keep the bar low.
                return _bit_length(legal & -legal) - 1 if following else _low_discard(legal)
    if win_seat == partner:
        if n < 3 and following and win_suit == led and winners and others & _ABOVE[win_card]:
            # Partner's card may be beaten: overtake with our cheapest master, if any.
            m = winners
            while m:
                low = m & -m
                c = _bit_length(low) - 1
                if not others & _ABOVE[c]:
                    return c
                m ^= low
        return _bit_length(legal & -legal) - 1 if following else _low_discard(legal)
    if winners:
        if n == 3:
            return _cheapest_winner(winners)
        if following:
            if win_suit != led:
                return _bit_length(legal & -legal) - 1  # already trumped
            if n == 1:
                # Second hand: low unless holding a master.
                m = winners
                while m:
                    low = m & -m
                    c = _bit_length(low) - 1
                    if not others & _ABOVE[c]:
                        return c
                    m ^= low
                return _bit_length(legal & -legal) - 1
            return _cheapest_winner(winners)
        return _cheapest_winner(winners)  # trump
    return _bit_length(legal & -legal) - 1 if following else _low_discard(legal)


def playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    broken: bool,
    won: list[int],
    info: BidInfo,
    duck: Sequence[bool],
) -> None:
    """Play the hand to its end with :func:`policy_card` for every seat.

    ``hands`` (four masks), ``trick`` (the cards of the trick in play, led by
    ``leader``) and ``won`` (tricks per seat) are modified in place; at the end every
    hand is empty and ``won`` holds the final counts. The hands must be consistent
    (the seat to play holds a card, sizes match the trick in play): ``ValueError``
    (``TypeError`` for wrong types) otherwise, before anything is played.
    """
    _check_position(hands, trick, leader)
    # The loop works on copies of the hands and of the tricks won: C arrays when
    # compiled (sim.pxd), so that a card boxes no Python int; lists otherwise. They are
    # written back at the end. The trick in play is kept card by card in ``trick``.
    held = [hands[0], hands[1], hands[2], hands[3]]
    tricks_won = [won[0], won[1], won[2], won[3]]
    ducking = [duck[0], duck[1]]
    remaining = held[0] | held[1] | held[2] | held[3]
    n = len(trick)
    if n:
        win_pos = trick_winner_position(trick)
        win_card = trick[win_pos]
        win_suit = _SUIT_OF[win_card]
        win_seat = (leader + win_pos) & 3
        led = _SUIT_OF[trick[0]]
    else:
        win_card = win_seat = win_suit = led = -1
    seat = (leader + n) & 3
    while remaining:
        card = _choose(seat, held[seat], remaining, n, led, win_card, win_seat, win_suit,
                       leader, broken, tricks_won, info, ducking)
        bit = _BIT[card]
        held[seat] ^= bit
        remaining ^= bit
        trick.append(card)
        # inlines engine.core.trick_winner_position: the winner so far, card by card
        # (benchmarks/sim_inline.py: about 30 % more play-outs per second than the call).
        s = _SUIT_OF[card]
        if n == 0:
            led = win_suit = s
            win_card = card
            win_seat = seat
        elif s == win_suit:
            if card > win_card:
                win_card, win_seat = card, seat
        elif s == SPADES:
            win_card, win_suit, win_seat = card, SPADES, seat
        if s == SPADES:  # core.breaks_spades(card), inline
            broken = True
        n += 1
        if n == 4:
            tricks_won[win_seat] += 1
            leader = seat = win_seat
            trick.clear()
            n = 0
            win_card = win_seat = win_suit = led = -1
        else:
            seat = (seat + 1) & 3
    for i in range(4):
        hands[i] = held[i]
        won[i] = tricks_won[i]


# --- the exact endgame solver -------------------------------------------------------------


def distinct_moves(hand: int, legal: int, remaining: int) -> list[int]:
    """The cards of ``legal`` (a subset of ``hand``) with equivalent cards collapsed:
    of cards of one hand that are adjacent in rank among ``remaining`` — the cards
    still held (``hand`` included) plus those of the trick in play — only the lowest
    is kept; increasing order. Raises ``ValueError`` (``TypeError``) unless the three are
    card masks with ``legal`` within ``hand`` and ``hand`` within ``remaining``."""
    _check_mask(hand, "hand")
    _check_mask(legal, "legal mask")
    _check_mask(remaining, "mask of the remaining cards")
    if legal & ~hand or hand & ~remaining:
        raise ValueError("The legal cards must be in the hand, the hand among the "
                         "remaining cards.")
    return _distinct_moves(hand, legal, remaining)


def _distinct_moves(hand: int, legal: int, remaining: int) -> list[int]:
    """:func:`distinct_moves` without its checks, for the solver's own positions."""
    out: list[int] = []
    m = legal
    while m:
        low = m & -m
        c = _bit_length(low) - 1
        m ^= low
        below = _BELOW[c] & remaining
        if below and hand >> (_bit_length(below) - 1) & 1:
            continue  # the next lower card in play is ours: same value
        out.append(c)
    return out


class _Cancelled(Exception):
    pass


class TrickCount:
    """The double-dummy objective: the tricks won by ``team`` (0 = North–South, 1 =
    East–West), as a value for :func:`solve`'s search (see :func:`double_dummy`).

    ``value(tricks)`` is ``tricks[team] + tricks[team + 2]`` as a float. Unlike
    :class:`Utility` it is additive over tricks, so the solver may share one result
    between positions that differ only in the tricks won so far."""

    __slots__ = ("team",)

    def __init__(self, team: int) -> None:
        if team not in (0, 1):
            raise ValueError(f"A team is 0 or 1, not {team}.")
        self.team = team

    def value(self, tricks: Sequence[int]) -> float:
        """The tricks of ``self.team`` in ``tricks`` (one count per seat)."""
        return float(tricks[self.team] + tricks[self.team + 2])


def _ordered(moves: list[int], trick: list[int], leader: int, seat: int) -> list[int]:
    """``moves`` in a good order for the double-dummy search (the result is the same,
    the search shorter): a leader tries its high cards first; a follower whose partner
    wins the trick plays low; otherwise the cheapest card that wins, then the others
    from the lowest."""
    if not trick:
        return moves[::-1]
    pos = trick_winner_position(trick)
    if ((leader + pos) ^ seat) & 1 == 0:  # the partner is winning
        return moves
    top = trick[pos]
    top_suit = _SUIT_OF[top]
    beats = _ABOVE[top] if top_suit == SPADES else _ABOVE[top] | SPADES_MASK
    winners = [c for c in moves if beats >> c & 1]
    if not winners:
        return moves
    return winners + [c for c in moves if not beats >> c & 1]


class _Solver:
    __slots__ = ("utility", "team", "nodes", "cancel_check", "node_limit", "memo", "search",
                 "additive")

    def __init__(self, utility: Utility | TrickCount,
                 cancel_check: Callable[[], bool] | None,
                 node_limit: int | None = None,
                 memo: dict[tuple[int, ...], tuple[float, float]] | None = None) -> None:
        self.utility = utility
        self.team = utility.team
        self.nodes = 0
        self.cancel_check = cancel_check
        self.node_limit = node_limit
        # Transposition table, at the start of a trick: position → bounds (low, high)
        # (see :meth:`_memo_search`). An additive objective (:class:`TrickCount`) lets
        # one entry serve every count of tricks won so far; any other (a
        # :class:`Utility`) keys the counts as well.
        self.memo = memo
        self.additive = isinstance(utility, TrickCount)
        # The search of a position: with a table, through it (one call per node without).
        self.search: Callable[[list[int], list[int], int, bool, list[int], float, float],
                              float] = self._search if memo is None else self._memo_search

    def _memo_search(self, hands: list[int], trick: list[int], leader: int, broken: bool,
                     won: list[int], alpha: float, beta: float) -> float:
        """:meth:`_search` through the table at trick starts. The entry of a position is
        a pair of bounds (low, high) on its exact value: for an additive objective on the
        tricks the team takes from there (the tricks won so far added back), otherwise
        on the value itself, the tricks won so far being part of the key."""
        memo = self.memo
        if memo is None or trick:
            return self._search(hands, trick, leader, broken, won, alpha, beta)
        if self.additive:
            team = self.team
            base = won[team] + won[team + 2]
            # The team takes between none and all of the tricks left.
            most = base + _bit_count(hands[0])  # every hand holds one card per trick left
            if most <= alpha:
                return most
            if base >= beta:
                return base
            key: tuple[int, ...] = (hands[0], hands[1], hands[2], hands[3], leader,
                                    int(broken))
        else:
            base = 0
            key = (hands[0], hands[1], hands[2], hands[3], leader, int(broken),
                   won[0], won[1], won[2], won[3])
        entry = memo.get(key)
        if entry is not None:
            low = entry[0] + base
            high = entry[1] + base
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        v = self._search(hands, trick, leader, broken, won, alpha, beta)
        low, high = (entry[0], entry[1]) if entry is not None else (-1e18, 1e18)
        rest = v - base
        if v <= alpha:  # failed low: an upper bound
            high = min(high, rest)
        elif v >= beta:  # failed high: a lower bound
            low = max(low, rest)
        else:
            low = high = rest
        memo[key] = (low, high)
        return v

    def _search(self, hands: list[int], trick: list[int], leader: int, broken: bool,
                won: list[int], alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes & 1023 == 0:
            if self.cancel_check is not None and self.cancel_check():
                raise _Cancelled
            if self.node_limit is not None and self.nodes > self.node_limit:
                raise _Cancelled
        n = len(trick)
        seat = (leader + n) & 3
        hand = hands[seat]
        legal = legal_mask(hand, _LED_MASK[trick[0]] if n else 0, broken)
        remaining = hands[0] | hands[1] | hands[2] | hands[3]
        for c in trick:
            remaining |= _BIT[c]
        moves = _distinct_moves(hand, legal, remaining)
        if self.memo is not None and len(moves) > 1:
            moves = _ordered(moves, trick, leader, seat)
        maximize = (seat & 1) == self.team
        best = -1e18 if maximize else 1e18
        for card in moves:
            bit = _BIT[card]
            hands[seat] = hand ^ bit
            trick.append(card)
            nb = broken or card >= 39  # core.breaks_spades(card), inline
            if n == 3:
                w = trick_winner_seat(trick, leader)
                won[w] += 1
                saved = trick[:]
                trick.clear()
                if not hands[0] | hands[1] | hands[2] | hands[3]:
                    v = self.utility.value(won)
                else:
                    v = self.search(hands, trick, w, nb, won, alpha, beta)
                trick.extend(saved)
                won[w] -= 1
            else:
                v = self.search(hands, trick, leader, nb, won, alpha, beta)
            trick.pop()
            hands[seat] = hand
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        return best


def solve(
    hands: list[int],
    trick: list[int],
    leader: int,
    broken: bool,
    won: list[int],
    utility: Utility,
    cancel_check: Callable[[], bool] | None = None,
) -> float | None:
    """The exact minimax value for ``utility.team`` of a position with all hands open:
    that team maximizes ``utility.value`` of the final tricks, the other minimizes it.

    Arguments as for :func:`playout` (restored on return). ``cancel_check`` is an
    optional callable polled every 1024 nodes; when it returns true the search stops
    and ``None`` is returned. A table of the positions met at trick starts (keyed by
    the hands, the leader, spades broken and the tricks won so far) spares repeated
    searches, and cards are tried in :func:`_ordered`'s order; neither changes the
    value. Costs grow fast with the cards left (compiled, on the reference machine,
    per deal and all candidates: about 1 ms at four tricks, 8 ms at five, 40 ms at
    six): meant for about four tricks or fewer. Raises ``ValueError`` (``TypeError``)
    for a position that is none, as :func:`playout` does.
    """
    _check_position(hands, trick, leader)
    solver = _Solver(utility, cancel_check, None, {})
    h = list(hands)
    t = list(trick)
    w = list(won)
    if not (h[0] | h[1] | h[2] | h[3]):
        return utility.value(w)
    try:
        return solver.search(h, t, leader, broken, w, -1e18, 1e18)
    except _Cancelled:
        return None


def double_dummy(
    hands: Sequence[int],
    trick: Sequence[int],
    leader: int,
    broken: bool,
    team: int,
    node_limit: int | None = None,
    cancel_check: Callable[[], bool] | None = None,
) -> dict[int, int] | None:
    """Double dummy on tricks: with all four hands open and every seat playing its best
    for the trick count, the tricks ``team`` (0 = North–South, 1 = East–West) takes
    from this position to the end of the hand (the trick in play included), after each
    legal card of the seat to play.

    Arguments as for :func:`playout` (``hands`` per seat, ``trick`` the cards of the
    trick in play led by ``leader``; not modified). Returns card index → tricks for
    every legal card of the seat to play (equivalent cards, see
    :func:`distinct_moves`, get the same value); an empty dict when every hand is
    empty. The same alpha-beta search as :func:`solve`, on :class:`TrickCount`, with a
    transposition table at trick starts. Returns ``None`` when ``cancel_check`` (polled
    every 1024 nodes) returns true or the search passes ``node_limit`` nodes. Raises
    ``ValueError`` (``TypeError``) for a position that is none, as :func:`playout` does.
    """
    _check_position(hands, trick, leader)
    h = list(hands)
    t = list(trick)
    if not (h[0] | h[1] | h[2] | h[3]):
        return {}
    n = len(t)
    seat = (leader + n) & 3
    hand = h[seat]
    legal = legal_mask(hand, _LED_MASK[t[0]] if n else 0, broken)
    remaining = h[0] | h[1] | h[2] | h[3]
    for c in t:
        remaining |= _BIT[c]
    solver = _Solver(TrickCount(team), cancel_check, node_limit, {})
    won = [0, 0, 0, 0]
    values: dict[int, int] = {}
    try:
        for card in _distinct_moves(hand, legal, remaining):
            h[seat] = hand ^ _BIT[card]
            t.append(card)
            nb = broken or card >= 39  # core.breaks_spades(card), inline
            if n == 3:
                w = trick_winner_seat(t, leader)
                won[w] += 1
                if h[0] | h[1] | h[2] | h[3]:
                    v = solver.search(h, [], w, nb, won, -1e18, 1e18)
                else:
                    v = solver.utility.value(won)
                won[w] -= 1
            else:
                v = solver.search(h, t, leader, nb, won, -1e18, 1e18)
            t.pop()
            h[seat] = hand
            values[card] = int(v)
    except _Cancelled:
        return None
    # Equivalent cards: each takes the value of the next lower kept card of its run.
    m = legal
    out: dict[int, int] = {}
    while m:
        low = m & -m
        c = _bit_length(low) - 1
        m ^= low
        rep = c
        while rep not in values:
            rep = _BELOW[rep] & remaining
            rep = _bit_length(rep) - 1
        out[c] = values[rep]
    return out
