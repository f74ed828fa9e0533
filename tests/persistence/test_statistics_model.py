"""The statistics model, format 2: abandoned games, winning streaks, hints and the human
team's per-hand figures; format-1 files migrate, newer ones are refused (docs/rules.md §4, §7;
persistence/stats.py). Every expected number is worked by hand from the results and the
hand records fed in."""

from __future__ import annotations

import json

import pytest

from spades_desktop.engine import Bid, HandRecord, HandScore, Seat, TeamScores
from spades_desktop.persistence import (
    DataPaths,
    DifficultyStats,
    GameFigures,
    NoticeCode,
    Stats,
    count_abandoned,
    count_result,
    load_stats,
    reset_stats,
    save_stats,
)
from spades_desktop.persistence.stats import STATS_FORMAT, STATS_KIND

from .conftest import files_in

NIL, BLIND = Bid(0), Bid(0, blind=True)
NO_SCORE = HandScore(contract=0, bags=0, nil=0, bag_penalty=0, total=0, bags_after=0)


def record(number: int, bids: dict[Seat, Bid], won: dict[Seat, int],
           ns: HandScore | None) -> HandRecord:
    """A hand record with the given bids, tricks won and North–South score rows (East–West's
    rows do not matter to the statistics: zeros)."""
    return HandRecord(
        hand_number=number, dealer=Seat.WEST, deal=(None, None, None, None),
        bids=tuple(bids.get(s) for s in Seat),  # type: ignore[arg-type]
        tricks=(), tricks_won=tuple(won.get(s, 0) for s in Seat),  # type: ignore[arg-type]
        score=None if ns is None else TeamScores(ns, NO_SCORE))


# Three finished hands and one in progress; the North–South rows follow docs/rules.md §4:
# 1. South Nil (0 tricks), North 4 (takes 5): contract made +40, 1 bag, Nil +100 → 141.
#    West's Nil is the other team's and is not counted.
# 2. South Blind Nil (takes 1), North 3 (takes 2): set −30, the failed Nil's trick is a
#    bag (+1), Blind Nil −200 → −229.
# 3. South Nil (0), North Nil (takes 2): no contract, Nil +100 −100, 2 bags → 2.
HANDS = (
    record(1, {Seat.SOUTH: NIL, Seat.WEST: NIL, Seat.NORTH: Bid(4), Seat.EAST: Bid(5)},
           {Seat.SOUTH: 0, Seat.WEST: 3, Seat.NORTH: 5, Seat.EAST: 5},
           HandScore(contract=40, bags=1, nil=100, bag_penalty=0, total=141, bags_after=1,
                     made=True)),
    record(2, {Seat.SOUTH: BLIND, Seat.WEST: Bid(4), Seat.NORTH: Bid(3), Seat.EAST: Bid(4)},
           {Seat.SOUTH: 1, Seat.WEST: 5, Seat.NORTH: 2, Seat.EAST: 5},
           HandScore(contract=-30, bags=1, nil=-200, bag_penalty=0, total=-229, bags_after=2,
                     made=False)),
    record(3, {Seat.SOUTH: NIL, Seat.WEST: Bid(5), Seat.NORTH: NIL, Seat.EAST: Bid(5)},
           {Seat.SOUTH: 0, Seat.WEST: 6, Seat.NORTH: 2, Seat.EAST: 5},
           HandScore(contract=0, bags=2, nil=0, bag_penalty=0, total=2, bags_after=4,
                     made=None)),
    record(4, {Seat.SOUTH: NIL, Seat.WEST: Bid(2)}, {}, None),
)
FIGURES = GameFigures(hands=3, hand_points=141 - 229 + 2, bags=1 + 1 + 2, contracts_made=1,
                      contracts_set=1, nil_bid=3, nil_made=2, blind_nil_bid=1,
                      blind_nil_made=0)


def test_the_figures_of_a_game_come_from_its_finished_hands() -> None:
    assert GameFigures.from_records(HANDS) == FIGURES
    assert FIGURES.hand_points == -86
    assert GameFigures.from_records(()) == GameFigures()


def test_a_won_game_with_its_figures_and_hints(paths: DataPaths) -> None:
    counted = count_result(paths, "expert", 510, 320, True, "w1", figures=FIGURES, hints=2)
    expert = counted.stats["expert"]
    assert (expert.played, expert.won, expert.lost, expert.drawn, expert.abandoned) == (
        1, 1, 0, 0, 0)
    assert expert.win_rate == 1.0 and expert.points == 100 and expert.best_margin == 190
    assert (expert.streak, expert.best_streak, expert.hints) == (1, 1, 2)
    assert expert.points_per_hand == pytest.approx(-86 / 3)
    assert expert.bags_per_hand == pytest.approx(4 / 3)
    assert (expert.contracts_made, expert.contracts_set) == (1, 1)
    assert (expert.nil_bid, expert.nil_made, expert.blind_nil_bid, expert.blind_nil_made) == (
        3, 2, 1, 0)
    assert load_stats(paths) == (counted.stats, None)


