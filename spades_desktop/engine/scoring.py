"""Hand scoring and the end of the game (docs/rules.md §4, §5). Pure functions.

The rules themselves are :func:`.core.score_team` and :func:`.core.game_over`; this
module checks input and builds the public :class:`HandScore` and :class:`GameResult`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from . import checks, core
from .cards import Seat, Team
from .core import BAG_LIMIT as BAG_LIMIT
from .core import BAG_PENALTY_POINTS as BAG_PENALTY_POINTS
from .core import BLIND_NIL_POINTS as BLIND_NIL_POINTS
from .core import NIL_POINTS as NIL_POINTS
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: ``Bid(n)`` for n = 1..13 tricks, ``Bid(0)`` for Nil, ``Bid(0, blind=True)``
    for Blind Nil (docs/rules.md §2). "No bid yet" is never a ``Bid``; it is ``None`` or absent.

    Raises ``ValueError`` for a number outside 0..13 or a blind bid other than Nil.
    """

    tricks: int
    blind: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise ValueError("A bid must be a whole number of tricks.")
        if not 0 <= self.tricks <= 13:
            raise ValueError(f"A bid must be 0 (Nil) to 13, not {self.tricks}.")
        if self.blind and self.tricks != 0:
            raise ValueError("Only Nil can be bid blind.")

    @property
    def is_nil(self) -> bool:
        """True for Nil and Blind Nil."""
        return self.tricks == 0

    def __str__(self) -> str:
        if self.blind:
            return "Blind Nil"
        return "Nil" if self.tricks == 0 else str(self.tricks)


@dataclass(frozen=True, slots=True)
class HandScore:
    """One team's score-sheet rows for one hand (docs/rules.md §4), in points except ``bags_after``.

    - ``contract``: +10 × contract when made, −10 × contract when set, 0 for a contract of 0.
    - ``bags``: +1 per bag taken this hand (overtricks and a failed Nil's tricks).
    - ``nil``: the sum of the team's Nil results (±100, Blind Nil ±200).
    - ``bag_penalty``: −100 for each time the bag count reached 10 (0 when the setting is off).
    - ``total``: the sum of the four rows above.
    - ``bags_after``: the team's bag count after this hand (what is left after penalties).
    """

    contract: int
    bags: int
    nil: int
    bag_penalty: int
    total: int
    bags_after: int
    made: bool | None = None
    """True if the contract was made, False if set, None when the team bid no contract."""

    @property
    def ten_for_200(self) -> bool:
        """Whether the contract row is the 200 of a made contract of 10 or more under
        ``Rules.ten_for_200`` (docs/rules.md §4); no other contract scores that much."""
        return self.made is True and self.contract == core.TEN_FOR_200_POINTS


class TeamScores(Mapping[Team, "HandScore"]):
    """A read-only, hashable mapping Team → HandScore: one hand of the score sheet."""

    __slots__ = ("_ns", "_ew")

    def __init__(self, ns: HandScore, ew: HandScore) -> None:
        self._ns = ns
        self._ew = ew

    def __getitem__(self, team: Team) -> HandScore:
        if team == Team.NS:
            return self._ns
        if team == Team.EW:
            return self._ew
        raise KeyError(team)

    def __iter__(self) -> Iterator[Team]:
        return iter((Team.NS, Team.EW))

    def __len__(self) -> int:
        return 2

    def __hash__(self) -> int:
        return hash((self._ns, self._ew))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"TeamScores(ns={self._ns!r}, ew={self._ew!r})"


