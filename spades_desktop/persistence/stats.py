"""Local statistics per difficulty and in total, stored in ``statistics.json`` (docs/rules.md §7).

Per difficulty (:class:`DifficultyStats`) and in total (:meth:`Stats.total`):

- games: played, won, lost, drawn and abandoned (``played`` counts every game that
  ended, abandoned ones too, so ``won + lost + drawn + abandoned == played``); the
  win rate is ``won / played``;
- ranking points: a won game earns the level's
  :data:`spades_desktop.levels.RANKING_POINTS` (Easy +10, Normal +30, Expert +100,
  Master +200);
- the current and the best winning streak: a won game adds one, a lost, drawn or
  abandoned game ends the streak (the total's streak runs across all levels, in the
  order the games ended);
- the best winning margin (human team's final score − the other team's, finished
  games only);
- hints used (a count per game handed in by the caller);
- per hand, for the human's team **North–South** (the human plays South with partner
  North, docs/rules.md §1; both seats count, so a Nil bid by North is one of "your team's"
  Nil bids): hands played, the hand points (the team's hand totals, docs/rules.md §4), bags,
  contracts made and set, Nil and Blind Nil bid and made. These come from the
  engine's :class:`~spades_desktop.engine.HandRecord` of each finished hand
  (:meth:`GameFigures.from_records`); an abandoned game's finished hands count too.

**Games per preset** (docs/rules.md §7, House rules): every game counted outside practice
is also counted, played and won, under the house-rules preset its rules match
(``engine.preset_of``: ``standard``, ``suicide``, …, or ``custom``) in
:attr:`Stats.presets`; the levels' figures are unchanged by it. A file without them has
none.

**Practice games** (docs/rules.md §7), those in which Undo was used, are counted apart:
all of them together in :attr:`Stats.practice` (the same figures, its own streaks), never
in a level's figures, the total or the overall streaks, and they earn no ranking points
(:func:`game_ranking_points`). A file without them (an older version's) has none.

A game is counted once and only once: the file also remembers the ids of the last
:data:`COUNTED_GAMES_KEPT` games counted, and a result given again with the id of a
game already counted changes nothing (:func:`count_result`, :func:`count_abandoned`).
The end of a game writes its result here before the autosave is deleted
(docs/architecture.md, Persistence).

The levels are those of :data:`spades_desktop.levels.LEVELS`; :class:`Stats` keeps one
:class:`DifficultyStats` per level in :attr:`Stats.levels`.

File format 3 (:data:`STATS_FORMAT`): format 2 with the Master level. Its shape is
format 2's, but a version that reads format 2 rejects a level it does not know, so
the number changed: such a version now keeps a format-3 file aside as "newer" instead
of calling it corrupt. A format-2 file is read as it is (it has no Master entry, which
counts as zeros). A format-1 file (written before format 2) is read and migrated: its
played, won, drawn, ranking points and best margin carry over; everything else starts
at 0 (abandoned games, streaks, hints and every per-hand figure), so the per-hand
averages (points and bags per hand) cover only the games counted since (``hands``
counts their hands), and the streaks start with the first game counted since. A file
of a newer format is kept aside unchanged (:func:`load_stats`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from spades_desktop.engine import HandRecord, NilStatus, Team
from spades_desktop.levels import RANKING_POINTS
from spades_desktop.persistence.atomic import (
    CorruptFileError,
    NewerFormatError,
    read_json,
    set_aside,
    write_json_atomic,
)
from spades_desktop.persistence.notices import Notice, NoticeCode
from spades_desktop.persistence.paths import DataPaths
from spades_desktop.persistence.settings import DIFFICULTIES
from spades_desktop.persistence.values import is_whole_number

__all__ = [
    "COUNTED_GAMES_KEPT",
    "RANKING_POINTS",
    "STATS_FORMAT",
    "STATS_KIND",
    "STATS_RESET_MESSAGE",
    "STATS_RESET_NOTICE",
    "Counted",
    "DifficultyStats",
    "GameFigures",
    "PresetGames",
    "Stats",
    "count_abandoned",
    "count_result",
    "game_ranking_points",
    "is_game_id",
    "load_stats",
    "record_result",
    "reset_stats",
    "save_stats",
]

STATS_KIND = "spades-desktop-statistics"
STATS_FORMAT = 3
STATS_RESET_NOTICE = Notice(NoticeCode.STATS_SET_ASIDE)
"""What :func:`load_stats` reports when the statistics file is unreadable."""
STATS_RESET_MESSAGE = STATS_RESET_NOTICE.message
"""The English sentence of :data:`STATS_RESET_NOTICE` (for logs and tests)."""

COUNTED_GAMES_KEPT = 50
"""How many ids of counted games the statistics file remembers (the newest)."""

_FORMAT_1_KEYS = frozenset({"played", "won", "drawn", "points", "best_margin"})
"""The per-difficulty keys of a format-1 file (migrated by :func:`load_stats`)."""

HUMAN_TEAM = Team.NS
"""The human's team: South (the human) and North (the partner), docs/rules.md §1."""

