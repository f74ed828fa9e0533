"""Contracts of the public types: views, explanations, immutability, input validation.

Several of these tests were written against engine bugs found by this suite (a shared
mutable score sheet, unhashable states, untyped rules, game numbers that wrapped,
a wrong Blind Nil message); they guard the fixes.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from spades_desktop.engine import (
    DECK,
    Bid,
    Card,
    GameState,
    Phase,
    PlayerView,
    Rules,
    Seat,
    Suit,
    Team,
    apply_action,
    finished_scores,
    legal_actions,
    new_game,
    observe,
    parse_card,
    shuffled_deck,
)
from spades_desktop.engine.errors import IllegalActionError, Refusal, RuleCode
from spades_desktop.engine.state import explain_illegal

from .helpers import play_out_hand

ALL_ACTIONS: list[Bid | Card] = [*DECK, *(Bid(n) for n in range(14)), Bid(0, blind=True)]


def after_one_hand(game: int = 4) -> GameState:
    state = new_game(Rules(), game)
    for _ in range(4):
        state = apply_action(state, Bid(3))
    state = play_out_hand(state, lambda s: legal_actions(s)[0])  # type: ignore[arg-type,return-value]
    assert state.hand_number == 2 and len(state.hand_records) == 1
    return state


def test_player_view_has_no_hidden_fields() -> None:
    names = {f.name for f in dataclasses.fields(PlayerView)}
    assert "hand_masks" not in names
    assert names == {
        "seat", "hand", "rules", "game_number", "hand_number", "dealer", "phase",
        "current_player", "bids", "tricks_won", "current_trick", "tricks", "trick_winners",
        "spades_broken", "scores", "bags", "hand_sizes", "result", "legal",
        "blind_nil_allowed", "cards_seen", "hand_records", "hand_record",
    }


def test_view_shows_own_hand_and_legal_only_on_turn() -> None:
    state = new_game(Rules(), 12)
    for seat in Seat:
        v = observe(state, seat)
        assert v.seat is seat
        assert v.hand == tuple(c for c in DECK if state.hand_masks[seat] & c.bit)
        assert v.legal == (legal_actions(state) if seat is Seat.SOUTH else ())
        why = v.explain(Bid(3))
        if seat is Seat.SOUTH:
            assert why is None
        else:
            assert why is not None and why.code is RuleCode.NOT_YOUR_TURN
            assert why.message == "It is not your turn."


def test_blind_nil_offered_only_when_trailing_by_100() -> None:
    rules = Rules(blind_nil=True)
    base = new_game(rules, 6)
    for ns, ew, ns_may, ew_may in ((0, 0, False, False), (0, 100, True, False),
                                   (0, 99, False, False), (250, 140, False, True),
                                   (-120, -20, True, False)):
        st = base.replace(score_list=(ns, ew))
        assert observe(st, Seat.SOUTH).blind_nil_allowed is ns_may
        assert observe(st, Seat.WEST).blind_nil_allowed is ew_may
        assert (Bid(0, blind=True) in legal_actions(st)) is ns_may  # South bids first
    off = new_game(Rules(), 6).replace(score_list=(0, 300))
    assert Bid(0, blind=True) not in legal_actions(off)
    why = explain_illegal(off, Bid(0, blind=True))
    assert why == Refusal(RuleCode.BLIND_NIL_OFF)
    assert why.message == "Blind Nil is switched off in this game."


def _random_states(n: int) -> list[GameState]:
    out = []
    for seed in range(n):
        rng = random.Random(seed)
        rules = Rules(blind_nil=rng.random() < 0.5, target_score=rng.randrange(100, 501, 50))
        state = new_game(rules, seed)
        for _ in range(rng.randrange(0, 400)):
            if state.current_player is None:
                break
            state = apply_action(state, rng.choice(legal_actions(state)))
        out.append(state)
    return out


def test_view_explain_agrees_with_engine() -> None:
    """A bot or the UI asking its view why a move is illegal gets the engine's answer."""
    for state in _random_states(40):
        if state.current_player is None:
            continue
        view = observe(state, state.current_player)
        for a in ALL_ACTIONS:
            if isinstance(a, Bid) and a.blind and not state.rules.blind_nil:
                continue  # see test_view_explain_blind_nil_switched_off
            assert view.explain(a) == explain_illegal(state, a), (state.phase, a)


def test_view_explain_blind_nil_switched_off() -> None:
    state = new_game(Rules(blind_nil=False), 1)
    view = observe(state, Seat.SOUTH)
    assert view.explain(Bid(0, blind=True)) == explain_illegal(state, Bid(0, blind=True))


def test_leader_property() -> None:
    state = new_game(Rules(), 2)
    assert state.leader is Seat.SOUTH
    for _ in range(4):
        state = apply_action(state, Bid(2))
    for _ in range(4):
        state = apply_action(state, legal_actions(state)[0])
    assert state.leader is state.trick_winners[-1] is state.current_player


