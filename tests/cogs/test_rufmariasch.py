"""Rufmariasch for money through the real bot in SimCord: the stake at /rufmariasch new, the call in the
forehand's DM (draft menus, then Call), deals booked in the ledger, balance / ledger / settle, a restart
in the middle of a deal."""

from __future__ import annotations

import io
import random

import discord
import pytest
from PIL import Image

from bot.games.rufmariasch import DECK_32
from bot.ledger import deal_entries, format_money
from bot.tables.model import Seat, Table
from bot.ui.game_ui import card_label
from tests.cogs.helpers import button, components, dm, lobby_message, table_message
from tests.conftest import World


async def open_rm(world: World, **options):
    options = {k: v for k, v in {"stake": "0,50", "currency": "€", "deals": 4, **options}.items() if v is not None}
    result = await world.users[0].slash(world.channel, "rufmariasch new", **options)
    lobby = lobby_message(world)
    for user in world.users[1:4]:
        await user.click(lobby, custom_id=button(lobby, "Join").custom_id)
        lobby = lobby_message(world)
    return result, lobby


async def start_rm(world: World, **options):
    _, lobby = await open_rm(world, **options)
    await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    table = world.table()
    assert table.status == "running"
    return table


def menus(message):
    return {c.custom_id.rsplit(":", 1)[1]: c for c in components(message) if (c.custom_id or "").startswith("st:rm:d:")}


def call_button(message):
    return next(c for c in components(message) if (c.custom_id or "").startswith("st:a:") and "call" in c.custom_id)


async def call(world: World, table, trump: str, card: str):
    seat = min(table.engine.to_act())
    user = world.users[seat].user
    await user.select(dm(world, seat), [trump], custom_id=menus(dm(world, seat))["trump"].custom_id)
    part = "cards1" if card[-1] in "CS" else "cards2"
    await user.select(dm(world, seat), [card], custom_id=menus(dm(world, seat))[part].custom_id)
    return await user.click(dm(world, seat), custom_id=call_button(dm(world, seat)).custom_id)


async def play_until(world: World, table, rng: random.Random, *, hand: int | None = None, moves: int = 10_000):
    """Random legal clicks in the DM of whoever is to act (the call as T=♥, C=A♠) until deal `hand` begins
    (every card of a live hand is enabled: the player knows which ones may be played)."""
    for _ in range(moves):
        if table.engine.over or (hand is not None and table.engine.hand_no >= hand):
            return
        seat = min(table.engine.to_act())
        if table.engine.view(None)["phase"] == "call":
            result = await call(world, table, "H", "AS")
        else:
            legal = set(table.engine.legal_actions(seat))
            enabled = [c for c in components(dm(world, seat))
                       if not c.disabled and c.custom_id.split(":", 4)[4] in legal]
            result = await world.users[seat].user.click(dm(world, seat), custom_id=rng.choice(enabled).custom_id)
        assert not result.ephemeral, result.response.content


async def rows(world: World):
    out = await world.bot.db.fetchall("SELECT table_id, hand_no, user_id, amount, currency, kind FROM rufmariasch_ledger"
                                      " ORDER BY entry_id")
    return [tuple(r) for r in out]


async def book(world: World, deals: list[list[int]], users: list[int], *, table_id: int = 900, guild=None):
    """Ledger entries as a finished table would have booked them (for the balance/settle commands)."""
    guild_id = (guild or world.guild).id
    table = Table(id=table_id, guild_id=guild_id, channel_id=1, game="rufmariasch", options={}, seed=0,
                  host_id=users[0], settings={"currency": "€"}, seats=[Seat(user_id=u, name="x") for u in users])
    for n, deltas in enumerate(deals, start=1):
        await world.bot.db.write(deal_entries(table, {"type": "hand_scored", "hand_no": n, "deltas": deltas}))


