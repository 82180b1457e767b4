"""`RuleBot`'s play, compiled, and rollouts with it: what `MonteCarloBot` plays its worlds out with.

`rulebot_code` makes the very choice `wizardrules.RuleBot` makes from the player's view
(standard cards): the same card strengths (tabulated from `bots`' own rule) summed in the
same order, the same ties broken the same way, so that a compiled rollout ends with the
very points of the Python one.

A rollout may play the searching seat's own later cards otherwise (`OwnPlay`): with each
trick seen through (`seeing_code`), or on the best line of its plays in the world against
`RuleBot`'s answers (`planned_value`).
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Final

from wizardrules._tables.codes import CARD_OF
from wizardrules.bots import RuleBot
from wizardrules.cards import Suit
from wizardrules.fast._kernels import kernel
from wizardrules.fast._kernels.rules import C_MOST, C_PLAYERS, led_after, points, popcount, win_key
from wizardrules.fast._kernels.steps import (
    BID,
    BIDDING_PHASE,
    BLIND_BID,
    G_BEST_KEY,
    G_BIDS,
    G_BLIND,
    G_HANDS,
    G_LED,
    G_MOVE,
    G_PHASE,
    G_POINTS,
    G_ROUND,
    G_TRICK_LEN,
    G_TRUMP,
    G_WON,
    LOOK,
    OVER_PHASE,
    PLAY,
    PLAYING_PHASE,
    TRUMP,
    apply_code,
    legal_codes,
    next_round,
)

if TYPE_CHECKING:
    from wizardrules.fast._kernels.rules import Array


def _strengths() -> tuple[float, ...]:
    """`RuleBot`'s strength of each standard card under each trump, from `bots`' own rule."""
    return tuple(RuleBot.strength(CARD_OF[card], trump) for trump in _TRUMPS for card in range(60))


def _powers() -> tuple[int, ...]:
    """`RuleBot`'s power of each standard card under each trump, from `bots`' own rule."""
    return tuple(RuleBot.power(CARD_OF[card], trump) for trump in _TRUMPS for card in range(60))


_TRUMPS: Final = (None, *Suit)
STRENGTH = _strengths()
"""`STRENGTH[(trump + 1) * 60 + card]`: how likely a card takes a trick, roughly (`RuleBot`'s bidding)."""
POWER = _powers()
"""`POWER[(trump + 1) * 60 + card]`: a total order of how strong a card is when played (`RuleBot`'s play)."""


@kernel(inline=True)
def strength(card: int, trump: int) -> float:
    """How likely a card takes a trick, roughly (`RuleBot`'s bidding, standard cards), from `STRENGTH`."""
    return STRENGTH[(trump + 1) * 60 + card]


@kernel(inline=True)
def power(card: int, trump: int) -> int:
    """How strong a card is when played (`RuleBot`'s play, standard cards), from `POWER`."""
    return POWER[(trump + 1) * 60 + card]


@kernel()
def hand_worth(hand: int, trump: int) -> float:
    """The tricks a hand is worth: its strengths summed in display order (Jesters, suit cards, Wizards)."""
    worth = 0.0
    for card in range(56, 60):
        if hand >> card & 1:
            worth += strength(card, trump)
    for card in range(56):
        if hand >> card & 1:
            worth += strength(card, trump)
    return worth


@kernel()
def rulebot_code(games: Array, b: int, codes: Array, count: int, rules: Array, clairvoyant: bool) -> int:
    """The code of `RuleBot`'s choice among the `count` legal codes of game `b`, listed in the engine's order."""
    seat = games[b, G_MOVE]
    hand = games[b, G_HANDS + seat]
    trump = games[b, G_TRUMP]
    phase = games[b, G_PHASE]
    if phase == BIDDING_PHASE:
        if codes[0] == LOOK:  # it always looks first
            return LOOK
        if clairvoyant:  # round 1, one unseen card: guess from the others' hands (R4.5)
            worth = 0.3
            for other in range(rules[C_PLAYERS]):
                if other != seat and games[b, G_HANDS + other] >> 52 & 0xF:
                    worth = 0.0
        else:
            worth = hand_worth(hand, trump)
        best = codes[0]
        best_gap = 1e18
        for i in range(count):
            bid = codes[i] - BLIND_BID if codes[i] >= BLIND_BID else codes[i] - BID
            gap = abs(bid - worth)
            if gap < best_gap:  # the closest bid, the lower one on a tie
                best, best_gap = codes[i], gap
        return best
    if phase < BIDDING_PHASE:  # naming the trump: the suit it holds most of, by rank
        best = codes[0]
        best_weight = -1
        for i in range(count):
            suit = codes[i] - TRUMP
            weight = 0
            for rank in range(13):
                if hand >> (suit * 13 + rank) & 1:
                    weight += rank + 1 + 5
            if weight > best_weight:
                best, best_weight = codes[i], weight
        return best
    # playing: hit the bid exactly (R5)
    need = games[b, G_BIDS + seat] - games[b, G_WON + seat]
    leading = games[b, G_TRICK_LEN] == 0
    led = games[b, G_LED]
    best_key = games[b, G_BEST_KEY]
    strongest = weakest = weakest_winning = strongest_losing = -1
    for i in range(count):
        card = codes[i] - PLAY
        p = power(card, trump)
        if strongest < 0 or p >= power(codes[strongest] - PLAY, trump):
            strongest = i  # by_power[-1]: the last of the strongest
        if weakest < 0 or p < power(codes[weakest] - PLAY, trump):
            weakest = i  # by_power[0]: the first of the weakest
        wins = leading or win_key(card, trump, led_after(led, card)) > best_key
        if wins:
            if weakest_winning < 0 or p < power(codes[weakest_winning] - PLAY, trump):
                weakest_winning = i
        elif strongest_losing < 0 or p >= power(codes[strongest_losing] - PLAY, trump):
            strongest_losing = i
    if need > 0:
        if leading:
            return codes[strongest]
        return codes[weakest_winning] if weakest_winning >= 0 else codes[weakest]
    return codes[strongest_losing] if strongest_losing >= 0 else codes[weakest]


@kernel()
def play_out(games: Array, deals: Array, log: Array, b: int, rules: Array, clairvoyant: bool, codes: Array) -> None:
    """Play game `b` to its end with `RuleBot` in every seat; `clairvoyant` when round 1 is played so (R4.5).

    `codes` is room for the legal codes (64 whole numbers).
    """
    while games[b, G_PHASE] != OVER_PHASE:
        count = legal_codes(games, b, rules, codes)
        code = rulebot_code(games, b, codes, count, rules, clairvoyant and games[b, G_ROUND] == 0)
        if apply_code(games, deals, log, b, code, rules):
            next_round(games, deals, b, rules)


@kernel()
def seeing_code(
    games: Array, deals: Array, log: Array, b: int, codes: Array, count: int, rules: Array, probe: Array, more: Array
) -> int:
    """`RuleBot`'s aim with the trick seen through: the play of game `b`'s mover among its `count` legal codes
    that wins the trick as cheaply as possible while it needs tricks, else loses it as dearly as possible,
    where each card is tried on the copy `probe` (one row) with the rest of the trick played by `RuleBot`.

    Without a card that does what it aims, the weakest card (as `RuleBot`). `more` is room for the legal
    codes of the trick's later players (64 whole numbers).
    """
    seat = games[b, G_MOVE]
    trump = games[b, G_TRUMP]
    need = games[b, G_BIDS + seat] - games[b, G_WON + seat]
    weakest = aimed = -1
    for i in range(count):
        p = power(codes[i] - PLAY, trump)
        if weakest < 0 or p < power(codes[weakest] - PLAY, trump):
            weakest = i
        for k in range(games.shape[1]):
            probe[0, k] = games[b, k]
        apply_code(probe, deals, log, 0, codes[i], rules)
        while probe[0, G_TRICK_LEN] > 0:
            others = legal_codes(probe, 0, rules, more)
            apply_code(probe, deals, log, 0, rulebot_code(probe, 0, more, others, rules, False), rules)
        wins = probe[0, G_WON + seat] > games[b, G_WON + seat]
        if need > 0 and wins and (aimed < 0 or p < power(codes[aimed] - PLAY, trump)):
            aimed = i  # the cheapest card that takes the trick
        elif need <= 0 and not wins and (aimed < 0 or p >= power(codes[aimed] - PLAY, trump)):
            aimed = i  # the dearest card that loses it
    return codes[aimed] if aimed >= 0 else codes[weakest]


@kernel()
def play_to_choice(games: Array, deals: Array, log: Array, b: int, rules: Array, seat: int, codes: Array) -> bool:
    """Play game `b` on with `RuleBot` in every seat until `seat` has a choice of cards; whether the game ended."""
    while games[b, G_PHASE] != OVER_PHASE:
        count = legal_codes(games, b, rules, codes)
        if games[b, G_MOVE] == seat and games[b, G_PHASE] == PLAYING_PHASE and count > 1:
            return False
        code = codes[0] if count == 1 else rulebot_code(games, b, codes, count, rules, False)
        if apply_code(games, deals, log, b, code, rules):
            next_round(games, deals, b, rules)
    return True


@kernel()
def play_out_seeing(
    games: Array,
    deals: Array,
    log: Array,
    b: int,
    rules: Array,
    seat: int,
    codes: Array,
    probe: Array,
    more: Array,
    until: int,
) -> bool:
    """Play game `b`'s round on with `RuleBot` in every seat, `seat` playing its cards by `seeing_code`:
    to its end, or until `seat` has a choice with at most `until` cards; whether it reached the end."""
    while not play_to_choice(games, deals, log, b, rules, seat, codes):
        if popcount(games[b, G_HANDS + seat]) <= until:
            return False
        count = legal_codes(games, b, rules, codes)
        code = seeing_code(games, deals, log, b, codes, count, rules, probe, more)
        if apply_code(games, deals, log, b, code, rules):
            next_round(games, deals, b, rules)
    return True


class OwnPlay(IntEnum):
    """How a rollout plays the searching seat's own later cards; the others always play as `RuleBot`."""

    RULEBOT = 0
    """As `RuleBot`, from what the seat sees."""
    SEEING = 1
    """By `RuleBot`'s aim with each trick seen through in the world (`seeing_code`)."""
    PLANNING = 2
    """As `SEEING` while it holds more than `PLANNED_CARDS` cards, then on the best line of its plays in
    the world against `RuleBot`'s answers (`planned_value`)."""
    BLENDED = 3
    """The mean of the `SEEING` and `PLANNING` scores: between play that sees the trick only and play
    that sees every hand."""


PLANNED_CARDS: Final = 5
"""The most cards the seat may hold for `OwnPlay.PLANNING` to search its lines (at most 5! of them)."""


@kernel()
def round_score(games: Array, b: int, seat: int, rules: Array, rivalry: float) -> float:
    """Game `b`'s last round scored for `seat`: its points minus `rivalry` times the others' mean."""
    n = rules[C_PLAYERS]
    every = 0
    for other in range(n):
        every += games[b, G_POINTS + other]
    own = games[b, G_POINTS + seat]
    return own - rivalry * (every - own) / (n - 1)


@kernel()
def planned_value(
    games: Array,
    deals: Array,
    log: Array,
    b: int,
    rules: Array,
    seat: int,
    rivalry: float,
    lines: Array,
    tried: Array,
    best: Array,
    codes: Array,
) -> float:
    """The best score `seat` can reach from game `b` (one round, left as it is) choosing each of its plays
    with every hand seen, the others playing as `RuleBot`: a depth-first search of its lines.

    Row `d` of `lines` holds the game after the seat's `d`-th choice, row `d` of `tried` the count of
    that choice's cards, the next to try and the cards (as legal codes), `best[d]` the best score found
    below it; each has at least `PLANNED_CARDS` + 2 rows, `tried` 66 columns. With `rivalry` 0 the
    search stops at a line that scores the most the seat's bid can. `codes` is room for the legal
    codes (64 whole numbers).
    """
    for k in range(games.shape[1]):
        lines[0, k] = games[b, k]
    if play_to_choice(lines, deals, log, 0, rules, seat, codes):
        return round_score(lines, 0, seat, rules, rivalry)
    top = 1e18  # the most the seat can score
    if rivalry == 0.0:
        top = -1e18
        blind = lines[0, G_BLIND] >> seat & 1
        for taken in range(rules[C_MOST] + 1):
            top = max(top, float(points(rules, lines[0, G_BIDS + seat], taken, blind)))
    depth = 0
    tried[0, 0] = legal_codes(lines, 0, rules, codes)
    tried[0, 1] = 0
    best[0] = -1e18
    for i in range(tried[0, 0]):
        tried[0, 2 + i] = codes[i]
    while True:
        if tried[depth, 1] == tried[depth, 0] or best[depth] >= top:  # every card tried, or the most found
            if depth == 0:
                return best[0]
            depth -= 1
            best[depth] = max(best[depth], best[depth + 1])
            continue
        code = tried[depth, 2 + tried[depth, 1]]
        tried[depth, 1] += 1
        for k in range(games.shape[1]):
            lines[depth + 1, k] = lines[depth, k]
        if apply_code(lines, deals, log, depth + 1, code, rules):
            next_round(lines, deals, depth + 1, rules)
        if play_to_choice(lines, deals, log, depth + 1, rules, seat, codes):
            best[depth] = max(best[depth], round_score(lines, depth + 1, seat, rules, rivalry))
        else:
            depth += 1
            tried[depth, 0] = legal_codes(lines, depth, rules, codes)
            tried[depth, 1] = 0
            best[depth] = -1e18
            for i in range(tried[depth, 0]):
                tried[depth, 2 + i] = codes[i]


@kernel()
def rollout_scores(
    games: Array,
    deals: Array,
    log: Array,
    seat: int,
    codes: Array,
    rules: Array,
    clairvoyant: bool,
    own: int,
    rivalry: float,
    scores: Array,
    scratch: Array,
    probe: Array,
    more: Array,
    lines: Array,
    tried: Array,
    best: Array,
) -> None:
    """Row `i` of `games` is one world; apply action code `codes[i]`, play the round out, score it for `seat`.

    A score is the seat's round points minus `rivalry` times the mean of the others' (`MonteCarloBot`'s
    relative scoring at 1, the seat's own points at 0). `own` (an `OwnPlay`) says how `seat` plays its
    later cards; in a clairvoyant round it plays them as `RuleBot`. `scratch` and `more` are room for
    the legal codes (64 whole numbers each), `probe` for one row of `games`, and `lines`, `tried` and
    `best` the room of `planned_value`.
    """
    for i in range(codes.shape[0]):
        if apply_code(games, deals, log, i, codes[i], rules):
            next_round(games, deals, i, rules)
        if own == OwnPlay.RULEBOT or clairvoyant:
            play_out(games, deals, log, i, rules, clairvoyant, scratch)
            scores[i] = round_score(games, i, seat, rules, rivalry)
            continue
        until = -1 if own == OwnPlay.SEEING else PLANNED_CARDS
        if play_out_seeing(games, deals, log, i, rules, seat, scratch, probe, more, until):
            scores[i] = round_score(games, i, seat, rules, rivalry)  # no choice of the seat's to plan
            continue
        planned = planned_value(games, deals, log, i, rules, seat, rivalry, lines, tried, best, scratch)
        if own == OwnPlay.PLANNING:
            scores[i] = planned
            continue
        play_out_seeing(games, deals, log, i, rules, seat, scratch, probe, more, -1)  # BLENDED: seen through too
        scores[i] = (planned + round_score(games, i, seat, rules, rivalry)) / 2