_GAME_ID = re.compile(r"[0-9A-Za-z_-]{1,80}")
_PRESET_KEY = re.compile(r"[a-z][a-z0-9_-]{0,39}")
"""A preset's key in the file: ``engine.PRESETS``' names (``joker-joker-deuce-deuce``
has hyphens) and ``custom``, and any such name a newer version's presets may add (kept
as it is)."""


def is_game_id(value: object) -> bool:
    """True when ``value`` is a game id: text of 1 to 80 letters, digits, ``_`` or ``-``.

    >>> is_game_id("3f2a9c"), is_game_id(""), is_game_id("a b"), is_game_id(7)
    (True, False, False, False)
    """
    return isinstance(value, str) and _GAME_ID.fullmatch(value) is not None


# RANKING_POINTS (ranking points for a won game per difficulty, docs/rules.md §7) comes from
# spades_desktop.levels, the home of the difficulty levels; it is re-exported here.


def game_ranking_points(difficulty: str, won: bool, practice: bool = False) -> int:
    """The ranking points one finished game earns (docs/rules.md §7): the level's
    :data:`RANKING_POINTS` for a won game, none for a lost or drawn one, and none for a
    practice game (one in which Undo was used), won or not.

    >>> game_ranking_points("expert", True), game_ranking_points("expert", False)
    (100, 0)
    >>> game_ranking_points("expert", True, practice=True)
    0

    Raises:
        ValueError: an unknown difficulty.
    """
    _check_level(difficulty)
    return RANKING_POINTS[difficulty] if won and not practice else 0


MAX_COUNT = 10**9
"""The largest count a statistics file may hold (games, hands, bids, bags, hints,
ranking points, the margin of a game): a billion is more than a lifetime of play, and
keeps every average an exact float. A file beyond it is damaged and set aside."""

MAX_HAND_POINTS = 1000
"""The largest size of one hand's total for a team, in points: above what any hand can
score under every rule the game offers (docs/rules.md §4: at most 13 tricks at
10 points, two Blind Nils at 200, three bag penalties), so ``|hand_points|`` may not
exceed ``MAX_HAND_POINTS * hands``."""


def _check_count(name: str, value: object, low: int = 0) -> None:
    """``value`` must be a whole number in ``low … MAX_COUNT``; ValueError otherwise."""
    if not is_whole_number(value) or not low <= value <= MAX_COUNT:  # type: ignore[operator]
        raise ValueError(
            f"{name} must be a whole number from {low} to {MAX_COUNT}, not {value!r}.")


@dataclass(frozen=True)
class GameFigures:
    """The per-hand figures of one game for the human's team, North–South.

    Fields (counts of hands or bids, except ``hand_points``):
        hands: finished hands.
        hand_points: the sum of the team's hand totals (docs/rules.md §4), in points; may be
            negative.
        bags: bags taken (the ``bags`` row of the score sheet, docs/rules.md §4).
        contracts_made, contracts_set: hands whose team contract was made / set (a hand
            where both partners bid Nil has no contract and counts in neither).
        nil_bid, nil_made: Nil bids by South or North, and those that won no trick.
        blind_nil_bid, blind_nil_made: the same for Blind Nil.

    Raises:
        ValueError: a count is not a whole number from 0 to :data:`MAX_COUNT`
            (``hand_points``: not a whole number within ±:data:`MAX_HAND_POINTS` per
            hand), or the counts contradict each other (more made than bid, …).
    """

    hands: int = 0
    hand_points: int = 0
    bags: int = 0
    contracts_made: int = 0
    contracts_set: int = 0
    nil_bid: int = 0
    nil_made: int = 0
    blind_nil_bid: int = 0
    blind_nil_made: int = 0

    def __post_init__(self) -> None:
        _check_figures(self)

    @classmethod
    def from_records(cls, records: Iterable[HandRecord]) -> GameFigures:
        """Add up the finished hands among ``records`` (``record.score`` set; hands in
        progress are skipped), from the record's fields only: the team's score rows
        (``score[NS].total``, ``.bags``, ``.made``) and per seat its bid and tricks won
        (a Nil is made when its bidder won no trick, docs/rules.md §4).
        """
        hands = points = bags = made = set_ = 0
        nil = [0, 0]  # bid, made
        blind = [0, 0]
        for record in records:
            score = record.score
            if score is None:
                continue
            row = score[HUMAN_TEAM]
            hands += 1
            points += row.total
            bags += row.bags
            made += row.made is True
            set_ += row.made is False
            for seat in HUMAN_TEAM.seats:
                status = record.nil_status(seat)
                if status is NilStatus.NONE:
                    continue
                bid = record.bids[seat]
                counter = blind if bid is not None and bid.blind else nil
                counter[0] += 1
                counter[1] += status is NilStatus.INTACT
        return cls(hands=hands, hand_points=points, bags=bags, contracts_made=made,
                   contracts_set=set_, nil_bid=nil[0], nil_made=nil[1],
                   blind_nil_bid=blind[0], blind_nil_made=blind[1])