def score_hand(
    rules: Rules,
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int],
    bags_before: Mapping[Team, int],
) -> TeamScores:
    """Score one finished hand for both teams (docs/rules.md §4).

    Returns a read-only mapping Team → :class:`HandScore`.
    ``bids`` and ``tricks`` have one entry per seat (tricks summing to 13 in play,
    though any counts of 0..13 are scored); ``bags_before`` is each team's
    running bag count. Raises ``ValueError`` if a seat's bid or trick count is missing
    (absent or ``None``), a bid is not a :class:`Bid`, a trick count is not 0..13 or a
    bag count not 0..:data:`~.checks.COUNT_LIMIT`; ``TypeError`` for ``rules`` that are
    not :class:`Rules` or ``bids``, ``tricks`` or ``bags_before`` that are not mappings.

    A team's contract is the sum of its non-Nil bids and is judged on the tricks of
    its non-Nil bidders only. A failed Nil's tricks never help the partner's contract,
    but each is one bag, also when the partner is set (docs/rules.md §4, ruling [000]).

    >>> r = score_hand(Rules(), {Seat.SOUTH: Bid(5), Seat.NORTH: Bid(0),
    ...     Seat.WEST: Bid(3), Seat.EAST: Bid(3)},
    ...     {Seat.SOUTH: 4, Seat.NORTH: 2, Seat.WEST: 4, Seat.EAST: 3},
    ...     {Team.NS: 0, Team.EW: 0})
    >>> r[Team.NS].total, r[Team.NS].bags_after
    (-148, 2)
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"Expected Rules, not {type(rules).__name__}.")
    for name, value in (("bids", bids), ("tricks", tricks), ("bags_before", bags_before)):
        if not isinstance(value, Mapping):
            raise TypeError(f"{name} must be a mapping, not {type(value).__name__}.")
    for team in Team:
        for seat in team.seats:
            if bids.get(seat) is None or tricks.get(seat) is None:
                raise ValueError(f"Missing bid or trick count for {seat.name.title()}.")
            if not isinstance(bids[seat], Bid):
                raise ValueError(f"The bid for {seat.name.title()} is not a bid.")
            won = tricks[seat]
            if isinstance(won, bool) or not isinstance(won, int):
                raise ValueError(f"The trick count for {seat.name.title()} must be a "
                                 "whole number.")
            if won < 0:
                raise ValueError("A trick count cannot be negative.")
            if won > 13:
                raise ValueError("A hand has 13 tricks: no seat wins more.")
        before = bags_before.get(team)
        if (isinstance(before, bool) or not isinstance(before, int)
                or not 0 <= before <= checks.COUNT_LIMIT):
            raise ValueError(f"The bag count before the hand for {team.name} must be a "
                             f"whole number from 0 to {checks.COUNT_LIMIT}.")
    return TeamScores(
        score_team(rules.score_terms, bids[Seat.SOUTH], bids[Seat.NORTH],
                   tricks[Seat.SOUTH], tricks[Seat.NORTH], bags_before[Team.NS]),
        score_team(rules.score_terms, bids[Seat.WEST], bids[Seat.EAST],
                   tricks[Seat.WEST], tricks[Seat.EAST], bags_before[Team.EW]),
    )


def score_team(terms: tuple[int, int, int, bool, bool], bid_a: Bid, bid_b: Bid, won_a: int,
               won_b: int, bags_before: int) -> HandScore:
    """One team's score-sheet rows for a finished hand (docs/rules.md §4): the scoring options
    (``Rules.score_terms``), the partners' bids and tricks won (non-negative, not checked
    here) and the team's bag count before the hand. The engine's scoring path
    (:func:`.core.score_team` as a :class:`HandScore`); :func:`score_hand` checks its input
    and calls this."""
    contract, bags, nil, penalty, total, bags_after, made = core.score_team(
        bid_a.tricks, bid_a.blind, bid_b.tricks, bid_b.blind, won_a, won_b, bags_before,
        *terms)
    return HandScore(contract, bags, nil, penalty, total, bags_after, MADE_FLAGS[made])


class NilStatus(enum.Enum):
    """Where a seat's bid stands as a Nil (docs/rules.md §2, §4)."""

    NONE = "none"
    """Not a Nil bid, or no bid yet."""
    INTACT = "intact"
    """Nil or Blind Nil, no trick taken so far (at the end of the hand: made)."""
    FAILED = "failed"
    """Nil or Blind Nil, and the seat has taken a trick."""


def nil_status(bid: Bid | None, tricks_won: int) -> NilStatus:
    """The :class:`NilStatus` of a seat that bid ``bid`` (``None``: not yet) and has won
    ``tricks_won`` tricks in the hand: a Nil fails with its first trick (docs/rules.md §4)."""
    if bid is None or not bid.is_nil:
        return NilStatus.NONE
    return NilStatus.INTACT if tricks_won == 0 else NilStatus.FAILED


def team_contract(bids: tuple[Bid | None, Bid | None], won: tuple[int, int], rules: Rules
                  ) -> tuple[int, int]:
    """``(contract, contract_tricks)`` of a team from its two partners' bids (``None``: not
    yet bid, counted as 0) and tricks won so far under ``rules``: the sum of the non-Nil
    bids, and the tricks that count toward it (:func:`.core.contract_of`,
    :func:`.core.contract_tricks_of`; docs/rules.md §4). A contract of 0: the team has none
    (yet)."""
    a = 0 if bids[0] is None else bids[0].tricks
    b = 0 if bids[1] is None else bids[1].tricks
    return (core.contract_of(a, b),
            core.contract_tricks_of(a, b, won[0], won[1], rules.failed_nil_counts))


def running_totals(history: Sequence[Mapping[Team, HandScore]]) -> tuple[tuple[int, int], ...]:
    """The scores (NS, EW) after each hand of ``history`` (each hand's score-sheet rows,
    in order): the sum of the hand totals so far (docs/rules.md §4). Empty for no hand."""
    ns = ew = 0
    totals: list[tuple[int, int]] = []
    for sheet in history:
        ns += sheet[Team.NS].total
        ew += sheet[Team.EW].total
        totals.append((ns, ew))
    return tuple(totals)


