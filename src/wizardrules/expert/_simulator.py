"""`ExpertBot`'s pure-Python rollouts: one round on card codes, played out by `RuleBot`'s rules."""

from __future__ import annotations

from collections.abc import Sequence

from wizardrules.actions import Action, Bid, Play
from wizardrules.bidding import FreeBids, allowed_bids
from wizardrules.expert._codes import JESTER, TABLES, Known, Round, code_in, key_of, led_after


def _points(bid: int, tricks: int) -> int:
    return 20 + 10 * bid if bid == tricks else -10 * abs(bid - tricks)


def _rule_bid(game: Round, hand: Sequence[int], bids: list[int]) -> int:
    """RuleBot's bid: the allowed bid nearest the hand's worth (the smaller on a tie)."""
    worth_of = TABLES[game.trump + 1][0]
    worth = sum(worth_of[c] for c in hand)
    made = [b for b in bids if b >= 0]
    allowed = _allowed(game, made)
    return min(allowed, key=lambda b: (abs(b - worth), b))


def _allowed(game: Round, made: Sequence[int]) -> Sequence[int]:
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


def choose(hand: list[int], trick: list[int], led: int, best_key: int, need: int, trump: int) -> int:  # noqa: PLR0917 - hot loop
    """RuleBot's play from `hand` on `trick`: win as cheaply as possible while tricks are needed, else duck."""
    if led >= 0:
        follow = [c for c in hand if c < JESTER and c // 13 == led]
        legal = follow + [c for c in hand if c >= JESTER] if follow else hand
    else:
        legal = hand
    if len(legal) == 1:
        return legal[0]
    power = TABLES[trump + 1][1]
    by_power = sorted(legal, key=power.__getitem__)
    if not trick:
        return by_power[-1] if need > 0 else by_power[0]
    if need > 0:
        for c in by_power:
            if key_of(c, trump, led if led != -1 or c >= JESTER else c // 13) > best_key:
                return c
        return by_power[0]
    losing = [c for c in by_power if key_of(c, trump, led if led != -1 or c >= JESTER else c // 13) <= best_key]
    return losing[-1] if losing else by_power[0]


def _estimate(game: Round, hands: list[list[int]], bids: list[int], won: list[int]) -> list[float]:
    """Each seat's expected round points when the round stops early: a Poisson-binomial count of its further tricks.

    Each card still held takes a trick with the probability of its worth (RuleBot's table,
    as for bidding), independently; the chance that the seat ends exactly on its bid scores
    the hit, the rest the expected miss.
    """
    worth_of = TABLES[game.trump + 1][0]
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
    game: Round,
    hands: list[list[int]],
    bids: list[int],
    won: list[int],
    trick: list[int],
    leader: int,
    first: int | None,
) -> float:
    """The acting seat's score when the round is played out by RuleBot's rules from here.

    The score is its round points minus `game.rivalry` times the mean of the others'.
    `first` is the card the acting seat plays now, if it is to play.
    `hands`, `bids`, `won` and `trick` are this rollout's own copies and are changed.
    """
    n = game.players
    trump = game.trump
    led, best, best_key = -1, 0, -1
    for position, c in enumerate(trick):
        led = led_after(led, c)
        k = key_of(c, trump, led)
        if k > best_key:
            best, best_key = position, k
    tricks_played = 0
    while True:
        seat = (leader + len(trick)) % n
        hand = hands[seat]
        if first is not None:
            c, first = first, None
        else:
            c = choose(hand, trick, led, best_key, bids[seat] - won[seat], trump)
        hand.remove(c)
        led = led_after(led, c)
        k = key_of(c, trump, led)
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
    return mine - game.rivalry * (sum(points) - mine) / (n - 1)


def rollout(game: Round, known: Known, hands: list[list[int]], action: Action) -> float:
    """The acting seat's score (see `_play_round`) after `action` in the world `hands` (which is left as it is)."""
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
    code = code_in(hands[game.seat], action.card)
    return _play_round(game, hands, bids, won, trick, leader, code)
