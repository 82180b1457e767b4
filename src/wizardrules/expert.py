"""A strong reference bot: worlds weighted by what the bids and play say, every choice searched.

[`ExpertBot`][wizardrules.expert.ExpertBot] plays like
[`MonteCarloBot`][wizardrules.MonteCarloBot] (deal the unseen cards, play the round out
for each choice, keep the best) with three differences:

- **Worlds weighted by inference.** It deals many candidate worlds that respect the voids,
  weighs each by how well every other hand explains that seat's bid (a seat's hand at the
  deal, the cards it holds plus those it played, is worth about its bid) and its play so far
  (the cards it still holds are worth about the tricks it still needs), and draws the worlds
  it searches from them by weight. A seat that bid three is searched in worlds where it
  holds three tricks' worth, not in worlds drawn as if it had said nothing.
- **Bidding by search.** Every bid near the hand's worth is played out in every world, and
  the bid with the best mean wins.
- **A cheap evaluation.** The rollouts run on a small simulator of one round on card codes
  (plain Python, no engine), so a pure-Python decision affords many times the worlds that
  replaying the engine does; with the `fast` extra installed and rules the compiled core
  plays, the rollouts run there instead. Where even that is too dear (large hands), a
  rollout stops after `horizon` tricks and the rest of the round is estimated from each
  hand's worth (a Poisson-binomial count of the tricks it may still take).

It plays the standard deck with open bids, no blind bids and the standard score (the
rulebook's game and its schedules and bid rules); in any other game it defers to
`MonteCarloBot` with the same budget.

Examples:
    >>> from wizardrules import RuleBot, Rules, Schedule, play_game
    >>> rules = Rules(schedule=Schedule.ladder(4, rounds=3))
    >>> final = play_game([ExpertBot(worlds=4, seed=1), RuleBot(), RuleBot(), RuleBot()], rules=rules, seed=3)
    >>> final.is_over
    True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Final

import attrs
from attrs import define, field

from wizardrules import _lazy
from wizardrules._convert import shown
from wizardrules.actions import ACTION_CLASSES, Action, Bid, Play
from wizardrules.bidding import FreeBids, NotEqualBids, allowed_bids
from wizardrules.bots import RuleBot, check_turn, seeded_random
from wizardrules.cards import Card, CardKind, Suit
from wizardrules.engine import Phase, PlayerView
from wizardrules.errors import RulesError
from wizardrules.rules import BidReveal, Variant
from wizardrules.sampling import MonteCarloBot, sample_world, world_state
from wizardrules.scoring import StandardScore

__all__ = ["ExpertBot"]

# -- card codes: 0..51 suit cards (suit * 13 + rank - 1), 52..55 Jesters, 56..59 Wizards --------

_SUITS: Final = tuple(Suit)
_JESTER: Final = 52
_WIZARD: Final = 56
_CARD_OF: Final = (
    *(Card.suited(suit, rank) for suit in _SUITS for rank in range(1, 14)),
    *([Card.JESTER] * 4),
    *([Card.WIZARD] * 4),
)
_DECK: Final = tuple(range(60))


def _suit(code: int) -> int:
    return code // 13 if code < _JESTER else -1


def _codes(cards: Sequence[Card], taken: set[int]) -> list[int]:
    """The codes of `cards`, a Wizard or Jester taking the first copy not in `taken` (which grows)."""
    out = []
    for card in cards:
        if card.kind is CardKind.SUIT:
            assert card.suit is not None  # noqa: S101 - a suit card has a suit
            code = _SUITS.index(card.suit) * 13 + card.rank - 1
        else:
            base = _WIZARD if card.kind is CardKind.WIZARD else _JESTER
            code = next(c for c in range(base, base + 4) if c not in taken)
        taken.add(code)
        out.append(code)
    return out


def _tables(trump: int) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Per code under `trump` (-1 none): RuleBot's trick worth of a card for bidding, and its play power."""
    worth = []
    power = []
    for code in _DECK:
        if code >= _WIZARD:
            worth.append(1.0)
            power.append(100)
        elif code >= _JESTER:
            worth.append(0.0)
            power.append(-1)
        else:
            rank = code % 13 + 1
            if code // 13 == trump:
                worth.append(0.35 + 0.05 * rank)
                power.append(rank + 50)
            else:
                worth.append({13: 0.7, 12: 0.4, 11: 0.2}.get(rank, 0.0))
                power.append(rank)
    return tuple(worth), tuple(power)


