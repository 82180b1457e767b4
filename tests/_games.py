"""Random games of every preset with random special cards, bid reveal modes, blind bids and
clairvoyance, shared by the tests of per-seat events and of the wire format."""

from __future__ import annotations

import random
from collections import Counter

import attrs

from wizardrules import (
    ALL_CARDS,
    BidReveal,
    Card,
    CardKind,
    FreeBids,
    GameState,
    Preset,
    Rules,
    RulesError,
    Special,
    Variant,
    new_game,
)


def deck_of(rules: Rules) -> Counter[Card]:
    """The game's deck as held cards (R1.1, R1.4)."""
    deck = Counter(card for card in ALL_CARDS if card.kind is CardKind.SUIT)
    deck[Card.WIZARD] = deck[Card.JESTER] = 4
    deck.update(special.card for special in rules.special_cards)
    return deck


def random_rules(rng: random.Random, preset: Preset | None = None) -> Rules:
    """A preset (random if not given), with random special cards, bid reveal, blind bids and clairvoyance where fit."""
    rules = (rng.choice(list(Preset)) if preset is None else preset).rules()
    specials = frozenset(s for s in Special if rng.random() < 0.5) if rng.random() < 0.7 else rules.special_cards
    reveal = rng.choice(list(BidReveal)) if isinstance(rules.bid_policy, FreeBids) else rules.bid_reveal
    variants = Variant.NONE
    if rng.random() < 0.4:
        variants |= Variant.BLIND_BIDS
    if rng.random() < 0.3:
        variants |= Variant.CLAIRVOYANCE
    try:
        return attrs.evolve(rules, special_cards=specials, bid_reveal=reveal, variants=variants)
    except RulesError:
        return attrs.evolve(rules, special_cards=specials)


def random_game(rng: random.Random, preset: Preset | None = None) -> GameState:
    """A new game of `random_rules` at a random table."""
    rules = random_rules(rng, preset)
    for players in rng.sample(range(3, 7), 4):
        try:
            return new_game(players, rules=rules, seed=rng.randrange(2**32))
        except RulesError:  # a schedule for other numbers of players
            continue
    raise AssertionError(f"no table fits {rules}")


def random_states(rng: random.Random, steps: int, preset: Preset | None = None) -> list[GameState]:
    """A random game's states, from its start up to `steps` random actions (or its end)."""
    state = random_game(rng, preset)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states
