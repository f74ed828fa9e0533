"""The Expert computer player: card tracking, sampled deals and search (docs/rules.md §6).

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
``nil_margin``; beside a partner's Nil it needs ``double_nil_margin`` points more, after
an opponent's Nil ``opp_nil_margin`` more and after an opponent's Blind Nil
``opp_blind_nil_margin`` more (then the side bids to set that Nil instead; see
docs/strength.md, "Weaknesses", for the measurements behind these margins). Blind Nil is
decided from the score and from its chance over play-outs of random deals, without
looking at the cards.

**Close calls**: when other candidate cards' averages are within 2 standard errors of the
best one's, a fixed extra budget of ``close_samples`` deals is played for those
candidates only; and the Expert does not trump its partner's sure winner (a side card
that no one still to play can beat) when it can discard a side card, unless the estimate
clearly favours the trump.

**Determinism**: a fixed budget of deals (never of seconds) and a ``random.Random``
seeded by :func:`~.base.view_seed` (game number, hand, seat, cards played, bids): the
same view and game number give the same action in every process.

**Cancellation**: the ``cancel`` event is polled between play-outs (and every 1024
nodes of the exact solver); once set, the best action found so far is returned.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass

from spades_desktop.engine import (
    DECK_CARDS,
    Action,
    Bid,
    Card,
    Phase,
    PlayerView,
    Seat,
)
from spades_desktop.engine.core import (
    ABOVE,
    BLIND_NIL_DEFICIT,
    BLIND_NIL_POINTS,
    DECK_MASK,
    NIL_POINTS,
    SPADES_MASK,
    TRICK_POINTS,
    trick_winner_position,
)

from .base import require_turn, view_seed
from .fallback import fallback_action
from .inference import play_events, play_likelihood
from .legal_bid import SUICIDE_NIL_TRICKS, legal_plain_bids, nearest_legal_bid, suicide_first
from .sampling import (
    DealSampler,
    Knowledge,
    estimate_tricks_mask,
    is_nil_fit_mask,
    recommended_tricks,
)
from .search import Check, card_position, card_value, predicted_bids, utility
from .sim import ROLLOUT_DUCK, BidInfo, Utility, playout

__all__ = ["BLIND_NIL_CHANCE_FAR_BEHIND", "BLIND_NIL_CHANCE_NEAR_END", "EXPERT_BID_SAMPLES",
           "EXPERT_BLIND_SAMPLES", "EXPERT_ENDGAME_SAMPLES", "EXPERT_ENDGAME_TRICKS",
           "EXPERT_MIN_SAMPLES", "EXPERT_PLAY_BUDGET", "EXPERT_SALT", "EXPERT_SAMPLES",
           "ExpertBot", "ExpertStats"]

EXPERT_SALT = 3

# The Expert's budgets: counts of deals and simulated cards, never seconds,
# so that a game number replays the same game. Four times those of the pure-Python
# Expert of e6370cf (48 / 12 / 30,000 / 3 tricks / 32 / 96 / 96), which the compiled
# simulator runs within the decision-time targets: p95 67 ms, max 419 ms with --jobs 1
# against p95 ≤ 150 ms, max ≤ 600 ms (docs/strength.md, "The Expert and
# Master as shipped", S2).
EXPERT_SAMPLES = 192
"""Most deals per card decision."""
EXPERT_MIN_SAMPLES = 48
"""Fewest deals per card decision."""
EXPERT_PLAY_BUDGET = 120_000
"""Simulated card plays per card decision, shared among candidates and deals."""
EXPERT_ENDGAME_TRICKS = 4
"""With this many tricks left or fewer each deal is solved exactly."""
EXPERT_ENDGAME_SAMPLES = 64
"""Most deals solved exactly per card decision in the endgame."""
EXPERT_BID_SAMPLES = 384
"""Deals played out for a bid."""
EXPERT_BLIND_SAMPLES = 384
"""Play-outs estimating the chance of a Blind Nil."""
"""Mixed into the Expert's seeds so that its draws differ from other levels'."""

BLIND_NIL_CHANCE_FAR_BEHIND = 0.25
"""Blind Nil when 200 or more behind if play-outs make it at least this often (play-outs
of random deals make it about 24% of the time on average, 10–38% by position)."""
BLIND_NIL_CHANCE_NEAR_END = 0.3
"""Blind Nil when 100 or more behind with the opponents near the target: the chance needed."""

def _top_two(spades: int) -> int:
    """The mask of the two highest cards of the mask ``spades``."""
    top = 1 << (spades.bit_length() - 1)
    rest = spades ^ top
    return top | 1 << (rest.bit_length() - 1)


_TOP_TWO_SPADES: tuple[int, ...] = tuple(_top_two(mask & SPADES_MASK) for mask in DECK_MASK)
"""Per deck (``core.DECK_*``), the mask of its two highest spades (docs/rules.md §1, Deck)."""

CLOSE_CALL_SE = 2.0
"""Two candidates' averages are a close call when the best one leads by less than this
many standard errors of their paired difference over the same deals."""
CLOSE_CALL_MAX = 3
"""At most this many candidates (the best included) get the extra deals of a close call."""


def _paired_difference(rows: list[tuple[float, list[float]]], a: int, b: int,
                       ) -> tuple[float, float]:
    """The weighted mean of candidate ``a``'s value minus ``b``'s over the deals ``rows``
    (``(weight, values per candidate)``), and its standard error (0 for one deal)."""
    w_sum = w2_sum = 0.0
    mean = 0.0
    for w, values in rows:
        w_sum += w
        w2_sum += w * w
        mean += w * (values[a] - values[b])
    if w_sum <= 0:
        return 0.0, 0.0
    mean /= w_sum
    var = sum(w * (values[a] - values[b] - mean) ** 2 for w, values in rows) / w_sum
    n_eff = w_sum * w_sum / w2_sum
    if n_eff <= 1:
        return mean, 0.0
    return mean, (var / (n_eff - 1)) ** 0.5


def _fallback_bid(view: PlayerView) -> Bid:
    """The fallback's bid (:func:`~.fallback.fallback_action`): the advice's counted bid,
    as the play-outs predict a seat's bid."""
    bid = fallback_action(view)
    assert isinstance(bid, Bid)
    return bid


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


