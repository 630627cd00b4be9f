"""Repezita (real time) end to end: one bot process (`python -m bot`) against the fake Discord.

    python -m benchmarks.repezita --tables 1 10 --duration 30
    python -m benchmarks.repezita --tables 25 --reaction 0.3 --json out.json

N tables of four scripted players each are opened with `/schrum new variant:repezita`, Join and Start. Then every
player acts like a quick person: whenever their DM shows a pile they have not reacted to yet, they wait a
reaction time (uniform 0.5x..1.5x `--reaction`), and if their DM still shows the same pile they click a card: one
that is correct on the pile top (or, with `--wrong` probability, a wrong one). Players of one table often
click within the same moment, so some clicks lose the race and are answered "someone was faster". A click whose
button has vanished by then (the DM was edited first) is not made: the person sees the new pile and decides
again, as on Discord. Hands run on (`hands` 99) until `--duration` ends.

Reported per N: plays and plays/s; click-to-response (from the INTERACTION_CREATE written to the bot's socket
to the bot's interaction callback) p50 / p99 / max, for all clicks, for the played ones and for the stale ones;
"all see it": from a played click's dispatch until every other active player's DM shows the new pile (p50 / p99);
REST calls per play by kind (interaction responses, table-message edits, DM edits, other). `--rest-delay` makes
every REST answer of the fake that much later, closer to a real round trip to Discord.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.load import quiet
from benchmarks.procstats import INTERACTION_KINDS, pct
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser
from tests.fakediscord.process import bot_process

VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13}

def ms(x: float) -> float:
    return round(x * 1000, 1)


def rank(card: str) -> int:
    return VALUE[card.split("#")[0][:-1]]


def plays(message: FakeMessage | None) -> list[tuple[str, str, str, int]]:
    """The card buttons of a hand message: (custom_id, card, seen top, version)."""
    out = []
    for b in message.buttons if message is not None else []:
        cid = str(b.get("custom_id", ""))
        if cid.startswith("st:a:") and not b.get("disabled"):
            _, _, _, version, action = cid.split(":", 4)
            verb, card, _, top = action.split(" ")
            if verb == "play":
                out.append((cid, card, top, int(version)))
    return out


def go_button(message: FakeMessage | None) -> str | None:
    """The custom_id of a hand's "Go!" button: every round's hands lie face down until one player says Go."""
    for b in message.buttons if message is not None else []:
        cid = str(b.get("custom_id", ""))
        if cid.startswith("st:a:") and cid.endswith(":go") and not b.get("disabled"):
            return cid
    return None


def correct(card: str, top: str, any_start: bool) -> bool:
    if top == "-":
        return rank(card) == 1 or any_start
    return (rank(card) - rank(top)) % 13 in (1, 12)


def hand_message(fake: FakeDiscord, user: FakeUser) -> FakeMessage | None:
    for msg in reversed(fake.dms(user)):
        if any(cid.startswith("st:a:") for cid in msg.custom_ids):
            return msg
    return None


@dataclass
class Player:
    fake: FakeDiscord
    user: FakeUser
    rng: random.Random
    reaction: float
    wrong: float
    event: asyncio.Event = field(default_factory=asyncio.Event)
    seen_version: int = -1
    clicks: list[FakeInteraction] = field(default_factory=list)
    withdrawn: int = 0  # decided, but the DM changed before the click: decided again

    async def run(self, stop: float) -> None:
        while time.perf_counter() < stop:
            msg = hand_message(self.fake, self.user)
            go = go_button(msg)
            if go is not None:  # a new round: say Go (whoever is quickest)
                await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.reaction)
                with contextlib.suppress(LookupError, ValueError):
                    await (await self.fake.click(self.user, msg, go)).wait(30)
                continue
            buttons = plays(msg)
            version = buttons[0][3] if buttons else -1
            if not buttons or version <= self.seen_version:
                self.event.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.event.wait(), max(0.01, min(1.0, stop - time.perf_counter())))
                continue
            self.seen_version = version
            any_start = "any card starts" in (msg.content if msg else "")
            good = [b for b in buttons if correct(b[1], b[2], any_start)]
            bad = [b for b in buttons if b not in good]
            if good and (not bad or self.rng.random() >= self.wrong):
                choice = self.rng.choice(good)
            elif bad and self.rng.random() < self.wrong:
                choice = self.rng.choice(bad)
            else:
                continue  # nothing fits: wait for the pile to move (or to be cleared as blocked)
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.reaction)
            if time.perf_counter() >= stop:
                return
            assert msg is not None
            if choice[0] not in msg.custom_ids:  # the DM changed while the person reached for the button
                self.withdrawn += 1
                self.seen_version = -1
                continue
            try:
                ix = await self.fake.click(self.user, msg, choice[0])
            except (LookupError, ValueError):
                self.withdrawn += 1
                self.seen_version = -1
                continue
            self.clicks.append(ix)
            with contextlib.suppress(TimeoutError):
                await ix.wait(30)


async def open_table(fake: FakeDiscord, names: list[str], channel: str, timeout: float = 60) -> int:
    host, *guests = names
    ix = await (await fake.slash(host, channel, "schrum new", {"variant": "repezita", "hands": 99})).wait(timeout)
    lobby = ix.response_message
    assert lobby is not None, ix

    def button(kind: str) -> str:
        return next(b["custom_id"] for b in lobby.buttons if str(b.get("custom_id", "")).startswith(f"st:t:{kind}:"))

    table_id = int(button("join").rsplit(":", 1)[1])
    for guest in guests:
        await (await fake.click(guest, lobby, button("join"))).wait(timeout)
    await (await fake.click(host, lobby, button("start"))).wait(timeout)
    # the hands lie face down until one player says Go
    await fake.wait_for(lambda: any(go_button(hand_message(fake, fake.user(n))) for n in names), timeout=timeout,
                        what="a Go! button in a Repezita hand")
    sayer = next(n for n in names if go_button(hand_message(fake, fake.user(n))))
    msg = hand_message(fake, fake.user(sayer))
    await (await fake.click(sayer, msg, go_button(msg))).wait(timeout)
    await fake.wait_for(lambda: all(plays(hand_message(fake, fake.user(n))) for n in names), timeout=timeout,
                        what="every player's Repezita hand")
    return table_id


def seen_by_all(fake: FakeDiscord, players: list[Player], ix: FakeInteraction) -> float | None:
    """From a played click's dispatch until every other player's hand shows a version at least as new as the one
    the clicker's answer shows (the pile after that play); None when the clicker's answer has no buttons."""
    data = ix.callback_data or {}
    versions = [int(c["custom_id"].split(":")[3]) for row in data.get("components") or []
                for c in row.get("components", []) if str(c.get("custom_id", "")).startswith("st:a:")]
    if not versions or ix.dispatched_at is None:
        return None
    version = versions[0]
    latest = ix.dispatched_at
    for p in players:
        if p.user.id == ix.user.id:
            continue
        revisions = sorted((rev for msg in fake.dms(p.user) for rev in msg.revisions), key=lambda r: r.t)
        when = None
        for rev in revisions:
            if rev.t < ix.dispatched_at:
                continue
            vs = [int(c["custom_id"].split(":")[3]) for row in rev.components for c in row.get("components", [])
                  if str(c.get("custom_id", "")).startswith("st:a:")]
            if not vs or vs[0] >= version:  # the new pile (or out of the hand: nothing more to show)
                when = rev.t
                break
        if when is not None:
            latest = max(latest, when)
    return latest - ix.dispatched_at


async def run(n: int, *, duration: float, reaction: float, wrong: float, seed: int, workdir: Path,
              rest_delay: float = 0.0, echo: bool = False) -> dict[str, Any]:
    users = [(f"r{i:04d}", "de") for i in range(4 * n)]
    channels = [f"tisch-{c}" for c in range(max(1, math.ceil(n / 100)))]
    fake = FakeDiscord(users=users, channels=channels, store_file_bytes=False, command_wait=60, rest_delay=rest_delay)
    for name, _ in users:  # players who have had a DM with the bot: the fake limits opening new DM channels (40003)
        fake.dm_channel(name)
    async with fake, \
            bot_process(fake, env={"DATABASE_PATH": str(workdir / f"repezita-{n}.sqlite3")}, echo=echo) as bp:
        await bp.wait_ready("schrum", timeout=60)
        gate = asyncio.Semaphore(8)
        names = [u for u, _ in users]

        async def open_one(i: int) -> list[str]:
            async with gate:
                table_names = names[4 * i:4 * i + 4]
                await open_table(fake, table_names, channels[i % len(channels)])
                return table_names

        tables = await asyncio.gather(*(open_one(i) for i in range(n)))
        await quiet(fake)
        rng = random.Random(seed)
        groups = [[Player(fake, fake.user(name), random.Random(rng.randrange(2**32)), reaction, wrong)
                   for name in t] for t in tables]
        by_channel = {fake.dm_channel(p.user).id: p for g in groups for p in g}

        def wake(rec: Any) -> None:
            p = by_channel.get(rec.channel_id or 0)
            if p is not None:
                p.event.set()
            elif rec.kind in INTERACTION_KINDS:
                for p in by_channel.values():  # an answer to a click in a DM: cheap enough for a benchmark
                    p.event.set()

        fake.request_listeners.append(wake)
        gc.collect()
        gc.freeze()
        gc.disable()
        mark = fake.mark()
        start = time.perf_counter()
        stop = start + duration
        await asyncio.gather(*(p.run(stop) for g in groups for p in g))
        played_for = time.perf_counter() - start
        gc.enable()
        gc.unfreeze()
        await quiet(fake)
        fake.request_listeners.remove(wake)

        clicks = [ix for g in groups for p in g for ix in p.clicks if ix.latency is not None]
        accepted = [ix for ix in clicks if not ix.ephemeral]
        stale = [ix for ix in clicks if ix.ephemeral]
        unanswered = sum(1 for g in groups for p in g for ix in p.clicks if ix.latency is None)
        seen = [x for g in groups for ix in (i for p in g for i in p.clicks if i in accepted)
                if (x := seen_by_all(fake, g, ix)) is not None]
        reqs = [r for r in fake.requests[mark:] if r.fault is None]

        def kind(rec: Any) -> str:
            if rec.kind in INTERACTION_KINDS:
                return "interaction"
            channel = fake.channels.get(rec.channel_id or 0)
            if rec.kind == "message_edit":
                return "dm_edit" if channel is not None and channel.is_dm else "table_edit"
            return "other"

        kinds = Counter(kind(r) for r in reqs)
        n_plays = max(len(accepted), 1)
        stale_texts = Counter((ix.callback_data or {}).get("content", "")[:40] for ix in stale)
        return {
            "tables": n,
            "players": 4 * n,
            "reaction_s": reaction,
        "rest_delay_ms": ms(rest_delay),
            "duration_s": round(played_for, 1),
            "plays": len(accepted),
            "plays_per_s": round(len(accepted) / played_for, 2),
            "clicks": len(clicks),
            "stale_clicks": len(stale),
            "unanswered_clicks": unanswered,
            "withdrawn_decisions": sum(p.withdrawn for g in groups for p in g),
            "click_p50_ms": ms(pct([ix.latency for ix in clicks], 50)),
            "click_p99_ms": ms(pct([ix.latency for ix in clicks], 99)),
            "click_max_ms": ms(max((ix.latency for ix in clicks), default=math.nan)),
            "played_p99_ms": ms(pct([ix.latency for ix in accepted], 99)),
            "stale_p99_ms": ms(pct([ix.latency for ix in stale], 99)),
            "all_see_p50_ms": ms(pct(seen, 50)),
            "all_see_p99_ms": ms(pct(seen, 99)),
            "rest_per_play": round(len(reqs) / n_plays, 2),
            "rest_per_play_by_kind": {k: round(kinds[k] / n_plays, 2)
                                      for k in ("interaction", "table_edit", "dm_edit", "other")},
            "stale_answers": dict(stale_texts.most_common(3)),
                    "bot_output_tail": bp.log[-400:] if unanswered else "",
        }


def print_rows(rows: list[dict[str, Any]]) -> None:
    print("\n| N tables | plays/s | clicks (stale) | click p50 / p99 / max ms | played p99 | stale p99 | all see it "
          "p50 / p99 ms | REST/play (interaction, table, DM, other) |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        k = r["rest_per_play_by_kind"]
        print(f"| {r['tables']} | {r['plays_per_s']} | {r['clicks']} ({r['stale_clicks']}) | {r['click_p50_ms']} / "
              f"{r['click_p99_ms']} / {r['click_max_ms']} | {r['played_p99_ms']} | {r['stale_p99_ms']} | "
              f"{r['all_see_p50_ms']} / {r['all_see_p99_ms']} | {r['rest_per_play']} ({k['interaction']}, "
              f"{k['table_edit']}, {k['dm_edit']}, {k['other']}) |")


async def main_async(args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.tables:
            row = await run(n, duration=args.duration, reaction=args.reaction, wrong=args.wrong, seed=args.seed,
                            workdir=Path(tmp), rest_delay=args.rest_delay, echo=args.echo)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.repezita", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of play per run")
    parser.add_argument("--reaction", type=float, default=0.6, help="mean reaction time of a player, seconds")
    parser.add_argument("--wrong", type=float, default=0.05, help="chance that a player misjudges a card")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rest-delay", type=float, default=0.0,
                        help="seconds the fake waits before answering each REST call (Discord is not on localhost)")
    parser.add_argument("--echo", action="store_true", help="echo the bot's output")
    parser.add_argument("--json", type=Path, help="write the rows here")
    args = parser.parse_args(argv)
    rows = asyncio.run(main_async(args))
    print_rows(rows)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    print(f"\nmachine: {os.cpu_count()} CPUs, load avg {os.getloadavg()[0]:.2f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
