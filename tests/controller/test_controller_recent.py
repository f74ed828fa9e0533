"""The controller keeps every finished game, and every game abandoned for a new one,
among the recent games (docs/architecture.md, Persistence; docs/rules.md §7)."""

from __future__ import annotations

from spades_desktop.controller import GameController
from spades_desktop.engine import (
    Action,
    Bid,
    GameState,
    Rules,
    Seat,
    Team,
    action_to_str,
    apply_action,
    legal_actions,
    new_game,
)
from spades_desktop.persistence import DataPaths, GameFile, list_games

from .fakes import FakeRunner

RULES = Rules(target_score=100)
NUMBER = 11


def whole_game() -> tuple[GameState, list[Action]]:
    """Everyone bids 3 when allowed, then plays the first legal card."""
    state = new_game(RULES, NUMBER)
    actions: list[Action] = []
    while not state.is_terminal:
        legal = legal_actions(state)
        action = Bid(3) if Bid(3) in legal else legal[0]
        actions.append(action)
        state = apply_action(state, action)
    return state, actions


FINAL, ACTIONS = whole_game()


def test_a_finished_game_is_kept_and_listed_after_a_restart(paths: DataPaths, qapp) -> None:
    controller = GameController(paths, FakeRunner())
    kept: list[GameFile] = []
    controller.game_kept.connect(kept.append)
    controller.start_new_game(RULES, NUMBER, "expert")
    for action in ACTIONS:
        assert controller.submit(action)
    assert controller.state == FINAL
    (game,) = kept
    assert game.game_id == controller.game_id and not game.abandoned
    controller.shutdown()

    # the program starts again: a new controller, the list read from the folder
    GameController(paths, FakeRunner()).shutdown()
    games, notices = list_games(DataPaths(paths.root))
    assert notices == []
    (listed,) = games
    assert listed.game == game
    assert listed.game.actions == tuple(action_to_str(a) for a in ACTIONS)
    assert (listed.game.game_number, listed.game.difficulty) == (NUMBER, "expert")
    assert listed.game.started is not None
    assert listed.game.started_at <= listed.game.finished_at  # type: ignore[operator]
    result = FINAL.result
    assert result is not None
    assert listed.game.scores == (result.scores[Team.NS], result.scores[Team.EW])
    assert listed.state == FINAL


def test_a_game_left_for_a_new_one_is_kept_as_abandoned(paths: DataPaths, qapp) -> None:
    controller = GameController(paths, FakeRunner())
    controller.start_new_game(RULES, NUMBER + 1, "easy")
    controller.start_new_game(RULES, NUMBER, "easy")  # nothing played: not kept
    assert list_games(paths) == ([], [])
    first_id = controller.game_id
    for action in ACTIONS[:10]:
        assert controller.submit(action)
    controller.start_new_game(RULES, 3, "normal")
    (listed,), _ = list_games(paths)
    assert listed.game.game_id == first_id and listed.game.outcome == "abandoned"
    assert listed.actions == tuple(ACTIONS[:10])
    assert controller.state == new_game(RULES, 3) and controller.game_id != first_id
    controller.shutdown()


def test_abandon_game_keeps_the_game_without_changing_it(paths: DataPaths, qapp) -> None:
    controller = GameController(paths, FakeRunner())
    assert not controller.abandon_game()  # no game
    controller.start_new_game(RULES, NUMBER, "normal")
    for action in ACTIONS[:5]:
        assert controller.submit(action)
    before = controller.state
    assert controller.abandon_game()
    assert controller.state == before
    (listed,), _ = list_games(paths)
    assert listed.state == before and listed.game.abandoned
    controller.shutdown()


def test_a_game_without_a_human_is_not_kept(paths: DataPaths, qapp) -> None:
    controller = GameController(paths, FakeRunner())
    controller.bot_seats = frozenset(Seat)
    controller.start_new_game(RULES, NUMBER, "normal")
    for action in ACTIONS:
        assert controller.submit(action)
    assert controller.state == FINAL
    assert list_games(paths) == ([], [])
    controller.shutdown()
