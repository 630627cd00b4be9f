"""Strong against easy computer players in duplicate matches, for every game with a player in `bot/ai`.

    python -m benchmarks.ai [--games a,b] [--deals N] [--iterations N] [--budget-s X] [--jobs J] [--seed S]
                            [--levels A,B] [--oracle] [--json FILE] [--quick]

`--levels A,B` plays any two levels against each other (default `strong,easy`): besides the table's levels,
`strong-no-inference` and `strong-no-endgame` (the strong player without that ingredient) and `oracle` (the
strong player whose only world is the true deal: the same search without fog), with the fairer yardsticks
`hand-oracle` (every hand seen, the cards still to be dealt or drawn dealt anew) and, in Rufmariasch,
`play-oracle` (strong's call, then every hand seen; `bot/ai/yardsticks.py`). Below, "strong" is level A and
"easy" level B. `--oracle` plays each game twice on the same deals, A against B and oracle against B, and
adds the share of the oracle's edge that A reaches (A's advantage over the oracle's, with a 95 % bootstrap
interval over the pairs, which both runs share).

Duplicate matches: every deal (a fixed engine seed; the deal is played to its first `hand_scored` event) is
played with several seatings so that the cards' luck cancels. In the games without partners it is played
twice, with complementary seatings: seating A puts the strong player at seats r, r+2, r+4, ... (fewer than
half of the seats when their number is odd) and seating B at all the others, with r = deal index mod seats.
Each seat is thus played once by strong and once by easy in a pair: 4 seats give SESE/ESES, 3 seats
SEE/ESS, ESE/SES, EES/SSE in turn, 2 seats SE/ES.

Rufmariasch has partners, found by the call, so two strong against two easy players is no contest there:
whenever the partners are one of each level, the seating's money cancels between the sides. Its deals are
played four times instead, with one strong player among three easy ones, at each seat once (SEEE, ESEE,
EESE, EEES). The strong seats' money over the four seatings is zero when strong plays as easy would (the
stakes sum to zero within a deal), so luck cancels as well, and every choice strong makes that changes the
money decides the pair.

A pair is one deal, or in Rufmariasch one round of four deals in which every seat deals once (a short match: a
Rufmariasch evening is played in rounds), with all its seatings; `--deals` counts deals. A pair scores for a
side the mean of the deals' scores (the game's `deltas`) over the seats that side played in the pair's
seatings. The table gives per game: pairs, the mean score per seat and deal for each side (in the game's
unit), the advantage of strong (better minus worse: in Schieberamsch a lower score is better) with the 95 %
confidence interval over pairs, the share of pairs strong won (ties apart; for rounds also of single deals),
the strong decisions' time p50/p99 (only decisions with a choice, not the questions out of turn; `--jobs`
processes, each single-threaded), the engine steps per second inside the strong searches (`apply` calls,
counted with a wrapper) and the playouts per second: one playout is one candidate move evaluated in one
sampled world, counted as the engine copies the searches make outside `sample` (Rufmariasch, whose search
plays on its own quick hand instead of the engine, counts its playouts and exact end-game solves).

"won" is the share of all pairs strong won, "won/dec" the share of the decided pairs (ties apart).

Who acts when several seats may: first the seats free to act out of turn (a Schrööm knock by a seat that is
not the mover, a Tač call), asked in seat order as the tables ask them (`bot.ai.volunteer`), the first that
acts does; else the lowest seat the game waits for (`waiting_for()`). In real-time Repezita the computers
take turns in a fixed rotation among the seats that may act (the one after the last mover first), since
there every seat may play whenever its card fits.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from bot.ai import BENCH_LEVELS, LEVELS, MODULES, choose, player, volunteer
from bot.games import GAMES, Engine

# game -> (seats, options bounding the match, +1 if a higher score is better else -1, unit)
SPECS: dict[str, tuple[int, dict[str, Any] | None, int, str]] = {
    "schieberamsch": (3, {"deals": 3}, -1, "points"),
    "rufmariasch": (4, {"deals": 4}, 1, "stake points"),
    "schroeoem": (4, None, 1, "lives"),
    "treppenromme": (2, None, 1, "points"),
    "schrum": (4, {"hands": 1}, 1, "hands won"),
    "tac": (4, {"hands": 1}, 1, "hands won"),
    "repezita": (4, {"hands": 1}, 1, "place points"),
}
# deals in a pair: one, or a round in which every seat deals once (a short match), see the module docstring
ROUNDS = {"rufmariasch": 4}
TRICK_GAMES = ("schieberamsch", "rufmariasch")
PARTNERS = ("rufmariasch",)  # one strong seat among easy ones, at every seat in turn (module docstring)
DEFAULT_DEALS = 2000  # trick games; the others play DEFAULT_DEALS_OTHER
DEFAULT_DEALS_OTHER = 1000
BOOTSTRAP = 2000  # resamples for the interval of the share of the oracle's edge
REALTIME = ("repezita",)
MAX_STEPS = 5000
CHECKPOINT_S = 60.0  # with --json, the file holds the pairs finished so far, at most this many seconds late


@dataclass
class PairResult:
    deal: int
    strong: float  # mean score per seat and deal of side A ("strong") over the pair's seatings
    easy: float  # the same for side B ("easy")
    deal_advantages: list[float] = field(default_factory=list)  # per deal of a round: A's better score
    decisions: list[float] = field(default_factory=list)  # seconds, A's decisions with a choice
    steps: int = 0  # engine steps inside A's searches
    playouts: int = 0  # candidate moves evaluated in sampled worlds inside A's searches
    search_s: float = 0.0


_STEPS = [0]
_PLAYOUTS = [0]
_SAMPLING = [0]  # > 0 while `sample` runs (its own copy is not a playout)


def _count_steps(cls: type) -> None:
    """Wrap `cls.apply`, `clone` and `sample` (once per process) so that engine steps and playouts can be
    counted; for Rufmariasch also the quick hand's playouts and the exact solves its search starts."""
    if getattr(cls.apply, "_counted", False):
        return
    original, clone, sample = cls.apply, cls.clone, cls.sample

    def apply(self: Any, seat: int, action: str) -> list[dict[str, Any]]:
        _STEPS[0] += 1
        return original(self, seat, action)

    def counted_clone(self: Any) -> Any:
        if not _SAMPLING[0]:
            _PLAYOUTS[0] += 1
        return clone(self)

    def counted_sample(self: Any, seat: int, rng: Any) -> Any:
        _SAMPLING[0] += 1
        try:
            return sample(self, seat, rng)
        finally:
            _SAMPLING[0] -= 1

    apply._counted = True  # type: ignore[attr-defined]
    cls.apply, cls.clone, cls.sample = apply, counted_clone, counted_sample
    if cls.key == "rufmariasch":
        from bot.ai import rufmariasch as ai
        hand_playout, solve = ai.Hand.playout, ai.solve

        def playout(self: Any, seat: int) -> int:
            _PLAYOUTS[0] += 1
            return hand_playout(self, seat)

        def solve_root(h: Any, seat: int) -> int:
            _PLAYOUTS[0] += 1
            return solve(h, seat)

        ai.Hand.playout, ai.solve = playout, solve_root  # type: ignore[method-assign]