# -- the stake ------------------------------------------------------------------------------------------------
async def test_bad_stakes_get_a_clear_private_answer_and_open_no_table(world: World):
    alice = world.users[0]
    for stake, reason in (("0", "more than zero"), ("-2", "more than zero"), ("zwei", "amount of money"),
                          ("5000", "at most 1,000.00"), ("0.005", "two decimal places")):
        result = await alice.slash(world.channel, "rufmariasch new", stake=stake)
        assert result.ephemeral and reason in result.response.content, (stake, result.response.content)
    bad_label = await alice.slash(world.channel, "rufmariasch new", stake="1", currency="@here")
    assert bad_label.ephemeral and "currency label" in bad_label.response.content
    odd = await alice.slash(world.channel, "rufmariasch new", stake="1", deals=6)
    assert odd.ephemeral and "multiple of 4" in odd.response.content
    assert world.bot.tables.tables == {}
    assert not [m for m in world.channel.history() if not m.flags.ephemeral]


async def test_the_stake_is_fixed_at_the_start_and_announced(world: World):
    result, _ = await open_rm(world, stake="0,50 €", currency=None)
    table = world.table()
    assert table.options["stake"] == 50 and table.settings["currency"] == "€"
    notice = [m.content for m in world.channel.history() if "per point" in (m.content or "")]
    assert notice and "0.50 €" in notice[0] and "4 deals" in notice[0]


# -- the call and a deal ----------------------------------------------------------------------------------------
async def test_the_call_is_drafted_in_the_forehands_dm_and_the_deal_is_booked(world: World):
    table = await start_rm(world)
    fh = min(table.engine.to_act())
    first = dm(world, fh)
    m = menus(first)
    assert set(m) == {"trump", "cards1", "cards2"} and len(m["trump"].options) == 4
    assert len(m["cards1"].options) == 16 and len(m["cards2"].options) == 16
    # the called card comes from either menu: the second reads as the alternative, not as a third step
    assert m["cards1"].placeholder.startswith("2. Called card") and m["cards2"].placeholder.startswith("… or a")
    assert call_button(first).disabled
    four = table.engine.view(fh)["hand"]
    assert len(four) == 4
    own = [o for o in m["cards1"].options + m["cards2"].options if o.description]
    assert sorted(o.value for o in own) == sorted(four)  # "in your hand: you would play alone"
    for other in set(range(4)) - {fh}:  # nothing to do while FH calls: a card clicked now is refused, saying why
        theirs = dm(world, other)
        assert not menus(theirs) and {c.custom_id.split(":", 4)[4].split()[0] for c in components(theirs)} == {"play"}
    other = (fh + 1) % 4
    refused = await world.users[other].user.click(dm(world, other), custom_id=components(dm(world, other))[0].custom_id)
    assert refused.ephemeral and "not your turn" in refused.response.content
    assert "calls trump and a partner card" in refused.response.content and table.version == 0

    user = world.users[fh].user
    await user.select(first, ["H"], custom_id=m["trump"].custom_id)
    after = dm(world, fh)
    assert [o.value for o in menus(after)["trump"].options if o.default] == ["H"]
    assert call_button(after).disabled and table.version == 0  # a draft is no move
    card = next(c for c in DECK_32 if c not in four and c[-1] == "S")
    await user.select(after, [card], custom_id=menus(after)["cards1"].custom_id)
    ready = call_button(dm(world, fh))
    assert not ready.disabled and card_label(card, "german") in ready.label and "♥" in ready.label
    await user.click(dm(world, fh), custom_id=ready.custom_id)
    view = table.engine.view(None)
    assert (view["trump"], view["called"], view["phase"]) == ("H", card, "play")
    assert all(len(table.engine.view(s)["hand"]) == 8 for s in range(4))

    public = table_message(world, table).content
    assert f"calls ♥ as trump and the {card_label(card, 'german')}" in public  # as the table's pictures name it
    hidden = {c for s in range(4) for c in table.engine.view(s)["hand"]} - {card}
    assert not [c for c in hidden if card_label(c, "german") in public]  # no card anyone still holds
    assert "'s partner" not in public and "alone against" not in public  # the partner is not known yet
    holder = table.engine.partner_seat  # only the holder of the called card learns it, in their own DM
    told = {s for s in range(4) if "silent partner" in dm(world, s).content or "alone against" in dm(world, s).content}
    assert told == {holder}

    await play_until(world, table, random.Random(4), hand=2)
    booked = await rows(world)
    assert len(booked) == 4 and {r[:2] for r in booked} == {(table.id, 1)} and sum(r[3] for r in booked) == 0
    assert [r[3] for r in booked] == [next(a for _, _, u, a, _, _ in booked if u == s.user_id) for s in table.seats]
    assert [r[3] for r in booked] == table.engine.view(None)["totals"]
    # the table picture carries the money strip under the table
    message = table_message(world, table)
    image = Image.open(io.BytesIO(await message.attachments[0].read()))
    assert image.size[0] == 960 and image.size[1] > 600
    # a score sheet after the deal
    thread = world.channel.threads[0]
    assert any(a.filename.startswith("scores-") for msg in thread.history() for a in msg.attachments)


