"""The scenes of `tools/screenshots.py` for the games other than Schieberamsch: each opens a table through its slash
command, seats the players through the lobby, and stops where a newcomer must understand what to do.

To reach a moment mid-deal the players' earlier moves go through the table service as a click would (the same
`act`, then the same delivery of table and hand messages), chosen at random among the legal ones with a fixed
seed; the decision that is photographed is then made by clicking, as a player would.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

NAMES = ("anna", "bernd", "claudia", "dieter")


def components(message: Any) -> list[Any]:
    """Buttons and selects of a message, or of SimCord's record of an ephemeral reply (dicts)."""
    out = []
    for row in message.components:
        children = row.children if hasattr(row, "children") else row.get("components", [])
        out.extend(children)
    return out


def cid(item: Any) -> str:
    return (item.get("custom_id") if isinstance(item, dict) else getattr(item, "custom_id", None)) or ""


def button(message: Any, label: str) -> str:
    return next(cid(b) for b in components(message) if getattr(b, "label", None) == label)


class Match:
    """One table of `game` in SimCord, with the handles a scene needs."""

    def __init__(self, env: Any, channel: Any, users: list[Any], table: Any):
        self.env, self.channel, self.users, self.table = env, channel, users, table
        self.bot = env.bot

    @property
    def thread(self) -> Any:
        return self.channel.threads[0] if self.channel.threads else self.channel

    def table_message(self) -> Any:
        return next(m for m in self.thread.history() if m.id == self.table.table_message_id)

    def dm(self, seat: int) -> Any:
        return self.users[seat].user.dm_channel.last_message

    def to_act(self) -> list[int]:
        return sorted(self.table.engine.to_act())

    async def move(self, seat: int, action: str) -> None:
        """`seat` makes `action` the way a click does: the table service stores it, the delivery shows it."""
        outcome = await self.bot.tables.act(self.table.id, self.users[seat].user.id, action)
        await self.bot.table_ui.delivery.after_move(self.table, outcome)
        await self.env.settle()

    async def advance(self, rng: random.Random, until: Callable[[], bool], *, limit: int = 400,
                      prefer: Callable[[str], bool] = lambda a: True) -> None:
        """Random legal moves (those `prefer` likes, where there are any) until `until()` holds."""
        for _ in range(limit):
            if until():
                return
            seat = self.to_act()[0]
            legal = self.table.engine.legal_actions(seat)
            await self.move(seat, rng.choice([a for a in legal if prefer(a)] or legal))
        raise RuntimeError(f"{self.table.game}: the scene was not reached in {limit} moves")


async def open_match(env: Any, lang: str, command: str, seats: int, tr: Callable[..., str],
                     **options: Any) -> Match:
    """`/<command>` by the first player, the others join through the lobby, the host starts."""
    guild = env.create_guild(preferred_locale=LOCALES.get(lang, "en-US"))
    channel = guild.create_text_channel("stammtisch")
    users = [guild.add_member(env.create_user(n)) for n in NAMES[:seats]]
    await users[0].slash(channel, command, **options)
    table = env.bot.tables.tables[max(env.bot.tables.tables)]

    def lobby() -> Any:
        return next(m for m in channel.history() if m.id == table.lobby_message_id)

    for u in users[1:]:
        await u.click(lobby(), custom_id=button(lobby(), tr(lang, "Join")))
    table.seed = SEED  # the same deal every run, so the same scenes
    await env.bot.db.execute("UPDATE tables SET seed = ? WHERE table_id = ?", (SEED, table.id))
    started = await users[0].click(lobby(), custom_id=button(lobby(), tr(lang, "Start")))
    if table.engine is None:
        raise RuntimeError(f"{command}: the table did not start: {started.response.content}")
    return Match(env, channel, users, table)


SEED = 7
LOCALES = {"en": "en-US", "de": "de", "hr": "hr", "ro": "ro"}
Shoot = Callable[[str, Any, Any, Any], Awaitable[None]]


