"""Schrööm through the real bot in SimCord: knocks from any active player's hand message (not only on
their turn), answers asked in each player's hand message in turn, the turn timer only for the player the
game waits for, the table message's narration, restart, and the kept matches (`/schroeoem matches`,
`/schroeoem match`)."""

from __future__ import annotations

import random

from bot.games import GAMES
from cogs.ui.schroeoem import SchroeoemUI
from tests.cogs.helpers import components, dm_last, start_fixed, table_message
from tests.conftest import World

KNOCK = "Knock → "


def enabled(message):
    return [c for c in components(message) if not getattr(c, "disabled", False)]


def labels(message):
    return [c.label for c in enabled(message)]


def knock_button(message):
    return next(c for c in enabled(message) if (c.label or "").startswith(KNOCK))


async def start(world: World, n=3, *, seed=1, dealer=0, **options):
    """Open a table with `/schroeoem new`, seat n players, fix seed and first dealer, and start."""
    return await start_fixed(world, "schroeoem new", "Schrööm", n, seed=seed, dealer=dealer, **options)


async def click(world: World, seat: int, label_prefix: str, message=None):
    user = world.users[seat].user  # DMs are outside the server: act as the user
    message = message or dm_last(world.users[seat])
    item = next((c for c in enabled(message) if (c.label or "").startswith(label_prefix)), None)
    assert item is not None, f"seat {seat}: no {label_prefix!r} in {labels(message)} ({message.content!r})"
    return await user.click(message, custom_id=item.custom_id)


async def move(world: World, table):
    """The player the game waits for makes the mildest move (as the turn timer would), by clicking."""
    seat = min(table.engine.waiting_for())
    action = table.engine.default_action(seat)
    message = dm_last(world.users[seat])
    item = next(c for c in enabled(message) if (c.custom_id or "").endswith(":" + action))
    result = await world.users[seat].user.click(message, custom_id=item.custom_id)
    assert not result.ephemeral, result.response.content
    return seat, action


async def pass_exchange_round(world: World, table):
    while table.engine.view(None)["phase"] == "exchange":
        await move(world, table)


# -- the table -------------------------------------------------------------------------------------
async def test_new_table_starts_with_knock_buttons_for_everyone(world: World):
    table = await start(world, n=3, points=3, deck="french")
    view = table.engine.view(None)
    assert view["phase"] == "exchange" and view["options"]["points"] == 3
    mover = view["mover"]
    for seat in range(3):
        dm = dm_last(world.users[seat])
        assert dm.attachments and dm.attachments[0].filename.endswith(".png")
        assert "Schrööm" in dm.content and "Game 1" in dm.content
        names = labels(dm)
        assert "Knock → 2" in names
        if seat == mover:
            assert "Vier Bilder (exchange)" in names and "Pass" in names
            assert "Vier Bilder?" in dm.content and "<t:" in dm.content  # the turn timer
        else:
            assert names == ["Knock → 2"]  # the cards are shown, greyed
            assert "You may knock at any time" in dm.content and "<t:" not in dm.content
    msg = table_message(world, table)
    assert msg.attachments and "Vier Bilder (exchange) or pass?" in msg.content
    assert "The game is worth 1." in msg.content


