"""Schrum Schrum, Tač and Repezita through the real bot in SimCord: `/schrum new`, the destination buttons,
the one-line log, the Tač! window, Repezita's live DMs, stale clicks, the turn timer and a restart.

DMs are outside the server, so DM buttons are clicked as `world.users[i].user`. `click_as_seen` dispatches
clicks on buttons as the users last saw them, all before the bot runs any of them: two players racing for the
same pile, or a click on a message that has changed since.
"""

from __future__ import annotations

import copy
import random
import re

import pytest
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.results import InteractionResult

from bot.tables import StaleError
from bot.ui.game_ui import card_label
from bot.ui.suits import unjoined
from tests.cogs.helpers import client_locale, dm, lobby_message, table_message
from tests.conftest import World

CARD = re.compile(r"(?<![\w♣♠♥♦\ufe0e])(10|[2-9JQKA])\u2060?([♣♠♥♦])\ufe0e?")  # (a word joiner before ♥ ♦)
SYMBOL = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}


# -- helpers ---------------------------------------------------------------------------------------------
def buttons(message):
    return [c for row in message.components for c in row.children]


def button(message, label):
    for b in buttons(message):
        if b.label == label:
            return b
    raise AssertionError(f"no button {label!r} in {[b.label for b in buttons(message)]}")


def labels(message):
    return [b.label for b in buttons(message)]


def cards_named(text: str) -> set[str]:
    return {rank + SYMBOL[suit] for rank, suit in CARD.findall(text)}


async def open_table(world: World, variant: str, n: int, *, seed: int = 1, **options):
    """Open a table, fix its seed (so the deal is known), seat n players and start."""
    result = await world.users[0].slash(world.channel, "schrum new", variant=variant, **options)
    assert not result.ephemeral, result.response.content
    table = world.table()
    table.seed = seed
    await world.bot.db.execute("UPDATE tables SET seed = ? WHERE table_id = ?", (seed, table.id))
    for user in world.users[1:n]:
        lobby = lobby_message(world)
        await user.click(lobby, custom_id=button(lobby, "Join").custom_id)
    lobby = lobby_message(world)
    await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert table.status == "running"
    return table


def as_seen(env, message) -> dict:
    """The message as a user sees it now (its payload), to click one of its buttons later."""
    return copy.deepcopy(dict(serializers.message_payload(env.backend, env.backend.get_message(message.channel.id,
                                                                                               message.id))))


async def click_as_seen(env, clicks):
    """`clicks`: (user, message or `as_seen` payload, custom_id): buttons as the users saw them, maybe before the
    message changed. All interactions are dispatched first, then the bot runs them in arrival order."""
    backend = env.backend
    records = []
    for user, message, custom_id in clicks:
        payload_message = message if isinstance(message, dict) else as_seen(env, message)
        record, payload = sim_interactions.base_payload(
            backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=int(payload_message["channel_id"]),
            guild_id=None, user_id=user.id, data={"custom_id": custom_id, "component_type": ComponentType.BUTTON})
        payload["message"] = payload_message
        record.source_message_id = int(payload_message["id"])
        backend.emit("INTERACTION_CREATE", payload)
        records.append(record)
    await env._settle_internal(dispatch="INTERACTION_CREATE")
    return [InteractionResult(env, r) for r in records]


def to_act(table) -> int:
    (seat,) = table.engine.waiting_for()
    return seat


# -- the command -----------------------------------------------------------------------------------------
async def test_options_go_to_the_right_variant(world):
    alice = world.users[0]
    result = await alice.slash(world.channel, "schrum new", variant="schrum", strict=True)
    assert result.ephemeral and "strict belongs to Tač, not to Schrum Schrum" in result.response.content
    result = await alice.slash(world.channel, "schrum new", variant="repezita", turn_timer=60)
    assert result.ephemeral and "no turn timer" in result.response.content
    assert not world.bot.tables.tables


    await alice.slash(world.channel, "schrum new", variant="tac", open_rule="adjacent", strict=True, hands=3,
                      deck="german", turn_timer=60)
    table = world.table()
    assert (table.game, table.options) == ("tac", {"hands": 3, "open_rule": "adjacent", "strict": True})
    assert table.settings["turn_timer"] == 60 and table.settings["deck"] == "german"
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Cancel").custom_id)

    result = await alice.slash(world.channel, "schrum new", variant="tac", reserve_rule="next")
    assert result.ephemeral and "reserve_rule belongs to Schrum Schrum, not to Tač" in result.response.content
    await alice.slash(world.channel, "schrum new", variant="tac", three_ace="random")
    assert world.table().options == {"hands": 1, "three_ace": "random"}
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Cancel").custom_id)
    await alice.slash(world.channel, "schrum new", variant="schrum", reserve_rule="next")
    assert world.table().options == {"hands": 1, "reserve_rule": "next"}
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Cancel").custom_id)

    await alice.slash(world.channel, "schrum new", variant="repezita", decks=2)
    table = world.table()
    assert (table.game, table.options, table.settings["turn_timer"]) == ("repezita", {"hands": 1, "decks": 2}, 0)