def test_states_of_the_first_hand_are_hashable() -> None:
    state = new_game(Rules(), 1)
    assert hash(state) == hash(new_game(Rules(), 1))


def test_states_after_a_hand_are_hashable() -> None:
    state = after_one_hand()
    assert hash(state) == hash(state.replace())


def test_score_rows_are_read_only_through_a_view() -> None:
    state = after_one_hand()
    view = observe(state, Seat.WEST)
    sheet = finished_scores(view.hand_records)[0]
    original = finished_scores(state.hand_records)[0][Team.NS]
    with pytest.raises(TypeError):
        sheet[Team.NS] = dataclasses.replace(original, total=999)  # type: ignore[index]
    assert finished_scores(state.hand_records)[0][Team.NS] == original


@pytest.mark.parametrize("change", [
    {"target_score": 500.0}, {"bag_penalty": "no"}, {"blind_nil": 1},
    {"floor_score": -200.5}, {"max_hands": 30.0},
])
def test_rules_constructor_rejects_what_from_dict_rejects(change: dict[str, object]) -> None:
    try:
        rules = Rules(**change)  # type: ignore[arg-type]
    except ValueError:
        return  # rejected up front: fine
    assert Rules.from_dict(rules.to_dict()) == rules


def test_huge_game_numbers_do_not_repeat_small_ones() -> None:
    try:
        huge = new_game(Rules(), 2**128)
    except ValueError:
        return
    assert huge.hand_masks != new_game(Rules(), 0).hand_masks


def test_game_numbers_up_to_64_bits_are_distinct() -> None:
    seen = {tuple(shuffled_deck(g, 1)) for g in (0, 1, 2**32, 2**63, 2**64 - 2, 2**64 - 1)}
    assert len(seen) == 6
    with pytest.raises(ValueError, match="game number"):  # as new_game refuses it
        shuffled_deck(2**64, 1)


def test_illegal_messages_in_players_words() -> None:
    state = new_game(Rules(), 1)
    assert explain_illegal(state, parse_card("AS")) == Refusal(RuleCode.BID_FIRST)
    assert Refusal(RuleCode.BID_FIRST).message == (
        "Bidding is not finished: make your bid first.")
    for _ in range(4):
        state = apply_action(state, Bid(3))
    assert explain_illegal(state, Bid(3)) == Refusal(RuleCode.BIDDING_OVER)
    assert Refusal(RuleCode.BIDDING_OVER).message == "Bidding is over: play a card."
    south = state.hand_masks[Seat.SOUTH]
    not_held = next(c for c in DECK if not south & c.bit)
    why = explain_illegal(state, not_held)
    assert why == Refusal(RuleCode.CARD_NOT_HELD, card=not_held)
    assert why.args == {"card": str(not_held)}
    assert why.message == f"You don't hold the {not_held.label}."
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, not_held)
    assert info.value.code is RuleCode.CARD_NOT_HELD and info.value.refusal == why
    assert state.phase is Phase.PLAYING


def mid_trick_state() -> GameState:
    state = new_game(Rules(), 12)
    for _ in range(4):
        state = apply_action(state, Bid(3))
    for _ in range(6):  # one whole trick and two cards of the next
        state = apply_action(state, legal_actions(state)[-1])
    return state


def test_state_fields_keep_their_public_types() -> None:
    """The position is stored compactly; what callers read must still be Seats, Cards
    and tuples as documented."""
    state = mid_trick_state()
    assert type(state.current_player) is Seat
    assert type(state.dealer) is Seat
    assert all(type(seat) is Seat and type(card) is Card for seat, card in state.current_trick)
    assert all(type(seat) is Seat for seat in state.trick_winners)
    assert len(state.current_trick) == 2 and len(state.tricks) == 1
    winner = state.trick_winners[0]
    assert state.trick_counts == tuple(1 if seat == winner else 0 for seat in Seat)
    assert state.tricks_won == {seat: int(seat == winner) for seat in Seat}
    assert state.phase is Phase.PLAYING and not state.is_terminal
    assert sum(m.bit_count() for m in state.hand_masks) == 52 - 6


def test_state_equality_hash_copy_and_pickle() -> None:
    import copy
    import pickle

    state = mid_trick_state()
    again = mid_trick_state()
    assert state == again and hash(state) == hash(again)
    assert state != apply_action(state, legal_actions(state)[0])
    for clone in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert clone == state and type(clone) is GameState
        assert clone.current_player is state.current_player
        assert legal_actions(clone) == legal_actions(state)


def test_state_is_read_only() -> None:
    state = mid_trick_state()
    with pytest.raises(AttributeError):
        state.spades_broken = True  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.score_list = (500, 0)  # type: ignore[misc]


