"""Encodings for reinforcement learning: a fixed action index space and observation tensors.

The RL adapters ([`wizardrules.pettingzoo`][wizardrules.rl.pettingzoo],
[`wizardrules.gymnasium`][wizardrules.rl.gymnasium]) share these encodings, so an agent trained
through one sees the same numbers through another. Both depend only on the rules
and the number of players:

- [`ActionCodec`][wizardrules.rl.ActionCodec] numbers every action the rules allow (bids,
  blind bids, look, trump choices, each card with each declaration, Cloud changes,
  Juggler passes) and turns a state's legal actions into a boolean mask.
- [`Observer`][wizardrules.rl.Observer] turns a [`PlayerView`][wizardrules.PlayerView] into
  a float32 vector: [`observation`][wizardrules.rl.Observer.observation] (what the player
  knows now) or [`information_state`][wizardrules.rl.Observer.information_state] (that and
  the whole public history of the round and the score sheet), and the same as text. It reads
  nothing but the view, so it cannot leak what the view does not hold. Seats are relative:
  every per-seat block starts with the observing seat, then the seats to its left in order.

The vector is made of named sections at fixed offsets ([`describe`][wizardrules.rl.Observer.describe]):
one-hot blocks, one bit per card, and counts and points scaled into [0, 1] or [-1, 1].

Needs the extra `rl` (numpy): `pip install ".[rl]"` from a checkout (once published,
`pip install "wizardrules[rl]"`).

Examples:
    >>> from wizardrules import new_game
    >>> from wizardrules.rl import ActionCodec, Observer
    >>> state = new_game(4, seed=1)
    >>> codec, observer = ActionCodec(state.rules, 4), Observer(state.rules, 4)
    >>> " | ".join(str(codec.action(i)) for i in codec.mask(state).nonzero()[0])
    'bid 0 | bid 1'
    >>> vector = observer.observation(state.view(state.to_move))
    >>> vector.dtype, vector.shape == (observer.describe().size,)
    (dtype('float32'), True)
"""

from wizardrules.rl._actions import ActionCodec
from wizardrules.rl._layout import (
    BoolArray,
    Encoding,
    FloatArray,
    Reward,
    Section,
    SectionKind,
    VectorLayout,
    points_bounds,
)
from wizardrules.rl._observer import Observer, table_text

__all__ = [
    "ActionCodec",
    "BoolArray",
    "Encoding",
    "FloatArray",
    "Observer",
    "Reward",
    "Section",
    "SectionKind",
    "VectorLayout",
    "points_bounds",
    "table_text",
]
