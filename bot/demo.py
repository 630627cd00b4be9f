"""`python -m bot demo GAME [--seats N] [--seed S] [--out DIR]`: a whole match offline.

Simple automatic players play every seat; the demo writes to DIR (default `demo/GAME`; a folder with files in
it is refused unless `--overwrite`, which first removes an earlier demo's files, so two runs never mix) the
table image after every action (`table_0001.png` is the table after action 1 of the log, drawn from the
public view, as the group would see it; with `--every N` only every Nth, keeping the action's number; 8 by
default for Treppenrommé's ~900 actions), seat 0's hand after an action that leaves it to act
(`hand_0001.png`, same numbering, playable cards raised), the score sheet after every hand
(`sheet_hand_01.png`) and of the match (`sheet.png`), and a text log (`log.txt`).

A demo match is shorter than a table's (`SHORT`), and says so in the log's first line and in what it prints;
`--full` plays a table's whole match. `--lang` draws the pictures and prints the summary in that language.

By default the players are deliberately simple: they pick among the legal actions with a few rules of thumb
per game (meld when you can in Treppenrommé, play a correct card in Repezita, knock now and then in
Schrööm, ...), seeded, so a demo run is reproducible. `--players easy|strong|mixed` seats the bot's computer
players instead (`bot.ai`; mixed: strong on even seats, easy on odd ones), each deciding only from what its
seat may know.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.ai import choose as ai_choose
from bot.games import GAMES, IllegalAction
from bot.i18n import N_, SUPPORTED, tr
from bot.render import hand_image, score_sheet, table_image

NAMES = ["Anna", "Bernd", "Claudia", "Dragan", "Elif", "Franz", "Gordana", "Hubert"]

# short matches for a demo: the options that bound a match's length
SHORT = {
    "schieberamsch": {"deals": 3},
    "rufmariasch": {"deals": 4},
    "schroeoem": {"points": 3},
}


# -- simple automatic players ------------------------------------------------------------------------------
def _pick(rng: random.Random, actions: list[str], verb: str) -> str | None:
    hits = [a for a in actions if a.split()[0] == verb]
    return rng.choice(hits) if hits else None


def _treppenromme_turn(e: Any, seat: int, rng: random.Random) -> list[str]:
    """Draw (or take the top staircase card now and then); then meld what the hand holds, lay off what
    fits, and discard the most expensive card."""
    from bot.render.sorting import CYCLE_52, split

    acts = e.legal_actions(seat)
    if "draw" in acts or any(a.startswith("take") for a in acts):
        if "take 1" in acts and rng.random() < 0.25:
            return ["take 1"]
        return ["draw"] if "draw" in acts else [acts[0]]
    v = e.view(seat)
    hand = list(v["hand"])
    tries: list[str] = []
    by_rank: dict[str, list[str]] = {}
    by_suit: dict[str, list[str]] = {}
    for c in hand:
        r, s = split(c)
        by_rank.setdefault(r, []).append(c)
        by_suit.setdefault(s, []).append(c)
    for cards in by_rank.values():
        suits = {split(c)[1]: c for c in cards}
        if len(suits) >= 3:
            tries.append("meld " + " ".join(list(suits.values())[:4]))
    for cards in by_suit.values():
        idx = {CYCLE_52.index(split(c)[0]): c for c in cards}
        if len(idx) >= 13:
            continue
        start = [i for i in idx if (i - 1) % 13 not in idx]
        for s0 in start:
            run = []
            i = s0
            while i in idx and len(run) < 13:
                run.append(idx[i])
                i = (i + 1) % 13
            if len(run) >= 3:
                tries.append("meld " + " ".join(run))
    for m in v.get("melds") or []:
        for end in m.get("ends") or []:
            for c in hand:
                r, s = split(c)
                if r == end.get("rank") and s == end.get("suit"):
                    tries.append(f"layoff {c} {m['id']}" + (f" {end['end']}" if end.get("end") else ""))
    tries = list(dict.fromkeys(tries))
    rng.shuffle(tries)
    discards = [a for a in acts if a.startswith("discard")]
    return tries + ([max(discards, key=lambda a: _rummy_value(a.split()[1]))] if discards else [])


def repezita_correct(hand: list[str], view: dict[str, Any]) -> list[str]:
    """The cards of `hand` that are correct on the Repezita pile now (public view `view`)."""
    from bot.render.sorting import CYCLE_52, split

    top = view.get("pile_top")
    if not top:
        return [c for c in hand if split(c)[0] == "A" or view.get("any_start")]
    t = CYCLE_52.index(split(top)[0])
    return [c for c in hand if (CYCLE_52.index(split(c)[0]) - t) % 13 in (1, 12)]


def playable(e: Any, key: str, seat: int) -> list[str]:
    """The cards `seat` may play now, for its hand image (Repezita: the correct ones)."""
    if seat not in e.to_act():
        return []
    if key == "repezita":
        return repezita_correct(e.view(seat).get("hand") or [], e.view(None))
    return [a.split()[1] for a in e.legal_actions(seat) if a.startswith("play ")]


def _rummy_value(card: str) -> int:
    r = card[:-1]
    return 15 if r == "A" else 10 if r in "JQK" else int(r)


def choose(e: Any, key: str, rng: random.Random) -> tuple[int, list[str]]:
    """(seat, actions to try in order) for the next step of the match."""
    v = e.view(None)
    acting = sorted(e.to_act())
    primary = None
    for k in ("mover", "current", "turn"):
        if v.get(k) in acting:
            primary = v[k]
            break
    if key == "repezita":  # the quickest hand with a correct card plays it; now and then a slip
        ready = [s for s in acting if repezita_correct(e.view(s)["hand"], v)]
        seat = rng.choice(ready or acting)
        acts = e.legal_actions(seat)
        return seat, [e.default_action(seat) if rng.random() < 0.97 else rng.choice(acts)]
    if primary is None:
        primary = acting[0]
    seat = primary
    if key == "schroeoem" and len(acting) > 1 and rng.random() < 0.08:
        seat = rng.choice(acting)  # somebody else knocks in between
    acts = e.legal_actions(seat)
    if key == "treppenromme":
        return seat, _treppenromme_turn(e, seat, rng)
    if key == "schieberamsch":
        phase = v.get("phase")
        if phase == "grand":
            return seat, ["grand" if rng.random() < 0.12 and "grand" in acts else "pass"]
        if phase in ("kontra", "rekontra"):
            return seat, [phase if rng.random() < 0.2 and phase in acts else "pass"]
    if key == "rufmariasch":
        a = _pick(rng, acts, "announce")
        if a:
            return seat, [a]
    if key == "schroeoem":
        if seat != primary:
            return seat, [_pick(rng, acts, "knock") or rng.choice(acts)]
        if "knock" in acts and rng.random() < 0.12:
            return seat, ["knock"]
        if "hold" in acts:
            pts = v["totals"][seat]
            return seat, ["hold" if pts > v.get("value", 1) or rng.random() < 0.5 else "fold"]
        for verb, p in (("exchange", 0.15), ("reveal", 0.3), ("accept", 0.7), ("huebschen", 0.1)):
            if verb in acts:
                other = [a for a in acts if a.split()[0] not in (verb, "knock", "huebschen")]
                if rng.random() < p or not other:
                    return seat, [verb]
                return seat, [rng.choice(other)]
        plays = [a for a in acts if a.startswith("play")]
        return seat, [rng.choice(plays or acts)]
    if key == "tac":
        if "tac" in acts:
            return seat, ["tac"]
        non_keep = [a for a in acts if a != "keep"]
        if "keep" in acts and (rng.random() < 0.05 or not non_keep):
            return seat, ["keep"]
        return seat, [rng.choice(non_keep or acts)]
    return seat, [rng.choice(acts)]


PLAYERS = ("simple", "easy", "strong", "mixed")
DEMO_BUDGET_S = 0.2  # a strong demo player's deadline per decision: a whole match in a few minutes


def level_of(players: str, seat: int) -> str | None:
    """The computer level playing `seat` (None: the simple demo player)."""
    if players == "mixed":
        return "strong" if seat % 2 == 0 else "easy"
    return None if players == "simple" else players


def step(e: Any, key: str, rng: random.Random, players: str = "simple") -> tuple[int, str, list[dict[str, Any]]]:
    """Let one automatic player act; returns (seat, action, events)."""
    seat, tries = choose(e, key, rng)
    level = level_of(players, seat)
    if level is not None:
        tries = [ai_choose(e, seat, level=level, seed=rng.getrandbits(32), budget_s=DEMO_BUDGET_S)]
    for action in tries:
        try:
            return seat, action, e.apply(seat, action)
        except IllegalAction:
            continue
    action = e.default_action(seat)
    return seat, action, e.apply(seat, action)


def new_match(key: str, seats: int, seed: int, options: dict[str, Any] | None = None) -> Any:
    E = GAMES[key]
    opts = dict(SHORT.get(key, {}))
    opts.update(options or {})
    return E.new(seats, seed=seed, options={k: v for k, v in opts.items() if k in E.OPTIONS})


def play(key: str, seats: int, seed: int, *, options: dict[str, Any] | None = None, max_steps: int = 20000,
         on_step: Callable[[Any, int, str, list[dict[str, Any]]], None] | None = None, players: str = "simple") -> Any:
    """Play a whole match with the automatic players; `on_step(engine, seat, action, events)` after
    each action. Returns the finished engine."""
    e = new_match(key, seats, seed, options)
    rng = random.Random(seed)
    n = 0
    while not e.over and n < max_steps:
        seat, action, events = step(e, key, rng, players)
        n += 1
        if on_step:
            on_step(e, seat, action, events)
    return e


def _event_line(ev: dict[str, Any], names: list[str]) -> str:
    parts = []
    for k, val in ev.items():
        if k in ("type", "private"):
            continue
        if k in ("seat", "winner", "dealer", "caller", "partner", "solo", "offender", "proposer", "knocker") \
                and isinstance(val, int) and 0 <= val < len(names):
            val = names[val]
        parts.append(f"{k}={val}")
    return f"    · {ev.get('type')}: " + ", ".join(parts)


# what the short match changes, said per option ("4 deals instead of 8")
SHORT_WORDS = {"deals": N_("{n} deals instead of {full}"), "points": N_("from {n} points instead of {full}")}
DEFAULT_EVERY = {"treppenromme": 8}  # a whole Treppenrommé match is ~900 actions: every 8th keeps ~120 pictures
DEMO_FILES = ("table_*.png", "hand_*.png", "sheet_hand_*.png", "sheet.png", "log.txt")


def short_note(key: str, lang: str, options: dict[str, Any]) -> str:
    """"Short match: 4 deals instead of 8 (--full plays a table's whole match)", or "" for a whole match."""
    E = GAMES[key]
    parts = [tr(lang, SHORT_WORDS[name], n=value, full=E.OPTIONS[name].default)
             for name, value in options.items() if name in SHORT_WORDS and value != E.OPTIONS[name].default]
    if not parts:
        return ""
    return tr(lang, "Short match: {what} (--full plays a table's whole match)", what=", ".join(parts))


def _fresh_folder(out: Path, overwrite: bool) -> str | None:
    """Make `out` ready for a run; a reason when it holds files and may not be emptied of an earlier demo's."""
    if out.exists() and not out.is_dir():
        return f"--out {out} is a file, not a folder"
    if out.is_dir() and any(out.iterdir()):
        if not overwrite:
            return (f"--out {out} is not empty: name a new folder, or add --overwrite to replace an earlier "
                    "demo's files there")
        for pattern in DEMO_FILES:
            for path in out.glob(pattern):
                path.unlink()
    out.mkdir(parents=True, exist_ok=True)
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bot demo", description="Play a whole match offline with automatic "
                                 "players and write the table images, seat 0's hands, score sheets and a log.")
    ap.add_argument("game", choices=sorted(GAMES), help="game key")
    ap.add_argument("--seats", type=int, default=None, help="players (default: the game's minimum, 4 if allowed)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=None, help="folder for the images and the log (default: demo/GAME); it must "
                    "be empty or new, unless --overwrite")
    ap.add_argument("--overwrite", action="store_true", help="replace an earlier demo's files in --out")
    ap.add_argument("--deck", choices=["french", "german"], default=None,
                    help="card faces (default: german for Schrööm, Schieberamsch and Rufmariasch, french for the "
                    "others)")
    ap.add_argument("--four-colour", action="store_true", help="four-colour French suits")
    ap.add_argument("--lang", default="en", choices=SUPPORTED, help="language of the pictures and the summary "
                    "(default: en)")
    ap.add_argument("--players", default="simple", choices=PLAYERS,
                    help="who plays: the simple demo players, or the bot's easy/strong computers, or mixed")
    ap.add_argument("--every", type=int, default=None, help="write a table image every N actions (default 1; 8 for "
                    "Treppenrommé, whose match is ~900 actions)")
    ap.add_argument("--full", action="store_true", help="play a table's whole match (a demo plays Schieberamsch "
                    "3 deals of 12, Rufmariasch 4 of 8, Schrööm from 3 points of 7)")
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["demo"]:  # called with the sub-command still in front
        argv = argv[1:]
    args = ap.parse_args(argv)
    E = GAMES[args.game]
    seats = args.seats or max(E.min_seats, min(4, E.max_seats))
    if not E.min_seats <= seats <= E.max_seats:
        ap.error(f"{E.title} needs exactly {E.min_seats} players" if E.min_seats == E.max_seats
                 else f"{E.title} needs {E.min_seats} to {E.max_seats} players")
    out = Path(args.out or Path("demo") / args.game)
    if why := _fresh_folder(out, args.overwrite):
        ap.error(why)
    every = max(1, args.every or DEFAULT_EVERY.get(args.game, 1))
    options = {k: v.default for k, v in E.OPTIONS.items() if k in SHORT.get(args.game, {})} if args.full else {}
    names = NAMES[:seats]
    style = dict(deck=args.deck, four_colour=args.four_colour)
    log = open(out / "log.txt", "w", encoding="utf-8")  # noqa: SIM115 - closed below
    counter = {"table": 0, "hand": 0, "sheet": 0, "steps": 0}
    hands_done: list[dict[str, Any]] = []

    last_hand: list[Any] = [None]

    def snapshot(e: Any) -> None:
        counter["table"] += 1
        step_no = counter["steps"]  # the file's number is the log's action number
        (out / f"table_{step_no:04d}.png").write_bytes(
            table_image(args.game, e.view(None), names, lang=args.lang, **style))
        v0 = e.view(0)
        if 0 in e.to_act() and v0.get("hand") and not e.over:
            can = playable(e, args.game, 0)
            key = (tuple(v0["hand"]), tuple(can))
            if key != last_hand[0]:  # seat 0's hand as its DM would show it, when it changed
                last_hand[0] = key
                counter["hand"] += 1
                (out / f"hand_{step_no:04d}.png").write_bytes(
                    hand_image(args.game, v0["hand"], can, view=v0, lang=args.lang, **style))

    def on_step(e: Any, seat: int, action: str, events: list[dict[str, Any]]) -> None:
        counter["steps"] += 1
        log.write(f"{counter['steps']:5d}  {names[seat]}: {action}\n")
        for ev in events:
            if "private" in ev and ev["private"] != 0:
                continue
            log.write(_event_line(ev, names) + "\n")
            if ev.get("type") == "hand_scored":
                hands_done.append(ev)
                totals = ev.get("totals") or e.view(None)["totals"]
                counter["sheet"] += 1
                (out / f"sheet_hand_{counter['sheet']:02d}.png").write_bytes(
                    score_sheet(args.game, names, hands_done, totals, title=f"{E.title} – {len(hands_done)}",
                                lang=args.lang))
        if counter["steps"] % every == 0 or e.over:
            snapshot(e)

    first = new_match(args.game, seats, args.seed, options)
    note = short_note(args.game, "en", first.options)
    log.write(f"{E.title}, {seats} players ({args.players}), seed {args.seed}"
              + (f"; {note}" if note else "") + (f"; a table image every {every} actions" if every > 1 else "")
              + "\n")
    (out / "table_0000.png").write_bytes(table_image(args.game, first.view(None), names, lang=args.lang, **style))
    e = play(args.game, seats, args.seed, options=options, on_step=on_step, players=args.players)
    res = e.result()
    (out / "sheet.png").write_bytes(score_sheet(args.game, names, res["hands"], res["totals"], title=E.title,
                                                lang=args.lang, winners=res.get("winners")))
    winners = ", ".join(names[w] for w in res.get("winners") or [])
    log.write(f"match over after {counter['steps']} actions; totals {res['totals']}; winners: {winners}\n")
    log.close()
    lang = args.lang
    # counts after a colon, so that no language needs plural forms here ("hand images 1")
    print(tr(lang, "{game}: {actions} actions; in {out}/: table images {tables}, hand images {hands}, score "
                   "sheets {sheets}, log.txt (winners: {winners})", game=E.title, actions=counter["steps"],
             tables=counter["table"] + 1, hands=counter["hand"], sheets=counter["sheet"] + 1, out=out,
             winners=winners))
    if note := short_note(args.game, lang, first.options):
        print(note)
    if every > 1:
        print(tr(lang, "A table image every {n} actions (--every 1 draws every one).", n=every))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
