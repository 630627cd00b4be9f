"""Schieberamsch through the real bot in SimCord: lobby, DMs, moves, errors, timer, restart."""

from __future__ import annotations

import re

from tests.cogs.helpers import button, components, dm, dm_last, lobby_message, table_message
from tests.conftest import World


async def open_table(world: World, n=3, **options):
    alice = world.users[0]
    result = await alice.slash(world.channel, "schieberamsch new", **options)
    lobby = lobby_message(world)
    assert "Schieberamsch" in lobby.content
    for user in world.users[1:n]:
        await user.click(lobby, custom_id=button(lobby, "Join").custom_id)
        lobby = lobby_message(world)
    return result, lobby


async def test_lobby_start_and_dms(world):
    _, lobby = await open_table(world)
    table = world.table()
    assert [s.name for s in table.seats] == ["alice", "bob", "carol"]
    await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert table.status == "running"
    for user in world.users[:3]:
        dm = dm_last(user)
        assert dm is not None and "Schieberamsch" in dm.content
        assert dm.attachments and dm.attachments[0].filename.endswith(".png")
    assert dm_last(world.users[3]) is None


async def start_table(world: World, **options):
    _, lobby = await open_table(world, **options)
    await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    table = world.table()
    assert table.status == "running"
    return table


def decisions(world: World, table):
    """The public decisions asked on the table message (Grand Hand, pass, push, take, Kontra)."""
    return [c for c in components(table_message(world, table)) if (c.custom_id or "").startswith("st:a:")]


async def play_one(world: World, table, rng):
    """The player to act makes a random legal move, as a person who knows the rules: a decision on the table
    message, else a menu of their DM (putting two cards back), else a card they may play."""
    seat = min(table.engine.waiting_for())
    asked = decisions(world, table)
    if asked:
        return await world.users[seat].click(table_message(world, table), custom_id=rng.choice(asked).custom_id)
    user = world.users[seat].user  # DMs are outside the server: act as the user, not the member
    message = user.dm_channel.last_message
    items = [c for c in components(message) if not getattr(c, "disabled", False)]
    menus = [c for c in items if getattr(c, "options", None)]
    if menus:
        item = rng.choice(menus)
        return await user.select(message, rng.sample([o.value for o in item.options], item.min_values),
                                 custom_id=item.custom_id)
    legal = set(table.engine.legal_actions(seat))
    cards = [c for c in items if c.custom_id.split(":", 4)[4] in legal]
    assert cards, f"seat {seat} has nothing to click in {message.content!r}"
    return await user.click(message, custom_id=rng.choice(cards).custom_id)


async def play_match(world: World, table, seed: int):
    """Random legal moves, as `play_one` makes them, until the match is over."""
    import random

    rng = random.Random(seed)
    for _ in range(3000):
        if table.engine.over:
            break
        await play_one(world, table, rng)
    assert table.status == "finished"


async def test_a_whole_deal_through_dms(world):
    import random

    table = await start_table(world, deals=3)
    rng = random.Random(7)
    for _ in range(400):
        if table.engine.over or table.engine.view(None)["hand_no"] > 1:
            break
        last_move = len(world.env.http_requests)
        result = await play_one(world, table, rng)
        assert not result.ephemeral, result.response.content if result.response else result
    view = table.engine.view(None)
    assert view["hand_no"] == 2
    # the deal's last card costs its answer, the table edit, three new hands and the score sheet: every hand
    # message lost its buttons with its owner's last card, so none is edited again
    calls = calls_since(world, last_move)
    assert sorted(m for m, _ in calls) == ["PATCH"] + ["POST"] * 5, calls
    rows = await world.bot.db.fetchall("SELECT seat, delta FROM hand_results WHERE table_id = ?", (table.id,))
    assert len(rows) == 3
    # one DM message per player per hand: hand 1's and hand 2's
    for user in world.users[:3]:
        history = user.user.dm_channel.history()
        assert len(history) == 2
        old, new = sorted(history, key=lambda m: m.id)
        assert not components(old), old.content  # hand 1's message has no buttons left
        assert new.attachments and "Schieberamsch" in new.content
    # the player of the last card was answered on that message: "Hand finished.", and it still shows the card
    # that player held before it (not hand 2, which comes as the new message)
    finished = []
    for user in world.users[:3]:
        old, new = sorted(user.user.dm_channel.history(), key=lambda m: m.id)
        if "Hand finished." in old.content:
            finished.append((old, new))
    assert len(finished) == 1
    old, new = finished[0]
    assert len(old.attachments) == 1 and old.attachments[0].filename != new.attachments[0].filename
    # the table message shows the score sheet after the deal
    thread = world.channel.threads[0]
    assert any(a.filename.startswith("scores-") for m in thread.history() for a in m.attachments)


