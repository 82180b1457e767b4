"""Per-call costs of the rules core: parsing, led suit, legal plays, trick winner, bids, points.

Run: python benchmarks/bench_core.py [--json] [--repeat N]

Prints the best of N timing runs per call in microseconds. Machines are noisy: compare
figures within one run, not across runs.
"""

from __future__ import annotations

import argparse
import json
import random
import timeit
from collections.abc import Callable

from wizardrules import (
    Card,
    Deck,
    NotEqualBids,
    ScoreSheet,
    Suit,
    allowed_bids,
    led_suit,
    legal_plays,
    parse_cards,
    round_points,
    trick_winner,
)


def _cases() -> dict[str, Callable[[], object]]:
    rng = random.Random(7)
    cards = list(Deck().cards)
    rng.shuffle(cards)
    trick = tuple(cards[:4])
    hand = tuple(cards[4:14])
    policy = NotEqualBids()
    sheet = ScoreSheet(players=["A", "B", "C", "D"])
    return {
        "Card.parse('G13')": lambda: Card.parse("G13"),
        "parse_cards(4 cards)": lambda: parse_cards("B9 W G13 W"),
        "led_suit(4 cards)": lambda: led_suit(trick),
        "legal_plays(10-card hand, 3-card trick)": lambda: legal_plays(hand, trick[:3]),
        "trick_winner(4 cards)": lambda: trick_winner(trick, Suit.GREEN),
        "allowed_bids(not-equal, 10 cards)": lambda: allowed_bids(policy, cards=10, bids=[3, 2, 4], players=4),
        "round_points": lambda: round_points(3, 3),
        "ScoreSheet.record (round 1)": lambda: sheet.record(bids=[1, 0, 0, 0], tricks=[1, 0, 0, 0]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs per call (best is kept)")
    args = parser.parse_args()
    results = {}
    for name, call in _cases().items():
        timer = timeit.Timer(call)
        number, _ = timer.autorange()
        best = min(timer.repeat(repeat=args.repeat, number=number)) / number
        results[name] = round(best * 1e6, 3)
    if args.json:
        print(json.dumps({"unit": "microseconds per call", "results": results}, indent=2))
        return
    width = max(len(name) for name in results)
    print(f"{'call':<{width}}  µs/call")
    for name, micros in results.items():
        print(f"{name:<{width}}  {micros:8.2f}")


if __name__ == "__main__":
    main()