async def test_a_misplaced_option_is_named_as_the_players_client_shows_it(world, monkeypatch):
    client_locale(monkeypatch, "de")
    result = await world.users[0].slash(world.channel, "schrum new", variant="schrum", strict=True)
    assert result.ephemeral and "Die Option streng gehört zu Tač" in result.response.content


# -- Schrum Schrum ---------------------------------------------------------------------------------------
async def test_schrum_hand_through_destination_buttons(world):
    table = await open_table(world, "schrum", 2, seed=11)
    seen = {e["card"] for e in table.engine.start_events if e["type"] == "expose"}
    # the table message: image, one log line of the automatic start, whose move it is
    message = table_message(world)
    assert message.attachments and message.attachments[0].filename.endswith(".png")
    lines = message.content.splitlines()
    assert len(lines) == 3 and lines[1] == "6 cards fit nowhere, onto their own reserves"  # the automatic start, one line
    exposed = table.engine.view(None)["exposed"]
    assert f"{table.names[exposed['seat']]} places" in message.content

    rng = random.Random(3)
    clicks = 0
    while not table.engine.over:
        seat = to_act(table)
        other = 1 - seat
        mine, theirs = dm(world, seat), dm(world, other)
        card = table.engine.view(None)["exposed"]["card"]
        # the hand view: no picture (nobody holds a hand), the exposed card, one button per destination
        assert not mine.attachments
        assert f"Your card: **{shown(card)}**" in mine.content
        legal = table.engine.legal_actions(seat)
        assert len(buttons(mine)) == len(legal)
        for action in legal:
            if action.startswith("onto"):
                top = table.engine.view(None)["reserve_tops"][int(action.split()[1])]
                assert f"Onto {table.names[other]}'s reserve ({shown(top)})" in labels(mine)
            else:
                assert any(label.startswith("Centre") for label in labels(mine))
        assert not buttons(theirs)
        # every card named anywhere has been exposed: talons stay hidden, even from their owners
        for text in (table_message(world).content, mine.content, theirs.content):
            assert cards_named(text) <= seen, text
        choice = rng.choice(buttons(mine))
        result = await world.users[seat].user.click(mine, custom_id=choice.custom_id)
        assert not result.ephemeral, result.response.content
        seen |= {e["card"] for e in table.last_events if e["type"] == "expose"}
        clicks += 1
        assert clicks < 200
    assert table.status == "finished"
    content = table_message(world).content
    assert "wins the hand!" in content and "Match over. Winner: " in content and "The match is over." not in content
    thread = world.channel.threads[0]
    assert any(a.filename.startswith("scores-") for m in thread.history() for a in m.attachments)



async def test_a_double_click_does_not_place_the_next_card(world):
    table = await open_table(world, "schrum", 2, seed=11)
    seat = to_act(table)
    message = dm(world, seat)
    first = buttons(message)[0].custom_id
    version = table.version
    results = await click_as_seen(world.env, [(world.users[seat].user, message, first),
                                              (world.users[seat].user, message, first)])
    assert table.version == version + 1  # one card placed, not two
    assert not results[0].ephemeral
    assert results[1].ephemeral and "Your last move counted already" in results[1].response.content  # not "too late"


# -- Tač -------------------------------------------------------------------------------------------------
async def miss(world: World, table) -> tuple[int, int]:
    """The player to act keeps his exposed card (a miss). Returns (offender, next player)."""
    offender = to_act(table)
    message = dm(world, offender)
    await world.users[offender].user.click(message, custom_id=button(message, "Onto my own Open pile (a miss: others may call Tač!)").custom_id)
    assert table.engine.view(None)["tac_window"] == offender
    return offender, table.engine.view(None)["current"]


