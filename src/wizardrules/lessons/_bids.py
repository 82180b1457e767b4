"""What may the next bidder bid: every bid 0..cards, allowed or blocked by the bid policy, and why (R4.1, R4.2).

The answers are the policy's own, through `BidContext`, `allowed` and `refusal`; a built-in
policy's refusal is said in German with the words of `_words.TEXTS`, keyed by the English
template the policy words it with.
"""

from __future__ import annotations

from collections.abc import Sequence

from wizardrules._convert import as_tuple
from wizardrules.bidding import BidContext, BidPolicy, EqualBids, FreeBids, NotEqualBids, ScorekeeperHook, is_bid_policy
from wizardrules.cards import Language
from wizardrules.errors import BidError
from wizardrules.lessons._values import BidQuestion, Choice, Task, TaskKind, Verdict
from wizardrules.lessons._words import TEXTS, capital, cards_word, say
from wizardrules.tricks import MAX_PLAYERS

__all__ = ["bid_choices", "bid_context", "bid_task", "rule_name"]

_REFUSALS = tuple(key for key, (english, _) in TEXTS.items() if not english)
"""The built-in policies' refusal templates, whose German `_words.TEXTS` holds."""


def rule_name(policy: BidPolicy, lang: Language) -> str:
    """The bid rule's name as the rules app shows it: `Not equal` (`Ungleiche Stiche`)."""
    if isinstance(policy, NotEqualBids):
        return say("rule not equal first free" if policy.first_round_free else "rule not equal", lang)
    names = {FreeBids: "rule free", EqualBids: "rule equal", ScorekeeperHook: "rule hook"}
    key = names.get(type(policy))
    return type(policy).__name__ if key is None else say(key, lang)


def bid_context(
    policy: object,
    *,
    cards: int,
    bids: Sequence[int],
    players: int | None,
    round_number: int,
    totals: Sequence[int] | None,
    dealer: int | None,
) -> BidContext:
    """The bidding situation, checked; by default the next bidder is the last, the dealer (R4.1).

    Raises:
        BidError: the policy is not a bid policy, or the situation cannot occur.
    """
    if not is_bid_policy(policy):
        raise BidError("policy: expected a bid policy, such as NotEqualBids()")
    made = as_tuple(bids, "bids", BidError, limit=MAX_PLAYERS)
    return BidContext(
        cards=cards,
        bids=made,
        players=len(made) + 1 if players is None else players,
        round_number=round_number,
        totals=totals,
        dealer=dealer,
    )


def _german(refusal: str, context: BidContext, bid: int) -> str:
    """A built-in policy's refusal in German; another policy's as it words it."""
    fields = {"cards": context.cards, "total": context.bid_sum + bid}
    for template in _REFUSALS:
        if template.format(**fields) == refusal:
            return say(template, Language.DE, **fields)
    return refusal


def bid_choices(policy: BidPolicy, context: BidContext, lang: Language) -> tuple[Choice, ...]:
    """Each bid 0..cards with the policy's verdict on it (R4.1, R4.2)."""
    allowed = policy.allowed(context)
    name = rule_name(policy, lang)
    choices = []
    for bid in range(context.cards + 1):
        if bid in allowed:
            reason = say("bid allowed", lang, bid=bid, total=context.bid_sum + bid, rule=name)
        else:
            refusal = policy.refusal(context, bid) or name
            why = capital(_german(refusal, context, bid)) if lang is Language.DE else refusal
            reason = say("bid blocked", lang, bid=bid, why=why)
        verdict = Verdict(correct=bid in allowed, reason=reason, clause="R4.2")
        choices.append(Choice(answer=bid, label=str(bid), verdict=verdict))
    return tuple(choices)


def bid_task(policy: BidPolicy, context: BidContext, lang: Language, question: str | None = None) -> BidQuestion:
    """The question what the next bidder may bid, answered by the policy (R4.2)."""
    name = rule_name(policy, lang)
    if question is None:
        made = (
            say("bids so far", lang, bids=", ".join(map(str, context.bids)))
            if context.bids
            else say("no bids yet", lang)
        )
        after = context.players - len(context.bids) - 1
        if after == 0:
            who = say("you bid last", lang)
        else:
            more = say("after one", lang) if after == 1 else say("after many", lang, count=after)
            who = say("you bid next", lang, after=more)
        question = say(
            "bid question",
            lang,
            round=context.round_number,
            cards=cards_word(context.cards, lang),
            made=made,
            who=who,
            rule=name,
        )
    choices = bid_choices(policy, context, lang)
    return BidQuestion(
        rule=name,
        cards=context.cards,
        bids=context.bids,
        players=context.players,
        round_number=context.round_number,
        allowed=tuple(sorted(policy.allowed(context))),
        task=Task(kind=TaskKind.BID, question=question, choices=choices, clause="R4.2", language=lang),
        language=lang,
    )
