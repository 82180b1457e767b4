"""`ExpertBot`'s pure-Python rollouts: one round on card codes, played out by `RuleBot`'s rules.

The round is played on the package's card codes and rule tables (`_codes`): the led suit,
following suit and the trick's winner are looked up, the points are the score rule's table,
and every choice of the other seats is `RuleBot`'s own statement (`rule_bid`, `rule_play`).
What stays code here is the flow of a round, written for speed: a decision plays hundreds
of these rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

from wizardrules._tables import NO_KEY, OPEN, trick_so_far
from wizardrules.actions import Action, Bid, Play
from wizardrules.bidding import FreeBids, allowed_bids
from wizardrules.bots._rulebot import rule_bid, rule_play
from wizardrules.bots.expert._codes import (
    FOLLOW,
    LED_AFTER,
    STRIDE,
    WIN_KEYS,
    Known,
    Round,
    code_in,
    held_suit,
    powers,
    worths,
)


def _rule_bid(game: Round, hand: Sequence[int], bids: list[int]) -> int:
    """RuleBot's bid: the allowed bid nearest the hand's worth (the smaller on a tie)."""
    worth_of = worths(game.trump)
    worth = sum(worth_of[c] for c in hand)
    return rule_bid(_allowed(game, [b for b in bids if b >= 0]), worth)


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
            dealer=game.dealer,
        )
    )


def choose(hand: list[int], trick: list[int], led: int, best_key: int, need: int, trump: int) -> int:  # noqa: PLR0917 - hot loop
    """RuleBot's play from `hand` on `trick` (`led` so far, the best key so far `best_key`), needing `need` tricks."""
    legal = hand
    if led >= 0 and held_suit(hand, led):  # holding the led suit, follow it (R5.3)
        rule = FOLLOW[led + 2]
        legal = [c for c in hand if rule >> c & 1]
    if len(legal) == 1:
        return legal[0]
    keys = WIN_KEYS[trump + 1]
    base = (led + 2) * STRIDE

    def wins(code: int) -> bool:
        return keys[LED_AFTER[base + code] + 2][code] > best_key

    return rule_play(sorted(legal, key=powers(trump).__getitem__), need=need, leading=not trick, wins=wins)


def _estimate(game: Round, hands: list[list[int]], bids: list[int], won: list[int]) -> list[float]:
    """Each seat's expected round points when the round stops early: a Poisson-binomial count of its further tricks.

    Each card still held takes a trick with the probability of its worth (RuleBot's table,
    as for bidding), independently; the chance that the seat ends exactly on its bid scores
    the hit, the rest the expected miss.
    """
    worth_of = worths(game.trump)
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
        out.append(sum(q * game.score(bids[seat], won[seat] + k) for k, q in enumerate(dist)))
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
    keys = WIN_KEYS[trump + 1]
    led, best, best_key = trick_so_far(trick, trump) if trick else (OPEN, 0, NO_KEY)
    tricks_played = 0
    while True:
        seat = (leader + len(trick)) % n
        hand = hands[seat]
        if first is not None:
            c, first = first, None
        else:
            c = choose(hand, trick, led, best_key, bids[seat] - won[seat], trump)
        hand.remove(c)
        # A card added as `trick_so_far` adds it, written out: a call per card would cost as
        # much as the look-ups (the tests pin the rollouts' scores to the engine's).
        led = LED_AFTER[(led + 2) * STRIDE + c]
        k = keys[led + 2][c]
        if k > best_key:  # the first card of the highest key wins (R5.4)
            best, best_key = len(trick), k
        trick.append(c)
        if len(trick) < n:
            continue
        leader = (leader + best) % n
        won[leader] += 1
        trick = []
        led, best, best_key = OPEN, 0, NO_KEY
        tricks_played += 1
        if not hands[leader]:
            points = [float(game.score(bids[s], won[s])) for s in range(n)]
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
