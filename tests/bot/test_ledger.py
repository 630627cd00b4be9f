"""Rufmariasch money without Discord: stakes as typed, amounts as shown, fewest payments, and the ledger in
SQLite: one entry per player per deal in the action's own transaction, balances that always sum to zero,
nothing edited, a restart that neither loses nor repeats an entry, settlements booked once."""

from __future__ import annotations

import asyncio
import random
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.db import Database
from bot.games.rufmariasch import settle as engine_settle
from bot.ledger import (
    MAX_STAKE,
    Ledger,
    deal_entries,
    fewest_transfers,
    format_money,
    parse_label,
    parse_stake,
)
from bot.tables import TableService, UserError
from bot.tables.model import Seat, Table

GUILD = 7


# -- stakes and amounts ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "currency", "expected"), [
    ("0.50", None, (50, "")), ("0,50", None, (50, "")), ("2", None, (200, "")), (".5", None, (50, "")),
    ("0.05", "€", (5, "€")), ("0,5 €", None, (50, "€")), ("€2", None, (200, "€")), ("1 KM", None, (100, "KM")),
    ("2ct", "€", (200, "€")), (" 1000 ", None, (MAX_STAKE, "")), ("+3", "din", (300, "din")),
])
def test_stakes_people_type(text, currency, expected):
    assert parse_stake(text, currency) == expected


@pytest.mark.parametrize(("text", "reason"), [
    ("0", "more than zero"), ("0,00", "more than zero"), ("-1", "more than zero"), ("−0.50", "more than zero"),
    ("abc", "amount of money"), ("", "amount of money"), ("nan", "amount of money"), ("inf", "amount of money"),
    ("1e5", "amount of money"), ("1.2.3", "amount of money"), ("€1€", "amount of money"), ("1 000", "amount of money"),
    ("0.505", "two decimal places"), ("1,000.00", "amount of money"), ("1000.01", "at most 1,000.00"),
    ("99999999999999999999", "at most 1,000.00"), ("5 <@1>", "amount of money"),
])
def test_bad_stakes_are_refused_with_a_reason(text, reason):
    with pytest.raises(UserError) as err:
        parse_stake(text)
    assert reason in str(err.value)


def test_currency_labels():
    assert [parse_label(x) for x in ("€", " KM ", "ct", "", None, "din")] == ["€", "KM", "ct", "", "", "din"]
    for bad in ("<@123>", "toolong", "1€", "@here", "**"):
        with pytest.raises(UserError, match="currency label"):
            parse_label(bad)


def test_amounts_are_shown_in_the_readers_language():
    assert format_money(50) == "0.50"
    assert format_money(50, "€", "de") == "0,50 €"
    assert format_money(-150_000, "€", "en") == "−1,500.00 €"
    assert format_money(-150_000, "€", "de") == "−1.500,00 €"
    assert format_money(1234, "KM", signed=True) == "+12.34 KM"
    assert format_money(0, signed=True) == "0.00"


# -- fewest payments --------------------------------------------------------------------------------------------
@given(st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=12))
def test_payments_square_everyone_in_at_most_n_minus_1(amounts):
    balances = {i + 1: a for i, a in enumerate(amounts)}
    balances[0] = -sum(amounts)  # make them sum to zero
    moves = fewest_transfers(balances)
    left = dict(balances)
    for payer, payee, amount in moves:
        assert amount > 0 and balances[payer] < 0 < balances[payee]
        left[payer] += amount
        left[payee] -= amount
    assert all(v == 0 for v in left.values())
    assert len(moves) <= max(0, sum(1 for v in balances.values() if v) - 1)


def test_payments_prefer_exact_pairs():
    # 2 v 2 as after one deal: two payments, each loser to one winner
    assert sorted(fewest_transfers({1: 300, 2: 300, 3: -300, 4: -300})) == [(3, 1, 300), (4, 2, 300)]
    # a greedy largest-first pass would need three here; the exact pair comes first
    assert len(fewest_transfers({1: 500, 2: 200, 3: -200, 4: -500})) == 2
    assert fewest_transfers({}) == []
    with pytest.raises(ValueError):
        fewest_transfers({1: 5})


# -- the ledger ---------------------------------------------------------------------------------------------------
@pytest.fixture
async def db(tmp_path):
    database = await Database.open(tmp_path / "db.sqlite3")
    yield database
    await database.close()


