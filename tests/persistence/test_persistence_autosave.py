"""Autosave: record round trip, save → load → replay equality, quarantine (docs/rules.md §7)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spades_desktop.engine import (
    Action,
    Bid,
    Card,
    GameState,
    Rules,
    Seat,
    Team,
    action_to_str,
    apply_action,
    deal_hands,
    legal_actions,
    new_game,
    parse_card,
    state_digest,
)
from spades_desktop.persistence import DataPaths, Notice, NoticeCode, load_stats
from spades_desktop.persistence.atomic import CorruptFileError, NewerFormatError
from spades_desktop.persistence.autosave import (
    AUTOSAVE_FORMAT,
    AUTOSAVE_KIND,
    RESUME_FAILED_MESSAGE,
    RESUME_FAILED_NOTICE,
    GameRecord,
    delete_autosave,
    load_record,
    record_from_state,
    save_record,
)
from spades_desktop.persistence.lifecycle import ResumeResult, resume_game

from .conftest import files_in

RECORD = GameRecord(
    rules={"target_score": 500},
    game_number=42,
    difficulty="expert",
    actions=("bid 3", "nil", "QS"),
    digest="abc123",
)


def play(state: GameState, steps: int, pick: int = 0) -> tuple[GameState, list[Action]]:
    """Take ``steps`` actions or stop when the game ends.

    Bids are ``bid 3`` (so a game lasts several hands); cards are the
    ``(pick * i)``-th legal card, modulo the number of legal cards.
    """
    actions: list[Action] = []
    for i in range(steps):
        if state.is_terminal:
            break
        legal = legal_actions(state)
        if isinstance(legal[0], Bid):
            action: Action = Bid(3)
        else:
            action = legal[(pick * i) % len(legal)]
        state = apply_action(state, action)
        actions.append(action)
    return state, actions


def autosave_doc(paths: DataPaths) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(paths.autosave_file.read_text(encoding="utf-8"))
    return result


def write_doc(paths: DataPaths, doc: dict[str, Any]) -> None:
    paths.autosave_file.write_text(json.dumps(doc), encoding="utf-8")


def assert_quarantined(paths: DataPaths, result: ResumeResult) -> None:
    assert result == ResumeResult(notice=RESUME_FAILED_NOTICE)
    assert result.notice is not None
    assert result.notice.code is NoticeCode.AUTOSAVE_SET_ASIDE and result.notice.args == {}
    assert result.message == RESUME_FAILED_MESSAGE == (
        "The saved game could not be read and has been set aside; a new game will start."
    )
    assert not paths.autosave_file.exists()
    (kept,) = paths.root.iterdir()
    assert kept.name.startswith("autosave.json.corrupt-")


# --- the record alone ----------------------------------------------------------------


@pytest.mark.parametrize(
    "record",
    [
        RECORD,
        GameRecord(
            rules={}, game_number=0, difficulty="easy", actions=(), digest="d",
            deal=(("AS",), (), ("2C", "3C"), ("KH",)),
        ),
    ],
)
def test_record_round_trip(paths: DataPaths, record: GameRecord) -> None:
    save_record(paths, record)
    assert load_record(paths) == record
    doc = autosave_doc(paths)
    assert doc["kind"] == AUTOSAVE_KIND and doc["format"] == AUTOSAVE_FORMAT
    assert files_in(paths.root) == {"autosave.json"}


def test_no_file(paths: DataPaths) -> None:
    assert load_record(paths) is None
    assert resume_game(paths) == ResumeResult()
    assert files_in(paths.root) == set()


def test_delete_autosave_is_idempotent(paths: DataPaths) -> None:
    save_record(paths, RECORD)
    delete_autosave(paths)
    delete_autosave(paths)
    assert files_in(paths.root) == set()


def good_doc() -> dict[str, Any]:
    return {"kind": AUTOSAVE_KIND, "format": AUTOSAVE_FORMAT, **RECORD.to_dict()}


BAD_FIELDS: dict[str, tuple[str, object]] = {
    "negative game number": ("game_number", -1),
    "bool game number": ("game_number", True),
    "text game number": ("game_number", "42"),
    "float game number": ("game_number", 42.0),
    "unknown difficulty": ("difficulty", "hard"),
    "actions not a list": ("actions", "bid 3"),
    "action not text": ("actions", ["bid 3", 4]),
    "empty digest": ("digest", ""),
    "digest not text": ("digest", 7),
    "rules not an object": ("rules", [1, 2]),
    "deal of three hands": ("deal", [["AS"], ["KS"], ["QS"]]),
    "deal with a number": ("deal", [["AS"], ["KS"], ["QS"], [5]]),
    "deal not a list": ("deal", "AS KS"),
}


@pytest.mark.parametrize(("key", "value"), BAD_FIELDS.values(), ids=BAD_FIELDS.keys())
def test_load_record_rejects_bad_fields(paths: DataPaths, key: str, value: object) -> None:
    write_doc(paths, {**good_doc(), key: value})
    before = paths.autosave_file.read_bytes()
    with pytest.raises(CorruptFileError) as info:
        load_record(paths)
    assert str(info.value).endswith(".")
    assert paths.autosave_file.read_bytes() == before  # loading alone never moves the file


@pytest.mark.parametrize("key", ["rules", "game_number", "difficulty", "actions", "digest", "deal"])
def test_load_record_rejects_missing_keys(paths: DataPaths, key: str) -> None:
    doc = good_doc()
    del doc[key]
    write_doc(paths, doc)
    with pytest.raises(CorruptFileError, match=key):
        load_record(paths)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b'{"kind": "spades-desktop-autosave", "format": 1, "rules": {',
        b'{"kind": "spades-desktop-settings", "format": 1}',
    ],
    ids=["empty", "truncated", "foreign kind"],
)
def test_unreadable_autosave_is_quarantined(paths: DataPaths, content: bytes) -> None:
    paths.autosave_file.write_bytes(content)
    with pytest.raises(CorruptFileError):
        load_record(paths)
    result = resume_game(paths)
    assert_quarantined(paths, result)
    assert next(paths.root.iterdir()).read_bytes() == content


def test_a_save_from_a_newer_version_is_kept_unchanged_with_its_own_notice(
    paths: DataPaths,
) -> None:
    content = b'{"kind": "spades-desktop-autosave", "format": 99, "whatever": [1, 2]}'
    paths.autosave_file.write_bytes(content)
    with pytest.raises(NewerFormatError) as info:
        load_record(paths)
    assert (info.value.found, info.value.supported) == (99, AUTOSAVE_FORMAT)
    assert paths.autosave_file.read_bytes() == content  # loading alone moves nothing
    result = resume_game(paths)
    assert result.state is None
    (kept,) = paths.root.iterdir()
    assert kept.name.startswith("autosave.json.newer-")
    assert kept.read_bytes() == content
    assert result.notice == Notice(NoticeCode.AUTOSAVE_NEWER, file=kept)
    assert result.message == (
        "The saved game was made by a newer version of Spades Desktop; it is kept "
        f"unchanged as {kept} and a new game will start."
    )
    # a new game's save goes to autosave.json and leaves the newer one alone
    save_record(paths, RECORD)
    assert kept.read_bytes() == content
    assert files_in(paths.root) == {"autosave.json", kept.name}


# --- with the engine -----------------------------------------------------------------


def test_save_load_replay_equality(paths: DataPaths) -> None:
    state, actions = play(new_game(Rules(), 7), 100)
    assert len(actions) == 100 and not state.is_terminal
    record = record_from_state(state, "normal", actions)
    assert record.actions == tuple(action_to_str(a) for a in actions)
    assert record.digest == state_digest(state)
    assert record.rules == Rules().to_dict() and record.game_number == 7
    save_record(paths, record)

    result = resume_game(paths)
    assert result.notice is None and result.message is None
    assert result.state == state
    assert result.difficulty == "normal"
    assert result.actions == tuple(actions)
    assert result.deal is None
    assert files_in(paths.root) == {"autosave.json"}  # a resumed save stays in place


@pytest.mark.parametrize("steps", [0, 1, 4, 5, 56, 57, 200])
def test_resume_at_many_points_with_other_rules(paths: DataPaths, steps: int) -> None:
    rules = Rules(target_score=250, floor_score=None, bag_penalty=False, blind_nil=True)
    state, actions = play(new_game(rules, 123456789), steps, pick=3)
    assert len(actions) == steps and not state.is_terminal
    save_record(paths, record_from_state(state, "easy", actions))
    result = resume_game(paths)
    assert result.state == state
    assert result.state is not None and result.state.rules == rules
    assert result.difficulty == "easy"


@pytest.mark.parametrize("deck", ["joker-joker", "joker-joker-deuce-deuce"])
def test_a_joker_deck_game_is_saved_and_resumed(paths: DataPaths, deck: str) -> None:
    # Whole hands under a joker deck (docs/rules.md, Deck): the jokers and the trump
    # twos are written as on the card and read back with the game's deck.
    rules = Rules(deck=deck)
    state, actions = play(new_game(rules, 31), 200, pick=1)
    played = {str(a) for a in actions if isinstance(a, Card)}
    assert {"LJ", "BJ"} <= played
    if deck == "joker-joker-deuce-deuce":
        assert any(isinstance(a, Card) and a.rank == 16 for a in actions)  # the 2♦ trump
    record = record_from_state(state, "normal", actions)
    assert record.rules["deck"] == deck
    save_record(paths, record)
    result = resume_game(paths)
    assert result.state == state and result.actions == tuple(actions)
    assert result.state is not None and result.state.rules.deck == deck


def test_a_fixed_joker_deal_is_saved_and_used(paths: DataPaths) -> None:
    rules = Rules(deck="joker-joker-deuce-deuce")
    hands = deal_hands(8, 1, Seat.EAST, rules.deck_number)
    deal = {seat: hands[Seat((seat + 1) % 4)] for seat in Seat}
    state, actions = play(new_game(rules, 8, deal), 30)
    save_record(paths, record_from_state(state, "expert", actions, deal))
    result = resume_game(paths)
    assert result.state == state and result.deal == deal


def rotated_deal(game_number: int) -> dict[Seat, tuple[Card, ...]]:
    """A valid deal that differs from the game number's own first deal."""
    hands = deal_hands(game_number, 1, Seat.EAST)
    return {seat: hands[Seat((seat + 1) % 4)] for seat in Seat}


