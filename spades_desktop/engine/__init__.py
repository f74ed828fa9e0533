"""The Spades rules engine: cards, bids, legality, scoring, views (docs/rules.md §1–§5).

No Qt and no I/O. State is immutable; :func:`apply_action` returns a new state.
The rules themselves, on card indices and bit masks, are written once in :mod:`.core`,
which the checked API here and the bots' fast simulator share.
"""

from .actions import LOOK_AT_HAND, Action, LookAtHand
from .cards import (
    CARDS,
    DECK,
    DECK_CARDS,
    DECK_NAMES,
    HIGH_TRUMP_RANKS,
    RANK_LETTERS,
    SUIT_MASKS,
    TRICK_STRENGTH,
    Card,
    Seat,
    Suit,
    Team,
    cards_to_mask,
    iter_mask,
    mask_to_cards,
    parse_card,
    rank_subsets,
    sort_hand,
)
from .dealing import SplitMix64, deal_hands, mix_seed, shuffled_deck
from .errors import IllegalActionError, Refusal, RuleCode
from .legality import (
    BLIND_NIL_DEFICIT,
    PlayedCard,
    Trick,
    blind_nil_open,
    legal_bids,
    legal_card_mask,
    legal_mask,
    spades_broken_at_leads,
    trick_leader,
    trick_winner,
)
from .phase import Phase
from .record import HandRecord, TrickRecord, finished_scores
from .rules import (
    CUSTOM_PRESET,
    DECK_CHOICES,
    DEFAULT_FLOOR_SCORE,
    DEFAULT_TARGET_SCORE,
    HOUSE_RULES,
    OPTION,
    OPTIONS,
    PRESETS,
    TARGET_CHOICES,
    RuleOption,
    Rules,
    apply_preset,
    preset_of,
)
from .scoring import (
    BAG_LIMIT,
    BAG_PENALTY_POINTS,
    BLIND_NIL_POINTS,
    NIL_POINTS,
    Bid,
    EndReason,
    GameResult,
    HandScore,
    NilStatus,
    TeamScores,
    decide_game,
    nil_status,
    running_totals,
    score_hand,
    scores_and_bags,
    team_contract,
    thirteen_winner,
)
from .serialisation import action_to_str, legacy_state_digest, parse_action, state_digest
from .state import (
    FIRST_DEALER,
    MAX_GAME_NUMBER,
    GameState,
    apply_action,
    explain_illegal,
    hand_positions,
    legal_actions,
    new_game,
    replay,
    validate_deal,
)
from .view import PlayerView, decision_views, observe

__all__ = [
    "BAG_LIMIT", "BAG_PENALTY_POINTS", "BLIND_NIL_DEFICIT", "BLIND_NIL_POINTS", "NIL_POINTS",
    "CARDS", "CUSTOM_PRESET", "DECK", "DECK_CARDS", "DECK_CHOICES", "DECK_NAMES",
    "HIGH_TRUMP_RANKS", "DEFAULT_FLOOR_SCORE", "DEFAULT_TARGET_SCORE", "FIRST_DEALER",
    "HOUSE_RULES", "LOOK_AT_HAND", "OPTION", "OPTIONS", "PRESETS", "RANK_LETTERS", "SUIT_MASKS",
    "TARGET_CHOICES", "TRICK_STRENGTH",
    "Action", "Bid", "Card", "EndReason", "GameResult", "GameState", "HandRecord", "HandScore",
    "IllegalActionError", "LookAtHand", "NilStatus", "Phase", "PlayedCard", "PlayerView", "Refusal",
    "RuleCode", "RuleOption", "Rules", "Seat", "SplitMix64", "Suit", "Team", "TeamScores",
    "Trick", "TrickRecord", "MAX_GAME_NUMBER",
    "action_to_str", "apply_action", "apply_preset", "blind_nil_open", "cards_to_mask",
    "deal_hands",
    "decide_game", "decision_views", "explain_illegal", "finished_scores", "hand_positions",
    "iter_mask", "legacy_state_digest",
    "legal_actions", "legal_bids", "legal_card_mask", "legal_mask", "mask_to_cards",
    "mix_seed", "new_game", "nil_status", "observe", "parse_action", "parse_card", "preset_of",
    "rank_subsets", "replay", "running_totals", "score_hand", "scores_and_bags",
    "shuffled_deck", "sort_hand", "spades_broken_at_leads", "state_digest", "team_contract",
    "thirteen_winner", "trick_leader", "trick_winner", "validate_deal",
]
