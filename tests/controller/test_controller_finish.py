"""The end of a game: its result reaches the statistics once and only once, whatever
moment a crash cuts the finishing short (docs/architecture.md, Persistence; docs/rules.md §7).

A crash is simulated by an exception no handler catches (:class:`Crash`), raised by the
file operations the game's end makes: each atomic rename (``os.replace``) and each
deletion (``Path.unlink``), either before the operation or just after it. After the
crash the program "starts again" as ``app.main`` does: the statistics are loaded, the
autosave is resumed (a finished game in it is counted then), and a resumed game is
played to its end.
"""

from __future__ import annotations

import os
import pathlib
import re
from collections.abc import Callable

import pytest

from spades_desktop.controller import GameController
from spades_desktop.engine import (
    Action,
    Bid,
    GameState,
    Rules,
    Seat,
    Team,
    apply_action,
    legal_actions,
    new_game,
)
from spades_desktop.persistence import (
    STATS_RESET_NOTICE,
    DataPaths,
    Notice,
    load_record,
    load_stats,
    record_from_state,
    resume_game,
    save_record,
)

from .fakes import FakeRunner

RULES = Rules(target_score=100)
NUMBER = 11


class Crash(BaseException):
    """The process dies here (nothing in the program catches a BaseException)."""


def whole_game() -> tuple[GameState, list[Action]]:
    """A whole game with the engine: everyone bids 3 when allowed, the first legal card."""
    state = new_game(RULES, NUMBER)
    actions: list[Action] = []
    while not state.is_terminal:
        legal = legal_actions(state)
        action = Bid(3) if Bid(3) in legal else legal[0]
        actions.append(action)
        state = apply_action(state, action)
    return state, actions


FINAL, ACTIONS = whole_game()
LAST_TRICK = 4
"""The game is resumed before the last trick: four cards remain to be played."""


def test_the_prepared_game_is_one_the_human_loses_or_wins() -> None:
    assert FINAL.result is not None and FINAL.result.hands_played >= 1
    assert len(ACTIONS) > 56


def resume_and_finish(paths: DataPaths, controller: GameController) -> None:
    """Start as ``app.main`` does and play a resumed game to its end."""
    resumed = resume_game(paths)
    assert resumed.notice is None
    if resumed.state is None:
        return
    controller.resume(resumed.state, resumed.actions, resumed.difficulty or "normal",
                      resumed.deal, resumed.game_id)
    while controller.state is not None and not controller.state.is_terminal:
        assert controller.submit(legal_actions(controller.state)[0])


def expected_normal_stats() -> tuple[int, int, int]:
    """(played, won, best margin) after counting FINAL once at Normal, from its result."""
    result = FINAL.result
    assert result is not None
    margin = result.scores[Team.NS] - result.scores[Team.EW]
    return 1, int(result.winner == Team.NS), margin


def crash_at(monkeypatch: pytest.MonkeyPatch, index: int, after: bool) -> list[str]:
    """Make the ``index``-th rename or deletion (counted from now) crash, before it runs
    or just after; returns the log of the operations seen."""
    seen: list[str] = []
    real_replace = os.replace
    real_unlink = pathlib.Path.unlink

    def operation(name: str, run: Callable[[], None]) -> None:
        position = len(seen)
        seen.append(name)
        if position == index and not after:
            raise Crash(name)
        run()
        if position == index and after:
            raise Crash(name)

    def replace(src: str, dst: os.PathLike[str] | str) -> None:
        operation(f"replace {pathlib.Path(dst).name}", lambda: real_replace(src, dst))

    def unlink(self: pathlib.Path, missing_ok: bool = False) -> None:
        operation(f"unlink {self.name}", lambda: real_unlink(self, missing_ok=missing_ok))

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(pathlib.Path, "unlink", unlink)
    return seen


def start_before_the_last_trick(paths: DataPaths) -> GameController:
    before = ACTIONS[:-LAST_TRICK]
    state = new_game(RULES, NUMBER)
    for action in before:
        state = apply_action(state, action)
    save_record(paths, record_from_state(state, "normal", before, game_id="game-1"))
    controller = GameController(paths, FakeRunner())
    resumed = resume_game(paths)
    assert resumed.state == state and resumed.game_id == "game-1"
    controller.resume(resumed.state, resumed.actions, "normal", resumed.deal,
                      resumed.game_id)
    return controller


