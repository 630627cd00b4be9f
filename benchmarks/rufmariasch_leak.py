"""Where Rufmariasch's strong player falls short of the oracle (issue 25): loss per decision kind.

    python -m benchmarks.rufmariasch_leak [--rounds N] [--iterations N] [--seed S] [--level strong]
                                          [--yardstick oracle|hand-oracle]

Plays the benchmark's rounds (`benchmarks.ai`: four deals, each played four times with one strong seat among
easy ones) and at each of the strong seat's decisions with a choice also asks the oracle (the same search,
the true deal its only world, same seed and size). Where the two differ, both choices are valued on the true
deal by playing the rest of the hand out on the quick hand: the strong seat's later cards by `Hand.own` (what
its seat may know), the others by the rules of thumb (`Hand.thumb`, card for card the easy player); a call is
played out the same way from the full deal. The oracle's value minus strong's, summed per kind of decision
(the call; a lead or the 2nd to 4th card of a trick, with the partner known to the seat or not; the seat's
role; the trick), divided by the strong seat-deals, says where the oracle's edge comes from. A fixed search
size without a deadline: the figures depend on the seed only. The valuation is a proxy (the strong seat plays
on by `Hand.own`, not by its search), so the kinds' sums need not add up to the benchmark's gap.

`--yardstick hand-oracle` asks the fair yardstick instead (every hand seen, the cards not yet dealt at the call
dealt anew: `bot.ai.yardsticks`), whose edge over strong is what reading the table could still win; the report's
"oracle" is then the hand oracle. Stop 47 (100 rounds, seed 1), per strong seat-deal: the call +4.95 (it sees
the others' first four cards), leads +2.25, the other cards of a trick +0.49 in all."""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from typing import Any

from bot.ai import choose
from bot.ai.rufmariasch_sim import CARD_ID, EVERY_SEAT, Hand
from bot.games import GAMES
from bot.games.rufmariasch import Rufmariasch

from .ai import deal_seed


def value(e: Rufmariasch, seat: int, action: str) -> int:
    """`seat`'s money when it takes `action` now and the hand is played out (module docstring)."""
    if action.startswith("call "):
        _, t, c = action.split()
        h = Hand.called(e, t, c)
    else:
        h = Hand.of(e)
        h.play(CARD_ID[action[5:]])
    h.thumb_seats, h.own_self = EVERY_SEAT, True
    return h.playout(seat)


def decisions(rnd: int, seed: int, iterations: int, level: str = "strong",
              yardstick: str = "oracle") -> list[dict[str, Any]]:
    """Every decision with a choice of the strong seat in the round's four seatings, with the yardstick's."""
    rows: list[dict[str, Any]] = []
    for strong_seat in range(4):
        e = GAMES["rufmariasch"].new(4, seed=deal_seed(seed, "rufmariasch", rnd), options={"deals": 4})
        assert isinstance(e, Rufmariasch)
        players = tuple(level if s == strong_seat else "easy" for s in range(4))  # as a table tells them
        step = 0
        while not e.over:
            seat = e.turn
            cs = rnd * 10_007 + step
            if seat != strong_seat:
                action = choose(e, seat, level="easy", seed=cs)
            else:
                legal = e.legal_actions(seat)
                action = choose(e, seat, level=level, seed=cs, iterations=iterations, players=players)
                if len(legal) > 1 and not action.startswith("announce "):
                    oracle = choose(e, seat, level=yardstick, seed=cs, iterations=iterations, players=players)
                    if oracle.startswith("announce "):      # the oracle announces first: its card is not asked
                        oracle = action
                    call = e.phase == "call"
                    rows.append({
                        "round": rnd, "seat": seat, "hand": e.hand_no,
                        "kind": "call" if call else ("lead" if not e.trick else f"card {len(e.trick) + 1}"),
                        "known": None if call else e.view(seat)["sides"] is not None,
                        "role": "caller" if seat == e.fh else ("partner" if seat == e.partner_seat else "defender"),
                        "trick": e.trick_no, "strong": action, "oracle": oracle,
                        "loss": 0 if oracle == action else value(e, seat, oracle) - value(e, seat, action)})
            step += 1
            e.apply(seat, action)
    return rows


def report(rows: list[dict[str, Any]], seat_deals: int) -> list[str]:
    out = [f"{len(rows)} decisions with a choice over {seat_deals} strong seat-deals; loss = oracle's choice "
           "minus strong's, valued on the true deal, per strong seat-deal [95 % CI]"]
    for title, key in (("kind", lambda r: r["kind"]),
                       ("kind, partner known to the seat", lambda r: (r["kind"], r["known"])),
                       ("role, partner known", lambda r: (r["role"], r["known"])),
                       ("trick (0: the call)", lambda r: r["trick"])):
        out.append(f"-- {title}")
        groups: dict[Any, list[dict[str, Any]]] = defaultdict(list)
        for r in rows:
            groups[key(r)].append(r)
        for k in sorted(groups, key=str):
            g = groups[k]
            losses = [r["loss"] for r in g]
            differ = sum(r["strong"] != r["oracle"] for r in g)
            total = sum(losses)
            half = 1.96 * statistics.stdev(losses) * len(losses) ** 0.5 / seat_deals if len(losses) > 1 else 0.0
            out.append(f"{k!s:28s} decisions {len(g):5d}  differ {differ:5d}  loss {total / seat_deals:+7.3f} "
                       f"[{(total / seat_deals) - half:+.3f}, {(total / seat_deals) + half:+.3f}]")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40, help="rounds of four deals (default 40)")
    parser.add_argument("--iterations", type=int, default=100, help="worlds per search (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="strong", help="the level measured against the oracle")
    parser.add_argument("--yardstick", default="oracle", choices=("oracle", "hand-oracle"),
                        help="the all-seeing oracle (default) or the hand oracle, which sees no card not yet dealt")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for rnd in range(args.rounds):
        rows += decisions(rnd, args.seed, args.iterations, args.level, args.yardstick)
    print("\n".join(report(rows, 16 * args.rounds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
