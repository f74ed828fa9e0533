"""The facts of a position that the engine gives every other layer (docs/rules.md §2-§4):
who leads, spades broken (and the card that breaks them), the cards still out, each
seat's Nil status, each team's contract and what it still needs, the running totals,
and the positions and views of a finished hand rebuilt from its record.

Golden values are worked by hand from the rules; the whole-game checks compare each fact
with what the engine's own state shows at that moment (the hidden hands included)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from spades_desktop.engine import (
    LOOK_AT_HAND,
    Action,
    Bid,
    Card,
    GameState,
    HandRecord,
    HandScore,
    NilStatus,
    Phase,
    Rules,
    Seat,
    Team,
    TeamScores,
    apply_action,
    cards_to_mask,
    core,
    decision_views,
    hand_positions,
    legal_actions,
    new_game,
    nil_status,
    observe,
    parse_card,
    running_totals,
    scores_and_bags,
    spades_broken_at_leads,
    team_contract,
    trick_leader,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST
ROOT = Path(__file__).resolve().parents[2]


def _c(text: str) -> Card:
    return parse_card(text)


def _random_game(seed: int, rules: Rules, hands: int = 2,
                 seen: list[GameState] | None = None) -> GameState:
    """Random legal actions until ``hands`` hands are finished (each position kept in
    ``seen`` when given)."""
    rng = random.Random(seed)
    state = new_game(rules, seed)
    while not state.is_terminal and len(state.hand_records) < hands:
        if seen is not None:
            seen.append(state)
        state = apply_action(state, rng.choice(legal_actions(state)))
    return state


# --- spades broken -------------------------------------------------------------------------


def test_only_a_spade_breaks_spades() -> None:
    """docs/rules.md §3: spades are broken once any spade has been played."""
    assert core.breaks_spades(_c("2S").index) and core.breaks_spades(_c("AS").index)
    for text in ("AH", "KD", "2C", "QH"):
        assert not core.breaks_spades(_c(text).index)
    assert [c for c in range(52) if core.breaks_spades(c)] == list(range(39, 52))


_INLINE = re.compile(r"core\.breaks_spades\(\w+\), inline")


def test_every_inline_copy_of_breaks_spades_says_so_and_agrees() -> None:
    """Hot loops write the rule inline; each such line names core.breaks_spades and its
    expression gives the same answer as the core for every card."""
    copies: list[tuple[Path, str]] = []
    for path in sorted((ROOT / "spades_desktop").rglob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if _INLINE.search(line):
                copies.append((path, line))
    assert {p.name for p, _ in copies} >= {"state.py", "sim.py", "search.py"}
    for path, line in copies:
        code = line.split("#")[0]
        found = re.search(r"(\w+) >= 39", code) or re.search(r"(\w+) == SPADES", code)
        assert found, (path, line)
        for card in range(52):
            spade = "SPADES" in found.group(0)
            inline = core.SUIT_OF[card] == core.SPADES if spade else card >= 39
            assert inline == core.breaks_spades(card), (path, line, card)


def test_spades_broken_at_each_lead() -> None:
    """A hand-made hand: trick 1 all hearts, trick 2 trumped with a spade, trick 3 led
    after that: broken at the third lead only (docs/rules.md §3)."""
    t1 = ((S, _c("AH")), (W, _c("2H")), (N, _c("3H")), (E, _c("4H")))
    t2 = ((S, _c("KD")), (W, _c("2S")), (N, _c("3D")), (E, _c("4D")))
    t3 = ((W, _c("5C")),)
    assert spades_broken_at_leads([t1, t2, t3], False) == (False, False, True)
    assert spades_broken_at_leads([t1, ()], False) == (False,)  # a trick not yet led: no lead
    assert spades_broken_at_leads([], False) == ()
    # Spades may be led at any time: broken at every lead.
    assert spades_broken_at_leads([t1, t2, t3], True) == (True, True, True)


# --- who leads -----------------------------------------------------------------------------


def test_the_dealers_left_leads_first_then_each_winner() -> None:
    """docs/rules.md §3: the player to the dealer's left leads the first trick; the winner
    of each trick leads the next."""
    assert trick_leader(E, (), ()) is S
    assert trick_leader(S, (), ()) is W
    assert trick_leader(E, (N,), ()) is N
    assert trick_leader(E, (N, W), ((W, _c("2C")),)) is W
    state = new_game(Rules(), 5)  # East deals the first hand
    assert observe(state, N).leader is S


def test_leader_in_whole_games() -> None:
    """At every position of random games, the view's leader is the state's, the seat
    that played the trick's first card, and the previous trick's winner between tricks."""
    seen: list[GameState] = []
    _random_game(11, Rules(), 2, seen)
    for state in seen:
        for seat in Seat:
            assert observe(state, seat).leader is state.leader
        if state.current_trick:
            assert state.leader is state.current_trick[0][0]
        elif state.trick_winners:
            assert state.leader is state.trick_winners[-1]
            assert state.current_player is state.leader


# --- cards still out ------------------------------------------------------------------------


def test_cards_out_are_exactly_the_other_seats_cards() -> None:
    seen: list[GameState] = []
    _random_game(12, Rules(), 1, seen)
    for state in seen[::7]:
        for seat in Seat:
            others = 0
            for s in Seat:
                if s != seat:
                    others |= state.hand_masks[s]
            assert cards_to_mask(observe(state, seat).cards_out) == others
    first = observe(seen[0], S)
    assert len(first.cards_out) == 39


# --- Nil ------------------------------------------------------------------------------------


def test_nil_status_worked_by_hand() -> None:
    """docs/rules.md §4: a Nil (or Blind Nil) is made when its bidder takes no trick and
    fails with the first one; any other bid is no Nil."""
    assert nil_status(None, 0) is NilStatus.NONE
    assert nil_status(Bid(3), 0) is NilStatus.NONE
    assert nil_status(Bid(0), 0) is NilStatus.INTACT
    assert nil_status(Bid(0, blind=True), 0) is NilStatus.INTACT
    assert nil_status(Bid(0), 1) is NilStatus.FAILED
    assert nil_status(Bid(0, blind=True), 4) is NilStatus.FAILED


# --- contracts ------------------------------------------------------------------------------


def test_team_contract_worked_by_hand() -> None:
    """docs/rules.md §4: the contract is the sum of the non-Nil bids, judged on the
    non-Nil bidders' tricks only (a failed Nil's tricks never help)."""
    std = Rules()
    assert team_contract((Bid(4), Bid(3)), (2, 5), std) == (7, 7)
    assert team_contract((Bid(4), Bid(0)), (3, 2), std) == (4, 3)        # North's 2 do not count
    assert team_contract((Bid(0), Bid(0, blind=True)), (1, 0), std) == (0, 0)   # no contract
    assert team_contract((Bid(5), None), (1, 0), std) == (5, 1)          # partner not bid yet
    assert team_contract((None, None), (0, 0), std) == (0, 0)


def test_contract_need_in_a_view() -> None:
    """South 4 and North Nil against West 2 and East 3, then a played-out position read
    through South's view: the need is the contract minus the counting tricks."""
    rules = Rules()
    state = new_game(rules, 3)
    bids = {S: Bid(4), W: Bid(2), N: Bid(0), E: Bid(3)}
    view = observe(state, S)
    assert view.contract_need(Team.NS) is None  # nobody has bid
    while state.phase is Phase.BIDDING:
        seat = state.current_player
        assert seat is not None
        state = apply_action(state, bids[seat])
    view = observe(state, W)
    assert view.contract(Team.NS) == (4, 0) and view.contract_need(Team.NS) == 4
    assert view.contract_need(Team.EW) == 5
    rng = random.Random(3)
    while len(state.tricks) < 8:
        state = apply_action(state, rng.choice(legal_actions(state)))
    view = observe(state, E)
    won = state.trick_counts
    assert view.contract_need(Team.NS) == 4 - won[S]
    assert view.contract_need(Team.EW) == 5 - won[W] - won[E]
    assert view.nil_status(N) is (NilStatus.INTACT if won[N] == 0 else NilStatus.FAILED)
    assert view.nil_status(S) is NilStatus.NONE


