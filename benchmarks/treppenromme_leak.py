"""Where Treppenrommé's strong player falls short of the oracle (issue 25): loss per decision kind.

    python -m benchmarks.treppenromme_leak [--deals N] [--iterations N] [--seed S] [--level strong]

Plays the benchmark's duplicate deals (`benchmarks.ai`: two seats, each deal twice, the strong seat once at
either seat, against easy; the deal played to its first `hand_scored`, seeds as there) and at each of the
strong seat's decisions with a choice also asks two all-seeing players with the same seed and search size:
the **oracle** (the true deal its only world, as `--levels oracle` does) and the **hand oracle** (the other's
true hand, but the talon dealt anew in every world, as for a fair player). Where their choices differ, each is
valued on the true deal by playing the rest of the hand out with the rules of thumb for both seats (`thumb`,
the policy of the search's playouts and card for card the easy player), to the hand's end (or `--horizon`
turns, the search's own yardstick, which favours the oracle by construction); the value is the seat's gain
minus the other's, the benchmark's unit. So per decision:

- `oracle`: the oracle's value minus strong's (its whole edge at that decision);
- `hand`: the hand oracle's minus strong's (what knowing the other's hand is worth: the fair part, as far as
  inference could read it from his play);
- `stock`: the oracle's minus the hand oracle's (what knowing the talon's order, the future draws, is worth:
  information no fair player has).

Each is summed per decision kind (the draw step: draw or which `take K`; the discard: whether the card thrown
feeds the other, i.e. makes a combination with his hand or fits a meld), per strong seat-deal, with a 95 %
interval over the seat-deals. Melds and lay-offs are not searched (strong and oracle place greedily) and
going out is a placement, so they never differ. The oracle is asked with one world (its worlds are all the
true deal and the playouts deterministic, so it chooses as with `--iterations` worlds; a test checks it). A
fixed search size without a deadline: the figures depend on the seed only. The valuation is a stand-in (the
strong seat plays on by the rules of thumb, not by its search), so the kinds need not add up to the
benchmark's gap."""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from bot.ai import choose
from bot.ai import treppenromme as ai
from bot.games import GAMES
from bot.games.treppenromme import HAND_VALUE, Treppenromme

from .ai import deal_seed, strong_seats

PARTS = ("oracle", "hand", "stock")


def value(e: Treppenromme, seat: int, action: str, horizon: int | None = None) -> float:
    """`seat`'s gain minus the other's when it takes `action` now and the hand is played out by the rules of
    thumb (to its end, or `horizon` turns after this one as the search's playouts do)."""
    w = e.clone()
    base = ai.standing(w)
    hand_no = w.hand_no
    w.apply(seat, action)
    if horizon is not None:
        return ai.evaluate(w, seat, hand_no, base, horizon)
    if ai.finish_turn(w, seat):
        while not w.over and w.hand_no == hand_no:
            ai.finish_turn(w, w.current)
    return ai.score(w, seat, base)


def hand_oracle(e: Treppenromme, seat: int, seed: int, iterations: int) -> str:
    """The strong search whose worlds hold the other's true hand, the talon (and the rebuild's shuffle) dealt anew
    in each: `--levels hand-oracle` (bot/ai/yardsticks.py)."""
    return choose(e, seat, level="hand-oracle", seed=seed, iterations=iterations)


def feeds(e: Treppenromme, seat: int, card: str) -> bool:
    """Would `card` on the staircase be of use to the next player (a combination with his hand, or a fit)?"""
    return ai.useful(card, e.hands[(seat + 1) % e.seats], ai.world_fits(e))


def discard_detail(e: Treppenromme, seat: int, choices: dict[str, str]) -> str | None:
    """For differing discards: is the oracle's card less connected in the hand than strong's (the rules of
    thumb's keep score), and dearer or cheaper?"""
    s, o = choices["strong"], choices["oracle"]
    if s == o or not (s.startswith("discard ") and o.startswith("discard ")):
        return None
    hand = e.hands[seat]
    ks, ko = ai.keep_score(s[8:], hand), ai.keep_score(o[8:], hand)
    link = "less connected" if ko < ks else "more connected" if ko > ks else "as connected"
    vs, vo = HAND_VALUE[s[8:]], HAND_VALUE[o[8:]]
    return f"oracle throws {link}, {'dearer' if vo > vs else 'cheaper' if vo < vs else 'same value'}"


def kind(e: Treppenromme, seat: int, choices: dict[str, str]) -> str:
    """The decision's kind, from the choices of strong, hand oracle and oracle."""
    if e.step == "draw":
        s, o = choices["strong"], choices["oracle"]
        if s == o:
            return "draw step: same"
        if s == "draw":
            return "draw step: oracle takes, strong draws"
        if o == "draw":
            return "draw step: oracle draws, strong takes"
        return "draw step: " + ("oracle deeper" if int(o[5:]) > int(s[5:]) else "oracle shallower")
    if not all(a.startswith("discard ") for a in choices.values()):
        return "place (meld, lay-off)" + ("" if choices["strong"] == choices["oracle"] else ": differ")
    s_feeds, o_feeds = (feeds(e, seat, choices[k][8:]) for k in ("strong", "oracle"))
    if choices["strong"] == choices["oracle"]:
        return "discard: same"
    return f"discard: strong's {'feeds' if s_feeds else 'safe'}, oracle's {'feeds' if o_feeds else 'safe'}"