def fake_table(table_id: int, users: list[int], *, guild: int = GUILD, currency: str = "€") -> Table:
    return Table(id=table_id, guild_id=guild, channel_id=1, game="rufmariasch", options={}, seed=0, host_id=users[0],
                 settings={"currency": currency}, seats=[Seat(user_id=u, name=str(u)) for u in users])


async def total(db: Database, guild: int = GUILD) -> dict[str, int]:
    rows = await db.fetchall("SELECT currency, SUM(amount) FROM rufmariasch_ledger WHERE guild_id = ? GROUP BY currency",
                             (guild,))
    return {r[0]: r[1] for r in rows}


deal_result = st.tuples(
    st.integers(0, 3), st.integers(0, 3),              # caller, partner (== caller: alone)
    st.integers(0, 90), st.integers(0, 60),            # callers' card points, marriages announced by callers
    st.integers(0, 100), st.integers(1, 500),          # defenders' total, stake
)
step = st.one_of(st.tuples(st.just("deal"), st.integers(0, 2), deal_result), st.tuples(st.just("settle")))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(step, max_size=25), players=st.permutations(range(1, 7)))
def test_the_balances_of_a_server_always_sum_to_zero(tmp_path_factory, steps, players):
    """Deals at three tables (two currencies, five people) and settlements in any order: after every step
    each currency's balances sum to zero, and after a settlement every balance up to it is zero."""

    async def run() -> None:
        db = await Database.open(tmp_path_factory.mktemp("ledger") / "db.sqlite3")
        try:
            ledger = Ledger(db)
            tables = [fake_table(1, players[:4]), fake_table(2, players[1:5]), fake_table(3, players[2:6],
                                                                                       currency="KM")]
            hand_no = {1: 0, 2: 0, 3: 0}
            for s in steps:
                if s[0] == "deal":
                    table = tables[s[1]]
                    caller, partner, cards, announced, defenders, stake = s[2]
                    _, _, deltas = engine_settle(caller, partner, cards + announced, defenders, announced, stake)
                    hand_no[table.id] += 1
                    await db.write(deal_entries(table, {"type": "hand_scored", "hand_no": hand_no[table.id],
                                                        "deltas": deltas}))
                else:
                    upto = await ledger.last_entry(GUILD)
                    try:
                        await ledger.settle(GUILD, upto)
                    except UserError:
                        assert not await ledger.balances(GUILD)  # only refused when there is nothing to settle
                    assert await ledger.balances(GUILD) == {}  # nothing was booked since `upto`
                assert all(v == 0 for v in (await total(db)).values())
                for users in (await ledger.balances(GUILD)).values():
                    assert sum(users.values()) == 0
        finally:
            await db.close()

    asyncio.run(run())


async def test_entries_cannot_be_edited_or_deleted_only_anonymised(db):
    await db.write(deal_entries(fake_table(1, [1, 2, 3, 4]), {"type": "hand_scored", "hand_no": 1,
                                                              "deltas": [30, -30, 30, -30]}))
    for sql in ("UPDATE rufmariasch_ledger SET amount = 0", "DELETE FROM rufmariasch_ledger",
                "UPDATE rufmariasch_ledger SET user_id = 9 WHERE user_id = 1",
                "UPDATE rufmariasch_ledger SET user_id = -entry_id, amount = 0 WHERE user_id = 1"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            await db.execute(sql)
    with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):  # a deal is booked once per player
        await db.write(deal_entries(fake_table(1, [1, 2, 3, 4]), {"type": "hand_scored", "hand_no": 1,
                                                                  "deltas": [30, -30, 30, -30]}))
    # /privacy forget-me: the person's entries stay, under -entry_id; every amount is as it was
    await db.execute("UPDATE rufmariasch_ledger SET user_id = -entry_id WHERE user_id = 1")
    rows = await db.fetchall("SELECT entry_id, user_id, amount FROM rufmariasch_ledger ORDER BY entry_id")
    assert [tuple(r) for r in rows] == [(1, -1, 30), (2, 2, -30), (3, 3, 30), (4, 4, -30)]


