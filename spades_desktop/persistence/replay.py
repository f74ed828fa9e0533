"""A game kept as text (the autosave, a recent game's file) replayed through the engine
(docs/rules.md §2-§6): the one place where saved actions and deals become a position."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spades_desktop.engine import (
    Action,
    Card,
    GameState,
    Rules,
    Seat,
    apply_action,
    new_game,
    parse_action,
    parse_card,
)

__all__ = ["deal_from_text", "deal_to_text", "rebuild_game"]


def deal_to_text(
    deal: Mapping[Seat, Sequence[Card]] | None,
) -> tuple[tuple[str, ...], ...] | None:
    """A fixed deal as card text per seat (South, West, North, East), None for none.
    Raises ``ValueError`` for a deal that does not give cards to each seat."""
    if deal is None:
        return None
    if set(deal) != set(Seat):
        raise ValueError("A deal must give cards to each of the four seats.")
    return tuple(tuple(str(card) for card in deal[seat]) for seat in Seat)


def deal_from_text(
    deal: tuple[tuple[str, ...], ...] | None, deck: int = 0,
) -> dict[Seat, tuple[Card, ...]] | None:
    """:func:`deal_to_text` read back, the cards those of ``deck`` (``Rules.deck_number``,
    the standard deck by default). Raises ``ValueError`` for text that is no card of the
    deck."""
    if deal is None:
        return None
    return {seat: tuple(parse_card(text, deck) for text in deal[seat]) for seat in Seat}


def rebuild_game(
    rules: Mapping[str, object],
    game_number: int,
    actions: Sequence[str],
    deal: Sequence[Sequence[str]] | None = None,
) -> tuple[GameState, tuple[Action, ...], dict[Seat, tuple[Card, ...]] | None]:
    """Replay a game kept as text through the engine (docs/rules.md §2–§6).

    ``rules`` is ``Rules.to_dict()`` output, ``game_number`` fixes the deals, ``actions``
    are ``action_to_str`` texts, oldest first, and ``deal`` is None or a fixed first-hand
    deal as 4 lists of card text in seat order South, West, North, East. Returns the
    position reached, the parsed actions and the parsed deal.

    Raises:
        ValueError: anything the engine refuses, in one sentence: bad rules, a bad game
            number or deal, unparsable action text, or an action the rules do not allow
            at that point (the sentence names the action by its place, from 1, and text).
    """
    odd = (ValueError, TypeError, KeyError, IndexError, OverflowError, AttributeError)
    try:
        parsed_rules = Rules.from_dict(rules)
        cards = deal_from_text(None if deal is None else tuple(tuple(h) for h in deal),
                               parsed_rules.deck_number)
        state = new_game(parsed_rules, game_number, cards)
    except odd as exc:
        # odd data reaching the engine is refused, never allowed to stop the app
        raise ValueError(f"The game cannot be set up ({exc}).") from exc
    parsed: list[Action] = []
    for place, text in enumerate(actions, start=1):
        try:
            action = parse_action(text, parsed_rules.deck_number)
            state = apply_action(state, action)
        except odd as exc:  # IllegalActionError is a ValueError
            raise ValueError(f"Action {place} ({text!s:.20}) is not allowed: {exc}") from exc
        parsed.append(action)
    return state, tuple(parsed), cards