def scores_and_bags(history: Sequence[Mapping[Team, HandScore]]
                    ) -> tuple[tuple[int, int], tuple[int, int]]:
    """``((score NS, score EW), (bags NS, bags EW))`` after the hands of ``history``: the
    running totals and each team's bag count after its last hand ((0, 0) before the first
    hand; docs/rules.md §4)."""
    if not history:
        return (0, 0), (0, 0)
    last = history[-1]
    return running_totals(history)[-1], (last[Team.NS].bags_after, last[Team.EW].bags_after)


MADE_FLAGS: dict[int, bool | None] = {core.MADE: True, core.SET: False, core.NO_CONTRACT: None}
""":func:`.core.score_team`'s ``made`` code → :attr:`HandScore.made`."""


class EndReason(enum.Enum):
    """Why a game ended (docs/rules.md §5)."""

    TARGET = "target"
    FLOOR = "floor"
    HAND_LIMIT = "hand_limit"
    THIRTEEN = "thirteen"
    """A team bid 13 and took all 13 tricks (``Rules.thirteen_wins``)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: ``winner`` is a Team, or ``None`` for a draw (docs/rules.md §5)."""

    winner: Team | None
    scores: tuple[int, int]
    """Final scores, indexed by Team (NS, EW)."""
    hands_played: int
    reason: EndReason


def decide_game(rules: Rules, scores: Mapping[Team, int], hands_played: int,
                thirteen: Team | None = None) -> GameResult | None:
    """Decide after a hand whether the game is over (docs/rules.md §5).

    ``thirteen`` is the team that bid 13 and took all 13 tricks in this hand under
    ``rules.thirteen_wins`` (:func:`thirteen_winner`), which wins at once. Otherwise the
    game ends when a team reaches the target or (floor on) is at or below the
    floor; the higher score wins; equal scores then mean one more hand. After
    ``rules.max_hands`` hands the game ends anyway, and equal scores are a draw.
    Returns ``None`` when another hand is to be played. Raises ``TypeError`` for
    ``rules`` that are not :class:`Rules`, ``scores`` that are not a mapping of each
    Team to a whole number or ``hands_played`` not an ``int``; ``ValueError`` for a
    score beyond ±:data:`~.checks.COUNT_LIMIT` or hands outside 0..COUNT_LIMIT.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"Expected Rules, not {type(rules).__name__}.")
    if not isinstance(scores, Mapping) or Team.NS not in scores or Team.EW not in scores:
        raise TypeError("The scores must map each Team to its score.")
    ns, ew = checks.team_scores((scores[Team.NS], scores[Team.EW]))
    checks.whole_number(hands_played, "number of hands played", 0, checks.COUNT_LIMIT)
    if thirteen is not None and not isinstance(thirteen, Team):
        raise TypeError("The team winning by 13 tricks must be a Team or None.")
    return game_result(rules, ns, ew, hands_played,
                       core.NO_TEAM if thirteen is None else int(thirteen))


def thirteen_winner(rules: Rules, contracts: tuple[int, int],
                    team_tricks: tuple[int, int]) -> Team | None:
    """The team (if any) that wins the game at once in a finished hand under
    ``rules.thirteen_wins``: its contract (``contracts``, NS and EW) is 13 and it took all
    13 tricks (``team_tricks``, NS and EW) (:func:`.core.thirteen_win`, docs/rules.md §5)."""
    for team in Team:
        if core.thirteen_win(rules.thirteen_wins, contracts[team], team_tricks[team]):
            return team
    return None


def game_result(rules: Rules, ns: int, ew: int, hands_played: int,
                thirteen: int) -> GameResult | None:
    """:func:`decide_game` on the two scores (NS, EW) as plain numbers and the team number
    winning by 13 tricks (``core.NO_TEAM`` for none) (:func:`.core.game_over` as a
    :class:`GameResult`)."""
    reason, winner = core.game_over(rules.target_score, rules.floor_score, rules.max_hands,
                                    ns, ew, hands_played, thirteen)
    if not reason:
        return None
    return GameResult(winner=_WINNERS[winner], scores=(ns, ew), hands_played=hands_played,
                      reason=_REASONS[reason])


_WINNERS: dict[int, Team | None] = {core.WIN_NS: Team.NS, core.WIN_EW: Team.EW,
                                    core.DRAW: None}
""":func:`.core.game_over`'s winner code → :attr:`GameResult.winner`."""
_REASONS: dict[int, EndReason] = {core.END_TARGET: EndReason.TARGET,
                                  core.END_FLOOR: EndReason.FLOOR,
                                  core.END_HAND_LIMIT: EndReason.HAND_LIMIT,
                                  core.END_THIRTEEN: EndReason.THIRTEEN}
""":func:`.core.game_over`'s reason code → :class:`EndReason`."""
