"""The Spades rules engine: cards, bids, legality, scoring, views (SPEC §1–§5).

No Qt and no I/O. State is immutable; :func:`apply_action` returns a new state.
The rules themselves, on card indices and bit masks, are written once in :mod:`.core`,
which the checked API here and the bots' fast simulator share.
"""

from .cards import (
    DECK,
    RANK_LETTERS,
    SUIT_MASKS,
    TRICK_STRENGTH,
    Card,
    Seat,
    Suit,
    SuitSubsets,
    Team,
    cards_to_mask,
    iter_mask,
    mask_to_cards,
    parse_card,
    sort_hand,
)
from .dealing import SplitMix64, deal_hands, mix_seed, shuffled_deck
from .errors import IllegalActionError
from .rules import TARGET_CHOICES, Rules
from .scoring import (
    Bid,
    EndReason,
    GameResult,
    HandScore,
    TeamScores,
    decide_game,
    score_hand,
)
from .state import (
    FIRST_DEALER,
    MAX_GAME_NUMBER,
    Action,
    GameState,
    Phase,
    PlayedCard,
    PlayerView,
    Trick,
    action_to_str,
    apply_action,
    explain_illegal,
    legal_actions,
    legal_bids,
    legal_card_mask,
    new_game,
    observe,
    parse_action,
    replay,
    state_digest,
    trick_winner,
    validate_deal,
)

__all__ = [
    "DECK", "FIRST_DEALER", "RANK_LETTERS", "SUIT_MASKS", "TARGET_CHOICES", "TRICK_STRENGTH",
    "Action", "Bid", "Card", "EndReason", "GameResult", "GameState", "HandScore",
    "IllegalActionError", "Phase", "PlayedCard", "PlayerView", "Rules", "Seat",
    "SplitMix64", "Suit", "SuitSubsets", "Team", "TeamScores", "Trick", "MAX_GAME_NUMBER",
    "action_to_str", "apply_action", "cards_to_mask", "deal_hands", "decide_game",
    "explain_illegal", "iter_mask", "legal_actions", "legal_bids", "legal_card_mask",
    "mask_to_cards", "mix_seed", "new_game", "observe", "parse_action", "parse_card",
    "replay", "score_hand", "shuffled_deck", "sort_hand", "state_digest", "trick_winner",
    "validate_deal",
]