def test_fixed_deal_is_saved_and_used(paths: DataPaths) -> None:
    deal = rotated_deal(5)
    state, actions = play(new_game(Rules(), 5, deal), 30)
    record = record_from_state(state, "expert", actions, deal)
    assert record.deal == tuple(tuple(str(c) for c in deal[s]) for s in Seat)
    save_record(paths, record)
    result = resume_game(paths)
    assert result.state == state
    assert result.deal == deal


def test_fixed_deal_dropped_from_file_is_detected(paths: DataPaths) -> None:
    deal = rotated_deal(5)
    state, actions = play(new_game(Rules(), 5, deal), 30)
    save_record(paths, record_from_state(state, "expert", actions, deal))
    doc = autosave_doc(paths)
    doc["deal"] = None
    write_doc(paths, doc)
    assert_quarantined(paths, resume_game(paths))


def test_record_from_state_rejects_bad_input() -> None:
    state, actions = play(new_game(Rules(), 1), 3)
    with pytest.raises(ValueError, match="difficulty"):
        record_from_state(state, "impossible", actions)
    with pytest.raises(ValueError, match="four seats"):
        record_from_state(state, "normal", actions, {Seat.SOUTH: ()})


def first_card_index(actions: list[str]) -> int:
    return next(i for i, a in enumerate(actions) if not a.startswith("bid") and "nil" not in a)


