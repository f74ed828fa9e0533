"""Saves fuzzed through the loader (property tests; docs/architecture.md, Persistence;
docs/rules.md §7).

A valid autosave is mutated: actions dropped, duplicated, reordered or replaced, the
game number, rules, digest, deal, difficulty or game id changed, the file cut short; a
forger may even recompute the digest of a mutated history. Whatever the file holds,
:func:`resume_game` never raises, and:

- a save it accepts replays legally, action by action through the engine, to the
  position it returns, whose digest is the saved one;
- a save it rejects is set aside (kept byte for byte as ``autosave.json.corrupt-*``)
  with the notice :data:`RESUME_FAILED_NOTICE`;
- a finished game is counted in the statistics and its save deleted, with no notice.

``SPADES_LONG_TESTS=1`` runs many more examples.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from spades_desktop.engine import (
    DECK,
    Action,
    Bid,
    Rules,
    Seat,
    action_to_str,
    apply_action,
    legal_actions,
    new_game,
    parse_action,
    parse_card,
    replay,
    state_digest,
)
from spades_desktop.persistence import (
    AUTOSAVE_FORMAT,
    AUTOSAVE_KIND,
    RESUME_FAILED_NOTICE,
    DataPaths,
    load_stats,
    prepare,
    record_from_state,
    resume_game,
)

LONG = os.environ.get("SPADES_LONG_TESTS") == "1"
FUZZ = settings(max_examples=2000 if LONG else 100, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ACTION_TEXTS = (
    [str(card) for card in DECK]
    + ["nil", "blind nil", "look"] + [f"bid {n}" for n in range(1, 14)]
    + ["bid 0", "bid 14", "bid -1", "bid ", "ZZ", "", "10S", "qs", " QS ", "Bid 4"]
)
ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.text(max_size=8),
    st.floats(allow_nan=False, allow_infinity=False), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


@st.composite
def valid_saves(draw: st.DrawFn) -> dict[str, Any]:
    """A genuine autosave document: rules, a game number, a history of legal actions
    (sometimes to the end of the game), maybe a fixed first deal and a game id."""
    rules = Rules(
        target_score=draw(st.sampled_from([100, 150, 300, 500])),
        floor_score=draw(st.sampled_from([None, -200, 0])),
        bag_penalty=draw(st.booleans()),
        blind_nil=draw(st.booleans()),
        max_hands=draw(st.integers(1, 4)),
    )
    number = draw(st.integers(0, 2**31))
    deal = None
    if draw(st.booleans()):
        cards = list(draw(st.permutations(DECK)))
        deal = {seat: tuple(cards[13 * i:13 * i + 13]) for i, seat in enumerate(Seat)}
    state = new_game(rules, number, deal)
    actions: list[Action] = []
    steps = draw(st.integers(0, 150))
    picks = draw(st.lists(st.integers(0, 20), min_size=1, max_size=8))
    for i in range(steps):
        if state.is_terminal:
            break
        legal = legal_actions(state)
        action = Bid(3) if Bid(3) in legal and i % 5 else legal[picks[i % len(picks)] % len(legal)]
        actions.append(action)
        state = apply_action(state, action)
    game_id = draw(st.one_of(st.none(), st.from_regex(r"[0-9a-z_-]{1,12}", fullmatch=True)))
    record = record_from_state(state, draw(st.sampled_from(["easy", "normal", "expert"])),
                               actions, deal, game_id)
    return {"kind": AUTOSAVE_KIND, "format": AUTOSAVE_FORMAT, **record.to_dict()}


def forge_digest(doc: dict[str, Any]) -> None:
    """What a careful forger would do: give the mutated history its true digest."""
    try:
        rules = Rules.from_dict(doc["rules"])
        deal = None if doc["deal"] is None else {
            seat: tuple(parse_card(c) for c in doc["deal"][i]) for i, seat in enumerate(Seat)}
        state = replay(rules, doc["game_number"], [parse_action(t) for t in doc["actions"]],
                       deal)
    except Exception:  # noqa: BLE001 - a history the engine refuses keeps its digest
        return
    doc["digest"] = state_digest(state)


@st.composite
def mutated_saves(draw: st.DrawFn) -> bytes:
    doc = draw(valid_saves())
    for _ in range(draw(st.integers(1, 3))):
        found = doc.get("actions")
        actions: list[Any] = found if isinstance(found, list) else []
        kind = draw(st.sampled_from([
            "drop", "cut", "duplicate", "swap", "replace", "number", "rules", "digest", "deal",
            "difficulty", "game_id", "key", "actions", "nothing"]))
        if kind == "drop" and actions:
            del actions[draw(st.integers(0, len(actions) - 1))]
        elif kind == "cut":
            del actions[draw(st.integers(0, len(actions))):]
        elif kind == "duplicate" and actions:
            i = draw(st.integers(0, len(actions) - 1))
            actions.insert(draw(st.integers(0, len(actions))), actions[i])
        elif kind == "swap" and len(actions) >= 2:
            i = draw(st.integers(0, len(actions) - 1))
            j = draw(st.integers(0, len(actions) - 1))
            actions[i], actions[j] = actions[j], actions[i]
        elif kind == "replace" and actions:
            value = draw(st.one_of(st.sampled_from(ACTION_TEXTS), ODD_VALUES))
            actions[draw(st.integers(0, len(actions) - 1))] = value
        elif kind == "number":
            number = doc.get("game_number")
            nearby = number + 1 if isinstance(number, int) else 0
            doc["game_number"] = draw(st.one_of(
                st.integers(-5, 2**40), st.just(nearby), ODD_VALUES))
        elif kind == "rules" and isinstance(doc.get("rules"), dict):
            rules = doc["rules"]
            key = draw(st.sampled_from([*rules, "extra"]))
            if draw(st.booleans()):
                rules.pop(key, None)
            else:
                rules[key] = draw(st.one_of(st.integers(-2000, 2000), ODD_VALUES))
        elif kind == "digest":
            doc["digest"] = draw(st.one_of(st.text(alphabet="0123456789abcdef", max_size=64),
                                           ODD_VALUES))
        elif kind == "deal":
            doc["deal"] = draw(st.one_of(
                st.none(),
                st.lists(st.lists(st.sampled_from(ACTION_TEXTS[:52]), max_size=14),
                         min_size=3, max_size=5),
                ODD_VALUES))
        elif kind == "difficulty":
            doc["difficulty"] = draw(st.one_of(st.sampled_from(["easy", "hard", ""]),
                                               ODD_VALUES))
        elif kind == "game_id":
            doc["game_id"] = draw(st.one_of(st.text(max_size=90), ODD_VALUES))
        elif kind == "key" and doc:
            doc.pop(draw(st.sampled_from(sorted(doc))))
        elif kind == "actions":
            doc["actions"] = draw(ODD_VALUES)
        if draw(st.integers(0, 2)) and isinstance(doc.get("actions"), list):
            forge_digest(doc)
    text = json.dumps(doc).encode()
    if draw(st.integers(0, 9)) == 0:
        text = text[:draw(st.integers(0, len(text)))]
    return text


def independent_replay(doc: dict[str, Any]) -> str:
    """Replay the saved history action by action (each checked legal by the engine) and
    return the final position's digest."""
    rules = Rules.from_dict(doc["rules"])
    deal = None if doc["deal"] is None else {
        seat: tuple(parse_card(c) for c in doc["deal"][i]) for i, seat in enumerate(Seat)}
    state = new_game(rules, doc["game_number"], deal)
    for text in doc["actions"]:
        action = parse_action(text)
        assert action in legal_actions(state), text
        state = apply_action(state, action)
    return state_digest(state)