_FIGURE_NAMES: tuple[str, ...] = tuple(f.name for f in fields(GameFigures))


def _check_figures(item: GameFigures | DifficultyStats) -> None:
    """Check the per-hand fields of a :class:`GameFigures` or :class:`DifficultyStats`."""
    for name in _FIGURE_NAMES:
        if name != "hand_points":
            _check_count(name, getattr(item, name))
    hands = item.hands
    points = item.hand_points
    if not is_whole_number(points) or abs(points) > MAX_HAND_POINTS * hands:
        raise ValueError(f"hand_points must be a whole number within ±{MAX_HAND_POINTS} "
                         f"per hand, not {points!r} over {hands} hands.")
    if item.contracts_made + item.contracts_set > hands:
        raise ValueError("More contracts made and set than hands played.")
    if item.nil_bid + item.blind_nil_bid > 2 * hands:
        raise ValueError("More Nil bids than two per hand played.")
    if item.nil_made > item.nil_bid:
        raise ValueError("More Nil bids made than bid.")
    if item.blind_nil_made > item.blind_nil_bid:
        raise ValueError("More Blind Nil bids made than bid.")
    if item.bags > 13 * hands:
        raise ValueError("More bags than 13 per hand played.")


@dataclass(frozen=True)
class DifficultyStats:
    """Results at one difficulty (or in total, :meth:`Stats.total`).

    Fields (counts are games unless said; ``points`` are ranking points):
        played: games that ended, finished or abandoned, ≥ 0.
        won, drawn: finished games won / drawn, ≥ 0.
        points: ranking points earned, ≥ 0.
        best_margin: the largest (human team score − other team score) over all
            finished games, in game points; None when no game was finished.
        abandoned: games given up for a new one, ≥ 0; ``won + drawn + abandoned <=
            played``.
        streak, best_streak: the current and the best run of won games in a row
            (``streak <= best_streak <= won``).
        hints: hints used, over all games counted.
        hands … blind_nil_made: the per-hand figures of the human team, summed over
            the games counted (see :class:`GameFigures`); format-1 games are not in
            them.

    Raises:
        ValueError: the fields are inconsistent or out of range (counts from 0 to
            :data:`MAX_COUNT`, ``best_margin`` within ±``MAX_COUNT``; one sentence says
            which).
    """

    played: int = 0
    won: int = 0
    drawn: int = 0
    points: int = 0
    best_margin: int | None = None
    abandoned: int = 0
    streak: int = 0
    best_streak: int = 0
    hints: int = 0
    hands: int = 0
    hand_points: int = 0
    bags: int = 0
    contracts_made: int = 0
    contracts_set: int = 0
    nil_bid: int = 0
    nil_made: int = 0
    blind_nil_bid: int = 0
    blind_nil_made: int = 0

    def __post_init__(self) -> None:
        for name in ("played", "won", "drawn", "points", "abandoned", "streak",
                     "best_streak", "hints"):
            _check_count(name, getattr(self, name))
        if self.won + self.drawn + self.abandoned > self.played:
            raise ValueError(
                "won, drawn and abandoned games together cannot exceed the games played.")
        if self.best_margin is not None:
            _check_count("best_margin", self.best_margin, low=-MAX_COUNT)
        if (self.best_margin is None) != (self.finished == 0):
            raise ValueError("best_margin must be set exactly when games have been finished.")
        if not self.streak <= self.best_streak <= self.won:
            raise ValueError("The streaks must satisfy streak <= best_streak <= won.")
        _check_figures(self)

    @property
    def finished(self) -> int:
        """Games played to the end: ``played - abandoned``."""
        return self.played - self.abandoned

    @property
    def lost(self) -> int:
        """Finished games lost: ``played - won - drawn - abandoned``."""
        return self.played - self.won - self.drawn - self.abandoned

    @property
    def win_rate(self) -> float | None:
        """``won / played`` (0.0 to 1.0; abandoned games count as not won), or None when
        no game was played."""
        return self.won / self.played if self.played else None

    @property
    def points_per_hand(self) -> float | None:
        """The human team's average hand points, ``hand_points / hands``, or None when no
        hand is known."""
        return self.hand_points / self.hands if self.hands else None

    @property
    def bags_per_hand(self) -> float | None:
        """The human team's average bags per hand, ``bags / hands``, or None when no hand
        is known."""
        return self.bags / self.hands if self.hands else None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready ``{field name: value}``."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: object, file_format: int = STATS_FORMAT) -> DifficultyStats:
        """Build from :meth:`to_dict` output (``file_format`` 2 or 3), or from a format-1
        file's entry (exactly played, won, drawn, points, best_margin; the rest is 0).

        Raises:
            ValueError: not an object, missing or unknown keys, or bad values.
        """
        if not isinstance(data, dict):
            raise ValueError("Statistics for a difficulty must be a JSON object.")
        expected = _FORMAT_1_KEYS if file_format == 1 else {f.name for f in fields(cls)}
        if set(data) != expected:
            raise ValueError(f"Statistics must have exactly the keys {sorted(expected)}.")
        return cls(**data)

    def _add(self, figures: GameFigures, hints: int, **changes: Any) -> DifficultyStats:
        per_hand = {name: getattr(self, name) + getattr(figures, name)
                    for name in _FIGURE_NAMES}
        return replace(self, hints=self.hints + hints, **per_hand, **changes)