@contextmanager
def pictures_refused(m: Match) -> Iterator[None]:
    """A moderator takes Attach Files from the bot in the table's channel (its thread inherits the overwrite): from
    the next move on Discord refuses the table's picture, and the table shows as text. SimCord refuses a message
    sent with a file then, but not an edit that uploads one, which Discord refuses as well (Message, Edit Message;
    Permissions, "Implicit Permissions"): while inside, such an edit in the table's thread is answered 403 / 50013."""
    import discord
    from simcord.backend.models.channel import Overwrite
    from simcord.enums import OverwriteType

    from bot.ui import delivery

    m.env.backend.set_overwrite(m.channel.id, Overwrite(
        target_id=m.bot.user.id, type=OverwriteType.MEMBER, allow=0, deny=discord.Permissions(attach_files=True).value))
    edit = delivery.edit_message

    async def refusing_edit(client: Any, channel_id: int, message_id: int, **payload: Any) -> Any:
        if channel_id == m.thread.id and payload.get("attachments"):
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),  # type: ignore[arg-type]
                                    {"code": 50013, "message": "Missing Permissions"})
        return await edit(client, channel_id, message_id, **payload)

    delivery.edit_message = refusing_edit  # type: ignore[assignment]
    try:
        yield
    finally:
        delivery.edit_message = edit  # type: ignore[assignment]


async def click_move(m: Match, rng: random.Random) -> Any:
    """The player to act moves by a click, as a player does: a decision asked on the table message, or a card (a
    legal one) in their DM. Returns the click's result (its answers to the mover)."""
    seat = m.to_act()[0]
    asked = [c for c in components(m.table_message()) if cid(c).startswith("st:a:")]
    if asked:
        return await m.users[seat].click(m.table_message(), custom_id=cid(rng.choice(asked)))
    legal = set(m.table.engine.legal_actions(seat))
    cards = [c for c in components(m.dm(seat)) if cid(c).split(":", 4)[-1] in legal]
    return await m.users[seat].user.click(m.dm(seat), custom_id=cid(rng.choice(cards)))


async def shoot_as_text(m: Match, game: str, shoot: Shoot, rng: random.Random,
                        until: Callable[[], bool] = lambda: True, *, told: bool = True) -> None:
    """The picture refused (`pictures_refused`): moves until `until()` holds, then one more, and the table message in
    words. `told`: that move is a click (a decision on the table message, or a card button in the DM), whose mover
    is told privately why the table shows as text: that note in the mover's DM too."""
    with pictures_refused(m):
        await m.env.settle()  # the overwrite's CHANNEL_UPDATE reaches the bot
        await m.advance(rng, until)
        seat = m.to_act()[0]
        if told:
            result = await click_move(m, rng)
        else:
            await m.move(seat, rng.choice(m.table.engine.legal_actions(seat)))
        await shoot(f"{game}-text", m.thread, m.users[0], m.table_message())
        if told:
            note = next(f for f in result.followups if f.ephemeral)
            await shoot(f"{game}-told", m.users[seat].user.dm_channel, m.users[seat].user, note)


async def shoot_table_and_hand(m: Match, game: str, shoot: Shoot) -> None:
    """The table thread, and the DM hand of the player whose turn it is (their cards are the buttons)."""
    await shoot(f"{game}-table", m.thread, m.users[0], m.table_message())
    seat = m.to_act()[0]
    await shoot(f"{game}-hand", m.users[seat].user.dm_channel, m.users[seat].user, m.dm(seat))


async def schrum_like(m: Match, game: str, shoot: Shoot) -> None:
    """Schrum Schrum, Tač, Repezita: a few moves in, the table and the hand of the player to play."""
    rng = random.Random(5)
    moves = {"n": 0}

    def enough() -> bool:
        moves["n"] += 1
        return moves["n"] > 6

    await m.advance(rng, enough, prefer=lambda a: a.startswith("play"))
    await shoot_table_and_hand(m, game, shoot)
    if game == "schrum":  # the centre, the talons and the reserves in words
        await shoot_as_text(m, game, shoot, rng)


async def schroeoem(m: Match, shoot: Shoot) -> None:
    """Schrööm: the table and a hand in the play; then a knock, and the hold/fold question in the next DM."""
    rng = random.Random(2)
    engine = lambda: m.table.engine  # noqa: E731

    def playing() -> bool:
        view = engine().view(None)
        return view.get("phase") == "play" and bool(view.get("trick")) and \
            "knock" in engine().legal_actions(m.to_act()[0])

    await m.advance(rng, playing, prefer=lambda a: a in ("pass",) or a.startswith("play"))
    await shoot_table_and_hand(m, "schroeoem", shoot)
    seat = m.to_act()[0]
    dm = m.dm(seat)
    knock = next(cid(b) for b in components(dm) if cid(b).endswith(":knock"))
    await m.users[seat].user.click(dm, custom_id=knock)
    asked = next(s for s in m.to_act() if s != seat)
    await shoot("schroeoem-knock", m.users[asked].user.dm_channel, m.users[asked].user, m.dm(asked))
    await shoot("schroeoem-knocked", m.thread, m.users[0], m.table_message())


