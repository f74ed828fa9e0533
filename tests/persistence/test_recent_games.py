"""Recent games: one file per finished or abandoned game in the data folder's ``games``
folder, replayed through the engine whenever it is read (docs/architecture.md,
Persistence; docs/rules.md §6, §7)."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from spades_desktop.engine import (
    Action,
    Bid,
    GameState,
    Rules,
    Team,
    action_to_str,
    apply_action,
    legal_actions,
    new_game,
)
from spades_desktop.persistence import (
    EARLIEST_DATE,
    GAME_FILE_FORMAT,
    GAME_FILE_KIND,
    RECENT_GAMES_KEPT,
    DataPaths,
    DateOutOfRangeError,
    GameFile,
    GameFileError,
    Notice,
    NoticeCode,
    export_game,
    game_from_state,
    import_game,
    keep_import,
    list_games,
    rebuild_game,
    replay_game,
    save_game,
)
from spades_desktop.persistence.atomic import MAX_FILE_BYTES

RULES = Rules(target_score=100)
NUMBER = 11
WHEN = datetime(2024, 3, 9, 18, 30, 5, tzinfo=timezone.utc)


def play(rules: Rules, number: int, stop: int | None = None) -> tuple[GameState, list[Action]]:
    """A game through the engine: everyone bids 3 when allowed, then the first legal card;
    ``stop`` actions at most."""
    state = new_game(rules, number)
    actions: list[Action] = []
    while not state.is_terminal and (stop is None or len(actions) < stop):
        legal = legal_actions(state)
        action = Bid(3) if Bid(3) in legal else legal[0]
        actions.append(action)
        state = apply_action(state, action)
    return state, actions


FINAL, ACTIONS = play(RULES, NUMBER)


def finished_game(game_id: str = "game-1", when: datetime = WHEN) -> GameFile:
    return game_from_state(FINAL, "normal", ACTIONS, game_id=game_id,
                           started=when - timedelta(minutes=20), finished=when)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_kept_count_is_two_hundred() -> None:
    assert RECENT_GAMES_KEPT == 200


def test_a_finished_game_is_written_and_listed_after_a_restart(paths: DataPaths) -> None:
    game = finished_game()
    written = save_game(paths, game)
    assert written.parent == paths.root / "games"
    assert written.name == "20240309T183005Z-game-1.json"
    data = json.loads(written.read_text(encoding="utf-8"))
    assert (data["kind"], data["format"]) == ("spades-desktop-game", 1)
    assert data["game_number"] == NUMBER and data["difficulty"] == "normal"
    assert data["rules"]["target_score"] == 100
    assert data["actions"] == [action_to_str(a) for a in ACTIONS]
    assert data["finished"] == "2024-03-09T18:30:05+00:00"
    assert data["started"] == "2024-03-09T18:10:05+00:00"
    result = FINAL.result
    assert result is not None
    winner = {Team.NS: "NS", Team.EW: "EW", None: None}[result.winner]
    assert data["result"] == {
        "status": "finished", "winner": winner,
        "scores": {"NS": result.scores[Team.NS], "EW": result.scores[Team.EW]},
        "hands_played": result.hands_played,
    }

    # a fresh start: nothing in memory, only the folder
    games, notices = list_games(DataPaths(paths.root))
    assert notices == []
    (listed,) = games
    assert listed.game == game
    assert listed.state == FINAL
    assert listed.actions == tuple(ACTIONS)
    assert listed.rules == RULES and listed.hand_records == FINAL.hand_records
    assert listed.game.outcome == {"NS": "won", "EW": "lost", None: "drawn"}[winner]


def test_an_abandoned_game_keeps_its_actions_and_scores(paths: DataPaths) -> None:
    state, actions = play(RULES, 5, stop=60)  # hand 1 over, hand 2 begun
    assert not state.is_terminal and len(state.hand_records) == 1
    game = game_from_state(state, "easy", actions, game_id="left", finished=WHEN)
    assert game.abandoned and game.outcome == "abandoned" and game.winner is None
    assert game.scores == (state.scores[Team.NS], state.scores[Team.EW])
    assert game.hands_played == 1 and game.started is None
    save_game(paths, game)
    (listed,), _ = list_games(paths)
    assert listed.state == state and listed.game.outcome == "abandoned"


def test_games_are_listed_newest_first_and_a_game_saved_again_replaces_its_file(
        paths: DataPaths) -> None:
    for day in (3, 1, 2):
        save_game(paths, finished_game(f"g{day}", WHEN + timedelta(days=day)))
    save_game(paths, finished_game("g1", WHEN + timedelta(days=5)))  # g1 again, later
    games, _ = list_games(paths)
    assert [g.game.game_id for g in games] == ["g1", "g3", "g2"]
    assert len(list(paths.games_dir.iterdir())) == 3


def test_only_the_newest_games_are_kept(paths: DataPaths) -> None:
    for day in range(7):
        save_game(paths, finished_game(f"g{day}", WHEN + timedelta(days=day)), keep=4)
    games, _ = list_games(paths)
    assert [g.game.game_id for g in games] == ["g6", "g5", "g4", "g3"]
    assert len(list(paths.games_dir.iterdir())) == 4
    with pytest.raises(ValueError):
        save_game(paths, finished_game("g9"), keep=0)


def test_export_then_import_gives_the_same_game(paths: DataPaths, tmp_path: Path) -> None:
    game = finished_game()
    target = tmp_path / "shared" / "my game.json"
    target.parent.mkdir()
    export_game(game, target)
    imported = import_game(target)
    assert imported == game
    assert imported.actions == tuple(action_to_str(a) for a in ACTIONS)
    assert (imported.winner, imported.scores) == (game.winner, game.scores)
    assert replay_game(imported).state == FINAL


def test_an_export_that_cannot_be_written_says_so(tmp_path: Path) -> None:
    target = tmp_path / "no such folder" / "game.json"
    with pytest.raises(GameFileError) as caught:
        export_game(finished_game(), target)
    assert caught.value.code is NoticeCode.EXPORT_FAILED
    assert caught.value.notice.file == target
    assert not target.parent.exists()


def _doc() -> dict[str, object]:
    return finished_game().to_dict()


def _with_illegal_action() -> dict[str, object]:
    doc = _doc()
    actions = list(doc["actions"])  # type: ignore[call-overload]
    # the second card of the first trick is replaced by the first one: a card the next
    # player does not hold (it was just played from the leader's hand)
    first_card = 4  # after the four bids
    actions[first_card + 1] = actions[first_card]
    doc["actions"] = actions
    return doc


def _with_other_scores() -> dict[str, object]:
    doc = _doc()
    result = dict(doc["result"])  # type: ignore[call-overload]
    result["scores"] = {"NS": 500, "EW": -200}
    doc["result"] = result
    return doc


def _abandoned_yet_over() -> dict[str, object]:
    doc = _doc()
    doc["result"] = {"status": "abandoned", "winner": None,
                     "scores": dict(doc["result"]["scores"]),  # type: ignore[index]
                     "hands_played": doc["result"]["hands_played"]}  # type: ignore[index]
    return doc


def _with_unknown_card() -> dict[str, object]:
    doc = _doc()
    actions = list(doc["actions"])  # type: ignore[call-overload]
    actions[4] = "7Z"  # the first card led: no suit Z
    doc["actions"] = actions
    return doc


NOT_A_GAME = "it is not a game file from Spades Desktop."
DAMAGED = "it is a game file from Spades Desktop, but it is damaged."
AGAINST_RULES = ("its bids and cards do not make a game the rules allow, or do not reach "
                 "the result it gives.")

# content, the code, and the reason the player reads after "incoming.json could not be
# imported: ", worded by hand.
BAD_FILES = {
    "not json": (b"{ this is not json", NoticeCode.IMPORT_NOT_A_GAME, NOT_A_GAME),
    "not an object": (b"[1, 2, 3]", NoticeCode.IMPORT_NOT_A_GAME, NOT_A_GAME),
    "another kind": (json.dumps({**_doc(), "kind": "spades-desktop-autosave"}).encode(),
                     NoticeCode.IMPORT_NOT_A_GAME, NOT_A_GAME),
    "format zero": (json.dumps({**_doc(), "format": 0}).encode(),
                    NoticeCode.IMPORT_NOT_A_GAME, NOT_A_GAME),
    "format as text": (json.dumps({**_doc(), "format": "1"}).encode(),
                       NoticeCode.IMPORT_NOT_A_GAME, NOT_A_GAME),
    "no actions": (json.dumps({k: v for k, v in _doc().items() if k != "actions"}).encode(),
                   NoticeCode.IMPORT_DAMAGED, DAMAGED),
    "bad difficulty": (json.dumps({**_doc(), "difficulty": "grandmaster"}).encode(),
                       NoticeCode.IMPORT_DAMAGED, DAMAGED),
    "newer format": (json.dumps({**_doc(), "format": GAME_FILE_FORMAT + 1}).encode(),
                     NoticeCode.IMPORT_NEWER,
                     "it was made by a newer version of Spades Desktop."),
    "dated 1999": (json.dumps({**_doc(), "finished": "1999-12-31T23:59:59+00:00"}).encode(),
                   NoticeCode.IMPORT_BAD_DATE,
                   "it is dated before 2000 or after tomorrow, and no game of Spades "
                   "Desktop is."),
    "unknown card": (json.dumps(_with_unknown_card()).encode(),
                     NoticeCode.IMPORT_AGAINST_RULES, AGAINST_RULES),
    "illegal action": (json.dumps(_with_illegal_action()).encode(),
                       NoticeCode.IMPORT_AGAINST_RULES, AGAINST_RULES),
    "not an action": (json.dumps({**_doc(), "actions": ["bid 3", "jump"]}).encode(),
                      NoticeCode.IMPORT_AGAINST_RULES, AGAINST_RULES),
    "other scores": (json.dumps(_with_other_scores()).encode(),
                     NoticeCode.IMPORT_AGAINST_RULES, AGAINST_RULES),
    "abandoned yet over": (json.dumps(_abandoned_yet_over()).encode(),
                           NoticeCode.IMPORT_AGAINST_RULES, AGAINST_RULES),
    "too large": (b" " * (MAX_FILE_BYTES + 1) + json.dumps(_doc()).encode(),
                  NoticeCode.IMPORT_TOO_LARGE,
                  "it is far too large to be a game from Spades Desktop."),
}


def assert_refusal_form(message: str, name: str, reason: str, folder: Path) -> None:
    """``message`` is "<name> could not be imported: <reason>" and names no folder."""
    assert message == f"{name} could not be imported: {reason}"
    assert str(folder) not in message


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_bad_file_is_refused_with_its_reason_and_changes_nothing(
        paths: DataPaths, tmp_path: Path, case: str,
        caplog: pytest.LogCaptureFixture) -> None:
    save_game(paths, finished_game("already-here"))
    content, code, reason = BAD_FILES[case]
    source = tmp_path / "incoming.json"
    source.write_bytes(content)
    before = snapshot(tmp_path)
    with caplog.at_level(logging.INFO), pytest.raises(GameFileError) as caught:
        import_game(source)
    notice = caught.value.notice
    assert notice.code is code
    assert notice.file == source
    assert_refusal_form(notice.message, "incoming.json", reason, tmp_path)
    # the details are for the log, with the full path
    assert caught.value.detail and caught.value.detail not in notice.message
    assert any(str(source) in r.getMessage() and caught.value.detail in r.getMessage()
               for r in caplog.records)
    assert snapshot(tmp_path) == before
    games, _ = list_games(paths)
    assert [g.game.game_id for g in games] == ["already-here"]


def test_an_unknown_card_is_named_in_the_detail_only(tmp_path: Path) -> None:
    source = tmp_path / "cards.json"
    source.write_text(json.dumps(_with_unknown_card()))
    with pytest.raises(GameFileError) as caught:
        import_game(source)
    assert "unknown suit 'Z'" in caught.value.detail
    assert "'Z'" not in caught.value.notice.message


def test_an_illegal_action_is_named_by_its_place(tmp_path: Path) -> None:
    source = tmp_path / "cheat.json"
    source.write_text(json.dumps(_with_illegal_action()))
    with pytest.raises(GameFileError) as caught:
        import_game(source)
    assert caught.value.detail.startswith("Action 6 (")


UNREADABLE = "the file cannot be opened or read."


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(GameFileError) as caught:
        import_game(tmp_path / "nothing.json")
    assert caught.value.code is NoticeCode.IMPORT_UNREADABLE
    assert_refusal_form(str(caught.value), "nothing.json", UNREADABLE, tmp_path)


def test_a_folder_or_a_pipe_is_refused_as_unreadable(tmp_path: Path) -> None:
    folder = tmp_path / "games.json"
    folder.mkdir()
    with pytest.raises(GameFileError) as caught:
        import_game(folder)
    assert caught.value.code is NoticeCode.IMPORT_UNREADABLE
    assert_refusal_form(str(caught.value), "games.json", UNREADABLE, tmp_path)
    if hasattr(os, "mkfifo"):
        pipe = tmp_path / "pipe.json"
        os.mkfifo(pipe)
        with pytest.raises(GameFileError) as caught:
            import_game(pipe)  # never opened: nothing waits for a writer
        assert caught.value.code is NoticeCode.IMPORT_UNREADABLE


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="the superuser reads every file")
def test_a_file_one_may_not_read_is_refused_as_unreadable(tmp_path: Path) -> None:
    source = tmp_path / "locked.json"
    export_game(finished_game(), source)
    source.chmod(0)
    try:
        with pytest.raises(GameFileError) as caught:
            import_game(source)
    finally:
        source.chmod(0o644)
    assert caught.value.code is NoticeCode.IMPORT_UNREADABLE
    assert_refusal_form(str(caught.value), "locked.json", UNREADABLE, tmp_path)


def test_a_corrupt_file_in_the_folder_is_set_aside_with_a_notice(paths: DataPaths) -> None:
    save_game(paths, finished_game("good"))
    bad = paths.games_dir / "20240101T000000Z-bad.json"
    bad.write_text('{"kind": "spades-desktop-game", "format": 1, "game_id": "bad"')
    tampered = paths.games_dir / "20240102T000000Z-tampered.json"
    tampered.write_text(json.dumps({**_with_other_scores(), "game_id": "tampered"}))
    games, notices = list_games(paths)
    assert [g.game.game_id for g in games] == ["good"]
    assert {n.code for n in notices} == {NoticeCode.RECENT_GAME_SET_ASIDE}
    assert len(notices) == 2
    kept = sorted(p.name for p in paths.games_dir.iterdir())
    assert kept[0].startswith("20240101T000000Z-bad.json.corrupt-")
    assert kept[1].startswith("20240102T000000Z-tampered.json.corrupt-")
    assert {n.file for n in notices} == {paths.games_dir / kept[0],
                                         paths.games_dir / kept[1]}
    assert kept[2] == "20240309T183005Z-good.json"
    # set aside once: the next listing is quiet
    assert list_games(paths)[1] == []


def test_a_file_of_a_newer_version_stays_unlisted(paths: DataPaths) -> None:
    newer = paths.games_dir
    newer.mkdir()
    path = newer / "20240101T000000Z-future.json"
    path.write_text(json.dumps({**_doc(), "format": 99, "game_id": "future"}))
    assert list_games(paths) == ([], [])
    assert path.exists()


def test_no_folder_lists_nothing(paths: DataPaths) -> None:
    assert list_games(paths) == ([], [])


def test_the_notice_reads_as_one_sentence(tmp_path: Path) -> None:
    notice = Notice(NoticeCode.IMPORT_NEWER, file=tmp_path / "g.json")
    assert notice.message == ("g.json could not be imported: it was made by a newer "
                              "version of Spades Desktop.")
    assert GAME_FILE_KIND == "spades-desktop-game"


def test_rebuild_game_is_what_the_autosave_and_the_recent_games_share() -> None:
    state, actions, deal = rebuild_game(RULES.to_dict(), NUMBER,
                                        [action_to_str(a) for a in ACTIONS])
    assert state == FINAL and actions == tuple(ACTIONS) and deal is None
    with pytest.raises(ValueError, match="Action 2 "):
        rebuild_game(RULES.to_dict(), NUMBER, ["bid 3", "7X"])


def test_a_finished_autosave_without_its_game_file_is_kept_at_resume(paths: DataPaths) -> None:
    """A crash after the finished game's autosave and before its recent-game file: the
    next start keeps the game among the recent games, then counts it."""
    from spades_desktop.persistence import load_stats, record_from_state, resume_game, save_record

    save_record(paths, record_from_state(FINAL, "normal", ACTIONS, None, "crashed-1"))
    assert not paths.games_dir.exists() or not any(paths.games_dir.iterdir())

    resumed = resume_game(paths)

    assert resumed.settled is not None and resumed.settled.added
    games, notices = list_games(paths)
    assert notices == []
    assert [g.game.game_id for g in games] == ["crashed-1"]
    assert games[0].game.actions == tuple(action_to_str(a) for a in ACTIONS)
    stats, _ = load_stats(paths)
    assert stats["normal"].played == 1


def test_a_finished_autosave_whose_game_file_exists_is_not_kept_twice(
        paths: DataPaths) -> None:
    from spades_desktop.persistence import record_from_state, resume_game, save_record

    written = save_game(paths, finished_game("crashed-2"))
    before = written.read_bytes()
    save_record(paths, record_from_state(FINAL, "normal", ACTIONS, None, "crashed-2"))

    resume_game(paths)

    assert sorted(p.name for p in paths.games_dir.iterdir()) == [written.name]
    assert written.read_bytes() == before


# -- what a hostile folder or import holds: dates, numbers, a full folder ---------------------

def _write_doc(folder: Path, name: str, doc: dict[str, object]) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


# Valid ISO 8601 that is past the year 9999 or before the year 1 once in UTC, out of the
# range 2000-01-01 .. tomorrow, or in the year 999 (a file name that sorts wrongly).
BAD_DATES = ["9999-12-31T23:00:00-05:00", "0001-01-01T01:00:00+05:00",
             "1999-12-31T23:59:59+00:00", "0999-06-01T12:00:00+00:00",
             "9000-01-01T00:00:00+00:00"]


@pytest.mark.parametrize("field", ["finished", "started"])
@pytest.mark.parametrize("date", BAD_DATES)
def test_a_game_file_dated_out_of_range_is_set_aside(paths: DataPaths, field: str,
                                                     date: str) -> None:
    save_game(paths, finished_game("good"))
    bad = _write_doc(paths.games_dir, "20240102T000000Z-bad.json",
                     {**_doc(), "game_id": "bad", field: date})
    games, notices = list_games(paths)
    assert [g.game.game_id for g in games] == ["good"]
    assert [n.code for n in notices] == [NoticeCode.RECENT_GAME_SET_ASIDE]
    assert not bad.exists() and notices[0].file is not None and notices[0].file.exists()


@pytest.mark.parametrize("field", ["finished", "started"])
@pytest.mark.parametrize("date", BAD_DATES)
def test_an_import_dated_out_of_range_is_refused_with_its_reason(
        paths: DataPaths, tmp_path: Path, field: str, date: str) -> None:
    source = _write_doc(tmp_path, "friend.json", {**_doc(), field: date})
    before = snapshot(paths.root)
    with pytest.raises(GameFileError) as caught:
        import_game(source)
    assert caught.value.code is NoticeCode.IMPORT_BAD_DATE
    assert caught.value.notice.file == source
    assert "before 2000 or after tomorrow" in str(caught.value)
    assert snapshot(paths.root) == before


def test_the_date_range_is_2000_to_tomorrow() -> None:
    assert datetime(2000, 1, 1, tzinfo=timezone.utc) == EARLIEST_DATE
    now = datetime.now(timezone.utc)
    game = finished_game()
    for fine in (EARLIEST_DATE, now + timedelta(hours=23)):
        text = fine.isoformat(timespec="seconds")
        assert replace(game, finished=text, started=None).finished_at == fine.replace(
            microsecond=0)
        assert replace(game, started=text).started == text
    for wrong in (EARLIEST_DATE - timedelta(seconds=1), now + timedelta(days=1, hours=1)):
        text = wrong.isoformat(timespec="seconds")
        for field in ("finished", "started"):
            with pytest.raises(DateOutOfRangeError):
                replace(game, **{field: text})


@pytest.mark.parametrize(("key", "value"), [
    ("game_number", 2**64), ("game_number", 10**400), ("game_number", -1),
])
def test_a_game_number_no_deal_has_is_refused(key: str, value: int) -> None:
    with pytest.raises(ValueError, match="game number"):
        GameFile.from_dict({**_doc(), key: value})


@pytest.mark.parametrize(("scores", "hands"), [
    ({"NS": 10**400, "EW": 0}, None),     # a score no game reaches
    ({"NS": 0, "EW": -10**6}, None),
    (None, 10**400),                      # hands no game plays
    (None, 10**9 + 1),
])
def test_scores_and_hands_no_game_reaches_are_refused(
        paths: DataPaths, tmp_path: Path, scores: dict[str, int] | None,
        hands: int | None) -> None:
    doc = _doc()
    result = dict(doc["result"])  # type: ignore[call-overload]
    if scores is not None:
        result["scores"] = scores
    if hands is not None:
        result["hands_played"] = hands
    doc["result"] = result
    with pytest.raises(ValueError):
        GameFile.from_dict(doc)
    bad = _write_doc(paths.games_dir, "20240309T183005Z-game-1.json", doc)
    games, notices = list_games(paths)
    assert games == [] and len(notices) == 1 and not bad.exists()
    with pytest.raises(GameFileError) as caught:
        import_game(_write_doc(tmp_path, "friend.json", doc))
    assert caught.value.code is NoticeCode.IMPORT_DAMAGED


def test_a_file_named_for_another_date_or_game_is_set_aside(paths: DataPaths) -> None:
    """Names sort by date, and only the newest are read: a file must be named for its
    own finishing date and game id."""
    save_game(paths, finished_game("good"))
    later = _write_doc(paths.games_dir, "20250101T000000Z-game-1.json", _doc())
    other = _write_doc(paths.games_dir, "20240309T183005Z-other.json", _doc())
    games, notices = list_games(paths)
    assert [g.game.game_id for g in games] == ["good"]
    assert len(notices) == 2 and not later.exists() and not other.exists()


def test_only_the_newest_names_are_read(paths: DataPaths) -> None:
    """A restored backup of many files: listing reads the newest ``keep`` names and
    leaves the older files unread (a damaged one among them is not even noticed)."""
    for day in range(5):
        save_game(paths, finished_game(f"g{day}", WHEN + timedelta(days=day)), keep=10)
    older = [_write_doc(paths.games_dir, f"2023010{day}T000000Z-old{day}.json",
                        {"not": "read"}) for day in range(1, 8)]
    games, notices = list_games(paths, keep=3)
    assert [g.game.game_id for g in games] == ["g4", "g3", "g2"]
    assert notices == [] and all(p.exists() for p in older)
    # the next game kept prunes the folder to ``keep`` files
    save_game(paths, finished_game("g9", WHEN + timedelta(days=9)), keep=3)
    assert sorted(p.name for p in paths.games_dir.iterdir()) == [
        finished_game(f"g{d}", WHEN + timedelta(days=d)).file_name for d in (3, 4, 9)]


def test_damaged_files_among_the_newest_are_passed_over_to_fill_the_list(
        paths: DataPaths) -> None:
    for day in range(4):
        save_game(paths, finished_game(f"g{day}", WHEN + timedelta(days=day)))
    _write_doc(paths.games_dir, "20990101T000000Z-broken.json", {"broken": True})
    games, notices = list_games(paths, keep=3)
    assert [g.game.game_id for g in games] == ["g3", "g2", "g1"]
    assert len(notices) == 1


def test_a_reading_told_to_stop_ends_early(paths: DataPaths) -> None:
    for day in range(4):
        save_game(paths, finished_game(f"g{day}", WHEN + timedelta(days=day)))
    calls: list[int] = []

    def stop_after_two() -> bool:
        calls.append(1)
        return len(calls) > 2

    games, _ = list_games(paths, should_stop=stop_after_two)
    assert [g.game.game_id for g in games] == ["g3", "g2"]
    with pytest.raises(ValueError):
        list_games(paths, keep=0)


def test_a_game_file_that_is_a_link_is_set_aside_but_an_import_follows_one(
        paths: DataPaths, tmp_path: Path) -> None:
    mine = tmp_path / "mine.json"
    export_game(finished_game("linked"), mine)
    paths.games_dir.mkdir()
    link = paths.games_dir / finished_game("linked").file_name
    link.symlink_to(mine)
    before = mine.read_bytes()
    games, notices = list_games(paths)
    assert games == [] and len(notices) == 1
    assert mine.read_bytes() == before  # the link was set aside, its target untouched
    shortcut = tmp_path / "shortcut.json"
    shortcut.symlink_to(mine)
    assert import_game(shortcut) == finished_game("linked")


def test_an_import_is_kept_when_there_is_room(paths: DataPaths, tmp_path: Path) -> None:
    save_game(paths, finished_game("mine"))
    friend = other_game("friend", WHEN - timedelta(days=30))
    written = keep_import(paths, friend, tmp_path / "friend.json")
    assert written.name == friend.file_name
    assert [g.game.game_id for g in list_games(paths)[0]] == ["mine", "friend"]


OTHER_FINAL, OTHER_ACTIONS = play(RULES, NUMBER + 1)


def other_game(game_id: str, when: datetime = WHEN) -> GameFile:
    """A game other than :func:`finished_game`'s: the deals of the next game number."""
    return game_from_state(OTHER_FINAL, "normal", OTHER_ACTIONS, game_id=game_id,
                           finished=when)