async def test_a_waiting_players_knock_button_survives_other_moves_and_answers_go_round(world: World):
    table = await start(world, n=3, points=3)
    await pass_exchange_round(world, table)
    assert table.engine.view(None)["mover"] == 1  # alice deals, bob leads
    await move(world, table)  # bob plays
    await move(world, table)  # carol plays
    assert table.engine.view(None)["mover"] == 0
    await move(world, table)  # alice plays the third card; the trick's winner leads trick 2
    leader = table.engine.view(None)["mover"]
    waiting = (leader + 2) % 3  # plays third in trick 2: waits through the next move
    old = dm_last(world.users[waiting])
    old_id = knock_button(old).custom_id
    await move(world, table)  # the leader plays
    assert table.engine.view(None)["mover"] == (leader + 1) % 3
    version_of_button = int(old_id.split(":")[3])
    assert version_of_button < table.version  # rendered before the last move, still valid
    result = await world.users[waiting].user.click(old, custom_id=old_id)
    assert not result.ephemeral, result.response.content
    view = table.engine.view(None)
    assert view["value"] == 2 and view["phase"] == "knock" and view["last_knocker"] == waiting
    msg = table_message(world, table)
    assert f"{world.users[waiting].name} knocks: the game is worth 2 now." in msg.content
    assert "hold or fold?" in msg.content
    # the answers are asked in each answering player's hand message in turn, clockwise from the knocker
    first, second = (waiting + 1) % 3, (waiting + 2) % 3
    asked = dm_last(world.users[first])
    assert labels(asked)[-2:] == ["Hold (2)", "Fold (−1)"]
    assert "knocked: the game is worth 2 now" in asked.content and "<t:" in asked.content
    later = dm_last(world.users[second])
    assert "Hold (2)" not in labels(later)
    assert f"Waiting for the answers to {world.users[waiting].name}'s knock." in later.content
    knocker = dm_last(world.users[waiting])
    assert not labels(knocker) and "Waiting for the answers to your knock." in knocker.content
    await click(world, first, "Hold")
    assert "Hold (2)" not in labels(dm_last(world.users[first]))
    asked = dm_last(world.users[second])
    assert "Hold (2)" in labels(asked) and "<t:" in asked.content
    points = table.engine.view(None)["points"][second]
    await click(world, second, "Fold")
    view = table.engine.view(None)
    assert view["folded"] == [second] and view["points"][second] == points - 1
    msg = table_message(world, table)
    assert f"{world.users[second].name} folds and loses 1 ({points - 1} left)." in msg.content
    assert f"Folded: {world.users[second].name}." in msg.content
    assert "Last knock: " + world.users[waiting].name in msg.content
    assert "You folded" in dm_last(world.users[second]).content
    # the folder was to play, so the knocker is next; he may not knock twice in a row, the other may raise
    knocker = dm_last(world.users[waiting])
    assert "Your turn" in knocker.content and not any(lb.startswith(KNOCK) for lb in labels(knocker))
    assert KNOCK + "3" in labels(dm_last(world.users[first]))


async def test_hammer_fold_elimination_and_the_kept_match(world: World):
    table = await start(world, n=2, points=1)  # everybody on 1 point: a knock before any card is a Hammer
    alice, bob = world.users[:2]
    assert table.engine.view(None)["mover"] == 1  # bob is asked about Vier Bilder; alice waits
    result = await click(world, 0, "Knock → 2")
    assert not result.ephemeral, result.response.content
    msg = table_message(world, table)
    assert "🔨 alice: “Seht ihr meinen Hammer?” – everyone: “Jo, ich sehe deinen Hammer!”" in msg.content
    assert "bob: hold or fold? (alice knocked to 2)" in msg.content
    await click(world, 1, "Fold (−1)")
    assert table.engine.over and table.status == "finished"
    msg = table_message(world, table)
    assert "bob folds and loses 1 (0 left)." in msg.content
    assert "Game 1 (worth 2) goes to alice. Points this game: bob −1." in msg.content
    assert "Out of the match: bob." in msg.content and "🏆 alice wins the match!" in msg.content
    assert "Final points: alice 1, bob 0." in msg.content
    thread = world.channel.threads[0]
    assert any(a.filename == f"scores-{table.id}.png" for m in thread.history() for a in m.attachments)
    # the kept match
    listing = await bob.slash(world.channel, "schroeoem matches")
    assert listing.ephemeral
    assert "**#1**" in listing.response.content and "alice, bob" in listing.response.content
    assert "games: 1 · winner alice" in listing.response.content
    other = await alice.slash(world.channel, "schroeoem matches", user=world.users[2])
    assert other.ephemeral and "No Schrööm matches of carol" in other.response.content
    shown = await bob.slash(world.channel, "schroeoem match", id=table.id)
    text = shown.response.content
    assert shown.ephemeral and "Schrööm match #1" in text and "1 point each" in text
    assert "**1** · worth 2 · alice wins (all others folded) · knocks: alice 2 🔨 · folded: bob −1 · out: bob" in text
    assert "Result: alice 1 🏆, bob 0" in text
    assert shown.response.attachments and shown.response.attachments[0].filename == "tally-1.png"
    missing = await bob.slash(world.channel, "schroeoem match", id=99)
    assert missing.ephemeral and "no Schrööm match #99" in missing.response.content


