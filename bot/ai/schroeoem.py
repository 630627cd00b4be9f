"""Schrööm's computer players.

Only the fourth trick wins, so the rules of thumb keep the strong cards for the end: play the lowest card
that is allowed, hold a knock with a ten or a nine (or when folding would cost as much), knock with two
of them or with a last card nobody can beat.

The strong player is perfect-information Monte Carlo: it deals the unseen cards anew (`Knowledge.sample`),
plays every legal action (cards, knock, hold, fold, reveal, exchange, hübschen answers) in each world, and
lets the rules of thumb play the game out for everybody. A game's outcome is scored as what counts in the
match: the points this seat won or lost against the others' average, and a large weight on being
eliminated (or eliminating someone, or winning the match). So a knock is made when, over the sampled
worlds, the stake it raises and the folds it provokes are worth more than the risk, not by a fixed rule.

Inference (`schroeoem_infer`): the worlds follow what the others did. Each is kept among a dozen dealt
ones by how likely the others' cards played, knocks, holds, folds and Vier Bilder calls were in it under
the rules of thumb: a knock says two nines or tens, a hold a nine or a ten, a seat that played a nine has
nothing lower left in that suit. So a knock is folded when it says more than this seat holds, and the
card play counts on the strength the others showed.

Out of turn (`volunteer_strong`, asked whenever the seat may knock but is not the one to move) it knocks
with a last card nobody can beat, and, with inference, when the inferred worlds say it wins and a knock
now is clearly better than none; the rules of thumb knock only on their own turn.

Measured together (`python -m benchmarks.ai --games schroeoem --deals 200 --jobs 1 --iterations 40`, the
same 200 deals, a loaded two-core machine): against easy +0.30 [0.20, 0.41] lives per deal, 47 % [30, 64]
of the oracle's +0.65, where the player without both had +0.22 [0.11, 0.33], 33 % [17, 49] (paired
difference +0.09 [-0.03, 0.21]); against the strong player without inference +0.15 [-0.04, 0.35] over
100 deals. The inference costs a dozen deals per world kept: decisions took about twice as long.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.games.schroeoem import CARD_STRENGTH, CARD_SUIT, IS_NUMBER, LOW_KEY, Schroeoem

from . import Budget, Knowledge
from .schroeoem_infer import inferred
from .search import clearly_better

ITERATIONS = 120  # sampled worlds per decision (each plays every legal action out to the game's end)
ELIMINATION = 4.0  # weight of a seat dropping out of the match, in points
MATCH_WIN = 8.0  # weight of winning the match outright
SCREEN = 8  # worlds that first say whether a knock out of turn is worth a search
SCREEN_WINS = 5  # ... of which this seat must win at least this many, played on without the knock
VOLUNTEER_Z = 1.0  # a knock out of turn must beat no knock by this many standard errors
HIGH = 7  # strength of a nine; a ten is 8 (the two best cards of a suit)


# -- rules of thumb (easy, and everybody's play in the strong player's playouts) ---------------------------
def thumb(legal: Sequence[str], hand: Sequence[str], kind: str | None, value: int, points: int,
          trick: Sequence[str], played: set[str], trick_no: int, own: str | None = None) -> str:
    """The rule-of-thumb action. `kind`: the open prompt ("knock", "reveal", "huebschen") or None;
    `trick`: the cards in the current trick (led first); `played`: every card out this game; `own`: the
    card this seat already put in the current trick, if any."""
    high = sum(CARD_STRENGTH[c] >= HIGH for c in hand)
    if kind == "knock":
        # folding costs the value before the knock; when that already eliminates, holding is free
        if points <= value - 1:
            return "hold"
        if trick_no == 4:  # one card left (in hand or already in the trick): does it win?
            last = own if own is not None else hand[0]
            return "hold" if _sure_winner(last, trick, played) else "fold"
        cards = list(hand) + ([own] if own is not None else [])
        strong_cards = sum(CARD_STRENGTH[c] >= HIGH for c in cards)
        return "hold" if strong_cards or (sum(IS_NUMBER[c] for c in cards) >= 2 and value <= 2) else "fold"
    if kind == "reveal":
        return "pass"
    if kind == "huebschen":
        return "decline" if high else "accept"
    if "exchange" in legal:
        return "exchange" if not any(IS_NUMBER[c] for c in hand) else "pass"
    plays = [a for a in legal if a.startswith("play ")]
    opening = trick_no == 1 and not trick and high >= 2
    if "knock" in legal and plays and (opening or (trick_no == 4 and _sure_winner(hand[0], trick, played))):
        return "knock"
    if not plays:
        return legal[0]
    return min(plays, key=lambda a: LOW_KEY[a[5:]])


def _sure_winner(card: str, trick: Sequence[str], played: set[str]) -> bool:
    """Does `card` (a last card, maybe already in `trick`) win the trick whatever the others hold? Every
    better card of the led suit must be out in an earlier trick."""
    suit = CARD_SUIT[card] if not trick else CARD_SUIT[trick[0]]
    if CARD_SUIT[card] != suit:
        return False
    better = [c for c in CARD_STRENGTH if CARD_SUIT[c] == suit and CARD_STRENGTH[c] > CARD_STRENGTH[card]]
    return all(c in played and c not in trick for c in better)


def easy(know: Knowledge, rng: random.Random) -> str:
    v = know.view
    seat = know.seat
    pending = v["pending"]
    played = {c["card"] for t in v["tricks"] for c in t["cards"]} | {c["card"] for c in v["trick"]}
    own = next((c["card"] for c in v["trick"] if c["seat"] == seat), None)
    action = thumb(know.legal, v["hand"], pending["kind"] if pending else None, v["value"], v["points"][seat],
                   [c["card"] for c in v["trick"]], played, v["trick_no"], own)
    return action if action in know.legal else know.legal[0]


# -- strong: PIMC with rule-of-thumb playouts ---------------------------------------------------------------
def world_policy(w: Schroeoem, seat: int) -> str:
    """The rules of thumb for `seat` in a world (read from the engine directly: playouts must be quick)."""
    legal = w.legal_actions(seat)
    played = {c["card"] for t in w.tricks for c in t["cards"]}
    played.update(c for _, c in w.trick)
    kind = w.pending["kind"] if w.pending is not None else None
    own = next((c for s, c in w.trick if s == seat), None)
    return thumb(legal, w.hands[seat], kind, w.value, w.points[seat], [c for _, c in w.trick], played,
                 w.trick_no, own)


def play_game_out(w: Schroeoem, max_steps: int = 400) -> list[dict[str, Any]]:
    """Let the rules of thumb finish the current game (the seat the game waits for acts; nobody knocks out
    of turn); returns the `hand_scored` events (and what follows) or [] if the cap was hit."""
    for _ in range(max_steps):
        if w.over:
            return []
        (mover,) = w.waiting_for()
        events = w.apply(mover, world_policy(w, mover))
        for i, e in enumerate(events):
            if e["type"] == "hand_scored":
                return events[i:]
    return []


def utility(seat: int, before: Sequence[bool], events: list[dict[str, Any]]) -> float:
    """What a finished game is worth to `seat`: its points against the others' average, elimination and
    match wins weighted heavily. `before`: who was still in the match when the game started."""
    if not events:
        return 0.0
    scored = events[0]
    others = [s for s in range(len(before)) if before[s] and s != seat]
    deltas = scored["deltas"]
    u = deltas[seat] - (sum(deltas[s] for s in others) / len(others) if others else 0.0)
    gone = set(scored["eliminated"])
    if seat in gone:
        u -= ELIMINATION
    u += ELIMINATION * sum(s in gone for s in others) / max(1, len(others))
    for e in events:
        if e["type"] == "match_over":
            u += MATCH_WIN if seat in e["winners"] else -MATCH_WIN
    return u


def strong(know: Knowledge, rng: random.Random, budget: Budget) -> str:
    know = inferred(know)
    moves = list(know.legal)
    totals = [0.0] * len(moves)
    seat = know.seat
    for n in range(max(1, budget.iterations)):
        world = know.sample(rng)
        assert isinstance(world, Schroeoem)
        before = list(world.in_match)
        for i, move in enumerate(moves):
            after = world.clone()
            events = after.apply(seat, move)
            done = [j for j, e in enumerate(events) if e["type"] == "hand_scored"]
            events = events[done[0]:] if done else play_game_out(after)
            totals[i] += utility(seat, before, events)
        if n and budget.expired():
            break
    best = max(range(len(moves)), key=lambda i: (totals[i], -i))
    return moves[best]


def volunteer_easy(know: Knowledge, rng: random.Random) -> str | None:
    """The rules of thumb knock only on their own turn."""
    return None


def volunteer_strong(know: Knowledge, rng: random.Random, budget: Budget) -> str | None:
    """A knock out of turn: always with a last card nobody can beat (it cannot lose: the others fold what
    they would have lost anyway, or hold and lose more). Otherwise, with inference, when the worlds that
    follow the others' actions say a knock now is clearly better than letting the moment pass: a few worlds
    first (is this seat likely to win the game at all?), then the search, knock against no knock in the same
    worlds, and the knock only when its gain is above `VOLUNTEER_Z` standard errors. Without inference it
    stops at the sure card: weighed by plain sampled worlds, knocks out of turn lost (over the benchmark's
    first 150 pairs strong gained 0.02 lives per deal with them, 0.08 with a margin of four standard errors,
    and 0.22 without), since those worlds do not know what the others' answers showed, and the question
    comes at every decision point, while a knock now gives up knocking later, which the playouts do not
    value."""
    if "knock" not in know.legal:
        return None
    v = know.view
    seat = know.seat
    own = next((c["card"] for c in v["trick"] if c["seat"] == seat), None)
    last = own if own is not None else (v["hand"][0] if len(v["hand"]) == 1 else None)
    played = {c["card"] for t in v["tricks"] for c in t["cards"]} | {c["card"] for c in v["trick"]}
    if v["trick_no"] == 4 and last is not None and _sure_winner(last, [c["card"] for c in v["trick"]], played):
        return "knock"
    if not know.uses("inference"):
        return None
    know = inferred(know)
    worlds = [know.sample(rng) for _ in range(SCREEN)]
    wins = 0
    for w in worlds:
        assert isinstance(w, Schroeoem)
        events = play_game_out(w.clone())
        wins += bool(events) and events[0]["winner"] == seat
    if wins < SCREEN_WINS:
        return None
    knock: list[float] = []
    wait: list[float] = []
    for n in range(max(1, budget.iterations)):
        world = worlds[n] if n < len(worlds) else know.sample(rng)
        assert isinstance(world, Schroeoem)
        before = list(world.in_match)
        after = world.clone()
        events = after.apply(seat, "knock")
        done = [j for j, e in enumerate(events) if e["type"] == "hand_scored"]
        knock.append(utility(seat, before, events[done[0]:] if done else play_game_out(after)))
        wait.append(utility(seat, before, play_game_out(world)))
        if n and budget.expired():
            break
    return "knock" if clearly_better(knock, wait, VOLUNTEER_Z) else None