def strong_seats(n: int, deal: int, *, partners: bool = False) -> list[set[int]]:
    """The strong seats of each seating of this deal (see the module docstring)."""
    if partners:
        return [{s} for s in range(n)]
    r = deal % n
    a = {(r + 2 * j) % n for j in range(n // 2)}
    return [a, set(range(n)) - a]


def deal_seed(seed: int, game: str, deal: int) -> int:
    return (seed * 1_000_003 + sum(map(ord, game)) * 7919 + deal) % 2**63


def play_seating(game: str, deal: int, seed: int, strong: set[int], iterations: int | None,
                 budget_s: float | None, out: PairResult, levels: tuple[str, str] = ("strong", "easy"),
                 ) -> list[list[int]]:
    """Play the pair's deal (or round of deals) once with `strong` seats at level A and the rest at level B;
    the deltas of each deal."""
    a, b = levels
    n, options, _, _ = SPECS[game]
    engine = GAMES[game].new(n, seed=deal_seed(seed, game, deal), options=options)
    players = tuple(a if s in strong else b for s in range(n))  # as a table shows them
    scored: list[list[int]] = []
    last = -1
    for step in range(MAX_STEPS):
        if engine.over:
            break
        movers = sorted(engine.to_act())
        choice_seed = deal * 10_007 + step
        seat, action = -1, None
        if game not in REALTIME:  # out of turn first (a knock, a Tač call), as the tables ask
            for s in sorted(engine.to_act() - engine.waiting_for()):
                action = decide(volunteer, engine, s, players[s], choice_seed, iterations, budget_s, out,
                                timed=False, counted=s in strong, players=players)
                if action is not None:
                    seat = s
                    break
        if action is None:
            if game in REALTIME:
                seat = next((s for s in movers if s > last), movers[0])
            else:
                seat = min(engine.waiting_for() or movers)
            action = decide(choose, engine, seat, players[seat], choice_seed, iterations, budget_s, out,
                            counted=seat in strong, players=players)
        last = seat
        for ev in engine.apply(seat, action):
            if ev.get("type") == "hand_scored":
                scored.append(list(ev["deltas"]))
                if len(scored) == ROUNDS.get(game, 1):
                    return scored
    raise RuntimeError(f"{game} deal {deal} did not end within {MAX_STEPS} steps")


def decide(ask: Callable[..., str | None], engine: Engine, seat: int, level: str, seed: int,
           iterations: int | None, budget_s: float | None, out: PairResult, *, timed: bool = True,
           counted: bool = True, players: tuple[str, ...] = ()) -> str | None:
    """`choose` or `volunteer` for `seat`, told who plays each seat (`players`) as at a table; the search of a
    decision of side A (`counted`) is counted, and its time when it had a choice and is `timed` (the questions
    out of turn are not: they are quick rules, asked at every step)."""
    if level == "easy":
        return ask(engine, seat, level=level, seed=seed)
    if not counted:
        return ask(engine, seat, level=level, seed=seed, budget_s=budget_s, iterations=iterations, players=players)
    has_choice = timed and len(engine.legal_actions(seat)) > 1
    before, played, t0 = _STEPS[0], _PLAYOUTS[0], time.perf_counter()
    action = ask(engine, seat, level=level, seed=seed, budget_s=budget_s, iterations=iterations, players=players)
    dt = time.perf_counter() - t0
    if has_choice:
        out.decisions.append(dt)
    out.steps += _STEPS[0] - before
    out.playouts += _PLAYOUTS[0] - played
    out.search_s += dt
    return action


def play_pair(job: tuple[str, int, int, int | None, float | None]
              | tuple[str, int, int, int | None, float | None, tuple[str, str]]) -> PairResult:
    game, deal, seed, iterations, budget_s = job[:5]
    levels = job[5] if len(job) > 5 else ("strong", "easy")  # type: ignore[misc]
    _count_steps(GAMES[game])
    n = SPECS[game][0]
    out = PairResult(deal, 0.0, 0.0)
    per_deal: list[tuple[list[int], list[int]]] = [([], []) for _ in range(ROUNDS.get(game, 1))]
    for strong in strong_seats(n, deal, partners=game in PARTNERS):
        for (strong_scores, easy_scores), deltas in zip(
                per_deal, play_seating(game, deal, seed, strong, iterations, budget_s, out, levels), strict=True):
            strong_scores += [deltas[s] for s in strong]
            easy_scores += [deltas[s] for s in range(n) if s not in strong]
    out.strong = statistics.fmean(x for ss, _ in per_deal for x in ss)
    out.easy = statistics.fmean(x for _, es in per_deal for x in es)
    sign = SPECS[game][2]
    out.deal_advantages = [sign * (statistics.fmean(ss) - statistics.fmean(es)) for ss, es in per_deal]
    return out


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return math.nan
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def mean_ci(xs: list[float]) -> tuple[float, list[float]]:
    """The mean of independent pairs' figures and its 95 % interval (normal approximation)."""
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.nan
    return mean, [mean - half, mean + half]


def advantages(row: dict[str, Any]) -> dict[Any, float]:
    """A result row's advantage of level A per pair (its better score minus B's), by the pair's `deal`."""
    sign = SPECS[row["game"]][2]
    return {p["deal"]: sign * (p["strong"] - p["easy"]) for p in row["per_pair"]}


def summarize(game: str, pairs: list[PairResult], iterations: int, budget_s: float | None,
              wall_s: float, levels: tuple[str, str] = ("strong", "easy")) -> dict[str, Any]:
    sign = SPECS[game][2]
    adv = [sign * (p.strong - p.easy) for p in pairs]
    mean, ci = mean_ci(adv)
    decisions = [d for p in pairs for d in p.decisions]
    search_s = sum(p.search_s for p in pairs)
    won, tied = sum(a > 0 for a in adv), sum(a == 0 for a in adv)
    per_deal = [a for p in pairs for a in p.deal_advantages]
    deals_won, deals_tied = sum(a > 0 for a in per_deal), sum(a == 0 for a in per_deal)
    return {
        "game": game, "levels": list(levels), "pairs": len(pairs), "unit": SPECS[game][3],
        "lower_is_better": sign < 0,
        "strong_mean": statistics.fmean(p.strong for p in pairs), "easy_mean": statistics.fmean(p.easy for p in pairs),
        "advantage": mean, "ci95": ci,
        "won": won / len(adv), "tied": tied / len(adv),
        "won_decided": won / (len(adv) - tied) if len(adv) > tied else math.nan,
        "deals_per_pair": ROUNDS.get(game, 1), "deals_won": deals_won / len(per_deal),
        "deals_tied": deals_tied / len(per_deal),
        "deals_won_decided": deals_won / (len(per_deal) - deals_tied) if len(per_deal) > deals_tied else math.nan,
        "decisions": len(decisions), "p50_ms": 1000 * percentile(decisions, 0.5),
        "p99_ms": 1000 * percentile(decisions, 0.99), "max_ms": 1000 * max(decisions, default=math.nan),
        "steps_per_s": sum(p.steps for p in pairs) / search_s if search_s else math.nan,
        "playouts_per_s": sum(p.playouts for p in pairs) / search_s if search_s else math.nan,
        "iterations": iterations, "budget_s": budget_s, "wall_s": wall_s,
    }


def has_player(game: str) -> bool:
    module = MODULES.get(game)
    return module is not None and importlib.util.find_spec(f"bot.ai.{module}") is not None


def run_game(game: str, deals: int, seed: int, iterations: int | None, budget_s: float | None,
             jobs: int, levels: tuple[str, str] = ("strong", "easy"), max_wall_s: float | None = None,
             first_pair: int = 0, checkpoint: Callable[[dict[str, Any]], None] | None = None,
             blind: bool = False) -> dict[str, Any]:
    """Play the pairs of `deals` deals, numbered from `first_pair` (a run that goes on where another stopped:
    pair k is the same deal in both); with `max_wall_s`, stop taking results after that many seconds and
    report the pairs finished by then (the lowest deals, roughly: they are handed out in order).
    `checkpoint` is given the result of the pairs finished so far every `CHECKPOINT_S` seconds, so a run
    killed from outside (a lent machine's time limit) keeps what it played. `blind` keeps the interim lines to
    counts, for a design whose figures may be read only at its looks (`benchmarks.ai_design`)."""
    n_pairs = max(1, deals // ROUNDS.get(game, 1))
    work = [(game, d, seed, iterations, budget_s, levels) for d in range(first_pair, first_pair + n_pairs)]
    deals = len(work)
    t0 = time.perf_counter()
    n_iter = iterations if iterations is not None else player(game).ITERATIONS
    every = max(50, deals // 20)
    pairs: list[PairResult] = []
    saved = t0  # when `checkpoint` was last given the pairs

    def result() -> dict[str, Any]:
        done = sorted(pairs, key=lambda p: p.deal)
        return summarize(game, done, n_iter, budget_s, time.perf_counter() - t0, levels) | {
            "seed": seed, "per_pair": [asdict(p) | {"decisions": len(p.decisions)} for p in done]}

    def collect(results: Iterable[PairResult]) -> None:
        nonlocal saved
        for p in results:
            pairs.append(p)
            if checkpoint is not None and time.perf_counter() - saved >= CHECKPOINT_S:
                checkpoint(result())
                saved = time.perf_counter()
            if max_wall_s is not None and time.perf_counter() - t0 > max_wall_s:
                print(f"  {game} {levels[0]} vs {levels[1]}: stopped after {max_wall_s:.0f} s with {len(pairs)} "
                      f"of {deals} pairs", file=sys.stderr, flush=True)
                return
            if len(pairs) % every == 0 and len(pairs) < deals and blind:
                print(f"  {game} {levels[0]} vs {levels[1]}: {len(pairs)}/{deals} pairs, "
                      f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
            elif len(pairs) % every == 0 and len(pairs) < deals:  # interim figures, for long runs
                r = summarize(game, pairs, n_iter, budget_s, time.perf_counter() - t0, levels)
                print(f"  {game} {levels[0]} vs {levels[1]}: {len(pairs)}/{deals} pairs, advantage {r['advantage']:.2f} "
                      f"[{r['ci95'][0]:.2f}, {r['ci95'][1]:.2f}], won {100 * r['won']:.1f}%, "
                      f"p99 {r['p99_ms']:.0f} ms, {r['wall_s']:.0f} s", file=sys.stderr, flush=True)

    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            collect(pool.imap_unordered(play_pair, work, chunksize=max(1, min(8, deals // (jobs * 8)))))
    else:
        collect(map(play_pair, work))
    return result()


def oracle_share(mine: dict[str, Any], oracle: dict[str, Any], seed: int) -> dict[str, Any]:
    """The share of the oracle's advantage that level A reaches, over the pairs both runs played (the same
    deals), with a 95 % percentile-bootstrap interval (pairs resampled together, so the deals' luck stays
    paired)."""
    a, o = advantages(mine), advantages(oracle)
    deals = sorted(a.keys() & o.keys())
    xs, ys = [a[d] for d in deals], [o[d] for d in deals]
    share = sum(xs) / sum(ys) if sum(ys) else math.nan
    rng = random.Random(seed)
    boot = []
    for _ in range(BOOTSTRAP):
        idx = [rng.randrange(len(deals)) for _ in deals]
        den = sum(ys[i] for i in idx)
        if den:
            boot.append(sum(xs[i] for i in idx) / den)
    boot.sort()
    ci = [percentile(boot, 0.025), percentile(boot, 0.975)] if boot else [math.nan, math.nan]
    return {"game": mine["game"], "level": mine["levels"][0], "against": mine["levels"][1], "pairs": len(deals),
            "advantage": mine["advantage"], "oracle_advantage": oracle["advantage"], "share": share,
            "share_ci95": ci}


def print_shares(shares: list[dict[str, Any]]) -> None:
    print(f"{'game':14s} {'pairs':>6s} {'level':>22s} {'oracle':>8s} {'share of the oracle edge [95% CI]':>36s}")
    for r in shares:
        lo, hi = r["share_ci95"]
        print(f"{r['game']:14s} {r['pairs']:6d} {r['advantage']:+22.2f} {r['oracle_advantage']:+8.2f} "
              f"{100 * r['share']:14.1f} % [{100 * lo:5.1f} %, {100 * hi:5.1f} %]  "
              f"({r['level']} and oracle against {r['against']})")


def print_table(rows: list[dict[str, Any]]) -> None:
    print(f"{'game':14s} {'pairs':>6s} {'A':>8s} {'B':>8s} {'advantage of A [95% CI]':>26s} {'won':>6s} "
          f"{'tied':>5s} {'won/dec':>7s} {'p50 ms':>7s} {'p99 ms':>7s} {'steps/s':>8s} {'plays/s':>8s}  unit")
    for r in rows:
        lo, hi = r["ci95"]
        better = "lower better" if r["lower_is_better"] else "higher better"
        a, b = r.get("levels", ("strong", "easy"))
        print(f"{r['game']:14s} {r['pairs']:6d} {r['strong_mean']:8.2f} {r['easy_mean']:8.2f} "
              f"{r['advantage']:8.2f} [{lo:7.2f}, {hi:7.2f}] {100 * r['won']:5.1f}% {100 * r['tied']:4.0f}% "
              f"{100 * r['won_decided']:6.1f}% {r['p50_ms']:7.1f} {r['p99_ms']:7.1f} "
              f"{r['steps_per_s'] or math.nan:8.0f} {r['playouts_per_s'] or math.nan:8.0f}  {r['unit']} ({better}), "
              f"A {a}, B {b}, iterations {r['iterations']}" + (f", budget {r['budget_s']} s" if r["budget_s"] else ""))
        if r["deals_per_pair"] > 1:
            print(f"{'':14s} a pair is a round of {r['deals_per_pair']} deals; single deals: won "
                  f"{100 * r['deals_won']:.1f}%, tied {100 * r['deals_tied']:.0f}%, won of decided "
                  f"{100 * r['deals_won_decided']:.1f}%")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", help="comma-separated game keys (default: every game with a player)")
    parser.add_argument("--deals", type=int, help=f"deals per game (default {DEFAULT_DEALS} for the trick games, "
                                                  f"{DEFAULT_DEALS_OTHER} for the others)")
    parser.add_argument("--iterations", type=int, help="strong search size (default: each game's ITERATIONS)")
    parser.add_argument("--budget-s", type=float, help="a deadline per strong decision, as the bot gives")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the results (with every pair) to this file; "
                        f"while a run plays, its pairs so far every {CHECKPOINT_S:.0f} s")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 6 pairs per game, 4 iterations")
    parser.add_argument("--levels", default="strong,easy",
                        help=f"the two levels A,B to play (default strong,easy); known: {', '.join(LEVELS + BENCH_LEVELS)}")
    parser.add_argument("--max-wall-s", type=float,
                        help="per game and levels: stop after this many seconds and report the pairs finished")
    parser.add_argument("--first-pair", type=int, default=0,
                        help="number the pairs from this one (to go on where a run stopped; a pair is a deal, "
                             "in Rufmariasch a round of four)")
    parser.add_argument("--blind", action="store_true",
                        help="print no figure, only counts, and write the pairs to --json: for a design read only "
                             "at its looks (benchmarks.ai_design)")
    parser.add_argument("--oracle", action="store_true",
                        help="also play the oracle against B on the same deals, and report A's share of its edge")
    args = parser.parse_args(argv)
    levels = tuple(args.levels.split(","))
    if len(levels) != 2 or any(lv not in LEVELS + BENCH_LEVELS for lv in levels):
        print(f"--levels: two of {', '.join(LEVELS + BENCH_LEVELS)}, comma-separated", file=sys.stderr)
        return 2
    if args.blind and (not args.json or args.oracle):
        print("--blind: give --json (the pairs go there, the figures nowhere), and no --oracle", file=sys.stderr)
        return 2

    games = args.games.split(",") if args.games else list(SPECS)
    rows, shares = [], []
    for game in games:
        if game not in SPECS:
            print(f"{game}: unknown game; known: {', '.join(SPECS)}", file=sys.stderr)
            return 2
        if not has_player(game):
            print(f"{game}: skipped, no computer player (bot/ai/{MODULES.get(game, game)}.py) yet")
            continue
        deals = args.deals or (6 if args.quick else DEFAULT_DEALS if game in TRICK_GAMES else DEFAULT_DEALS_OTHER)
        iterations = 4 if args.quick and args.iterations is None else args.iterations
        runs = [levels] + ([("oracle", levels[1])] if args.oracle else [])
        done: list[dict[str, Any]] = []
        for pair_levels in runs:
            # the file while this run plays: the runs finished before it, then its pairs so far
            def save(partial: dict[str, Any], before: list[dict[str, Any]] = rows + done) -> None:
                write_json(args.json, [blind(r) if args.blind else r for r in before + [partial]],
                           shares if args.oracle else None)

            try:
                row = run_game(game, deals, args.seed, iterations, args.budget_s, args.jobs,
                               pair_levels, args.max_wall_s, args.first_pair,  # type: ignore[arg-type]
                               save if args.json else None, args.blind)
            except Exception as exc:  # one game's failing player must not hide the others' figures
                print(f"{game}: failed: {type(exc).__name__}: {exc}")
                continue
            done.append(row)
            if args.blind:
                print(f"{game} {' vs '.join(pair_levels)}: {row['pairs']} pairs in {args.json}")
                continue
            print_table([row])
            sys.stdout.flush()
        rows += done
        if len(done) == 2:
            shares.append(oracle_share(done[0], done[1], args.seed))
            print_shares(shares[-1:])
    if rows and not args.blind:
        print("\nSummary")
        print_table(rows)
    if shares:
        print()
        print_shares(shares)
    if args.json:
        write_json(args.json, [blind(r) if args.blind else r for r in rows], shares if args.oracle else None)
    return 0


BLIND_KEYS = ("game", "levels", "pairs", "unit", "lower_is_better", "iterations", "budget_s", "wall_s", "seed",
              "per_pair")  # what a blind run writes: no mean, interval or share a glance at the file could catch


def blind(row: dict[str, Any]) -> dict[str, Any]:
    """A result row without its figures: the comparison's identity and its pairs."""
    return {key: row[key] for key in BLIND_KEYS if key in row}


def write_json(path: str, rows: list[dict[str, Any]], shares: list[dict[str, Any]] | None) -> None:
    """The results (with `--oracle`, the shares beside them), replacing the file in one step, so that a run
    killed while writing leaves the last complete file."""
    tmp = f"{path}.tmp"
    with open(tmp, "w") as f:
        json.dump(rows if shares is None else {"runs": rows, "oracle_shares": shares}, f, indent=1)
    os.replace(tmp, path)


if __name__ == "__main__":
    sys.exit(main())