def calls_since(world: World, start: int) -> list:
    return [(c.method, c.path) for c in world.env.http_requests[start:]]


async def test_decisions_on_the_table_message(world):
    """Grand Hand, pass, push and take are asked on the table message: the answer to the click is the table edit
    (one Discord call), nobody's hand message changes, and only the one asked may answer."""
    table = await start_table(world, deals=3)
    asked = min(table.engine.waiting_for())
    other = next(s for s in range(3) if s != asked)
    labels = {c.label for c in decisions(world, table)}
    assert labels == {"Grand Hand", "Pass"}
    pass_id = button(table_message(world, table), "Pass").custom_id
    # someone else, and someone not seated
    result = await world.users[other].click(table_message(world, table), custom_id=pass_id)
    assert result.ephemeral and "not your turn" in result.response.content
    result = await world.users[3].click(table_message(world, table), custom_id=pass_id)
    assert result.ephemeral and "not seated" in result.response.content
    assert table.version == 0
    dms = {s: (dm(world, s).id, dm(world, s).content) for s in range(3)}
    start = len(world.env.http_requests)
    result = await world.users[asked].click(table_message(world, table), custom_id=pass_id)
    assert not result.ephemeral
    assert table.version == 1
    calls = calls_since(world, start)
    assert len(calls) == 1 and calls[0][1].startswith("/interactions/"), calls
    message = table_message(world, table)
    assert f"{table.names[asked]} passes" in message.content or table.names[min(table.engine.waiting_for())] in \
        message.content
    assert {c.label for c in decisions(world, table)} == {"Grand Hand", "Pass"}  # now for the next player
    assert {s: (dm(world, s).id, dm(world, s).content) for s in range(3)} == dms


async def test_a_decision_on_a_replaced_table_message_shows_no_hand_in_the_channel(world):
    """The table moved to a new message (the old one too old to edit) and the old one is still there (its delete
    failed): a decision clicked on it counts, but its answer draws nobody's hand into that public message; it takes
    the old message's buttons away, and the new table message shows the move."""
    table = await start_table(world, deals=3)
    asked = min(table.engine.waiting_for())
    old = table_message(world, table)
    pass_id = button(old, "Pass").custom_id
    hand = [c.custom_id for c in components(dm(world, asked))]
    await world.env.bot.table_ui.delivery.post_table(table)  # as `update_table` does after Discord's 30046
    assert table.table_message_id != old.id
    result = await world.users[asked].click(old, custom_id=pass_id)
    assert table.version == 1
    old = next(m for m in world.channel.threads[0].history() if m.id == old.id)
    assert not components(old), "the old table message keeps buttons (before the fix: the clicker's cards)"
    assert all(a.filename.startswith("table-") for a in old.attachments), "a hand drawn into a channel message"
    assert hand and not result.ephemeral
    new = table_message(world, table)
    assert f"{table.names[asked]} passes" in new.content or table.names[min(table.engine.waiting_for())] in \
        new.content