def _check_result(
    difficulty: str, ns_score: int, ew_score: int, winner_is_human_team: bool | None
) -> int:
    """Validate one game result and return its margin ``ns_score - ew_score``."""
    _check_level(difficulty)
    if not is_whole_number(ns_score) or not is_whole_number(ew_score):
        raise ValueError("The final scores must be whole numbers.")
    if winner_is_human_team is not None and not isinstance(winner_is_human_team, bool):
        raise ValueError("winner_is_human_team must be True, False or None.")
    margin = ns_score - ew_score
    expected = None if margin == 0 else margin > 0
    if winner_is_human_team is not expected:
        raise ValueError(
            f"A final score of {ns_score} to {ew_score} does not match "
            f"winner_is_human_team={winner_is_human_team}."
        )
    return margin


def _check_level(difficulty: str) -> None:
    if difficulty not in DIFFICULTIES:
        raise ValueError(
            f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}."
        )


def _check_extras(figures: GameFigures | None, hints: int) -> None:
    if figures is not None and not isinstance(figures, GameFigures):
        raise ValueError("figures must be GameFigures or None.")
    if not is_whole_number(hints) or hints < 0:
        raise ValueError(f"hints must be a whole number of at least 0, not {hints!r}.")


@dataclass(frozen=True)
class PresetGames:
    """The games counted under one house-rules preset: ``played`` (finished or
    abandoned) and ``won``, whole numbers with ``0 <= won <= played <= MAX_COUNT``.

    Raises:
        ValueError: counts out of range or more games won than played.
    """

    played: int = 0
    won: int = 0

    def __post_init__(self) -> None:
        _check_count("played", self.played)
        _check_count("won", self.won)
        if self.won > self.played:
            raise ValueError("A preset cannot have more games won than played.")

    def to_dict(self) -> dict[str, int]:
        """JSON-ready ``{"played": n, "won": n}``."""
        return {"played": self.played, "won": self.won}

    @classmethod
    def from_dict(cls, data: object) -> PresetGames:
        """Build from :meth:`to_dict` output; raises ``ValueError`` for anything else."""
        if not isinstance(data, dict) or set(data) != {"played", "won"}:
            raise ValueError('A preset\'s games must be {"played": n, "won": n}.')
        return cls(**data)


