"""Engine-level save -> load -> replay, digests and the Rules dict (docs/rules.md §5, §6)."""

from __future__ import annotations

import json
import random

import pytest

from spades_desktop.engine import (
    Bid,
    IllegalActionError,
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
    validate_deal,
)

from .helpers import suit_cards


def random_history(seed: int, steps: int, rules: Rules | None = None):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    rules = rules or Rules(target_score=rng.randrange(100, 501, 50), blind_nil=True)
    state = new_game(rules, seed)
    actions = []
    for _ in range(steps):
        if state.current_player is None:
            break
        a = rng.choice(legal_actions(state))
        actions.append(a)
        state = apply_action(state, a)
    return rules, state, actions


@pytest.mark.parametrize("seed,steps", [(1, 0), (2, 3), (3, 4), (4, 57), (5, 200), (6, 5000)])
def test_replay_equals_the_played_state(seed: int, steps: int) -> None:
    rules, state, actions = random_history(seed, steps)
    again = replay(rules, seed, actions)
    assert again == state
    assert state_digest(again) == state_digest(state)
    # Through the save format: actions as text, rules as a JSON dict.
    saved = json.dumps({"rules": rules.to_dict(), "game": seed,
                        "actions": [action_to_str(a) for a in actions]})
    data = json.loads(saved)
    loaded = replay(Rules.from_dict(data["rules"]), data["game"],
                    [parse_action(t) for t in data["actions"]])
    assert loaded == state and state_digest(loaded) == state_digest(state)


def test_replay_with_a_fixed_deal() -> None:
    deal = {Seat.SOUTH: suit_cards("S"), Seat.WEST: suit_cards("H"),
            Seat.NORTH: suit_cards("D"), Seat.EAST: suit_cards("C")}
    state = new_game(Rules(), 3, deal=deal)
    actions = [Bid(3)] * 4 + [parse_card("AS"), parse_card("2H"), parse_card("2D")]
    for a in actions:
        state = apply_action(state, a)
    assert replay(Rules(), 3, actions, deal=deal) == state
    # Without the deal the game number's own cards are used: a different position.
    assert replay(Rules(), 3, actions[:4]).hand_masks != replay(
        Rules(), 3, actions[:4], deal=deal).hand_masks


def test_replay_raises_at_the_first_illegal_action() -> None:
    rules, state, actions = random_history(8, 10)
    bad = actions[:6] + [Bid(3)]  # a bid while playing
    with pytest.raises(IllegalActionError):
        replay(rules, 8, bad)


def test_digest_changes_after_one_more_action() -> None:
    rules, state, _ = random_history(9, 30)
    nxt = apply_action(state, legal_actions(state)[0])
    assert state_digest(nxt) != state_digest(state)
    digests = set()
    for a in legal_actions(state):
        digests.add(state_digest(apply_action(state, a)))
    assert len(digests) == len(legal_actions(state))


def test_digest_distinguishes_games_rules_and_bids() -> None:
    a = new_game(Rules(), 1)
    assert state_digest(a) == state_digest(new_game(Rules(), 1))
    assert state_digest(a) != state_digest(new_game(Rules(), 2))
    assert state_digest(a) != state_digest(new_game(Rules(target_score=250), 1))
    rules = Rules(blind_nil=True)
    b = new_game(rules, 1)
    assert state_digest(apply_action(b, Bid(0))) != state_digest(apply_action(b, Bid(1)))
    assert len(state_digest(a)) == 64 and int(state_digest(a), 16) >= 0


@pytest.mark.parametrize("rules", [
    Rules(), Rules(target_score=250), Rules(floor_score=None), Rules(bag_penalty=False),
    Rules(blind_nil=True), Rules(max_hands=1), Rules(target_score=1000, floor_score=-500),
])
def test_rules_dict_round_trip(rules: Rules) -> None:
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_default_rules_round_trip() -> None:
    assert Rules.from_dict(Rules().to_dict()) == Rules()


def _with(**change: object) -> dict[str, object]:
    d = Rules().to_dict()
    d.update(change)
    return d


@pytest.mark.parametrize("bad", [
    None, [], "rules", 500,
    {},
    {k: v for k, v in Rules().to_dict().items() if k != "max_hands"},
    _with(extra=1),
    _with(target_score=1050), _with(target_score=120), _with(target_score="500"),
    _with(target_score=500.0), _with(target_score=True),
    _with(floor_score="low"), _with(floor_score=100), _with(floor_score=-200.0),
    _with(bag_penalty="yes"), _with(bag_penalty=1), _with(bag_penalty=None),
    _with(blind_nil=0), _with(max_hands=0), _with(max_hands=101), _with(max_hands="30"),
])
def test_bad_rules_dicts_raise_value_error(bad: object) -> None:
    with pytest.raises(ValueError):
        Rules.from_dict(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("bad", "error"), [
    (-1, ValueError), (2**64, ValueError),
    (True, TypeError), (1.0, TypeError), ("7", TypeError), (None, TypeError),
])
def test_bad_game_numbers_rejected(bad: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="game number"):
        new_game(Rules(), bad)  # type: ignore[arg-type]


def _full_deal():  # type: ignore[no-untyped-def]
    return {Seat.SOUTH: suit_cards("S"), Seat.WEST: suit_cards("H"),
            Seat.NORTH: suit_cards("D"), Seat.EAST: suit_cards("C")}


def test_bad_deals_rejected() -> None:
    validate_deal(_full_deal())
    short = _full_deal()
    short[Seat.EAST] = short[Seat.EAST][:12]
    dup = _full_deal()
    dup[Seat.EAST] = dup[Seat.EAST][:12] + [parse_card("AS")]
    missing = _full_deal()
    del missing[Seat.NORTH]
    text = _full_deal()
    text[Seat.WEST] = ["2H"] + text[Seat.WEST][1:]
    for bad in (short, dup, missing, text):
        with pytest.raises(ValueError):
            validate_deal(bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            new_game(Rules(), 1, deal=bad)  # type: ignore[arg-type]