async def test_live_cards(world):
    """Every card of a DM hand is clickable, whoever's turn it is; a card that cannot be played now is refused
    with the reason and the playable cards (or whom the table waits for), and moves by others do not make the
    hand's buttons stale."""
    import random

    table = await start_table(world, deals=3)
    rng = random.Random(3)
    first = {s: dm(world, s) for s in range(3)}
    for s in range(3):
        cards = [c for c in components(first[s]) if c.custom_id.split(":", 4)[4].startswith("play ")]
        assert len(cards) == 10 and not any(c.disabled for c in cards)
    # before the skat round is over: no card can be played, and the one asked is told where the question is
    seat = min(table.engine.waiting_for())
    result = await world.users[seat].user.click(first[seat], custom_id=components(first[seat])[0].custom_id)
    assert result.ephemeral and "cannot play a card now" in result.response.content
    assert "your move is on the table message" in result.response.content
    idle = next(s for s in range(3) if s not in table.engine.waiting_for())  # the others: whom the table waits for
    result = await world.users[idle].user.click(first[idle], custom_id=components(first[idle])[0].custom_id)
    assert "Grand Hand or pass?" in result.response.content, result.response.content
    while table.engine.view(None)["phase"] != "play":
        await play_one(world, table, rng)
    # a follower who must follow suit, holding a card that cannot be played
    for _ in range(30):
        await play_one(world, table, rng)
        follower = min(table.engine.waiting_for())
        hand = table.engine.view(follower)["hand"]
        legal = {a.split()[1] for a in table.engine.legal_actions(follower)}
        if table.engine.view(None)["trick"] and len(legal) < len(hand):
            break
    else:
        raise AssertionError("no follower had to follow suit")
    user = world.users[follower].user
    message = dm(world, follower)
    bad = next(c for c in components(message) if c.custom_id.split(":", 4)[4].split()[-1] not in legal)
    result = await user.click(message, custom_id=bad.custom_id)
    assert result.ephemeral and "Playable now:" in result.response.content, result.response.content
    # German cards (the game's default deck): Unter and Ober are U and O in texts, as in the pictures
    from bot.ui.game_ui import card_label
    playable = result.response.content.split("Playable now:")[1]
    assert all(card_label(c, "german") in playable for c in legal) and not re.search(r"[JQ]\u2060?[♣♠♥♦]", playable)
    assert table.engine.view(follower)["hand"] == hand
    # someone not to act clicks a card of a message from before the others' moves: not stale, not their turn
    idle = next(s for s in range(3) if s not in table.engine.waiting_for())
    old = dm(world, idle)
    result = await world.users[idle].user.click(old, custom_id=components(old)[0].custom_id)
    assert result.ephemeral and "not your turn" in result.response.content
    assert "Waiting" in result.response.content or "to play" in result.response.content
    # the follower plays a legal card from the message sent before the first card of the trick
    good = next(c for c in components(message) if c.custom_id.split(":", 4)[4].split()[-1] in legal)
    result = await user.click(message, custom_id=good.custom_id)
    assert not result.ephemeral, result.response.content
    assert len(table.engine.view(follower)["hand"]) == len(hand) - 1


async def test_lit_cards(world):
    """`lit_cards:` only the cards that may be played now are clickable (and lit); the hand is redrawn when the
    turn comes round, so a card can never be refused for following suit."""
    import random

    table = await start_table(world, deals=3, lit_cards=True)
    assert table.settings["cards"] == "lit"
    for s in range(3):  # the skat round first: no card may be played yet
        assert all(c.disabled for c in components(dm(world, s)) if c.custom_id.split(":", 4)[4].startswith("play "))
    rng = random.Random(5)
    while table.engine.view(None)["phase"] != "play":
        await play_one(world, table, rng)
    for _ in range(12):
        seat = min(table.engine.waiting_for())
        legal = set(table.engine.legal_actions(seat))
        message = dm(world, seat)
        enabled = {c.custom_id.split(":", 4)[4] for c in components(message) if not c.disabled}
        assert enabled == legal, (enabled, legal)
        for other in set(range(3)) - {seat}:
            assert not any(not c.disabled for c in components(dm(world, other))), "only the one to play has cards lit"
        result = await play_one(world, table, rng)
        assert not result.ephemeral


async def test_the_table_message_names_cards_as_its_german_pictures_do(world):
    import random

    from bot.ui.game_ui import card_label

    table = await start_table(world, deals=3)
    rng = random.Random(3)
    seen = 0
    for _ in range(300):
        if table.engine.over or seen >= 6:
            break
        await play_one(world, table, rng)
        trick = table.engine.view(None).get("trick") or []
        content = table_message(world, table).content
        for c in (t["card"] for t in trick):
            assert card_label(c, "german") in content, (c, content)
            if c[0] in "JQ":
                seen += 1
                assert card_label(c) not in content  # not J♣/Q♣ beside a picture that shows U/O
    assert seen, "no Unter or Ober was played"


async def test_hand_messages_and_table_status_name_german_cards_as_the_pictures_do(world):
    """Every text beside a German picture says U/O, never J/Q: the hand messages (their notes and status
    lines) and /table status, all through a deal."""
    import random

    table = await start_table(world, deals=3)
    rng = random.Random(8)
    german_faces = 0
    for _ in range(40):
        if table.engine.over:
            break
        await play_one(world, table, rng)
        texts = [dm(world, s).content for s in range(3)]
        status = await world.users[0].slash(world.channel, "table status")
        texts.append(status.response.content)
        for text in texts:
            assert not re.search(r"(?<![\w])[JQ]\u2060?[♣♠♥♦🌰🍃🔔]", text), text
            german_faces += len(re.findall(r"(?<![\w])[UO]\u2060?[♣♠♥♦🌰🍃🔔]", text))
    assert german_faces, "no Unter or Ober was named in any text"