def test_finishing_writes_the_result_before_deleting_the_save(
        paths: DataPaths, monkeypatch: pytest.MonkeyPatch) -> None:
    controller = start_before_the_last_trick(paths)
    seen = crash_at(monkeypatch, -1, after=False)  # never crashes: only records
    over: list[object] = []
    controller.game_over.connect(over.append)
    for action in ACTIONS[-LAST_TRICK:]:
        assert controller.submit(action)
    monkeypatch.undo()
    assert controller.state == FINAL and over == [FINAL.result]
    # three cards saved; the finished game saved, kept among the recent games (named by
    # its finishing time and id), counted, and only then deleted
    assert seen[:4] == ["replace autosave.json"] * 4
    assert re.fullmatch(r"replace \d{8}T\d{6}Z-game-1\.json", seen[4])
    assert seen[5:] == ["replace statistics.json", "unlink autosave.json"]
    stats, notice = load_stats(paths)
    played, won, margin = expected_normal_stats()
    assert notice is None and controller.last_stats == stats
    assert (stats["normal"].played, stats["normal"].won) == (played, won)
    assert stats["normal"].best_margin == margin
    assert stats.counted == ("game-1",)
    assert {p.name for p in paths.root.iterdir()} == {"statistics.json", "games"}
    (kept,) = paths.games_dir.iterdir()
    assert kept.name == seen[4].removeprefix("replace ")


@pytest.mark.parametrize("after", [False, True], ids=["before", "after"])
@pytest.mark.parametrize("index", range(7))
def test_a_crash_while_finishing_counts_the_game_once(
        paths: DataPaths, monkeypatch: pytest.MonkeyPatch, index: int, after: bool) -> None:
    controller = start_before_the_last_trick(paths)
    seen = crash_at(monkeypatch, index, after)
    with pytest.raises(Crash):
        for action in ACTIONS[-LAST_TRICK:]:
            controller.submit(action)
    monkeypatch.undo()
    assert len(seen) == index + 1

    # the program starts again and plays a resumed game to its end
    _stats, notice = load_stats(paths)
    assert notice is None
    resume_and_finish(paths, GameController(paths, FakeRunner()))
    # a crash before the finished game was saved leaves the game to be finished again
    again = resume_game(paths)
    assert again.state is None and again.settled is None

    stats, _ = load_stats(paths)
    played, won, margin = expected_normal_stats()
    assert (stats["normal"].played, stats["normal"].won) == (played, won)
    assert stats["normal"].best_margin == margin
    assert stats["easy"].played == stats["expert"].played == 0
    assert stats.counted == ("game-1",)
    # (the recent games' folder is left out: a crash before the game was kept there
    # leaves it to the autosave, which counts the game at the next start)
    assert {p.name for p in paths.root.iterdir()} - {"games"} == {"statistics.json"}


def test_a_finished_game_left_in_the_save_is_counted_at_start_once(paths: DataPaths) -> None:
    save_record(paths, record_from_state(FINAL, "expert", ACTIONS, game_id="left-over"))
    first = resume_game(paths)
    assert first.state is None and first.notice is None
    assert first.settled is not None and first.settled.added
    assert not paths.autosave_file.exists()
    # the same finished game again (as if its deletion had been lost): not counted again
    save_record(paths, record_from_state(FINAL, "expert", ACTIONS, game_id="left-over"))
    second = resume_game(paths)
    assert second.settled is not None and not second.settled.added
    assert not paths.autosave_file.exists()
    stats, _ = load_stats(paths)
    assert stats["expert"].played == 1 and stats.counted == ("left-over",)


def test_a_game_without_a_human_deletes_its_save_and_counts_nothing(paths: DataPaths) -> None:
    controller = start_before_the_last_trick(paths)
    controller.bot_seats = frozenset(Seat)
    for action in ACTIONS[-LAST_TRICK:]:
        assert controller.submit(action)
    assert controller.state == FINAL and controller.last_stats is None
    assert load_record(paths) is None
    assert not paths.stats_file.exists()


def test_an_unreadable_statistics_file_is_told_once(paths: DataPaths) -> None:
    paths.stats_file.write_text("{ not json")
    controller = start_before_the_last_trick(paths)
    notices: list[Notice] = []
    controller.notice.connect(notices.append)
    for action in ACTIONS[-LAST_TRICK:]:
        assert controller.submit(action)
    assert notices == [STATS_RESET_NOTICE]
    assert list(paths.root.glob("statistics.json.corrupt-*"))
    stats, notice = load_stats(paths)
    assert notice is None and stats["normal"].played == 1

    # damaged again before the next game ends: counted, but not told a second time
    paths.stats_file.write_text("[]")
    controller.start_new_game(RULES, NUMBER, "easy")
    for action in ACTIONS:
        assert controller.submit(action)
    assert notices == [STATS_RESET_NOTICE]
    stats, _ = load_stats(paths)
    assert stats["easy"].played == 1 and stats["normal"].played == 0
