"""Bot-against-bot matches: plan, play (in worker processes), merge, report.

A match pits the ``ns`` level against the ``ew`` level over ``count`` deals: whole
games (``mode="games"``) or single hands from 0–0 (``mode="hands"``). Deal ``i`` uses
the game number :func:`game_number_for` ``(seed, i)``, so a match is reproducible
from its seed. With ``duplicate`` every deal is played a second time with the levels
exchanged (the ``ns`` level then sits East–West), and both plays count.

Every figure is reported from the *levels'* point of view: ``"ns"`` means "the level
given as ``ns``", wherever it sat. In a swapped play the ``ns`` level's points are the
East–West team's points.

Plays run in worker processes started with ``spawn`` (never ``fork``); each worker
builds its own bots; results are merged in deal order, so the report does not depend
on ``jobs`` — only the decision times do.
"""

from __future__ import annotations

import inspect
import math
import multiprocessing
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Literal

from spades_desktop.bots import BOT_FACTORIES, LEVELS, Bot, make_bot
from spades_desktop.engine import (
    DEFAULT_TARGET_SCORE,
    TARGET_CHOICES,
    NilStatus,
    Rules,
    Seat,
    Team,
    apply_action,
    mix_seed,
    new_game,
    observe,
)
from spades_desktop.engine.rules import OPTION

from .stats import percentile, ratio_mean_ci, wilson_interval

ARENA_SALT = 0x4152454E41  # "ARENA"
"""Mixed into every arena game number so arena deals differ from other seeded uses."""

SIDES: tuple[str, str] = ("ns", "ew")
"""The two sides of a match: the level given as ``ns`` and the level given as ``ew``."""

Mode = Literal["games", "hands"]


def game_number_for(seed: int, index: int) -> int:
    """The game number of deal ``index`` of a match with ``seed`` (0..2**64-1)."""
    return mix_seed(ARENA_SALT, seed, index)


@dataclass(frozen=True)
class MatchConfig:
    """What to play. Raises ``ValueError`` on an unknown level or a bad number.

    - ``ns`` / ``ew``: bot levels (keys of :data:`spades_desktop.bots.LEVELS`).
    - ``count``: the number of deals (games or hands); with ``duplicate`` each is
      played twice.
    - ``mode``: ``"games"`` (whole games to ``target``) or ``"hands"`` (one hand each,
      from 0–0, with the game-ending rules of ``target``).
    - ``bot_kwargs``: per level, keyword arguments for that level's bot constructor
      (e.g. a search budget).
    - ``baseline``: the path of a Python file defining ``make_bot(**kwargs)`` (a pinned
      copy of a bot, e.g. ``benchmarks/baseline_expert.py``); the level
      :data:`BASELINE` then plays that bot.
    - ``house_rules``: other :class:`Rules` options by name (``engine.rules.OPTIONS``),
      e.g. ``{"nil_points": 50}``.
    """

    ns: str
    ew: str
    count: int
    mode: Mode = "games"
    target: int = DEFAULT_TARGET_SCORE
    seed: int = 1
    jobs: int = 1
    duplicate: bool = False
    blind_nil: bool = False
    bot_kwargs: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    baseline: str | None = None
    house_rules: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        known = (*LEVELS, BASELINE) if self.baseline is not None else LEVELS
        for level in (self.ns, self.ew, *self.bot_kwargs):
            if level not in known:
                raise ValueError(
                    f"Unknown level {level!r}; expected one of {', '.join(known)}"
                    + ("" if self.baseline is not None else
                       f" ({BASELINE!r} needs a baseline file)") + ".")
        if self.baseline is not None:
            load_baseline(self.baseline)  # a bad file is refused at once
        if self.count < 1:
            raise ValueError("The number of games or hands must be at least 1.")
        if self.mode not in ("games", "hands"):
            raise ValueError(f"Unknown mode {self.mode!r}.")
        if self.target not in TARGET_CHOICES:
            raise ValueError(
                f"The target must be {TARGET_CHOICES[0]} to {TARGET_CHOICES[-1]} in steps "
                f"of {TARGET_CHOICES[1] - TARGET_CHOICES[0]}, not {self.target}.")
        if self.jobs < 1:
            raise ValueError("--jobs must be at least 1.")
        if not 0 <= self.seed < 2**64:
            raise ValueError("The seed must be 0 to 2**64 - 1.")
        for level, kwargs in self.bot_kwargs.items():
            if level != BASELINE:
                check_bot_kwargs(level, kwargs)
        for name in self.house_rules:
            if name in ("target_score", "blind_nil"):
                raise ValueError(f"Give {name!r} with its own setting, not as a house rule.")
        self.rules  # noqa: B018 (a bad option is refused here, by Rules)

    @property
    def rules(self) -> Rules:
        """The rules of every game: defaults, with this target (and Blind Nil if asked) and
        the house rules. Raises ``ValueError`` for an unknown option or a bad value."""
        unknown = sorted(set(self.house_rules) - set(OPTION))
        if unknown:
            raise ValueError(f"Unknown rule option: {', '.join(unknown)}.")
        return Rules(target_score=self.target, blind_nil=self.blind_nil, **self.house_rules)

    @property
    def plays(self) -> int:
        """How many games or hands the match plays in all."""
        return self.count * (2 if self.duplicate else 1)