ALREADY_KEPT = "this game is already in your recent games."


def test_an_import_of_a_game_kept_names_the_kept_game(paths: DataPaths,
                                                      tmp_path: Path) -> None:
    save_game(paths, other_game("another"))
    save_game(paths, finished_game("same", WHEN))
    before = snapshot(paths.root)
    source = tmp_path / "same.json"
    with pytest.raises(GameFileError) as caught:
        keep_import(paths, finished_game("same", WHEN + timedelta(days=1)), source)
    assert caught.value.code is NoticeCode.IMPORT_ALREADY_KEPT
    assert caught.value.notice.file == source
    assert_refusal_form(str(caught.value), "same.json", ALREADY_KEPT, tmp_path)
    assert caught.value.kept == finished_game("same", WHEN)  # the kept one, not the import
    assert snapshot(paths.root) == before


def test_a_copy_under_another_id_is_already_kept(paths: DataPaths, tmp_path: Path) -> None:
    """An exported file whose id was edited is still the same game: same rules, number
    and actions."""
    save_game(paths, other_game("another"))
    save_game(paths, finished_game("mine", WHEN))
    source = tmp_path / "copy.json"
    export_game(finished_game("mine", WHEN), source)
    doc = json.loads(source.read_text(encoding="utf-8"))
    doc["game_id"] = "renamed"
    doc["finished"] = "2024-03-10T09:00:00+00:00"  # and saved a day later
    source.write_text(json.dumps(doc), encoding="utf-8")
    copy = import_game(source)  # a valid game in itself
    assert copy.game_id == "renamed"
    before = snapshot(paths.root)
    with pytest.raises(GameFileError) as caught:
        keep_import(paths, copy, source)
    assert caught.value.code is NoticeCode.IMPORT_ALREADY_KEPT
    assert caught.value.kept is not None and caught.value.kept.game_id == "mine"
    assert_refusal_form(str(caught.value), "copy.json", ALREADY_KEPT, tmp_path)
    assert snapshot(paths.root) == before


