"""Screen a playout policy for Rufmariasch's strong player cheaply (issue 25): one seat by a policy among three
rule-of-thumb players.

    python -m benchmarks.rufmariasch_screen [--deals N] [--seed S] [--variants a,b,...]
    python -m benchmarks.rufmariasch_screen --calls [--deals N] [--seed S]

Random deals, the forehand calling by the easy rule (`easy_call` on his first four cards); every seat of every
deal is played once by the policy (`Hand.own` with a variant's changes, see `VARIANTS`) while the three others
play by the rules of thumb (`Hand.thumb`, card for card the easy player). The seat's money per deal, by its role
(caller, partner, defender, alone), each variant paired with `own` as it is on the same deals and seats, with a
95 % interval (normal, over seat-deals). Cheap: no search, 4 x deals playouts per variant (3,000 deals take
seconds); a screen, not a measure of the strong player (whose later cards the policy only models).

Stop 35 (issue 25), 3,000 deals, seed 1, stake per seat-deal minus `own` [95 % CI], all seats / as partner:

* `peek_*`, `Hand.policy` (seeing every hand) in place of `own` at some decisions, says where sight is worth the
  most to this policy: at the follows +1.11 [0.97, 1.25] (partner known +0.67, not yet +0.46), at the leads
  -6.85 [-7.52, -6.18] (partner known -5.04, as partner -7.03): `policy`'s lead, the oracle's own later leads,
  is far worse than `own_lead`.
* leading trumps once the partner is known: -0.5 to -2.5 in all, as the partner -7.0 to -9.2 (high or low, before
  or after a side Ace); as a defender -0.2 to -0.7.
* a side card into a void the partner has shown (-0.04 [-0.11, 0.03]); no Ace into a suit an opponent has shown
  void (-0.03 [-0.08, 0.03]); the cheapest card of a suit no opponent has shown void (-1.10 [-1.34, -0.86]).
* following: `VOID_RISK` 0.4 / 0.6 instead of 0.25 +0.13 [0.06, 0.20] / +0.15 [0.07, 0.22] (0.15 / 0.1: -0.33 /
  -0.71); a zero-point discard from the shortest side suit +0.04 [-0.04, 0.11].

So `own`'s lead holds its ground against every lead rule tried, and the follows leave little to a fair rule.

`--calls` screens the forehand's call instead: on each deal every sensible call (`call_candidates`) is played
out, the caller by `own` and the three others by the rules of thumb, and its money is paired with the easy
rule's call (`easy_call`, which strong keeps unless its search finds a call clearly better) on the same deal.
Printed per kind of call (the rule's trump suit or another; its second-highest missing trump, a side Ace, a card
of the caller's own: alone) and per number of trumps among the caller's four cards, and the best call of each
deal, which sees the whole deal (what the oracle's call knows), as a bound.

Stop 40, 20,000 deals, seed 1 (56 s), stake per call minus the rule's: no kind of call beats the rule's in any
group. The nearest is another suit's highest missing trump when the four cards hold two of it (-1.84 [-4.99,
+1.30]); the rule's suit with its second-highest missing trump loses 5 to 8, a side Ace 13 to 21, playing alone
39 to 174 (the fewer trumps, the more), and most calls in another suit more. The best call of each deal, seeing
the whole deal, gains +37 to +61: what the oracle's call has over the rule is its sight of the cards, not a better
rule to be read from four of them."""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections import defaultdict
from collections.abc import Callable

from bot.ai import rufmariasch_sim as sim
from bot.ai.rufmariasch import call_candidates, easy_call
from bot.ai.rufmariasch_sim import POINTS, SUIT_MASK, Hand, ids
from bot.games import GAMES
from bot.games.rufmariasch import RANK_ORDER, SUIT_OF, Rufmariasch

Policy = Callable[[Hand], int]


def opp_void(h: Hand, seat: int, suit: int) -> bool:
    """Has a seat that may be against `seat` shown it lacks `suit` (and not shown it lacks trumps)?"""
    mates = h.known_mates(seat)
    tm = SUIT_MASK[h.trump]
    return any(h.lacks[s] & SUIT_MASK[suit] and not h.lacks[s] & tm
               for s in range(4) if s != seat and s not in mates) if suit != h.trump else False


