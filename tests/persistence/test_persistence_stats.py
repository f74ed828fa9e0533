"""Local statistics per difficulty and ranking points (docs/rules.md §7)."""

from __future__ import annotations

import json

import pytest

from spades_desktop.persistence import DataPaths, Notice, NoticeCode
from spades_desktop.persistence.stats import (
    RANKING_POINTS,
    STATS_FORMAT,
    STATS_KIND,
    STATS_RESET_MESSAGE,
    STATS_RESET_NOTICE,
    DifficultyStats,
    Stats,
    load_stats,
    record_result,
    save_stats,
)

from .conftest import files_in


def test_ranking_points_follow_spec() -> None:
    assert RANKING_POINTS == {"easy": 10, "normal": 30, "expert": 100, "master": 200}


def test_no_file_gives_zeros(paths: DataPaths) -> None:
    stats, message = load_stats(paths)
    assert message is None
    assert stats == Stats()
    for d in ("easy", "normal", "expert"):
        assert stats[d] == DifficultyStats(0, 0, 0, 0, None)
    assert files_in(paths.root) == set()


@pytest.mark.parametrize("difficulty", ["easy", "normal", "expert"])
def test_a_win_earns_ranking_points(paths: DataPaths, difficulty: str) -> None:
    stats = record_result(paths, difficulty, 520, 310, True)
    assert stats[difficulty] == DifficultyStats(
        played=1, won=1, drawn=0, points=RANKING_POINTS[difficulty], best_margin=210,
        streak=1, best_streak=1,
    )
    assert stats.total_points == RANKING_POINTS[difficulty]
    assert load_stats(paths) == (stats, None)


def test_results_accumulate(paths: DataPaths) -> None:
    record_result(paths, "normal", 300, 510, False)  # lost by 210
    record_result(paths, "normal", 505, 480, True)  # won by 25
    record_result(paths, "normal", 400, 400, None)  # draw after hand 30
    record_result(paths, "normal", 600, 200, True)  # won by 400
    record_result(paths, "expert", 100, -210, True)  # won by 310
    stats, message = load_stats(paths)
    assert message is None
    # Normal: lost, won, drawn, won: the streak is 1 (the draw ended the first one)
    assert stats["normal"] == DifficultyStats(played=4, won=2, drawn=1, points=60, best_margin=400,
                                           streak=1, best_streak=1)
    assert stats["normal"].lost == 1
    assert stats["expert"] == DifficultyStats(played=1, won=1, drawn=0, points=100, best_margin=310,
                                           streak=1, best_streak=1)
    # over all levels the last two wins (Normal, then Expert) are in a row
    assert (stats.streak, stats.best_streak) == (2, 2)
    assert stats["easy"] == DifficultyStats()
    assert stats.total_points == 160
    assert files_in(paths.root) == {"statistics.json"}


def test_loss_and_draw_earn_no_points(paths: DataPaths) -> None:
    record_result(paths, "expert", -210, 150, False)
    stats = record_result(paths, "expert", 350, 350, None)
    assert stats["expert"] == DifficultyStats(
        played=2, won=0, drawn=1, points=0, best_margin=0
    )


def test_best_margin_may_be_negative(paths: DataPaths) -> None:
    stats = record_result(paths, "easy", 100, 520, False)
    assert stats["easy"].best_margin == -420
    stats = record_result(paths, "easy", 400, 510, False)
    assert stats["easy"].best_margin == -110


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (("hard", 500, 100, True), "difficulty"),
        (("normal", 500, 100, False), "does not match"),
        (("normal", 100, 500, True), "does not match"),
        (("normal", 300, 300, True), "does not match"),
        (("normal", 500, 100, None), "does not match"),
        (("normal", 500.0, 100, True), "whole numbers"),
        (("normal", True, False, True), "whole numbers"),
        (("normal", 500, 100, 1), "True, False or None"),
    ],
)
def test_bad_results_change_nothing(
    paths: DataPaths, args: tuple[object, ...], match: str
) -> None:
    record_result(paths, "normal", 500, 100, True)
    before = paths.stats_file.read_bytes()
    with pytest.raises(ValueError, match=match):
        record_result(paths, *args)  # type: ignore[arg-type]
    assert paths.stats_file.read_bytes() == before


def test_bad_result_does_not_quarantine_a_corrupt_file(paths: DataPaths) -> None:
    paths.stats_file.write_bytes(b"junk")
    with pytest.raises(ValueError):
        record_result(paths, "nightmare", 500, 100, True)
    assert files_in(paths.root) == {"statistics.json"}


def stats_doc(difficulties: object, **envelope: object) -> bytes:
    """A statistics file of format 1 (as older versions wrote it, still read) unless
    ``format`` is given."""
    doc = {"kind": STATS_KIND, "format": 1, "difficulties": difficulties}
    doc.update(envelope)
    return json.dumps(doc).encode()


GOOD = {"played": 3, "won": 1, "drawn": 1, "points": 30, "best_margin": 40}

