"""What the others' actions in a Schrööm game say about their cards: a likelihood for sampled worlds.

The model of a seat is the rules of thumb (`schroeoem.thumb`), softened: an action the rule would not take
with a world's cards makes that world less likely by a factor, never impossible. It reads the public view
and the world's hidden cards of the other seats, nothing else (the world is the searcher's own sample).

The evidence, each other seat's:
- the cards it played: the rule plays the lowest card it may, so a nine it played says its other cards
  of that suit (or, when it did not follow, all of them) were nines or tens;
- its knocks: the rule knocks with two nines or tens, or with a last card nobody can beat;
- its holds and folds: the rule holds with a nine or a ten (or two numbers at a low value, or when folding
  costs as much), and at the last trick only with a card nobody can beat; a folded hand is known to the
  world exactly;
- Vier Bilder: the rule exchanges four pictures only, so an exchanger's unseen fourth card is a picture
  and a seat that passed held a number;
- the first leader who did not knock: the rule knocks with two nines or tens there.

A knock's moment is not in the view (`knock_log` names the seat and the value only), so for a past knock or
answer the seat's cards at the time are taken as all it held after the exchange (its hand now and what it
played since): generous, so a world is never made unlikely by a card that may have been played before.
The knock being answered now is judged on the cards held now.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.games.schroeoem import CARD_STRENGTH, CARD_SUIT, IS_NUMBER, Schroeoem

from . import Knowledge
from .search import inferring

HIGH = 7  # a nine (a ten is 8)
EPS_PLAY = 0.12  # a card played that is not the lowest allowed
EPS_ANSWER = 0.15  # a hold or a fold the rule would not give
EPS_EXCHANGE = 0.1  # an exchange with a number among the laid cards, a pass with four pictures
KNOCK = (0.12, 0.35, 1.0)  # a knock with no, one, two or more nines and tens
NO_KNOCK = 0.35  # the first leader did not knock, with two nines or tens
TRIES = 12  # worlds drawn for each world kept


def _sure(card: str, trick: Sequence[str], played: set[str]) -> bool:
    suit = CARD_SUIT[card] if not trick else CARD_SUIT[trick[0]]
    if CARD_SUIT[card] != suit:
        return False
    return all(c in played and c not in trick for c in _BETTER[card])


_BETTER = {c: [d for d in CARD_STRENGTH if CARD_SUIT[d] == CARD_SUIT[c] and CARD_STRENGTH[d] > CARD_STRENGTH[c]]
           for c in CARD_STRENGTH}


def _holds(cards: Sequence[str], value: int, points: int) -> bool:
    """Would the rule hold a knock to `value` with `cards` (not at the last trick)?"""
    if points <= value - 1:
        return True
    if any(CARD_STRENGTH[c] >= HIGH for c in cards):
        return True
    return sum(IS_NUMBER[c] for c in cards) >= 2 and value <= 2


def likelihood(view: dict[str, Any], me: int) -> Callable[[Schroeoem], float]:
    """How likely the others' actions so far were in a world, up to a constant (see the module docstring).
    Everything public is read from `view` once; the returned function reads only the others' hidden cards."""
    n = view["seats"]
    trick_now = [(c["seat"], c["card"]) for c in view["trick"]]
    tricks = [[(c["seat"], c["card"]) for c in t["cards"]] for t in view["tricks"]] + [trick_now]
    played: set[str] = {c for t in tricks for _, c in t}
    plays: dict[int, list[str]] = {s: [] for s in range(n)}
    for t in tricks:
        for s, c in t:
            plays[s].append(c)
    own_now = {s: c for s, c in trick_now}
    active = set(view["active"])
    others = [s for s in range(n) if s != me and s not in view["eliminated"]]
    fourth_hidden = {x["seat"] for x in view["exchanges"] if x["fourth"] is None and x["seat"] != me}
    exchanged = {x["seat"] for x in view["exchanges"]}
    penalties = {s: 0 for s in range(n)}
    for x in view["exchanges"]:
        penalties[x["seat"]] += bool(x["penalty"])
        if x["fourth_loser"] is not None:
            penalties[x["fourth_loser"]] += 1
    lost = {s: view["start_points"][s] - view["points"][s] - penalties[s] for s in view["folded"]}
    pending = view["pending"] if view["pending"] and view["pending"]["kind"] == "knock" else None

    def hidden(w: Schroeoem, s: int) -> list[str]:
        return w.hands[s] + (w.out[s][1:] if s in fourth_hidden else w.out[s])

    # each check: (seat, fn(hidden cards of seat, world) -> factor)
    checks: list[tuple[int, Callable[[list[str], Schroeoem], float]]] = []

    # the cards played: the lowest allowed, judged on the hand at the time (hidden now + played since)
    for s in others:
        mine = plays[s]
        for i, card in enumerate(mine):
            t = next(t for t in tricks if (s, card) in t)
            led = None if t[0][0] == s else CARD_SUIT[t[0][1]]
            checks.append((s, _play_check(card, led, mine[i + 1:])))

    # Vier Bilder: an exchanger laid four pictures, a seat that passed held a number
    if tricks[0] or view["tricks"]:
        stock_left = view["stock_count"]
        for s in others:
            if s in fourth_hidden:
                x = next(x for x in view["exchanges"] if x["seat"] == s)
                if not x["penalty"]:
                    checks.append((s, lambda h, w, s=s: 1.0 if not IS_NUMBER[w.out[s][0]] else EPS_EXCHANGE))
            elif s not in exchanged and stock_left >= 4:
                dealt = plays[s]
                checks.append((s, lambda h, w, dealt=dealt: EPS_EXCHANGE
                               if not any(IS_NUMBER[c] for c in h + dealt) else 1.0))

    # the first leader: the rule knocks with two nines or tens before leading
    first = tricks[0][0][0] if view["tricks"] or trick_now else None
    if first is not None and first in others and all(k["seat"] != first for k in view["knock_log"]):
        dealt = plays[first]
        checks.append((first, lambda h, w, dealt=dealt: NO_KNOCK
                       if sum(CARD_STRENGTH[c] >= HIGH for c in h + dealt) >= 2 else 1.0))

    # knocks and their answers
    folded_at = {s: lost[s] + 1 for s in view["folded"]}  # the knock value each folder answered
    for k in view["knock_log"]:
        knocker, value = k["seat"], k["value"]
        now = pending is not None and pending["knocker"] == knocker and pending["value"] == value
        if knocker in others:
            checks.append((knocker, _knock_check(plays[knocker], own_now.get(knocker), now, trick_now, played)))
        if now:
            assert pending is not None
            for a in pending["answers"]:
                s = a["seat"]
                if s in others:
                    checks.append((s, _answer_now(a["answer"] == "fold", own_now.get(s), value,
                                                  view["points"][s] + (value - 1 if a["answer"] == "fold" else 0),
                                                  trick_now, played)))
            continue
        for s in others:
            if s == knocker:
                continue
            if s in folded_at and folded_at[s] == value:
                checks.append((s, _fold_past(value, view["points"][s] + value - 1)))
            elif s in active or (s in folded_at and folded_at[s] > value):
                checks.append((s, _hold_past(plays[s], value, view["points"][s])))

    def like(w: Schroeoem) -> float:
        p = 1.0
        cache: dict[int, list[str]] = {}
        for s, fn in checks:
            h = cache.get(s)
            if h is None:
                h = cache[s] = hidden(w, s)
            p *= fn(h, w)
        return p

    return like