def tamper_illegal_card(doc: dict[str, Any]) -> None:
    # the leader of the first trick plays the card the next seat holds
    i = first_card_index(doc["actions"])
    doc["actions"][i] = doc["actions"][i + 1]


def tamper_change_bids(doc: dict[str, Any]) -> None:
    doc["actions"][0] = "bid 13"  # still legal, but a different game


def tamper_drop_last(doc: dict[str, Any]) -> None:
    doc["actions"].pop()


def tamper_unparsable(doc: dict[str, Any]) -> None:
    doc["actions"][3] = "bid ninety"


def tamper_digest(doc: dict[str, Any]) -> None:
    doc["digest"] = "0" * 64


def tamper_rules(doc: dict[str, Any]) -> None:
    doc["rules"]["target_score"] = 123


def tamper_rules_key(doc: dict[str, Any]) -> None:
    doc["rules"]["jokers"] = True


def tamper_game_number(doc: dict[str, Any]) -> None:
    doc["game_number"] += 1


def tamper_deal_duplicate(doc: dict[str, Any]) -> None:
    doc["deal"] = [["AS"] * 13, ["KS"] * 13, ["QS"] * 13, ["JS"] * 13]


def tamper_deal_bad_card(doc: dict[str, Any]) -> None:
    doc["deal"] = [["ZZ"], [], [], []]