def test_contract_agrees_with_the_score_in_whole_hands() -> None:
    """At the end of random hands the record's contract says made exactly when the score
    sheet does (docs/rules.md §4)."""
    for seed in range(20):
        state = _random_game(100 + seed, Rules(), 1)
        record = state.hand_records[0]
        assert record.score is not None
        for team in Team:
            contract, tricks = record.contract(team, Rules())
            made = record.score[team].made
            assert made is (None if contract == 0 else tricks >= contract)
            for seat in team.seats:
                status = record.nil_status(seat)
                bid = record.bids[seat]
                assert bid is not None
                assert (status is NilStatus.NONE) is (not bid.is_nil)


# --- running totals -------------------------------------------------------------------------


def _sheet(ns_total: int, ew_total: int, ns_bags: int = 0, ew_bags: int = 0) -> TeamScores:
    return TeamScores(HandScore(ns_total, 0, 0, 0, ns_total, ns_bags, True),
                      HandScore(ew_total, 0, 0, 0, ew_total, ew_bags, True))


def test_running_totals_worked_by_hand() -> None:
    """docs/rules.md §4: the score is the sum of the hand totals; the bag count is the
    last hand's count after it."""
    history = (_sheet(50, -40, 1, 0), _sheet(33, 61, 4, 1), _sheet(-70, 12, 4, 3))
    assert running_totals(history) == ((50, -40), (83, 21), (13, 33))
    assert running_totals(()) == ()
    assert scores_and_bags(history) == ((13, 33), (4, 3))
    assert scores_and_bags(()) == ((0, 0), (0, 0))