# --- bots -------------------------------------------------------------------------------


BASELINE = "baseline"
"""The level name of the bot loaded from :attr:`MatchConfig.baseline`."""

_BASELINES: dict[str, Callable[..., Bot]] = {}


def load_baseline(path: str) -> Callable[..., Bot]:
    """The ``make_bot`` function of the Python file ``path`` (loaded once per process).

    Raises ``ValueError`` when the file cannot be loaded or has no ``make_bot``."""
    factory = _BASELINES.get(path)
    if factory is not None:
        return factory
    import importlib.util
    import sys

    name = f"spades_arena_baseline_{len(_BASELINES)}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ValueError(f"The baseline {path!r} is not a Python file.")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    except (OSError, SyntaxError, ImportError) as exc:
        del sys.modules[name]
        raise ValueError(f"The baseline {path!r} could not be loaded: {exc}") from exc
    found = getattr(module, "make_bot", None)
    if not callable(found):
        raise ValueError(f"The baseline {path!r} has no make_bot function.")
    made: Callable[..., Bot] = found
    _BASELINES[path] = made
    return made


def bot_parameters(level: str) -> tuple[str, ...]:
    """The keyword parameters that ``level``'s bot constructor accepts."""
    factory = BOT_FACTORIES[level]
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):
        return ()
    return tuple(name for name, p in sig.parameters.items()
                 if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))


def check_bot_kwargs(level: str, kwargs: Mapping[str, Any]) -> None:
    """Raise ``ValueError`` unless ``level``'s constructor takes every name in ``kwargs``."""
    accepted = bot_parameters(level)
    for name in kwargs:
        if name not in accepted:
            takes = ", ".join(accepted) if accepted else "no parameters"
            raise ValueError(f"The {level} bot does not take {name!r} (it takes {takes}).")


def create_bot(level: str, kwargs: Mapping[str, Any] | None = None) -> Bot:
    """A new bot of ``level``, built with ``kwargs`` when given (else :func:`make_bot`)."""
    if not kwargs:
        return make_bot(level)
    check_bot_kwargs(level, kwargs)
    factory: Callable[..., Bot] = BOT_FACTORIES[level]
    return factory(**kwargs)


# --- playing ------------------------------------------------------------------------------


@dataclass
class SideTally:
    """One side's figures over one play (a game or a hand)."""

    points: int = 0
    contracts: int = 0
    """Hands in which the side bid a contract (a non-Nil bid)."""
    sets: int = 0
    nil_bid: int = 0
    nil_made: int = 0
    blind_bid: int = 0
    blind_made: int = 0
    bags: int = 0


@dataclass
class PlayRecord:
    """The outcome of one play of one deal, from the levels' point of view."""

    index: int
    swapped: bool
    game_number: int
    hands: int
    winner: str | None
    """``"ns"``, ``"ew"`` (the level given as such) or ``None`` for a draw."""
    sides: dict[str, SideTally]
    times_ms: dict[str, list[float]]
    """Per level, the time of every decision (ms, measured around ``choose_action``)."""
    forced_ms: dict[str, list[float]]
    """Per level, the times of the decisions with exactly one legal action."""

    @property
    def margin(self) -> int:
        """The ``ns`` level's points minus the ``ew`` level's points over the play."""
        return self.sides["ns"].points - self.sides["ew"].points


_BOTS: dict[tuple[str, str], Bot] = {}
"""Bots of this process, one per level and constructor arguments (like the app's
BotRunner, one bot serves every seat of its level)."""


def _bot(level: str, kwargs: Mapping[str, Any], baseline: str | None = None) -> Bot:
    key = (level, repr(sorted(kwargs.items())))
    bot = _BOTS.get(key)
    if bot is None:
        if level == BASELINE and baseline is not None:
            bot = _BOTS[key] = load_baseline(baseline)(**kwargs)
        else:
            bot = _BOTS[key] = create_bot(level, kwargs)
    return bot


