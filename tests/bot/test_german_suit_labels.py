"""German-suited cards are written with the suits their pictures show, in buttons, menus and text: Acorns 🌰,
Leaves 🍃, Hearts ♥, Bells 🔔. They were written ♣ ♠ ♥ ♦ (only the ranks followed the deck, U and O), so a
Rufmariasch player picked "Called card: A♣" for the acorn Ace the hand picture shows, and a German-deck Schrum
Schrum table wrote even its ranks the French way ("J♣" beside a picture of the Unter)."""

from __future__ import annotations

import pytest

from bot.games.cards import DECK_32
from bot.ui.game_ui import card_label, card_style, suit_label
from bot.ui.suits import GERMAN_SUIT_TEXT, SUIT_TEXT, TEXT_PRESENTATION, WORD_JOINER, unjoined
from cogs.ui.schrum import card_text

FRENCH_ONLY = ("♣", "♠", "♦")  # the heart is a heart on both decks


def test_a_german_card_is_written_with_the_german_suits():
    with card_style("german", "en"):
        labels = [card_label(c) for c in DECK_32]
        assert [suit_label(s) for s in "CSHD"] == ["🌰", "🍃", SUIT_TEXT["H"], "🔔"]
    assert not [label for label in labels if any(mark in label for mark in FRENCH_ONLY)], labels
    assert unjoined(card_label("JC", "german")) == "U🌰" and unjoined(card_label("QD", "german")) == "O🔔"
    assert unjoined(card_label("10S", "german")) == "10🍃" and unjoined(card_label("KH", "german")) == "K♥"
    # French cards keep ♣ ♠ ♥ ♦ (and B/D in German)
    assert card_label("JC", "french") == "J" + SUIT_TEXT["C"] and unjoined(card_label("QD", "french", "de")) == "D♦"
    assert set(GERMAN_SUIT_TEXT) == set(SUIT_TEXT)


@pytest.mark.parametrize(("deck", "lang", "expected"), [("german", "en", "U🌰"), ("french", "de", "B♣\ufe0e"),
                                                        ("french", "en", "J♣\ufe0e")])
def test_schrum_writes_its_cards_as_the_tables_pictures_show_them(deck, lang, expected):
    with card_style(deck, lang):
        assert unjoined(card_text("JC")) == expected
        assert unjoined(card_text("7H#2")) == "7♥'"  # Repezita's second deck keeps its mark


def test_rufmariaschs_call_menus_name_the_german_suits():
    from cogs.ui.rufmariasch import RufmariaschUI

    ui = RufmariaschUI()
    view = {"phase": "call", "hand": ["AC", "7S", "KH", "9D"]}
    with card_style("german", "en"):
        controls = ui.controls(view, ["call C AS"], "en")
        menus = [item.make(1, 1) for item in controls.items[:3]]
    texts = [menus[0].item.placeholder] + [o.label for m in menus for o in m.item.options] + \
        [m.item.placeholder for m in menus[1:]]
    assert not [t for t in texts if any(mark in t for mark in FRENCH_ONLY)], texts
    trump = [o.label for o in menus[0].item.options]
    assert trump == ["🌰 Acorns", "🍃 Leaves", "♥ Hearts", "🔔 Bells"], trump
    assert card_label("AC", "german") in [o.label for o in menus[1].item.options]
    with card_style("french", "en"):
        trump = [o.label for o in ui.controls(view, ["call C AS"], "en").items[0].make(1, 1).item.options]
    assert trump == [f"{SUIT_TEXT[s]} {n}" for s, n in zip("CSHD", ("Clubs", "Spades", "Hearts", "Diamonds"),
                                                            strict=True)], trump


