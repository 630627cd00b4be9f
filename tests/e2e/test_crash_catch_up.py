"""`python -m bot` killed with SIGKILL at each point of a move's life, restarted on the same database: what the
players see catches up with what is stored, and nothing is sent twice.

The kill points are made exact with the fake's faults: a request that answers 500 is retried by discord.py after
a second, and the bot is killed in that second (the move is stored, the message it owes is not out yet).
The players here read the stored log to know what is legal (a test harness may; the bot's own players may not)
and click the control that carries that action in their DM or on the table message.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest

from bot.games import GAMES, Engine
from tests.e2e.conftest import read_db
from tests.e2e.players import MOVE_PREFIXES, TABLE_PICTURE, action_of, table_button, table_version
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser
from tests.fakediscord.process import BotProcess, bot_process


@pytest.fixture
async def fake():
    """Discord's per-route limits are left out (route_limits=False): these tests kill and restart the bot at every
    point of a move's life, clicking as fast as they can, and 5 edits per 5 s per channel would only add waiting
    (pacing is tested in test_discord_rules and the fake's test_strict); the 3 s deadline and the global limit
    stay on."""
    async with FakeDiscord(route_limits=False) as fake:
        yield fake

pytestmark = pytest.mark.e2e


class Table:
    """One table as its players and the stored log see it."""

    def __init__(self, fake: FakeDiscord, db: Path, table_id: int, thread_id: int, users: list[FakeUser]):
        self.fake, self.db, self.id, self.thread_id, self.users = fake, db, table_id, thread_id, users
        self.rng = random.Random(table_id)

    def actions(self) -> list[tuple[int, str]]:
        rows = read_db(self.db, "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY seq", (self.id,))
        return [(r["seat"], r["action"]) for r in rows]

    def engine(self) -> Engine:
        row = read_db(self.db, "SELECT game, seed, options FROM tables WHERE table_id = ?", (self.id,))[0]
        engine = GAMES[row["game"]].new(len(self.users), seed=row["seed"], options=json.loads(row["options"]))
        for seat, action in self.actions():
            engine.apply(seat, action)
        return engine

    def table_message(self) -> FakeMessage | None:
        for msg in self.fake.messages_in(self.thread_id):
            if msg.author.bot and any(TABLE_PICTURE.fullmatch(a.filename) for a in msg.attachments):
                return msg
        return None

    def sheets(self) -> int:
        return sum(a.filename.startswith("scores-") for m in self.fake.messages_in(self.thread_id)
                   for a in m.attachments)

    def hand_messages(self, user: FakeUser) -> list[FakeMessage]:
        """The user's hand messages: every DM the bot sent them of its own (these players sit at one table); a
        click's answer (the current hand after a stale click, "the game is over") is no hand message."""
        return [m for m in self.fake.dms(user) if m.author.bot and m.interaction_id is None]  # not a click's answer

    async def choose(self) -> tuple[FakeUser, FakeMessage, dict[str, Any], str]:
        """The seat the game waits for, a legal action, and a control that carries it, once one has arrived."""
        return await self.fake.wait_for(self.control, timeout=10, what="a control for a legal action")

    def control(self) -> tuple[FakeUser, FakeMessage, dict[str, Any], str] | None:
        """The seat the game waits for, a legal action, and a control that carries it (newest message first)."""
        engine = self.engine()
        seat = min(engine.waiting_for() or engine.to_act())
        legal = engine.legal_actions(seat)
        user = self.users[seat]
        # a control drawn before the seat's last stored change is stale (its click stores nothing): under load the
        # hand DM that replaces it may come after the table edit the last move waited for, so those are passed
        # over until it does. A stale click is answered with the current hand as a new DM, which later goes stale
        # itself while the hand message is kept up to date, so every DM with controls is looked at.
        since = read_db(self.db, "SELECT last_change FROM seats WHERE table_id = ? AND seat = ?",
                        (self.id, seat))[0]["last_change"]
        places = [self.table_message(), *reversed(self.fake.dms(user))]
        for message in places:
            if message is None or drawn_at(message) < since:
                continue
            buttons = [c for c in message.iter_components() if str(c.get("custom_id", "")).startswith("st:a:")
                       and not c.get("disabled") and action_of(c) in legal]
            if buttons:
                control = self.rng.choice(buttons)
                return user, message, control, action_of(control)
            for menu in (c for c in message.iter_components() if str(c.get("custom_id", "")).startswith("st:s:")):
                verb = str(menu["custom_id"]).split(":", 4)[4]
                values = {o["value"] for o in menu.get("options") or []}
                fitting = [a for a in legal if a.split()[0] == verb and set(a.split()[1:]) <= values]
                if fitting:
                    action = self.rng.choice(fitting)
                    return user, message, menu, action
        return None

    async def click(self, user: FakeUser, message: FakeMessage, control: dict[str, Any], action: str
                    ) -> FakeInteraction:
        if control.get("type") == 2:
            return await self.fake.click(user, message, control["custom_id"])
        return await self.fake.select(user, message, control["custom_id"], action.split()[1:])

    async def move(self) -> str:
        """Someone makes a legal move; returns once it is stored and the table message shows it."""
        n = len(self.actions())
        for _ in range(20):
            user, message, control, action = await self.choose()
            await (await self.click(user, message, control, action)).wait(10)
            try:
                await self.fake.wait_for(lambda: len(self.actions()) > n, timeout=2, what="the move stored")
                break
            except TimeoutError:
                continue  # a control drawn before the last move (stale): look again
        await self.in_line()
        return action

    async def make(self, user: FakeUser, message: FakeMessage, control: dict[str, Any], action: str) -> None:
        """Make exactly this move (a click on `control`) and wait until it is stored and shown; a control that
        went stale meanwhile is simply not stored (the caller chooses again)."""
        n = len(self.actions())
        await (await self.click(user, message, control, action)).wait(10)
        with contextlib.suppress(TimeoutError):
            await self.fake.wait_for(lambda: len(self.actions()) > n, timeout=2, what="the move stored")
        await self.in_line()

    async def in_line(self, timeout: float = 10) -> None:
        await self.fake.wait_for(lambda: (msg := self.table_message()) is not None
                                 and table_version(msg) == len(self.actions()), timeout=timeout,
                                 what="the table message showing the last stored move")

    def check_shown(self) -> None:
        """What players see matches what is stored, and nothing was sent twice."""
        stored = len(self.actions())
        assert table_version(self.table_message()) == stored
        scored = read_db(self.db, "SELECT COALESCE(MAX(hand_no), 0) AS n FROM hand_results WHERE table_id = ?",
                         (self.id,))[0]["n"]
        assert self.sheets() == scored, (self.sheets(), scored)
        engine = self.engine()
        hand_no = engine.view(None)["hand_no"]
        for seat, user in enumerate(self.users):
            if seat in engine.view(None).get("eliminated", ()):
                continue
            hands = self.hand_messages(user)
            assert len(hands) == hand_no, (user.name, [m.content[:40] for m in hands])
            if not engine.over and engine.legal_actions(seat):
                newest = hands[-1]
                assert any(c.startswith(MOVE_PREFIXES) for c in newest.custom_ids), "the hand has its controls"


def drawn_at(message: FakeMessage) -> int:
    """The table version a message's move controls were drawn at (custom ids `st:a|s:<table>:<version>:...`)."""
    return max((int(c.split(":", 4)[3]) for c in message.custom_ids if c.startswith(MOVE_PREFIXES)), default=-1)


async def open_table(fake: FakeDiscord, db: Path, command: str, options: dict[str, Any],
                     names: list[str]) -> Table:
    ix = await (await fake.slash(names[0], "spieltisch", command, options)).wait(10)
    lobby = ix.response_message
    assert lobby is not None
    table_id = int(table_button(lobby, "join").rsplit(":", 1)[1])
    for guest in names[1:]:
        await (await fake.click(guest, lobby, table_button(lobby, "join"))).wait(10)
    await (await fake.click(names[0], lobby, table_button(lobby, "start"))).wait(10)
    table = Table(fake, db, table_id, lobby.id, [fake.user(n) for n in names])
    await fake.wait_for(lambda: table.table_message() is not None
                        and all(table.hand_messages(u) for u in table.users), timeout=10, what="the table")
    return table


class Bot:
    """The bot process, restarted on the same database after every kill."""

    def __init__(self, fake: FakeDiscord, db: Path, stack: AsyncExitStack):
        self.fake, self.env, self.stack = fake, {"DATABASE_PATH": str(db)}, stack
        self.proc: BotProcess | None = None

    async def start(self, *commands: str) -> BotProcess:
        self.proc = await self.stack.enter_async_context(bot_process(self.fake, env=self.env))
        await self.proc.wait_ready(*commands, timeout=30)
        await self.proc.wait_line("caught up", timeout=30)
        return self.proc

    async def kill_when(self, condition: Callable[[], Any], what: str) -> None:
        assert self.proc is not None
        await self.fake.wait_for(condition, timeout=10, what=what)
        assert await self.proc.kill() == -9


async def test_kills_at_every_point_of_a_moves_life(fake: FakeDiscord, db_file: Path) -> None:
    names = ["anna", "bernd", "ceca"]
    async with AsyncExitStack() as stack:
        bot = Bot(fake, db_file, stack)
        await bot.start("schieberamsch")
        table = await open_table(fake, db_file, "schieberamsch new", {"deals": 3}, names)
        for _ in range(3):
            await table.move()

        # 1. killed as the click arrives: the move is stored or not, and either way the table shows what is
        n = len(table.actions())
        user, message, control, action = await table.choose()
        await table.click(user, message, control, action)
        assert await bot.proc.kill() == -9
        await bot.start()
        assert len(table.actions()) in (n, n + 1)
        await table.in_line()
        table.check_shown()
        await table.move()

        # 2. stored, but killed before the answer: the restart shows the move
        n = len(table.actions())
        fake.fail_next("interaction_callback", 500)
        mark = fake.mark()
        user, message, control, action = await table.choose()
        await table.click(user, message, control, action)
        await bot.kill_when(lambda: any(r.fault for r in fake.requests_of("interaction_callback", since=mark)),
                            "the answer that failed")
        assert len(table.actions()) == n + 1
        await bot.start()
        await table.in_line()
        table.check_shown()

        # 3. answered, killed before the table edit: the table message catches up, no DM is touched
        while "play" not in " ".join(a for _, a in table.actions()):
            await table.move()
        fake.fail_next("message_edit", 500)
        mark = fake.mark()
        user, message, control, action = await table.choose()
        await table.click(user, message, control, action)
        await bot.kill_when(lambda: any(r.fault for r in fake.requests_of("message_edit", since=mark)),
                            "the table edit that failed")
        restart = fake.mark()
        await bot.start()
        await table.in_line()
        table.check_shown()
        dm_ids = {fake.dm_channel(u).id for u in table.users}
        assert not [r for r in fake.requests[restart:] if r.method in ("POST", "PATCH") and r.channel_id in dm_ids]

        # 4. a deal's last card, killed between the new hands' DMs (two of them fail once, the bot dies)
        def last_card() -> bool:
            engine = table.engine()
            return engine.view(None)["phase"] == "play" and sum(engine.view(None)["counts"]) == 1

        while not last_card():
            await table.move()
        fake.fail_next("dm_message_create", 500, count=2)
        mark = fake.mark()
        user, message, control, action = await table.choose()
        await table.click(user, message, control, action)
        await bot.kill_when(lambda: len(read_db(db_file, "SELECT 1 FROM seats WHERE table_id = ? AND dm_hand_no = 2",
                                                (table.id,))) == 1, "one new hand recorded")
        assert sum(len(table.hand_messages(u)) for u in table.users) == 4, [
            (u.name, [m.content[:60] for m in fake.dms(u)]) for u in table.users]
        await bot.start()
        await fake.wait_for(lambda: all(len(table.hand_messages(u)) == 2 for u in table.users), timeout=10,
                            what="every player's hand 2")
        table.check_shown()

        # 5. the next deal's last card, killed between the new hands and the score sheet
        await table.move()
        while not last_card():
            await table.move()
        fake.fail_next("message_create", 500)
        mark = fake.mark()
        user, message, control, action = await table.choose()
        await table.click(user, message, control, action)
        await bot.kill_when(lambda: any(r.fault for r in fake.requests_of("message_create", since=mark)),
                            "the score sheet that failed")
        assert table.sheets() == 1
        await bot.start()
        await fake.wait_for(lambda: table.sheets() == 2, timeout=10, what="the second score sheet")
        await table.in_line()
        table.check_shown()
        assert all(len(table.hand_messages(u)) == 3 for u in table.users)

        # one more restart finds everything in line: nothing is sent or edited
        restart = fake.mark()
        assert await bot.proc.kill() == -9
        await bot.start()
        assert not [r for r in fake.requests[restart:] if r.kind in ("message_create", "dm_message_create",
                                                                      "message_edit")]


async def test_schroeoem_match_end_killed_before_the_table_edit(fake: FakeDiscord, db_file: Path) -> None:
    async with AsyncExitStack() as stack:
        bot = Bot(fake, db_file, stack)
        await bot.start("schroeoem")
        table = await open_table(fake, db_file, "schroeoem new", {"points": 1}, ["anna", "bernd"])
        for _ in range(200):  # play until the chosen move would end the match, then make that one below
            user, message, control, action = await table.choose()
            engine = table.engine()
            engine.apply(min(engine.waiting_for() or engine.to_act()), action)
            if engine.over:
                break
            await table.make(user, message, control, action)
        else:
            raise AssertionError("the match did not end")
        fake.fail_next("message_edit", 500)
        mark = fake.mark()
        await table.click(user, message, control, action)
        await bot.kill_when(lambda: any(r.fault for r in fake.requests_of("message_edit", since=mark)),
                            "the final table edit that failed")
        assert table.engine().over
        assert table_version(table.table_message()) == len(table.actions()) - 1
        await bot.start()
        await table.in_line()
        table.check_shown()
        assert "Match over" in table.table_message().content or table.table_message().content
