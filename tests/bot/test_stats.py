"""Leaderboards, ratings, seasons, history and forgetting, from crafted histories and real matches."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from bot.db import Database
from bot.games import GAMES
from bot.stats import StatsStore
from bot.stats import games as G
from bot.stats.ratings import rate, shown
from bot.stats.replay import Replay
from bot.stats.schroeoem import replay_games
from bot.stats.store import FORMER_ID
from bot.tables import TableService

GUILD = 1


@pytest.fixture
async def db(tmp_path):
    db = await Database.open(tmp_path / "s.sqlite3")
    yield db
    await db.close()


@pytest.fixture
def store(db):
    return StatsStore(db)


async def craft(db, store, game, users, totals, *, winners=None, hands=None, status="finished", ended_at=None,
                guild=GUILD, rate_now=True):
    """A table as the framework leaves it, plus its record (only when finished)."""
    table_id = await db.execute(
        "INSERT INTO tables (guild_id, channel_id, game, seed, host_id, status, ended_at) VALUES (?, 5, ?, 1, ?, ?, ?)",
        (guild, game, users[0], status, ended_at or "2026-01-01T00:00:00.000Z"))
    for seat, user in enumerate(users):
        await db.execute("INSERT INTO players (user_id, name) VALUES (?, ?) ON CONFLICT DO NOTHING",
                         (user, f"user{user}"))
        await db.execute("INSERT INTO seats (table_id, seat, user_id) VALUES (?, ?, ?)", (table_id, seat, user))
    hands = hands if hands is not None else [{"deltas": list(totals)}]
    running = [0] * len(users)
    for no, hand in enumerate(hands, start=1):
        detail = {k: v for k, v in hand.items() if k != "deltas"}
        for seat, d in enumerate(hand["deltas"]):
            running[seat] += d
            await db.execute("INSERT INTO hand_results (table_id, hand_no, seat, delta, total, detail)"
                             " VALUES (?, ?, ?, ?, ?, ?)", (table_id, no, seat, d, running[seat], json.dumps(detail)))
    if status == "finished":
        if winners is None:
            best = (min if game in G.LOWER_IS_BETTER else max)(totals)
            winners = [s for s, t in enumerate(totals) if t == best]
        result = {"totals": list(totals), "hands": hands, "winners": winners}
        await db.write(store.match_statements(table_id, guild, game, list(users), [f"user{u}" for u in users],
                                              result, winners, ended_at=ended_at))
        if rate_now:
            await store.rate_table(table_id)
    return table_id


# -- per-game meaning ------------------------------------------------------------------------------
def test_competition_ranks_share_ties():
    assert G.competition_ranks([5, 7, 7, 1]) == [3, 1, 1, 4]
    assert G.competition_ranks([5, 7, 7, 1], lower_is_better=True) == [2, 3, 3, 1]


def test_schroeoem_places_follow_elimination_order():
    result = {"winners": [2], "totals": [0, -1, 3, 0],
              "hands": [{"deltas": [0] * 4, "eliminated": [1]}, {"deltas": [0] * 4, "eliminated": [0, 3]}]}
    assert G.places("schroeoem", result, 4) == [2, 4, 1, 2]


def test_rufmariasch_deals_are_team_games():
    hands = [{"deltas": [10, 10, -10, -10], "callers": [0, 1], "defenders": [2, 3], "callers_win": True},
             {"deltas": [-30, 10, 10, 10], "callers": [0], "defenders": [1, 2, 3], "callers_win": False}]
    games = G.rating_games("rufmariasch", {"hands": hands}, 4)
    assert games == [([[0, 1], [2, 3]], [1, 2]), ([[0], [1, 2, 3]], [2, 1])]


def test_schieberamsch_grand_hand_is_one_against_two_and_ramsch_ranks_the_deal():
    hands = [{"deltas": [-9, 0, 0], "mode": "grand", "solo": 0, "won": True},
             {"deltas": [0, 7, 0], "mode": "ramsch"},
             {"deltas": [0, 0, 0], "mode": "ramsch"}]
    games = G.rating_games("schieberamsch", {"hands": hands}, 3)
    assert games == [([[0], [1, 2]], [1, 2]), ([[0], [1], [2]], [1, 3, 1])]


def test_openskill_teams_move_both_partners():
    new = rate({}, [([["a", "b"], ["c", "d"]], [1, 2])])
    assert new["a"] == new["b"] and new["a"][0] > 25 > new["c"][0]
    assert shown(25.0, 25 / 3) == 1000


# -- leaderboards from crafted histories -----------------------------------------------------------
async def test_leaderboard_ranks_ties_together_and_ignores_abandoned_tables(db, store):
    await craft(db, store, "schrum", [1, 2, 3], [2, 1, 0])
    await craft(db, store, "schrum", [2, 1, 3], [2, 1, 0])
    await craft(db, store, "schrum", [3, 1], [0, 0], winners=[])  # nobody won
    await craft(db, store, "schrum", [3, 2], [5, 0], status="abandoned")  # counts nowhere
    board = await store.leaderboard(GUILD, "schrum")
    by_user = {a.user_id: a for a in board.rows}
    assert [a.user_id for a in board.rows] == [1, 2, 3]
    # one win each: the average place decides (user 1: places 1, 2 and a shared 1 = 1.33; user 2: 2, 1 = 1.5)
    assert (by_user[1].rank, by_user[2].rank) == (1, 2)
    assert (by_user[1].wins, by_user[1].matches, by_user[1].place_sum) == (1, 3, 4)
    assert (by_user[3].wins, by_user[3].matches) == (0, 3)
    assert by_user[3].rank == 3


async def test_exact_ties_share_a_place_and_the_next_is_skipped(db, store):
    await craft(db, store, "tac", [1, 2], [1, 0])
    await craft(db, store, "tac", [2, 1], [1, 0])
    await craft(db, store, "tac", [3, 4], [1, 0])
    board = await store.leaderboard(GUILD, "tac")
    ranks = {a.user_id: a.rank for a in board.rows}
    assert ranks == {3: 1, 1: 2, 2: 2, 4: 4}


async def test_schieberamsch_average_per_deal_lower_is_better(db, store):
    three = [{"deltas": [0, 0, 0]}] * 3
    await craft(db, store, "schieberamsch", [1, 2, 3], [3, 12, -6], hands=[{"deltas": [3, 12, -6]}, *three[:2]])
    await craft(db, store, "schieberamsch", [1, 2, 3], [0, 0, 9], hands=three)
    board = await store.leaderboard(GUILD, "schieberamsch")
    assert [(a.user_id, a.total, a.hands) for a in board.rows] == [(1, 3, 6), (3, 3, 6), (2, 12, 6)]
    assert board.rows[0].rank == board.rows[1].rank == 1  # both +0.50 per deal; the name orders them
    assert board.rows[2].rank == 3
    assert [a.wins for a in board.rows] == [1, 1, 1]  # the series' lowest totals: -6, then 0 and 0 shared


async def test_seasons_and_months_split_the_record(db, store):
    await craft(db, store, "treppenromme", [1, 2], [500, 300], ended_at="2026-01-10T10:00:00.000Z")
    await store.db.execute("INSERT INTO seasons (guild_id, number, started_at) VALUES (?, 2, ?)",
                           (GUILD, "2026-02-01T00:00:00.000Z"))
    await craft(db, store, "treppenromme", [1, 2], [100, 520], ended_at="2026-02-10T10:00:00.000Z")
    await craft(db, store, "treppenromme", [1, 2], [200, 510], ended_at="2026-02-11T10:00:00.000Z")
    season1 = await store.leaderboard(GUILD, "treppenromme", "season", season=1)
    season2 = await store.leaderboard(GUILD, "treppenromme", "season")
    assert season2.season == 2
    assert [(a.user_id, a.wins) for a in season1.rows] == [(1, 1), (2, 0)]
    assert [(a.user_id, a.wins) for a in season2.rows] == [(2, 2), (1, 0)]
    everything = await store.leaderboard(GUILD, "treppenromme", "all")
    assert [(a.user_id, a.wins, a.matches) for a in everything.rows] == [(2, 2, 3), (1, 1, 3)]
    jan = await store.leaderboard(GUILD, "treppenromme", "month", now=datetime(2026, 1, 31, tzinfo=UTC))
    assert [(a.user_id, a.matches) for a in jan.rows] == [(1, 1), (2, 1)]
    march = await store.leaderboard(GUILD, "treppenromme", "month", now=datetime(2026, 3, 1, tzinfo=UTC))
    assert march.rows == []
    # the season stream of ratings starts afresh: user 1 lost both season-2 sessions
    assert season2.rows[1].rating < everything.rows[1].rating or season2.rows[1].rating < 1000


async def test_other_servers_and_games_do_not_mix(db, store):
    await craft(db, store, "schrum", [1, 2], [1, 0])
    await craft(db, store, "schrum", [1, 2], [0, 1], guild=99)
    await craft(db, store, "tac", [1, 2], [0, 1])
    board = await store.leaderboard(GUILD, "schrum")
    assert [(a.user_id, a.wins) for a in board.rows] == [(1, 1), (2, 0)]
    assert (await store.leaderboard(GUILD, "repezita")).rows == []


async def test_ratings_are_applied_once_and_caught_up_after_a_crash(db, store):
    t1 = await craft(db, store, "repezita", [1, 2, 3], [2, 1, 0], rate_now=False)
    t2 = await craft(db, store, "repezita", [1, 2, 3], [2, 1, 0], rate_now=False)
    assert await store.catch_up() == 2
    assert await store.catch_up() == 0
    assert not await store.rate_table(t1) and not await store.rate_table(t2)
    rows = await db.fetchall("SELECT user_id, matches FROM ratings WHERE season = 0 ORDER BY user_id")
    assert [(r["user_id"], r["matches"]) for r in rows] == [(1, 2), (2, 2), (3, 2)]
    board = await store.leaderboard(GUILD, "repezita")
    assert board.rows[0].user_id == 1 and board.rows[0].rating > board.rows[2].rating


async def test_rufmariasch_balance_comes_from_the_ledger(db, store):
    hands = [{"deltas": [10, 10, -10, -10], "callers": [0, 1], "defenders": [2, 3], "callers_win": True}]
    table_id = await db.execute("INSERT INTO tables (guild_id, channel_id, game, seed, host_id, status)"
                                " VALUES (?, 5, 'rufmariasch', 1, 1, 'finished')", (GUILD,))
    for seat, (user, amount) in enumerate(zip([1, 2, 3, 4], [250, 250, -250, -250], strict=True)):
        await db.execute("INSERT INTO players (user_id, name) VALUES (?, ?)", (user, f"user{user}"))
        await db.execute("INSERT INTO seats (table_id, seat, user_id) VALUES (?, ?, ?)", (table_id, seat, user))
        await db.execute("INSERT INTO rufmariasch_ledger (guild_id, table_id, hand_no, user_id, amount, currency, kind)"
                         " VALUES (?, ?, 1, ?, ?, '€', 'deal')", (GUILD, table_id, user, amount))
    await db.write(store.match_statements(table_id, GUILD, "rufmariasch", [1, 2, 3, 4], ["a", "b", "c", "d"],
                                          {"totals": [10, 10, -10, -10], "hands": hands}, [0, 1]))
    board = await store.leaderboard(GUILD, "rufmariasch")
    assert [(a.user_id, a.money, a.rank) for a in board.rows] == [(1, 250, 1), (2, 250, 1), (3, -250, 3),
                                                                   (4, -250, 3)]
    assert board.currency == "€"
    from bot.stats.boards import cells
    assert cells("rufmariasch", board.rows[0], "de")[0] == "+2,50 €"


async def _ruf_table(db, store, users, amounts, currency):
    hands = [{"deltas": [10, 10, -10, -10], "callers": [0, 1], "defenders": [2, 3], "callers_win": True}]
    table_id = await db.execute("INSERT INTO tables (guild_id, channel_id, game, seed, host_id, status)"
                                " VALUES (?, 5, 'rufmariasch', 1, 1, 'finished')", (GUILD,))
    for seat, (user, amount) in enumerate(zip(users, amounts, strict=True)):
        await db.execute("INSERT INTO players (user_id, name) VALUES (?, ?) ON CONFLICT DO NOTHING",
                         (user, f"user{user}"))
        await db.execute("INSERT INTO seats (table_id, seat, user_id) VALUES (?, ?, ?)", (table_id, seat, user))
        await db.execute("INSERT INTO rufmariasch_ledger (guild_id, table_id, hand_no, user_id, amount, currency, kind)"
                         " VALUES (?, ?, 1, ?, ?, ?, 'deal')", (GUILD, table_id, user, amount, currency))
    await db.write(store.match_statements(table_id, GUILD, "rufmariasch", users, [f"u{u}" for u in users],
                                          {"totals": [10, 10, -10, -10], "hands": hands}, [0, 1]))


async def test_balances_of_two_currencies_are_never_added(db, store):
    """One server plays for euros at two tables and for marks at one: the board ranks by the euro balance (its
    main currency), a marks-only player has no euro balance ("–", after the others, not ranked by a sum in minor
    units), and /stats shows the balance of the currency a person played most, not euros plus marks."""
    from bot.stats.boards import cells

    await _ruf_table(db, store, [1, 2, 3, 4], [1000, 1000, -1000, -1000], "€")
    await _ruf_table(db, store, [1, 2, 3, 4], [-300, -300, 300, 300], "€")
    await _ruf_table(db, store, [1, 5, 6, 7], [500, 500, -500, -500], "KM")
    board = await store.leaderboard(GUILD, "rufmariasch")
    assert board.currency == "€"
    assert [a.user_id for a in board.rows][:2] == [1, 2] and board.rows[-1].money is None
    marks_only = next(a for a in board.rows if a.user_id == 5)
    assert cells("rufmariasch", marks_only, "en")[0] == "–"
    stats = await store.player_stats(GUILD, 1)
    (ruf,) = [g for g in stats.games if g.game == "rufmariasch"]
    assert (ruf.agg.money, ruf.agg.currency) == (700, "€")


# -- forgetting ------------------------------------------------------------------------------------
async def test_forget_me_anonymises_seats_and_ledger_but_keeps_others_balances(db, store):
    t = await craft(db, store, "schrum", [1, 2, 3], [2, 1, 0])
    await db.execute("INSERT INTO rufmariasch_ledger (guild_id, table_id, hand_no, user_id, amount, kind)"
                     " VALUES (?, ?, 1, 1, 500, 'deal'), (?, ?, 1, 2, -500, 'deal')", (GUILD, t, GUILD, t))
    await store.forget(1)
    board = await store.leaderboard(GUILD, "schrum")
    assert [a.user_id for a in board.rows] == [2, 3]
    assert await store.player_stats(GUILD, 1) is None
    history = await store.history(GUILD)
    assert [(s.user_id, s.name) for s in history[0].seats] == [(-FORMER_ID, ""), (2, "user2"), (3, "user3")]
    ledger = await db.fetchall("SELECT user_id, amount FROM rufmariasch_ledger ORDER BY entry_id")
    assert [(r["user_id"], r["amount"]) for r in ledger] == [(-1, 500), (2, -500)]
    assert await db.fetchone("SELECT 1 FROM players WHERE user_id = 1") is None
    assert await db.fetchone("SELECT 1 FROM ratings WHERE user_id = 1") is None
    # the ledger is still append-only for anything else
    with pytest.raises(Exception, match="append-only"):
        await db.execute("UPDATE rufmariasch_ledger SET amount = 0 WHERE user_id = 2")


async def test_forget_me_works_after_a_game_with_a_computer(db, store):
    """A computer seat's id counts down from -1 in its table, so a former player's id must come from elsewhere:
    forgetting the host of a practice table must not collide with the computer beside them (one transaction:
    before, it failed whole and nobody who had played a computer could be forgotten)."""
    t = await craft(db, store, "schrum", [1, -1, 3], [2, 1, 0], status="abandoned")
    await store.forget(1)
    seats = await db.fetchall("SELECT seat, user_id FROM seats WHERE table_id = ? ORDER BY seat", (t,))
    assert seats[1]["user_id"] == -1 and seats[0]["user_id"] < -1 and seats[2]["user_id"] == 3
    assert not await store.known(1)


# -- real matches through the table service ---------------------------------------------------------
async def play_out(service, table, *, limit=5000):
    for _ in range(limit):
        engine = table.engine
        if engine.over:
            return
        seat = min(engine.waiting_for())
        await service.act(table.id, table.seats[seat].user_id, engine.default_action(seat))
    raise AssertionError("the match did not end")


async def test_a_finished_match_is_recorded_in_its_own_transaction_and_rated(db, store):
    service = TableService(db)
    store.attach(service)
    table = await service.create(guild_id=GUILD, channel_id=5, host_id=1, host_name="alice", game="schieberamsch",
                                 options={"deals": 3}, settings={"turn_timer": 0}, seed=42)
    await service.join(table.id, 2, "bob")
    await service.join(table.id, 3, "carol")
    await service.start(table.id, 1)
    await play_out(service, table)
    rows = await db.fetchall("SELECT seat, user_id, name, total, hands, winner FROM stat_results WHERE table_id = ?"
                             " ORDER BY seat", (table.id,))
    assert [r["name"] for r in rows] == ["alice", "bob", "carol"]
    assert [r["total"] for r in rows] == table.engine.result()["totals"]
    assert all(r["hands"] == 3 for r in rows)
    assert await db.fetchone("SELECT 1 FROM rated_tables WHERE table_id = ?", (table.id,))
    # an abandoned table leaves nothing behind
    other = await service.create(guild_id=GUILD, channel_id=6, host_id=1, host_name="alice", game="schieberamsch",
                                 settings={"turn_timer": 0}, seed=1)
    await service.join(other.id, 2, "bob")
    await service.join(other.id, 3, "carol")
    await service.start(other.id, 1)
    seat = min(other.engine.waiting_for())
    await service.act(other.id, other.seats[seat].user_id, other.engine.default_action(seat))
    await service.cancel(other.id, 1)
    assert await db.fetchone("SELECT 1 FROM stat_results WHERE table_id = ?", (other.id,)) is None
    board = await store.leaderboard(GUILD, "schieberamsch")
    assert sum(a.matches for a in board.rows) == 3
    await service.close()


async def finished_without_stats(db, *, seed: int = 7, channel_id: int = 5):
    """A two-player Schrum match played out by a table service with no stats attached (as before stats existed)."""
    service = TableService(db)
    table = await service.create(guild_id=GUILD, channel_id=channel_id, host_id=1, host_name="alice", game="schrum",
                                 settings={"turn_timer": 0}, seed=seed)
    await service.join(table.id, 2, "bob")
    await service.start(table.id, 1)
    await play_out(service, table)
    await service.close()
    return table


async def test_catch_up_records_tables_finished_before_stats_existed(db, store):
    table = await finished_without_stats(db)
    assert await db.fetchone("SELECT 1 FROM stat_results") is None
    # noted unrecordable under older engines: tried again, recorded, and the note goes
    await db.execute("INSERT INTO stat_unrecordable (table_id, reason, fingerprint) VALUES (?, 'x', 'old')",
                     (table.id,))
    assert await store.catch_up() == 1
    assert not await db.fetchone("SELECT 1 FROM stat_unrecordable")
    board = await store.leaderboard(GUILD, "schrum")
    assert [a.wins for a in board.rows] == [1, 0]
    replay = Replay("schrum", 2, 7, {}, [(r["seat"], r["action"]) for r in await db.fetchall(
        "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY seq", (table.id,))])
    assert replay.engine_at(replay.steps).over
    assert replay.engine_at(3).view(None) == replay.engine_at(3).view(None)


async def test_a_stats_record_the_database_refuses_does_not_stop_the_catch_up(db, store, monkeypatch):
    tables = [(await finished_without_stats(db, seed=seed, channel_id=5 + seed)).id for seed in (7, 8)]
    real_write = db.write

    async def write(statements):
        if any(params and params[0] == tables[0] and "stat_results" in sql for sql, params in statements):
            raise OSError("disk I/O error")
        return await real_write(statements)

    monkeypatch.setattr(db, "write", write)
    assert await store.catch_up() == 1  # the second table is recorded and rated all the same
    assert await db.fetchone("SELECT 1 FROM stat_results WHERE table_id = ?", (tables[1],))
    assert not await db.fetchone("SELECT 1 FROM stat_unrecordable")  # a refused write is no reason to give up
    monkeypatch.setattr(db, "write", real_write)
    assert await store.catch_up() == 1  # the next start records the first


async def test_a_table_that_cannot_be_rated_does_not_keep_later_ones_unrated(db, store):
    broken = await craft(db, store, "schrum", [1, 2], [1, 0], ended_at="2026-01-01T00:00:00.000Z", rate_now=False)
    fine = await craft(db, store, "schrum", [1, 2], [0, 1], ended_at="2026-01-02T00:00:00.000Z", rate_now=False)
    await db.execute("UPDATE hand_results SET detail = 'not json' WHERE table_id = ?", (broken,))
    assert await store.catch_up() == 1
    assert await db.fetchone("SELECT 1 FROM rated_tables WHERE table_id = ?", (fine,))
    assert not await db.fetchone("SELECT 1 FROM rated_tables WHERE table_id = ?", (broken,))


async def test_catch_up_skips_unrecordable_tables_for_good_and_reaches_the_recordable_ones(db, store, caplog,
                                                                                          monkeypatch):
    table = await finished_without_stats(db)
    # three finished tables that came before it and cannot be recorded: a log that does not end the match,
    # a log that fails to replay, a game this version does not know
    broken = {}
    for kind, game, action in (("short", "schrum", None), ("bad", "schrum", "no such action"),
                               ("gone", "skat", None)):
        broken[kind] = await db.execute(
            "INSERT INTO tables (guild_id, channel_id, game, seed, host_id, status, ended_at)"
            " VALUES (?, 5, ?, 1, 1, 'finished', '2000-01-01T00:00:00.000Z')", (GUILD, game))
        for seat, user in enumerate((1, 2)):
            await db.execute("INSERT INTO seats (table_id, seat, user_id) VALUES (?, ?, ?)",
                             (broken[kind], seat, user))
        if action:
            await db.execute("INSERT INTO actions (table_id, seq, seat, action) VALUES (?, 1, 0, ?)",
                             (broken[kind], action))
    # a batch of two holds only the broken ones, which come first: the next start reaches the real one
    assert await store.catch_up(limit=2) == 0
    assert await store.catch_up(limit=2) == 1
    assert await db.fetchone("SELECT 1 FROM stat_results WHERE table_id = ?", (table.id,))
    noted = {r["table_id"]: r["reason"] for r in await db.fetchall("SELECT * FROM stat_unrecordable")}
    assert noted.keys() == {broken["short"], broken["bad"]}  # an unknown game waits for a version that has it
    assert "does not end" in noted[broken["short"]] and "replay failed" in noted[broken["bad"]]
    caplog.clear()
    assert await store.catch_up() == 0
    assert "could not rebuild" not in caplog.text and "does not end" not in caplog.text
    # engines that changed try each once more (they may replay it now)
    monkeypatch.setattr("bot.stats.store.fingerprint", lambda: "new engines")
    assert await store.catch_up() == 0
    assert "could not rebuild" in caplog.text and "does not end" in caplog.text
    assert {r["fingerprint"] for r in await db.fetchall("SELECT fingerprint FROM stat_unrecordable")} == \
        {"new engines"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_replay_jumps_anywhere_and_shows_what_a_fresh_replay_shows(game):
    """Steps back come from checkpoints (a clone every CHECKPOINT actions): any order of steps must show each
    state exactly as playing the log from the start does."""
    import random

    from bot.stats.replay import CHECKPOINT

    rng = random.Random(5)
    seats = GAMES[game].max_seats
    engine = GAMES[game].new(seats, seed=3)
    actions = []
    while not engine.over and len(actions) < 1500:  # (random Repezita among eight may go on for ever)
        seat = min(engine.to_act())
        action = rng.choice(engine.legal_actions(seat))
        engine.apply(seat, action)
        actions.append((seat, action))
    # (Schrum and Schrööm end within one checkpoint here; the other games' logs span several)
    assert len(actions) > 3 * CHECKPOINT or game in ("schrum", "schroeoem")
    fresh = GAMES[game].new(seats, seed=3)
    expected = [repr(fresh.view(0))]
    for seat, action in actions:
        fresh.apply(seat, action)
        expected.append(repr(fresh.view(0)))
    replay = Replay(game, seats, 3, {}, actions)
    order = [k for k in (len(actions), len(actions) - 1, 0, CHECKPOINT, CHECKPOINT - 1, 2 * CHECKPOINT + 1, 1)
             if k <= len(actions)]
    order += rng.sample(range(len(actions) + 1), min(60, len(actions) + 1))
    for k in order:
        assert repr(replay.engine_at(k).view(0)) == expected[k], k
    assert len(replay.events()) == len(actions)


async def test_rufmariasch_match_with_the_real_ledger_writer_rates_deal_teams(db, store):
    from bot.ledger import deal_entries

    service = TableService(db)
    service.add_result_writer("rufmariasch", deal_entries)
    store.attach(service)
    table = await service.create(guild_id=GUILD, channel_id=5, host_id=1, host_name="a", game="rufmariasch",
                                 options={"deals": 4, "stake": 50}, settings={"turn_timer": 0, "currency": "€"},
                                 seed=3)
    for user in (2, 3, 4):
        await service.join(table.id, user, f"p{user}")
    await service.start(table.id, 1)
    await play_out(service, table)
    ledger = {r["user_id"]: r["s"] for r in await db.fetchall(
        "SELECT user_id, SUM(amount) AS s FROM rufmariasch_ledger GROUP BY user_id")}
    board = await store.leaderboard(GUILD, "rufmariasch")
    assert {a.user_id: a.money for a in board.rows} == ledger
    assert board.currency == "€" and all(a.hands == 4 for a in board.rows)
    assert [a.money for a in board.rows] == sorted(ledger.values(), reverse=True)
    # four deals make four team games (callers against defenders), applied together: one chart point per match
    games = G.rating_games("rufmariasch", table.engine.result(), 4)
    assert len(games) == 4 and all(sorted(sum(teams, [])) == [0, 1, 2, 3] for teams, _ in games)
    history = await db.fetchall("SELECT user_id, COUNT(*) AS n FROM rating_history WHERE season = 0 GROUP BY user_id")
    assert {r["user_id"]: r["n"] for r in history} == {1: 1, 2: 1, 3: 1, 4: 1}
    await service.close()


async def test_leaderboard_queries_read_index_ranges_not_the_table(db, store):
    for period in ("all", "season", "month"):
        sql, params, _ = store.board_query(GUILD, "schrum", period, 1)
        plan = " | ".join(r["detail"] for r in await db.fetchall("EXPLAIN QUERY PLAN " + sql, params))
        assert "USING COVERING INDEX" in plan and "SCAN" not in plan, plan
        if period != "month":
            assert "TEMP B-TREE" not in plan, plan  # grouped in index order
    plan = " | ".join(r["detail"] for r in await db.fetchall(
        "EXPLAIN QUERY PLAN SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND season = ?",
        (GUILD, "schrum", 0)))
    assert "SEARCH ratings USING PRIMARY KEY" in plan


def test_a_schroeoem_match_record_replays_knocks_folds_and_vier_bilder():
    e = GAMES["schroeoem"].new(3, seed=3, options={"dealer": 0, "points": 7})
    log = []

    def act(seat, action):
        log.append((seat, action))
        return e.apply(seat, action)

    act(1, "exchange")  # bob exchanges: three laid cards shown, maybe a penalty
    act(2, "reveal")    # carol reveals the fourth
    while e.view(None)["phase"] == "exchange":
        act(e.view(None)["mover"], "pass")
    act(0, "knock")
    act(1, "fold")
    act(2, "hold")
    act(2, "knock")
    act(0, "fold")
    games = replay_games(3, 3, {"dealer": 0, "points": 7}, log)
    assert len(games) == 1
    g = games[0]
    assert g.winner == 2 and g.reason == "folds" and g.value == 3
    assert g.knocks == [{"seat": 0, "value": 2, "hammer": False}, {"seat": 2, "value": 3, "hammer": False}]
    assert g.folds == [{"seat": 1, "lost": 1}, {"seat": 0, "lost": 2}]
    assert g.exchanges[0]["seat"] == 1 and sum(g.exchanges[0]["losses"].values()) >= 1
    assert g.deltas == e.history[0]["deltas"] and g.totals == e.view(None)["points"]


async def test_a_forget_me_during_the_rating_of_a_match_removes_the_ratings_it_writes(tmp_path):
    """The rating after a match reads the seats, then writes the ratings several steps later: a forget-me that
    lands in between waits for it and then removes what it wrote (before, the rating wrote them back)."""
    import asyncio

    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        store = StatsStore(db)
        table_id = await craft(db, store, "schrum", [111, 222], [10, 9], rate_now=False)
        read, forgetting = db.fetchall, []

        async def forget_meanwhile(sql, params=()):
            rows = await read(sql, params)
            if sql.startswith("SELECT hand_no") and not forgetting:  # the seats are read: the click lands now
                forgetting.append(asyncio.ensure_future(store.forget(111)))
            return rows

        db.fetchall = forget_meanwhile  # type: ignore[method-assign]
        assert await store.rate_table(table_id)
        db.fetchall = read  # type: ignore[method-assign]
        await forgetting[0]
        for name in ("ratings", "rating_history"):
            assert await db.fetchall(f"SELECT 1 FROM {name} WHERE user_id = 111") == [], name
        assert not await store.known(111)
        assert await db.fetchall("SELECT 1 FROM ratings WHERE user_id = 222")
    finally:
        await db.close()


async def test_a_forgotten_name_is_gone_from_the_database_file_too(tmp_path):
    """secure_delete: the deleted rows' bytes are overwritten, so the name is not left in a free page."""
    db = await Database.open(tmp_path / "db.sqlite3")
    store = StatsStore(db)
    await craft(db, store, "schrum", [1, 2], [2, 1])
    await db.execute("UPDATE players SET name = 'Zebulon Quarkfinder' WHERE user_id = 1")
    await db.execute("UPDATE stat_results SET name = 'Zebulon Quarkfinder' WHERE user_id = 1")
    await db.run("PRAGMA wal_checkpoint(TRUNCATE)")
    await store.forget(1)
    await db.run("PRAGMA wal_checkpoint(TRUNCATE)")
    await db.close()
    for path in tmp_path.iterdir():
        assert b"Zebulon Quarkfinder" not in path.read_bytes(), path.name


def test_boards_write_money_as_the_ledger_does():
    from bot.money import format_money
    from bot.stats.boards import money

    assert money(-400, "€", "de") == format_money(-400, "€", "de", signed=True) == "−4,00 €"
    assert money(1250, "", "en") == "+12.50" and money(None, "€", "en") == "–"
