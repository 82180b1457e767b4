"""wizardrules: the rules and scoring of the card game Wizard, typed and immutable.

Documentation: <https://wizardrules.github.io/wizardrules/>; its API reference lists every
name below by layer, with its signature and an example. Every name is importable from here.
Where to start:

- cards and tricks: `Card.parse`, `parse_cards`, `trick_winner`, `legal_plays`;
- points and bids: `round_points`, `allowed_bids`, `Rules` and its `Preset`s;
- a score pad for an app: `ScoreSheet` (`record`, `amend`, `to_text`, `to_csv`, `to_json`);
- a whole game card by card: `new_game`, then `GameState.legal_actions`, `.apply`, `.view`;
- a table with people at it: `GameState.events_for` (each seat's events of a step) and the
  JSON of views, events and actions in `wizardrules.wire`;
- bots and many games: `RuleBot`, `play_game`, `tournament`, `random_games`;
- errors: every one derives from `WizardRulesError`, which is also a `ValueError`;
- the command line: `wizardrules --help`.

Examples:
    >>> from wizardrules import Suit, parse_cards, round_points, trick_winner
    >>> trick_winner(parse_cards("B9 W G13 W"), Suit.GREEN)
    1
    >>> round_points(2, 2)
    40
"""

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any, Final

from wizardrules import _lazy
from wizardrules.actions import Action, Bid, ChangeBid, ChooseTrump, Look, PassCard, Play, PlayUnseen, parse_action
from wizardrules.bidding import (
    BidContext,
    BidFacts,
    BidPolicy,
    CloudChange,
    EqualBids,
    FreeBids,
    NotEqualBids,
    ScorekeeperHook,
    allowed_bids,
    verify_bid,
)
from wizardrules.cards import ALL_CARDS, Card, CardKind, Deck, Language, Special, Suit, parse_cards
from wizardrules.errors import (
    ActionError,
    AmendError,
    BidError,
    BidNotAllowedError,
    BlindBidError,
    CardError,
    CardNotHeldError,
    CloudError,
    DealError,
    EntryError,
    FormatError,
    IllegalActionError,
    IllegalBidError,
    IllegalTrumpError,
    MustFollowSuitError,
    NotationError,
    NotYourTurnError,
    PhaseError,
    PlayerError,
    RulesError,
    ScoringError,
    SeatError,
    SheetError,
    TrickError,
    TricksError,
    UndeclaredCardError,
    UndoError,
    WizardRulesError,
    WrongPhaseError,
)
from wizardrules.rules import (
    EDITION_2016,
    EDITION_2021,
    BidReveal,
    FixedTrump,
    Preset,
    Rules,
    Schedule,
    ScheduleKind,
    Variant,
)
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
from wizardrules.sheet import (
    EntryKind,
    GameNights,
    LogEntry,
    NightsPlayer,
    PendingRound,
    PlayerStatistics,
    Round,
    ScoreSheet,
    game_nights,
)
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
"""The package's version: the one place it is written (pyproject.toml reads it from here)."""

if TYPE_CHECKING:  # loaded on first use: see `__getattr__`
    from wizardrules.bots import Bot, BotFactory, ExpertBot, MonteCarloBot, RandomBot, RuleBot, play_game
    from wizardrules.engine import Deal, GameState, Phase, PlayerView, new_game
    from wizardrules.events import (
        BidChanged,
        BidChangeHidden,
        BidHidden,
        BidMade,
        BidsRevealed,
        CardPassed,
        CardPlayed,
        CardsPassed,
        Event,
        GameOver,
        HandSeen,
        PassHidden,
        PassReceived,
        RoundScored,
        RoundStarted,
        TrickVoided,
        TrickWon,
        TrumpChosen,
    )
    from wizardrules.record import GameRecord
    from wizardrules.tournament import BotStats, SimGame, SimRound, TournamentResult, random_games, tournament

_EVENTS: Final = (
    "BidChanged",
    "BidChangeHidden",
    "BidHidden",
    "BidMade",
    "BidsRevealed",
    "CardPassed",
    "CardPlayed",
    "CardsPassed",
    "Event",
    "GameOver",
    "HandSeen",
    "PassHidden",
    "PassReceived",
    "RoundScored",
    "RoundStarted",
    "TrickVoided",
    "TrickWon",
    "TrumpChosen",
)