async def test_a_draft_menu_from_an_earlier_moment_is_refused(world: World):
    table = await start_rm(world)
    fh = min(table.engine.to_act())
    member = world.users[fh]
    tm = table_message(world, table)
    mine = await member.click(tm, custom_id=button(tm, "My hand").custom_id)
    assert mine.ephemeral and menus(mine.response)
    await call(world, table, "C", "AC" if "AC" not in table.engine.view(fh)["hand"] else "10C")
    version = table.version
    stale = await member.select(mine.response, ["D"], custom_id=menus(mine.response)["trump"].custom_id)
    assert stale.ephemeral and "earlier moment" in stale.response.content
    assert table.version == version and table.engine.view(None)["trump"] == "C"


async def test_a_draft_on_an_hour_old_dm_comes_as_a_fresh_dm_not_an_edit(world: World, monkeypatch):
    """A caller who takes an hour over the call: their DM is an hour old, and Discord limits the edits of such
    messages (30046, answered 429, which discord.py sleeps out past the click's 3 s). The menu choice is deferred,
    the hand with the draft so far comes as a fresh DM, the old one goes, and the call is made from the new one."""
    table = await start_rm(world)
    fh = min(table.engine.to_act())
    user = world.users[fh].user
    await user.select(dm(world, fh), ["H"], custom_id=menus(dm(world, fh))["trump"].custom_id)
    old = dm(world, fh)
    born = discord.utils.snowflake_time(old.id).timestamp()
    monkeypatch.setattr(world.bot.table_ui.delivery, "clock", lambda: born + 3600)
    card = next(c for c in DECK_32 if c not in table.engine.view(fh)["hand"] and c[-1] == "S")
    start = len(world.env.http_requests)
    result = await user.select(old, [card], custom_id=menus(old)["cards1"].custom_id)
    assert not result.ephemeral
    sent = world.env.http_requests[start:]
    answers = [r.json.get("type") for r in sent if r.method == "POST" and "/callback" in r.path]
    assert answers == [discord.InteractionResponseType.deferred_message_update.value], answers
    assert not [r for r in sent if r.method == "PATCH" and (str(old.id) in r.path or "@original" in r.path)]
    assert [r for r in sent if r.method == "DELETE" and str(old.id) in r.path], "the old DM went"
    fresh = dm(world, fh)
    assert fresh.id != old.id and table.seats[fh].dm_message_id == fresh.id
    assert [o.value for o in menus(fresh)["trump"].options if o.default] == ["H"]  # the draft so far
    assert [o.value for o in menus(fresh)["cards1"].options if o.default] == [card]
    monkeypatch.setattr(world.bot.table_ui.delivery, "clock", lambda: world.env.now().timestamp())
    await user.click(fresh, custom_id=call_button(fresh).custom_id)
    assert (table.engine.view(None)["trump"], table.engine.view(None)["called"]) == ("H", card)