async def test_a_settlement_is_booked_once_and_never_on_top_of_a_newer_one(db):
    ledger = Ledger(db)
    t = fake_table(1, [1, 2, 3, 4])
    await db.write(deal_entries(t, {"type": "hand_scored", "hand_no": 1, "deltas": [50, -50, 50, -50]}))
    first = await ledger.last_entry(GUILD)
    await db.write(deal_entries(t, {"type": "hand_scored", "hand_no": 2, "deltas": [90, -30, -30, -30]}))
    second = await ledger.last_entry(GUILD)
    assert await ledger.settle(GUILD, second) == {"€": {1: 140, 2: -80, 3: 20, 4: -80}}
    assert await ledger.balances(GUILD) == {}
    with pytest.raises(UserError, match="already booked"):
        await ledger.settle(GUILD, second)  # a second click on the same proposal
    with pytest.raises(UserError, match="already booked"):
        await ledger.settle(GUILD, first)   # an older proposal after a newer one was booked
    # deals after a proposal stay open when it is booked
    await db.write(deal_entries(t, {"type": "hand_scored", "hand_no": 3, "deltas": [10, -10, 10, -10]}))
    upto = await ledger.last_entry(GUILD)
    await db.write(deal_entries(t, {"type": "hand_scored", "hand_no": 4, "deltas": [-20, 20, -20, 20]}))
    await ledger.settle(GUILD, upto)
    assert await ledger.balances(GUILD) == {"€": {1: -20, 2: 20, 3: -20, 4: 20}}
    kinds = await db.fetchall("SELECT kind, COUNT(*), SUM(amount) FROM rufmariasch_ledger GROUP BY kind")
    assert [tuple(r) for r in kinds] == [("deal", 16, 0), ("settle", 8, 0)]


async def test_balances_and_entries_stay_in_their_server(db):
    ledger = Ledger(db)
    await db.write(deal_entries(fake_table(1, [1, 2, 3, 4]), {"type": "hand_scored", "hand_no": 1,
                                                              "deltas": [30, -30, 30, -30]}))
    await db.write(deal_entries(fake_table(2, [1, 2, 3, 4], guild=8), {"type": "hand_scored", "hand_no": 1,
                                                                       "deltas": [-90, 30, 30, 30]}))
    [mine] = await ledger.summary(GUILD, 1)
    assert (mine.currency, mine.balance, mine.deals, mine.tables) == ("€", 30, 1, 1)
    rows, count = await ledger.entries(8, 1, upto=await ledger.last_entry(8))
    assert count == 1 and rows[0]["amount"] == -90 and rows[0]["table_id"] == 2
    assert await ledger.summary(GUILD, 99) == []


# -- through the table service: the same transaction as the move ----------------------------------------------
async def open_table(service: TableService, *, stake: int = 50, seed: int = 11, channel: int = 10,
                     users: tuple[int, ...] = (101, 102, 103, 104)) -> Table:
    table = await service.create(guild_id=GUILD, channel_id=channel, host_id=users[0], host_name="h",
                                 game="rufmariasch", options={"deals": 4, "stake": stake},
                                 settings={"currency": "€", "turn_timer": 0}, seed=seed)
    for uid in users[1:]:
        await service.join(table.id, uid, f"p{uid}")
    await service.start(table.id, users[0])
    return table


async def play(service: TableService, table: Table, rng: random.Random, *, until_hand: int | None = None,
               moves: int | None = None) -> None:
    """Random legal moves until the match is over, deal `until_hand` begins, or `moves` were made."""
    done = 0
    while not table.engine.over and (until_hand is None or table.engine.hand_no < until_hand):
        if moves is not None and done >= moves:
            return
        seat = min(table.engine.to_act())
        await service.act(table.id, table.seats[seat].user_id, rng.choice(table.engine.legal_actions(seat)))
        done += 1


def with_ledger(service: TableService) -> TableService:
    service.add_result_writer("rufmariasch", deal_entries)
    return service


async def ledger_rows(db: Database) -> list[tuple[int, int, int, int]]:
    rows = await db.fetchall("SELECT table_id, hand_no, user_id, amount FROM rufmariasch_ledger WHERE kind = 'deal'"
                             " ORDER BY entry_id")
    return [tuple(r) for r in rows]


async def test_a_match_books_every_deal_once_and_the_ledger_matches_the_engine(db):
    service = with_ledger(TableService(db))
    tables = [await open_table(service, seed=3, channel=10),
              await open_table(service, seed=4, channel=11, users=(101, 105, 106, 107))]
    rng = random.Random(5)
    for table in tables:
        await play(service, table, rng)
        assert table.status == "finished"
    rows = await ledger_rows(db)
    assert len(rows) == 2 * 4 * 4 and len(set(r[:3] for r in rows)) == len(rows)
    for table in tables:
        per_user = {s.user_id: 0 for s in table.seats}
        for table_id, _, user_id, amount in rows:
            if table_id == table.id:
                per_user[user_id] += amount
        assert [per_user[s.user_id] for s in table.seats] == table.engine.result()["totals"]
    assert sum(r[3] for r in rows) == 0
    await service.close()


