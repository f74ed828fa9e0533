"""Saves written by an earlier version still resume (DESIGN: no lost game ever).

The two files in ``data/`` were written by the app as it was before the engine's
internal representation changed (commit af42ec0): the same autosave format, the same
deals and a digest of the whole position. Resuming replays the actions through
today's engine and compares digests, so any change in the deals, the rules or the
digest would set these saves aside as corrupt. The expected positions below are
what that earlier version showed for each file.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from spades_desktop.engine import Phase, Rules, Team
from spades_desktop.persistence import DataPaths
from spades_desktop.persistence.lifecycle import resume_game

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
