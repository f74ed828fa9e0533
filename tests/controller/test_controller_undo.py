"""Undo (docs/rules.md §7): South's last bid or card of the hand and everything after it
are taken back; the game becomes a practice game, saved as such, counted apart and
without ranking points; a computer player's answer still in flight is dropped.

The computer players are the test's (``FakeRunner``: each answers with its first legal
action when told), or all four seats are played through the controller
(``bot_seats = frozenset()``), so every position below is worked out by replaying
the same actions through the engine."""

from __future__ import annotations

from spades_desktop.controller import BotRunner, GameController
from spades_desktop.engine import (
    LOOK_AT_HAND,
    Action,
    Bid,
    Card,
    GameState,
    Phase,
    Rules,
    Seat,
    Team,
    apply_action,
    legal_actions,
    new_game,
    observe,
)
from spades_desktop.persistence import (
    DataPaths,
    list_games,
    load_record,
    load_stats,
    prepare,
    record_from_state,
    resume_game,
)

from .fakes import FakeRunner

WAIT_MS = 10_000
GAME = 17
"""Game 17 under the standard rules: South bids first (checked below)."""


def bots_until_south(qtbot, controller: GameController, runner: FakeRunner) -> None:
    """The computer players answer with their first legal action until South is to act."""
    while controller.state.current_player != Seat.SOUTH:
        before = len(controller.actions)
        runner.answer()
        qtbot.waitUntil(lambda b=before: len(controller.actions) > b, timeout=WAIT_MS)


STANDARD = Rules()


def started(paths: DataPaths | None, rules: Rules = STANDARD, number: int = GAME
            ) -> tuple[GameController, FakeRunner]:
    runner = FakeRunner()
    controller = GameController(paths, runner)
    controller.speed = 0.0
    controller.start_new_game(rules, number, "normal")
    return controller, runner


def replayed(rules: Rules, number: int, actions: tuple[Action, ...]) -> GameState:
    state = new_game(rules, number)
    for action in actions:
        state = apply_action(state, action)
    return state


def test_undo_takes_back_souths_card_and_the_computer_players_after_it(qtbot, paths) -> None:
    controller, runner = started(paths)
    assert controller.state.current_player == Seat.SOUTH  # South bids first in game 17
    assert not controller.can_undo  # the start of a hand: nothing of South's to take back
    controller.submit_human(Bid(3))
    assert controller.can_undo
    bots_until_south(qtbot, controller, runner)  # West, North, East bid; South leads
    assert controller.state.phase is Phase.PLAYING
    before_card, actions_before_card = controller.state, controller.actions
    card = legal_actions(before_card)[0]
    controller.submit_human(card)
    bots_until_south(qtbot, controller, runner)  # three cards, then South again
    assert len(controller.actions) >= len(actions_before_card) + 4
    changes: list[object] = []
    controller.state_changed.connect(lambda *args: changes.append(args))

    with qtbot.waitSignal(controller.undone, timeout=1000) as signal:
        assert controller.undo()

    assert controller.state == before_card and signal.args == [controller.state]
    assert controller.actions == actions_before_card  # the card and all after it are gone
    assert card in observe(controller.state, Seat.SOUTH).hand
    assert controller.practice and not changes  # no action was applied, none animated
    # repeated: back through the hand to South's bid, then nothing is left to take back
    assert controller.can_undo and controller.undo()
    assert controller.actions == () and controller.state == new_game(Rules(), GAME)
    assert not controller.can_undo and not controller.undo()
    assert controller.practice


def test_undo_of_the_bid_returns_to_souths_turn_to_bid(qtbot, paths) -> None:
    # hand 2 of game 17: South deals, so West, North and East bid before South
    state, actions = new_game(Rules(), GAME), []
    while state.hand_number == 1:
        actions.append(legal_actions(state)[0])
        state = apply_action(state, actions[-1])
    assert state.dealer == Seat.SOUTH
    runner = FakeRunner()
    controller = GameController(paths, runner)
    controller.speed = 0.0
    controller.resume(state, actions, "normal")
    bots_until_south(qtbot, controller, runner)
    bidding, bids = controller.state, controller.actions
    assert bidding.phase is Phase.BIDDING and len(bids) == len(actions) + 3
    assert not controller.can_undo  # the others' bids are no move of South's
    controller.submit_human(Bid(4))
    bots_until_south(qtbot, controller, runner)  # West leads, North and East follow
    assert controller.state.phase is Phase.PLAYING
    assert controller.undo()
    assert controller.state == bidding and controller.actions == bids
    assert controller.state.current_player == Seat.SOUTH
    assert not controller.can_undo  # the computer players' bids before South's stay