def play_one(config: MatchConfig, index: int, swapped: bool) -> PlayRecord:
    """Play deal ``index`` of the match (the levels exchanged when ``swapped``)."""
    rules = config.rules
    number = game_number_for(config.seed, index)
    ns_level, ew_level = (config.ew, config.ns) if swapped else (config.ns, config.ew)
    level_of_team = {Team.NS: ns_level, Team.EW: ew_level}
    side_of_team = ({Team.NS: "ew", Team.EW: "ns"} if swapped
                    else {Team.NS: "ns", Team.EW: "ew"})
    bots = {seat: _bot(level_of_team[seat.team], config.bot_kwargs.get(
        level_of_team[seat.team], {}), config.baseline) for seat in Seat}
    levels = {seat: level_of_team[seat.team] for seat in Seat}
    times: dict[str, list[float]] = {config.ns: [], config.ew: []}
    forced: dict[str, list[float]] = {config.ns: [], config.ew: []}
    sides = {side: SideTally() for side in SIDES}

    state = new_game(rules, number)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        view = observe(state, seat)
        bot = bots[seat]
        start = time.perf_counter()
        action = bot.choose_action(view, number)
        ms = (time.perf_counter() - start) * 1000.0
        times[levels[seat]].append(ms)
        if len(view.legal) == 1:
            forced[levels[seat]].append(ms)
        try:
            state = apply_action(state, action)
        except ValueError as exc:
            raise RuntimeError(
                f"The {levels[seat]} bot at {seat.name.title()} chose an illegal action "
                f"{action!r} in game {number} (deal {index}): {exc}") from exc
        if config.mode == "hands" and state.hand_records:
            break

    for record in state.hand_records:
        assert record.score is not None
        for seat in Seat:
            bid = record.bids[seat]
            assert bid is not None
            status = record.nil_status(seat)
            if status is not NilStatus.NONE:
                tally = sides[side_of_team[seat.team]]
                made = status is NilStatus.INTACT
                if bid.blind:
                    tally.blind_bid += 1
                    tally.blind_made += made
                else:
                    tally.nil_bid += 1
                    tally.nil_made += made
        for team in Team:
            score = record.score[team]
            tally = sides[side_of_team[team]]
            tally.points += score.total
            tally.bags += score.bags
            if score.made is not None:
                tally.contracts += 1
                tally.sets += score.made is False
    winner_team: Team | None
    if config.mode == "games":
        assert state.result is not None
        winner_team = state.result.winner
    else:
        first = state.hand_records[0].score
        assert first is not None
        ns_pts, ew_pts = first[Team.NS].total, first[Team.EW].total
        winner_team = None if ns_pts == ew_pts else (Team.NS if ns_pts > ew_pts else Team.EW)
    return PlayRecord(
        index=index, swapped=swapped, game_number=number, hands=len(state.hand_records),
        winner=None if winner_team is None else side_of_team[winner_team],
        sides=sides, times_ms=times, forced_ms=forced,
    )


def play_chunk(config: MatchConfig, tasks: Sequence[tuple[int, bool]]) -> list[PlayRecord]:
    """Play the given ``(index, swapped)`` tasks in this process (a worker's job)."""
    return [play_one(config, index, swapped) for index, swapped in tasks]


def plan(config: MatchConfig) -> list[tuple[int, bool]]:
    """Every ``(index, swapped)`` play of the match, in report order."""
    copies = (False, True) if config.duplicate else (False,)
    return [(i, s) for i in range(config.count) for s in copies]


def _chunks(tasks: list[tuple[int, bool]], jobs: int, mode: Mode,
            ) -> list[list[tuple[int, bool]]]:
    """The work units sent to the workers: one game each (a game is long enough to
    pay for the round trip, and the progress bar moves), or up to 32 hands — about 64
    chunks per worker — so that quick hands do not drown in messaging."""
    size = 1 if mode == "games" else max(1, min(32, math.ceil(len(tasks) / (jobs * 64))))
    return [tasks[i:i + size] for i in range(0, len(tasks), size)]


Progress = Callable[[int, int, Sequence[PlayRecord]], None]
"""``progress(done, total, new_records)``, called in the calling process."""


def play_match(config: MatchConfig, progress: Progress | None = None) -> list[PlayRecord]:
    """Play the whole match and return its records in report order (deal, then copy).

    ``jobs == 1`` plays in this process; otherwise in a pool of ``jobs`` processes
    started with ``spawn``.
    """
    tasks = plan(config)
    total = len(tasks)
    records: list[PlayRecord] = []
    if progress is not None:
        progress(0, total, [])
    if config.jobs == 1:
        for index, swapped in tasks:
            record = play_one(config, index, swapped)
            records.append(record)
            if progress is not None:
                progress(len(records), total, [record])
    else:
        ctx = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(max_workers=config.jobs, mp_context=ctx)
        try:
            pending: set[Future[list[PlayRecord]]] = {
                pool.submit(play_chunk, config, chunk)
                for chunk in _chunks(tasks, config.jobs, config.mode)}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    new = fut.result()
                    records.extend(new)
                    if progress is not None:
                        progress(len(records), total, new)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    records.sort(key=lambda r: (r.index, r.swapped))
    return records