def play_seating(deal: int, seed: int, strong: set[int], iterations: int, level: str = "strong",
                 horizon: int | None = None) -> tuple[list[dict[str, Any]], list[int]]:
    """Play one seating of the benchmark's deal; every decision with a choice of the strong seat (with the
    three choices and their values), and the hand's deltas."""
    e = GAMES["treppenromme"].new(2, seed=deal_seed(seed, "treppenromme", deal))
    assert isinstance(e, Treppenromme)
    rows: list[dict[str, Any]] = []
    players = tuple(level if s in strong else "easy" for s in range(2))  # as the benchmark tells them, a table too
    for step in range(5000):
        seat = min(e.waiting_for() or e.to_act())
        cs = deal * 10_007 + step
        if seat not in strong:
            action = choose(e, seat, level="easy", seed=cs)
        else:
            action = choose(e, seat, level=level, seed=cs, iterations=iterations, players=players)
            legal = e.legal_actions(seat)
            if len(legal) > 1:
                choices = {"strong": action, "oracle": choose(e, seat, level="oracle", seed=cs, iterations=1),
                           "hand": hand_oracle(e, seat, cs, iterations)}
                values = {a: value(e, seat, a, horizon) for a in set(choices.values())} if len(
                    set(choices.values())) > 1 else dict.fromkeys(choices.values(), 0.0)
                v = {k: values[a] for k, a in choices.items()}
                rows.append({"deal": deal, "seat": seat, "turn": e.turn_no, "hand_size": len(e.hands[seat]),
                             "step": e.step, "kind": kind(e, seat, choices),
                             "detail": discard_detail(e, seat, choices), **{f"choice_{k}": a for k, a in choices.items()},
                             "oracle": v["oracle"] - v["strong"], "hand": v["hand"] - v["strong"],
                             "stock": v["oracle"] - v["hand"]})
        for ev in e.apply(seat, action):
            if ev.get("type") == "hand_scored":
                return rows, list(ev["deltas"])
    raise RuntimeError(f"deal {deal} did not end")


def decisions(deal: int, seed: int, iterations: int, level: str = "strong",
              horizon: int | None = None) -> tuple[list[dict[str, Any]], list[float]]:
    """Both seatings of a deal: the rows, and per strong seat-deal its score minus the other's."""
    rows: list[dict[str, Any]] = []
    margins: list[float] = []
    for strong in strong_seats(2, deal):
        got, deltas = play_seating(deal, seed, strong, iterations, level, horizon)
        (s,) = strong
        for r in got:
            r["seat_deal"] = (deal, s)
        rows += got
        margins.append(deltas[s] - deltas[1 - s])
    return rows, margins


def interval(per_seat_deal: list[float]) -> tuple[float, float]:
    """Mean and 95 % half-width over seat-deals."""
    mean = statistics.fmean(per_seat_deal)
    half = 1.96 * statistics.stdev(per_seat_deal) / math.sqrt(len(per_seat_deal)) if len(per_seat_deal) > 1 else 0.0
    return mean, half


def report(rows: list[dict[str, Any]], seat_deals: list[tuple[int, int]]) -> list[str]:
    """Per kind: decisions, how many differ, and the parts of the oracle's advantage per strong seat-deal."""
    out = [f"{len(rows)} decisions with a choice over {len(seat_deals)} strong seat-deals; points per strong "
           "seat-deal [95 % CI over seat-deals]: oracle = oracle's choice minus strong's, hand = the hand "
           "oracle's (true other hand, talon unknown) minus strong's, stock = oracle minus hand oracle"]
    keys: tuple[tuple[str, Callable[[dict[str, Any]], Any]], ...] = (
        ("all", lambda r: "all"), ("kind", lambda r: r["kind"]), ("step", lambda r: r["step"]),
        ("differing discards", lambda r: r["detail"]),
        ("the seat's own turn of the hand (from, by 4)", lambda r: 4 * (r["turn"] // 8)),
        ("oracle's take at the draw step", lambda r: r["choice_oracle"] if r["step"] == "draw" else None))
    for title, key in keys:
        out.append(f"-- {title}")
        groups: dict[Any, list[dict[str, Any]]] = defaultdict(list)
        for r in rows:
            if key(r) is not None:
                groups[key(r)].append(r)
        for k in sorted(groups, key=lambda k: (str(type(k)), k if isinstance(k, int) else str(k))):
            g = groups[k]
            line = f"{k!s:44s} n {len(g):5d} differ {sum(r['choice_strong'] != r['choice_oracle'] for r in g):5d}"
            for part in PARTS:
                sums = dict.fromkeys(seat_deals, 0.0)
                for r in g:
                    sums[r["seat_deal"]] += r[part]
                mean, half = interval(list(sums.values()))
                line += f"  {part} {mean:+7.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"
            out.append(line)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals, each played twice (default 100)")
    parser.add_argument("--iterations", type=int, default=ai.ITERATIONS, help="worlds per search")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="strong", help="the level measured against the oracle")
    parser.add_argument("--horizon", type=int, help="value choices over this many turns (default: the hand)")
    parser.add_argument("--json", help="write every decision's row to this file")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    margins: list[float] = []
    for deal in range(args.deals):
        got, m = decisions(deal, args.seed, args.iterations, args.level, args.horizon)
        rows += got
        margins += m
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"deals": args.deals, "margins": margins, "rows": rows}, f)
    mean, half = interval(margins)
    print(f"{args.level} over easy: {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}] points per strong seat-deal")
    print("\n".join(report(rows, [(d, s) for d in range(args.deals) for s in (0, 1)])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