def _play_check(card: str, led: str | None, later: list[str]) -> Callable[[list[str], Schroeoem], float]:
    strength = CARD_STRENGTH[card]

    def check(h: list[str], w: Schroeoem) -> float:
        hand = h + later + [card]
        if led is not None:
            follow = [c for c in hand if CARD_SUIT[c] == led]
            if follow and CARD_SUIT[card] == led:
                hand = follow
        return 1.0 if all(CARD_STRENGTH[c] >= strength for c in hand) else EPS_PLAY

    return check


def _knock_check(mine: list[str], own: str | None, now: bool, trick: list[tuple[int, str]],
                 played: set[str]) -> Callable[[list[str], Schroeoem], float]:
    table = [c for _, c in trick]

    def check(h: list[str], w: Schroeoem) -> float:
        last = h + ([own] if own is not None else [])
        if len(last) == 1 and w.trick_no == 4:  # now or earlier in the last trick: with a sure card?
            if _sure(last[0], table, played):
                return 1.0
            if now:
                return KNOCK[0]
        cards = last if now else h + mine
        high = sum(CARD_STRENGTH[c] >= HIGH for c in cards)
        return KNOCK[min(high, 2)]

    return check


def _answer_now(fold: bool, own: str | None, value: int, points: int, trick: list[tuple[int, str]],
                played: set[str]) -> Callable[[list[str], Schroeoem], float]:
    def check(h: list[str], w: Schroeoem) -> float:
        cards = h + ([own] if own is not None else [])
        if points <= value - 1:
            hold = True
        elif len(cards) == 1 and w.trick_no == 4:
            hold = _sure(cards[0], [c for _, c in trick], played)
        else:
            hold = _holds(cards, value, points)
        return EPS_ANSWER if hold == fold else 1.0

    return check


def _fold_past(value: int, points: int) -> Callable[[list[str], Schroeoem], float]:
    def check(h: list[str], w: Schroeoem) -> float:
        if len(h) <= 1:  # at the last trick the rule folds what it cannot be sure of: little to learn
            return 1.0
        return EPS_ANSWER if _holds(h, value, points) else 1.0

    return check


def _hold_past(mine: list[str], value: int, points: int) -> Callable[[list[str], Schroeoem], float]:
    def check(h: list[str], w: Schroeoem) -> float:
        return 1.0 if _holds(h + mine, value, points) else EPS_ANSWER

    return check


def inferred(know: Knowledge, *, tries: int = TRIES) -> Knowledge:
    """`know` whose worlds follow the others' actions (`bot.ai.search.inferring`: each world is one of `tries`
    drawn, kept with probability proportional to its likelihood, whose factors keep it above zero). Unchanged
    without the ingredient "inference" (the benchmark level strong-no-inference, the oracle)."""
    if not know.uses("inference"):
        return know
    like = likelihood(know.view, know.seat)
    return inferring(know, like, tries=tries, floor=0.0)  # type: ignore[arg-type]