# --- the report ---------------------------------------------------------------------------


def _rnd(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


def _timing(times: Iterable[float], forced: Iterable[float]) -> dict[str, Any]:
    values = sorted(times)
    forced_values = sorted(forced)
    if not values:
        return {"n": 0, "p50": None, "p95": None, "p99": None, "max": None,
                "forced_n": 0, "forced_p99": None, "forced_max": None}
    return {
        "n": len(values),
        "p50": round(percentile(values, 0.50), 3),
        "p95": round(percentile(values, 0.95), 3),
        "p99": round(percentile(values, 0.99), 3),
        "max": round(values[-1], 3),
        "forced_n": len(forced_values),
        "forced_p99": round(percentile(forced_values, 0.99), 3) if forced_values else None,
        "forced_max": round(forced_values[-1], 3) if forced_values else None,
    }


TIMING_KEYS = ("decision_ms", "elapsed_s")
"""Report keys that hold wall-clock measurements; everything else is fixed by the seed."""


def build_report(config: MatchConfig, records: Sequence[PlayRecord],
                 elapsed_s: float | None = None) -> dict[str, Any]:
    """The JSON-ready report of a match (see the package docstring for the keys)."""
    games = len(records)
    wins = {"ns": 0, "ew": 0, "draw": 0}
    for r in records:
        wins[r.winner or "draw"] += 1
    score = wins["ns"] + 0.5 * wins["draw"]
    low, high = wilson_interval(score, games)

    # Units for the margin interval: a play, or a duplicate pair (both copies together).
    unit_sums: dict[int, float] = {}
    unit_hands: dict[int, float] = {}
    for n, r in enumerate(records):
        key = r.index if config.duplicate else n
        unit_sums[key] = unit_sums.get(key, 0.0) + r.margin
        unit_hands[key] = unit_hands.get(key, 0.0) + r.hands
    keys = sorted(unit_sums)
    mean_margin, ci_margin = ratio_mean_ci([unit_sums[k] for k in keys],
                                           [unit_hands[k] for k in keys])
    hands = sum(r.hands for r in records)

    def side_total(side: str, attr: str) -> int:
        return sum(int(getattr(r.sides[side], attr)) for r in records)

    set_rate: dict[str, float | None] = {}
    contracts: dict[str, dict[str, int]] = {}
    nil: dict[str, dict[str, int]] = {}
    for side in SIDES:
        bid, sets = side_total(side, "contracts"), side_total(side, "sets")
        contracts[side] = {"bid": bid, "set": sets}
        set_rate[side] = _rnd(sets / bid) if bid else None
        nil[side] = {"bid": side_total(side, "nil_bid"), "made": side_total(side, "nil_made"),
                     "blind_bid": side_total(side, "blind_bid"),
                     "blind_made": side_total(side, "blind_made")}

    levels = dict.fromkeys((config.ns, config.ew))
    decision_ms = {
        level: _timing((t for r in records for t in r.times_ms.get(level, ())),
                       (t for r in records for t in r.forced_ms.get(level, ())))
        for level in levels
    }
    return {
        "levels": {"ns": config.ns, "ew": config.ew},
        "mode": config.mode,
        "duplicate": config.duplicate,
        "seed": config.seed,
        "target": config.target,
        "rules": config.rules.to_dict(),
        "bot_kwargs": {k: dict(v) for k, v in sorted(config.bot_kwargs.items())},
        "games": games,
        "hands": hands,
        "wins": wins,
        "win_rate_ns": _rnd(score / games),
        "ci95_ns": [_rnd(low), _rnd(high)],
        "mean_margin_per_hand": _rnd(mean_margin, 3),
        "ci95_margin": None if ci_margin is None else [_rnd(ci_margin[0], 3),
                                                      _rnd(ci_margin[1], 3)],
        "points_per_hand": {s: _rnd(side_total(s, "points") / hands, 3) for s in SIDES},
        "set_rate": set_rate,
        "contracts": contracts,
        "nil": nil,
        "bags_per_hand": {s: _rnd(side_total(s, "bags") / hands) for s in SIDES},
        "decision_ms": decision_ms,
        "elapsed_s": None if elapsed_s is None else round(elapsed_s, 2),
    }


def run_match(config: MatchConfig, progress: Progress | None = None) -> dict[str, Any]:
    """Play ``config`` and return its report (:func:`build_report`)."""
    start = time.perf_counter()
    records = play_match(config, progress)
    return build_report(config, records, time.perf_counter() - start)