async def test_tac_button_after_a_miss(world):
    table = await open_table(world, "tac", 3, seed=5)
    offender, nxt = await miss(world, table)
    caller = 3 - offender - nxt
    kept = table.engine.view(None)["reserve_tops"][offender]
    assert "You kept" in dm(world, offender).content and not buttons(dm(world, offender))
    assert labels(dm(world, nxt)) == ["Tač!", "Expose my next card"]
    assert labels(dm(world, caller)) == ["Tač!"]  # no "Pass": nobody has to press it
    assert f"{table.names[offender]} kept {shown(kept)}" in dm(world, caller).content
    assert "Tač! may be called until" in table_message(world).content

    counts = table.engine.view(None)["counts"]
    old_tac = button(dm(world, nxt), "Tač!").custom_id
    nxt_saw = as_seen(world.env, dm(world, nxt))
    result = await world.users[caller].user.click(dm(world, caller), custom_id=button(dm(world, caller), "Tač!").custom_id)
    assert not result.ephemeral
    assert any(e["type"] == "tac" for e in table.last_events)
    assert f"{table.names[caller]}: Tač! on {table.names[offender]}" in table_message(world).content
    # the next player was a moment too slow: his old Tač! button is answered, nothing happens twice
    (late,) = await click_as_seen(world.env, [(world.users[nxt].user, nxt_saw, old_tac)])
    assert late.ephemeral and "Too late" in late.response.content
    assert table.engine.view(None)["phase"] == "give"
    # issue 19: each giver may give a card or keep it; the offender waits
    for seat in (caller, nxt):
        assert labels(dm(world, seat)) == ["Give a card", "Keep my card"]
        assert "you may give" in dm(world, seat).content
    assert not buttons(dm(world, offender))
    assert "waiting for" in table_message(world).content
    await world.users[caller].user.click(dm(world, caller), custom_id=button(dm(world, caller), "Keep my card").custom_id)
    assert f"{table.names[caller]} gives no card" in table_message(world).content
    await world.users[nxt].user.click(dm(world, nxt), custom_id=button(dm(world, nxt), "Give a card").custom_id)
    given = next(e for e in table.last_events if e["type"] == "tac_given")
    assert given["givers"] == [nxt] and table.engine.view(None)["counts"][offender] == counts[offender] + 1
    assert f"{table.names[offender]} gets 1 card" in table_message(world).content
    assert "Give a card" not in labels(dm(world, caller))


async def test_tac_penalty_the_timer_gives_for_an_absent_giver(world):
    table = await open_table(world, "tac", 3, seed=5, turn_timer=30)
    offender, nxt = await miss(world, table)
    caller = 3 - offender - nxt
    await world.users[caller].user.click(dm(world, caller), custom_id=button(dm(world, caller), "Tač!").custom_id)
    await world.users[caller].user.click(dm(world, caller), custom_id=button(dm(world, caller), "Give a card").custom_id)
    assert table.engine.waiting_for() == {nxt}
    # the offender's DM is not redrawn as each giver decides: it names none of them, and says it is theirs
    assert "Tač! was called on you" in dm(world, offender).content and "waiting for" not in dm(world, offender).content
    await world.env.advance_time(31)
    given = next(e for e in table.last_events if e["type"] == "tac_given")
    assert given["givers"] == sorted([caller, nxt], key=lambda s: (s - offender) % 3)


async def test_tac_window_closes_when_the_next_player_exposes_and_the_timer_waits_only_for_him(world, monkeypatch):
    async def mildest(table, engine, seat, level):  # this test is about whom the timer plays for, not what
        return engine.default_action(seat)

    monkeypatch.setattr(world.bot.tables, "think", mildest)
    table = await open_table(world, "tac", 3, seed=5, turn_timer=30)
    offender, nxt = await miss(world, table)
    await world.users[nxt].user.click(dm(world, nxt), custom_id=button(dm(world, nxt), "Expose my next card").custom_id)
    assert table.engine.view(None)["tac_window"] is None
    for seat in range(3):  # the Tač! buttons are gone; only the player to act has buttons
        assert "Tač!" not in labels(dm(world, seat))
        assert bool(buttons(dm(world, seat))) == (seat in table.engine.to_act())

    # a second miss, and nobody moves: the timer reminds and plays only for the next player
    while True:
        seat = to_act(table)
        if "keep" in table.engine.legal_actions(seat):
            break
        await world.users[seat].user.click(dm(world, seat), custom_id=buttons(dm(world, seat))[0].custom_id)
    offender, nxt = await miss(world, table)
    await world.env.advance_time(31)
    assert table.engine.view(None)["tac_window"] is None
    assert any(e["type"] == "tac_closed" and e["by"] == nxt for e in table.last_events)
    assert [s.timeouts for s in table.seats] == [int(i == nxt) for i in range(3)]
    reminders = [m.content for m in world.channel.threads[0].history() if "your turn at table" in m.content]
    assert reminders and all(f"<@{table.seats[nxt].user_id}>" in r and r.count("<@") == 1 for r in reminders)