async def treppenromme(m: Match, shoot: Shoot) -> None:
    """Treppenrommé: a few rounds in, the take (talon or staircase menu) and the hand after taking; later a
    hand that can meld (the meld menus), and the table once that meld lies on it."""
    rng = random.Random(4)
    rounds = {"n": 0}

    def turn_begins() -> bool:
        seat = m.to_act()[0]
        if "draw" in m.table.engine.legal_actions(seat):
            rounds["n"] += 1
        return rounds["n"] > 4

    await m.advance(rng, turn_begins, prefer=lambda a: not a.startswith("meld") and not a.startswith("lay"))
    await shoot_table_and_hand(m, "treppenromme", shoot)
    seat = m.to_act()[0]
    dm = m.dm(seat)
    take = next(c for c in components(dm) if ":take" in cid(c))
    await m.users[seat].user.select(dm, [take.options[-1].value], custom_id=cid(take))
    await shoot("treppenromme-took", m.users[seat].user.dm_channel, m.users[seat].user, m.dm(seat))

    def can_meld() -> bool:
        return any(a.startswith("meld") for a in m.table.engine.legal_actions(m.to_act()[0]))

    await m.advance(rng, can_meld, prefer=lambda a: not a.startswith(("meld", "layoff")))
    seat = m.to_act()[0]
    await shoot("treppenromme-meld", m.users[seat].user.dm_channel, m.users[seat].user, m.dm(seat))
    meld = max((a for a in m.table.engine.legal_actions(seat) if a.startswith("meld")), key=len)
    await m.move(seat, meld)
    await shoot("treppenromme-melded", m.thread, m.users[0], m.table_message())
    await shoot_as_text(m, "treppenromme", shoot, rng, told=False)  # the staircase and the melds in words


async def rufmariasch(m: Match, shoot: Shoot) -> None:
    """Rufmariasch: the caller's DM with the trump and called-card menus, the table then; later a trick."""
    seat = m.to_act()[0]
    await shoot("rufmariasch-call", m.users[seat].user.dm_channel, m.users[seat].user, m.dm(seat))
    dm = m.dm(seat)
    trump = next(c for c in components(dm) if cid(c).endswith(":trump"))
    await m.users[seat].user.select(dm, [trump.options[0].value], custom_id=cid(trump))
    await shoot("rufmariasch-trump", m.users[seat].user.dm_channel, m.users[seat].user, m.dm(seat))
    await shoot("rufmariasch-calling", m.thread, m.users[0], m.table_message())
    rng = random.Random(6)
    await m.advance(rng, lambda: len(m.table.engine.view(None).get("trick") or []) >= 2)
    await shoot_table_and_hand(m, "rufmariasch", shoot)

    def second_trick() -> bool:  # a trick being played after one taken: both in words
        view = m.table.engine.view(None)
        return bool(view.get("last_trick")) and len(view.get("trick") or []) in (1, 2)

    await shoot_as_text(m, "rufmariasch", shoot, rng, second_trick)


GAMES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "schrum": ("schrum new", 4, {"variant": "schrum"}),  # 2, 4 or 8 players
    "tac": ("schrum new", 3, {"variant": "tac"}),
    "repezita": ("schrum new", 3, {"variant": "repezita"}),
    "schroeoem": ("schroeoem new", 3, {}),
    "treppenromme": ("treppenromme new", 3, {}),
    "rufmariasch": ("rufmariasch new", 4, {"stake": "1"}),
}


async def play_game(game: str, env: Any, lang: str, shoot: Shoot) -> None:
    """Open a table of `game` and photograph its scenes."""
    from bot.i18n import tr

    command, seats, options = GAMES[game]
    m = await open_match(env, lang, command, seats, tr, **options)
    if game == "schroeoem":
        await schroeoem(m, shoot)
    elif game == "treppenromme":
        await treppenromme(m, shoot)
    elif game == "rufmariasch":
        await rufmariasch(m, shoot)
    else:
        await schrum_like(m, game, shoot)
