"""Game ▸ Recent games: the kept games listed, reviewed, played again, exported and
imported (docs/rules.md §6, §7)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QThreadPool
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton, QTreeWidget

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
    observe,
)
from spades_desktop.persistence import (
    RECENT_GAMES_KEPT,
    DataPaths,
    NoticeCode,
    export_game,
    game_from_state,
    save_game,
)
from spades_desktop.ui.dialogs import RecentGamesDialog
from spades_desktop.ui.window_dialogs import open_dialog, open_dialogs

from .helpers import analysing, child, shown_child

RULES = Rules(target_score=100, bag_penalty=False)
NUMBER = 4242
WHEN = datetime(2024, 6, 1, 12, 0, tzinfo=timezone.utc)


def whole_game(number: int = NUMBER, rules: Rules = RULES) -> tuple[GameState, list[Action]]:
    state = new_game(rules, number)
    actions: list[Action] = []
    while not state.is_terminal:
        legal = legal_actions(state)
        action = Bid(3) if Bid(3) in legal else legal[0]
        actions.append(action)
        state = apply_action(state, action)
    return state, actions


FINAL, ACTIONS = whole_game()
OTHER_FINAL, OTHER_ACTIONS = whole_game(NUMBER + 1)


def other_game(game_id: str, when: datetime, difficulty: str = "easy"):
    """A game other than the one :func:`keep` keeps: the deals of the next game number."""
    return game_from_state(OTHER_FINAL, difficulty, OTHER_ACTIONS, game_id=game_id,
                           finished=when)


def visible_texts(dialog: RecentGamesDialog) -> list[str]:
    return [b.text() for b in dialog.findChildren(QMessageBox) if b.isVisible()]


def refusal(name: str, reason: str) -> str:
    """A refused import as the player reads it, worded by hand."""
    return f"{name} could not be imported: {reason}"


def keep(paths: DataPaths, game_id: str = "kept", when: datetime = WHEN) -> None:
    save_game(paths, game_from_state(FINAL, "expert", ACTIONS, game_id=game_id,
                                     finished=when))


def shown(score: int) -> str:
    return str(score) if score >= 0 else f"\u2212{-score}"


def reading(dialog: RecentGamesDialog) -> bool:
    """Whether ``dialog`` says it is reading the recent games: its note (``list_note``)
    shown with that text, in the language shown."""
    note = child(dialog, QLabel, "list_note")
    text = QCoreApplication.translate("RecentGamesDialog", "Reading the recent games…")
    return not note.isHidden() and note.text() == text


def row_texts(dialog: RecentGamesDialog, row: int) -> list[str]:
    """The texts of row ``row`` of the list (``games_list``) as shown: date, result,
    score, difficulty, game number, rules ([] for no such row)."""
    games = child(dialog, QTreeWidget, "games_list")
    item = games.topLevelItem(row)
    return [] if item is None else [item.text(c) for c in range(games.columnCount())]


def loaded(qtbot, dialog):
    """``dialog`` once the reading of the games under way has filled its list."""
    if reading(dialog):
        with qtbot.waitSignal(dialog.games_loaded, timeout=20_000):
            pass
    assert not reading(dialog)
    return dialog


def open_recent(qtbot, window):
    window.action("recent").trigger()
    dialog = open_dialog(window, "recent_games")
    assert dialog is not None
    qtbot.waitExposed(dialog)
    return loaded(qtbot, dialog)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_menu_entry_lists_the_kept_games(qtbot, make_window, paths) -> None:
    keep(paths, "older", WHEN - timedelta(days=1))
    keep(paths)
    _controller, window = make_window()
    # a window that leaves the dialog room on the screen on every side
    window.resize(760, 560)
    window.move(window.screen().availableGeometry().center() - window.rect().center())
    assert window.action("recent").shortcut() == QKeySequence("Ctrl+R")
    assert window.action("recent").text() == "&Recent games…"
    dialog = open_recent(qtbot, window)
    assert dialog.windowTitle() == "Recent games"
    assert [g.game.game_id for g in dialog.games()] == ["kept", "older"]
    result = FINAL.result
    assert result is not None
    date, outcome, score, level, number, preset = row_texts(dialog, 0)
    assert date  # local time, in the locale's short format
    assert outcome == {Team.NS: "Won", Team.EW: "Lost", None: "Drawn"}[result.winner]
    assert score == (f"N–S {shown(result.scores[Team.NS])} / "
                     f"E–W {shown(result.scores[Team.EW])}")
    assert (level, number, preset) == ("Expert", str(NUMBER), "Standard")
    # centred over the main window, the newest game chosen, the list has the focus
    centre = window.frameGeometry().center()
    assert (dialog.geometry().center() - centre).manhattanLength() <= 4
    assert dialog.selected() is dialog.games()[0]
    assert dialog.focusWidget() is dialog.table()
    # the menu entry again raises the same window
    window.action("recent").trigger()
    assert open_dialog(window, "recent_games") is dialog


def test_review_carries_the_hand_records_and_rules(qtbot, make_window, paths) -> None:
    keep(paths)
    _controller, window = make_window()
    window.coach.review_budget = 4  # deals per search: a quick analysis
    dialog = open_recent(qtbot, window)
    with qtbot.waitSignal(dialog.review_requested) as blocker:
        qtbot.mouseClick(child(dialog, QPushButton, "review_button"), Qt.MouseButton.LeftButton)
    game = blocker.args[0]
    assert game.hand_records == FINAL.hand_records and game.rules == RULES
    # the review opens on the game's first hand
    (review,) = open_dialogs(window, "review")
    assert review.record == FINAL.hand_records[0] and review.index == 0
    # by keyboard: Enter on the list reviews (the review of that hand, open, comes
    # forward rather than a second one), Escape closes
    with qtbot.waitSignal(dialog.review_requested):
        qtbot.keyClick(dialog.table(), Qt.Key.Key_Return)
    assert list(open_dialogs(window, "review")) == [review]
    with qtbot.waitSignal(dialog.finished):
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert open_dialog(window, "recent_games") is None
    for review in open_dialogs(window, "review"):
        if analysing(review):
            with qtbot.waitSignal(review.analysis_finished, timeout=60_000):
                pass


def test_play_this_deal_again_deals_the_same_hands(qtbot, make_window, paths) -> None:
    keep(paths)
    controller, window = make_window()
    dialog = open_recent(qtbot, window)
    with qtbot.waitSignal(controller.game_started) as blocker:
        qtbot.mouseClick(child(dialog, QPushButton, "again_button"), Qt.MouseButton.LeftButton)
    state = blocker.args[0]
    first = new_game(RULES, NUMBER)
    assert state.rules == RULES and state.game_number == NUMBER
    for seat in Seat:
        assert observe(state, seat).hand == observe(first, seat).hand
    assert controller.difficulty == "expert" and controller.actions == ()
    assert open_dialog(window, "recent_games") is None


def test_import_refuses_a_bad_file_and_adds_a_good_one(qtbot, make_window, paths,
                                                       tmp_path) -> None:
    keep(paths)
    _controller, window = make_window()
    dialog = open_recent(qtbot, window)

    bad = tmp_path / "bad.json"
    doc = json.loads(next(paths.games_dir.iterdir()).read_text(encoding="utf-8"))
    doc["game_id"] = "cheat"
    doc["actions"][5] = doc["actions"][4]  # a card played twice
    bad.write_text(json.dumps(doc), encoding="utf-8")
    before = snapshot(paths.root)
    with qtbot.waitSignal(dialog.notice_shown) as blocker:
        assert not dialog.import_file(bad)
    assert blocker.args[0].code is NoticeCode.IMPORT_AGAINST_RULES
    assert visible_texts(dialog)[-1] == refusal(
        "bad.json", "its bids and cards do not make a game the rules allow, or do not "
                    "reach the result it gives.")
    assert snapshot(paths.root) == before
    assert [g.game.game_id for g in dialog.games()] == ["kept"]

    good = tmp_path / "from a friend.json"
    export_game(other_game("friend", WHEN + timedelta(hours=1)), good)
    assert dialog.import_file(good)
    loaded(qtbot, dialog)
    assert [g.game.game_id for g in dialog.games()] == ["friend", "kept"]
    assert dialog.selected() is dialog.games()[0]
    assert row_texts(dialog, 0)[3] == "Easy"


def test_export_writes_a_file_import_reads_back(qtbot, make_window, paths, tmp_path) -> None:
    keep(paths)
    _controller, window = make_window()
    dialog = open_recent(qtbot, window)
    target = tmp_path / "out.json"
    assert dialog.export_to(target)
    doc = json.loads(target.read_text(encoding="utf-8"))
    assert doc["game_id"] == "kept" and doc["game_number"] == NUMBER
    with qtbot.waitSignal(dialog.notice_shown) as blocker:
        assert not dialog.export_to(tmp_path / "missing" / "out.json")
    assert blocker.args[0].code is NoticeCode.EXPORT_FAILED


def test_a_corrupt_recent_game_is_set_aside_and_told(qtbot, make_window, paths) -> None:
    keep(paths)
    bad = paths.games_dir / "20240101T000000Z-broken.json"
    bad.write_text("{ broken", encoding="utf-8")
    _controller, window = make_window()
    dialog = open_recent(qtbot, window)
    assert [g.game.game_id for g in dialog.games()] == ["kept"]
    assert not bad.exists()
    assert list(paths.games_dir.glob("20240101T000000Z-broken.json.corrupt-*"))
    texts = [b.text() for b in dialog.findChildren(QMessageBox)]
    assert any("has been set aside" in t for t in texts)


def test_a_finished_game_appears_in_the_open_window(qtbot, make_window, paths) -> None:
    controller, window = make_window()
    controller.bot_seats = frozenset()  # the test plays every seat
    controller.start_new_game(RULES, NUMBER, "normal")
    dialog = open_recent(qtbot, window)
    assert dialog.games() == []
    for action in ACTIONS:
        assert controller.submit(action)
    loaded(qtbot, dialog)
    assert [g.game.game_id for g in dialog.games()] == [controller.game_id]
    assert row_texts(dialog, 0)[3] == "Normal"


def test_import_messages_are_friendly_and_confirm(qtbot, make_window, paths,
                                                  tmp_path) -> None:
    keep(paths)
    _controller, window = make_window()
    dialog = open_recent(qtbot, window)

    def shown() -> list[str]:
        return [b.text() for b in dialog.findChildren(QMessageBox) if b.isVisible()]

    broken = tmp_path / "broken.json"
    broken.write_text("not json at all", encoding="utf-8")
    with qtbot.waitSignal(dialog.notice_shown):
        assert not dialog.import_file(broken)
    text = shown()[-1]
    assert text == refusal("broken.json", "it is not a game file from Spades Desktop.")
    same = tmp_path / "same.json"
    assert dialog.export_to(same)
    assert any("exported to same.json" in t for t in shown())
    assert not dialog.import_file(same)  # already in the list: told, nothing added
    loaded(qtbot, dialog)
    assert any("already in your recent games" in t for t in shown())
    assert [g.game.game_id for g in dialog.games()] == ["kept"]
    good = tmp_path / "new.json"
    export_game(other_game("another", WHEN + timedelta(hours=2)), good)
    assert dialog.import_file(good)
    assert any("was imported" in t for t in shown())


def test_the_columns_fit_their_texts_after_a_language_change(qtbot, make_window, paths,
                                                             monkeypatch) -> None:
    """Each column stays as wide as its heading and texts when the language changes
    (the date column was clipped after a switch to Chinese). The window opens in Chinese,
    then turns English, whose headings are wider even where no CJK font is installed,
    then Chinese again."""
    from spades_desktop.ui import i18n

    keep(paths)
    _controller, window = make_window()
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)  # texts measured, not read

    def assert_fitted() -> None:
        table = dialog.table()
        header = table.header()
        for column in range(table.columnCount()):
            wanted = max(table.sizeHintForColumn(column), header.sectionSizeHint(column))
            assert table.columnWidth(column) >= wanted, (column, row_texts(dialog, 0))

    try:
        i18n.apply_language("zh_CN")
        dialog = open_recent(qtbot, window)
        assert dialog.windowTitle() != "Recent games"
        assert_fitted()
        i18n.apply_language("en")
        qtbot.waitUntil(lambda: dialog.windowTitle() == "Recent games", timeout=10_000)
        assert_fitted()
        i18n.apply_language("zh_CN")
        qtbot.waitUntil(lambda: dialog.windowTitle() != "Recent games", timeout=10_000)
        assert_fitted()
    finally:
        i18n.apply_language("en")
        i18n.remove_translators()


def test_an_import_already_kept_names_the_kept_game(qtbot, make_window, paths,
                                                    tmp_path) -> None:
    keep(paths)
    _controller, window = make_window()
    dialog = open_recent(qtbot, window)
    again = tmp_path / "again.json"  # the same game id, saved later under another date
    export_game(game_from_state(FINAL, "easy", ACTIONS, game_id="kept",
                                finished=WHEN + timedelta(days=3)), again)
    before = snapshot(paths.root)
    with qtbot.waitSignal(dialog.notice_shown) as blocker:
        assert not dialog.import_file(again)
    loaded(qtbot, dialog)
    assert blocker.args[0].code is NoticeCode.IMPORT_ALREADY_KEPT
    assert visible_texts(dialog)[-1] == kept_text("again.json", dialog, 0)
    assert snapshot(paths.root) == before


def kept_text(name: str, dialog: RecentGamesDialog, row: int) -> str:
    """The refusal of a game already kept, naming the kept game shown in ``row`` by its
    date, difficulty and result (the game :func:`keep` keeps: an Expert game)."""
    date, outcome, score, level, _number, _preset = row_texts(dialog, row)
    assert level == "Expert"
    return (refusal(name, "this game is already in your recent games.")
            + f" It is your game of {date} against Expert opponents ({outcome}, {score}).")


def test_a_copy_of_a_kept_game_under_another_id_is_not_imported(qtbot, make_window, paths,
                                                               tmp_path) -> None:
    """A real exported file, its id edited: the same rules, game number and actions
    would make a row that cannot be told from the kept one."""
    keep(paths, "mine", WHEN)
    save_game(paths, other_game("newest", WHEN + timedelta(days=1)))
    _controller, window = make_window()
    dialog = open_recent(qtbot, window)
    assert [g.game.game_id for g in dialog.games()] == ["newest", "mine"]
    dialog.select(1)
    copy = tmp_path / "copy.json"
    assert dialog.export_to(copy)
    doc = json.loads(copy.read_text(encoding="utf-8"))
    doc["game_id"] = "edited-id"
    copy.write_text(json.dumps(doc), encoding="utf-8")
    dialog.select(0)
    before = snapshot(paths.root)
    with qtbot.waitSignal(dialog.notice_shown) as blocker:
        assert not dialog.import_file(copy)
    loaded(qtbot, dialog)
    assert blocker.args[0].code is NoticeCode.IMPORT_ALREADY_KEPT
    # the kept game is named, and chosen in the list; nothing is added
    assert dialog.selected() is dialog.games()[1]
    texts = visible_texts(dialog)
    assert kept_text("copy.json", dialog, 1) in texts, texts
    assert [g.game.game_id for g in dialog.games()] == ["newest", "mine"]
    assert snapshot(paths.root) == before


def open_full(qtbot, make_window, paths):
    """The Recent games window over a folder of 200 games of the player's, one a minute
    (``mine-0`` the oldest)."""
    for index in range(RECENT_GAMES_KEPT):
        keep(paths, f"mine-{index}", WHEN + timedelta(minutes=index))
    _controller, window = make_window()
    return open_recent(qtbot, window)


def test_an_import_into_full_recent_games_is_refused(qtbot, make_window, paths,
                                                     tmp_path) -> None:
    dialog = open_full(qtbot, make_window, paths)
    assert len(dialog.games()) == RECENT_GAMES_KEPT
    before = snapshot(paths.root)
    for offset, reason in (
            (timedelta(days=-1),
             "your recent games are full, and this game is older than all of them."),
            (timedelta(days=1),
             "your recent games are full, and importing this game would remove your "
             "oldest one. Remove a game you no longer need, then import again.")):
        source = tmp_path / "friend.json"
        export_game(other_game("friend", WHEN + offset), source)
        with qtbot.waitSignal(dialog.notice_shown):
            assert not dialog.import_file(source)
        texts = visible_texts(dialog)
        assert refusal("friend.json", reason) in texts, texts
    assert snapshot(paths.root) == before


def test_the_window_opens_at_once_and_fills_when_read(qtbot, paths) -> None:
    keep(paths)
    dialog = RecentGamesDialog(None, paths)
    qtbot.addWidget(dialog)
    assert reading(dialog) and dialog.games() == []
    assert not child(dialog, QPushButton, "import_button").isEnabled()
    with qtbot.waitSignal(dialog.games_loaded, timeout=20_000):
        dialog.show()
    assert not reading(dialog) and child(dialog, QPushButton, "import_button").isEnabled()
    assert [g.game.game_id for g in dialog.games()] == ["kept"]


def test_closing_the_window_while_it_reads_stops_the_reading(qtbot, paths) -> None:
    for index in range(40):
        keep(paths, f"g{index}", WHEN + timedelta(minutes=index))
    dialog = RecentGamesDialog(None, paths)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.reject()
    assert QThreadPool.globalInstance().waitForDone(20_000)
    qtbot.wait(100)  # a result queued to the window would be delivered now
    assert dialog.games() == [] and reading(dialog)  # the reading stopped unfinished


def test_a_game_can_be_removed_after_a_question(qtbot, make_window, paths) -> None:
    keep(paths, "older", WHEN - timedelta(days=1))
    keep(paths)
    _controller, window = make_window()
    dialog = open_recent(qtbot, window)
    assert dialog.selected().game.game_id == "kept"
    before = snapshot(paths.root)
    qtbot.keyClick(dialog.table(), Qt.Key.Key_Delete)  # No (the default) keeps it
    box = shown_child(dialog, QMessageBox, "remove_question")
    assert box is not None and f"Remove game #{NUMBER} of" in box.text()
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.No), Qt.MouseButton.LeftButton)
    assert snapshot(paths.root) == before
    child(dialog, QPushButton, "remove_button").click()  # Yes removes it
    box = shown_child(dialog, QMessageBox, "remove_question")
    assert box is not None
    with qtbot.waitSignal(dialog.games_loaded, timeout=20_000):
        qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes),
                         Qt.MouseButton.LeftButton)
    assert [g.game.game_id for g in dialog.games()] == ["older"]
    assert [p.name for p in paths.games_dir.iterdir()] == [
        game_from_state(FINAL, "expert", ACTIONS, game_id="older",
                        finished=WHEN - timedelta(days=1)).file_name]


def test_removing_a_game_makes_room_for_an_import(qtbot, make_window, paths,
                                                  tmp_path) -> None:
    dialog = open_full(qtbot, make_window, paths)
    source = tmp_path / "friend.json"
    export_game(other_game("friend", WHEN + timedelta(days=1)), source)
    with qtbot.waitSignal(dialog.notice_shown) as blocker:
        assert not dialog.import_file(source)
    assert blocker.args[0].code is NoticeCode.IMPORT_FOLDER_FULL
    assert dialog.remove_chosen("mine-7")
    loaded(qtbot, dialog)
    assert dialog.import_file(source)
    loaded(qtbot, dialog)
    ids = [g.game.game_id for g in dialog.games()]
    assert ids[0] == "friend" and "mine-7" not in ids and len(ids) == RECENT_GAMES_KEPT


def test_the_file_dialogs_open_where_the_last_game_file_went(qtbot, make_window, paths,
                                                             tmp_path, monkeypatch) -> None:
    """Export… and Import… open in the folder of the last export or import, remembered
    in the settings; the first time, and once that folder is gone, in Documents."""
    from spades_desktop.persistence import load_settings
    from spades_desktop.ui.dialogs import recent_games as window_module

    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))  # no user-dirs.dirs
    keep(paths)
    incoming, outgoing = tmp_path / "incoming", tmp_path / "outgoing"
    incoming.mkdir()
    outgoing.mkdir()
    source = incoming / "friend.json"
    export_game(other_game("friend", WHEN + timedelta(hours=1)), source)
    asked: list[str] = []
    answers = [str(source), str(outgoing / "mine.json"), ""]

    def answer(_parent, _title, start, _filter):
        asked.append(start)
        return answers.pop(0), ""

    monkeypatch.setattr(window_module.QFileDialog, "getOpenFileName", answer)
    monkeypatch.setattr(window_module.QFileDialog, "getSaveFileName", answer)
    _controller, window = make_window()
    dialog = open_recent(qtbot, window)
    assert dialog.files_folder() == home / "Documents"
    child(dialog, QPushButton, "import_button").click()
    assert asked == [str(home / "Documents")]
    loaded(qtbot, dialog)
    assert [g.game.game_id for g in dialog.games()] == ["friend", "kept"]
    assert window.settings.game_files_folder == str(incoming)
    assert load_settings(paths)[0].game_files_folder == str(incoming)

    dialog.select(1)
    child(dialog, QPushButton, "export_button").click()
    assert asked[1] == str(incoming / f"spades-game-{NUMBER}.json")
    assert (outgoing / "mine.json").is_file()
    assert load_settings(paths)[0].game_files_folder == str(outgoing)

    dialog.reject()  # a new window (and a new start) opens where the export went
    dialog = open_recent(qtbot, window)
    assert dialog.files_folder() == outgoing
    child(dialog, QPushButton, "import_button").click()  # cancelled: nothing changes
    assert asked[2] == str(outgoing)
    assert load_settings(paths)[0].game_files_folder == str(outgoing)
    outgoing.rename(tmp_path / "moved")
    assert dialog.files_folder() == home / "Documents"


def _kept_under(paths: DataPaths, rules: Rules, game_id: str, when: datetime) -> None:
    """A whole game under ``rules`` (:func:`whole_game`) kept as ``game_id``."""
    state, actions = whole_game(NUMBER, rules)
    save_game(paths, game_from_state(state, "easy", actions, game_id=game_id, finished=when))


def test_each_row_names_the_house_rules_preset(qtbot, make_window, paths) -> None:
    _kept_under(paths, Rules(target_score=100, bidding="suicide"), "suicide",
                WHEN - timedelta(days=2))
    _kept_under(paths, Rules(target_score=100, nil_points=50), "custom",
                WHEN - timedelta(days=1))
    keep(paths)
    _controller, window = make_window()
    dialog = open_recent(qtbot, window)
    assert [g.game.game_id for g in dialog.games()] == ["kept", "custom", "suicide"]
    assert [row_texts(dialog, row)[5] for row in range(3)] == ["Standard", "Custom", "Suicide"]
    games = child(dialog, QTreeWidget, "games_list")
    header = games.headerItem()
    assert header is not None and header.text(5) == "Rules"


def test_a_joker_deck_is_named_in_the_rules_column_and_its_tooltip(qtbot, make_window,
                                                                    paths) -> None:
    _kept_under(paths, Rules(target_score=100, deck="joker-joker-deuce-deuce"), "jjdd",
                WHEN - timedelta(days=1))
    _kept_under(paths, Rules(target_score=100, deck="joker-joker", nil_points=50), "jj",
                WHEN)
    _controller, window = make_window()
    dialog = open_recent(qtbot, window)
    assert [g.game.game_id for g in dialog.games()] == ["jj", "jjdd"]
    assert [row_texts(dialog, row)[5] for row in range(2)] == [
        "Custom", "Joker-Joker-Deuce-Deuce"]
    games = child(dialog, QTreeWidget, "games_list")
    assert games.topLevelItem(0).toolTip(5) == "House rules: Nil 50, Joker-Joker"
    assert games.topLevelItem(1).toolTip(5) == "House rules: Joker-Joker-Deuce-Deuce"


def test_a_practice_game_is_marked_with_a_tooltip(qtbot, make_window, paths) -> None:
    keep(paths)
    save_game(paths, game_from_state(OTHER_FINAL, "easy", OTHER_ACTIONS, game_id="practice",
                                     finished=WHEN + timedelta(days=1), practice=True))
    _controller, window = make_window()
    dialog = open_recent(qtbot, window)
    assert [g.game.game_id for g in dialog.games()] == ["practice", "kept"]
    winner = OTHER_FINAL.result.winner
    plain = {Team.NS: "Won", Team.EW: "Lost", None: "Drawn"}[winner]
    assert row_texts(dialog, 0)[1] == f"{plain} (practice)"
    assert row_texts(dialog, 1)[1] in ("Won", "Lost", "Drawn")  # no mark
    games = child(dialog, QTreeWidget, "games_list")
    tip = games.topLevelItem(0).toolTip(1)
    assert "Undo" in tip and "no ranking points" in tip
    assert games.topLevelItem(1).toolTip(1) == ""