def test_running_totals_are_the_scores_in_whole_games() -> None:
    state = _random_game(21, Rules(), 4)
    view = observe(state, S)
    assert view.running_totals[-1] == (state.scores[Team.NS], state.scores[Team.EW])
    assert len(view.running_totals) == len(state.hand_records)


# --- a finished hand rebuilt from its record ------------------------------------------------


def test_hand_positions_replay_the_hand() -> None:
    """Each position of a finished hand, rebuilt from its record, is the one the game
    went through (bids, a look at the cards, 52 cards), with the action taken there. The
    players here look at their cards before any bid but Blind Nil while Blind Nil is
    open to them, as the table's players do (docs/rules.md §2)."""
    rules = Rules(blind_nil=True, floor_score=None)
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(rules, seed)
        played: list[tuple[GameState, object]] = []
        looked = 0
        while len(state.hand_records) < 3:
            legal = legal_actions(state)
            action: Action
            if LOOK_AT_HAND in legal:
                action = rng.choice((LOOK_AT_HAND, Bid(0, blind=True)))
            else:
                action = rng.choice(legal)
            if len(state.hand_records) == 2:
                played.append((state, action))
                looked += action == LOOK_AT_HAND
            state = apply_action(state, action)
        record = state.hand_records[2]
        rebuilt = list(hand_positions(record, rules, state.hand_records[:2], seed))
        assert rebuilt == played
        assert len([a for _, a in rebuilt if isinstance(a, Card)]) == 52
        assert len(rebuilt) == 4 + 52 + looked
        south = [(observe(p, S), a) for p, a in played if p.current_player is S]
        assert list(decision_views(record, rules, state.hand_records[:2], seat=S,
                                   game_number=seed)) == south


def test_a_record_that_does_not_add_up_is_refused() -> None:
    state = _random_game(6, Rules(), 1)
    record = state.hand_records[0]
    assert record.score is not None
    wrong = HandRecord(record.hand_number, record.dealer, record.deal, record.bids,
                       record.tricks, record.tricks_won,
                       TeamScores(record.score[Team.EW], record.score[Team.NS]))
    if wrong.score != record.score:
        with pytest.raises(ValueError, match="score"):
            list(hand_positions(wrong, Rules(), ()))
    unfinished = HandRecord(record.hand_number, record.dealer, record.deal, record.bids,
                            record.tricks[:5], record.tricks_won, None)
    with pytest.raises(ValueError, match="finished"):
        list(hand_positions(unfinished, Rules(), ()))
    with pytest.raises(TypeError):
        list(hand_positions("hand", Rules(), ()))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        list(decision_views(record, Rules(), (), seat=7))  # type: ignore[arg-type]


def test_position_before_each_card_is_the_games() -> None:
    """The record's position before a seat's card of each trick holds what the four
    seats held then, the trick so far, its leader and spades broken."""
    seen: list[GameState] = []
    state = _random_game(13, Rules(), 1, seen)
    record = state.hand_records[0]
    for position in seen:
        if position.phase is not Phase.PLAYING:
            continue
        seat = position.current_player
        assert seat is not None
        before = record.position_before(len(position.tricks) + 1, seat, Rules())
        assert before.hands == tuple(position.hand_masks)
        assert before.trick == position.current_trick
        assert before.leader is position.leader
        assert before.spades_broken is position.spades_broken
    with pytest.raises(ValueError):
        record.position_before(14, S, Rules())
    hidden = observe(seen[-1], S).hand_record
    with pytest.raises(ValueError):
        hidden.position_before(1, S, Rules())
