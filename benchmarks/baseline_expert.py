"""The Expert as it was at commit e6370cf (2026-12-01), kept unchanged as a yardstick.

The issue "A stronger Expert …" measures the new Expert and Master against this one
("today's Expert"). It is ``spades_desktop/bots/expert.py`` of that commit with its
relative imports made absolute; the simulator and sampler it calls are the current
ones, whose results are the same as then (``tests/test_compiled_core.py``,
``tests/bots/test_sim.py``); the simulator's measure now takes the game's scoring options
(``Rules.score_terms``) where it took the bag-penalty switch, the same in a standard game.
Use it through the arena::

    python -m spades_desktop.arena --baseline benchmarks/baseline_expert.py \\
        --ns expert --ew baseline --hands 500 --duplicate --jobs 2 --seed 1

The arena calls :func:`make_bot` (keyword arguments from ``--bot-arg baseline:NAME=V``).

The docstring of the Expert then:

The Expert computer player: card tracking, sampled deals and search (docs/rules.md §6).

What it knows comes only from its :class:`~spades_desktop.engine.PlayerView`
(:class:`~.sampling.Knowledge`): its cards, the cards played, the voids shown by
failures to follow (and by spade leads before spades were broken), the hand sizes and
the bids. It never rebuilds a deal from the game number.

**Playing a card** (determinized search, "PIMC"): draw deals of the hidden cards
consistent with that knowledge (voids and sizes exactly, bids as weights, see
:mod:`.sampling`); for every candidate card (equivalent cards collapsed) and every
deal, play the card and finish the hand — with the fast rule policy of :mod:`.sim`
for every seat, or, when few tricks are left, with an exact minimax solver — and
score the result as the hand's score *difference* for its team with bags counted
(:class:`~.sim.Utility`, docs/rules.md §4), plus a bonus when the hand ends the game. The card
with the best average wins. Every candidate sees the same deals (common random
numbers), so their comparison is sharp even with few deals. The Nil, Nil cover, Nil
attack, setting and bag avoidance behaviours come out of that evaluation and out of
the rollout policy (which plays them for every seat).

**Bidding** by evaluation: sampled deals consistent with the bids made so far (later
bidders are given the advice's counted bid), the hand played out with the rollout
policy at a few bid levels around the count; every bid 1..13 is scored on the
play-outs of its nearest level, Nil on play-outs where this seat plays Nil; the bid
with the best expected value wins. Nil wins when it beats the best bid by
``nil_margin`` (−10 by default: Nil play-outs were measured slightly pessimistic); beside
a partner's Nil or after an opponent's Blind Nil it needs 40 points more. Blind Nil is
decided from the score and from its chance over play-outs of random deals, without
looking at the cards.

**Determinism**: a fixed budget of deals (never of seconds) and a ``random.Random``
seeded by :func:`~.base.view_seed` (game number, hand, seat, cards played, bids): the
same view and game number give the same action in every process.

**Cancellation**: the ``cancel`` event is polled between play-outs (and every 1024
nodes of the exact solver); once set, the best action found so far is returned.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Any

from spades_desktop.bots.base import require_turn, view_seed
from spades_desktop.bots.sampling import (
    DealSampler,
    Knowledge,
    estimate_tricks_mask,
    is_nil_fit_mask,
    recommended_tricks,
)
from spades_desktop.bots.sim import (
    BidInfo,
    Utility,
    distinct_moves,
    playout,
    policy_card,
    solve,
)
from spades_desktop.engine import (
    Action,
    Bid,
    Card,
    Phase,
    PlayerView,
    Seat,
    Team,
)
from spades_desktop.engine.core import (
    LED_MASK,
    SPADES_MASK,
    legal_mask,
    trick_winner_seat,
)

__all__ = ["BLIND_NIL_CHANCE_FAR_BEHIND", "BLIND_NIL_CHANCE_NEAR_END", "EXPERT_SALT",
           "ExpertBot", "ExpertStats"]

EXPERT_SALT = 3
"""Mixed into the Expert's seeds so that its draws differ from other levels'."""

BLIND_NIL_CHANCE_FAR_BEHIND = 0.25
"""Blind Nil when 200 or more behind if play-outs make it at least this often (play-outs
of random deals make it about 24% of the time on average, 10–38% by position)."""
BLIND_NIL_CHANCE_NEAR_END = 0.3
"""Blind Nil when 100 or more behind with the opponents near the target: the chance needed."""

_DUCK = (True, True)
"""Rollout players duck once their contract is made (unless the opponents can be set)."""


@dataclass(slots=True)
class ExpertStats:
    """Counters of the last decision, for tests and measurements."""

    candidates: int = 0
    deals: int = 0
    playouts: int = 0
    exact: bool = False
    cancelled: bool = False
    values: tuple[tuple[str, float], ...] = ()
    """Per candidate action (as text), its average value."""
    make_rate: tuple[float, ...] = ()
    """Bidding: per bid 0..13, the share of play-outs in which the side made it."""


class ExpertBot:
    """Expert level (docs/rules.md §6): determinized search over sampled deals.

    Budget (fixed numbers of deals, so decisions replay exactly):

    - ``samples``: most deals per card decision; ``min_samples``: fewest;
    - ``play_budget``: simulated card plays per card decision; the number of deals is
      ``play_budget / (candidates × cards still to play)``, clamped to
      ``[min_samples, samples]`` — more deals for fewer candidates and shorter ends;
    - ``endgame_tricks``: with this many tricks left or fewer the deals are solved
      exactly (minimax on the score) instead of played out; ``endgame_samples`` deals
      at most (all consistent deals when they are fewer);
    - ``bid_samples``: deals for a bid.

    Evaluation: ``bag_weight`` (points per bag held after the hand; ``None`` = from
    the game's state, up to 10) and ``win_bonus`` (points for a hand that wins the
    game). ``use_bids`` False ignores the bids when sampling; ``chain_burn_in`` and
    ``chain_thin`` set the Markov chain that weighs deals by the bids
    (:class:`~.sampling.DealSampler`).

    Bidding: ``nil_margin`` (see the module doc); ``set_aversion`` (a set counts this
    share of its cost again, trading a little expected score for fewer sets);
    ``cover_handicap`` (tricks taken from the partner of a Nil bidder in bidding
    play-outs, which overrate it: without it 88% of such contracts were made in
    play-outs but 70% in play; with 1, 86% against 85%); ``nil_cover_handicap`` (0 or
    1: the same for this seat's own Nil decision, on every other play-out; measured
    no better, so off); ``blind_samples`` (play-outs estimating a Blind Nil).

    Measured with the defaults against Normal (2-core machine, 300 duplicate deals):
    +27 points per hand, 7% of contracts set, 93% of Nils made, 15 ms per decision on
    average (p95 50 ms). Doubling the deals, or solving four tricks exactly, gained
    nothing measurable.

    The instance keeps no state between decisions apart from :attr:`stats` (the last
    decision's counters); one instance may serve several seats, one decision at a
    time. Raises ``ValueError`` for a budget below 1.
    """

    name = "expert"

    def __init__(
        self,
        samples: int = 48,
        min_samples: int = 12,
        play_budget: int = 30000,
        endgame_tricks: int = 3,
        endgame_samples: int = 32,
        bid_samples: int = 96,
        bag_weight: float | None = None,
        win_bonus: float = 100.0,
        use_bids: bool = True,
        nil_margin: float = -10.0,
        chain_burn_in: int = 40,
        chain_thin: int = 8,
        set_aversion: float = 0.25,
        cover_handicap: int = 1,
        nil_cover_handicap: int = 0,
        blind_samples: int = 96,
    ) -> None:
        for label, value in (("samples", samples), ("min_samples", min_samples),
                             ("play_budget", play_budget), ("endgame_samples", endgame_samples),
                             ("bid_samples", bid_samples)):
            if value < 1:
                raise ValueError(f"The Expert's {label} must be at least 1, not {value}.")
        self.samples = samples
        self.min_samples = min(min_samples, samples)
        self.play_budget = play_budget
        self.endgame_tricks = endgame_tricks
        self.endgame_samples = endgame_samples
        self.bid_samples = bid_samples
        self.bag_weight = bag_weight
        self.win_bonus = win_bonus
        self.use_bids = use_bids
        self.nil_margin = nil_margin
        self.chain_burn_in = max(0, chain_burn_in)
        self.chain_thin = max(1, chain_thin)
        self.set_aversion = set_aversion
        self.cover_handicap = cover_handicap
        self.nil_cover_handicap = nil_cover_handicap
        self.blind_samples = max(1, blind_samples)
        self.stats = ExpertStats()

    # --- the Bot protocol -------------------------------------------------------------

    def choose_action(
        self, view: PlayerView, game_number: int, cancel: threading.Event | None = None
    ) -> Action:
        """Expert's bid or card for ``view``'s seat; always one of ``view.legal``.

        A single legal action is returned at once. ``cancel``, when set, stops the
        search and the best action found so far is returned. Raises ``TypeError`` if
        ``view`` is not a ``PlayerView`` and ``ValueError`` if it is not this seat's
        turn (docs/rules.md §6).
        """
        view = require_turn(view)
        self.stats = ExpertStats()
        if len(view.legal) == 1:
            return view.legal[0]
        rng = random.Random(view_seed(view, game_number, EXPERT_SALT))
        if view.phase is Phase.BIDDING:
            bid = self._choose_bid(view, rng, cancel)
            return bid if bid in view.legal else view.legal[0]
        return self._choose_card(view, rng, cancel)

    # --- evaluation -------------------------------------------------------------------

    def _bag_weight(self, view: PlayerView) -> float:
        """Points charged per bag still held after the hand (docs/rules.md §4): about 10 when the
        game has several hands to go (each bag brings the −100 penalty nearer), less
        near the end, 0 without the bag penalty."""
        if self.bag_weight is not None:
            return self.bag_weight
        rules = view.rules
        if not rules.bag_penalty:
            return 0.0
        lead = max(view.scores[Team.NS], view.scores[Team.EW])
        hands_left = min(max(0.0, (rules.target_score - lead) / 60.0),
                         float(rules.max_hands - view.hand_number))
        return 10.0 * min(1.0, hands_left / 4.0)

    def _utility(self, view: PlayerView, info: BidInfo) -> Utility:
        rules = view.rules
        return Utility(
            team=int(view.seat) & 1,
            info=info,
            scores=(view.scores[Team.NS], view.scores[Team.EW]),
            bags=(view.bags[Team.NS], view.bags[Team.EW]),
            terms=rules.score_terms,
            bag_weight=self._bag_weight(view),
            win_bonus=self.win_bonus,
            target=rules.target_score,
            floor=rules.floor_score,
            last_hand=view.hand_number >= rules.max_hands,
        )

    def _sampler(self, know: Knowledge, rng: random.Random) -> DealSampler:
        return DealSampler(know, rng, use_bids=self.use_bids, burn_in=self.chain_burn_in,
                           thin=self.chain_thin)

    # --- card play --------------------------------------------------------------------

    def _choose_card(self, view: PlayerView, rng: random.Random,
                     cancel: threading.Event | None) -> Card:
        know = Knowledge.from_view(view)
        me = know.seat
        trick = [c.index for _, c in view.current_trick]
        legal = legal_mask(know.hand, LED_MASK[trick[0]] if trick else 0, view.spades_broken)
        remaining = know.hidden | know.hand
        in_trick = 0
        for c in trick:
            in_trick |= 1 << c
        candidates = distinct_moves(know.hand, legal, remaining | in_trick)
        leader = int(view.current_trick[0][0]) if view.current_trick else (
            int(view.trick_winners[-1]) if view.trick_winners else int(view.dealer.left))
        won0 = [int(view.tricks_won.get(Seat(s), 0)) for s in range(4)]
        bids = [view.bids[Seat(s)].tricks for s in range(4)]
        blind = [view.bids[Seat(s)].blind for s in range(4)]
        info = BidInfo(bids, blind)
        utility = self._utility(view, info)
        self.stats.candidates = len(candidates)

        if len(candidates) == 1:
            return Card.from_index(candidates[0])

        tricks_left = know.hand.bit_count()
        exact = tricks_left <= self.endgame_tricks
        try:
            sampler = self._sampler(know, rng)
        except ValueError:  # no deal fits what was inferred: never expected, play safe
            return self._fallback_card(know, trick, leader, view.spades_broken, won0, info)
        if exact:
            n_deals = max(1, min(self.endgame_samples,
                                 self.samples * 4 // max(1, len(candidates))))
        else:
            to_play = remaining.bit_count()
            n_deals = self.play_budget // (len(candidates) * max(1, to_play))
            n_deals = max(self.min_samples, min(self.samples, n_deals))
        deals: list[tuple[tuple[int, int, int, int], float]]
        if sampler.count() <= n_deals:
            deals = [(d, w) for d, w in sampler.enumerate() if w > 0]
        else:
            deals = []
        self.stats.exact = exact
        totals = [0.0] * len(candidates)
        weight_sum = 0.0
        broken = view.spades_broken
        cancelled = False
        check = cancel.is_set if cancel is not None else None
        i = 0
        while True:
            if deals:
                if i >= len(deals):
                    break
                deal, weight = deals[i]
            else:
                if i >= n_deals:
                    break
                deal, weight = sampler.sample(), 1.0
            i += 1
            values: list[float] = []
            for card in candidates:
                if check is not None and check():
                    cancelled = True
                    break
                hands = list(deal)
                hands[me] ^= 1 << card
                t = trick + [card]
                won = list(won0)
                lead = leader
                nb = broken or card >= 39
                if len(t) == 4:
                    lead = trick_winner_seat(t, leader)
                    won[lead] += 1
                    t = []
                if exact:
                    v = solve(hands, t, lead, nb, won, utility, check)
                    if v is None:
                        cancelled = True
                        break
                else:
                    playout(hands, t, lead, nb, won, info, _DUCK)
                    v = utility.value(won)
                    self.stats.playouts += 1
                values.append(v)
            if cancelled:
                break
            for j, v in enumerate(values):
                totals[j] += weight * v
            weight_sum += weight
            self.stats.deals += 1
        self.stats.cancelled = cancelled
        if weight_sum <= 0:
            return self._fallback_card(know, trick, leader, view.spades_broken, won0, info)
        best = max(range(len(candidates)), key=lambda j: (totals[j], -j))
        self.stats.values = tuple(
            (str(Card.from_index(c)), totals[j] / weight_sum) for j, c in enumerate(candidates))
        return Card.from_index(candidates[best])

    @staticmethod
    def _fallback_card(know: Knowledge, trick: list[int], leader: int, broken: bool,
                       won: list[int], info: BidInfo) -> Card:
        """The rollout policy's card for this seat (used when cancelled before any
        deal was evaluated): it needs only this seat's hand and the cards still out."""
        hands = [0, 0, 0, 0]
        hands[know.seat] = know.hand
        hands[(know.seat + 1) & 3] = know.hidden
        card = policy_card(know.seat, hands, trick, leader, broken, won, info, _DUCK)
        return Card.from_index(card)

    # --- bidding ----------------------------------------------------------------------

    def _choose_bid(self, view: PlayerView, rng: random.Random,
                    cancel: threading.Event | None) -> Bid:
        if view.blind_nil_allowed and self._want_blind_nil(view, rng, cancel):
            return Bid(0, blind=True)
        know = Knowledge.from_view(view)
        me = know.seat
        partner = me ^ 2
        my_count = recommended_tricks(know.hand)
        partner_bid = know.bids[partner]
        partner_nil = partner_bid == 0
        opp_blind = any(know.blind[s] for s in (me ^ 1, me ^ 3))
        consider_nil = self._nil_plausible(know.hand)
        try:
            sampler = self._sampler(know, rng)
        except ValueError:  # never expected while bidding: no voids are known yet
            return Bid(my_count)
        leader = int(view.dealer.left)
        candidates = list(range(1, 14))
        totals = [0.0] * 14
        makes = [0] * 14
        nil_total = 0.0
        n = 0
        check = cancel.is_set if cancel is not None else None
        blind = [bool(b) for b in know.blind]
        utilities: dict[tuple[int, ...], Utility] = {}

        def utility_for(bids: list[int]) -> Utility:
            key = tuple(bids)
            u = utilities.get(key)
            if u is None:
                u = self._utility(view, BidInfo(bids, blind))
                utilities[key] = u
            return u

        # Play-outs at a few bid levels around the count; each candidate bid is scored on
        # the play-outs of the nearest level (the level decides when the side ducks).
        levels = sorted({max(1, my_count - 1), my_count, min(13, my_count + 1)})
        level_of = {b: min(levels, key=lambda lv: (abs(lv - b), lv)) for b in candidates}
        aversion = self.set_aversion
        for _ in range(self.bid_samples):
            if check is not None and check():
                break
            deal = sampler.sample()
            for level in levels:
                bids = self._predicted_bids(know, deal, level)
                hands = list(deal)
                won = [0, 0, 0, 0]
                playout(hands, [], leader, False, won, BidInfo(bids, blind), _DUCK)
                if bids[partner] == 0:
                    self._handicap_cover(won, me)
                partner_bid_now = bids[partner]
                partner_tricks = won[partner] if partner_bid_now > 0 else 0
                for b in candidates:
                    if level_of[b] != level:
                        continue
                    bids[me] = b
                    v = utility_for(bids).value(won)
                    if won[me] + partner_tricks < b + partner_bid_now:
                        v -= aversion * 10 * (b + partner_bid_now)
                    else:
                        makes[b] += 1
                    totals[b] += v
            if consider_nil:
                nil_bids = self._predicted_bids(know, deal, 0)
                hands = list(deal)
                won = [0, 0, 0, 0]
                nil_info = BidInfo(nil_bids, blind)
                playout(hands, [], leader, False, won, nil_info, _DUCK)
                if n % 2 < self.nil_cover_handicap:
                    self._handicap_cover(won, partner)
                v = utility_for(nil_bids).value(won)
                pb = nil_bids[partner]
                if pb > 0 and won[partner] < pb:
                    v -= aversion * 10 * pb
                else:
                    makes[0] += 1
                nil_total += v
            n += 1
        if n == 0:
            return Bid(my_count)
        best = max(candidates, key=lambda b: (totals[b], -abs(b - my_count)))
        best_value = totals[best] / n
        self.stats.deals = n
        self.stats.make_rate = tuple(m / n for m in makes)
        values = [(str(b), totals[b] / n) for b in candidates]
        if consider_nil:
            nil_value = nil_total / n
            values.append(("nil", nil_value))
            margin = self.nil_margin
            if partner_nil or opp_blind:
                margin += 40.0
            if nil_value > best_value + margin:
                self.stats.values = tuple(values)
                return Bid(0)
        self.stats.values = tuple(values)
        return Bid(best)

    def _handicap_cover(self, won: list[int], coverer: int) -> None:
        """Move ``cover_handicap`` tricks from the partner of a Nil bidder to the next
        opponent: play-outs overrate what a seat covering a Nil takes (measured: 88%
        of the covering side's contracts made in play-outs, 70% in play)."""
        moved = min(self.cover_handicap, won[coverer])
        won[coverer] -= moved
        won[(coverer + 1) & 3] += moved

    @staticmethod
    def _nil_plausible(hand: int) -> bool:
        """A quick screen before simulating Nil: no A♠ or K♠, at most 4 spades, and a
        counted value under 3.5 tricks."""
        spades = hand & SPADES_MASK
        if spades >> 50:  # K♠ (bit 50) or A♠ (bit 51)
            return False
        if spades.bit_count() > 4:
            return False
        return estimate_tricks_mask(hand) < 3.5 or is_nil_fit_mask(hand)

    @staticmethod
    def _predicted_bids(know: Knowledge, deal: tuple[int, int, int, int],
                        my_bid: int) -> list[int]:
        """The four bids for a play-out: the bids made, ``my_bid`` for this seat, and
        for the seats still to bid the advice's count of their sampled cards (Nil on a
        Nil-fit hand whose partner has not bid Nil)."""
        bids: list[int] = [0, 0, 0, 0]
        me = know.seat
        for k in range(4):
            seat = (me + k) & 3
            if seat == me:
                bids[seat] = my_bid
                continue
            made = know.bids[seat]
            if made is not None:
                bids[seat] = made
                continue
            partner = seat ^ 2
            # The partner's bid is known if made, ours, or predicted earlier in this loop.
            known = know.bids[partner] is not None or ((partner - me) & 3) < k
            partner_nil = known and bids[partner] == 0
            if is_nil_fit_mask(deal[seat]) and not partner_nil:
                bids[seat] = 0
            else:
                bids[seat] = recommended_tricks(deal[seat])
        return bids

    def _want_blind_nil(self, view: PlayerView, rng: random.Random,
                        cancel: threading.Event | None) -> bool:
        """Blind Nil from the score and the estimated risk, without looking at the cards
        (docs/rules.md §2). Only when the team is far behind — by 200 or more, or by 100 or more
        with the opponents within 100 of the target — never beside a partner's Nil and,
        if the partner has bid, only beside a bid of 3 or more. Then the chance of
        making it (:meth:`_blind_nil_chance`) must reach
        :data:`BLIND_NIL_CHANCE_FAR_BEHIND` or :data:`BLIND_NIL_CHANCE_NEAR_END`."""
        team = view.seat.team
        ours = view.scores[team]
        theirs = view.scores[team.other]
        deficit = theirs - ours
        target = view.rules.target_score
        if deficit >= 200:
            needed = BLIND_NIL_CHANCE_FAR_BEHIND
        elif deficit >= 100 and theirs >= target - 100:
            needed = BLIND_NIL_CHANCE_NEAR_END
        else:
            return False
        partner_bid = view.bids.get(view.seat.partner)
        if partner_bid is not None and (partner_bid.is_nil or partner_bid.tricks < 3):
            return False
        return self._blind_nil_chance(view, rng, cancel) >= needed

    def _blind_nil_chance(self, view: PlayerView, rng: random.Random,
                          cancel: threading.Event | None) -> float:
        """The share of play-outs in which this seat makes a Blind Nil: whole deals
        drawn at random — this seat's cards too, since a Blind Nil is bid unseen — with
        the bids made so far and the counted bids of the seats still to bid."""
        me = int(view.seat)
        deck = list(range(52))
        known = [view.bids.get(Seat(s)) for s in range(4)]
        made = 0
        n = 0
        leader = int(view.dealer.left)
        for _ in range(self.blind_samples):
            if cancel is not None and cancel.is_set():
                break
            rng.shuffle(deck)
            hands = [0, 0, 0, 0]
            for i, c in enumerate(deck):
                hands[i % 4] |= 1 << c
            bids = [0, 0, 0, 0]
            blind = [False, False, False, False]
            blind[me] = True
            for s in range(4):
                bid = known[s]
                if s == me:
                    continue
                if bid is not None:
                    bids[s] = bid.tricks
                    blind[s] = bid.blind
                else:
                    bids[s] = recommended_tricks(hands[s])
            won = [0, 0, 0, 0]
            playout(list(hands), [], leader, False, won, BidInfo(bids, blind), _DUCK)
            made += won[me] == 0
            n += 1
        return made / n if n else 0.0


def make_bot(**kwargs: Any) -> ExpertBot:
    """The pinned Expert, built with ``kwargs`` (its constructor's parameters)."""
    return ExpertBot(**kwargs)
