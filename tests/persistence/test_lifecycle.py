"""The end of a game in the data folder, one sequence for the controller and for resuming
(spades_desktop/persistence/lifecycle.py): kept, counted, then the autosave deleted; and the
persistence modules import one another without a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from spades_desktop.engine import Rules
from spades_desktop.persistence import (
    DataPaths,
    end_game,
    list_games,
    load_stats,
    record_from_state,
    resume_game,
    save_record,
)
from spades_desktop.persistence.recent_games import is_kept

from .test_recent_games import play

RULES = Rules(target_score=100)
FINAL, ACTIONS = play(RULES, 23)
PACKAGE = Path(__file__).resolve().parents[2] / "spades_desktop" / "persistence"


def test_end_game_keeps_counts_and_deletes_the_autosave(paths: DataPaths) -> None:
    save_record(paths, record_from_state(FINAL, "expert", ACTIONS, None, "ended-1"))
    ended = end_game(paths, FINAL, "expert", ACTIONS, game_id="ended-1", hints=2)
    assert ended.kept is not None and ended.kept.game_id == "ended-1"
    assert ended.counted is not None and ended.counted.added
    assert not paths.autosave_file.exists()
    assert is_kept(paths, "ended-1")
    stats, _ = load_stats(paths)
    assert stats["expert"].played == 1 and stats["expert"].hints == 2
    # the same end again (a crash after the statistics, before the autosave went):
    # neither kept nor counted twice
    again = end_game(paths, FINAL, "expert", ACTIONS, game_id="ended-1", hints=2)
    assert again.kept is None
    assert again.counted is not None and not again.counted.added
    assert [g.game.game_id for g in list_games(paths)[0]] == ["ended-1"]
    assert load_stats(paths)[0]["expert"].played == 1


def test_statistics_that_cannot_be_written_leave_the_autosave(
        paths: DataPaths, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game is kept, the count fails (the disk refuses the statistics file), the
    autosave stays to be ended at the next start; nothing is raised."""
    import spades_desktop.persistence.lifecycle as lifecycle

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    save_record(paths, record_from_state(FINAL, "normal", ACTIONS, None, "ended-2"))
    with monkeypatch.context() as patch:
        patch.setattr(lifecycle, "count_result", refuse)
        ended = end_game(paths, FINAL, "normal", ACTIONS, game_id="ended-2")
    assert ended.kept is not None and ended.counted is None
    assert paths.autosave_file.exists()
    resumed = resume_game(paths)  # the next start ends it the same way
    assert resumed.state is None and resumed.settled is not None and resumed.settled.added
    assert not paths.autosave_file.exists()
    assert [g.game.game_id for g in list_games(paths)[0]] == ["ended-2"]
    assert load_stats(paths)[0]["normal"].played == 1


def test_an_unfinished_game_is_not_ended(paths: DataPaths) -> None:
    state, actions = play(RULES, 23, stop=10)
    with pytest.raises(ValueError, match="finished"):
        end_game(paths, state, "normal", actions, game_id="not-over")


def _imports(path: Path) -> set[str]:
    """The persistence modules ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            name = node.module
            if node.level:
                name = "spades_desktop.persistence." + name
            if name == "spades_desktop.persistence":
                found |= {"spades_desktop.persistence." + a.name for a in node.names}
            elif name.startswith("spades_desktop.persistence."):
                found.add(name)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names
                      if a.name.startswith("spades_desktop.persistence.")}
    return {n.rsplit(".", 1)[1] for n in found}


def test_the_persistence_modules_import_one_another_without_a_cycle() -> None:
    modules = {p.stem: p for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    graph = {name: _imports(path) & set(modules) for name, path in modules.items()}
    assert "autosave" not in graph["recent_games"]
    done: set[str] = set()

    def visit(name: str, stack: tuple[str, ...]) -> None:
        assert name not in stack, f"import cycle: {' -> '.join((*stack, name))}"
        if name in done:
            return
        for other in graph[name]:
            visit(other, (*stack, name))
        done.add(name)

    for name in graph:
        visit(name, ())