_TABLES: Final = tuple(_tables(trump) for trump in range(-1, 4))
"""`_tables(trump)` at index `trump + 1`."""


def _key(code: int, trump: int, led: int) -> int:
    """How strongly `code` holds a trick whose led suit is `led` (-1 none yet, -2 a Wizard led).

    A card takes the trick from the best so far only with a greater key: ties keep the earlier card.
    """
    if code >= _WIZARD:
        return 200
    if code >= _JESTER:
        return 0
    suit = code // 13
    if suit == trump:
        return 100 + code % 13
    return 1 + code % 13 if suit == led else 0


# -- one round on card codes ----------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class _Round:
    """What the rollouts of a decision share: the round's fixed facts."""

    players: int
    seat: int
    trump: int
    cards: int
    dealer: int
    bid_policy: Any
    round_number: int
    totals: tuple[int, ...]
    horizon: int


def _points(bid: int, tricks: int) -> int:
    return 20 + 10 * bid if bid == tricks else -10 * abs(bid - tricks)


def _rule_bid(game: _Round, hand: Sequence[int], bids: list[int]) -> int:
    """RuleBot's bid: the allowed bid nearest the hand's worth (the smaller on a tie)."""
    worth_of = _TABLES[game.trump + 1][0]
    worth = sum(worth_of[c] for c in hand)
    made = [b for b in bids if b >= 0]
    allowed = _allowed(game, made)
    return min(allowed, key=lambda b: (abs(b - worth), b))


def _allowed(game: _Round, made: Sequence[int]) -> Sequence[int]:
    """The bids allowed to the next bidder after the bids `made` this round."""
    policy = game.bid_policy
    if type(policy) is FreeBids:
        return range(game.cards + 1)
    return sorted(
        allowed_bids(
            policy,
            cards=game.cards,
            bids=made,
            players=game.players,
            round_number=game.round_number,
            totals=game.totals,
        )
    )


