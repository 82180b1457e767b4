"""The game engine: the whole game as a fast immutable state machine (RULES R2-R8).

[`new_game`][wizardrules.new_game] deals every round up front from an explicit seed,
`random.Random` or fixed deal, so a state never depends on hidden global randomness.
Each [`GameState`][wizardrules.GameState] lists its legal actions and
[`apply`][wizardrules.GameState.apply] checks legality and returns a new state; the old
one is untouched. Players see the game only through
[`view`][wizardrules.GameState.view], a [`PlayerView`][wizardrules.PlayerView].

The modules of this package, read from the bottom up, tell the story of a game:

- `_layout`: the state's shape: phases, the core tuple and its named twins, the fixed `Game`;
- `_bids`: which bids a bidder may make;
- `_deal`: the first dealer's draw and the deals;
- `_round`: a round's start (trump, first bidder) and end (scoring, the next round);
- `_special`: the special cards in play;
- `_moves`: every action's checked transition;
- `view`: what one player may know;
- `state`: `GameState`, its properties and the step API;
- `_setup`: `new_game`.

Examples:
    >>> import random
    >>> from wizardrules import Preset, new_game
    >>> state = new_game(["Ann", "Ben", "Cem"], rules=Preset.OFFICIAL.rules(), seed=7)
    >>> rng = random.Random(1)
    >>> while not state.is_over:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> len(state.scoresheet.rounds), state.totals == state.scoresheet.totals
    (20, True)
"""

from wizardrules.engine._deal import Deal
from wizardrules.engine._layout import Phase
from wizardrules.engine._setup import new_game
from wizardrules.engine.state import GameState
from wizardrules.engine.view import PlayerView

__all__ = ["Deal", "GameState", "Phase", "PlayerView", "new_game"]
