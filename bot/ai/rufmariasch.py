"""Rufmariasch's computer players.

`easy`: rules of thumb over the seat's view. `strong`: perfect-information Monte Carlo on worlds dealt anew from
what the seat knows, each world played on the quick bitmask hand of `rufmariasch_sim`: playouts with a sound policy
while many cards are out, an exact alpha-beta for the last tricks (the `endgame` ingredient). With the `inference`
ingredient the worlds follow what the table did (`rufmariasch_infer`): the caller holds the trumps above the called
card, more trumps than the others and seldom the called card himself, and a seat whose cards this hand (every
trick, from the view's `tricks`) the rules of thumb would not have played in a world makes that world less likely
(so a seat that smeared points onto the caller's trick is taken for his partner; only a person's or an easy
computer's cards are read so, since a searching computer's fit the rules of thumb no better in its true hand than
in a wrong one, `Knowledge.players`); a card decision's worlds are
resampled from one weighted pool of deals (`rufmariasch_infer.Pool`: the called card where it is in 75 % of the
worlds instead of 69 %; on 200 deals at 100 iterations against the code before, +0.87 [-1.20, 2.93] stake per
deal). In the playouts nobody sees the others' cards (strategy fusion: a seat that sees every hand in its playouts
times its Aces perfectly there, so a low lead looks as good as cashing the Ace). The searching seat plays its later
cards by `Hand.own`, a sound policy on what its seat knows (a card is safe when nobody who may be against it might
beat it; it leads a side Ace, else its cheapest card, `Hand.own_lead`: leading a card nobody might beat, a top trump
mostly, made its own later leads in the playouts far worse than the rules of thumb, and with the lead model strong
gained +1.33 [-1.07, 3.73] stake per deal over easy on 200 deals at 100 worlds, paired against the code before);
in `THUMB_SHARE` of the worlds the others play by the rules of thumb (as people and the easy player do: they know
their partner only once the called card is out), in the other worlds by `Hand.own` too, with its cautious lead (a
thumb-only model gave points to a seat that had smeared onto the caller's trick: see the test of that); a seat
the table shows as an easy computer plays by the rules of thumb in every world, since they are exactly its play
(+0.80 [0.27, 1.33] stake a deal against easy players over 500 rounds, paired; stop 50). The
oracle, whose one world is the true deal, plays its own later cards seeing every hand. The call (which trump,
which partner card, or alone) is chosen among a short list of sensible calls, by successive halving over shared
worlds, each call played out by the rules of thumb of players who see only their own cards (playouts that see every
card misjudge calls: the partner is no secret there); marriages are always announced (they lower the callers'
target and add to the announcing side's total once it takes a trick).
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.cards import SUITS
from bot.games.rufmariasch import POINTS, RANK_ORDER, STRENGTH, SUIT_OF, Rufmariasch

from . import Budget, Knowledge
from .rufmariasch_infer import inferring
from .rufmariasch_sim import CARD_ID, CHEAPNESS, EVERY_SEAT, ID_CARD, Hand, solve
from .search import clearly_better

ITERATIONS = 100         # worlds per card decision (the call plays about 15 times as many playouts)
# cards still in hands at or below which a world is solved exactly, not played out: the last two tricks. The solver
# lets every seat see every card, which from three tricks out misleads more than the playouts' fog does: at 12
# cards strong lost 0.31 [-0.01, 0.64] stake a deal against 8, and 0.36 [0.03, 0.69] against no solving at all
# (seed 1, 250 rounds, 100 worlds, paired; decision p99 537 ms against 295), stop 47
SOLVE_CARDS = 8
SOLVE_CARDS_SEEING = 12  # the same for a player whose worlds are the true deal (the yardsticks): exact for it
# share of the worlds whose playouts let the others play by the rules of thumb (in the rest, by `Hand.own`); a seat
# the table shows as an easy computer plays by them in every world, since they are its exact rule: against easy
# players +0.80 [0.27, 1.33] stake a deal over 500 rounds (seeds 1 and 2, 100 worlds, paired; the oracle, the same
# search on the true deal, +2.61 [1.91, 3.32] on seed 1's 250; stop 50)
THUMB_SHARE = 0.5
CLEAR = 2.0              # a call other than the rule of thumb's needs a gain of this many standard errors


# -- easy -------------------------------------------------------------------------------------------------
def easy_call(hand: list[str]) -> str:
    """The longest suit of the four cards (ties: more points) as trump, its highest card not held as partner."""
    trump = max(SUITS, key=lambda s: (sum(SUIT_OF[c] == s for c in hand),
                                      sum(POINTS[c] for c in hand if SUIT_OF[c] == s), -SUITS.index(s)))
    card = next(r + trump for r in RANK_ORDER if r + trump not in hand)
    return f"call {trump} {card}"


def _partners(view: dict[str, Any], seat: int) -> set[int]:
    """The seats known to play with `seat` (possibly none yet)."""
    sides = view.get("sides")
    if sides:
        for seats in sides.values():
            if seat in seats:
                return set(seats) - {seat}
    return set()


def _winning(trick: list[dict[str, Any]], trump: str) -> tuple[int, str]:
    seat, card = trick[0]["seat"], trick[0]["card"]
    for x in trick[1:]:
        c = x["card"]
        if (SUIT_OF[c] == SUIT_OF[card] and STRENGTH[c] > STRENGTH[card]) or (
                SUIT_OF[c] == trump and SUIT_OF[card] != trump):
            seat, card = x["seat"], c
    return seat, card


def _beats(c: str, w: str, trump: str) -> bool:
    return (SUIT_OF[c] == SUIT_OF[w] and STRENGTH[c] > STRENGTH[w]) or (SUIT_OF[c] == trump and SUIT_OF[w] != trump)


def _cheap(c: str, trump: str) -> tuple[int, bool, int]:
    return POINTS[c], SUIT_OF[c] == trump, STRENGTH[c]


def easy(know: Knowledge, rng: random.Random) -> str:
    """Call the longest suit; announce every marriage; lead aces, take a trick when it is cheap or sure, smear
    points onto a partner's trick when last, otherwise throw the cheapest card."""
    v, legal = know.view, know.legal
    if v["phase"] == "call":
        return easy_call(v["hand"])
    for a in legal:
        if a.startswith("announce "):
            return a
    return "play " + easy_card(v, know.seat, [a[5:] for a in legal])


