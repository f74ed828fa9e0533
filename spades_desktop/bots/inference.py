"""Inference from play: how well a sampled deal explains the cards the other seats have
played so far in the hand (docs/rules.md §6).

A sampled deal (:mod:`.sampling`) fits the voids, the hand sizes and the bids. It may
still make the other seats' plays look strange: a seat that, on that deal, held the
king and played the queen under an ace. This module scores a deal by how many of the
other seats' plays the rollout policy (:func:`~.sim.policy_card`, the rule player that
finishes every play-out) would have made itself, holding that deal's cards at the time:
each play the policy would not have made (nor an equivalent card, one of a run of
adjacent cards in the same hand) multiplies the deal's weight by ``miss``. With
``miss`` 1 every deal counts the same, as without inference.

The events are read from the view only (:func:`play_events`): the cards each seat
played, in order, with the trick, the leader, spades broken and the tricks won at the
time. Seats' hands at an earlier play are the deal's hands now plus the cards they have
played since.

>>> play_likelihood((), (0, 0, 0, 0), BidInfo([3, 3, 3, 3], [False] * 4), 0.5)
1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spades_desktop.engine import PlayerView
from spades_desktop.engine.core import SUIT_OF, trick_winner_seat

from .sim import ROLLOUT_DUCK, BidInfo, policy_card

__all__ = ["PlayEvent", "play_events", "play_likelihood"]


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """One card another seat played in this hand, as the policy would have seen it.

    ``seat`` played ``card`` (card indices as in :mod:`.sim`) to ``trick`` (the cards
    already in it, led by ``leader``); ``later``: the mask of the cards ``seat`` played
    from this play on, this card included (added to its hand now gives its hand then);
    ``held``: the mask of every card still held by any seat just before this play;
    ``broken``: spades broken at the lead of this trick; ``won``: tricks won per seat
    before this trick."""

    seat: int
    card: int
    trick: tuple[int, ...]
    leader: int
    later: int
    held: int
    broken: bool
    won: tuple[int, int, int, int]


def play_events(view: PlayerView) -> tuple[PlayEvent, ...]:
    """The plays of the seats other than ``view.seat`` in this hand so far, in order
    (completed tricks, then the trick in play). Reads only the view."""
    me = int(view.seat)
    tricks = [t for t in (*view.tricks, view.current_trick) if t]
    plays: list[tuple[int, int, tuple[int, ...], int, bool, tuple[int, int, int, int]]] = []
    won = [0, 0, 0, 0]
    for trick, broken in zip(tricks, view.spades_broken_at_leads, strict=True):
        cards = [c.index for _, c in trick]
        leader = int(trick[0][0])
        for k, (player, played) in enumerate(trick):
            plays.append((int(player), played.index, tuple(cards[:k]), leader, broken,
                          (won[0], won[1], won[2], won[3])))
        if len(trick) == 4:
            won[trick_winner_seat(cards, leader)] += 1
    held = 0
    for c in (*view.hand, *view.cards_out):
        held |= 1 << c.index
    later = [0, 0, 0, 0]
    events: list[PlayEvent] = []
    for seat, card, before, leader, broken, won_then in reversed(plays):
        bit = 1 << card
        later[seat] |= bit
        held |= bit
        if seat != me:
            events.append(PlayEvent(seat=seat, card=card, trick=before, leader=leader,
                                    later=later[seat], held=held, broken=broken,
                                    won=won_then))
    events.reverse()
    return tuple(events)


def _equivalent(a: int, b: int, hand: int, remaining: int) -> bool:
    """Whether cards ``a`` and ``b`` of ``hand`` are equivalent: the same suit, and no
    card of ``remaining`` (the cards held and in the trick) outside ``hand`` between them
    (:func:`~.sim.distinct_moves` keeps one card of such a run)."""
    if SUIT_OF[a] != SUIT_OF[b]:
        return False
    lo, hi = (a, b) if a < b else (b, a)
    between = ((1 << hi) - 1) ^ ((1 << (lo + 1)) - 1)
    return not (between & remaining & ~hand)


def play_likelihood(events: Sequence[PlayEvent], deal: Sequence[int],
                    info: BidInfo, miss: float) -> float:
    """The weight of ``deal`` (four hand masks, now) from ``events``: ``miss`` to the
    power of the number of plays the rollout policy would not have made on that deal
    (``info``: the four bids the policy plays to). 1.0 with no events."""
    weight = 1.0
    for e in events:
        hand = deal[e.seat] | e.later
        hands = [0, 0, 0, 0]
        hands[e.seat] = hand
        hands[(e.seat + 1) & 3] = e.held & ~hand
        choice = policy_card(e.seat, hands, list(e.trick), e.leader, e.broken, list(e.won),
                             info, ROLLOUT_DUCK)
        if choice != e.card:
            in_trick = 0
            for c in e.trick:
                in_trick |= 1 << c
            if not _equivalent(choice, e.card, hand, e.held | in_trick):
                weight *= miss
    return weight