async def test_tac_button_survives_a_restart(world, make_bot):
    table = await open_table(world, "tac", 3, seed=5)
    offender, nxt = await miss(world, table)
    caller = 3 - offender - nxt
    message = dm(world, caller)
    await world.env.restart_bot(make_bot())
    table = world.table()
    assert table.engine.view(None)["tac_window"] == offender
    result = await world.users[caller].user.click(message, custom_id=button(message, "Tač!").custom_id)
    assert not result.ephemeral
    assert any(e["type"] == "tac" for e in table.last_events)


# -- Repezita --------------------------------------------------------------------------------------------
def correct_card(table, seat):
    return next((c for c in table.engine.view(seat)["hand"] if table.engine.correct(c)), None)


def wrong_card(table, seat):
    return next((c for c in table.engine.view(seat)["hand"] if not table.engine.correct(c)), None)


def card_button(world, table, seat, card):
    top = table.engine.top()
    return next(b for b in buttons(dm(world, seat)) if b.custom_id.endswith(f":play {card} on {top}"))


def shown(card: str) -> str:
    return card_label(card.split("#")[0])


async def go(world, table):
    """The dealer gives the start signal: the hands turn up."""
    dealer = table.engine.view(None)["dealer"]
    await world.users[dealer].user.click(dm(world, dealer), custom_id=button(dm(world, dealer), "Go!").custom_id)
    assert table.engine.view(None)["phase"] == "play"


async def test_repezita_hands_lie_face_down_until_the_dealers_go(world):
    table = await open_table(world, "repezita", 3, seed=2)
    dealer = table.engine.view(None)["dealer"]
    for seat in range(3):
        message = dm(world, seat)
        assert not cards_named(message.content) and not message.attachments
        if seat == dealer:
            assert labels(message) == ["Go!"] and "Say Go!" in message.content
        else:
            assert not buttons(message) and f"at {table.names[dealer]}'s Go!" in message.content
    assert f"waiting for {table.names[dealer]}'s Go!" in table_message(world).content
    await go(world, table)
    assert f"{table.names[dealer]}: Go!" in table_message(world).content
    for seat in range(3):
        assert len(buttons(dm(world, seat))) == len(table.engine.view(seat)["hand"])


async def test_a_dealer_who_never_says_go_is_reminded_then_the_timer_says_it(world):
    """Repezita has no turn timer, but a dealer who never says Go would hold the others up for good: the Go is
    timed (`SIGNAL_TIMER`), with the reminder at two thirds, and given by the timer as the dealer's."""
    from bot.tables.timers import SIGNAL_TIMER

    table = await open_table(world, "repezita", 3, seed=2)
    dealer = table.engine.view(None)["dealer"]
    thread = world.channel.threads[0]
    await world.env.advance_time(SIGNAL_TIMER * 2 / 3 + 1)
    assert table.engine.view(None)["phase"] == "signal"
    assert any("turn timer plays for you" in m.content for m in thread.history())
    await world.env.advance_time(SIGNAL_TIMER / 3 + 1)
    assert table.engine.view(None)["phase"] == "play"
    row = await world.bot.db.fetchone("SELECT seat, action, auto FROM actions WHERE table_id = ? AND seq = 1",
                                      (table.id,))
    assert (row["seat"], row["action"], row["auto"]) == (dealer, "go", 1)
    assert table.timer is None, "the race itself is not timed"
    assert table.seats[dealer].timeouts == 1