def test_an_answer_in_flight_is_dropped(qtbot, paths) -> None:
    controller, runner = started(paths)
    controller.submit_human(Bid(3))
    assert runner.requests and runner.requests[-1][2].seat == Seat.WEST  # West thinks
    old_id = runner.requests[-1][0]
    cancels = runner.cancels
    assert controller.undo()
    assert runner.cancels == cancels + 1  # the computation is told to stop
    with qtbot.assertNotEmitted(controller.state_changed, wait=100):
        runner.answer(Bid(2), request_id=old_id)  # West's answer comes all the same
    assert controller.actions == () and controller.state.current_player == Seat.SOUTH


def test_undo_is_off_between_two_hands_and_once_the_game_is_over(qtbot, paths) -> None:
    controller, _runner = started(paths, Rules(max_hands=1))
    controller.bot_seats = frozenset()  # the test plays every seat
    state = controller.state
    while not state.is_terminal:
        if state.hand_record.tricks and len(state.hand_record.tricks) == 12:
            assert controller.can_undo  # South's card of the 12th trick, or later
        assert controller.submit(legal_actions(state)[0])
        state = controller.state
    assert not controller.can_undo and not controller.undo()
    assert not controller.practice

    controller, _runner = started(paths)  # a game of more than one hand
    controller.bot_seats = frozenset()
    while controller.state.hand_number == 1:
        controller.submit(legal_actions(controller.state)[0])
    # the next hand is dealt and nobody has acted in it: the summary's time
    assert controller.actions and not controller.can_undo and not controller.undo()
    while controller.state.current_player != Seat.SOUTH:
        controller.submit(legal_actions(controller.state)[0])
    assert not controller.can_undo  # the others' bids are no move of South's
    controller.submit(legal_actions(controller.state)[0])
    at_bid = len(controller.actions) - 1
    assert controller.undo() and len(controller.actions) == at_bid
    assert controller.state.hand_number == 2 and not controller.can_undo  # never hand 1


def trailing_blind_nil() -> tuple[Rules, GameState, list[Action]]:
    """Hand 2 of a Blind Nil game, North–South 100 or more behind: Blind Nil is open to
    South, who bids after West, North and East."""
    rules = Rules(blind_nil=True, floor_score=None)
    state = new_game(rules, 31)
    actions: list[Action] = [Bid(13), Bid(1), Bid(13), Bid(1)]  # N–S cannot make 26
    for action in actions:
        state = apply_action(state, action)
    while state.hand_number == 1:
        action = legal_actions(state)[0]
        actions.append(action)
        state = apply_action(state, action)
    for action in (Bid(3), Bid(3), Bid(3)):  # West, North, East
        actions.append(action)
        state = apply_action(state, action)
    assert state.scores[Team.EW] - state.scores[Team.NS] >= 100
    assert state.current_player == Seat.SOUTH
    assert observe(state, Seat.SOUTH).blind_nil_allowed
    return rules, state, actions


def test_undo_never_goes_back_to_the_blind_nil_question(qtbot, paths) -> None:
    rules, asked, actions = trailing_blind_nil()
    # South bids Blind Nil: the cards are shown once the bid is made, so undo comes
    # back to the same turn with the cards seen, as after "Show my cards"
    controller = GameController(paths, FakeRunner())
    controller.bot_seats = frozenset()
    controller.resume(asked, actions, "normal")
    assert controller.submit_human(Bid(0, blind=True))
    controller.submit(legal_actions(controller.state)[0])  # West leads
    assert controller.undo()
    seen = apply_action(asked, LOOK_AT_HAND)
    assert controller.state == seen and controller.actions == (*actions, LOOK_AT_HAND)
    view = observe(controller.state, Seat.SOUTH)
    assert view.cards_seen and not view.blind_nil_allowed
    assert Bid(0, blind=True) not in view.legal
    assert not controller.can_undo  # the look is no bid: it cannot be taken back

    # South looks, then bids 2: undo returns to the bid with the cards shown
    controller.resume(asked, actions, "normal")
    assert controller.submit_human(LOOK_AT_HAND) and controller.submit_human(Bid(2))
    assert controller.undo()
    assert controller.state == seen and controller.actions == (*actions, LOOK_AT_HAND)
    assert not controller.can_undo
    # the autosave holds the look: a restart never offers Blind Nil again in this hand
    resumed = resume_game(paths)
    assert resumed.state == seen and resumed.actions == (*actions, LOOK_AT_HAND)
    assert not observe(resumed.state, Seat.SOUTH).blind_nil_allowed