_LATER: Final = {
    **dict.fromkeys(
        ("Bot", "BotFactory", "ExpertBot", "MonteCarloBot", "RandomBot", "RuleBot", "play_game"), "wizardrules.bots"
    ),
    **dict.fromkeys(("Deal", "GameState", "Phase", "PlayerView", "new_game"), "wizardrules.engine"),
    **dict.fromkeys(_EVENTS, "wizardrules.events"),
    "GameRecord": "wizardrules.record",
    **dict.fromkeys(
        ("BotStats", "SimGame", "SimRound", "TournamentResult", "random_games", "tournament"), "wizardrules.tournament"
    ),
}
"""The names that `import wizardrules` leaves until their first use, and the module that holds each.

`import wizardrules` loads the rules and the score pad: cards, tricks, scoring, bidding,
rules, actions, the score sheet and the errors. The game engine and its events, the bots,
game records and many games load when one of their names is first used (PEP 562):
`from wizardrules import new_game` as much as `wizardrules.new_game`. The subjects with
parts of their own are subpackages, imported by name when they are needed:
`from wizardrules import svg` (pictures), `wire` (the JSON wire format), `lessons`, `table`,
`wizardrules.rl` (encodings, extra `rl`), `wizardrules.fast` (the compiled core, extra
`fast`) and the adapters `wizardrules.pettingzoo`, `.gymnasium` and `.openspiel`.
"""


def __getattr__(name: str) -> Any:
    """Load a name of `_LATER` from its module on first use; it is a plain attribute after that."""
    home = _LATER.get(name)
    if home is None:
        raise AttributeError(f"module 'wizardrules' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})


class _Package(types.ModuleType):
    """The package's module object, which keeps the name `tournament` for the function.

    Importing a subpackage names it on its package, so `import wizardrules.tournament` would
    put the subpackage where `from wizardrules import tournament` finds the function. The
    subpackage stays reachable as `sys.modules["wizardrules.tournament"]` and by
    `from wizardrules.tournament import ...`, as it was when the function was imported here.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if name == "tournament" and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

# What the low layers get from the high ones, wired here, above every layer, and loaded when
# first asked for (see `_lazy`): the notebook reprs of cards, tricks, sheets and states draw
# with `wizardrules.svg`, and the search bots, the random games and the PettingZoo
# environment run on the compiled core when the `fast` extra is installed.
_lazy.load_renderers_with(lambda: _lazy.load("wizardrules.svg"))
_lazy.provide(_lazy.Boost.ROLLOUTS, lambda: _lazy.optional("wizardrules.fast._kernels.montecarlo"))
_lazy.provide(_lazy.Boost.WORLDS, lambda: _lazy.optional("wizardrules.fast._kernels.worlds"))
_lazy.provide(_lazy.Boost.FAST, lambda: _lazy.optional("wizardrules.fast"))

__all__ = [
    "ALL_CARDS",
    "EDITION_2016",
    "EDITION_2021",
    "STANDARD_SCORE",
    "Action",
    "ActionError",
    "AmendError",
    "Bid",
    "BidChangeHidden",
    "BidChanged",
    "BidContext",
    "BidError",
    "BidFacts",
    "BidHidden",
    "BidMade",
    "BidNotAllowedError",
    "BidPolicy",
    "BidReveal",
    "BidsRevealed",
    "BlindBidError",
    "Bot",
    "BotFactory",
    "BotStats",
    "Card",
    "CardError",
    "CardKind",
    "CardNotHeldError",
    "CardPassed",
    "CardPlayed",
    "CardsPassed",
    "ChangeBid",
    "ChooseTrump",
    "CloudChange",
    "CloudError",
    "Deal",
    "DealError",
    "Deck",
    "EntryError",
    "EntryKind",
    "EqualBids",
    "Event",
    "ExpertBot",
    "FixedTrump",
    "FormatError",
    "FreeBids",
    "GameNights",
    "GameOver",
    "GameRecord",
    "GameState",
    "HandSeen",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalTrumpError",
    "Language",
    "LogEntry",
    "Look",
    "MonteCarloBot",
    "MustFollowSuitError",
    "NightsPlayer",
    "NotEqualBids",
    "NotYourTurnError",
    "NotationError",
    "PassCard",
    "PassHidden",
    "PassReceived",
    "PendingRound",
    "Phase",
    "PhaseError",
    "Play",
    "PlayUnseen",
    "PlayerError",
    "PlayerStatistics",
    "PlayerView",
    "PointsBreakdown",
    "Preset",
    "RandomBot",
    "Round",
    "RoundScored",
    "RoundStarted",
    "RuleBot",
    "Rules",
    "RulesError",
    "Schedule",
    "ScheduleKind",
    "ScoreRule",
    "ScoreSheet",
    "ScorekeeperHook",
    "ScoringError",
    "SeatError",
    "SheetError",
    "SimGame",
    "SimRound",
    "Special",
    "StandardScore",
    "Suit",
    "TieBreak",
    "TournamentResult",
    "Trick",
    "TrickDecision",
    "TrickError",
    "TrickVoided",
    "TrickWon",
    "TricksError",
    "TrumpChosen",
    "UndeclaredCardError",
    "UndoError",
    "Variant",
    "WinReason",
    "WizardRulesError",
    "WrongPhaseError",
    "__version__",
    "allowed_bids",
    "decide_trick",
    "game_nights",
    "led_suit",
    "legal_plays",
    "new_game",
    "parse_action",
    "parse_cards",
    "play_game",
    "random_games",
    "round_points",
    "standings",
    "tournament",
    "trick_winner",
    "verify_bid",
    "winners",
    "would_be_winner",
]