def test_state_replace_checks_field_names_and_trick_counts() -> None:
    state = mid_trick_state()
    moved = state.replace(score_list=(120, -40), bag_list=(3, 9))
    assert moved.scores == {Team.NS: 120, Team.EW: -40} and moved.bags[Team.EW] == 9
    assert moved.current_trick == state.current_trick and state.score_list == (0, 0)
    assert legal_actions(moved) == legal_actions(state)
    with pytest.raises(TypeError, match="no field 'colour'"):
        state.replace(colour="red")
    with pytest.raises(ValueError, match="trick counts"):
        state.replace(trick_counts=(5, 0, 0, 0))
    assert "current_trick=" in repr(state) and "score_list=(0, 0)" in repr(state)


def test_card_index_and_bit_are_stored_and_not_compared() -> None:
    for i, card in enumerate(DECK):
        assert card.index == i and card.bit == 1 << i
        same = Card(card.suit, card.rank)
        assert same == card and hash(same) == hash(card) and same is not card
    assert Card(3, 12) == parse_card("QS") and Card(3, 12).suit is Suit.SPADES  # type: ignore[arg-type]
    assert sorted([parse_card("2S"), parse_card("AC"), parse_card("TD")]) == [
        parse_card("AC"), parse_card("TD"), parse_card("2S")]
    for suit, rank in ((4, 5), (Suit.CLUBS, 1), (Suit.CLUBS, 15), (Suit.CLUBS, True)):
        with pytest.raises(ValueError):
            Card(suit, rank)  # type: ignore[arg-type]


def test_a_card_equal_to_a_deck_card_plays_like_it() -> None:
    """apply_action takes any Card equal to a legal one and stores the deck's card."""
    state = mid_trick_state()
    card = legal_actions(state)[0]
    copy_of_card = Card(card.suit, card.rank)
    after = apply_action(state, copy_of_card)
    assert after == apply_action(state, card)
    assert after.current_trick[-1][1] is card


def test_trick_strength_orders_trump_led_suit_and_discards() -> None:
    """docs/rules.md §3 by hand: with hearts led, any spade beats the ace of hearts, hearts go by
    rank, and a club never wins."""
    from spades_desktop.engine import TRICK_STRENGTH

    hearts = TRICK_STRENGTH[Suit.HEARTS]
    strength = {text: hearts[parse_card(text).index] for text in
                ("2H", "TH", "AH", "2S", "AS", "KC", "AD")}
    assert strength["2H"] < strength["TH"] < strength["AH"] < strength["2S"] < strength["AS"]
    assert strength["KC"] == strength["AD"] == -1 < strength["2H"]
    spades = TRICK_STRENGTH[Suit.SPADES]
    assert spades[parse_card("3S").index] > spades[parse_card("2S").index] > -1
    assert spades[parse_card("AH").index] == -1


def test_rank_subsets_give_the_ranks_of_a_mask_in_order() -> None:
    from spades_desktop.engine import rank_subsets

    clubs = rank_subsets(DECK[0:13])
    assert len(clubs) == 1 << 13
    assert clubs[0] == ()
    assert clubs[0b1000000000101] == (parse_card("2C"), parse_card("4C"), parse_card("AC"))
    assert clubs[(1 << 13) - 1] == DECK[0:13]
    for ranks in (1, 0b110, 0b1010101010101, 0b1111111111110):
        assert clubs[ranks] == tuple(c for r, c in enumerate(DECK[0:13]) if ranks >> r & 1)
    with pytest.raises(IndexError):
        clubs[1 << 13]
    with pytest.raises(ValueError):
        rank_subsets(DECK[0:12])


def test_bidding_ends_when_all_four_have_bid_also_from_a_set_up_position() -> None:
    """A position set up with North to bid first: bidding goes round to West, and only
    then does the dealer's left (South) lead (docs/rules.md §1–§2)."""
    state = new_game(Rules(), 1).replace(current_player=Seat.NORTH)
    for seat, bid in ((Seat.NORTH, 2), (Seat.EAST, 3), (Seat.SOUTH, 4)):
        assert state.phase is Phase.BIDDING and state.current_player is seat
        state = apply_action(state, Bid(bid))
    assert state.phase is Phase.BIDDING and state.current_player is Seat.WEST
    state = apply_action(state, Bid(1))
    assert state.phase is Phase.PLAYING and state.current_player is Seat.SOUTH
    assert state.bid_list == (Bid(4), Bid(1), Bid(2), Bid(3))


def test_a_state_equals_only_a_state_and_has_no_order() -> None:
    state = mid_trick_state()
    assert state != tuple(state) and tuple(state) != state
    assert state == mid_trick_state()
    with pytest.raises(TypeError):
        state < state  # noqa: B015
    assert len({state, mid_trick_state()}) == 1
