"""A table whose picture Discord refuses plays on as text (tests/cogs/test_pictures_refused.py); the text then says
what the picture would show: the cards of a trick, the centre pile and the Open piles' tops, the staircase and the
melds, each seat's cards (`GameUI.table_state`). Drawn from the public view alone: no card a hand, a talon or a skat
holds face down is ever named, whatever is played. And the message stays within Discord's 2,000 characters with the
longest names, in every language."""

from __future__ import annotations

import copy
import random
import re

import pytest

from bot.games.cards import DECK_52
from bot.games.treppenromme import Treppenromme
from bot.ui.game_ui import card_style, count_cards, rank_label
from bot.ui.suits import unjoined
from cogs.ui.schrum import card_text
from cogs.ui.treppenromme import short_meld
from tests.cogs.helpers import start_fixed, table_message
from tests.cogs.test_long_names import LongNames
from tests.cogs.test_pictures_refused import refuse_pictures
from tests.cogs.test_schieberamsch_flow import play_one, start_table
from tests.conftest import World

GAMES = {  # key: (command, title in the lobby, players, options)
    "schieberamsch": ("schieberamsch new", "Schieberamsch", 3, {"deals": 3}),
    "rufmariasch": ("rufmariasch new", "Rufmariasch", 4, {"stake": "0,50", "currency": "€", "deals": 4}),
    "schroeoem": ("schroeoem new", "Schrööm", 4, {}),
    "treppenromme": ("treppenromme new", "Treppenrommé", 3, {}),
    "schrum": ("schrum new", "Schrum", 4, {"variant": "schrum"}),
    "tac": ("schrum new", "Tač", 3, {"variant": "tac"}),
    "repezita": ("schrum new", "Repezita", 3, {"variant": "repezita"}),
}
PRIVATE_KEYS = ("hand", "skat", "discarded", "out")  # what a seat's own view adds of its cards


async def as_text(world: World, monkeypatch, game: str, *, seed: int = 5, world_lang: str | None = None):
    """A table of `game`, started, whose picture Discord refuses from now on: it shows as text."""
    command, title, n, options = GAMES[game]
    table = await start_fixed(world, command, title, n, seed=seed, dealer=0, **options)
    if world_lang:
        table.settings["lang"] = world_lang
    delivery = world.bot.table_ui.delivery
    monkeypatch.setattr(delivery, "catch_up_later", lambda *args, **kwargs: None)  # (each move's own edit, here)
    refuse_pictures(monkeypatch, world, table)
    await delivery.show_table(table)
    return table


def spy_on_words(monkeypatch, world: World, table) -> list[tuple[dict, list[str]]]:
    """Every call of the table's `table_state`: a copy of the view it was given, and the lines it made."""
    ui = world.bot.table_ui.game_ui(table)
    calls: list[tuple[dict, list[str]]] = []
    original = ui.table_state

    def spy(view, names, lang, **kwargs):
        lines = original(view, names, lang, **kwargs)
        calls.append((copy.deepcopy(view), lines))
        return lines

    monkeypatch.setattr(ui, "table_state", spy)
    return calls


async def random_move(world: World, table, rng: random.Random) -> None:
    """A random legal move of a seat that may move, as the turn timer's moves reach the table message."""
    engine = table.engine
    seat = rng.choice(sorted(engine.waiting_for() or engine.to_act()))
    outcome = await world.bot.table_ui.service.act(table.id, world.users[seat].id, rng.choice(
        engine.legal_actions(seat)))
    await world.bot.table_ui.delivery.after_move(table, outcome)


def card_reader(world: World, table):
    """The card codes a text names, read back from the labels of the table's deck and language ("U🌰" -> JC,
    "7♥'" -> 7H#2)."""
    ui = world.bot.table_ui.game_ui(table)
    codes = [c for base in DECK_52 for c in (base, base + "#2")]
    with card_style(ui.card_deck(table), table.settings.get("lang", "en")):
        labels = {card_text(c): c for c in codes}
    pattern = re.compile("|".join(re.escape(label) for label in sorted(labels, key=len, reverse=True)))
    return lambda text: {labels[m] for m in pattern.findall(text)}