async def test_a_refusal_names_the_seat_it_is_about_by_its_players_name(world):
    """The engines count seats from 0 (`Reason("... until {seat} (the dealer) says go")`); a player reads names."""
    from types import SimpleNamespace

    from bot.games import IllegalAction
    from bot.tables import UserError

    table = await open_table(world, "repezita", 3, seed=2)
    dealer = table.engine.view(None)["dealer"]
    other = (dealer + 1) % 3
    card = "AS"  # (any card: they lie face down)
    with pytest.raises(IllegalAction) as refused:
        table.engine.clone().apply(other, f"play {card} on -")
    clicker = SimpleNamespace(locale="en-US", user=SimpleNamespace(id=world.users[other].user.id))
    text = world.bot.table_ui.refusal(table, clicker, f"play {card} on -",
                                      UserError("Not allowed: {reason}", reason=refused.value.reason))
    assert f"until {table.names[dealer]} (the dealer) says go" in text, text


async def test_repezita_live_hands_stale_clicks_and_a_wrong_card(world):
    table = await open_table(world, "repezita", 4, seed=2)
    assert table.timer is not None, "only the dealer's Go is timed"
    await go(world, table)
    assert table.timer is None and table.deadline is None  # real time: no turn timer
    for seat in range(4):
        message = dm(world, seat)
        assert not message.attachments and len(buttons(message)) == 13
        assert "an Ace starts it" in message.content

    # alice plays an Ace: every DM shows the new pile at once
    ace_seat = next(s for s in range(4) if correct_card(table, s))
    ace = correct_card(table, ace_seat)
    old = {s: dm(world, s) for s in range(4)}
    old_ids = {s: [b.custom_id for b in buttons(old[s])] for s in range(4)}
    saw = {s: as_seen(world.env, old[s]) for s in range(4)}
    requests = len(world.env.http_requests)
    await world.users[ace_seat].user.click(old[ace_seat], custom_id=card_button(world, table, ace_seat, ace).custom_id)
    calls = world.env.http_requests[requests:]
    assert table.engine.top() == ace
    for seat in range(4):
        assert f"Pile: **{shown(ace)}** (1 card)" in dm(world, seat).content
        assert all(f"on {ace}" in b.custom_id for b in buttons(dm(world, seat)))
    # REST per play: the clicker's interaction response, the table message, one DM edit per other player
    edits = [c for c in calls if c.method == "PATCH"]
    responses = [c for c in calls if c.path.startswith("/interactions/")]
    assert len(responses) == 1 and len(edits) == 4, [(c.method, c.path) for c in calls]

    # a click on a button from before the Ace: someone was faster, no penalty
    late = next(s for s in range(4) if s != ace_seat)
    hand = list(table.engine.view(late)["hand"])
    (result,) = await click_as_seen(world.env, [(world.users[late].user, saw[late], old_ids[late][0])])
    assert result.ephemeral and "Someone was faster" in result.response.content
    assert table.engine.view(late)["hand"] == hand and table.engine.top() == ace
    # the engine's own check (the action names the top the player saw) gives the same answer without a version
    with pytest.raises(StaleError):
        await world.bot.tables.act(table.id, table.seats[late].user_id, f"play {hand[0]} on -")
    assert table.engine.view(late)["hand"] == hand

    # a wrong card: the player picks up the pile, and everybody is told who
    wrong_seat = next(s for s in range(4) if wrong_card(table, s))
    wrong = wrong_card(table, wrong_seat)
    await world.users[wrong_seat].user.click(dm(world, wrong_seat),
                                             custom_id=card_button(world, table, wrong_seat, wrong).custom_id)
    name = table.names[wrong_seat]
    assert f"{name}: " in table_message(world).content and f"wrong! {name} picks up the pile (2 cards)" in \
        table_message(world).content
    for seat in range(4):
        text = dm(world, seat).content
        assert ("you picked up the pile (2 cards)" if seat == wrong_seat else f"{name} played a wrong card") in text
        assert "The pile is empty" in text