def check_loader(content: bytes) -> str:
    """Load ``content`` as the autosave, check the outcome, and name it ("accepted",
    "set aside" or "finished")."""
    with tempfile.TemporaryDirectory() as folder:
        paths = DataPaths(Path(folder) / "data")
        prepare(paths)
        paths.autosave_file.write_bytes(content)
        result = resume_game(paths)  # never raises
        names = sorted(p.name for p in paths.root.iterdir())
        if result.state is not None:
            doc = json.loads(content)
            assert result.notice is None
            assert state_digest(result.state) == doc["digest"] == independent_replay(doc)
            assert [action_to_str(a) for a in result.actions] == [
                action_to_str(parse_action(t)) for t in doc["actions"]]
            assert names == ["autosave.json"]
            return "accepted"
        elif result.notice is not None:
            assert result.notice == RESUME_FAILED_NOTICE
            (kept,) = names
            assert kept.startswith("autosave.json.corrupt-")
            assert (paths.root / kept).read_bytes() == content
            return "set aside"
        else:  # a finished game: kept among the recent games, counted, save deleted
            doc = json.loads(content)
            assert independent_replay(doc) == doc["digest"]
            assert result.settled is not None
            if doc.get("game_id") is None:  # a save from before game ids: not kept
                assert names == ["statistics.json"]
            else:
                assert names == ["games", "statistics.json"]
                (game_file,) = (paths.root / "games").iterdir()
                assert json.loads(game_file.read_text())["actions"] == doc["actions"]
            stats, notice = load_stats(paths)
            assert notice is None and stats[doc["difficulty"]].played == 1
            return "finished"


@settings(FUZZ, max_examples=400 if LONG else 25)
@given(valid_saves())
def test_a_valid_save_always_loads(doc: dict[str, Any]) -> None:
    outcome = check_loader(json.dumps(doc).encode())
    event(outcome)
    assert outcome != "set aside"


@FUZZ
@given(mutated_saves())
def test_a_mutated_save_loads_legally_or_is_set_aside(content: bytes) -> None:
    event(check_loader(content))


def test_the_fuzzer_reaches_each_outcome() -> None:
    """Control: the three outcomes are all possible with the mutations above."""
    state = new_game(Rules(target_score=100, max_hands=1), 4)
    actions: list[Action] = []
    while not state.is_terminal:
        actions.append(legal_actions(state)[0])
        state = apply_action(state, actions[-1])
    finished = {"kind": AUTOSAVE_KIND, "format": AUTOSAVE_FORMAT,
                **record_from_state(state, "easy", actions).to_dict()}
    dropped = copy.deepcopy(finished)
    dropped["actions"].pop()
    forge_digest(dropped)
    wrong = copy.deepcopy(dropped)
    wrong["digest"] = "0" * 64
    outcomes = [check_loader(json.dumps(doc).encode()) for doc in (finished, dropped, wrong)]
    assert outcomes == ["finished", "accepted", "set aside"]