async def test_the_turn_timer_plays_only_for_the_player_the_game_waits_for(world: World, monkeypatch):
    async def mildest(table, engine, seat, level):  # this test is about whom the timer plays for, not what
        return engine.default_action(seat)

    monkeypatch.setattr(world.bot.tables, "think", mildest)
    table = await start(world, n=3, turn_timer=60)
    thread = world.channel.threads[0]
    alice, bob, carol = world.users[:3]
    assert table.engine.view(None)["mover"] == 1 and table.engine.to_act() == {0, 1, 2}
    await world.env.advance_time(41)
    reminders = [m for m in thread.history() if "turn timer plays for you" in m.content]
    assert reminders and f"<@{bob.id}>" in reminders[-1].content
    assert f"<@{alice.id}>" not in reminders[-1].content and f"<@{carol.id}>" not in reminders[-1].content
    await world.env.advance_time(20)
    rows = await world.bot.db.fetchall("SELECT seat, action, auto FROM actions WHERE table_id = ?", (table.id,))
    assert [tuple(r) for r in rows] == [(1, "pass", 1)]  # bob passed on Vier Bilder; nobody knocked
    # a knock by a waiting player: the timer answers for the asked player only, with the mild answer
    await click(world, 0, "Knock → 2")
    assert table.engine.view(None)["pending"]["asking"] == 1
    await world.env.advance_time(61)
    await world.env.advance_time(61)
    rows = await world.bot.db.fetchall("SELECT seat, action, auto FROM actions WHERE table_id = ? AND seq > 1",
                                       (table.id,))
    assert [tuple(r) for r in rows] == [(0, "knock", 0), (1, "hold", 1), (2, "hold", 1)]
    assert table.engine.view(None)["phase"] == "exchange"
    assert "carol holds." in table_message(world, table).content


async def test_restart_keeps_an_open_knock_answerable(world: World, make_bot):
    table = await start(world, n=3)
    await click(world, 2, "Knock → 2")
    assert table.engine.view(None)["pending"]["asking"] == 0
    await world.env.restart_bot(make_bot())
    restored = world.table()
    assert restored.engine.view(None)["pending"]["asking"] == 0
    result = await click(world, 0, "Hold (2)")
    assert not result.ephemeral, result.response.content
    assert restored.engine.view(None)["pending"]["asking"] == 1
    await click(world, 1, "Hold (2)")
    assert restored.engine.view(None)["pending"] is None and restored.engine.view(None)["value"] == 2


def dm_actions(world: World, table, seat: int) -> set[str]:
    """The actions the enabled components of a seat's current DM would send."""
    message = dm_last(world.users[seat])
    if message is None:
        return set()
    prefix = f"st:a:{table.id}:"
    out = set()
    for c in enabled(message):
        _, _, _, version, action = c.custom_id.split(":", 4)
        assert c.custom_id.startswith(prefix)
        assert int(version) >= table.seats[seat].last_change, f"seat {seat}: stale {c.custom_id}"
        out.add(action)
    return out


async def test_a_whole_match_of_random_clicks_keeps_every_dm_in_step(world: World):
    table = await start(world, n=4, seed=5, points=3)
    rng = random.Random(11)
    knocks_by_waiting_players = 0
    for _ in range(1500):
        if table.engine.over:
            break
        for seat in range(4):  # every seat's DM offers exactly its legal actions, none of them stale
            assert dm_actions(world, table, seat) == set(table.engine.legal_actions(seat)), seat
        seat = rng.choice(sorted(table.engine.to_act()))
        message = dm_last(world.users[seat])
        item = rng.choice(enabled(message))
        if item.custom_id.endswith(":knock") and seat not in table.engine.waiting_for():
            knocks_by_waiting_players += 1
        result = await world.users[seat].user.click(message, custom_id=item.custom_id)
        assert not result.ephemeral, result.response.content
    assert table.engine.over and table.status == "finished"
    assert knocks_by_waiting_players >= 2
    knocks = await world.bot.db.fetchone(
        "SELECT COUNT(*) AS n FROM actions WHERE table_id = ? AND action = 'knock'", (table.id,))
    games = table.engine.result()["hands"]
    shown = await world.users[0].slash(world.channel, "schroeoem match", id=table.id)
    text = shown.response.content
    assert text.count(" · worth ") + text.count("void: hübschen") == len(games)
    assert text.count("knocks: ") <= knocks["n"]
    winners = table.engine.result()["winners"]
    assert "🏆" in text and f"{world.users[winners[0]].name} " in text.split("Result: ")[1]
    assert shown.response.attachments