async def test_a_draft_on_an_hour_old_private_hand_comes_as_a_fresh_private_hand(world: World, monkeypatch):
    """The call drafted in a "My hand" answer an hour old (a caller whose DMs are closed plays from those): the
    choice is answered by a fresh private answer with the draft, not by an edit of the old one (30046), nor by a
    DM the caller may not get."""
    table = await start_rm(world)
    fh = min(table.engine.to_act())
    member = world.users[fh]
    tm = table_message(world, table)
    mine = (await member.click(tm, custom_id=button(tm, "My hand").custom_id)).response
    mine = (await member.select(mine, ["H"], custom_id=menus(mine)["trump"].custom_id)).response
    born = discord.utils.snowflake_time(mine.id).timestamp()
    monkeypatch.setattr(world.bot.table_ui.delivery, "clock", lambda: born + 3600)
    dm_before = dm(world, fh).id
    card = next(c for c in DECK_32 if c not in table.engine.view(fh)["hand"] and c[-1] == "S")
    start = len(world.env.http_requests)
    result = await member.select(mine, [card], custom_id=menus(mine)["cards1"].custom_id)
    sent = world.env.http_requests[start:]
    answers = [r.json.get("type") for r in sent if r.method == "POST" and "/callback" in r.path]
    assert answers == [discord.InteractionResponseType.channel_message.value], answers
    assert result.ephemeral and dm(world, fh).id == dm_before, "no DM instead"
    fresh = result.response
    chosen = {part: [o["value"] for o in menu.options if o.get("default")] for part, menu in menus(fresh).items()}
    assert chosen["trump"] == ["H"] and chosen["cards1"] == [card]  # the draft so far
    assert not call_button(fresh).disabled


async def test_a_restart_in_the_middle_of_a_deal_loses_no_entry_and_writes_none_twice(world: World, make_bot):
    table = await start_rm(world)
    rng = random.Random(11)
    await play_until(world, table, rng, hand=2)
    fh = min(table.engine.to_act())
    await world.users[fh].user.select(dm(world, fh), ["D"], custom_id=menus(dm(world, fh))["trump"].custom_id)
    assert len(await rows(world)) == 4

    await world.env.restart_bot(make_bot())  # in deal 2's call, with a drafted trump
    restored = world.bot.tables.tables[table.id]
    assert restored.engine.hand_no == 2 and len(await rows(world)) == 4
    old = dm(world, fh)
    await world.users[fh].user.select(old, ["KD"], custom_id=menus(old)["cards2"].custom_id)
    assert call_button(dm(world, fh)).disabled  # the draft did not survive the restart: only the card is there
    await world.users[fh].user.select(dm(world, fh), ["D"], custom_id=menus(dm(world, fh))["trump"].custom_id)
    await world.users[fh].user.click(dm(world, fh), custom_id=call_button(dm(world, fh)).custom_id)
    assert restored.engine.view(None)["called"] == "KD"
    await play_until(world, restored, rng, moves=10)
    await world.env.restart_bot(make_bot())  # and once more in the middle of the tricks
    restored = world.bot.tables.tables[table.id]
    await play_until(world, restored, rng, hand=3)
    booked = await rows(world)
    assert len(booked) == 8 and len({r[:3] for r in booked}) == 8
    assert [r[1] for r in booked] == [1] * 4 + [2] * 4
    per_seat = [sum(r[3] for r in booked if r[2] == s.user_id) for s in restored.seats]
    assert per_seat == restored.engine.view(None)["totals"]