async def test_who_takes_the_skat_is_told_which_two_cards_came_from_it(world):
    """Twelve cards in hand and no card to play: the taker's DM names the skat's two cards and what to do."""
    table = await start_table(world, deals=3)
    for _ in range(3):
        seat = min(table.engine.waiting_for())
        await world.users[seat].click(table_message(world, table),
                                      custom_id=button(table_message(world, table), "Pass").custom_id)
    taker = min(table.engine.waiting_for())
    await world.users[taker].click(table_message(world, table),
                                   custom_id=button(table_message(world, table), "Take the skat").custom_id)
    from bot.ui.game_ui import card_label

    skat = table.engine.view(taker)["skat"]
    assert len(skat) == 2
    content = dm(world, taker).content
    assert "from the skat: put two cards back" in content, content
    assert all(card_label(c, "german") in content for c in skat), content  # as the deck's picture names them


async def test_the_house_rules_the_rules_page_names_can_be_chosen(world):
    """`/rules schieberamsch` names the options skat_to and gh_dealer: the command offers them too."""
    result, _ = await open_table(world, skat_to="loser", gh_dealer="same")
    assert not result.ephemeral, result.response.content
    assert {k: world.table().options[k] for k in ("skat_to", "gh_dealer")} == {"skat_to": "loser", "gh_dealer": "same"}


async def test_a_refusal_writes_the_led_black_suit_as_text_like_the_cards_beside_it(world):
    """A bare ♠ or ♣ is Discord's black emoji, all but invisible on the dark theme: the engine's reason writes the
    led suit bare, and the refusal asks for the text form, as it does for the cards it names."""
    from types import SimpleNamespace

    from bot.games.base import IllegalAction
    from bot.tables import UserError
    from bot.ui.game_ui import card_label
    from tests.games.schieberamsch_helpers import MH, act, make_deal, new, to_play

    table = await start_table(world)
    engine = new(make_deal(fh=["7S"], mh=["8S", "JH", "AC", "10C", "KC", "AH", "10H", "KH", "AD", "10D"]))
    to_play(engine)
    act(engine, "play 7S")
    table.engine = engine
    try:
        engine.clone().apply(MH, "play AC")
    except IllegalAction as exc:
        error = UserError("Not allowed: {reason}", reason=exc.reason)  # as the table service raises it
    asker = SimpleNamespace(locale="en-US", user=world.users[MH].user)
    table.settings["deck"] = "french"
    text = world.bot.table_ui.refusal(table, asker, "play AC", error)
    assert "must follow suit (♠\ufe0e;" in text and not re.search("[♣♠](?![\ufe0e\ufe0f])", text), repr(text)
    # on German cards the suit is the one the buttons beside it show (🍃), as the Jacks are (U🌰), not ♠
    table.settings["deck"] = "german"
    text = world.bot.table_ui.refusal(table, asker, "play AC", error)
    assert "must follow suit (🍃;" in text and card_label("JC", "german") in text, repr(text)
    assert not re.search("[♣♠♦]", text), repr(text)


async def test_a_finished_match_says_so_once_on_the_table_and_on_the_lobby(world):
    """The table message names the winners once (it added "The match is over." under "Match over. Winner: …"), and
    the lobby message, which said "The game has started." for good, says the match is over."""
    table = await start_table(world, deals=3)
    await play_match(world, table, 11)
    content = table_message(world, table).content
    assert content.count("Match over.") == 1 and "The match is over." not in content, content
    lobby = lobby_message(world).content
    assert "The match is over." in lobby and "has started" not in lobby, lobby


async def test_a_hand_answered_with_its_buttons_is_known_to_have_them(world):
    """A card click is answered by the hand as it is now, buttons and all; the bot noted that answer as having no
    buttons (it asked after releasing the view), so at the next deal it left the old hand's buttons live."""
    import random

    table = await start_table(world, deals=3)
    rng = random.Random(3)
    for _ in range(60):
        seat = min(table.engine.waiting_for())
        if table.engine.view(None)["phase"] == "play" and len(table.engine.view(seat)["hand"]) > 2:
            break
        await play_one(world, table, rng)
    result = await play_one(world, table, rng)  # a card from the DM, answered on that DM
    assert not result.ephemeral
    assert components(dm(world, seat)) and table.seats[seat].dm_bare is False