@pytest.mark.parametrize("change", ["game_number", "rules", "actions", "deal"])
def test_a_game_differing_in_one_part_is_no_copy(change: str) -> None:
    game = finished_game("a")
    changed = {"game_number": {"game_number": NUMBER + 1},
               "rules": {"rules": {**game.rules, "target_score": 150}},
               "actions": {"actions": game.actions[:-1]},
               "deal": {"deal": (("2C",), ("3C",), ("4C",), ("5C",))}}[change]
    assert not game.same_play(replace(game, **changed))
    assert game.same_play(replace(game, game_id="b", finished="2024-05-01T00:00:00+00:00",
                                  started=None, difficulty="easy"))


def test_a_damaged_kept_file_of_the_same_game_is_replaced_by_the_import(
        paths: DataPaths, tmp_path: Path) -> None:
    damaged = _write_doc(paths.games_dir, finished_game("same").file_name, {"x": 1})
    written = keep_import(paths, finished_game("same", WHEN + timedelta(days=1)),
                          tmp_path / "same.json")
    assert not damaged.exists() and written.exists()


@pytest.mark.parametrize(("offset_days", "code", "reason"), [
    # older than every game kept
    (-1, NoticeCode.IMPORT_TOO_OLD,
     "your recent games are full, and this game is older than all of them."),
    # would push out the player's oldest game
    (1, NoticeCode.IMPORT_FOLDER_FULL,
     "your recent games are full, and importing this game would remove your oldest one. "
     "Remove a game you no longer need, then import again."),
    (30, NoticeCode.IMPORT_FOLDER_FULL,
     "your recent games are full, and importing this game would remove your oldest one. "
     "Remove a game you no longer need, then import again."),
])
def test_an_import_into_a_full_folder_is_refused_and_removes_nothing(
        paths: DataPaths, tmp_path: Path, offset_days: int, code: NoticeCode,
        reason: str) -> None:
    for day in range(3):
        save_game(paths, finished_game(f"mine{day}", WHEN + timedelta(days=day)), keep=3)
    before = snapshot(paths.root)
    imported = other_game("friend", WHEN + timedelta(days=offset_days))
    source = tmp_path / "friend.json"
    with pytest.raises(GameFileError) as caught:
        keep_import(paths, imported, source, keep=3)
    assert caught.value.code is code and caught.value.notice.file == source
    assert_refusal_form(str(caught.value), "friend.json", reason, tmp_path)
    assert snapshot(paths.root) == before


def test_an_import_that_cannot_be_written_is_refused(paths: DataPaths,
                                                     tmp_path: Path) -> None:
    paths.games_dir.write_text("not a folder")  # no game can be written there
    source = tmp_path / "friend.json"
    with pytest.raises(GameFileError) as caught:
        keep_import(paths, other_game("friend"), source)
    assert caught.value.code is NoticeCode.IMPORT_NOT_WRITTEN
    assert_refusal_form(str(caught.value), "friend.json",
                        "it could not be written among your recent games. Check that the "
                        "disk is not full.", tmp_path)
    assert caught.value.detail and paths.games_dir.read_text() == "not a folder"


def test_a_removed_game_is_gone_and_the_others_stay(paths: DataPaths) -> None:
    from spades_desktop.persistence import remove_game

    assert remove_game(paths, "none") == 0  # no folder yet
    mine = save_game(paths, finished_game("mine"))
    other = save_game(paths, finished_game("other", WHEN + timedelta(days=1)))
    assert remove_game(paths, "other") == 1
    assert not other.exists() and mine.exists()
    assert remove_game(paths, "other") == 0