def easy_card(v: dict[str, Any], seat: int, cards: list[str]) -> str:
    trump = v["trump"]
    low = min(cards, key=lambda c: _cheap(c, trump))
    trick = v["trick"]
    if not trick:
        aces = [c for c in cards if c[:-1] == "A" and SUIT_OF[c] != trump]
        trumps = [c for c in cards if SUIT_OF[c] == trump]
        if aces:
            return aces[0]
        if len(trumps) >= 3:
            return max(trumps, key=STRENGTH.__getitem__)
        return low
    last = len(trick) == 3
    win_seat, win_card = _winning(trick, trump)
    if win_seat in _partners(v, seat) and (last or STRENGTH[win_card] == 7 or SUIT_OF[win_card] == trump):
        return max(cards, key=lambda c: (POINTS[c], -STRENGTH[c]))
    winners = [c for c in cards if _beats(c, win_card, trump)]
    if winners:
        if last:
            return max(winners, key=lambda c: (POINTS[c], -STRENGTH[c]))
        top = [c for c in winners if STRENGTH[c] == 7 or SUIT_OF[c] == trump != SUIT_OF[trick[0]["card"]]]
        if top:
            return min(top, key=lambda c: (SUIT_OF[c] == trump, STRENGTH[c]))
    return low


# -- strong -----------------------------------------------------------------------------------------------
def strong(know: Knowledge, rng: random.Random, budget: Budget) -> str:
    v = know.view
    if v["phase"] == "call":
        return strong_call(know, rng, budget)
    for a in know.legal:
        if a.startswith("announce "):
            return a
    return strong_play(know, rng, budget)


def world(know: Knowledge, rng: random.Random) -> Rufmariasch:
    w = know.sample(rng)
    assert isinstance(w, Rufmariasch)
    return w


