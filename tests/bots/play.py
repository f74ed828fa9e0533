"""Helpers for the bot tests: full games and scripted positions."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from spades_desktop.bots import Bot, make_bot
from spades_desktop.engine import (
    DECK_CARDS,
    Action,
    Bid,
    Card,
    GameState,
    PlayerView,
    Rules,
    Seat,
    apply_action,
    new_game,
    observe,
    parse_card,
)

Hook = Callable[[GameState, PlayerView, Action], None]


def bots_for(levels: Sequence[str]) -> dict[Seat, Bot]:
    """One fresh bot per seat; ``levels`` is indexed by seat (S, W, N, E)."""
    return {seat: make_bot(levels[seat]) for seat in Seat}


def play_game(
    bots: Mapping[Seat, Bot],
    game_number: int,
    rules: Rules,
    hook: Hook | None = None,
) -> GameState:
    """Play a whole game; every action must be in the acting seat's ``view.legal``."""
    state = new_game(rules, game_number)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        view = observe(state, seat)
        action = bots[seat].choose_action(view, game_number)
        assert action in view.legal, (game_number, seat, action, view.legal)
        if hook is not None:
            hook(state, view, action)
        state = apply_action(state, action)
    return state


def cards(text: str, deck: int = 0) -> list[Card]:
    """Cards of ``deck`` (a ``core.DECK_*`` number, standard by default) from text such as
    ``"AS KH 10D 2C"`` (``"BJ LJ"`` for the jokers)."""
    return [parse_card(t, deck) for t in text.split()]


def deal(deck: int = 0, **hands: str) -> dict[Seat, list[Card]]:
    """A full deal of ``deck``: the given seats' cards (by name, e.g. ``east="AS KS"``),
    then every remaining card of the deck handed out in index order to the seats still
    short of 13."""
    result = {seat: cards(hands.get(seat.name.lower(), ""), deck) for seat in Seat}
    used = {c for hand in result.values() for c in hand}
    rest = [c for c in DECK_CARDS[deck] if c not in used]
    for seat in Seat:
        while len(result[seat]) < 13:
            result[seat].append(rest.pop(0))
    return result


def position(
    hands: Mapping[Seat, Sequence[Card]],
    actions: Sequence[Action | str | int],
    rules: Rules | None = None,
) -> GameState:
    """Game 1 with a fixed first deal, after the given bids (ints, 0 = Nil) and cards
    (text such as ``"2H"``, read in the deck of ``rules``); every action is checked by
    the engine."""
    rules = rules or Rules()
    state = new_game(rules, 1, deal=hands)
    for a in actions:
        action: Action
        if isinstance(a, str):
            action = parse_card(a, rules.deck_number)
        elif isinstance(a, int):
            action = Bid(a)
        else:
            action = a
        state = apply_action(state, action)
    return state
