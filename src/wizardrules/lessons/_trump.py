"""The turned-up card and the trump it makes, and how long a game is (R2.2-R2.4, R3, R8.6, R8.10).

The engine answers: a round's deal is the one `new_game` deals for the seed, and the trump,
who names it and what they may name come from that round started on its own, where the
engine reads the trump rules' one statement (`_tables.TRUMP_OF_TURNED`), the schedule's
fixed trumps and the Werewolf's swap. The words only say which rule it was.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from attrs import evolve

from wizardrules._convert import shown, whole
from wizardrules._words import and_list, card_object, card_subject, seat_label, suit_text, trump_text
from wizardrules.actions import ChooseTrump
from wizardrules.cards import Card, CardKind, Language
from wizardrules.engine import Deal, GameState, Phase, new_game
from wizardrules.errors import RulesError
from wizardrules.lessons._values import GameLength, GameOption, TrumpReason, TurnUp
from wizardrules.lessons._words import capital, numbers, say
from wizardrules.rules import FixedTrump, Rules, Schedule, ScheduleKind, Variant

__all__ = ["explain_turn_up", "game_length_of", "hand_text", "round_game", "turn_up_of"]

_SHORTER: Final = (ScheduleKind.TOURNAMENT, ScheduleKind.EINFARBIG, ScheduleKind.MAXIMUS, ScheduleKind.LADDER)
"""The built-in schedules a shorter game may follow (R2.4), in the order they are offered."""


def round_game(
    rules: Rules, players: int | Sequence[str], deal: Deal, *, cards: int, fixed: FixedTrump | None, dealer: int
) -> GameState:
    """One round of a game under `rules`, dealt `deal` by `dealer`, started by the engine.

    The round stands alone: a schedule of this one round with its fixed trump, and no
    variants (a blind round or clairvoyance changes who looks, not the trump).

    Raises:
        RulesError, DealError: the round cannot be played so.
    """
    alone = Schedule(cards_per_round=(cards,), trumps=() if fixed is None else (fixed,), name="one round")
    return new_game(
        players, rules=evolve(rules, schedule=alone, variants=Variant.NONE), deal=(deal,), first_dealer=dealer
    )


def explain_turn_up(
    rules: Rules,
    players: int,
    deal: Deal,
    *,
    number: int,
    cards: int,
    fixed: FixedTrump | None,
    dealer: int,
    lang: Language,
) -> TurnUp:
    """The trump of round `number` dealt `deal`, as the engine starts the round, with the rule in words."""
    state = round_game(rules, players, deal, cards=cards, fixed=fixed, dealer=dealer)
    chooser = state.to_move if state.phase is Phase.TRUMP else None
    choices = tuple(action.suit for action in state.legal_actions() if isinstance(action, ChooseTrump))
    turned = deal.turned_up
    wolf = state.werewolf
    if wolf is not None and turned is not None:
        reason = TrumpReason.WEREWOLF
        text = say(
            "trump werewolf",
            lang,
            card=capital(card_subject(turned, lang)),
            object=card_object(turned, lang),
            who=seat_label(wolf, None, lang),
        )
    elif turned is None and fixed is not None:
        reason, text = TrumpReason.FIXED, say("trump fixed", lang, trump=trump_text(fixed.suit, lang))
    elif turned is None:
        reason, text = TrumpReason.NOTHING_LEFT, say("trump nothing left", lang, round=number, deck=len(rules.deck))
    elif chooser is not None:
        if turned.kind is CardKind.WIZARD:
            reason, text = TrumpReason.WIZARD, say("trump wizard", lang)
        else:
            reason = TrumpReason.SPECIAL_CHOOSES
            text = say("trump special chooses", lang, card=capital(card_subject(turned, lang)))
    elif state.trump is None:
        if turned.kind is CardKind.JESTER:
            reason, text = TrumpReason.JESTER, say("trump jester", lang)
        else:
            reason = TrumpReason.SPECIAL_NO_TRUMP
            text = say("trump special none", lang, card=capital(card_subject(turned, lang)))
    else:
        reason = TrumpReason.SUIT
        text = say("trump suit", lang, card=turned.display(lang), suit=capital(suit_text(state.trump, lang)))
    return TurnUp(
        round=number,
        players=players,
        cards=cards,
        dealer=dealer,
        hands=state.hands,
        turned_up=turned,
        trump=state.trump,
        chooser=chooser,
        choices=choices if chooser is not None else (),
        reason=reason,
        text=text,
        language=lang,
    )


def turn_up_of(seed: int, rules: Rules, *, number: int | None, players: int, lang: Language) -> TurnUp:
    """The card turned up in a round of the game `new_game` deals for `seed`, and the trump it makes.

    Raises:
        RulesError: the rules cannot be played by `players`, or the round is not in the schedule.
    """
    game = new_game(players, rules=rules, seed=seed)
    schedule = game.schedule
    if number is None:
        number = random.Random(seed).randint(1, schedule.rounds)
    elif not whole(number, 1, schedule.rounds):
        raise RulesError(
            f"turn_up: round {shown(number)} is not in the schedule, which has rounds 1..{schedule.rounds}",
            german=f"turn_up: Runde {shown(number)} gibt es im Spielplan nicht; er hat die Runden 1..{schedule.rounds}",
        )
    return explain_turn_up(
        rules,
        players,
        game.deals[number - 1],
        number=number,
        cards=schedule.cards(number),
        fixed=schedule.fixed_trump(number),
        dealer=(game.first_dealer + number - 1) % players,
        lang=lang,
    )


def _is_ladder(schedule: Schedule) -> bool:
    """Whether the schedule is the ladder or its start: 1, 2, 3, ... cards (R2.2, R2.3)."""
    return schedule.cards_per_round == tuple(range(1, schedule.rounds + 1)) and not any(schedule.trumps)


def _options(rules: Rules, players: int, rounds: int, lang: Language) -> tuple[GameOption, ...]:
    """The built-in schedules with fewer rounds than `rounds` that the rules can play with `players` (R2.4)."""
    options = []
    for kind in _SHORTER:
        try:
            schedule = evolve(rules, schedule=kind).schedule_for(players)
        except RulesError:  # not played with this many players, or with these special cards
            continue
        if schedule.rounds < rounds:
            per_round = schedule.cards_per_round
            cards = str(per_round[0]) if len(set(per_round)) == 1 else numbers(per_round, lang)
            options.append(
                GameOption(
                    kind=kind,
                    name=say(f"name {kind.value}", lang),
                    rounds=schedule.rounds,
                    cards_per_round=per_round,
                    text=say(f"option {kind.value}", lang, rounds=schedule.rounds, cards=cards),
                    language=lang,
                )
            )
    return tuple(options)


def game_length_of(players: int, rules: Rules, lang: Language) -> GameLength:
    """The length of a game of `players` under `rules`, its last round, and the shorter games (R2.2-R2.4).

    Whether the last round turns up a card is the engine's deal of it.

    Raises:
        RulesError: the rules cannot be played by `players`.
    """
    schedule = rules.schedule_for(players)
    last = schedule.rounds
    last_cards = schedule.cards(last)
    deck = len(rules.deck)
    left = deck - players * last_cards
    turns_up = new_game(players, rules=rules, seed=0).deals[-1].turned_up is not None
    fixed = schedule.fixed_trump(last)
    parts = [say("length", lang, rounds=last, cards=last_cards)]
    if fixed is not None:
        parts.append(say("length fixed", lang, trump=trump_text(fixed.suit, lang)))
    elif turns_up:
        parts.append(say("length turned up", lang, dealt=deck - left, deck=deck, left=left))
    else:
        parts.append(say("length all dealt", lang, deck=deck))
    stop_after = tuple(range(1, last)) if _is_ladder(schedule) else ()
    shorter = _options(rules, players, last, lang)
    if stop_after:
        parts.append(say("length shorter", lang))
    return GameLength(
        players=players,
        rounds=last,
        cards_per_round=schedule.cards_per_round,
        last_cards=last_cards,
        cards_left=left,
        last_turns_up=turns_up,
        last_fixed_trump=fixed,
        stop_after=stop_after,
        shorter=shorter,
        text=" ".join(parts),
        language=lang,
    )


def hand_text(cards: tuple[Card, ...], lang: Language) -> str:
    """A hand in words: `Red 13, Red 9 and Blue 4`."""
    return and_list([card.display(lang) for card in cards], lang)
