"""Saves written by an earlier version still resume (DESIGN: no lost game ever).

The files in ``data/`` were written by earlier versions of the app, all in autosave
format 1: ``autosave_hand1_mid_trick.json`` and ``autosave_hand3_blind_nil.json``
before the engine's internal representation changed (commit af42ec0),
``autosave_format1_hand4.json`` (three finished hands: contracts made and set, a team
with no contract, failed Nils and a bag penalty) and ``autosave_format1_finished.json``
(a finished game) just before the format-2 digest. Resuming replays the actions
through today's engine and compares the digest by the formula of the file's format
(format 1: ``legacy_state_digest``), so any change in the deals, the rules or that
formula would set these saves aside as corrupt. The expected positions below are what
the earlier versions showed for each file.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from spades_desktop.engine import (
    GameResult,
    HandScore,
    Phase,
    Rules,
    Team,
    finished_scores,
    legacy_state_digest,
    new_game,
    replay,
    state_digest,
)
from spades_desktop.persistence import (
    AUTOSAVE_FORMAT,
    RESUME_FAILED_NOTICE,
    DataPaths,
    load_record,
    load_stats,
    record_from_state,
    save_record,
)
from spades_desktop.persistence.autosave import GameRecord, digest_of
from spades_desktop.persistence.lifecycle import resume_game
from spades_desktop.persistence.replay import rebuild_game

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(
    ("name", "difficulty", "hand_number", "cards_in_trick", "scores", "rules"),
    [
        ("hand1_mid_trick", "normal", 1, 3, (0, 0), Rules()),
        ("hand3_blind_nil", "expert", 3, 2, (-205, -240),
         Rules(target_score=1000, floor_score=None, blind_nil=True)),
    ],
)
def test_a_save_from_the_earlier_engine_resumes_where_it_was(
        paths: DataPaths, name: str, difficulty: str, hand_number: int,
        cards_in_trick: int, scores: tuple[int, int], rules: Rules) -> None:
    shutil.copy(DATA / f"autosave_{name}.json", paths.autosave_file)
    result = resume_game(paths)
    assert result.notice is None, result.message  # not set aside as corrupt
    state = result.state
    assert state is not None and result.difficulty == difficulty
    assert state.rules == rules and state.phase is Phase.PLAYING
    assert state.hand_number == hand_number
    assert len(state.current_trick) == cards_in_trick
    assert (state.scores[Team.NS], state.scores[Team.EW]) == scores
    assert paths.autosave_file.exists()


def test_a_save_from_before_the_hand_record_resumes_with_its_finished_hands(
        paths: DataPaths) -> None:
    """The hand-3 save was written before the engine kept a record of each hand: on
    resume the two finished hands are on record, each with 13 tricks and four bids,
    their scores adding up to the scores shown then (-205, -240), and no seat has looked
    at its cards in hand 3 (the look did not exist then)."""
    shutil.copy(DATA / "autosave_hand3_blind_nil.json", paths.autosave_file)
    state = resume_game(paths).state
    assert state is not None
    assert [r.hand_number for r in state.hand_records] == [1, 2]
    for record in state.hand_records:
        assert len(record.tricks) == 13 and sum(record.tricks_won) == 13
        assert all(b is not None for b in record.bids)
        assert all(len(hand) == 13 for hand in record.deal if hand is not None)
    totals = [sum(r.score[t].total for r in state.hand_records if r.score is not None)
              for t in Team]
    assert tuple(totals) == (-205, -240)
    assert state.cards_seen == (False, False, False, False)


# -- autosave format 1 (the earlier digest) and format 2 ------------------------------

FORMAT1_HAND4 = DATA / "autosave_format1_hand4.json"
FORMAT1_FINISHED = DATA / "autosave_format1_finished.json"
HAND4_ROWS = (
    (HandScore(40, 3, 0, 0, 43, 3, True), HandScore(30, 3, 0, 0, 33, 3, True)),
    (HandScore(-70, 0, 0, 0, -70, 3, False), HandScore(40, 3, 0, 0, 43, 6, True)),
    (HandScore(60, 0, 0, 0, 60, 3, True), HandScore(0, 7, -200, -100, -293, 3, None)),
)
"""The score sheet the format-1 hand-4 save showed when it was written (NS, EW)."""


def _doc(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def _write(paths: DataPaths, doc: dict[str, Any]) -> None:
    paths.autosave_file.write_text(json.dumps(doc), encoding="utf-8")


def _set_aside(paths: DataPaths) -> list[str]:
    return sorted(p.name for p in paths.root.iterdir() if ".corrupt-" in p.name)


def test_a_format1_save_resumes_to_the_position_it_was_written_at(paths: DataPaths) -> None:
    doc = _doc(FORMAT1_HAND4)
    assert doc["format"] == 1
    shutil.copy(FORMAT1_HAND4, paths.autosave_file)
    result = resume_game(paths)
    assert result.notice is None, result.message
    state = result.state
    assert state is not None
    assert (result.difficulty, result.game_id, result.hints) == (
        "expert", "fixture-legacy-digest", 2)
    rules = Rules(target_score=1000, floor_score=None, blind_nil=True)
    assert state == replay(rules, doc["game_number"], result.actions)
    assert state.hand_number == 4 and state.phase is Phase.PLAYING
    assert len(state.current_trick) == 2
    assert state.scores == {Team.NS: 33, Team.EW: -217}
    assert state.bags == {Team.NS: 3, Team.EW: 3}
    assert tuple((r[Team.NS], r[Team.EW]) for r in finished_scores(state.hand_records)) \
        == HAND4_ROWS
    # the file's digest is the format-1 formula's, which differs from today's
    assert doc["digest"] == legacy_state_digest(state) == digest_of(state, 1)
    assert state_digest(state) != doc["digest"]
    record = load_record(paths)
    assert record is not None and record.save_format == 1
    assert paths.autosave_file.exists()


def test_a_resumed_format1_game_is_saved_next_in_the_current_format(
        paths: DataPaths) -> None:
    shutil.copy(FORMAT1_HAND4, paths.autosave_file)
    result = resume_game(paths)
    assert result.state is not None
    save_record(paths, record_from_state(result.state, "expert", result.actions,
                                         game_id=result.game_id, hints=result.hints))
    doc = _doc(paths.autosave_file)
    assert doc["format"] == AUTOSAVE_FORMAT == 2
    assert doc["digest"] == state_digest(result.state)
    again = resume_game(paths)
    assert again.notice is None and again.state == result.state


def test_a_record_loaded_from_format1_is_written_back_as_format1(paths: DataPaths) -> None:
    shutil.copy(FORMAT1_HAND4, paths.autosave_file)
    record = load_record(paths)
    assert record is not None
    save_record(paths, record)
    assert _doc(paths.autosave_file)["format"] == 1
    assert resume_game(paths).notice is None


def test_a_finished_format1_game_is_counted_not_set_aside(paths: DataPaths) -> None:
    """A finished game left in a format-1 autosave (a crash at the end of the game) is
    ended at start like any other: its digest, result included, is checked with the
    format-1 formula."""
    shutil.copy(FORMAT1_FINISHED, paths.autosave_file)
    result = resume_game(paths)
    assert result.notice is None, result.message
    assert result.settled is not None and result.settled.added
    assert not paths.autosave_file.exists() and _set_aside(paths) == []
    stats, _ = load_stats(paths)
    assert stats.counted == ("fixture-legacy-finished",) and stats["normal"].played == 1


def test_a_new_save_round_trips_in_the_current_format(paths: DataPaths) -> None:
    doc = _doc(FORMAT1_HAND4)
    state, actions, _ = rebuild_game(doc["rules"], doc["game_number"], doc["actions"][:60])
    record = record_from_state(state, "normal", actions, game_id="round-trip")
    assert record.save_format == AUTOSAVE_FORMAT and record.digest == state_digest(state)
    save_record(paths, record)
    assert _doc(paths.autosave_file)["format"] == AUTOSAVE_FORMAT
    assert load_record(paths) == record
    result = resume_game(paths)
    assert result.notice is None and result.state == state


def _current_doc() -> dict[str, Any]:
    state, actions, _ = rebuild_game(Rules().to_dict(), 7, ())
    return {"kind": "spades-desktop-autosave", "format": AUTOSAVE_FORMAT,
            **record_from_state(state, "easy", actions).to_dict()}


@pytest.mark.parametrize("version", ["format 1", "format 2"])
def test_a_tampered_digest_is_refused_in_either_format(paths: DataPaths, version: str) -> None:
    doc = _doc(FORMAT1_HAND4) if version == "format 1" else _current_doc()
    digest = doc["digest"]
    doc["digest"] = ("0" if digest[0] != "0" else "1") + digest[1:]
    _write(paths, doc)
    result = resume_game(paths)
    assert result.state is None and result.notice == RESUME_FAILED_NOTICE
    assert result.message == RESUME_FAILED_NOTICE.message
    assert not paths.autosave_file.exists() and len(_set_aside(paths)) == 1


def test_the_format_decides_the_digest_formula(paths: DataPaths) -> None:
    """A format-1 file with today's digest, or a format-2 file with the format-1 digest,
    replays to a position of another digest: refused."""
    doc = _doc(FORMAT1_HAND4)
    state, _, _ = rebuild_game(doc["rules"], doc["game_number"], doc["actions"])
    _write(paths, {**doc, "digest": state_digest(state)})
    assert resume_game(paths).notice == RESUME_FAILED_NOTICE
    _write(paths, {**doc, "format": 2})
    assert resume_game(paths).notice == RESUME_FAILED_NOTICE
    assert len(_set_aside(paths)) == 2


@pytest.mark.parametrize("bad", [0, 3, True, "2", None])
def test_a_record_of_an_unknown_format_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="save format"):
        GameRecord({}, 1, "easy", (), "ab", save_format=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="save format"):
        digest_of(new_game(Rules(), 1), bad)  # type: ignore[arg-type]


def test_neither_digest_depends_on_how_the_score_classes_print(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Both formulas write the finished hands' rows and the result field by field: a
    different ``repr`` of :class:`HandScore` or :class:`GameResult` changes neither."""
    doc = _doc(FORMAT1_FINISHED)
    state, _, _ = rebuild_game(doc["rules"], doc["game_number"], doc["actions"])
    assert state.result is not None and len(state.hand_records) == 2
    before = (state_digest(state), legacy_state_digest(state))
    assert before[1] == doc["digest"]
    monkeypatch.setattr(HandScore, "__repr__", lambda self: "a row")
    monkeypatch.setattr(GameResult, "__repr__", lambda self: "a result")
    assert (state_digest(state), legacy_state_digest(state)) == before