# -- balance, ledger, settle --------------------------------------------------------------------------------------
async def test_balance_and_ledger_show_amounts_in_this_server_only(world: World):
    alice, bob, carol, dave = world.users
    ids = [u.id for u in world.users]
    await book(world, [[150, -150, 150, -150]] * 11 + [[-90, 30, 30, 30]], ids)
    mine = await alice.slash(world.channel, "rufmariasch balance")
    assert mine.ephemeral and "+15.60 €" in mine.response.content and "deals: 12, tables: 1" in mine.response.content
    theirs = await alice.slash(world.channel, "rufmariasch balance", user=bob)
    assert theirs.ephemeral and "−16.20 €" in theirs.response.content
    stranger = world.guild.add_member(world.env.create_user("erin"))
    nothing = await alice.slash(world.channel, "rufmariasch balance", user=stranger)
    assert nothing.ephemeral and "no Rufmariasch money booked" in nothing.response.content

    page = await alice.slash(world.channel, "rufmariasch ledger", user=carol)
    text = page.response.content
    assert page.ephemeral and "page 1 of 2" in text and text.count("table #900, deal") == 10
    assert "deal 12" in text and "+0.30 €" in text and "deal 2 " not in text
    older = await alice.click(page.response, custom_id=button(page.response, "Older ▶").custom_id)
    assert "page 2 of 2" in older.response.content and "deal 1 " in older.response.content
    assert button(older.response, "Older ▶").disabled

    other_guild = world.env.create_guild()
    other_channel = other_guild.create_text_channel("karten")
    there = other_guild.add_member(alice.user if hasattr(alice, "user") else alice)
    elsewhere = await there.slash(other_channel, "rufmariasch balance")
    assert elsewhere.ephemeral and "no Rufmariasch money booked" in elsewhere.response.content


async def test_settle_lists_the_fewest_payments_and_a_moderator_books_them(world: World):
    alice, bob, carol, dave = world.users
    ids = [u.id for u in world.users]
    await book(world, [[300, -300, 300, -300], [90, -30, -30, -30]], ids)
    proposal = await bob.slash(world.channel, "rufmariasch settle")
    text = proposal.response.content
    assert not proposal.ephemeral and text.count(" pays ") == 3
    assert f"<@{bob.id}> pays" in text and format_money(330, "€") in text
    refused = await bob.click(proposal.response, custom_id=button(proposal.response, "Confirm: settled").custom_id)
    assert refused.ephemeral and "Only a moderator" in refused.response.content
    assert len(await rows(world)) == 8

    role = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[role])
    done = await mod.click(proposal.response, custom_id=button(proposal.response, "Confirm: settled").custom_id)
    assert "Settled: confirmed by" in done.response.content and not done.response.components
    settle_rows = [r for r in await rows(world) if r[5] == "settle"]
    assert sorted(r[3] for r in settle_rows) == sorted([-390, 330, -270, 330])
    again = await bob.slash(world.channel, "rufmariasch balance")
    assert "+0.00 €" in again.response.content or "0.00 €" in again.response.content
    square = await alice.slash(world.channel, "rufmariasch settle")
    assert square.ephemeral and "Everyone is square" in square.response.content


async def test_a_long_settlement_shows_every_payment_it_squares(world: World):
    """Forty players with a balance: the fewest payments run past one message, so they go on over follow-ups, the
    button under the last; the moderator's confirmation is added in full."""
    people = [world.env.create_user(f"player{i:02d}") for i in range(40)]
    for user in people:
        world.guild.add_member(user)
    ids = [u.id for u in people]
    for n in range(10):  # four at a table; each table's balances sum to zero
        four = ids[4 * n:4 * n + 4]
        await book(world, [[300 + n, -100, -100, -100 - n]], four, table_id=900 + n)
    proposal = await world.users[0].slash(world.channel, "rufmariasch settle")
    pages = [proposal.response.content] + [f.content for f in proposal.followups]
    assert len(pages) > 1 and all(len(p) <= 2000 - 200 for p in pages)
    payments = "\n".join(pages)
    assert payments.count(" pays ") >= 30
    assert all(f"<@{u}>" in payments for u in ids), "every player with a balance is named"
    last = proposal.followups[-1]
    assert [b.label for b in components(last)] == ["Confirm: settled"]
    assert not components(proposal.response)
    role = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[role])
    done = await mod.click(last, custom_id=button(last, "Confirm: settled").custom_id)
    assert "Settled: confirmed by" in done.response.content and "40 balances are zero now" in done.response.content
    assert done.response.content.startswith(last.content)


