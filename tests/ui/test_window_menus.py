"""The Game menu offers what the table can do now: without a game, nothing about one."""

from __future__ import annotations

from PySide6.QtCore import Qt

from spades_desktop.engine import Rules, Seat, legal_actions
from spades_desktop.ui.main_window import GAME_ACTIONS
from spades_desktop.ui.window_dialogs import open_dialog

from .helpers import ManualRunner, click_embedded, one_card_left


def test_without_a_game_the_game_commands_are_disabled(qtbot, make_window) -> None:
    controller, window = make_window()
    assert controller.state is None
    for key in ("sheet", "last", "hand", "hint"):
        assert not window.action(key).isEnabled(), key
    assert set(GAME_ACTIONS) == {"sheet", "last", "hand", "hint"}
    for key in ("new", "recent", "stats", "settings", "quit", "rules", "shortcuts", "about"):
        assert window.action(key).isEnabled(), key
    window.action("sheet").trigger()  # a disabled command does nothing
    assert open_dialog(window, "score_sheet") is None
    with qtbot.waitSignal(controller.game_started, timeout=5000):
        controller.start_new_game(Rules(), 5, "easy")
    for key in ("sheet", "last", "hand", "hint"):
        assert window.action(key).isEnabled(), key
    window.action("sheet").trigger()
    assert open_dialog(window, "score_sheet") is not None


def test_an_empty_felt_offers_a_new_game_button(qtbot, make_window) -> None:
    """Without a game (the first New Game dialog cancelled), a New game button waits in
    the middle of the felt; a click on it opens the New Game dialog; a game takes it
    away."""
    controller, window = make_window()
    shot = window.scene.snapshot()
    assert shot.view is None and shot.new_game_offered
    button = window.scene.new_game_button
    assert button.isVisible() and button.text() == "New game…"
    proxy = button.graphicsProxyWidget()
    centre = proxy.sceneBoundingRect().center()
    cx, cy = window.scene.geometry.centre
    assert abs(centre.x() - cx) < 2 and abs(centre.y() - cy) < 2
    click_embedded(qtbot, window, button)
    dialog = open_dialog(window, "new_game")
    assert dialog is not None
    dialog.accept()
    assert controller.state is not None
    qtbot.waitUntil(lambda: not window.scene.busy, timeout=5000)
    assert not window.scene.snapshot().new_game_offered and not button.isVisible()


def test_the_new_game_button_comes_back_once_the_game_over_dialog_closes(
        qtbot, make_window) -> None:
    runner = ManualRunner()
    controller, window = make_window(runner=runner, bot_seats=frozenset(Seat))
    state, actions = one_card_left(Rules(max_hands=1), 11)
    controller.resume(state, actions, "easy")
    assert not window.scene.snapshot().new_game_offered
    runner.answer(legal_actions(state)[0])
    qtbot.waitUntil(lambda: open_dialog(window, "game_over") is not None, timeout=10_000)
    assert controller.state.is_terminal
    assert not window.scene.snapshot().new_game_offered  # the dialog has the say
    open_dialog(window, "game_over").close()
    qtbot.waitUntil(lambda: window.scene.snapshot().new_game_offered, timeout=5000)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.focus_table()
    assert window.scene.new_game_button.hasFocus()  # Enter presses it
    qtbot.keyClick(window.table, Qt.Key.Key_Return)
    assert open_dialog(window, "new_game") is not None


def test_every_dialog_opens_under_its_documented_name(qtbot, make_window) -> None:
    """``window_dialogs.OBJECT_NAMES`` is what tests and tools rely on: each dialog the
    window opens is found by its name, as its class."""
    from spades_desktop.ui.window_dialogs import OBJECT_NAMES

    controller, window = make_window()
    with qtbot.waitSignal(controller.game_started, timeout=5000):
        controller.start_new_game(Rules(), 5, "easy")
    opened = {
        "score_sheet": window.dialogs.show_score_sheet,
        "statistics": window.dialogs.show_statistics,
        "recent_games": window.dialogs.show_recent_games,
        "settings": window.dialogs.show_settings,
        "shortcuts": window.dialogs.show_shortcuts,
        "rules": window.dialogs.show_rules,
        "fair_play": window.dialogs.show_fair_play,
        "notice": lambda: window.notify("A notice."),
        "hand_so_far": window.hand_so_far.show,
    }
    for name, open_it in opened.items():
        open_it()
        dialog = open_dialog(window, name)
        assert isinstance(dialog, OBJECT_NAMES[name]), name
        dialog.close()
        assert open_dialog(window, name) is None, name
    # the other three: in the tests above and in test_statistics_window.py
    assert set(OBJECT_NAMES) - set(opened) == {"new_game", "game_over", "confirm_new_game"}