def test_a_lost_a_drawn_and_an_abandoned_game(paths: DataPaths) -> None:
    one_hand = GameFigures(hands=1, hand_points=-50, bags=0, contracts_set=1)
    count_result(paths, "easy", 200, 520, False, "l1", figures=one_hand)
    count_result(paths, "easy", 300, 300, None, "d1", figures=one_hand, hints=1)
    counted = count_abandoned(paths, "easy", "a1", figures=one_hand, hints=3)
    assert counted.added
    easy = counted.stats["easy"]
    assert (easy.played, easy.won, easy.lost, easy.drawn, easy.abandoned) == (3, 0, 1, 1, 1)
    assert easy.win_rate == 0.0 and easy.points == 0
    assert easy.best_margin == 0  # the draw; the abandoned game has no margin
    assert (easy.hands, easy.hand_points, easy.contracts_set, easy.hints) == (3, -150, 3, 4)
    assert easy.points_per_hand == -50.0
    # the same abandoned game again is not counted again
    again = count_abandoned(paths, "easy", "a1", hints=9)
    assert not again.added and again.stats == counted.stats


def test_an_abandoned_game_first_has_no_margin(paths: DataPaths) -> None:
    normal = count_abandoned(paths, "normal", "a1").stats["normal"]
    assert (normal.played, normal.abandoned, normal.finished) == (1, 1, 0)
    assert normal.best_margin is None and normal.win_rate == 0.0
    assert normal.points_per_hand is None and normal.bags_per_hand is None


def test_winning_streaks_per_level_and_in_total(paths: DataPaths) -> None:
    # in order: N won, N won, E won, N lost, N won, E won, E won, E abandoned, N won
    games = [("normal", True), ("normal", True), ("expert", True), ("normal", False),
             ("normal", True), ("expert", True), ("expert", True), ("expert", "abandon"),
             ("normal", True)]
    for n, (level, outcome) in enumerate(games):
        if outcome == "abandon":
            count_abandoned(paths, level, f"g{n}")
        elif outcome:
            count_result(paths, level, 500, 100, True, f"g{n}")
        else:
            count_result(paths, level, 100, 500, False, f"g{n}")
    stats, _ = load_stats(paths)
    # Normal alone: W W L W W → best 2, now 2
    assert (stats["normal"].streak, stats["normal"].best_streak) == (2, 2)
    # Expert alone: W W W A → best 3, now 0
    assert (stats["expert"].streak, stats["expert"].best_streak) == (0, 3)
    # all together: W W W L W W W A W → best 3, now 1
    assert (stats.streak, stats.best_streak) == (1, 3)
    total = stats.total()
    assert (total.streak, total.best_streak) == (1, 3)
    assert (total.played, total.won, total.lost, total.abandoned) == (9, 7, 1, 1)
    assert total.points == 4 * 30 + 3 * 100


def test_the_total_adds_the_levels_and_keeps_the_best_margin() -> None:
    stats = Stats(levels={
        "easy": DifficultyStats(2, 1, 0, 10, -40, hands=5, hand_points=100, bags=3),
        "normal": DifficultyStats(3, 2, 1, 60, 75, abandoned=0, hints=4)},
        counted=(), streak=0, best_streak=1)
    total = stats.total()
    assert (total.played, total.won, total.drawn, total.points) == (5, 3, 1, 70)
    assert total.best_margin == 75 and total.hints == 4
    assert total.points_per_hand == 20.0 and total.bags_per_hand == 0.6
    assert total.win_rate == 3 / 5
    assert Stats().total() == DifficultyStats()


def format_1_doc(difficulties: object, **envelope: object) -> str:
    return json.dumps({"kind": STATS_KIND, "format": 1, "difficulties": difficulties,
                       **envelope})


def test_a_format_1_file_migrates(paths: DataPaths) -> None:
    old = {"played": 5, "won": 3, "drawn": 1, "points": 90, "best_margin": 230}
    paths.stats_file.write_text(format_1_doc({"normal": old}, counted_games=["x1"]))
    stats, notice = load_stats(paths)
    assert notice is None and stats.counted == ("x1",)
    normal = stats["normal"]
    assert (normal.played, normal.won, normal.drawn, normal.lost) == (5, 3, 1, 1)
    assert (normal.points, normal.best_margin) == (90, 230)
    assert normal.abandoned == normal.streak == normal.best_streak == normal.hints == 0
    assert normal.hands == 0 and normal.points_per_hand is None
    assert (stats.streak, stats.best_streak) == (0, 0)
    # the next game is written in format 3 and the old figures carry over
    one_hand = GameFigures(hands=1, hand_points=60, bags=2, contracts_made=1)
    new = count_result(paths, "normal", 505, 400, True, "x2", figures=one_hand).stats
    assert (new["normal"].played, new["normal"].won, new["normal"].points) == (6, 4, 120)
    assert new["normal"].best_margin == 230 and new["normal"].streak == 1
    # the average covers only the hand counted since the migration
    assert new["normal"].points_per_hand == 60.0
    saved = json.loads(paths.stats_file.read_text())
    assert saved["format"] == STATS_FORMAT == 3
    assert saved["streak"] == 1 and saved["counted_games"] == ["x1", "x2"]
    assert load_stats(paths) == (new, None)