async def test_ledger_entries_are_written_with_the_move_or_not_at_all(db):
    service = with_ledger(TableService(db))
    table = await open_table(service)
    rng = random.Random(2)
    await play(service, table, rng, moves=32)  # the call and 31 cards: one card left
    seat = min(table.engine.to_act())
    [last] = table.engine.legal_actions(seat)
    fail = True

    def broken(table_, event, engine):  # a later statement of the same transaction fails
        return [("INSERT INTO no_such_table VALUES (1)", ())] if fail else []

    service.add_result_writer("rufmariasch", broken)
    version = table.version
    with pytest.raises(sqlite3.OperationalError):
        await service.act(table.id, table.seats[seat].user_id, last)
    assert await ledger_rows(db) == []  # the ledger statements came first and were rolled back with the move
    assert table.version == version and table.engine.hand_no == 1 and table.engine.legal_actions(seat) == [last]
    count = await db.fetchone("SELECT COUNT(*) FROM actions WHERE table_id = ?", (table.id,))
    assert count[0] == version
    fail = False
    await service.act(table.id, table.seats[seat].user_id, last)
    rows = await ledger_rows(db)
    assert [r[:3] for r in rows] == [(table.id, 1, uid) for uid in (101, 102, 103, 104)]
    assert [r[3] for r in rows] == table.engine.view(None)["totals"]
    await service.close()


async def test_a_restart_in_the_middle_of_a_deal_loses_no_entry_and_writes_none_twice(tmp_path):
    path = tmp_path / "db.sqlite3"
    db = await Database.open(path)
    service = with_ledger(TableService(db))
    table = await open_table(service)
    rng = random.Random(9)
    await play(service, table, rng, until_hand=2)
    await play(service, table, rng, moves=13)  # deal 2: the call and three tricks
    before = await ledger_rows(db)
    assert len(before) == 4 and {r[1] for r in before} == {1}
    totals = table.engine.view(None)["totals"]
    await service.close()
    await db.close()

    db = await Database.open(path)  # the bot comes back: tables are restored by replaying their logs
    service = with_ledger(TableService(db))
    [restored] = await service.restore()
    assert restored.engine.hand_no == 2 and restored.engine.view(None)["totals"] == totals
    assert await ledger_rows(db) == before  # replaying wrote nothing
    await play(service, restored, rng, until_hand=3)
    rows = await ledger_rows(db)
    assert rows[:4] == before and len(rows) == 8 and [r[1] for r in rows[4:]] == [2] * 4
    assert len(set(r[:3] for r in rows)) == 8
    per_seat = [sum(r[3] for r in rows if r[2] == s.user_id) for s in restored.seats]
    assert per_seat == restored.engine.view(None)["totals"]
    await service.close()
    await db.close()


async def test_a_forget_me_that_lands_while_a_settlement_is_read_is_squared_as_it_stands(tmp_path):
    """The settlement's counter-entries are summed where they are written: a forget-me committed between the
    settlement's read of the balances and its write leaves every balance zero and the forgotten id gone."""
    from bot.ledger import INSERT, Ledger
    from bot.stats.store import StatsStore

    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        ledger, stats = Ledger(db), StatsStore(db)
        await db.write([(INSERT, (1, 7, 1, user, amount, "€", "deal", None))
                        for user, amount in ((111, 300), (222, -100), (333, -100), (444, -100))])
        upto = await ledger.last_entry(1)
        read = db.fetchall

        async def forget_meanwhile(sql, params=()):
            rows = asyncio.ensure_future(read(sql, params))
            if "GROUP BY currency, user_id" in sql:
                await asyncio.sleep(0)  # the read is queued first; the forget-me click lands right after it
                asyncio.ensure_future(stats.forget(111))
            return await rows

        db.fetchall = forget_meanwhile  # type: ignore[method-assign]
        await ledger.settle(1, upto)
        db.fetchall = read  # type: ignore[method-assign]
        await asyncio.sleep(0.05)
        assert await ledger.balances(1) == {}
        ids = {r[0] for r in await db.fetchall("SELECT user_id FROM rufmariasch_ledger")}
        assert 111 not in ids and not await stats.known(111)
    finally:
        await db.close()
