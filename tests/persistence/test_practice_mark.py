"""The practice mark (docs/rules.md §7: a game in which Undo was used) in the autosave,
the recent games and the statistics: kept, read back, and absent from older files,
which still load as games that are not practice games."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from spades_desktop.engine import Bid, Rules, apply_action, legal_actions, new_game
from spades_desktop.persistence import (
    AUTOSAVE_KIND,
    STATS_KIND,
    CorruptFileError,
    DataPaths,
    DifficultyStats,
    GameFile,
    Stats,
    count_abandoned,
    count_result,
    game_from_state,
    game_ranking_points,
    list_games,
    load_record,
    load_stats,
    record_from_state,
    resume_game,
    save_game,
    save_record,
    save_stats,
)


def write(path, data: dict) -> None:
    path.write_text(json.dumps(data), encoding="utf-8")


def one_bid() -> tuple:
    state = new_game(Rules(), 4)
    return apply_action(state, Bid(3)), [Bid(3)]


# -- the autosave --------------------------------------------------------------------------
def test_the_autosave_keeps_the_mark(paths: DataPaths) -> None:
    state, actions = one_bid()
    save_record(paths, record_from_state(state, "normal", actions, game_id="g1",
                                         practice=True))
    data = json.loads(paths.autosave_file.read_text(encoding="utf-8"))
    assert data["practice"] is True
    record = load_record(paths)
    assert record is not None and record.practice
    resumed = resume_game(paths)
    assert resumed.state == state and resumed.practice


def test_an_autosave_without_the_mark_is_no_practice_game(paths: DataPaths) -> None:
    state, actions = one_bid()
    data = {"kind": AUTOSAVE_KIND, "format": 2,
            **record_from_state(state, "normal", actions, game_id="g1").to_dict()}
    del data["practice"]  # as an older version wrote it
    write(paths.autosave_file, data)
    resumed = resume_game(paths)
    assert resumed.state == state and resumed.notice is None and not resumed.practice


def test_an_autosave_with_a_bad_mark_is_refused(paths: DataPaths) -> None:
    state, actions = one_bid()
    data = {"kind": AUTOSAVE_KIND, "format": 2,
            **record_from_state(state, "normal", actions, game_id="g1").to_dict()}
    data["practice"] = "yes"
    write(paths.autosave_file, data)
    with pytest.raises(CorruptFileError, match="practice"):
        load_record(paths)


# -- the recent games ------------------------------------------------------------------------
def finished_game(practice: bool) -> GameFile:
    state = new_game(Rules(max_hands=1), 7)
    actions = []
    while not state.is_terminal:
        actions.append(legal_actions(state)[0])
        state = apply_action(state, actions[-1])
    return game_from_state(state, "easy", actions, game_id=f"p{int(practice)}",
                           finished=datetime(2026, 1, 2, tzinfo=timezone.utc),
                           practice=practice)


def test_a_recent_game_keeps_the_mark_and_an_old_file_has_none(paths: DataPaths) -> None:
    practice, plain = finished_game(True), finished_game(False)
    assert practice.to_dict()["practice"] is True
    assert GameFile.from_dict(practice.to_dict()) == practice
    old = plain.to_dict()
    del old["practice"]  # as an older version wrote it
    assert GameFile.from_dict(old) == plain and not plain.practice
    save_game(paths, practice)
    write(paths.games_dir / plain.file_name, old)
    games, notices = list_games(paths)
    assert not notices
    marks = {game.game.game_id: game.game.practice for game in games}
    assert marks == {"p1": True, "p0": False}
    with pytest.raises(ValueError, match="practice"):
        GameFile.from_dict({**old, "practice": 1})


# -- the statistics ------------------------------------------------------------------------
def test_a_practice_game_is_counted_apart_without_ranking_points(paths: DataPaths) -> None:
    count_result(paths, "expert", 300, 100, True, "won-1")
    before, _ = load_stats(paths)
    counted = count_result(paths, "expert", 520, 229, True, "practice-1", hints=2,
                           practice=True)
    assert counted.added
    stats, notice = load_stats(paths)
    assert notice is None and stats == counted.stats
    assert stats["expert"] == before["expert"] and stats.total() == before.total()
    assert (stats.streak, stats.best_streak) == (before.streak, before.best_streak) == (1, 1)
    practice = stats.practice
    assert (practice.played, practice.won, practice.points, practice.hints) == (1, 1, 0, 2)
    assert (practice.best_margin, practice.streak, practice.best_streak) == (291, 1, 1)
    # counted once: the same id again changes nothing
    assert not count_result(paths, "expert", 520, 229, True, "practice-1",
                            practice=True).added
    # a lost practice game ends the practice streak only; an abandoned one is counted too
    count_result(paths, "easy", 100, 400, False, "practice-2", practice=True)
    count_abandoned(paths, "normal", "practice-3", practice=True)
    stats, _ = load_stats(paths)
    practice = stats.practice
    assert (practice.played, practice.won, practice.lost, practice.abandoned) == (3, 1, 1, 1)
    assert (practice.streak, practice.best_streak, practice.points) == (0, 1, 0)
    assert stats.streak == 1 and stats.total().played == 1


def test_ranking_points_of_a_game() -> None:
    # docs/rules.md §7: Normal +30 for a win; nothing for a loss or a practice game
    assert game_ranking_points("normal", True) == 30
    assert game_ranking_points("normal", False) == 0
    assert game_ranking_points("master", True, practice=True) == 0
    with pytest.raises(ValueError):
        game_ranking_points("grandmaster", True)


def test_a_statistics_file_without_practice_games_still_loads(paths: DataPaths) -> None:
    stats = Stats(levels={"easy": DifficultyStats(played=2, won=1, points=10, best_margin=40,
                                                  streak=1, best_streak=1)},
                  counted=("a", "b"), streak=1, best_streak=1)
    save_stats(paths, stats)
    data = json.loads(paths.stats_file.read_text(encoding="utf-8"))
    assert data["kind"] == STATS_KIND and data["practice"]["played"] == 0
    del data["practice"]  # as an older version wrote it
    write(paths.stats_file, data)
    loaded, notice = load_stats(paths)
    assert notice is None and loaded == stats and loaded.practice == DifficultyStats()


def test_practice_figures_with_ranking_points_are_a_damaged_file(paths: DataPaths) -> None:
    save_stats(paths, Stats())
    data = json.loads(paths.stats_file.read_text(encoding="utf-8"))
    data["practice"].update(played=1, won=1, points=30, best_margin=10, streak=1,
                            best_streak=1)
    write(paths.stats_file, data)
    loaded, notice = load_stats(paths)
    assert loaded == Stats() and notice is not None  # set aside, counting starts again
    with pytest.raises(ValueError):
        Stats(practice=DifficultyStats(played=1, won=1, points=30, best_margin=10))
