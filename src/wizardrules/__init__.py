"""wizardrules: the rules and scoring of the card game Wizard, typed and immutable.

Example:
    >>> from wizardrules import Suit, parse_cards, round_points, trick_winner
    >>> trick_winner(parse_cards("B9 W G13 W"), Suit.GREEN)
    1
    >>> round_points(2, 2)
    40
"""

from wizardrules.bidding import (
    BidContext,
    BidPolicy,
    EqualBids,
    FreeBids,
    NotEqualBids,
    ScorekeeperHook,
    allowed_bids,
    verify_bid,
)
from wizardrules.cards import ALL_CARDS, Card, CardKind, Deck, Language, Special, Suit, parse_cards
from wizardrules.errors import (
    BidError,
    BidNotAllowedError,
    BlindBidError,
    CardError,
    CloudError,
    EntryError,
    FormatError,
    IllegalActionError,
    NotationError,
    PhaseError,
    PlayerError,
    RulesError,
    ScoringError,
    SheetError,
    TrickError,
    TricksError,
    UndoError,
    WizardRulesError,
)
from wizardrules.rules import BidReveal, FixedTrump, Preset, Rules, Schedule, ScheduleKind, Variant
from wizardrules.scoring import (
    STANDARD_SCORE,
    PointsBreakdown,
    ScoreRule,
    StandardScore,
    TieBreak,
    round_points,
    standings,
    winners,
)
from wizardrules.sheet import CloudChange, PendingRound, Round, ScoreSheet
from wizardrules.tricks import (
    Trick,
    TrickDecision,
    WinReason,
    decide_trick,
    led_suit,
    legal_plays,
    trick_winner,
    would_be_winner,
)

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS",
    "STANDARD_SCORE",
    "BidContext",
    "BidError",
    "BidNotAllowedError",
    "BidPolicy",
    "BidReveal",
    "BlindBidError",
    "Card",
    "CardError",
    "CardKind",
    "CloudChange",
    "CloudError",
    "Deck",
    "EntryError",
    "EqualBids",
    "FixedTrump",
    "FormatError",
    "FreeBids",
    "IllegalActionError",
    "Language",
    "NotEqualBids",
    "NotationError",
    "PendingRound",
    "PhaseError",
    "PlayerError",
    "PointsBreakdown",
    "Preset",
    "Round",
    "Rules",
    "RulesError",
    "Schedule",
    "ScheduleKind",
    "ScoreRule",
    "ScoreSheet",
    "ScorekeeperHook",
    "ScoringError",
    "SheetError",
    "Special",
    "StandardScore",
    "Suit",
    "TieBreak",
    "Trick",
    "TrickDecision",
    "TrickError",
    "TricksError",
    "UndoError",
    "Variant",
    "WinReason",
    "WizardRulesError",
    "__version__",
    "allowed_bids",
    "decide_trick",
    "led_suit",
    "legal_plays",
    "parse_cards",
    "round_points",
    "standings",
    "trick_winner",
    "verify_bid",
    "winners",
    "would_be_winner",
]