def test_a_format_1_file_with_format_2_keys_is_set_aside(paths: DataPaths) -> None:
    mixed = {"played": 1, "won": 1, "drawn": 0, "points": 10, "best_margin": 5,
             "streak": 1}
    paths.stats_file.write_text(format_1_doc({"easy": mixed}))
    stats, notice = load_stats(paths)
    assert stats == Stats() and notice is not None
    assert notice.code is NoticeCode.STATS_SET_ASIDE


@pytest.mark.parametrize("change", [
    {"abandoned": 9},                      # more games ended than played
    {"streak": 2, "best_streak": 1},       # a streak above the best
    {"best_streak": 5},                    # a streak longer than the games won
    {"nil_made": 1},                       # a Nil made that was never bid
    {"contracts_made": 1},                 # a contract without a hand
    {"hints": -1},
], ids=["abandoned", "streak", "best streak", "nil", "contract", "hints"])
def test_an_inconsistent_format_2_file_is_set_aside(paths: DataPaths,
                                                    change: dict[str, int]) -> None:
    good = DifficultyStats(played=3, won=2, drawn=0, points=20, best_margin=40,
                           streak=1, best_streak=2).to_dict()
    paths.stats_file.write_text(json.dumps({
        "kind": STATS_KIND, "format": 2, "difficulties": {"easy": {**good, **change}},
        "counted_games": [], "streak": 0, "best_streak": 0}))
    assert load_stats(paths)[1] is not None
    assert [n.startswith("statistics.json.corrupt-") for n in files_in(paths.root)] == [True]


def test_a_format_2_file_without_the_overall_streak_is_set_aside(paths: DataPaths) -> None:
    paths.stats_file.write_text(json.dumps({
        "kind": STATS_KIND, "format": 2, "difficulties": {}, "counted_games": []}))
    stats, notice = load_stats(paths)
    assert stats == Stats() and notice is not None


def test_a_newer_format_is_refused_and_kept(paths: DataPaths) -> None:
    content = json.dumps({"kind": STATS_KIND, "format": 4, "difficulties": {}})
    paths.stats_file.write_text(content)
    stats, notice = load_stats(paths)
    assert stats == Stats() and notice is not None
    assert notice.code is NoticeCode.STATS_NEWER
    (kept,) = paths.root.iterdir()
    assert kept.name.startswith("statistics.json.newer-") and kept.read_text() == content


def test_reset_zeroes_everything_and_remembers_the_counted_games(paths: DataPaths) -> None:
    count_result(paths, "expert", 500, 100, True, "r1", figures=FIGURES, hints=1)
    count_abandoned(paths, "easy", "r2")
    new = reset_stats(paths)
    assert new == Stats(counted=("r1", "r2"))
    assert load_stats(paths) == (new, None)
    # a game counted before the reset is not counted again
    assert not count_result(paths, "expert", 500, 100, True, "r1").added
    assert load_stats(paths)[0]["expert"].played == 0


def test_reset_without_a_file_writes_zeros(paths: DataPaths) -> None:
    assert reset_stats(paths) == Stats()
    assert files_in(paths.root) == {"statistics.json"}


@pytest.mark.parametrize("hints", [-1, 1.5, True])
def test_a_bad_hint_count_is_refused(paths: DataPaths, hints: object) -> None:
    with pytest.raises(ValueError, match="hints"):
        count_result(paths, "easy", 500, 0, True, hints=hints)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="hints"):
        count_abandoned(paths, "easy", hints=hints)  # type: ignore[arg-type]
    assert files_in(paths.root) == set()


def test_round_trip_of_every_field(paths: DataPaths) -> None:
    level = DifficultyStats(played=7, won=3, drawn=1, points=300, best_margin=-20,
                            abandoned=2, streak=1, best_streak=2, hints=5, hands=20,
                            hand_points=-35, bags=17, contracts_made=12, contracts_set=6,
                            nil_bid=4, nil_made=3, blind_nil_bid=1, blind_nil_made=1)
    stats = Stats(levels={"expert": level}, counted=("a", "b"), streak=1, best_streak=2)
    save_stats(paths, stats)
    assert load_stats(paths) == (stats, None)