async def test_repezita_four_players_clicking_at_once(world):
    table = await open_table(world, "repezita", 4, seed=2)
    await go(world, table)
    rng = random.Random(1)
    plays = 0
    stale = 0
    requests = []
    while not table.engine.over and plays < 80:
        # everyone who holds a correct card clicks it, all before the bot answers anyone
        clicks = []
        for seat in sorted(table.engine.to_act()):
            card = correct_card(table, seat) or (wrong_card(table, seat) if rng.random() < 0.1 else None)
            if card:
                clicks.append((world.users[seat].user, dm(world, seat), card_button(world, table, seat, card).custom_id))
        rng.shuffle(clicks)
        top, version = table.engine.top(), table.version
        before = len(world.env.http_requests)
        results = await click_as_seen(world.env, clicks)
        requests.append(len(world.env.http_requests) - before)
        assert table.version == version + 1, "exactly one of the racing clicks is played"
        assert not results[0].ephemeral
        late = "is not running" if table.engine.over else "Someone was faster"
        for result in results[1:]:
            assert result.ephemeral and late in result.response.content
        stale += len(results) - 1
        plays += 1
        assert table.engine.top() != top or table.engine.view(None)["pile_count"] == 0 or table.engine.over
        for seat in table.engine.to_act():  # every DM follows the pile
            assert len(buttons(dm(world, seat))) == min(len(table.engine.view(seat)["hand"]), 25) or \
                len(table.engine.view(seat)["hand"]) > 25
    assert table.engine.over and table.status == "finished", plays
    assert stale > 0
    content = table_message(world).content
    assert content.count("Match over.") == 1 and "The match is over." not in content, content  # said once


async def test_repezita_hand_of_more_than_25_cards_is_one_button_per_rank(world):
    table = await open_table(world, "repezita", 2, seed=4)
    await go(world, table)
    hand = table.engine.view(0)["hand"]
    assert len(hand) == 26
    message = dm(world, 0)
    ranks = [c.split("#")[0][:-1] for c in hand]
    expected = [f"{r} ×{ranks.count(r)}" for r in dict.fromkeys(ranks)]
    assert labels(message) == expected
    # a rank button plays one card of that rank (suits never matter in Repezita)
    await world.users[0].user.click(message, label=next(x for x in expected if x.startswith("A ")))
    assert table.engine.top().split("#")[0][:-1] == "A" and len(table.engine.view(0)["hand"]) == 25
    assert len(buttons(dm(world, 0))) == 25


async def test_a_go_said_twice_is_told_that_the_first_counted(world):
    """A double click on Go!: the second is no one else's faster move; the dealer is told the first counted."""
    table = await open_table(world, "repezita", 3, seed=2)
    dealer = table.engine.view(None)["dealer"]
    message = dm(world, dealer)
    go = button(message, "Go!").custom_id
    first, second = await click_as_seen(world.env, [(world.users[dealer].user, message, go)] * 2)
    assert not first.ephemeral and table.engine.view(None)["phase"] == "play"
    assert second.ephemeral and "Your last move counted already" in second.response.content


def test_a_second_deck_card_carries_the_prime_the_rules_promise():
    from cogs.ui.schrum import card_text

    assert [unjoined(card_text(c)) for c in ("7H", "7H#2", "10S#2", None)] == ["7♥", "7♥'", "10♠\ufe0e'", "–"]


def test_a_stalled_hand_counts_rounds_as_the_rules_do():
    """The engine counts turns (2·52·3 with three players); the rules promise 104 rounds of the table."""
    from cogs.ui.schrum import TacUI

    line = TacUI().step({"type": "stall", "turns": 312}, ["a", "b", "c"], "en")
    assert line == "no card reached the centre for 104 rounds: the hand is a draw"
    assert "tijekom 104 kruga" in TacUI().step({"type": "stall", "turns": 312}, ["a", "b", "c"], "hr")


async def test_schrum_schrum_says_its_numbers_of_players_in_the_lobby_and_at_start(world: World):
    """Schrum Schrum is played by 2, 4 or 8 (3 to 7 only with unequal piles): its lobby said "Seats: 3 of 2–8",
    then Start refused in the engine's English ("option unequal=True allows...")."""
    from bot.i18n import tr
    from bot.tables import UserError

    await world.users[0].slash(world.channel, "schrum new", variant="schrum")
    for user in world.users[1:3]:
        lobby = lobby_message(world)
        await user.click(lobby, custom_id=button(lobby, "Join").custom_id)
    lobby = lobby_message(world)
    assert "Seats: 3; the game is played by 2, 4 or 8." in lobby.content, lobby.content
    assert button(lobby, "Start").disabled  # (it was live, and refused once pressed)
    with pytest.raises(UserError) as refused:  # a Start that comes anyway (an old client's click) is refused
        await world.bot.tables.start(world.table().id, world.users[0].id)
    assert tr("hr", refused.value.msgid, **refused.value.fields) == (
        "Schrum Schrum se igra s jednim od ovih brojeva igrača: 2, 4, 8; za stolom ih je 3.")
    assert world.table().status == "lobby"
