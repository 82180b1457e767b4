"""Sampling the cards a player cannot see: the worlds a searching bot plays out.

A [`PlayerView`][wizardrules.PlayerView] leaves the other hands unknown. For search, a bot
*determinizes*: [`sample_world`][wizardrules.bots.sample_world] deals the unseen cards to the
hidden hands, exactly uniformly over every deal consistent with what the view knows, and
[`world_state`][wizardrules.bots.world_state] turns such a world into a playable one-round
[`GameState`][wizardrules.GameState] at the view's moment.
[`MonteCarloBot`][wizardrules.MonteCarloBot] plays the rest of the round in many sampled
worlds for each legal action and picks the action that did best.

Examples:
    >>> import random
    >>> from wizardrules import new_game
    >>> state = new_game(4, seed=5)
    >>> view = state.view(1)
    >>> world = sample_world(view, random.Random(0))
    >>> world[1] == view.hand, [len(hand) for hand in world]
    (True, [1, 1, 1, 1])
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Final

import attrs
from attrs import frozen

from wizardrules._convert import as_tuple, shown, whole
from wizardrules.actions import Bid, ChooseTrump, Look, Play
from wizardrules.bidding import BidContext, BidFacts, BidPolicy, bid_facts
from wizardrules.bots._base import Bot, is_bot
from wizardrules.bots._rulebot import RuleBot
from wizardrules.cards import MAX_DECK_SIZE, Card, CardKind, Suit
from wizardrules.engine import Deal, GameState, Phase, PlayerView, new_game
from wizardrules.engine.view import view_problem
from wizardrules.errors import DealError, RulesError
from wizardrules.rules import Rules, Schedule, Variant
from wizardrules.tricks import MAX_PLAYERS, led_suit

__all__ = ["check_view", "sample_world", "world_state"]

_DECK_SIZE: Final = 60
_STANDARD_COUNTS: Final[Counter[Card]] = Counter(
    [Card.suited(suit, rank) for suit in Suit for rank in range(1, 14)] + [Card.WIZARD] * 4 + [Card.JESTER] * 4
)
_FACTORIAL: Final = tuple(math.factorial(k) for k in range(_DECK_SIZE + 1))
_STOCK: Final = -1
"""The pseudo-seat of the cards left in the deck (dealt to nobody, never turned up)."""
MAX_TRIES: Final = 1000
"""The most rejection attempts `sample_world` makes before it counts."""


# -- what the view knows ------------------------------------------------------------------------


def _voids(view: PlayerView) -> list[set[Suit]]:
    """Per seat, the suits it showed it is out of this round (it did not follow them, R5.3)."""
    voids: list[set[Suit]] = [set() for _ in view.players]
    for trick in (*view.completed_tricks, view.current_trick):
        for position in range(1, len(trick.cards)):
            card = trick.cards[position]
            if card.kind is not CardKind.SUIT:
                continue
            led = led_suit(trick.cards[:position])
            if led is not None and card.suit is not led:
                voids[(trick.leader + position) % trick.players].add(led)
    return voids


def _played_by(view: PlayerView) -> list[list[Card]]:
    """Per seat, the cards it played this round, in order."""
    played: list[list[Card]] = [[] for _ in view.players]
    for trick in (*view.completed_tricks, view.current_trick):
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            played[seat].append(card)
    return played


@frozen
class _Problem:
    """The hidden part of a view: unseen cards to deal to targets (hidden seats and the stock)."""

    fixed: dict[int, tuple[Card, ...]]
    """The hands the view sees, by seat."""
    targets: tuple[int, ...]
    """The seats to deal to, then `_STOCK`."""
    caps: tuple[int, ...]
    """Per target, how many cards it gets."""
    voids: tuple[frozenset[Suit], ...]
    """Per target, the suits it holds none of."""
    pool: tuple[Card, ...]
    """The unseen cards, one entry per physical card (a Wizard up to four times)."""


def _problem(view: PlayerView) -> _Problem:
    n = len(view.players)
    if len(view.hand_sizes) != n or len(view.seen_hands) != n:
        raise DealError(f"view of seat {view.seat}: hand sizes or seen hands do not match {n} players")
    fixed: dict[int, tuple[Card, ...]] = {}
    for seat, hand in enumerate(view.seen_hands):
        if hand is not None:
            fixed[seat] = tuple(hand)
    if view.hand is not None:
        fixed[view.seat] = tuple(view.hand)
    played = _played_by(view)
    voids = _voids(view)
    remaining = Counter(_STANDARD_COUNTS)
    known: list[Card] = [card for cards in played for card in cards]
    known += [card for hand in fixed.values() for card in hand]
    if view.turned_up is not None:
        known.append(view.turned_up)
    for card in known:
        if remaining[card] <= 0:
            raise DealError(f"view of seat {view.seat}: {card} is seen more often than the standard deck holds it")
        remaining[card] -= 1
    for seat in range(n):
        size = view.hand_sizes[seat]
        if size < 0 or size + len(played[seat]) != view.cards:
            raise DealError(
                f"view of seat {view.seat}: seat {seat} holds {size} cards and played {len(played[seat])}, "
                f"but the round deals {view.cards}"
            )
        hand = fixed.get(seat)
        if hand is None:
            continue
        if len(hand) != size:
            raise DealError(f"view of seat {view.seat}: seat {seat} is seen holding {len(hand)} cards, not {size}")
        broken = [card for card in hand if card.suit in voids[seat] and card.kind is CardKind.SUIT]
        if broken:
            raise DealError(f"view of seat {view.seat}: seat {seat} holds {broken[0]} but did not follow its suit")
    hidden = [seat for seat in range(n) if seat not in fixed]
    stock = _DECK_SIZE - n * view.cards - (view.turned_up is not None)
    caps = (*(view.hand_sizes[seat] for seat in hidden), stock)
    pool = tuple(card for card in sorted(remaining) for _ in range(remaining[card]))
    if stock < 0 or len(pool) != sum(caps):
        raise DealError(f"view of seat {view.seat}: {len(pool)} unseen cards for {sum(caps)} places")
    return _Problem(
        fixed=fixed,
        targets=(*hidden, _STOCK),
        caps=caps,
        voids=(*(frozenset(voids[seat]) for seat in hidden), frozenset()),
        pool=pool,
    )


# -- counting consistent deals --------------------------------------------------------------------


def _multinomial(parts: Sequence[int]) -> int:
    """The ways to split sum(parts) distinct cards into groups of these sizes."""
    ways = _FACTORIAL[sum(parts)]
    for part in parts:
        ways //= _FACTORIAL[part]
    return ways


def _splits(count: int, caps: tuple[int, ...], allowed: tuple[bool, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to put `count` cards into the allowed groups, each at most its capacity."""
    room = [cap if ok else 0 for cap, ok in zip(caps, allowed, strict=True)]
    after = [sum(room[i + 1 :]) for i in range(len(room))]
    split = [0] * len(room)

    def place(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(room):
            if left == 0:
                yield tuple(split)
            return
        for x in range(max(0, left - after[i]), min(room[i], left) + 1):
            split[i] = x
            yield from place(i + 1, left - x)
        split[i] = 0

    return place(0, count)


_Shape = tuple[tuple[int, tuple[bool, ...]], ...]
"""Per restricted class of cards: how many there are and which groups may take them."""


@lru_cache(maxsize=1 << 16)
def _completions(shape: _Shape, j: int, caps: tuple[int, ...]) -> int:
    """The deals of classes j.. (then the unrestricted cards) that fill the groups' capacities exactly.

    Cards are distinct physical cards, so a class of `c` cards split `x` over the groups
    counts `c! / prod(x!)` ways; the unrestricted cards fill what is left in
    `multinomial(caps)` ways.
    """
    if j == len(shape):
        return _multinomial(caps)
    count, allowed = shape[j]
    total = 0
    for split in _splits(count, caps, allowed):
        rest = tuple(cap - x for cap, x in zip(caps, split, strict=True))
        total += _multinomial(split) * _completions(shape, j + 1, rest)
    return total


def _deal_by_counting(problem: _Problem, rng: random.Random) -> list[list[Card]]:
    """An exactly uniform consistent deal, class by class, each split drawn by its number of completions."""
    # Targets with the same voids form a group: any set of cards the group gets can be split
    # among its members in the same number of ways, so groups can be dealt as one.
    group_of: dict[frozenset[Suit], int] = {}
    for voids in problem.voids:
        group_of.setdefault(voids, len(group_of))
    groups = list(group_of)
    members: list[list[int]] = [[] for _ in groups]
    for t, voids in enumerate(problem.voids):
        members[group_of[voids]].append(t)
    caps = tuple(sum(problem.caps[t] for t in m) for m in members)
    restricted = [suit for suit in Suit if any(suit in voids for voids in groups)]
    by_suit: dict[Suit, list[Card]] = {suit: [] for suit in restricted}
    free: list[Card] = []
    for card in problem.pool:
        if card.kind is CardKind.SUIT and card.suit in by_suit:
            by_suit[card.suit].append(card)
        else:
            free.append(card)
    shape: _Shape = tuple((len(by_suit[suit]), tuple(suit not in voids for voids in groups)) for suit in restricted)
    total = _completions(shape, 0, caps)
    if total == 0:
        raise DealError("no deal of the unseen cards is consistent with the view (hand sizes and voids)")
    got: list[list[Card]] = [[] for _ in groups]
    for j, suit in enumerate(restricted):
        count, allowed = shape[j]
        pick = rng.randrange(total)
        for split in _splits(count, caps, allowed):
            rest = tuple(cap - x for cap, x in zip(caps, split, strict=True))
            weight = _multinomial(split) * _completions(shape, j + 1, rest)
            if pick < weight:
                break
            pick -= weight
        cards = by_suit[suit]
        rng.shuffle(cards)
        start = 0
        for g, x in enumerate(split):
            got[g] += cards[start : start + x]
            start += x
        caps = rest
        total = weight // _multinomial(split)
    rng.shuffle(free)
    start = 0
    for g, cap in enumerate(caps):
        got[g] += free[start : start + cap]
        start += cap
    hands: list[list[Card]] = [[] for _ in problem.targets]
    for g, cards in enumerate(got):
        rng.shuffle(cards)
        start = 0
        for t in members[g]:
            hands[t] = cards[start : start + problem.caps[t]]
            start += problem.caps[t]
    return hands


def _deal_by_rejection(problem: _Problem, rng: random.Random, tries: int) -> list[list[Card]] | None:
    """A uniform deal of the unseen cards that respects the voids, or `None` after `tries` misses."""
    pool = list(problem.pool)
    for _ in range(tries):
        rng.shuffle(pool)
        hands = []
        start = 0
        for cap, voids in zip(problem.caps, problem.voids, strict=True):
            hand = pool[start : start + cap]
            start += cap
            if voids and any(card.suit in voids and card.kind is CardKind.SUIT for card in hand):
                break
            hands.append(hand)
        else:
            return hands
    return None


def sample_world(view: PlayerView, rng: random.Random, *, tries: int = 8) -> tuple[tuple[Card, ...], ...]:
    """Every seat's hand now, drawn uniformly from the deals consistent with `view`.

    Consistent means: each seat holds `view.hand_sizes[seat]` cards; the view's own hand and
    the hands it sees (clairvoyance, R4.5) are as seen; the cards played this round and the
    turned-up card are in no hand; no card appears more often than the deck holds it (R1.1);
    and a seat that did not follow the led suit in a trick of this round (played a suit
    card of another suit, R5.2, R5.3) holds no card of that suit. When the view cannot see
    its own hand (before looking with blind bids, R4.4, or in a clairvoyance round) that
    hand is drawn too.

    The distribution is the exact posterior of a fair shuffle given those facts: uniform
    over deals of the physical unseen cards to the hidden hands and the rest of the deck,
    so the four Wizards (and the four Jesters) count as four cards each. A hand of two
    Wizards is then rarer than a hand of one Wizard and a given suit card, as at the table.
    The players' choices are not used as evidence beyond the voids.

    Method: first up to `tries` rounds of rejection sampling (shuffle the unseen cards,
    deal them, accept if no void is broken), which is exact and fast when the voids are
    loose; if all are rejected, an exact counting sampler: the suits someone is out of
    are dealt one at a time, each split over the hands drawn with probability proportional
    to its number of consistent completions (counted exactly with integers and cached), then
    the other cards are shuffled into the places left. Either way each consistent deal has
    the same probability, so the mixture is exact too. `tries=0` uses the counting sampler
    only.

    Args:
        view: what one seat knows.
        rng: the random source; the result depends only on it and the view.
        tries: rejection attempts before the counting sampler, 0..1000.

    Returns:
        Per seat, its cards in display order.

    Raises:
        DealError: the view is inconsistent, so that no deal fits it.
        RulesError: the game has special cards (R8), which the sampler leaves out; or
            `view`, `rng` or `tries` is not what it should be.

    Examples:
        >>> import random
        >>> from wizardrules import new_game
        >>> state = new_game(3, seed=2)
        >>> world = sample_world(state.view(0), random.Random(1))
        >>> world[0] == state.hand(0), sum(len(hand) for hand in world)
        (True, 3)
    """
    check_view(view, "sample_world")
    if not isinstance(rng, random.Random):
        raise RulesError(f"sample_world: rng {shown(rng)} must be a random.Random")
    if not whole(tries, 0, MAX_TRIES):
        raise RulesError(f"sample_world: tries {shown(tries)} must be a whole number 0..{MAX_TRIES}")
    if view.rules.special_cards:
        raise RulesError("sample_world deals the standard deck; games with special cards (R8) cannot be sampled")
    problem = _problem(view)
    hands = _deal_by_rejection(problem, rng, tries) if tries > 0 else None
    if hands is None:
        hands = _deal_by_counting(problem, rng)
    world: list[tuple[Card, ...]] = [()] * len(view.players)
    for seat, hand in problem.fixed.items():
        world[seat] = hand
    for target, dealt in zip(problem.targets, hands, strict=True):
        if target != _STOCK:
            world[target] = tuple(sorted(dealt))
    return tuple(world)


_checked: list[PlayerView] = []
"""The last view found reachable: a search checks one view once, not once per world it samples."""


def check_view(view: object, what: str) -> None:
    """Raise unless `view` is a view some game can reach (`engine._reach.view_problem`).

    A view is input (built by hand, read from JSON): the searching bots check it before they
    size anything by it.

    Raises:
        RulesError: not a PlayerView.
        DealError: a view no game reaches, the reason named.
    """
    if not isinstance(view, PlayerView):
        raise RulesError(f"{what}: {shown(view)} is not a PlayerView (a state's view(seat))")
    if _checked and _checked[0] is view:
        return
    problem = view_problem(view)
    if problem:
        raise DealError(f"{what}: no game reaches this view of seat {shown(view.seat)}: {problem}")
    _checked[:] = [view]


# -- a playable state from a world ------------------------------------------------------------------


@frozen
class _InRound:
    """A bid policy asked as in the real round: the real round number and totals, not the replay's."""

    policy: BidPolicy
    round_number: int
    totals: tuple[int, ...]

    @property
    def needs_open_bids(self) -> bool:
        """As the wrapped policy."""
        return self.policy.needs_open_bids

    def allowed(self, context: BidContext) -> frozenset[int]:
        """The wrapped policy's bids in the real round's context."""
        return self.policy.allowed(self._real(context))

    def refusal(self, context: BidContext, bid: int) -> str | None:
        """The wrapped policy's refusal in the real round's context."""
        return self.policy.refusal(self._real(context), bid)

    def _real(self, context: BidContext) -> BidContext:
        return attrs.evolve(context, round_number=self.round_number, totals=self.totals)


_OF_THE_GAME: Final = BidFacts.FIRST_ROUND | BidFacts.ROUND_NUMBER | BidFacts.DEALER_LEADS | BidFacts.TOTALS
"""What a one-round replay does not know of the game by itself: the round's number and the totals."""


def _round_rules(view: PlayerView) -> Rules:
    """The game's rules for a one-round game that plays like the view's round."""
    rules = view.rules
    players = len(view.players)
    fixed = rules.schedule_for(players).fixed_trump(view.round_number)
    schedule = Schedule(cards_per_round=(view.cards,), trumps=(fixed,) if fixed is not None else ())
    variants = rules.variants
    if view.round_number != 1:  # clairvoyance is a round-1 rule (R4.5)
        variants &= ~Variant.CLAIRVOYANCE
    policy = rules.bid_policy
    if bid_facts(policy) & _OF_THE_GAME:
        policy = _InRound(policy=policy, round_number=view.round_number, totals=view.totals)
    return attrs.evolve(rules, schedule=schedule, variants=variants, bid_policy=policy)


def world_state(view: PlayerView, world: Sequence[Sequence[Card]], *, bidder: Bot | None = None) -> GameState:
    """A one-round game in which `world` holds the hands, at the moment of `view`.

    The round is dealt with the world's hands plus the cards each seat has played, then
    the round's public history is replayed: the dealer's trump choice, the bids in
    bidding order (looking first unless the bid was blind) and the cards played. A bid
    the view cannot see (simultaneous or secret bids, R4.3) is made by `bidder` for its
    seat from the world's hand (`RuleBot` by default). The state's totals start at 0, so
    at the end of the round they are the round's points; bid restrictions are asked with
    the real round number and totals.

    Raises:
        DealError: the world does not fit the view (or is not one sequence of cards per seat).
        IllegalActionError: the history cannot be replayed in this world.
        RulesError: the game has special cards (R8), which the replay leaves out; `view` is not
            a view, or `bidder` not a bot.

    Examples:
        >>> import random
        >>> from wizardrules import new_game
        >>> view = new_game(3, seed=4).view(2)
        >>> state = world_state(view, sample_world(view, random.Random(0)))
        >>> state.hand(2) == view.hand, state.to_move == view.to_move
        (True, True)
    """
    check_view(view, "world_state")
    if bidder is not None and not is_bot(bidder):
        raise RulesError(f"world_state: bidder {shown(bidder)} is not a bot: it needs act(view, legal)")
    if view.rules.special_cards:
        raise RulesError("world_state replays standard-deck rounds; games with special cards (R8) cannot be replayed")
    n = len(view.players)
    seats = as_tuple(world, "world (one hand per seat)", DealError, limit=MAX_PLAYERS)
    if len(seats) != n:
        raise DealError(f"world of {len(seats)} hands for {n} players")
    held = [
        as_tuple(hand, f"world hand of seat {seat}", DealError, limit=MAX_DECK_SIZE) for seat, hand in enumerate(seats)
    ]
    played = _played_by(view)
    hands = [(*held[seat], *played[seat]) for seat in range(n)]
    state = new_game(
        view.players,
        rules=_round_rules(view),
        deal=[Deal(hands=hands, turned_up=view.turned_up)],
        first_dealer=view.dealer,
    )
    if view.phase is Phase.TRUMP:
        return state
    if state.phase is Phase.TRUMP:
        if view.trump is None:
            raise DealError(f"view of seat {view.seat}: a Wizard is turned up but no trump was chosen")
        state = state.apply(ChooseTrump(view.trump))
    if view.phase is Phase.BIDDING:
        assert view.to_move is not None  # noqa: S101 - the bidding phase has a bidder
        made = (view.to_move - view.dealer - 1) % n
    else:
        made = n
    chooser = RuleBot() if bidder is None else bidder
    for _ in range(made):
        seat = state.to_move
        assert seat is not None  # noqa: S101 - the round is still bidding
        bid = view.bids[seat]
        if bid is None:  # a hidden bid: the seat bids from the world's hand
            while state.bids[seat] is None:
                state = state.apply(chooser.act(state.view(seat), state.legal_actions()), seat=seat)
            continue
        blind = bool(view.blind[seat])
        if not blind and Look() in state.legal_actions():
            state = state.apply(Look())
        state = state.apply(Bid(tricks=bid, blind=blind))
    looked = view.phase is Phase.BIDDING and view.to_move == view.seat and view.hand is not None
    if looked and Look() in state.legal_actions():  # the bidder has looked at its hand
        state = state.apply(Look())
    for trick in (*view.completed_tricks, view.current_trick):
        for card in trick.cards:
            state = state.apply(Play(card))
    return state