def test_a_marriage_and_a_call_are_worded_as_the_deck_names_the_cards():
    """German faces (the default): the Ober is O, as in the pictures and the narration; a hint's call names the
    trump's sign and the card, not the engine's letters ("Call C A♣")."""
    from bot.ui.game_ui import card_style
    from bot.ui.suits import GERMAN_SUIT_TEXT, SUIT_TEXT, unjoined
    from cogs.ui.rufmariasch import RufmariaschUI

    ui = RufmariaschUI()
    hearts, acorns = SUIT_TEXT["H"], GERMAN_SUIT_TEXT["C"]
    with card_style("german", "en"):
        assert unjoined(ui.label("announce H", "en")) == f"Marriage K{hearts} O{hearts}"
        assert unjoined(ui.label("call C AC", "en")) == f"Trump {acorns}, called A{acorns}"
    with card_style("french", "en"):
        assert unjoined(ui.label("announce H", "en")) == f"Marriage K{hearts} Q{hearts}"


@pytest.mark.parametrize(("lang", "alone", "pair"), [
    ("en", "Deal 2: dieter loses alone 30:90", "Deal 2: anna & bernd win 61:59"),
    ("de", "Spiel 2: dieter verliert allein 30:90", "Spiel 2: anna & bernd gewinnen 61:59")])
def test_a_lone_callers_deal_is_told_in_the_singular(lang, alone, pair):
    from cogs.ui.rufmariasch import RufmariaschUI

    names = ["anna", "bernd", "ceca", "dieter"]
    event = {"type": "hand_scored", "hand_no": 2, "callers": [3], "callers_win": False, "callers_total": 30,
             "defenders_total": 90, "target": 61, "payment": 60, "stake": 10}
    assert RufmariaschUI().narrate(event, names, lang).startswith(alone)
    won = dict(event, callers=[0, 1], callers_win=True, callers_total=61, defenders_total=59)
    assert RufmariaschUI().narrate(won, names, lang).startswith(pair)


@pytest.mark.parametrize("lang", ["en", "hr"])
async def test_a_balance_in_many_currencies_fits_one_message(world, monkeypatch, lang):
    """/rufmariasch balance has a line per currency ever booked (a label each host types): past what fits in
    Discord's 2000 characters the reply says how many more, instead of a 400 and "This interaction failed"."""
    from tests.cogs.helpers import client_locale, discord_refusals

    client_locale(monkeypatch, lang)
    ids = [u.id for u in world.users]
    for k in range(60):  # 60 finished tables, each with its own currency label
        table = Table(id=900 + k, guild_id=world.guild.id, channel_id=1, game="rufmariasch", options={}, seed=0,
                      host_id=ids[0], settings={"currency": f"Währung{k:02d}ăș"},
                      seats=[Seat(user_id=u, name="x") for u in ids])
        await world.bot.db.write(deal_entries(table, {"type": "hand_scored", "hand_no": 1,
                                                      "deltas": [-123456, 41152, 41152, 41152]}))
    result = await world.users[0].slash(world.channel, "rufmariasch balance")
    assert not discord_refusals(world)
    content = result.response.content
    assert len(content) <= 2000 and content.splitlines()[-1].startswith("…"), content[-200:]


async def test_history_shows_a_rufmariasch_table_in_money_as_the_ledger_does(world: World):
    """The engine counts a stake game's totals in minor units: /history says "+1.20 €" as /rufmariasch balance
    does, not "120" (a hundred times the points)."""
    alice = world.users[0]
    await alice.slash(world.channel, "rufmariasch new", stake="0,10", currency="€", deals=4)
    for user in world.users[1:4]:
        await user.click(lobby_message(world), custom_id=button(lobby_message(world), "Join").custom_id)
    table = world.table()
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Start").custom_id)
    for _ in range(500):
        if table.status != "running":
            break
        seat = min(table.engine.to_act())
        await world.bot.tables.act(table.id, table.seats[seat].user_id, table.engine.default_action(seat))
    assert table.status == "finished"
    totals = table.engine.result()["totals"]
    line = (await alice.slash(world.channel, "history")).response.content.splitlines()[1]
    shown = [format_money(t, "€", "en", signed=True) for t in totals]
    assert all(amount in line for amount in shown if amount), (line, shown)
    assert not any(f" {t} " in f"{line} " or f" {t}," in line for t in totals if t), line