def test_the_autosave_after_undo_is_what_a_fresh_game_reaching_it_saves(qtbot, paths,
                                                                         tmp_path) -> None:
    controller, runner = started(paths)
    controller.submit_human(Bid(3))
    bots_until_south(qtbot, controller, runner)
    controller.record_hint()
    target, kept = controller.state, controller.actions
    controller.submit_human(legal_actions(target)[0])
    bots_until_south(qtbot, controller, runner)
    assert controller.undo()
    assert controller.hints_used == 1  # a hint used stays used

    saved = load_record(paths)
    fresh_paths = DataPaths(tmp_path / "fresh")
    prepare(fresh_paths)
    fresh = GameController(fresh_paths, FakeRunner())
    fresh.bot_seats = frozenset()
    fresh.start_new_game(Rules(), GAME, "normal")
    for action in kept:
        fresh.submit(action)
    fresh_record = load_record(fresh_paths)
    assert saved is not None and fresh_record is not None
    assert (saved.actions, saved.digest, saved.rules, saved.game_number) == (
        fresh_record.actions, fresh_record.digest, fresh_record.rules,
        fresh_record.game_number)
    assert saved == record_from_state(target, "normal", kept, None, controller.game_id,
                                      hints=1, practice=True)
    resumed = resume_game(paths)
    assert resumed.state == target == replayed(Rules(), GAME, kept)
    assert resumed.actions == kept and resumed.practice and resumed.hints == 1
    assert resumed.game_id == controller.game_id


def test_a_resumed_practice_game_stays_one_and_is_counted_apart(qtbot, paths) -> None:
    # the same one-hand game twice: once without undo, once with it after a restart
    rules = Rules(max_hands=1)
    plain = GameController(paths, FakeRunner())
    plain.bot_seats = frozenset()
    plain.start_new_game(rules, 7, "expert")
    while not plain.state.is_terminal:
        plain.submit(legal_actions(plain.state)[0])
    result = plain.state.result
    assert result is not None and result.winner is Team.NS  # game 7: won by 291
    counted, _ = load_stats(paths)
    assert counted["expert"].points == 100 and counted.practice.played == 0

    first = GameController(paths, FakeRunner())
    first.bot_seats = frozenset()
    first.start_new_game(rules, 7, "expert")
    first.submit(legal_actions(first.state)[0])  # South's bid
    assert first.undo() and first.practice
    first.shutdown()
    resumed = resume_game(paths)  # a restart
    assert resumed.practice
    again = GameController(paths, FakeRunner())
    again.bot_seats = frozenset()
    again.resume(resumed.state, resumed.actions, resumed.difficulty, resumed.deal,
                 resumed.game_id, resumed.hints, resumed.practice)
    assert again.practice
    while not again.state.is_terminal:
        again.submit(legal_actions(again.state)[0])
    assert again.state.result == result

    stats, notice = load_stats(paths)
    assert notice is None and again.last_stats == stats
    assert stats["expert"] == counted["expert"]  # the level's figures are unchanged
    assert stats.total() == counted.total() and stats.streak == counted.streak
    practice = stats.practice
    assert (practice.played, practice.won, practice.points) == (1, 1, 0)
    assert (practice.best_margin, practice.streak) == (291, 1)
    kept = {game.game.game_id: game.game for game in list_games(paths)[0]}
    assert kept[again.game_id].practice and not kept[plain.game_id].practice


def test_an_abandoned_practice_game_is_counted_apart(qtbot, paths) -> None:
    controller, runner = started(paths)
    controller.submit_human(Bid(3))
    assert controller.undo()
    controller.submit_human(Bid(2))
    assert controller.abandon_game()
    stats, _ = load_stats(paths)
    assert stats.practice.played == 1 and stats.practice.abandoned == 1
    assert stats.total().played == 0
    (game,) = list_games(paths)[0]
    assert game.game.practice and game.game.abandoned


def test_a_new_game_is_no_practice_game(qtbot, paths) -> None:
    controller, _runner = started(paths)
    controller.submit_human(Bid(3))
    assert controller.undo() and controller.practice
    controller.start_new_game(Rules(), 5, "normal")
    assert not controller.practice
    record = load_record(paths)
    assert record is not None and not record.practice


def test_the_computer_players_choose_the_same_again(qtbot, paths, runners) -> None:
    """After undo, the same move of South's brings the same answers: the computer
    players decide from the position alone (docs/rules.md §6)."""
    runner = BotRunner()
    runners.append(runner)
    controller = GameController(paths, runner)
    controller.speed = 0.0
    controller.start_new_game(Rules(), GAME, "expert")

    def until_south() -> None:
        qtbot.waitUntil(lambda: controller.state.current_player == Seat.SOUTH,
                        timeout=60_000)

    controller.submit_human(Bid(3))
    until_south()
    lead = legal_actions(controller.state)[-1]
    start = len(controller.actions)
    controller.submit_human(lead)
    until_south()
    first = controller.actions[start:]
    assert controller.undo() and len(controller.actions) == start
    controller.submit_human(lead)
    until_south()
    assert controller.actions[start:] == first
    assert len(first) >= 3 and all(isinstance(a, Card) for a in first)
