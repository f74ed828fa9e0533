"""Helpers and independent reference implementations for the engine tests.

The reference functions here are written from docs/rules.md alone (not copied from the
engine) so that the random-playout tests compare the engine against a second,
independent reading of the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from spades_desktop.engine import (
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
    parse_card,
)

ALL_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
FULL = (1 << 52) - 1


def cards(text: str) -> list[Card]:
    """``"AS KS 10h"`` -> three cards."""
    return [parse_card(t) for t in text.split()]


def suit_cards(suit: str, ranks: str = "2 3 4 5 6 7 8 9 10 J Q K A") -> list[Card]:
    """All cards of one suit letter with the given ranks."""
    return [parse_card(r + suit) for r in ranks.split()]


def make_deal(south: Iterable[Card], west: Iterable[Card], north: Iterable[Card],
              east: Iterable[Card]) -> dict[Seat, list[Card]]:
    return {Seat.SOUTH: list(south), Seat.WEST: list(west), Seat.NORTH: list(north),
            Seat.EAST: list(east)}


def mask_of(cs: Iterable[Card]) -> int:
    m = 0
    for c in cs:
        m |= 1 << (int(c.suit) * 13 + c.rank - 2)
    return m


def highest_legal(state: GameState) -> Card:
    acts = [a for a in legal_actions(state) if isinstance(a, Card)]
    return max(acts, key=lambda c: (int(c.suit), c.rank))


def lowest_legal(state: GameState) -> Card:
    acts = [a for a in legal_actions(state) if isinstance(a, Card)]
    return min(acts, key=lambda c: (int(c.suit), c.rank))


def bid_round(state: GameState, bids: Mapping[Seat, Bid]) -> GameState:
    """Make the four bids in turn order (whoever is to bid first)."""
    assert state.phase is Phase.BIDDING
    for _ in range(4):
        seat = state.current_player
        assert seat is not None
        state = apply_action(state, bids[seat])
    assert state.phase is Phase.PLAYING
    return state


def play_out_hand(state: GameState, chooser: Callable[[GameState], Card] = highest_legal
                  ) -> GameState:
    """Play the current hand to its end with ``chooser``; returns the first state after it."""
    start = len(state.hand_records)
    while len(state.hand_records) == start:
        state = apply_action(state, chooser(state))
    return state


def game_with_hand(rules: Rules, deal: Mapping[Seat, list[Card]], bids: Mapping[Seat, Bid],
                   chooser: Callable[[GameState], Card] = highest_legal,
                   game_number: int = 1) -> GameState:
    state = new_game(rules, game_number, deal=deal)
    state = bid_round(state, bids)
    return play_out_hand(state, chooser)


# --------------------------------------------------------------------------
# Independent reference rules (docs/rules.md §3, §4, §5)
# --------------------------------------------------------------------------

def ref_trick_winner(trick: list[tuple[Seat, Card]]) -> Seat:
    """Highest spade if any spade was played, else highest card of the led suit."""
    spades = [(c.rank, s) for s, c in trick if c.suit.letter == "S"]
    if spades:
        return max(spades)[1]
    led = trick[0][1].suit
    return max((c.rank, s) for s, c in trick if c.suit == led)[1]


def ref_legal_cards(hand: set[Card], trick: list[tuple[Seat, Card]], broken: bool) -> set[Card]:
    if trick:
        led = trick[0][1].suit
        same = {c for c in hand if c.suit == led}
        return same or set(hand)
    if broken:
        return set(hand)
    non_spades = {c for c in hand if c.suit.letter != "S"}
    return non_spades or set(hand)


def ref_team_score(rules: Rules, bids: Mapping[Seat, Bid], won: Mapping[Seat, int],
                   team: Team, bags_before: int) -> tuple[int, int, int, int, int, int]:
    """(contract, bags, nil, bag_penalty, total, bags_after) for one team, per docs/rules.md §4."""
    seats = [s for s in ALL_SEATS if s.team is team]
    nil_pts = 0
    bags = 0
    contract = sum(bids[s].tricks for s in seats if bids[s].tricks > 0)
    contract_tricks = sum(won[s] for s in seats if bids[s].tricks > 0)
    for s in seats:
        if bids[s].tricks == 0:
            value = 200 if bids[s].blind else 100
            if won[s] == 0:
                nil_pts += value
            else:
                nil_pts -= value
                bags += won[s]  # a failed Nil's tricks are bags, never contract tricks
    if contract == 0:
        contract_pts = 0
    elif contract_tricks >= contract:
        contract_pts = 10 * contract
        bags += contract_tricks - contract
    else:
        contract_pts = -10 * contract
    running = bags_before + bags
    penalty = 0
    if rules.bag_penalty:
        penalty = -100 * (running // 10)
        running %= 10
    total = contract_pts + bags + nil_pts + penalty
    return contract_pts, bags, nil_pts, penalty, total, running


def ref_game_over(rules: Rules, ns: int, ew: int, hands: int) -> tuple[bool, Team | None]:
    """(over, winner) per docs/rules.md §5."""
    reached = max(ns, ew) >= rules.target_score
    floored = rules.floor_score is not None and min(ns, ew) <= rules.floor_score
    if hands >= rules.max_hands:
        return True, (None if ns == ew else (Team.NS if ns > ew else Team.EW))
    if (reached or floored) and ns != ew:
        return True, (Team.NS if ns > ew else Team.EW)
    return False, None