def strings(data) -> set[str]:
    """Every string in a view (its card codes among them)."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*map(strings, data.values())) if data else set()
    if isinstance(data, list | tuple):
        return set().union(*map(strings, data)) if data else set()
    return set()


def hidden_cards(engine, seats: int) -> set[str]:
    """The cards some seat holds face down, as the engine knows them: its own view's hand (and skat, discards, cards
    out of play), a Schrum Schrum or Tač talon, which even its owner never sees."""
    cards = {c for s in range(seats) for key in PRIVATE_KEYS for c in engine.view(s).get(key) or []}
    return cards | {c for talon in getattr(engine, "talons", []) for c in talon}


@pytest.mark.parametrize("game", list(GAMES))
async def test_the_table_in_words_names_only_public_cards_over_random_play(world: World, monkeypatch, game: str):
    table = await as_text(world, monkeypatch, game)
    calls = spy_on_words(monkeypatch, world, table)
    read = card_reader(world, table)
    rng = random.Random(11)
    named_any = hidden_any = 0
    for _ in range(150):
        if table.engine.over:
            break
        await random_move(world, table, rng)
        if table.status != "running":
            break
        assert calls, "the text table says what is on the table"
        view, lines = calls[-1]
        public = table.engine.view(None)
        assert view == public, "drawn from the public view of this moment, not a seat's"
        content = table_message(world, table).content
        assert not table_message(world, table).attachments and lines
        assert all(line in content.split("\n") for line in lines), (lines, content)
        named = read("\n".join(lines))
        hidden = hidden_cards(table.engine, len(table.seats)) - strings(public)
        assert not named & hidden, f"hidden cards named: {named & hidden}\n{content}"
        assert named <= strings(public), (named - strings(public), content)
        named_any += bool(named)
        hidden_any += bool(hidden)
        if game == "rufmariasch" and not public["revealed"]:  # the partner is nobody's business before then
            assert "partner" not in "\n".join(lines) and "Callers" not in "\n".join(lines)
    assert hidden_any, "there were hidden cards to keep"
    assert named_any or game == "repezita", "cards were named (Repezita's pile is in its status line)"


async def test_mid_trick_the_trick_and_the_last_trick_are_listed_with_who_played_them(world: World, monkeypatch):
    table = await start_table(world, deals=3, turn_timer=3600)
    monkeypatch.setattr(world.bot.table_ui.delivery, "catch_up_later", lambda *args, **kwargs: None)
    refuse_pictures(monkeypatch, world, table)
    await world.bot.table_ui.delivery.show_table(table)
    rng = random.Random(4)
    for _ in range(400):
        view = table.engine.view(None)
        if view["phase"] == "play" and len(view["trick"]) == 2 and view["last_trick"]:
            break
        await play_one(world, table, rng)  # clicks: the decisions on the table message, cards in the DMs
    else:
        raise AssertionError("no second trick half played")
    content = table_message(world, table).content
    names = table.names
    with card_style("german", "en"):
        trick = ", ".join(f"{names[c['seat']]} {card_text(c['card'])}" for c in view["trick"])
        last = ", ".join(f"{names[c['seat']]} {card_text(c['card'])}" for c in view["last_trick"]["cards"])
    assert f"Trick: {trick}." in content
    assert f"Last trick, taken by {names[view['last_trick']['winner']]}: {last}." in content
    for seat, name in enumerate(names):
        assert f"• {name}: {count_cards('en', view['counts'][seat])}" in content, content
    lines = content.split("\n")
    assert lines[-1].startswith(f"{names[view['to_act'][0]]} to play."), "who is to play comes last"


@pytest.mark.parametrize("game", ["schrum", "tac"])
async def test_the_centre_and_every_open_pile_top_are_in_the_text(world: World, monkeypatch, game: str):
    table = await as_text(world, monkeypatch, game, seed=2)
    rng = random.Random(5)
    for _ in range(60):
        await random_move(world, table, rng)
        view = table.engine.view(None)
        if view["centre"]["count"] >= 2 and sum(map(bool, view["reserves"])) >= 2:
            break
    centre = view["centre"]
    assert centre["count"] and not view["over"]
    content = table_message(world, table).content
    names = table.names
    with card_style("french", "en"):
        assert f"Centre: {card_text(centre['top'])} ({centre['count']} cards) · next: {rank_label(centre['next'])}" \
            in content, content
        piles = ("Closed pile", "Open pile") if game == "tac" else ("talon", "reserve")
        for seat, name in enumerate(names):
            talon = view["talon_counts"][seat]
            reserve = view["reserves"][seat]
            shown = f"{card_text(reserve[-1])} ({len(reserve)} card{'s' * (len(reserve) != 1)})" if reserve else "empty"
            size = f"{talon} card{'s' * (talon != 1)}" if talon else "empty"
            assert f"• {name}: {piles[0]} {size} · {piles[1]} {shown}" in content, content


def test_a_run_is_written_by_its_ends_and_a_set_card_by_card():
    with card_style("french", "de"):
        assert unjoined(short_meld({"id": 3, "kind": "seq", "cards": ["QH", "KH", "AH", "2H"]})) == "#3 D♥–2♥"
        assert unjoined(short_meld({"id": 1, "kind": "set", "cards": ["7C", "7S", "7D"]})) == "#1 7♣\ufe0e 7♠\ufe0e 7♦"


@pytest.mark.parametrize("lang", ["de", "en", "hr", "ro"])
async def test_melds_and_the_staircase_with_the_longest_names_fit_in_one_message(env, monkeypatch, lang: str):
    """Four players of ~100-character names (tests/cogs/test_long_names.py), one of whom took fourteen staircase cards
    and laid six runs, over a staircase of ten: every meld, the staircase card by card and each seat are said, in
    every language, and the message keeps within 2,000 characters."""
    world = LongNames(env, 4)
    table = await start_fixed(world, "treppenromme new", "Treppenrommé", 4, seed=1, dealer=0)
    table.settings["lang"] = lang
    hand = ["2C", "3C", "4C", "5C", "6C", "7C", "8C"]
    taken = ["9C", "10C", "JC", "QC", "KC", "AC", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    rest = [c for c in DECK_52 if c not in hand + taken]
    table.engine = engine = Treppenromme.new(4, seed=table.seed, options=table.options, deal={
        "hands": [hand, rest[:7], rest[7:14], rest[14:21]], "staircase": rest[21:30] + taken, "talon": rest[30:]})
    engine.apply(0, "take 14")
    for meld in ("2C 3C 4C", "5C 6C 7C", "8C 9C 10C", "JC QC KC", "2H 3H 4H", "5H 6H 7H"):
        engine.apply(0, f"meld {meld}")
    engine.apply(0, "discard AC")
    monkeypatch.setattr(world.bot.table_ui.delivery, "catch_up_later", lambda *args, **kwargs: None)
    refuse_pictures(monkeypatch, world, table)
    await world.bot.table_ui.delivery.show_table(table)
    content = table_message(world, table).content
    view = engine.view(None)
    assert len(view["melds"]) == 6 and len(view["staircase"]) == 10
    assert len(content) <= 2000, len(content)
    with card_style("french", lang):
        for meld in view["melds"]:
            assert short_meld(meld) in content
        assert " ".join(card_text(c) for c in view["staircase"]) in content
    assert sum(line.startswith("• ") for line in content.split("\n")) == 4, content
    assert "…" not in content, "nothing cut short"


async def test_eight_of_the_longest_names_keep_the_trick_and_the_status_and_lose_whole_lines_only(env, monkeypatch):
    """Schrööm for eight players of ~100-character names, in German: a trick of eight names, the previous one and
    eight seat lines are more than a message holds. What matters most stays (the trick being played, then the
    previous one), lines give way whole from the end of the block, and who is to play ends the message."""
    world = LongNames(env, 8)
    table = await start_fixed(world, "schroeoem new", "Schrööm", 8, seed=3, dealer=0)
    table.settings["lang"] = "de"
    monkeypatch.setattr(world.bot.table_ui.delivery, "catch_up_later", lambda *args, **kwargs: None)
    refuse_pictures(monkeypatch, world, table)
    calls = spy_on_words(monkeypatch, world, table)
    for _ in range(200):  # the mildest moves (every player stays in) until a trick of several cards after another
        view = table.engine.view(None)
        if view["last_trick"] and len(view["trick"]) >= 5:
            break
        seat = min(table.engine.waiting_for())
        outcome = await world.bot.table_ui.service.act(table.id, world.users[seat].id,
                                                       table.engine.default_action(seat))
        await world.bot.table_ui.delivery.after_move(table, outcome)
    else:
        raise AssertionError("no long trick")
    content = table_message(world, table).content
    _, lines = calls[-1]
    assert len(content) <= 2000, len(content)
    shown = [line for line in lines if line in content.split("\n")]
    assert shown == lines[:len(shown)] and len(shown) >= 2, "whole lines, the first ones"
    assert shown[0].startswith("Stich: ") and shown[1].startswith("Der vorige Stich ging an ")
    assert content.split("\n")[-1].startswith(table.text_names[view["mover"]]), "who is to play comes last"
