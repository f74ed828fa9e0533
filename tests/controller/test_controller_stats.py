"""What the controller counts: a finished game with its hand records and hints, an
abandoned game (once), and the hints kept in the autosave across a restart
(persistence/stats.py; docs/architecture.md, Persistence).

The games are one hand long (``Rules(max_hands=1)``) and every seat takes the first
legal action, which is a Nil bid for all four; the expected figures are worked out by
hand from the tricks each seat takes (printed with each game below), by docs/rules.md §4."""

from __future__ import annotations

from spades_desktop.controller import GameController
from spades_desktop.engine import (
    Action,
    Bid,
    GameState,
    Rules,
    Seat,
    apply_action,
    legal_actions,
    new_game,
)
from spades_desktop.persistence import DataPaths, load_record, load_stats, resume_game

from .fakes import FakeRunner

ONE_HAND = Rules(max_hands=1)


def first_actions(number: int, stop_before_end: int = 0) -> tuple[GameState, list[Action]]:
    """Game ``number`` with the first legal action each time, ``stop_before_end`` actions
    short of its end."""
    state = new_game(ONE_HAND, number)
    actions: list[Action] = []
    while not state.is_terminal:
        action = legal_actions(state)[0]
        actions.append(action)
        state = apply_action(state, action)
    keep = len(actions) - stop_before_end
    state = new_game(ONE_HAND, number)
    for action in actions[:keep]:
        state = apply_action(state, action)
    return state, actions


def play_out(controller: GameController) -> None:
    """Play the current game to its end with the first legal action (as each player)."""
    while controller.state is not None and not controller.state.is_terminal:
        assert controller.submit(legal_actions(controller.state)[0])


def test_the_prepared_games_are_all_nil() -> None:
    for number in (7, 1):
        state, _ = first_actions(number)
        (hand,) = state.hand_records
        assert hand.bids == (Bid(0),) * 4


def test_a_won_game_is_counted_with_its_figures_and_hints(paths: DataPaths) -> None:
    # game 7: South takes 2, West 3, North 0, East 8 (checked below). North–South: South's
    # Nil fails (−100), North's is made (+100), South's 2 tricks are 2 bags → 2 points.
    # East–West: both Nils fail (−200), 11 bags (+11) reach 10: −100 → −289. Won by 291.
    controller = GameController(paths, FakeRunner())
    controller.bot_seats = frozenset()  # the test plays every seat through the controller
    controller.start_new_game(ONE_HAND, 7, "normal")
    controller.record_hint()
    controller.record_hint()
    assert controller.hints_used == 2
    play_out(controller)
    final = controller.state
    assert final is not None and final.hand_records[0].tricks_won == (2, 3, 0, 8)
    assert final.result is not None and final.result.scores == (2, -289)
    stats, notice = load_stats(paths)
    assert notice is None and controller.last_stats == stats
    normal = stats["normal"]
    assert (normal.played, normal.won, normal.lost, normal.points) == (1, 1, 0, 30)
    assert (normal.best_margin, normal.streak, normal.hints) == (291, 1, 2)
    assert (normal.hands, normal.hand_points, normal.bags) == (1, 2, 2)
    assert (normal.contracts_made, normal.contracts_set) == (0, 0)  # both bid Nil
    assert (normal.nil_bid, normal.nil_made) == (2, 1)
    assert normal.blind_nil_bid == 0
    assert stats.counted == (controller.game_id,)


def test_a_lost_game(paths: DataPaths) -> None:
    # game 1: South 5, West 0, North 3, East 5. North–South: both Nils fail (−200),
    # 8 bags → −192; East–West: +100 −100 and 5 bags → 5. Lost by 197.
    controller = GameController(paths, FakeRunner())
    controller.bot_seats = frozenset()
    controller.start_new_game(ONE_HAND, 1, "easy")
    play_out(controller)
    assert controller.state is not None
    assert controller.state.hand_records[0].tricks_won == (5, 0, 3, 5)
    easy = load_stats(paths)[0]["easy"]
    assert (easy.played, easy.won, easy.lost, easy.points) == (1, 0, 1, 0)
    assert (easy.best_margin, easy.streak, easy.hints) == (-197, 0, 0)
    assert (easy.hand_points, easy.bags, easy.nil_bid, easy.nil_made) == (-192, 8, 2, 0)