class ExpertBot:
    """Expert level (docs/rules.md §6): determinized search over sampled deals.

    Budget (fixed numbers of deals, so decisions replay exactly; the defaults are the
    ``EXPERT_*`` constants of this module):

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
    no better, so off); ``blind_samples`` (play-outs estimating a Blind Nil);
    ``double_nil_margin``, ``opp_nil_margin`` and ``opp_blind_nil_margin`` (points the
    Nil must gain on top of ``nil_margin`` beside a partner's Nil, after an opponent's Nil,
    after an opponent's Blind Nil).

    Close calls: ``close_samples`` extra deals (0 = none) for the candidate cards whose
    averages are within :data:`CLOSE_CALL_SE` standard errors of the best one's.

    Inference from play: ``play_inference`` in (0, 1] (1 = off) multiplies a sampled
    deal's weight once for every play of another seat in this hand that the rollout
    policy would not have made on that deal (:mod:`.inference`).

    Measured against Normal with a quarter of today's budgets, before the Nil margins
    were raised and before the simulator was compiled (2-core machine, 300 duplicate
    deals): +27 points per hand, 7% of contracts set, 93% of Nils made, 15 ms per
    decision on average (p95 50 ms). With today's budgets and the compiled simulator it
    beats that Expert (e6370cf) by +13.4 points per hand over 500 duplicate deals, at
    p95 67 ms per decision (docs/strength.md, S1 and S2). ``nil_margin`` was −10 then;
    Nils bid that way were made only 48% of the time against the Expert's own defence,
    and 50 beats −10 by +11.6 points per hand in Expert-against-Expert play, at a cost
    of about 8 points per hand against Normal (docs/strength.md, "Weaknesses").

    The instance keeps no state between decisions apart from :attr:`stats` (the last
    decision's counters); one instance may serve several seats, one decision at a
    time. Raises ``ValueError`` for a budget below 1 or a ``play_inference`` outside
    (0, 1].
    """

    name = "expert"

    def __init__(
        self,
        samples: int = EXPERT_SAMPLES,
        min_samples: int = EXPERT_MIN_SAMPLES,
        play_budget: int = EXPERT_PLAY_BUDGET,
        endgame_tricks: int = EXPERT_ENDGAME_TRICKS,
        endgame_samples: int = EXPERT_ENDGAME_SAMPLES,
        bid_samples: int = EXPERT_BID_SAMPLES,
        bag_weight: float | None = None,
        win_bonus: float = 100.0,
        use_bids: bool = True,
        nil_margin: float = 50.0,
        chain_burn_in: int = 40,
        chain_thin: int = 8,
        set_aversion: float = 0.25,
        cover_handicap: int = 1,
        nil_cover_handicap: int = 0,
        blind_samples: int = EXPERT_BLIND_SAMPLES,
        double_nil_margin: float = 40.0,
        opp_nil_margin: float = 60.0,
        opp_blind_nil_margin: float = 120.0,
        close_samples: int = 48,
        play_inference: float = 1.0,
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
        self.double_nil_margin = double_nil_margin
        self.opp_nil_margin = opp_nil_margin
        self.opp_blind_nil_margin = opp_blind_nil_margin
        self.close_samples = max(0, close_samples)
        if not 0.0 < play_inference <= 1.0:
            raise ValueError(f"The Expert's play_inference must be in (0, 1], not "
                             f"{play_inference}.")
        self.play_inference = play_inference
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
        return self.decide(view, game_number, cancel.is_set if cancel is not None else None)

    def decide(self, view: PlayerView, game_number: int, check: Check | None = None
               ) -> Action:
        """:meth:`choose_action` with the search's cancel as a callable
        (:data:`~.search.Check`, polled between play-outs; ``None``: never cancelled).
        Raises as :meth:`choose_action`."""
        view = require_turn(view)
        self.stats = ExpertStats()
        if len(view.legal) == 1:
            return view.legal[0]
        rng = random.Random(view_seed(view, game_number, EXPERT_SALT))
        if view.phase is Phase.BIDDING:
            bid = self._choose_bid(view, rng, check)
            return bid if bid in view.legal else fallback_action(view)
        return self._choose_card(view, rng, check)

    # --- evaluation -------------------------------------------------------------------

    def _utility(self, view: PlayerView, info: BidInfo) -> Utility:
        return utility(view, info, win_bonus=self.win_bonus, fixed_bag_weight=self.bag_weight)

    def _sampler(self, know: Knowledge, rng: random.Random) -> DealSampler:
        return DealSampler(know, rng, use_bids=self.use_bids, burn_in=self.chain_burn_in,
                           thin=self.chain_thin)

    # --- card play --------------------------------------------------------------------

    def _choose_card(self, view: PlayerView, rng: random.Random,
                     check: Check | None) -> Card:
        position = card_position(view)
        know = position.know
        candidates = position.candidates
        value_of = self._utility(view, position.info)
        self.stats.candidates = len(candidates)

        if len(candidates) == 1:
            return Card.from_index(candidates[0])

        tricks_left = know.hand.bit_count()
        exact = tricks_left <= self.endgame_tricks
        try:
            sampler = self._sampler(know, rng)
        except ValueError:  # no deal fits what was inferred: never expected, play safe
            return self._fallback_card(view)
        if exact:
            n_deals = max(1, min(self.endgame_samples,
                                 self.samples * 4 // max(1, len(candidates))))
        else:
            to_play = (know.hidden | know.hand).bit_count()
            n_deals = self.play_budget // (len(candidates) * max(1, to_play))
            n_deals = max(self.min_samples, min(self.samples, n_deals))
        deals: list[tuple[tuple[int, int, int, int], float]]
        if sampler.count() <= n_deals:
            deals = [(d, w) for d, w in sampler.enumerate() if w > 0]
        else:
            deals = []
        self.stats.exact = exact
        events = play_events(view) if self.play_inference < 1.0 else ()

        def weigh(deal: tuple[int, int, int, int]) -> float:
            """The deal's weight from the other seats' plays (:mod:`.inference`)."""
            if not events:
                return 1.0
            return play_likelihood(events, deal, position.info, self.play_inference)

        totals = [0.0] * len(candidates)
        weight_sum = 0.0
        cancelled = False

        def evaluate(deal: tuple[int, int, int, int], card: int) -> float | None:
            """The value of playing ``card`` on ``deal``; ``None`` once cancelled."""
            if not exact:
                self.stats.playouts += 1
            return card_value(position, deal, card, exact, value_of, check)

        rows: list[tuple[float, list[float]]] = []
        i = 0
        while True:
            if deals:
                if i >= len(deals):
                    break
                deal, weight = deals[i]
                weight *= weigh(deal)
            else:
                if i >= n_deals:
                    break
                deal = sampler.sample()
                weight = weigh(deal)
            i += 1
            values: list[float] = []
            for card in candidates:
                if check is not None and check():
                    cancelled = True
                    break
                v = evaluate(deal, card)
                if v is None:
                    cancelled = True
                    break
                values.append(v)
            if cancelled:
                break
            for j, v in enumerate(values):
                totals[j] += weight * v
            weight_sum += weight
            rows.append((weight, values))
            self.stats.deals += 1
        self.stats.cancelled = cancelled
        if weight_sum <= 0:
            return self._fallback_card(view)
        means = [t / weight_sum for t in totals]
        if not cancelled and not deals:
            means = self._close_call_extra_samples(means, rows, candidates, sampler, evaluate,
                                                   check, weigh)
        best = max(range(len(candidates)), key=lambda j: (means[j], -j))
        best = self._spare_partners_winner(best, means, rows, candidates, know, position.trick,
                                           position.leader)
        self.stats.values = tuple(
            (str(Card.from_index(c)), means[j]) for j, c in enumerate(candidates))
        return Card.from_index(candidates[best])

    # --- close calls ----------------------------------------------------------------------

    def _close_call_extra_samples(
        self, means: list[float], rows: list[tuple[float, list[float]]], candidates: list[int],
        sampler: DealSampler, evaluate: Callable[[tuple[int, int, int, int], int], float | None],
        check: Callable[[], bool] | None,
        weigh: Callable[[tuple[int, int, int, int]], float] | None = None,
    ) -> list[float]:
        """Sharpen a close call: when other candidates' averages are within
        :data:`CLOSE_CALL_SE` standard errors of the best one's (paired differences over
        the same deals), draw ``close_samples`` more deals and play them for those
        candidates only (at most :data:`CLOSE_CALL_MAX` of them). Returns the averages,
        those candidates' over all their deals.

        The extra budget is a fixed number of deals drawn from the same seeded sampler,
        never a time: the same view and game number give the same card. ``weigh`` gives
        each deal's weight (``None``: 1, the weight of every deal of ``rows`` then).
        """
        if self.close_samples <= 0 or len(candidates) < 2 or len(rows) < 2:
            return means
        best = max(range(len(candidates)), key=lambda j: (means[j], -j))
        close = [best]
        for j in sorted(range(len(candidates)), key=lambda j: (-means[j], j)):
            if j == best or len(close) >= CLOSE_CALL_MAX:
                continue
            diff, se = _paired_difference(rows, best, j)
            if diff < CLOSE_CALL_SE * se or diff <= 0:
                close.append(j)
        if len(close) < 2:
            return means
        n = sum(w for w, _ in rows) if weigh is not None else float(len(rows))
        totals = {j: means[j] * n for j in close}
        for _ in range(self.close_samples):
            deal = sampler.sample()
            weight = 1.0 if weigh is None else weigh(deal)
            values: list[float] = []
            for j in close:
                if check is not None and check():
                    break
                v = evaluate(deal, candidates[j])
                if v is None:
                    break
                values.append(v)
            if len(values) < len(close):
                break
            for j, v in zip(close, values, strict=True):
                totals[j] += weight * v
            n += weight
            self.stats.deals += 1
        out = list(means)
        for j in close:
            out[j] = totals[j] / n
        return out

    @staticmethod
    def _spare_partners_winner(
        best: int, means: list[float], rows: list[tuple[float, list[float]]],
        candidates: list[int], know: Knowledge, trick: list[int], leader: int,
    ) -> int:
        """A rule guard: do not trump the partner's sure winner (a side card winning the
        trick that no one still to play can beat) when a side card can be discarded, unless
        the estimate clearly favours the trump (by :data:`CLOSE_CALL_SE` standard errors).
        Returns the index of the candidate to play."""
        card = candidates[best]
        n = len(trick)
        if card < 39 or not n or trick[0] >= 39:
            return best
        win_pos = trick_winner_position(trick)
        partner = know.seat ^ 2
        if (leader + win_pos) & 3 != partner or trick[win_pos] >= 39:
            return best
        if know.bids[partner] == 0:
            return best  # a Nil partner winning is no winner of ours
        win_card = trick[win_pos]
        higher = know.hidden & ABOVE[win_card]
        if n < 3:
            last = (know.seat + 1) & 3  # the opponent still to play
            if higher or not know.voids[last] >> 3 & 1:
                return best  # it might beat the partner's card
        discards = [j for j, c in enumerate(candidates) if c < 39]
        if not discards:
            return best
        alt = max(discards, key=lambda j: (means[j], -j))
        diff, se = _paired_difference(rows, best, alt)
        if diff > CLOSE_CALL_SE * se and diff > 0:
            return best
        return alt

    @staticmethod
    def _fallback_card(view: PlayerView) -> Card:
        """The fallback's card (:func:`~.fallback.fallback_action`, the rollout policy's),
        when no deal was evaluated (cancelled at once, or no deal fits)."""
        card = fallback_action(view)
        assert isinstance(card, Card)
        return card

    # --- bidding ----------------------------------------------------------------------

    def _choose_bid(self, view: PlayerView, rng: random.Random,
                    check: Check | None) -> Bid:
        if view.blind_nil_allowed and self._want_blind_nil(view, rng, check):
            return Bid(0, blind=True)
        know = Knowledge.from_view(view)
        me = know.seat
        partner = me ^ 2
        my_count = recommended_tricks(know.hand, know.deck)
        partner_bid = know.bids[partner]
        partner_nil = partner_bid == 0
        opp_nil = any(know.bids[s] == 0 for s in (me ^ 1, me ^ 3))
        opp_blind = any(know.blind[s] for s in (me ^ 1, me ^ 3))
        consider_nil = self._nil_plausible(know.hand, know.deck)
        candidates = list(range(1, 14))
        if not view.rules.free_bidding:
            # A bidding house rule closes some bids: only the legal ones are evaluated.
            # Under Suicide the first partner goes Nil with a weak hand, else bids 4+.
            legal = legal_plain_bids(view)
            first = suicide_first(view)
            if first and my_count < SUICIDE_NIL_TRICKS:
                return Bid(0)
            candidates = [b.tricks for b in legal if b.tricks > 0]
            consider_nil = consider_nil and not first and Bid(0) in legal
            if not candidates:
                return nearest_legal_bid(view, Bid(0), my_count)
        try:
            sampler = self._sampler(know, rng)
        except ValueError:  # never expected while bidding: no voids are known yet
            return _fallback_bid(view)
        leader = int(view.leader)  # the first trick's, while bidding
        totals = [0.0] * 14
        nil_total = 0.0
        n = 0
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
                bids = predicted_bids(know, deal, level, view.rules.bid_terms)
                hands = list(deal)
                won = [0, 0, 0, 0]
                playout(hands, [], leader, False, won, BidInfo(bids, blind), ROLLOUT_DUCK)
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
                        v -= aversion * TRICK_POINTS * (b + partner_bid_now)
                    totals[b] += v
            if consider_nil:
                nil_bids = predicted_bids(know, deal, 0, view.rules.bid_terms)
                hands = list(deal)
                won = [0, 0, 0, 0]
                nil_info = BidInfo(nil_bids, blind)
                playout(hands, [], leader, False, won, nil_info, ROLLOUT_DUCK)
                if n % 2 < self.nil_cover_handicap:
                    self._handicap_cover(won, partner)
                v = utility_for(nil_bids).value(won)
                pb = nil_bids[partner]
                if pb > 0 and won[partner] < pb:
                    v -= aversion * TRICK_POINTS * pb
                nil_total += v
            n += 1
        if n == 0:  # cancelled before the first play-out
            return _fallback_bid(view)
        best = max(candidates, key=lambda b: (totals[b], -abs(b - my_count)))
        best_value = totals[best] / n
        self.stats.deals = n
        values = [(str(b), totals[b] / n) for b in candidates]
        if consider_nil:
            nil_value = nil_total / n
            values.append(("nil", nil_value))
            margin = self.nil_margin
            if partner_nil:
                margin += self.double_nil_margin
            if opp_blind:
                margin += self.opp_blind_nil_margin
            elif opp_nil:
                margin += self.opp_nil_margin
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
    def _nil_plausible(hand: int, deck: int) -> bool:
        """A quick screen before simulating Nil: neither of the two highest spades of
        ``deck`` (A♠ and K♠ in the standard deck, the jokers in a joker deck: docs/rules.md
        §1, Deck), at most 4 spades, and a counted value under 3.5 tricks."""
        spades = hand & SPADES_MASK
        if spades & _TOP_TWO_SPADES[deck]:
            return False
        if spades.bit_count() > 4:
            return False
        return estimate_tricks_mask(hand, deck) < 3.5 or is_nil_fit_mask(hand, deck)

    def _want_blind_nil(self, view: PlayerView, rng: random.Random,
                        check: Check | None) -> bool:
        """Blind Nil from the score and the estimated risk, without looking at the cards
        (docs/rules.md §2). Only when the team is far behind — by a Blind Nil's points
        (200) or more, or by the deficit that allows Blind Nil (100) with the opponents
        within a Nil's points (100) of the target — never beside a partner's Nil and,
        if the partner has bid, only beside a bid of 3 or more. Then the chance of
        making it (:meth:`_blind_nil_chance`) must reach
        :data:`BLIND_NIL_CHANCE_FAR_BEHIND` or :data:`BLIND_NIL_CHANCE_NEAR_END`."""
        team = view.seat.team
        ours = view.scores[team]
        theirs = view.scores[team.other]
        deficit = theirs - ours
        target = view.rules.target_score
        if deficit >= BLIND_NIL_POINTS:
            needed = BLIND_NIL_CHANCE_FAR_BEHIND
        elif deficit >= BLIND_NIL_DEFICIT and theirs >= target - NIL_POINTS:
            needed = BLIND_NIL_CHANCE_NEAR_END
        else:
            return False
        partner_bid = view.bids.get(view.seat.partner)
        if partner_bid is not None and (partner_bid.is_nil or partner_bid.tricks < 3):
            return False
        return self._blind_nil_chance(view, rng, check) >= needed

    def _blind_nil_chance(self, view: PlayerView, rng: random.Random,
                          check: Check | None) -> float:
        """The share of play-outs in which this seat makes a Blind Nil: whole deals
        drawn at random — this seat's cards too, since a Blind Nil is bid unseen — with
        the bids made so far and the counted bids of the seats still to bid."""
        me = int(view.seat)
        deck_number = view.rules.deck_number
        deck = [card.index for card in DECK_CARDS[deck_number]]
        known = [view.bids.get(Seat(s)) for s in range(4)]
        made = 0
        n = 0
        leader = int(view.leader)  # the first trick's, while bidding
        for _ in range(self.blind_samples):
            if check is not None and check():
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
                    bids[s] = recommended_tricks(hands[s], deck_number)
            won = [0, 0, 0, 0]
            playout(list(hands), [], leader, False, won, BidInfo(bids, blind), ROLLOUT_DUCK)
            made += won[me] == 0
            n += 1
        return made / n if n else 0.0
