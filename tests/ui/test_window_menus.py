"""The Game menu offers what the table can do now: without a game, nothing about one."""

from __future__ import annotations

from spades_desktop.engine import Rules
from spades_desktop.ui.main_window import GAME_ACTIONS
from spades_desktop.ui.window_dialogs import open_dialog


def test_without_a_game_the_game_commands_are_disabled(qtbot, make_window) -> None:
    controller, window = make_window()
    assert controller.state is None
    for key in ("sheet", "last", "hint"):
        assert not window.action(key).isEnabled(), key
    assert set(GAME_ACTIONS) == {"sheet", "last", "hint"}
    for key in ("new", "recent", "stats", "settings", "quit", "rules", "shortcuts", "about"):
        assert window.action(key).isEnabled(), key
    window.action("sheet").trigger()  # a disabled command does nothing
    assert open_dialog(window, "score_sheet") is None
    with qtbot.waitSignal(controller.game_started, timeout=5000):
        controller.start_new_game(Rules(), 5, "easy")
    for key in ("sheet", "last", "hint"):
        assert window.action(key).isEnabled(), key
    window.action("sheet").trigger()
    assert open_dialog(window, "score_sheet") is not None