TAMPERS = [
    tamper_illegal_card, tamper_change_bids, tamper_drop_last, tamper_unparsable,
    tamper_digest, tamper_rules, tamper_rules_key, tamper_game_number,
    tamper_deal_duplicate, tamper_deal_bad_card,
]


@pytest.mark.parametrize("tamper", TAMPERS, ids=[t.__name__ for t in TAMPERS])
def test_tampered_save_is_quarantined(paths: DataPaths, tamper: Any) -> None:
    state, actions = play(new_game(Rules(), 7), 60)
    assert len(actions) == 60 and not state.is_terminal
    save_record(paths, record_from_state(state, "normal", actions))
    doc = autosave_doc(paths)
    tamper(doc)
    write_doc(paths, doc)
    assert_quarantined(paths, resume_game(paths))
    # the next start is clean
    assert resume_game(paths) == ResumeResult()


def test_unchanged_save_control(paths: DataPaths) -> None:
    """Control for the tamper tests: rewriting the same document resumes fine."""
    state, actions = play(new_game(Rules(), 7), 60)
    save_record(paths, record_from_state(state, "normal", actions))
    write_doc(paths, autosave_doc(paths))
    assert resume_game(paths).state == state


def test_finished_game_is_not_resumed_but_counted(paths: DataPaths) -> None:
    state, actions = play(new_game(Rules(target_score=100), 11), 10_000, pick=1)
    assert state.is_terminal and len(actions) > 56 and state.result is not None
    save_record(paths, record_from_state(state, "expert", actions, game_id="g11"))
    result = resume_game(paths)
    assert result.state is None and result.notice is None and result.actions == ()
    # deleted, not quarantined; the result went to the recent games and the statistics
    assert files_in(paths.root) == {"games", "statistics.json"}
    assert [p.name.endswith("-g11.json") for p in paths.games_dir.iterdir()] == [True]
    assert result.settled is not None and result.settled.added
    stats, notice = load_stats(paths)
    assert notice is None and stats == result.settled.stats
    ns, ew = state.result.scores[Team.NS], state.result.scores[Team.EW]
    assert stats["expert"].played == 1 and stats.counted == ("g11",)
    assert stats["expert"].best_margin == ns - ew
    assert stats["easy"].played == stats["normal"].played == 0


def test_card_text_matches_engine() -> None:
    assert str(parse_card("QS")) == "QS"
    assert action_to_str(Bid(0)) == "nil"


def test_autosave_survives_crash_during_save(
    paths: DataPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, actions = play(new_game(Rules(), 3), 20)
    save_record(paths, record_from_state(state, "normal", actions))
    later, more = play(state, 5)

    def crash(src: object, dst: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr("spades_desktop.persistence.atomic.os.replace", crash)
    with pytest.raises(OSError):
        save_record(paths, record_from_state(later, "normal", actions + more))
    monkeypatch.undo()
    assert resume_game(paths).state == state
    assert files_in(paths.root) == {"autosave.json"}


def test_resume_result_paths_are_under_root(tmp_path: Path) -> None:
    assert DataPaths(tmp_path).autosave_file.parent == tmp_path