async def test_an_eliminated_player_gets_one_last_dm_and_then_none(world: World):
    """Out of the match means out of the DMs: one message saying so, no new hand message each game after."""
    table = await start(world, n=4, seed=64, points=3)  # with these choices dave is out after game 1 of 4
    rng = random.Random(1)
    dms_when_out: dict[int, int] = {}
    games_after_first_out = 0
    while not table.engine.over:
        seat = rng.choice(sorted(table.engine.to_act()))
        action = rng.choice(sorted(table.engine.legal_actions(seat)))
        message = dm_last(world.users[seat])
        item = next(c for c in enabled(message) if c.custom_id.endswith(f":{action}"))
        hand_no = table.engine.view(None)["hand_no"]
        result = await world.users[seat].user.click(message, custom_id=item.custom_id)
        assert not result.ephemeral, result.response.content
        if dms_when_out and table.engine.view(None)["hand_no"] != hand_no:
            games_after_first_out += 1
        for out in table.engine.view(None)["eliminated"]:
            if out not in dms_when_out and not table.engine.over:
                dms_when_out[out] = len(world.users[out].user.dm_channel.history())
                assert "You are out of the match" in dm_last(world.users[out]).content
    assert dms_when_out and games_after_first_out >= 2  # or the test shows nothing
    for out, count in dms_when_out.items():
        assert len(world.users[out].user.dm_channel.history()) == count, world.users[out].name


# -- texts without Discord ----------------------------------------------------------------------------
def test_narration_names_no_hidden_card():
    """Random matches: every narrated line names only cards that were played or revealed in public."""
    from bot.games.cards import DECK_32
    from bot.ui.game_ui import card_label

    ui = SchroeoemUI()
    labels_ = {card_label(c): c for c in DECK_32}
    for seed in range(40):
        n = 2 + seed % 7
        e = GAMES["schroeoem"].new(n, seed=seed, options={"points": 2})
        rng = random.Random(seed)
        seen: set[str] = set()
        names = [f"p{i}" for i in range(n)]
        steps = 0
        while not e.over and steps < 3000:
            steps += 1
            seat = rng.choice(sorted(e.to_act()))
            for ev in e.apply(seat, rng.choice(e.legal_actions(seat))):
                if "private" not in ev:
                    seen.update(c for c in (ev.get("cards") or []) if isinstance(c, str))
                    seen.update(c["card"] for c in (ev.get("cards") or []) if isinstance(c, dict))
                    if ev.get("card"):
                        seen.add(ev["card"])
                for lang in ("en", "de"):
                    line = ui.narrate(ev, names, lang) or ""
                    for word in line.replace(",", " ").replace(":", " ").replace(".", " ").split():
                        if word in labels_:
                            assert labels_[word] in seen, (ev, line)
            status = ui.status(e.view(None), names, "en")
            assert not any(w in labels_ for w in status.split())


def test_koelsch_is_said_in_the_table_text():
    ui = SchroeoemUI()
    names = ["alice", "bob", "carol"]
    line = ui.narrate({"type": "koelsch", "seat": 1, "text": "buys everyone a round (Kölsch)"}, names, "en")
    assert line == "🍺 bob buys everyone a round (Kölsch)!"
    assert ui.narrate({"type": "koelsch", "seat": 1}, names, "de") == "🍺 bob gibt eine Runde Kölsch aus!"
    # the first game is dealt with the match: the status says it until the first card
    deal = {"hands": [["10H", "10S", "10C", "8D"], ["7H", "8H", "9H", "AH"], ["KH", "QH", "JH", "AS"]]}
    e = GAMES["schroeoem"].new(3, seed=0, options={"dealer": 0}, deal=deal)
    assert "alice buys everyone a round (Kölsch)!" in ui.status(e.view(None), names, "en")
    while e.view(None)["phase"] == "exchange":
        e.apply(e.view(None)["mover"], "pass")
    e.apply(e.view(None)["mover"], e.default_action(e.view(None)["mover"]))
    assert "Kölsch" not in ui.status(e.view(None), names, "en")