def _check_preset(preset: str | None) -> None:
    if preset is not None and not (isinstance(preset, str) and _PRESET_KEY.fullmatch(preset)):
        raise ValueError(f"{preset!r} is not a preset's name.")


@dataclass(frozen=True)
class Stats:
    """Statistics for every difficulty of :data:`spades_desktop.levels.LEVELS`.

    ``levels`` maps a level key to its :class:`DifficultyStats`; a level left out counts
    as zeros, and the stored mapping is read-only with every level, in ``LEVELS`` order
    (``stats.levels["master"]``, or ``stats["master"]``). ``counted`` holds the ids of
    the last games counted (at most :data:`COUNTED_GAMES_KEPT`, oldest first, no
    repeats; see :func:`is_game_id`), so that a game is never counted twice.
    ``streak`` and ``best_streak`` are the winning streaks over all levels together
    (the games in the order they ended), which the levels' own streaks cannot give.
    ``practice`` holds the practice games of every level together (Undo was used in
    them, docs/rules.md §7): they are in no level, not in :meth:`total` nor in the
    overall streaks, and its ``points`` stay 0. ``presets`` maps a preset's name
    (``engine.preset_of``) to the games counted under it outside practice
    (:class:`PresetGames`; a preset without games is left out).

    Raises:
        ValueError: ``levels`` names an unknown level or holds something else than
            :class:`DifficultyStats`, ``counted`` is not such a tuple, the overall
            streaks are not whole numbers with ``0 <= streak <= best_streak``, or
            ``practice`` is no :class:`DifficultyStats` with 0 ranking points, or
            ``presets`` is no mapping of preset names to :class:`PresetGames`.
    """

    levels: Mapping[str, DifficultyStats] = field(
        default_factory=lambda: MappingProxyType({}), hash=False)
    counted: tuple[str, ...] = ()
    streak: int = 0
    best_streak: int = 0
    practice: DifficultyStats = field(default_factory=DifficultyStats)
    presets: Mapping[str, PresetGames] = field(
        default_factory=lambda: MappingProxyType({}), hash=False)

    def __post_init__(self) -> None:
        if (not isinstance(self.presets, Mapping)
                or not all(isinstance(k, str) and _PRESET_KEY.fullmatch(k)
                           and isinstance(v, PresetGames) for k, v in self.presets.items())):
            raise ValueError("presets must map preset names to PresetGames.")
        object.__setattr__(self, "presets", MappingProxyType(dict(self.presets)))
        if not isinstance(self.practice, DifficultyStats) or self.practice.points != 0:
            raise ValueError("The practice games must be statistics with no ranking points.")
        given = self.levels
        if not isinstance(given, Mapping):
            raise ValueError("levels must map difficulty keys to DifficultyStats.")
        unknown = set(given) - set(DIFFICULTIES)
        if unknown:
            raise ValueError(f"Unknown difficulties {sorted(map(str, unknown))}.")
        if not all(isinstance(v, DifficultyStats) for v in given.values()):
            raise ValueError("levels must map difficulty keys to DifficultyStats.")
        object.__setattr__(self, "levels", MappingProxyType(
            {d: given.get(d, DifficultyStats()) for d in DIFFICULTIES}))
        if (not isinstance(self.counted, tuple)
                or not all(is_game_id(g) for g in self.counted)
                or len(set(self.counted)) != len(self.counted)
                or len(self.counted) > COUNTED_GAMES_KEPT):
            raise ValueError(
                f"The counted games must be at most {COUNTED_GAMES_KEPT} distinct game ids.")
        if (not is_whole_number(self.streak) or not is_whole_number(self.best_streak)
                or not 0 <= self.streak <= self.best_streak <= MAX_COUNT
                or self.best_streak > sum(self[d].won for d in DIFFICULTIES)):
            raise ValueError("The overall streaks must satisfy 0 <= streak <= best_streak "
                             "<= games won.")

    def __getitem__(self, difficulty: str) -> DifficultyStats:
        """The statistics for ``difficulty``; raises KeyError for an unknown one."""
        return self.levels[difficulty]

    @property
    def total_points(self) -> int:
        """Ranking points over all difficulties."""
        return sum(self[d].points for d in DIFFICULTIES)

    def total(self) -> DifficultyStats:
        """All difficulties together: every count summed, the best margin the best of
        the levels', and the overall streaks (:attr:`streak`, :attr:`best_streak`)."""
        levels = [self[d] for d in DIFFICULTIES]
        sums = {f.name: sum(getattr(s, f.name) for s in levels)
                for f in fields(DifficultyStats)
                if f.name not in ("best_margin", "streak", "best_streak")}
        margins = [s.best_margin for s in levels if s.best_margin is not None]
        return DifficultyStats(best_margin=max(margins) if margins else None,
                               streak=self.streak, best_streak=self.best_streak, **sums)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready ``{difficulty: {field: value}}``."""
        return {d: self[d].to_dict() for d in DIFFICULTIES}

    def _with_preset(self, preset: str | None, won: bool) -> Mapping[str, PresetGames]:
        """:attr:`presets` with one more game under ``preset`` (None: unchanged)."""
        if preset is None:
            return self.presets
        old = self.presets.get(preset, PresetGames())
        return {**self.presets, preset: PresetGames(old.played + 1, old.won + int(won))}

    def _remember(self, game_id: str | None) -> tuple[str, ...] | None:
        """``counted`` with ``game_id`` added, or None when it was counted already."""
        if game_id is None:
            return self.counted
        if not is_game_id(game_id):
            raise ValueError(f"{game_id!r} is not a game id.")
        if game_id in self.counted:
            return None
        return (*self.counted, game_id)[-COUNTED_GAMES_KEPT:]

    def with_result(
        self,
        difficulty: str,
        ns_score: int,
        ew_score: int,
        winner_is_human_team: bool | None,
        game_id: str | None = None,
        *,
        figures: GameFigures | None = None,
        hints: int = 0,
        practice: bool = False,
        preset: str | None = None,
    ) -> Stats:
        """Return new statistics with one finished game added (see :func:`record_result`).

        ``game_id`` (see :func:`is_game_id`), when given, is remembered in ``counted``
        (the oldest id is dropped beyond :data:`COUNTED_GAMES_KEPT`); a game id already
        in ``counted`` returns ``self`` unchanged. ``figures``: the game's per-hand
        figures (None: none known); ``hints``: hints used in it; ``practice``: a practice
        game, added to :attr:`practice` alone, with no ranking points; ``preset``: the
        preset its rules match (``engine.preset_of``), counted in :attr:`presets` unless
        it is a practice game (None: not counted there).

        Raises:
            ValueError: a bad result (see :func:`record_result`), game id, figures,
                hint count or preset name.
        """
        margin = _check_result(difficulty, ns_score, ew_score, winner_is_human_team)
        _check_extras(figures, hints)
        _check_preset(preset)
        counted = self._remember(game_id)
        if counted is None:
            return self
        old = self.practice if practice else self[difficulty]
        won = winner_is_human_team is True
        streak = old.streak + 1 if won else 0
        new = old._add(
            figures or GameFigures(), hints,
            played=old.played + 1,
            won=old.won + (1 if won else 0),
            drawn=old.drawn + (1 if winner_is_human_team is None else 0),
            points=old.points + game_ranking_points(difficulty, won, practice),
            best_margin=margin if old.best_margin is None else max(old.best_margin, margin),
            streak=streak,
            best_streak=max(old.best_streak, streak),
        )
        if practice:
            return replace(self, practice=new, counted=counted)
        overall = self.streak + 1 if won else 0
        return replace(self, levels={**self.levels, difficulty: new}, counted=counted,
                       streak=overall, best_streak=max(self.best_streak, overall),
                       presets=self._with_preset(preset, won))

    def with_abandoned(
        self,
        difficulty: str,
        game_id: str | None = None,
        *,
        figures: GameFigures | None = None,
        hints: int = 0,
        practice: bool = False,
        preset: str | None = None,
    ) -> Stats:
        """Return new statistics with one abandoned game added (see
        :func:`count_abandoned`); a ``game_id`` already counted returns ``self``; a
        ``practice`` game is added to :attr:`practice` alone; ``preset`` as for
        :meth:`with_result`.

        Raises:
            ValueError: an unknown difficulty, a bad game id, figures, hint count or
                preset name.
        """
        _check_level(difficulty)
        _check_extras(figures, hints)
        _check_preset(preset)
        counted = self._remember(game_id)
        if counted is None:
            return self
        old = self.practice if practice else self[difficulty]
        new = old._add(figures or GameFigures(), hints, played=old.played + 1,
                       abandoned=old.abandoned + 1, streak=0)
        if practice:
            return replace(self, practice=new, counted=counted)
        return replace(self, levels={**self.levels, difficulty: new}, counted=counted,
                       streak=0, presets=self._with_preset(preset, False))


def _parse(data: dict[str, Any]) -> Stats:
    file_format = data["format"]
    per = data.get("difficulties")
    if not isinstance(per, dict):
        raise ValueError("The statistics file has no 'difficulties' object.")
    unknown = set(per) - set(DIFFICULTIES)
    if unknown:
        raise ValueError(f"Unknown difficulties {sorted(unknown)}.")
    counted = data.get("counted_games", [])
    if not isinstance(counted, list):
        raise ValueError("The counted games must be a list.")
    streaks: dict[str, Any] = {}
    if file_format >= 2:
        streaks = {"streak": data.get("streak"), "best_streak": data.get("best_streak")}
    levels = {d: DifficultyStats.from_dict(v, file_format) for d, v in per.items()}
    extra: dict[str, Any] = {}
    if "practice" in data:  # absent from older versions' files: no practice game
        extra["practice"] = DifficultyStats.from_dict(data["practice"], STATS_FORMAT)
    if "presets" in data:  # absent from older versions' files: no game per preset
        presets = data["presets"]
        if not isinstance(presets, dict):
            raise ValueError("The games per preset must be a JSON object.")
        extra["presets"] = {k: PresetGames.from_dict(v) for k, v in presets.items()}
    return Stats(levels=levels, counted=tuple(counted), **streaks, **extra)


def load_stats(paths: DataPaths) -> tuple[Stats, Notice | None]:
    """Load ``paths.stats_file``.

    Returns ``(stats, notice)``: no file gives zeros and None; a format-1 or
    format-2 file is migrated (see the module's docstring; it is rewritten in format
    3 at the next save); a file written by a newer version is renamed, unchanged, to
    ``statistics.json.newer-<time>`` (no save overwrites it) and gives zeros and a
    notice with code ``STATS_NEWER`` naming where it is now; a corrupt, truncated,
    foreign-kind or inconsistent file, or anything but a regular file (never opened
    for reading), is renamed to ``statistics.json.corrupt-<time>`` and gives zeros
    and :data:`STATS_RESET_NOTICE` (code ``STATS_SET_ASIDE``). A difficulty missing
    from a valid file counts as zeros. Raises nothing for bad content.
    """
    try:
        data = read_json(paths.stats_file, STATS_KIND, STATS_FORMAT)
        return _parse(data), None
    except FileNotFoundError:
        return Stats(), None
    except NewerFormatError:
        kept = set_aside(paths.stats_file, label="newer") or paths.stats_file
        return Stats(), Notice(NoticeCode.STATS_NEWER, file=kept)
    except (CorruptFileError, ValueError, TypeError, OverflowError):
        set_aside(paths.stats_file)
        return Stats(), STATS_RESET_NOTICE


def save_stats(paths: DataPaths, stats: Stats) -> None:
    """Write ``stats`` atomically to ``paths.stats_file``.

    File shape (format 3): ``{"kind": STATS_KIND, "format": 3, "difficulties":
    {level: {field: value}} (every level of LEVELS), "counted_games": [game id, ...],
    "streak": n, "best_streak": n, "practice": {field: value}, "presets": {preset:
    {"played": n, "won": n}}}`` (a file without ``practice`` reads as no practice game,
    one without ``presets`` as no game per preset).

    Raises:
        OSError: the file cannot be written (the old file is unchanged).
    """
    write_json_atomic(
        paths.stats_file,
        {"kind": STATS_KIND, "format": STATS_FORMAT, "difficulties": stats.to_dict(),
         "counted_games": list(stats.counted), "streak": stats.streak,
         "best_streak": stats.best_streak, "practice": stats.practice.to_dict(),
         "presets": {k: v.to_dict() for k, v in stats.presets.items()}},
    )


def reset_stats(paths: DataPaths) -> Stats:
    """Set every figure of every level back to zero and save; returns the new
    statistics.

    The ids of the games counted are kept, so that a game already counted (say, a
    finished game whose autosave survived a crash) is not counted again after the
    reset. An unreadable or newer file is set aside first, as :func:`load_stats` does.

    Raises:
        OSError: the file cannot be written (the old file is unchanged).
    """
    old, _notice = load_stats(paths)
    new = Stats(counted=old.counted)
    save_stats(paths, new)
    return new


@dataclass(frozen=True)
class Counted:
    """What :func:`count_result` or :func:`count_abandoned` did.

    Fields:
        stats: the statistics now on disk (or that would be, see ``added``).
        added: False when the game id was already counted (nothing was written).
        notice: :data:`STATS_RESET_NOTICE` when the statistics file was unreadable
            and has been set aside (counting restarted from zero), else None.
    """

    stats: Stats
    added: bool
    notice: Notice | None = None


def _count(paths: DataPaths, game_id: str | None, change: Any) -> Counted:
    if game_id is not None and not is_game_id(game_id):
        raise ValueError(f"{game_id!r} is not a game id.")
    stats, notice = load_stats(paths)
    new: Stats = change(stats)
    if new is stats:
        return Counted(stats, added=False, notice=notice)
    save_stats(paths, new)
    return Counted(new, added=True, notice=notice)


def count_result(
    paths: DataPaths,
    difficulty: str,
    ns_score: int,
    ew_score: int,
    winner_is_human_team: bool | None,
    game_id: str | None = None,
    *,
    figures: GameFigures | None = None,
    hints: int = 0,
    practice: bool = False,
    preset: str | None = None,
) -> Counted:
    """Add one finished game to the statistics file unless ``game_id`` was counted.

    The arguments are those of :func:`record_result`; ``game_id`` (see
    :func:`is_game_id`) names the game so that giving the same result again (after a
    crash between writing the result and deleting the autosave) counts it once only.
    None counts the game without remembering it. ``figures`` are the game's per-hand
    figures (:meth:`GameFigures.from_records` of its hand records; None adds no hand);
    ``hints`` the number of hints used in it (≥ 0); ``practice``: a practice game
    (Undo was used), counted apart in :attr:`Stats.practice` with no ranking points;
    ``preset`` the house-rules preset of its rules (``engine.preset_of``), counted in
    :attr:`Stats.presets` outside practice.

    Raises:
        ValueError: a bad result, game id, figures, hint count or preset name (nothing
            is written).
        OSError: the file cannot be written (the old file is unchanged).
    """
    _check_result(difficulty, ns_score, ew_score, winner_is_human_team)
    _check_extras(figures, hints)
    _check_preset(preset)
    return _count(paths, game_id, lambda stats: stats.with_result(
        difficulty, ns_score, ew_score, winner_is_human_team, game_id,
        figures=figures, hints=hints, practice=practice, preset=preset))


def count_abandoned(
    paths: DataPaths,
    difficulty: str,
    game_id: str | None = None,
    *,
    figures: GameFigures | None = None,
    hints: int = 0,
    practice: bool = False,
    preset: str | None = None,
) -> Counted:
    """Add one abandoned game (given up for a new one before its end) at
    ``difficulty`` unless ``game_id`` was counted: one more game played and abandoned,
    the winning streaks end, its finished hands' ``figures`` and its ``hints`` are
    added; no ranking points, no margin. A ``practice`` game (Undo was used) is added
    to :attr:`Stats.practice` alone, and ends only its streak; ``preset`` as for
    :func:`count_result`.

    Raises:
        ValueError: an unknown difficulty, a bad game id, figures, hint count or preset
            name (nothing is written).
        OSError: the file cannot be written (the old file is unchanged).
    """
    _check_level(difficulty)
    _check_extras(figures, hints)
    _check_preset(preset)
    return _count(paths, game_id, lambda stats: stats.with_abandoned(
        difficulty, game_id, figures=figures, hints=hints, practice=practice,
        preset=preset))


def record_result(
    paths: DataPaths,
    difficulty: str,
    ns_score: int,
    ew_score: int,
    winner_is_human_team: bool | None,
    game_id: str | None = None,
) -> Stats:
    """Add one finished game to the statistics file and return the new statistics.

    ``ns_score``/``ew_score`` are the final game scores (points) of the human's
    team (North–South) and the other team; the margin is ``ns_score -
    ew_score``. ``winner_is_human_team`` is True (won: +RANKING_POINTS),
    False (lost) or None (draw). A corrupt statistics file is set aside and
    counting restarts from zero (:func:`count_result` also tells so). ``game_id``:
    see :func:`count_result`.

    Raises:
        ValueError: unknown difficulty, non-integer scores, a winner that does not
            match the scores, or a bad game id (nothing is written).
        OSError: the file cannot be written (the old file is unchanged).
    """
    return count_result(paths, difficulty, ns_score, ew_score, winner_is_human_team,
                        game_id).stats