def test_hints_survive_a_restart_in_the_autosave(paths: DataPaths) -> None:
    state, actions = first_actions(7, stop_before_end=4)
    controller = GameController(paths, FakeRunner())
    controller.bot_seats = frozenset()
    controller.resume(state, actions[:-4], "expert", game_id="h1")
    controller.record_hint()
    record = load_record(paths)
    assert record is not None and record.hints == 1
    # the program starts again
    resumed = resume_game(paths)
    assert resumed.state == state and resumed.hints == 1
    again = GameController(paths, FakeRunner())
    again.bot_seats = frozenset()
    again.resume(resumed.state, resumed.actions, "expert", resumed.deal, resumed.game_id,
                 resumed.hints)
    again.record_hint()
    assert again.hints_used == 2
    play_out(again)
    assert load_stats(paths)[0]["expert"].hints == 2


def test_a_hint_after_the_end_or_before_a_game_counts_nothing(paths: DataPaths) -> None:
    controller = GameController(paths, FakeRunner())
    controller.record_hint()
    assert controller.hints_used == 0
    controller.bot_seats = frozenset()
    controller.start_new_game(ONE_HAND, 7, "easy")
    play_out(controller)
    controller.record_hint()
    assert controller.hints_used == 0 and load_stats(paths)[0]["easy"].hints == 0


def test_a_new_game_starts_with_no_hint(paths: DataPaths) -> None:
    controller = GameController(paths, FakeRunner())
    controller.start_new_game(ONE_HAND, 7, "easy")
    controller.record_hint()
    controller.start_new_game(ONE_HAND, 8, "easy")
    assert controller.hints_used == 0


def test_an_abandoned_game_is_counted_once(paths: DataPaths) -> None:
    # game 7 up to the last trick: its only hand is not finished, so no hand is counted
    state, actions = first_actions(7, stop_before_end=4)
    controller = GameController(paths, FakeRunner())
    assert not controller.in_progress and not controller.abandon_game()
    controller.resume(state, actions[:-4], "normal", game_id="left")
    assert controller.in_progress
    controller.record_hint()
    assert controller.abandon_game()
    assert not controller.abandon_game()  # asked again: nothing more
    stats, _ = load_stats(paths)
    normal = stats["normal"]
    assert (normal.played, normal.abandoned, normal.won, normal.lost) == (1, 1, 0, 0)
    assert (normal.hands, normal.hints, normal.best_margin) == (0, 1, None)
    assert stats.counted == ("left",) and controller.last_stats == stats
    # the game itself is unchanged; a new one is counted on its own
    assert controller.state == state
    controller.start_new_game(ONE_HAND, 3, "normal")
    assert not controller.in_progress  # nothing bid yet: not counted as abandoned
    assert not controller.abandon_game()
    assert load_stats(paths)[0] == stats


def test_a_fresh_or_finished_game_is_not_abandoned(paths: DataPaths) -> None:
    controller = GameController(paths, FakeRunner())
    controller.bot_seats = frozenset()
    controller.start_new_game(ONE_HAND, 7, "easy")
    assert not controller.in_progress  # dealt, nothing bid yet
    play_out(controller)
    assert not controller.in_progress and not controller.abandon_game()
    easy = load_stats(paths)[0]["easy"]
    assert (easy.played, easy.abandoned) == (1, 0)


def test_a_game_without_a_human_is_never_counted_as_abandoned(paths: DataPaths) -> None:
    state, actions = first_actions(7, stop_before_end=4)
    controller = GameController(paths, FakeRunner())
    controller.bot_seats = frozenset(Seat)
    controller.resume(state, actions[:-4], "easy")
    assert not controller.abandon_game()
    assert not paths.stats_file.exists()