CORRUPT = {
    "garbage": b"not json at all",
    "truncated": stats_doc({"normal": GOOD})[:-10],
    "foreign kind": stats_doc({}, kind="spades-desktop-settings"),
    "no difficulties": json.dumps({"kind": STATS_KIND, "format": STATS_FORMAT}).encode(),
    "unknown difficulty": stats_doc({"hard": GOOD}),
    "missing key": stats_doc({"normal": {k: v for k, v in GOOD.items() if k != "won"}}),
    "extra key": stats_doc({"normal": {**GOOD, "lost": 1}}),
    "negative": stats_doc({"normal": {**GOOD, "points": -5}}),
    "won > played": stats_doc({"normal": {**GOOD, "won": 5}}),
    "text count": stats_doc({"normal": {**GOOD, "played": "3"}}),
    "no margin": stats_doc({"normal": {**GOOD, "best_margin": None}}),
    "not an object": stats_doc({"normal": [1, 2]}),
}


def _format_3(**changes: object) -> bytes:
    """A format-3 file whose Normal entry is a consistent record of 4 games and 20
    hands, with ``changes`` applied to that entry."""
    normal = {**DifficultyStats().to_dict(), "played": 4, "won": 2, "points": 20,
              "best_margin": 120, "streak": 1, "best_streak": 2, "hands": 20,
              "hand_points": 900, "bags": 40, "contracts_made": 15, "contracts_set": 5}
    normal.update(changes)
    return stats_doc({"normal": normal}, format=3, streak=1, best_streak=2)


# Whole numbers the JSON reader accepts, but no game can produce: each would make an
# average overflow a float, or show a figure nobody could reach.
CORRUPT.update({
    "hand points 10**400": _format_3(hand_points=10**400),
    "hand points over 1000 a hand": _format_3(hand_points=20 * 1000 + 1),
    "hand points under -1000 a hand": _format_3(hand_points=-20 * 1000 - 1),
    "hands 10**400": _format_3(hands=10**400),
    "games 10**400": _format_3(played=10**400),
    "hints 10**12": _format_3(hints=10**12),
    "margin -10**400": _format_3(best_margin=-10**400),
})


def test_the_consistent_format_3_file_of_the_range_cases_loads(paths: DataPaths) -> None:
    paths.stats_file.write_bytes(_format_3())
    stats, notice = load_stats(paths)
    assert notice is None
    assert stats["normal"].points_per_hand == 45.0  # 900 points over 20 hands
    paths.stats_file.write_bytes(_format_3(hand_points=-20 * 1000))  # the bound itself
    stats, notice = load_stats(paths)
    assert notice is None and stats["normal"].points_per_hand == -1000.0


def test_a_file_with_a_byte_order_mark_loads(paths: DataPaths) -> None:
    paths.stats_file.write_bytes(b"\xef\xbb\xbf" + _format_3())
    stats, notice = load_stats(paths)
    assert notice is None and stats["normal"].played == 4
    assert files_in(paths.root) == {"statistics.json"}


@pytest.mark.parametrize("content", CORRUPT.values(), ids=CORRUPT.keys())
def test_corrupt_file_is_quarantined(paths: DataPaths, content: bytes) -> None:
    paths.stats_file.write_bytes(content)
    stats, notice = load_stats(paths)
    assert stats == Stats()
    assert notice == STATS_RESET_NOTICE
    assert notice.code is NoticeCode.STATS_SET_ASIDE and notice.args == {}
    assert notice.message == STATS_RESET_MESSAGE == (
        "Your statistics file was unreadable and has been set aside; "
        "statistics start from zero."
    )
    (kept,) = paths.root.iterdir()
    assert kept.name.startswith("statistics.json.corrupt-")
    assert kept.read_bytes() == content


def test_valid_file_with_one_difficulty(paths: DataPaths) -> None:
    paths.stats_file.write_bytes(stats_doc({"normal": GOOD}))
    stats, message = load_stats(paths)
    assert message is None
    assert stats["normal"] == DifficultyStats(**GOOD)
    assert stats["easy"] == DifficultyStats()


def test_record_on_corrupt_file_restarts_from_zero(paths: DataPaths) -> None:
    paths.stats_file.write_bytes(b"{{{")
    stats = record_result(paths, "easy", 500, 0, True)
    assert stats["easy"].played == 1 and stats["easy"].points == 10
    names = files_in(paths.root)
    assert "statistics.json" in names
    assert any(n.startswith("statistics.json.corrupt-") for n in names)


def test_a_file_from_a_newer_version_is_kept_unchanged_with_its_own_notice(
    paths: DataPaths,
) -> None:
    content = stats_doc({"normal": GOOD}, format=STATS_FORMAT + 1)
    paths.stats_file.write_bytes(content)
    stats, notice = load_stats(paths)
    assert stats == Stats()
    (kept,) = paths.root.iterdir()
    assert kept.name.startswith("statistics.json.newer-") and kept.read_bytes() == content
    assert notice == Notice(NoticeCode.STATS_NEWER, file=kept)
    assert notice.message == (
        "Your statistics file was made by a newer version of Spades Desktop; it is kept "
        f"unchanged as {kept} and statistics start from zero."
    )
    record_result(paths, "easy", 500, 0, True)  # a game finished afterwards
    assert kept.read_bytes() == content
    assert files_in(paths.root) == {"statistics.json", kept.name}


def test_save_and_load_round_trip(paths: DataPaths) -> None:
    stats = Stats(levels={"expert": DifficultyStats(2, 1, 0, 100, 77)})
    save_stats(paths, stats)
    assert load_stats(paths) == (stats, None)


def test_unknown_difficulty_lookup() -> None:
    with pytest.raises(KeyError):
        Stats()["hard"]
