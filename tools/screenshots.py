"""Screenshots of whole messages as players see them: `python -m tools.screenshots [--out shots] [--lang en de]
[--games schieberamsch rufmariasch ...]`.

The real bot plays a short Schieberamsch match in SimCord (the in-process Discord the tests use); at each scene
SimCord's Discord-like preview page is opened for the player who sees it, and headless Chromium photographs it
at a desktop (1280 px) and a phone (400 px) width once the page says it is ready. Scenes: /help, the lobby, the table
thread mid-deal, a DM hand, an ephemeral refusal (a card clicked out of turn), the table message with the score
sheet after the first deal, and the leaderboard; each in English and German (`--lang` adds Croatian and
Romanian). The other games (`tools/screenshot_scenes.py`) show the table thread mid-deal and the hand of the
player to act, plus each game's own decision: Rufmariasch's call (trump and called-card menus), Schrööm's
knock and the hold/fold answer, Treppenrommé's take and meld menus; and, in Rufmariasch mid-trick, in Schrum
Schrum and in Treppenrommé with a meld laid, the table shown as text once a moderator has taken Attach Files from
the bot (the table in words, the line that says what to grant), with the note its next mover is told privately
(Rufmariasch, Schrum Schrum). `--games` picks games (default: all seven, 64 pictures a language, about three
minutes a language on two busy cores). The preview's clock is SimCord's
(1 January 2026), so a turn timer's "⏱ in …" reads months away: the bot writes real timestamps.

Needs SimCord's preview extra, Playwright's Python package (it drives the browser; no browser download) and
Debian's Chromium:

    apt-get install -y chromium && pip install -e ".[screenshots]"   # = "simcord[preview]" playwright
    python -m tools.screenshots            # writes shots/<lang>-<scene>-<desktop|phone>.png (ignored by git)
    python -m tools.screenshots --games tac --lang hr   # shots/hr-tac-table-phone.png, ...

Look at them after any change to what the bot says or draws.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tools.screenshot_scenes import GAMES, LOCALES, button, cid, components, play_game

WIDTHS = {"desktop": (1280, 900), "phone": (400, 860)}
NAMES = ("anna", "bernd", "claudia")
ALL_GAMES = ("schieberamsch", *GAMES)


@contextmanager
def client_language(lang: str) -> Iterator[None]:
    """Every interaction comes from a Discord client (and a server) set to `lang`."""
    import simcord.interactions as si

    original = si.base_payload
    locale = LOCALES.get(lang, "en-US")

    def base_payload(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = locale
        if "guild_locale" in payload:
            payload["guild_locale"] = locale
        return record, payload

    si.base_payload = base_payload
    try:
        yield
    finally:
        si.base_payload = original


class Shooter:
    """Photographs one scene per width: a preview session of `channel` for `viewer`, focused on `target`, opened
    in Chromium (driven by Playwright) and captured once the page reports itself ready (no action pending)."""

    def __init__(self, env: Any, out: Path, lang: str, browser: Any):
        self.env, self.out, self.lang, self.browser = env, out, lang, browser

    async def shoot(self, scene: str, channel: Any, viewer: Any, target: Any) -> None:
        locale = LOCALES.get(self.lang, "en-US")
        for label, (w, h) in WIDTHS.items():
            path = self.out / f"{self.lang}-{scene}-{label}.png"
            # a fixed profile is the client's own width beside the preview's side bar, which overflowed the desktop
            # shot (long lines cut at its right edge); at a desktop width the client fits the window instead
            display = "fixed" if label == "phone" else "responsive"
            async with self.env.preview(channel, viewers=[viewer], layout="channel", display=display, width=w,
                                        height=h, locale=locale) as preview:
                await preview.show(target)
                context = await self.browser.new_context(viewport={"width": w, "height": h}, locale=locale,
                                                          device_scale_factor=1, reduced_motion="reduce")
                try:
                    page = await context.new_page()
                    await page.goto(preview.url, wait_until="domcontentloaded")
                    await page.wait_for_function("() => window.simcordPreview && window.simcordPreview.ready",
                                                 timeout=30000)
                    await page.evaluate("() => document.fonts.ready")
                    await page.screenshot(path=str(path))
                finally:
                    await context.close()
            print("wrote", path)


async def play_one(table: Any, users: list[Any], thread: Any, rng: random.Random) -> Any:
    """The player to act makes a random legal move: a decision on the table message, a menu or a card in the DM."""
    seat = min(table.engine.waiting_for())
    table_msg = next(m for m in thread.history() if m.id == table.table_message_id)
    asked = [c for c in components(table_msg) if cid(c).startswith("st:a:")]
    if asked:
        return await users[seat].click(table_msg, custom_id=cid(rng.choice(asked)))
    user = users[seat].user
    message = user.dm_channel.last_message
    items = [c for c in components(message) if not getattr(c, "disabled", False)]
    menus = [c for c in items if getattr(c, "options", None)]
    if menus:
        item = rng.choice(menus)
        return await user.select(message, rng.sample([o.value for o in item.options], item.min_values),
                                 custom_id=item.custom_id)
    legal = set(table.engine.legal_actions(seat))
    cards = [c for c in items if cid(c).split(":", 4)[-1] in legal]
    return await user.click(message, custom_id=cid(rng.choice(cards)))


async def scenes(lang: str, out: Path, chromium: str, games: list[str]) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            for game in games:
                if game == "schieberamsch":
                    await play_and_shoot(lang, out, browser)
                else:
                    await game_and_shoot(game, lang, out, browser)
        finally:
            await browser.close()


async def game_and_shoot(game: str, lang: str, out: Path, browser: Any) -> None:
    """A table of one of the other games (tools/screenshot_scenes.py), in a bot of its own."""
    from simcord.env import Env

    from bot.app import StammtischBot

    with tempfile.TemporaryDirectory() as tmp, client_language(lang):
        bot = StammtischBot(database_path=Path(tmp) / "shots.sqlite3", default_locale=lang)
        env = Env(bot)
        await env.start()
        bot.table_ui.delivery.clock = lambda: env.now().timestamp()  # SimCord's clock dates its messages
        try:
            await play_game(game, env, lang, Shooter(env, out, lang, browser).shoot)
        finally:
            await env.shutdown()
            await close(bot)


async def close(bot: Any) -> None:
    """SimCord detaches the bot but leaves its database open, whose thread would keep the process alive."""
    if hasattr(bot, "db"):
        await bot.db.close()
    await bot.metrics.close()


async def play_and_shoot(lang: str, out: Path, browser: Any) -> None:
    from simcord.env import Env

    from bot.app import StammtischBot
    from bot.i18n import tr

    with tempfile.TemporaryDirectory() as tmp, client_language(lang):
        bot = StammtischBot(database_path=Path(tmp) / "shots.sqlite3", default_locale=lang)
        env = Env(bot)
        await env.start()
        bot.table_ui.delivery.clock = lambda: env.now().timestamp()  # SimCord's clock dates its messages
        try:
            guild = env.create_guild(preferred_locale=LOCALES.get(lang, "en-US"))
            channel = guild.create_text_channel("stammtisch")
            users = [guild.add_member(env.create_user(n)) for n in NAMES]
            shooter = Shooter(env, out, lang, browser)
            await shooter.shoot("help", channel, users[0], await users[0].slash(channel, "help"))
            await users[0].slash(channel, "schieberamsch new", deals=3)
            table = bot.tables.tables[max(bot.tables.tables)]

            def lobby() -> Any:
                return next(m for m in channel.history() if m.id == table.lobby_message_id)

            for u in users[1:]:
                await u.click(lobby(), custom_id=button(lobby(), tr(lang, "Join")))
            await shooter.shoot("lobby", channel, users[0], lobby())
            await users[0].click(lobby(), custom_id=button(lobby(), tr(lang, "Start")))
            thread = channel.threads[0]
            rng = random.Random(3)
            while len(table.engine.view(None).get("trick") or []) < 2 or table.engine.view(None)["phase"] != "play":
                await play_one(table, users, thread, rng)
            table_msg = next(m for m in thread.history() if m.id == table.table_message_id)
            await shooter.shoot("table", thread, users[0], table_msg)
            seat = min(table.engine.waiting_for())
            await shooter.shoot("hand", users[seat].user.dm_channel, users[seat].user,
                                users[seat].user.dm_channel.last_message)
            other = next(s for s in range(3) if s != seat)  # a card clicked out of turn: the ephemeral refusal
            dm = users[other].user.dm_channel.last_message
            cards = [c for c in components(dm) if cid(c).split(":", 4)[-1].startswith("play ")]
            refusal = await users[other].user.click(dm, custom_id=cid(cards[0]))
            await shooter.shoot("refusal", users[other].user.dm_channel, users[other].user, refusal)
            while table.engine.view(None)["hand_no"] == 1:
                await play_one(table, users, thread, rng)
            sheet = next(m for m in reversed(thread.history()) if any(a.filename.startswith("scores-")
                                                                       for a in m.attachments))
            await shooter.shoot("sheet", thread, users[0], sheet)
            while not table.engine.over:
                await play_one(table, users, thread, rng)
            board = await users[0].slash(channel, "leaderboard", game="schieberamsch")
            await shooter.shoot("leaderboard", channel, users[0], board)
        finally:
            await env.shutdown()
            await close(bot)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.screenshots", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="shots", help="folder for the screenshots (default: shots/)")
    ap.add_argument("--lang", nargs="+", default=["en", "de"], choices=list(LOCALES))
    ap.add_argument("--games", nargs="+", default=list(ALL_GAMES), choices=ALL_GAMES,
                    help="the games to photograph (default: all)")
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium",
                    help="the Chromium binary (default: chromium on the PATH)")
    args = ap.parse_args(argv)
    try:
        import playwright  # noqa: F401
        import simcord.preview  # noqa: F401
    except ImportError as exc:
        print(f"{exc}; install them with: pip install \"simcord[preview]\" playwright", file=sys.stderr)
        return 2
    if not Path(args.chromium).is_file():
        print(f"no Chromium at {args.chromium}; install it with: apt-get install -y chromium", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in args.lang:
        asyncio.run(scenes(lang, out, args.chromium, args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
