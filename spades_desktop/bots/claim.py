"""The referee's check of a claim: does one side take every trick left? (docs/rules.md §3, "Claims")

A claim is a question about the real position, not a player's choice of move, so it is
asked with all four hands open (the controller passes the engine's hands; no seat's
view is involved). It holds when the claiming team, playing its best, takes every
remaining trick (the one in play included) whatever the other team plays: on the
double-dummy trick count (:func:`~.sim.double_dummy`), the most tricks the opponents can
force is 0. That is an AND–OR search much smaller than the full count: an opponent's card
that wins a trick refutes a line at once, so :class:`ClaimSearch` searches only that
question ("can the other side take one trick?"), with the engine's rules
(:func:`~spades_desktop.engine.core.legal_mask`, ``trick_winner_seat``), the solver's
equivalent cards (:func:`~.sim.distinct_moves`), a table of the positions settled at
the start of a trick, high cards tried first, and one exact cut: at the start of a
trick, an opponent holding the highest spade left wins a trick with it (nothing can
beat it), so the claim fails.

Cost grows with the cards left and the opponents' freedom; a search is given a budget of
nodes (:data:`CLAIM_NODES`) and answers ``None`` beyond it (the claim is then not
granted). Measured in pure Python (``benchmarks/claim_speed.py``, seeds 1 and 2: 300
random positions after 1 to 12 tricks and 160 deals where North–South hold the high
cards, 12 tricks left): the median check takes under 20 ms, most under 1 s; 2 of the
460 passed the budget (about 2 s) and would be refused.

Cards, hands and seats are the simulator's integers (:mod:`.sim`): a card 0..55, a hand
a mask of up to 56 bits, a seat 0..3 (South, West, North, East), a team 0 (North–South) or 1.
No Qt, no I/O, no randomness.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from spades_desktop.engine.core import LED_MASK, SPADES_MASK, legal_mask, trick_winner_seat

from .sim import distinct_moves

__all__ = ["CLAIM_NODES", "ClaimSearch"]

CLAIM_NODES = 1_500_000
"""Search nodes a claim check may use; past them the check is undecided (``None``)."""


class _OverBudget(Exception):
    pass


class ClaimSearch:
    """Whether ``team`` takes every remaining trick of a hand, all four hands known.

    One search keeps the positions it has settled, so that asking again along the line
    it found (:meth:`winning_card` after :meth:`takes_every_trick`) costs little. Each
    call is given ``node_limit`` nodes (:data:`CLAIM_NODES` by default);
    ``cancel_check`` (optional) is polled every 1024 nodes, and a true answer stops the
    search (``None``).

    Positions are given as :func:`~.sim.double_dummy`'s: ``hands`` four 52-bit masks
    indexed by seat, ``trick`` the card indices of the trick in play (at most three, in
    play order), ``leader`` its leader's seat, ``broken`` whether spades are broken.
    ``ValueError`` (``TypeError`` for wrong types) for a position that is none.
    """

    __slots__ = ("team", "node_limit", "cancel_check", "nodes", "_memo")

    def __init__(self, team: int = 0, node_limit: int = CLAIM_NODES,
                 cancel_check: Callable[[], bool] | None = None) -> None:
        if team not in (0, 1):
            raise ValueError(f"A team is 0 or 1, not {team}.")
        if node_limit < 1:
            raise ValueError(f"The node limit must be at least 1, not {node_limit}.")
        self.team = team
        self.node_limit = node_limit
        self.cancel_check = cancel_check
        self.nodes = 0
        """Nodes searched by the last call."""
        self._memo: dict[tuple[int, int, int, int, int, bool], bool] = {}

    def takes_every_trick(self, hands: Sequence[int], trick: Sequence[int], leader: int,
                          broken: bool) -> bool | None:
        """True when ``self.team`` takes every trick left whatever the other team plays,
        False when the other team can take one, ``None`` when the search passed its
        nodes or was cancelled. An empty position (no card held, no trick in play) is
        True."""
        h, t = _checked(hands, trick, leader)
        self.nodes = 0
        if not (h[0] | h[1] | h[2] | h[3]):
            return True
        try:
            return self._wins(h, t, leader, broken)
        except _OverBudget:
            return None

    def winning_card(self, hands: Sequence[int], trick: Sequence[int], leader: int,
                     broken: bool) -> int | None:
        """A card of the seat to play (of ``self.team``) after which the team still takes
        every trick left: the first the search finds, trying the highest cards first
        (as :meth:`takes_every_trick` does, so that its settled positions answer at
        once); ``None`` when there is none or the search passed its nodes.
        ``ValueError`` when the seat to play is not of the team or holds no card."""
        h, t = _checked(hands, trick, leader)
        seat = (leader + len(t)) & 3
        if seat & 1 != self.team:
            raise ValueError(f"Seat {seat} to play is not of team {self.team}.")
        hand = h[seat]
        if not hand:
            raise ValueError(f"Seat {seat} to play holds no card.")
        self.nodes = 0
        try:
            for card in reversed(self._moves(h, t, seat, broken)):
                if self._after(h, t, leader, broken, seat, card):
                    return card
        except _OverBudget:
            return None
        return None

    # -- the search ----------------------------------------------------------------------

    def _moves(self, hands: list[int], trick: list[int], seat: int, broken: bool) -> list[int]:
        hand = hands[seat]
        legal = legal_mask(hand, LED_MASK[trick[0]] if trick else 0, broken)
        remaining = hands[0] | hands[1] | hands[2] | hands[3]
        for c in trick:
            remaining |= 1 << c
        return distinct_moves(hand, legal, remaining)

    def _after(self, hands: list[int], trick: list[int], leader: int, broken: bool,
               seat: int, card: int) -> bool:
        """Whether the team takes every trick left once ``seat`` has played ``card``."""
        hand = hands[seat]
        hands[seat] = hand ^ (1 << card)
        trick.append(card)
        nb = broken or card >= 39  # core.breaks_spades(card), inline
        try:
            if len(trick) == 4:
                winner = trick_winner_seat(trick, leader)
                if winner & 1 != self.team:
                    return False
                if not (hands[0] | hands[1] | hands[2] | hands[3]):
                    return True
                return self._wins(hands, [], winner, nb)
            return self._wins(hands, trick, leader, nb)
        finally:
            trick.pop()
            hands[seat] = hand

    def _wins(self, hands: list[int], trick: list[int], leader: int, broken: bool) -> bool:
        self.nodes += 1
        if self.nodes & 1023 == 0 and self.cancel_check is not None and self.cancel_check():
            raise _OverBudget
        if self.nodes > self.node_limit:
            raise _OverBudget
        seat = (leader + len(trick)) & 3
        if trick:
            return self._choose(hands, trick, leader, broken, seat)
        key = (hands[0], hands[1], hands[2], hands[3], leader, broken)
        known = self._memo.get(key)
        if known is not None:
            return known
        spades = (hands[0] | hands[1] | hands[2] | hands[3]) & SPADES_MASK
        if spades:
            top = 1 << (spades.bit_length() - 1)
            if (hands[1 - self.team] | hands[3 - self.team]) & top:
                self._memo[key] = False
                return False  # that spade wins whichever trick it is played to
        result = self._choose(hands, trick, leader, broken, seat)
        self._memo[key] = result
        return result

    def _choose(self, hands: list[int], trick: list[int], leader: int, broken: bool,
                seat: int) -> bool:
        """The team's best (an OR) or the others' (an AND) over the seat's cards."""
        ours = seat & 1 == self.team
        moves = self._moves(hands, trick, seat, broken)
        moves.reverse()  # high cards first: the likely winners, ours and theirs
        for card in moves:
            if self._after(hands, trick, leader, broken, seat, card) is ours:
                return ours
        return not ours


