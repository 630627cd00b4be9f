"""An engine's reason that names a seat by number is said with the player's name at a table."""

from __future__ import annotations

import pytest

from bot.games.base import Reason
from bot.i18n import naming_seats, tr

NAMES = ["Anna", "Bernd", "Claudia"]


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Not allowed: it is not your turn: Bernd plays next"),
    ("de", "Nicht erlaubt: du bist nicht am Zug: Bernd spielt als Nächstes"),
])
def test_a_seat_in_a_reason_is_said_by_name(lang, expected):
    reason = Reason("it is not your turn: seat {seat} plays next", seat=1)
    with naming_seats(NAMES):
        assert tr(lang, "Not allowed: {reason}", reason=reason) == expected
    assert "Bernd" not in tr(lang, "Not allowed: {reason}", reason=reason)  # no table, no names


def test_a_possessive_and_other_fields_survive():
    reason = Reason("{card} does not match the top of seat {seat}'s {word} ({top})", card="7♥", seat=2,
                    word="Talon", top="K♠")
    with naming_seats(NAMES):
        assert tr("en", "{r}", r=reason) == "7♥ does not match the top of Claudia's Talon (K♠)"
        assert "von Claudia" in tr("de", "{r}", r=reason)


def test_a_seat_that_is_not_at_the_table_keeps_its_number():
    reason = Reason("there is no seat {seat}", seat=7)
    with naming_seats(NAMES):
        assert tr("en", "{r}", r=reason) == "there is no seat 7"


def test_a_person_cannot_pass_for_a_computer_by_their_display_name():
    """A computer's seat name carries the robot (🤖) the pictures draw as its level; a person's never does."""
    from bot.render import drawable
    from bot.tables.model import Seat, Table

    table = Table(id=1, guild_id=1, channel_id=1, game="schieberamsch", options={}, settings={}, seed=0, host_id=1, seats=[
        Seat(user_id=1, name="🤖 Computer 2 (strong)"), Seat(user_id=-1, name="🤖 Computer (easy)", computer="easy"),
        Seat(user_id=2, name="🤖"), Seat(user_id=3, name="⚙ Strong 2")])
    assert table.names == ["Computer 2 (strong)", "🤖 Computer (easy)", "?", "Strong 2"]
    assert drawable(table.names) == ["Computer 2 (strong)", "⚙ Easy", "?", "Strong 2"]


def test_a_name_the_pictures_cannot_draw_brings_the_username_along():
    """An emoji-only or Chinese display name would be "Seat 2" in every picture: the seat keeps the username beside
    it, and the pictures draw that."""
    from types import SimpleNamespace

    from bot.render.layout import display_names
    from bot.ui.seating import seat_name

    dice, wang, ana = (SimpleNamespace(display_name=d, name=n) for d, n in
                       (("🎲🎲", "dicefan"), ("王力", "wangli"), ("Ana 🎲", "ana_k")))
    assert [seat_name(u) for u in (dice, wang, ana)] == ["🎲🎲 (dicefan)", "王力 (wangli)", "Ana 🎲"]
    assert display_names([seat_name(u) for u in (dice, wang, ana)], 3) == ["dicefan", "wangli", "Ana"]
    assert seat_name(SimpleNamespace(display_name="🎲", name="🎲")) == "🎲"  # nothing better to add


def test_a_right_to_left_name_in_message_text_is_isolated():
    """In "Points this game: محمد −7, anna +7." the bidirectional algorithm took the "−7" into the Arabic name's run
    and showed "7− محمد"; isolated (FSI … PDI) the name stays one unit and its score follows it."""
    from bot.tables.model import Seat, Table
    from bot.ui.game_ui import GameUI

    table = Table(id=1, guild_id=1, channel_id=1, game="schroeoem", options={}, settings={}, seed=0, host_id=1,
                  seats=[Seat(user_id=1, name="محمد عبد الرحمن"), Seat(user_id=2, name="anna_*x*")])
    assert table.text_names == ["\u2068محمد عبد الرحمن\u2069", "anna\\_\\*x\\*"]
    line = GameUI().narrate({"type": "hand_scored", "hand_no": 1, "deltas": [-7, 7]}, table.text_names, "en")
    assert line == "Hand 1 scored: \u2068محمد عبد الرحمن\u2069 −7, anna\\_\\*x\\* +7."