def lead_v(h: Hand, legal: int, opts: set[str]) -> int:
    seat, trump = h.turn, h.trump
    mates = h.known_mates(seat)
    cards = ids(legal)
    if "partner_void" in opts and mates:
        tm = SUIT_MASK[trump]
        for m in mates:
            for s in range(4):
                if s != trump and h.lacks[m] & SUIT_MASK[s] and not h.lacks[m] & tm and legal & SUIT_MASK[s] \
                        and not opp_void(h, seat, s):
                    return min(ids(legal & SUIT_MASK[s]), key=lambda c: (POINTS[c], c & 7))
    if "pull" in opts and mates and h.side[seat] and (legal & SUIT_MASK[trump]).bit_count() >= 3:
        ts = ids(legal & SUIT_MASK[trump])
        return ts[-1]
    tr = ids(legal & SUIT_MASK[trump])
    callers_known = bool(mates) and h.side[seat] == 1
    role_ok = (callers_known and "callers" in opts) or (bool(mates) and h.side[seat] == 0 and "defenders" in opts) \
        or (callers_known and seat != h.fh and "partner" in opts) or (callers_known and seat == h.fh and "caller" in opts)
    if tr and role_ok and "trump_first" in opts:
        return tr[-1] if "high" in opts else tr[0]
    for s in range(4):
        if s != trump and legal >> (8 * s + 7) & 1:
            if "ace_ruff" in opts and opp_void(h, seat, s):
                continue
            return 8 * s + 7
    if tr and role_ok and "trump_after" in opts:
        return tr[-1] if "high" in opts else tr[0]
    if "avoid_ruff" in opts:
        safe = [c for c in cards if not opp_void(h, seat, c >> 3)]
        if safe:
            cards = safe
    return min(cards, key=lambda c: (POINTS[c], c >> 3 == trump, c & 7))


def own_v(h: Hand, opts: set[str]) -> int:
    legal = h.legal()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    if not h.trick:
        return lead_v(h, legal, opts)
    return h.own()


def void_risk(r: float) -> Policy:
    def f(h: Hand) -> int:
        old = sim.VOID_RISK
        sim.VOID_RISK = r
        try:
            return h.own()
        finally:
            sim.VOID_RISK = old
    return f


def short_discard(h: Hand) -> int:
    """`own`, but a zero-point card it gives away (not following, nothing to win) comes from its shortest side
    suit, not merely its lowest card."""
    c = h.own()
    if not h.trick or POINTS[c] or c >> 3 == h.led:
        return c
    legal = h.legal()
    if legal != h.hands[h.turn]:        # not free to discard
        return c
    hand, trump = h.hands[h.turn], h.trump
    zero = [x for x in ids(legal) if not POINTS[x] and x >> 3 != trump]
    if not zero or c not in zero:
        return c
    return min(zero, key=lambda x: ((hand & SUIT_MASK[x >> 3]).bit_count(), x & 7))


def variant(*opts: str) -> Policy:
    o = set(opts)
    return lambda h: own_v(h, o)


def peek(where: str) -> Policy:
    """`own`, but `policy` (seeing every hand) at the leads or the follows, with the partner known or not."""
    def f(h: Hand) -> int:
        known = bool(h.known_mates(h.turn)) or h.alone
        lead = not h.trick
        hit = {"lead": lead, "follow": not lead, "lead_known": lead and known, "lead_unknown": lead and not known,
               "follow_known": not lead and known, "follow_unknown": not lead and not known}[where]
        return h.policy() if hit else h.own()
    return f


VARIANTS: dict[str, Policy] = {
    **{f"peek_{w}": peek(w) for w in ("lead", "follow", "lead_known", "lead_unknown", "follow_known",
                                       "follow_unknown")},
    "own": lambda h: h.own(),
    "thumb": lambda h: h.thumb(),
    **{f"void_{r}": void_risk(r) for r in (0.1, 0.15, 0.4, 0.6)},
    "short_discard": short_discard,
    "partner_void": variant("partner_void"),
    "pull": variant("pull"),
    "ace_ruff": variant("ace_ruff"),
    "avoid_ruff": variant("avoid_ruff"),
    "ruff_both": variant("ace_ruff", "avoid_ruff"),
    **{f"{w}_{r}_{hl}": variant(w, r, hl) for w in ("trump_first", "trump_after")
       for r in ("callers", "partner", "caller", "defenders") for hl in ("high", "low")},
}


def play(h: Hand, seat: int, policy: Policy) -> int:
    while not h.done():
        h.play(policy(h) if h.turn == seat else h.thumb())
    return h.value(seat)