def test_a_hold_or_fold_question_says_the_knock_and_the_value_once():
    """Seen in the screenshots: "bernd: hold or fold? (claudia knocked to 4) The game is worth 4. Last knock:
    claudia." said the same thing three times under "claudia knocks: the game is worth 4 now"."""
    ui = SchroeoemUI()
    names = ["alice", "bob", "carol"]
    for seed in range(40):
        e = GAMES["schroeoem"].new(3, seed=seed)
        rng = random.Random(seed)
        while not e.over and not (e.view(None)["phase"] == "knock" and e.view(None).get("mover") is not None):
            seat = rng.choice(sorted(e.to_act()))
            legal = e.legal_actions(seat)
            e.apply(seat, next((a for a in legal if a.startswith("knock")), rng.choice(legal)))
        view = e.view(None)
        if e.over:
            continue
        status = ui.status(view, names, "en")
        knocker = names[view["pending"]["knocker"]]
        assert status.startswith(f"{names[view['mover']]}: hold or fold? ({knocker} knocked to {view['value']})")
        assert "worth" not in status and "Last knock" not in status, status
        return
    raise AssertionError("no hold-or-fold question in 40 games")


async def test_a_hint_words_a_move_as_its_button_does(world: World):
    """Asked whether to reveal the fourth card after Vier Bilder, the engine's "pass" is the button "Do not
    reveal": a hint says that, not "Pass", which no button says there."""
    table = await start(world, n=3, seed=5, dealer=0)
    await click(world, 1, "Pass")
    await click(world, 2, "Vier Bilder")
    assert "Do not reveal" in labels(dm_last(world.users[0])) and "pass" in table.engine.legal_actions(0)
    assert world.bot.table_ui.shown_label(table, 0, "pass", "en") == "Do not reveal"


def test_the_end_of_a_game_says_its_points_apart_from_its_worth():
    """A game's line gives each player's change over the whole game (a fold, a Vier Bilder point) as that, not as
    what the game was worth; a void game has only what the exchanges cost."""
    from cogs.ui.schroeoem import SchroeoemUI

    ui, names = SchroeoemUI(), ["Ana", "Bernd", "Cvijeta"]
    won = {"type": "hand_scored", "hand_no": 3, "deltas": [0, -3, -1], "winner": 0, "value": 3, "void": False}
    assert ui.narrate(won, names, "en") == "Game 3 (worth 3) goes to Ana. Points this game: Bernd −3, Cvijeta −1."
    void = {"type": "hand_scored", "hand_no": 4, "deltas": [0, 0, -1], "winner": None, "value": 1, "void": True}
    assert ui.narrate(void, names, "en") == "Game 4 is void (hübschen). Points this game: Cvijeta −1."
    assert ui.narrate(void | {"deltas": [0, 0, 0]}, names, "de") == "Spiel 4 zählt nicht (gehübscht)."


def test_one_point_each_is_singular_in_every_language():
    from cogs.ui.schroeoem import _points_each

    said = {lang: _points_each(lang, 1) for lang in ("en", "de", "hr", "ro")}
    assert said == {"en": "1 point each", "de": "je 1 Punkt", "hr": "po 1 bod", "ro": "câte 1 punct fiecare"}
    assert [_points_each("hr", n) for n in (2, 7, 21)] == ["po 2 boda", "po 7 bodova", "po 21 bod"]


def test_a_match_shows_names_as_typed_not_as_markdown():
    from bot.stats.schroeoem import Match
    from cogs.ui.schroeoem import match_text

    match = Match(table_id=3, status="finished", names=["__ana__", "*bo*"], user_ids=[1, 2], options={"points": 7},
                  started_at=None, games=[], winners=[0], totals=[7, 0], detailed=True)
    text = match_text(match, "en")
    assert "Players: \\_\\_ana\\_\\_, \\*bo\\*" in text and "\\_\\_ana\\_\\_ 7 🏆" in text


def test_a_match_won_with_no_points_left_says_why():
    """When a game's end leaves nobody with points, its winner stays in and wins (docs/rules/schroeoem.md): "bob
    wins the match! Final points: alice −1, bob 0" read as a mistake without the rule beside it."""
    import random

    from bot.games import GAMES
    from cogs.ui.schroeoem import SchroeoemUI

    ui, names, seen = SchroeoemUI(), ["alice", "bob"], set()
    for seed in range(400):
        engine, rng = GAMES["schroeoem"].new(2, seed=seed, options={"points": 2}), random.Random(seed)
        while not engine.over:
            seat = min(engine.waiting_for() or engine.to_act())
            events = engine.apply(seat, rng.choice(engine.legal_actions(seat)))
        end = next(e for e in events if e["type"] == "match_over")
        kept = end["totals"][end["winners"][0]] > 0
        line = ui.narrate(end, names, "en")
        assert ("Nobody has points left" in line) is not kept, (end, line)
        seen.add(kept)
        if seen == {True, False}:
            break
    assert seen == {True, False}, "both endings were played"