def _checked(hands: Sequence[int], trick: Sequence[int],
             leader: int) -> tuple[list[int], list[int]]:
    """Copies of ``hands`` and ``trick`` after the simulator's entry checks (a real
    position: 52-bit masks without a shared card, sizes matching the trick in play)."""
    # distinct_moves checks each mask; the sizes are checked here as sim's entries do.
    if type(leader) is not int:
        raise TypeError(f"The leader must be a seat number, not {type(leader).__name__}.")
    if not 0 <= leader <= 3:
        raise ValueError(f"The leader must be a seat 0..3, not {leader}.")
    if len(hands) != 4:
        raise ValueError(f"There are four hands, not {len(hands)}.")
    h = [int(m) for m in hands]
    t = [int(c) for c in trick]
    if len(t) > 3:
        raise ValueError(f"A trick in play holds at most three cards, not {len(t)}.")
    seen = 0
    for m in h:
        if not 0 <= m < 1 << 56:
            raise ValueError(f"A hand must be a 56-bit card mask, not {m}.")
        if seen & m:
            raise ValueError("Two hands hold the same card.")
        seen |= m
    for c in t:
        if not 0 <= c <= 55 or seen >> c & 1:
            raise ValueError(f"The card {c} of the trick is no index 0..55, or is in a "
                             "hand or twice in the trick.")
        seen |= 1 << c
    size = h[(leader + len(t)) & 3].bit_count()
    for k in range(4):
        if h[(leader + k) & 3].bit_count() != size - (1 if k < len(t) else 0):
            raise ValueError("The hand sizes do not match the trick in play.")
    if t and not size:
        raise ValueError("The seat to play to the trick holds no card.")
    return h, t