@pytest.mark.parametrize(("game", "seats"), [("rufmariasch", 4), ("schroeoem", 4), ("schieberamsch", 3)])
def test_a_refusal_names_the_suit_as_the_german_cards_show_it(game, seats):
    """"Not allowed: you must follow suit (♦)" over "Playable now: A🔔 K🔔" at a German table: the reasons' cards
    followed the deck, their suits ("follow suit", "must trump", a marriage's suit) stayed French."""
    import random

    from bot.games import GAMES
    from bot.i18n import tr

    rng = random.Random(7)
    engine = GAMES[game].new(seats, seed=3)
    reasons = []
    for _ in range(400):
        if engine.over:
            break
        seat = min(engine.to_act())
        legal = engine.legal_actions(seat)
        for card in engine.view(seat).get("hand") or []:
            if f"play {card}" not in legal:
                reason = engine.explain(seat, f"play {card}")
                if "suit" in getattr(reason, "fields", {}):
                    reasons.append(reason)
        engine.apply(seat, rng.choice(sorted(legal)))
    assert reasons, "no refusal naming a suit came up"
    with card_style("german", "en"):
        german = [tr("en", r.msgid, **r.fields) for r in reasons]
    with card_style("french", "en"):
        french = [tr("en", r.msgid, **r.fields) for r in reasons]
    assert not [t for t in german if any(mark in t for mark in FRENCH_ONLY)], german[:5]
    assert [t for t in german if any(mark in t for mark in ("🌰", "🍃", "🔔"))], german[:5]
    assert not [t for t in french if any(mark in t for mark in ("🌰", "🍃", "🔔"))], french[:5]  # French stay French


# Where Discord's client may break a line: before a suit it draws as an emoji picture (🌰 🍃 🔔, and ♥ ♦, which
# it draws as emoji too), not before ♣ ♠ asked for as text (U+FE0E), which go on their rank like a letter.
PICTURE_SUIT = "[🌰🍃🔔♥♦](?!\ufe0e)"


@pytest.mark.parametrize(("deck", "lang"), [("german", "en"), ("german", "de"), ("french", "en"), ("french", "de")])
def test_no_line_breaks_a_card_between_its_rank_and_suit(deck, lang):
    """A phone wrapped "U🔔" as "U" at one line's end and "🔔" at the next's start: Unicode's line breaking allows a
    break before an emoji. A word joiner (U+2060, invisible) between the rank and a suit drawn as a picture keeps
    the card whole; a text-presentation ♣ ♠ needs none."""
    import re

    with card_style(deck, lang):
        for card in DECK_32:
            label, suit = card_label(card), suit_label(card[-1])
            assert label.endswith(suit), label
            rank = label[:-len(suit)]
            if suit.endswith(TEXT_PRESENTATION):
                assert WORD_JOINER not in label, repr(label)
            else:
                assert rank.endswith(WORD_JOINER) and WORD_JOINER not in rank[:-1], repr(label)
                assert not re.search("[0-9A-Z]" + PICTURE_SUIT, label), repr(label)
            assert card_text(card + "#2") == label + "'"
    assert set(GERMAN_SUIT_TEXT.values()) - {SUIT_TEXT["H"]} <= {"🌰", "🍃", "🔔"}


async def test_narration_keeps_each_german_card_on_one_line(world):
    """The table message, the hands and /table status at a German-suited table (Schieberamsch's default deck),
    through a deal: every card named has the word joiner before its suit, none a rank and a bare emoji suit."""
    import random
    import re

    from tests.cogs.helpers import dm, table_message
    from tests.cogs.test_schieberamsch_flow import play_one, start_table

    table = await start_table(world, deals=3)
    rng = random.Random(5)
    joined = 0
    for _ in range(30):
        if table.engine.over:
            break
        await play_one(world, table, rng)
        texts = [dm(world, s).content for s in range(3)] + [table_message(world, table).content]
        status = await world.users[0].slash(world.channel, "table status")
        texts.append(status.response.content)
        for text in texts:
            assert not re.search(r"(?<![\w])(?:10|[2-9AKUO])" + PICTURE_SUIT, text), repr(text)
            joined += len(re.findall(r"(?<![\w])(?:10|[2-9AKUO])\u2060" + PICTURE_SUIT, text))
    assert joined, "no card was named in any text"