def role(h: Hand, seat: int) -> str:
    if seat == h.fh:
        return "alone" if h.alone else "caller"
    return "partner" if h.side[seat] else "defender"


def call_kind(hand: list[str], call: tuple[str, str], rule: tuple[str, str]) -> str:
    """What kind of call `call` is, beside the easy rule's `rule`."""
    trump, card = call
    if call == rule:
        return "rule"
    suit = "" if trump == rule[0] else "other suit, "
    if card in hand:
        return suit + "alone"
    if SUIT_OF[card] == trump:
        missing = [r + trump for r in RANK_ORDER if r + trump not in hand]
        return f"{suit}trump #{missing.index(card) + 1}"
    return suit + "side ace"


def screen_calls(deals: int, seed: int) -> dict[tuple[str, int], list[int]]:
    """Per (kind of call, trumps in the caller's four cards): each call's money minus the rule's call's, the
    caller playing by `own` and the others by the rules of thumb; ("best of the deal", n) the best call's."""
    rng = random.Random(seed)
    diff: dict[tuple[str, int], list[int]] = defaultdict(list)
    for _ in range(deals):
        e = GAMES["rufmariasch"].new(4, seed=rng.randrange(2**62), options={"deals": 4})
        assert isinstance(e, Rufmariasch)
        hand = list(e.hands[e.fh])
        _, t, c = easy_call(hand).split()
        rule = (t, c)
        calls = call_candidates(hand)
        if rule not in calls:
            calls.append(rule)
        value = {call: play(Hand.called(e, *call), e.fh, VARIANTS["own"]) for call in calls}
        best = max(value.values()) - value[rule]
        for call, v in value.items():
            held = sum(SUIT_OF[x] == call[0] for x in hand)
            diff[(call_kind(hand, call, rule), held)].append(v - value[rule])
        diff[("best of the deal", sum(SUIT_OF[x] == t for x in hand))].append(best)
    return diff


def print_calls(deals: int, seed: int) -> None:
    diff = screen_calls(deals, seed)
    print(f"{deals} deals, seed {seed}: the caller's stake per call minus the easy rule's call's [95 % CI]")
    for (kind, held), ds in sorted(diff.items(), key=lambda kv: (kv[0][0] != "rule", kv[0])):
        d = statistics.fmean(ds)
        half = 1.96 * statistics.stdev(ds) / math.sqrt(len(ds)) if len(ds) > 1 else math.nan
        print(f"{kind:24s} {held} trumps  {len(ds):6d}  {d:+8.2f} [{d - half:+.2f}, {d + half:+.2f}]")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--calls", action="store_true", help="screen the forehand's call instead of a policy")
    args = ap.parse_args()
    if args.calls:
        print_calls(args.deals, args.seed)
        return
    names = args.variants.split(",")
    rng = random.Random(args.seed)
    diff: dict[str, dict[str, list[int]]] = {n: defaultdict(list) for n in names}
    mean: dict[str, dict[str, list[int]]] = {n: defaultdict(list) for n in names}
    for _ in range(args.deals):
        e = GAMES["rufmariasch"].new(4, seed=rng.randrange(2**62), options={"deals": 4})
        assert isinstance(e, Rufmariasch)
        _, t, c = easy_call(list(e.hands[e.fh])).split()
        base = Hand.called(e, t, c)
        for seat in range(4):
            r = role(base, seat)
            ref = play(base.copy(), seat, VARIANTS["own"])
            for n in names:
                v = play(base.copy(), seat, VARIANTS[n])
                mean[n][r].append(v)
                mean[n]["all"].append(v)
                diff[n][r].append(v - ref)
                diff[n]["all"].append(v - ref)
    roles = ["all", "caller", "partner", "defender", "alone"]
    print(f"{args.deals} deals, seed {args.seed}: mean stake per seat-deal; minus own [95 % CI]")
    for n in names:
        cells = []
        for r in roles:
            xs, ds = mean[n][r], diff[n][r]
            if not xs:
                continue
            half = 1.96 * statistics.stdev(ds) / math.sqrt(len(ds)) if len(ds) > 1 else math.nan
            d = statistics.fmean(ds)
            cells.append(f"{r} {statistics.fmean(xs):+6.2f} ({d:+.2f} [{d - half:+.2f}, {d + half:+.2f}])")
        print(f"{n:14s} " + "  ".join(cells))


if __name__ == "__main__":
    main()