def strong_play(know: Knowledge, rng: random.Random, budget: Budget) -> str:
    """The legal card with the best mean money over sampled worlds (played out, or solved near the end). The
    inferred worlds are resampled from one pool (`rufmariasch_infer.Pool`), so a likely world may come more
    than once: its values (the same, the playouts being deterministic) are worked out once.

    Cards of equal totals are common (in 57 of 148 decisions against easy players the choice among them
    mattered): the search sees no difference, most often between a high and a low card that neither takes the
    trick nor changes the end. Of those it plays the cheapest (`CHEAPNESS`: fewest points, a side card before a
    trump, the lowest), which keeps the high card for a later trick; it played the first in hand order, the
    highest, before. See docs/computer-players.md, stop 45."""
    moves = [CARD_ID[a[5:]] for a in know.legal]
    cards, endgame = sum(know.view["counts"]), know.uses("endgame")
    exact = endgame and cards <= SOLVE_CARDS
    own = False
    if not exact:
        # plain worlds that differ: the seat cannot see every hand (the oracles' one world can, and they play as
        # they see, solving from SOLVE_CARDS_SEEING); asked of the plain worlds, since the inferred ones may
        # repeat a likely deal
        own = Hand.of(world(know, rng)).hands != Hand.of(world(know, rng)).hands
        exact = endgame and not own and cards <= SOLVE_CARDS_SEEING
    n = max(1, budget.iterations)
    know = inferring(know, n, budget.expired)
    seat = know.seat
    others = EVERY_SEAT & ~(1 << seat)
    easy = sum(1 << s for s in know.easy_seats())   # by the rules of thumb in every world: their exact rule
    totals = [0] * len(moves)
    worlds = 0
    seen: dict[tuple[int, tuple[int, ...]], list[int]] = {}
    while worlds < n:
        h = Hand.of(world(know, rng))
        h.thumb_seats = others if int((worlds + 1) * THUMB_SHARE) > int(worlds * THUMB_SHARE) else easy
        h.own_self = own
        key = (h.thumb_seats, tuple(h.hands))
        values = seen.get(key)
        if values is None:
            values = []
            for c in moves:
                x = h.copy()
                x.play(c)
                values.append(solve(x, seat) if exact else x.playout(seat))
            seen[key] = values
        for i, v in enumerate(values):
            totals[i] += v
        worlds += 1
        if budget.expired():
            break
    cheap = CHEAPNESS[SUITS.index(know.view["trump"])]
    best = min(range(len(moves)), key=lambda i: (-totals[i], cheap[moves[i]]))
    return "play " + ID_CARD[moves[best]]


def call_candidates(hand: list[str]) -> list[tuple[str, str]]:
    """Sensible calls (trump, card) for a forehand holding `hand`: per trump suit the two highest trumps it
    lacks and the aces it lacks as partner cards, and a card of its own (playing alone)."""
    out: list[tuple[str, str]] = []
    for t in SUITS:
        missing = [r + t for r in RANK_ORDER if r + t not in hand]
        out.extend((t, c) for c in missing[:2])
        out.extend((t, "A" + s) for s in SUITS if s != t and "A" + s not in hand)
        out.append((t, max(hand, key=lambda c: (SUIT_OF[c] == t, STRENGTH[c]))))
    return out


def strong_call(know: Knowledge, rng: random.Random, budget: Budget) -> str:
    """Successive halving over `call_candidates`, each round playing every surviving call out on the same new
    worlds and keeping the better half. A call is played out by the rules of thumb for all four seats, each
    seeing only its own cards and the sides as far as its seat knows them (`Hand.thumb_playout`): over 600
    benchmark deals the calls chosen with playouts that see every card lost 4.2 stake per deal against the
    rule of thumb under real play, since there the partner is no secret. The rule-of-thumb call (`easy_call`,
    always evaluated) gives way only to a call whose gain over it, world by world, is clear of `CLEAR` times
    its standard error."""
    seat = know.seat
    hand = know.view["hand"]
    _, rule_t, rule_c = easy_call(hand).split()
    rule = (rule_t, rule_c)
    alive = call_candidates(hand)
    if rule not in alive:
        alive.insert(0, rule)
    values: dict[tuple[str, str], list[int]] = {c: [] for c in alive}
    per_round = max(2, budget.iterations // 8)
    while True:
        for _ in range(per_round):
            w = world(know, rng)
            for t, c in alive:
                values[(t, c)].append(Hand.called(w, t, c).thumb_playout(seat))
            if budget.expired():
                break
        alive.sort(key=lambda tc: -sum(values[tc]) / len(values[tc]))     # stable: ties keep the order
        if len(alive) <= 2 or budget.expired():
            break
        keep = alive[:(len(alive) + 1) // 2]
        if rule not in keep:
            keep.append(rule)
        if len(keep) == len(alive):                 # three left, the rule among the dropped: no progress
            break
        alive = keep
        per_round *= 2
    best = alive[0]
    if best != rule and clearly_better(values[best], values[rule][-len(values[best]):], CLEAR):
        return f"call {best[0]} {best[1]}"
    return f"call {rule_t} {rule_c}"