def _choose(hand: list[int], trick: list[int], led: int, best_key: int, need: int, trump: int) -> int:  # noqa: PLR0917 - hot loop
    """RuleBot's play from `hand` on `trick`: win as cheaply as possible while tricks are needed, else duck."""
    if led >= 0:
        follow = [c for c in hand if c < _JESTER and c // 13 == led]
        legal = follow + [c for c in hand if c >= _JESTER] if follow else hand
    else:
        legal = hand
    if len(legal) == 1:
        return legal[0]
    power = _TABLES[trump + 1][1]
    by_power = sorted(legal, key=power.__getitem__)
    if not trick:
        return by_power[-1] if need > 0 else by_power[0]
    if need > 0:
        for c in by_power:
            if _key(c, trump, led if led != -1 or c >= _JESTER else c // 13) > best_key:
                return c
        return by_power[0]
    losing = [c for c in by_power if _key(c, trump, led if led != -1 or c >= _JESTER else c // 13) <= best_key]
    return losing[-1] if losing else by_power[0]


def _estimate(game: _Round, hands: list[list[int]], bids: list[int], won: list[int]) -> list[float]:
    """Each seat's expected round points when the round stops early: a Poisson-binomial count of its further tricks.

    Each card still held takes a trick with the probability of its worth (RuleBot's table,
    as for bidding), independently; the chance that the seat ends exactly on its bid scores
    the hit, the rest the expected miss.
    """
    worth_of = _TABLES[game.trump + 1][0]
    out = []
    for seat, hand in enumerate(hands):
        dist = [1.0]
        for c in hand:
            p = min(0.95, max(0.05, worth_of[c]))
            new = [0.0] * (len(dist) + 1)
            for k, q in enumerate(dist):
                new[k] += q * (1 - p)
                new[k + 1] += q * p
            dist = new
        out.append(sum(q * _points(bids[seat], won[seat] + k) for k, q in enumerate(dist)))
    return out


def _play_round(  # noqa: PLR0917 - hot loop
    game: _Round,
    hands: list[list[int]],
    bids: list[int],
    won: list[int],
    trick: list[int],
    leader: int,
    first: int | None,
) -> float:
    """The acting seat's relative points when the round is played out by RuleBot's rules from here.

    `first` is the card the acting seat plays now, if it is to play.
    `hands`, `bids`, `won` and `trick` are this rollout's own copies and are changed.
    """
    n = game.players
    trump = game.trump
    led, best, best_key = -1, 0, -1
    for position, c in enumerate(trick):
        if led == -1:
            if c >= _WIZARD:
                led = -2
            elif c < _JESTER:
                led = c // 13
        k = _key(c, trump, led)
        if k > best_key:
            best, best_key = position, k
    tricks_played = 0
    while True:
        seat = (leader + len(trick)) % n
        hand = hands[seat]
        if first is not None:
            c, first = first, None
        else:
            c = _choose(hand, trick, led, best_key, bids[seat] - won[seat], trump)
        hand.remove(c)
        if led == -1:
            if c >= _WIZARD:
                led = -2
            elif c < _JESTER:
                led = c // 13
        k = _key(c, trump, led)
        if k > best_key:
            best, best_key = len(trick), k
        trick.append(c)
        if len(trick) < n:
            continue
        leader = (leader + best) % n
        won[leader] += 1
        trick = []
        led, best, best_key = -1, 0, -1
        tricks_played += 1
        if not hands[leader]:
            points = [float(_points(bids[s], won[s])) for s in range(n)]
            break
        if tricks_played >= game.horizon:
            points = _estimate(game, hands, bids, won)
            break
    mine = points[game.seat]
    return mine - (sum(points) - mine) / (n - 1)


def _rollout(game: _Round, known: _Known, hands: list[list[int]], action: Action) -> float:
    """The acting seat's relative points after `action` in the world `hands` (which is left as it is)."""
    hands = [list(h) for h in hands]
    bids = list(known.bids)
    won = list(known.won)
    trick = list(known.trick)
    leader = known.leader
    if isinstance(action, Bid):
        n = game.players
        bids[game.seat] = action.tricks
        seat = (game.seat + 1) % n
        while seat != (game.dealer + 1) % n:
            if bids[seat] < 0:
                bids[seat] = _rule_bid(game, hands[seat], bids)
            seat = (seat + 1) % n
        return _play_round(game, hands, bids, won, trick, (game.dealer + 1) % n, None)
    assert isinstance(action, Play)  # noqa: S101 - the bot searches bids and plays only
    code = _code_in(hands[game.seat], action.card)
    return _play_round(game, hands, bids, won, trick, leader, code)


def _code_in(hand: Sequence[int], card: Card) -> int:
    if card.kind is CardKind.WIZARD:
        return next(c for c in hand if c >= _WIZARD)
    if card.kind is CardKind.JESTER:
        return next(c for c in hand if _JESTER <= c < _WIZARD)
    assert card.suit is not None  # noqa: S101 - a suit card has a suit
    return _SUITS.index(card.suit) * 13 + card.rank - 1


# -- the view on card codes, and weighted worlds ---------------------------------------------------


@attrs.frozen(kw_only=True)
class _Known:
    """The view turned into codes: what is fixed and what is to be dealt."""

    mine: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    pool: tuple[int, ...]
    voids: tuple[frozenset[int], ...]
    sizes: tuple[int, ...]
    bids: tuple[int, ...]
    won: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int


def _known(view: PlayerView) -> _Known:
    n = len(view.players)
    taken: set[int] = set()
    mine = _codes(view.hand or (), taken)
    played: list[list[int]] = [[] for _ in range(n)]
    voids: list[set[int]] = [set() for _ in range(n)]
    for trick in (*view.completed_tricks, view.current_trick):
        led = -1
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            (code,) = _codes((card,), taken)
            played[seat].append(code)
            if led == -1:
                led = -2 if code >= _WIZARD else _suit(code)
            elif led >= 0 and code < _JESTER and code // 13 != led:
                voids[seat].add(led)
    if view.turned_up is not None:
        _codes((view.turned_up,), taken)
    trick_codes = [played[seat][-1] for seat in view.current_trick.seats]
    return _Known(
        mine=tuple(sorted(mine)),
        played=tuple(tuple(p) for p in played),
        pool=tuple(c for c in _DECK if c not in taken),
        voids=tuple(frozenset(v) for v in voids),
        sizes=view.hand_sizes,
        bids=tuple(-1 if b is None else b for b in view.bids),
        won=view.tricks_won,
        trick=tuple(trick_codes),
        leader=view.current_trick.leader,
    )


def _deal(known: _Known, seat: int, rng: random.Random, tries: int) -> list[list[int]] | None:
    """A uniform deal of the pool to the other seats that respects the voids, or `None` after `tries` misses."""
    pool = list(known.pool)
    n = len(known.sizes)
    for _ in range(tries):
        rng.shuffle(pool)
        hands: list[list[int]] = []
        start = 0
        for s in range(n):
            if s == seat:
                hands.append(list(known.mine))
                continue
            hand = sorted(pool[start : start + known.sizes[s]])  # in card order, as the engine lists a hand
            start += known.sizes[s]
            if known.voids[s] and any(c < _JESTER and c // 13 in known.voids[s] for c in hand):
                break
            hands.append(hand)
        else:
            return hands
    return None


def _exact_deal(view: PlayerView, known: _Known, rng: random.Random) -> list[list[int]]:
    """A deal from the exact sampler of `sample_world`, for when the voids make rejection miss."""
    world = sample_world(view, rng, tries=0)
    taken = set(known.mine)
    for cards in known.played:
        taken.update(cards)
    taken.update(c for c in _DECK if c not in known.pool and c not in taken)
    return [list(known.mine) if s == view.seat else sorted(_codes(hand, taken)) for s, hand in enumerate(world)]


def _log_weight(game: _Round, known: _Known, hands: list[list[int]], spread: float) -> float:
    """How well the world's hands explain every other seat's bid and its play so far (log-likelihood)."""
    worth_of = _TABLES[game.trump + 1][0]
    total = 0.0
    for s, hand in enumerate(hands):
        bid = known.bids[s]
        if s == game.seat or bid < 0:
            continue
        now = sum(worth_of[c] for c in hand)
        dealt = now + sum(worth_of[c] for c in known.played[s])
        need = bid - known.won[s]
        total -= (bid - dealt) ** 2 / (2 * spread * spread)
        if known.played[s]:
            total -= (max(need, 0) - now) ** 2 / (8 * spread * spread)
    return total


def _supported(view: PlayerView) -> bool:
    rules = view.rules
    return (
        not rules.special_cards
        and rules.bid_reveal is BidReveal.OPEN
        and not rules.variants & (Variant.BLIND_BIDS | Variant.CLAIRVOYANCE)
        and type(rules.score_rule) is StandardScore
        and type(rules.bid_policy) in (FreeBids, NotEqualBids)
        and view.hand is not None
    )


def _compiled_rollouts() -> ModuleType | None:
    """The compiled batch rollouts, `None` without the `fast` extra (loaded by name: the fast core is a layer above)."""
    return _lazy.optional("wizardrules.fast._kernels.worlds")


def _mask(hand: Sequence[int]) -> int:
    """A hand as the compiled core's bit mask: suit cards on the same bits, Wizards on 52..55, Jesters on 56..59."""
    mask = 0
    for c in hand:
        mask |= 1 << (c if c < _JESTER else c + 4 if c < _WIZARD else c - 4)
    return mask


# -- the bot --------------------------------------------------------------------------------------


def _check_count(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or value < 1:
        raise RulesError(f"ExpertBot {attribute.name}={shown(value)}: must be a whole number 1 or more")


def _check_spread(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
        raise RulesError(f"ExpertBot {attribute.name}={shown(value)}: must be a positive number")


def _check_time(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0):
        raise RulesError(
            f"ExpertBot {attribute.name}={shown(value)}: must be a positive number of milliseconds or None"
        )


@define
class ExpertBot:
    """Search over worlds weighted by the bids and the play so far, with bids searched too.

    Each decision deals `oversample * worlds` candidate worlds that respect the voids, weighs
    them by how well the other hands explain their bids and play (see the module), draws
    `worlds` of them by weight (importance resampling: a world drawn twice counts twice and is
    played once), and plays the round out from each legal choice in each drawn world (bids
    within `bid_window` of the hand's worth). The choice with the best mean relative score
    (its round points minus the mean of the others') wins.

    Attributes:
        worlds: worlds searched per decision.
        seed: the seed of the bot's random source; with `time_ms=None` its choices are a
            function of the seed and the views it was shown.
        time_ms: a time budget per decision in milliseconds for the pure-Python rollouts: no
            new world is started once it is spent (at least one world is always played). The
            compiled core plays all the worlds in one batch.
        compiled: play the rollouts in the compiled core when the `fast` extra is installed
            and the rules are the core's; else on the bot's own pure-Python simulator.
        oversample: candidate worlds dealt per world kept.
        spread: how closely a hand's worth is taken to match its bid, in tricks (the standard
            deviation of the bid given the hand); larger trusts the bids less.
        horizon: tricks a pure-Python rollout plays before the rest is estimated.
        bid_window: bids further than this from the hand's worth are not searched.

    Raises:
        RulesError: a count that is not a whole number 1 or more, or a spread or time budget
            that is not positive.

    Examples:
        >>> from wizardrules import new_game
        >>> state = new_game(4, seed=2)
        >>> bot = ExpertBot(worlds=8, seed=0)
        >>> bot.act(state.view(state.to_move), state.legal_actions()) in state.legal_actions()
        True
    """

    worlds: int = field(default=24, validator=_check_count)
    seed: int = 0
    time_ms: float | None = field(default=None, validator=_check_time)
    compiled: bool = True
    oversample: int = field(default=4, validator=_check_count)
    spread: float = field(default=1.0, validator=_check_spread)
    horizon: int = field(default=5, validator=_check_count)
    bid_window: int = field(default=2, validator=_check_count)
    _rng: random.Random = field(init=False, repr=False)
    _fallback: MonteCarloBot = field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._rng = seeded_random(self.seed, "ExpertBot")
        self._fallback = MonteCarloBot(samples=self.worlds, seed=self.seed, time_ms=self.time_ms)

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The legal action with the best mean score over the weighted worlds.

        Raises:
            RulesError: `view` is not a view, or `legal` not a non-empty sequence of actions.
        """
        check_turn(view, legal, "ExpertBot")
        if not all(isinstance(action, ACTION_CLASSES) for action in legal):
            raise RulesError(f"ExpertBot.act: legal {shown(legal)} holds something that is not an action")
        if len(legal) == 1:
            return legal[0]
        if view.phase not in (Phase.BIDDING, Phase.PLAYING) or not all(isinstance(a, (Bid, Play)) for a in legal):
            return RuleBot().act(view, legal)  # the trump choice and looking at the hand
        if not _supported(view):
            return self._fallback.act(view, legal)
        start = time.monotonic()
        game = self._round(view)
        known = _known(view)
        choices: list[Action] = list(legal)
        if view.phase is Phase.BIDDING:
            worth_of = _TABLES[game.trump + 1][0]
            worth = sum(worth_of[c] for c in known.mine)
            near: list[Action] = [a for a in choices if isinstance(a, Bid) and abs(a.tricks - worth) <= self.bid_window]
            choices = near or choices
            if len(choices) == 1:
                return choices[0]
        compiled = _compiled_rollouts() if self.compiled else None
        if compiled is not None and not compiled.possible(view.rules):
            compiled = None
        scores = [0.0] * len(choices)
        worlds = self._worlds(view, game, known)
        if compiled is not None:  # every world in one batch: the time budget is spent on the worlds' draw
            state = world_state(view, [tuple(sorted(_CARD_OF[c] for c in hand)) for hand in worlds[0][0]])
            masks = [[_mask(hand) for hand in hands] for hands, _ in worlds]
            for row, (_, count) in zip(compiled.batch_scores(view, state, masks, choices), worlds, strict=True):
                for i, score in enumerate(row):
                    scores[i] += count * score
            worlds = []
        for done, (hands, count) in enumerate(worlds):
            if done and self.time_ms is not None and (time.monotonic() - start) * 1000 >= self.time_ms:
                break
            for i, action in enumerate(choices):
                scores[i] += count * _rollout(game, known, hands, action)
        best = max(range(len(choices)), key=lambda i: (scores[i], -i))
        return choices[best]

    def sample_worlds(self, view: PlayerView) -> list[tuple[tuple[Card, ...], ...]]:
        """The worlds the bot would search at `view`: per world, every seat's hand now.

        They respect everything `sample_world` respects, and are drawn by how well they
        explain the other seats' bids and play (see the class), from the bot's random source.

        Raises:
            RulesError: `view` is not a view, or a game the bot does not search itself (special
                cards, hidden or blind bids, another score rule or bid policy).

        Examples:
            >>> from wizardrules import Bid, new_game
            >>> state = new_game(4, seed=3).apply(Bid(tricks=1))
            >>> worlds = ExpertBot(worlds=5).sample_worlds(state.view(2))
            >>> len(worlds), [len(hand) for hand in worlds[0]]
            (5, [1, 1, 1, 1])
        """
        if not isinstance(view, PlayerView):
            raise RulesError(f"ExpertBot.sample_worlds: {shown(view)} is not a PlayerView (a state's view(seat))")
        if not _supported(view):
            raise RulesError(
                "ExpertBot.sample_worlds: the bot searches the standard deck with open bids, no blind bids, "
                "the standard score and free or not-equal bids only, with its own hand seen"
            )
        game = self._round(view)
        return [
            tuple(tuple(sorted(_CARD_OF[c] for c in hand)) for hand in hands)
            for hands, count in self._worlds(view, game, _known(view))
            for _ in range(count)
        ]

    def _round(self, view: PlayerView) -> _Round:
        return _Round(
            players=len(view.players),
            seat=view.seat,
            trump=-1 if view.trump is None else _SUITS.index(view.trump),
            cards=view.cards,
            dealer=view.dealer,
            bid_policy=view.rules.bid_policy,
            round_number=view.round_number,
            totals=view.totals,
            horizon=self.horizon,
        )

    def _worlds(self, view: PlayerView, game: _Round, known: _Known) -> list[tuple[list[list[int]], int]]:
        """`worlds` draws by weight from `oversample` times as many candidates: each distinct world, with its count.

        The candidates are uniform over the deals that respect the voids; a systematic
        resampling by weight then makes the draws follow the weighted distribution (importance
        resampling), and a world drawn `k` times counts `k` times without being played again.
        """
        rng = self._rng
        candidates = []
        for _ in range(self.worlds * self.oversample):
            hands = _deal(known, view.seat, rng, 20)
            if hands is None:
                hands = _exact_deal(view, known, rng)
            candidates.append(hands)
        logs = [_log_weight(game, known, hands, self.spread) for hands in candidates]
        top = max(logs)
        weights = [math.exp(w - top) for w in logs]
        step = sum(weights) / self.worlds
        point = rng.random() * step
        counts: dict[int, int] = {}
        running = 0.0
        i = 0
        for _ in range(self.worlds):
            while running + weights[i] <= point and i < len(weights) - 1:
                running += weights[i]
                i += 1
            counts[i] = counts.get(i, 0) + 1
            point += step
        return [(candidates[i], count) for i, count in counts.items()]
