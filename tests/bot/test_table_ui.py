"""Delivery's batching of a table's Discord updates: moves that arrive while the last updates are on their way
go out together, showing the table as it is then (one table edit, one edit per changed hand)."""

from __future__ import annotations

import asyncio
import threading
from types import SimpleNamespace

import pytest

from bot.tables import Outcome
from bot.ui.delivery import Delivery
from bot.ui.game_ui import GameUI
from bot.ui.table_ui import TableUI


class Recorder(Delivery):
    """A Delivery whose Discord calls are recorded; the first table edit waits until `release` is set."""

    def __init__(self) -> None:
        service = SimpleNamespace(listener=None, record_shown=self.record_shown, db=None)
        super().__init__(SimpleNamespace(bot=SimpleNamespace(), service=service, game_ui=lambda t: GameUI()))
        self.calls: list[tuple] = []
        self.release = asyncio.Event()

    async def update_table(self, table, events=None, *, record=True) -> int:
        self.calls.append(("table", [e["n"] for e in events or []]))
        if len([c for c in self.calls if c[0] == "table"]) == 1:
            await self.release.wait()
        return 0

    async def record_shown(self, table, **marks) -> None:
        pass

    async def send_hand(self, table, seat, *, new_hand=False, close_old=True) -> None:
        self.calls.append(("hand", seat, new_hand, close_old))

    async def post_score_sheet(self, table) -> None:
        self.calls.append(("sheet",))


def table() -> SimpleNamespace:
    seats = [SimpleNamespace(dm_closed=False) for _ in range(3)]
    return SimpleNamespace(id=7, game="none", status="running", seats=seats)


def outcome(t, seat: int, n: int, changed: set[int], new_hand: set[int] = frozenset(), scored: bool = False):
    events = [{"type": "play", "n": n}] + ([{"type": "hand_scored", "n": n}] if scored else [])
    return Outcome(table=t, seat=seat, action="play", events=events, changed=set(changed), new_hand=set(new_hand))


async def test_moves_during_an_update_are_merged_into_one_batch():
    ui, t = Recorder(), table()
    first = asyncio.create_task(ui.after_move(t, outcome(t, 0, 1, {0, 1}), responded_seat=0, responded_in_dm=True))
    await asyncio.sleep(0)
    assert ui.calls == [("table", [1])]  # the first move's table edit is on its way (and slow)
    second = asyncio.create_task(ui.after_move(t, outcome(t, 1, 2, {1, 2}), responded_seat=1, responded_in_dm=True))
    third = asyncio.create_task(ui.after_move(t, outcome(t, 2, 3, {2, 0}, scored=True), responded_seat=2,
                                              responded_in_dm=True))
    await asyncio.sleep(0.01)
    assert not second.done() and not third.done()  # they wait for the first batch, not past it
    ui.release.set()
    await asyncio.gather(first, second, third)
    assert ui.calls == [
        ("table", [1]), ("hand", 1, False, True),  # move 1: the table, then the next player's hand
        # moves 2 and 3 together: one table edit narrating both, and only seat 0's hand (move 3 changed it after
        # seat 0's reply; seats 1 and 2 were shown theirs by their own replies)
        ("table", [2, 3, 3]), ("hand", 0, False, True),
        ("sheet",),
    ]


async def test_a_merged_new_deal_sends_new_hand_messages_and_keeps_closed_ones_closed():
    ui, t = Recorder(), table()
    first = asyncio.create_task(ui.after_move(t, outcome(t, 0, 1, {0, 1}), responded_seat=0, responded_in_dm=True))
    await asyncio.sleep(0)
    # the last card of the deal, played from the DM: its reply closed that message, so no "drop the buttons" edit
    second = asyncio.create_task(ui.after_move(t, outcome(t, 1, 2, {0, 1, 2}, new_hand={0, 1, 2}),
                                               responded_seat=1, responded_in_dm=True))
    await asyncio.sleep(0)
    ui.release.set()
    await asyncio.gather(first, second)
    assert ui.calls[2:] == [("table", [2]), ("hand", 0, True, True), ("hand", 1, True, False),
                            ("hand", 2, True, True)]


async def test_a_move_alone_is_shipped_at_once():
    ui, t = Recorder(), table()
    ui.release.set()
    await ui.after_move(t, outcome(t, 0, 1, {0, 1}))  # a timer's move: nobody was answered
    assert ui.calls == [("table", [1]), ("hand", 0, False, True), ("hand", 1, False, True)]
    assert not ui._pending


async def test_the_score_sheet_is_drawn_in_a_drawing_thread_from_the_stored_rows():
    """Score sheets come once a deal at every table; drawing one on the event loop held up every other click."""
    drawn: list[tuple[str, list, list]] = []
    posted: list[str] = []

    class Sheets(GameUI):
        key = "none"

        def score_sheet_job(self, table, hands, totals, lang):
            return lambda: drawn.append((threading.current_thread().name, hands, totals)) or b"png"

    async def send_message(channel_id, *, params):
        posted.extend(f.filename for f in params.files)
        return {"id": "9", "attachments": [{"filename": f.filename} for f in params.files]}

    async def fetchall(sql, params):
        return [{"hand_no": 1, "seat": s, "delta": d, "total": d} for s, d in enumerate((30, -30, 0))]

    bot = SimpleNamespace(http=SimpleNamespace(send_message=send_message),
                          _connection=SimpleNamespace(allowed_mentions=None))
    ui = TableUI(bot, SimpleNamespace(listener=None, db=SimpleNamespace(fetchall=fetchall)))
    ui.register(Sheets())
    t = table()
    t.home_channel_id, t.guild_id, t.settings = 1, 2, {}
    try:
        await ui.delivery.post_score_sheet(t)
    finally:
        ui.close()
    assert drawn == [("draw-update_0", [{"deltas": [30, -30, 0]}], [30, -30, 0])]
    assert posted == ["scores-7.png"]


def test_event_lines_write_scores_with_a_real_minus_sign():
    from bot.ui.game_ui import score_text, signed_score
    from cogs.ui.schieberamsch import SchieberamschUI

    assert (signed_score(12), signed_score(-24), signed_score(0)) == ("+12", "−24", "0")
    assert (score_text(-24), score_text(7)) == ("−24", "7")
    event = {"type": "hand_scored", "hand_no": 1, "deltas": [-24, 12, 0]}
    assert SchieberamschUI().narrate(event, ["ann", "bo", "cy"], "en") == "Deal 1 scored: ann −24, bo +12."
    assert GameUI().narrate(event, ["ann", "bo", "cy"], "en") == "Hand 1 scored: ann −24, bo +12."
    ramsch = dict(event, points=[62, 30, 28])  # a player checks a Ramsch by the card points each took
    assert SchieberamschUI().narrate(ramsch, ["ann", "bo", "cy"], "de") == \
        "Spiel 1 gewertet: ann −24, bo +12 (Augen: ann 62, bo 30, cy 28)."


def test_a_rufmariasch_sheet_names_both_callers():
    from bot.render.score import describe

    record = {"caller": 0, "partner": 2, "trump": "H", "called": "AC", "callers_total": 70, "defenders_total": 50,
              "callers_win": True}
    assert describe("rufmariasch", record, ["ann", "bo", "cy", "dee"], "en").startswith("ann & cy: ")
    alone = dict(record, partner=None, alone=True)
    assert describe("rufmariasch", alone, ["ann", "bo", "cy", "dee"], "en").startswith("ann (alone): ")


def test_the_match_end_line_says_winners_when_there_are_several():
    names = ["ann", "bo", "cy", "dee"]
    one = GameUI().narrate({"type": "match_over", "winners": [2]}, names, "de")
    assert one == "Partie vorbei. Sieger: cy."
    assert GameUI().narrate({"type": "match_over", "winners": [0, 1, 3]}, names, "en") \
        == "Match over. Winners: ann, bo, dee."
    assert GameUI().narrate({"type": "match_over", "winners": [1]}, names, "en") == "Match over. Winner: bo."
    assert GameUI().narrate({"type": "match_over", "winners": []}, names, "en") == "The match is over."  # all drawn


@pytest.mark.parametrize(("lang", "kontra", "rekontra"), [("en", "Kontra", "Rekontra"), ("de", "Kontra", "Re"),
                                                          ("ro", "Contra", "Recontra")])
def test_kontra_and_rekontra_are_told_in_the_words_of_their_buttons(lang, kontra, rekontra):
    from cogs.ui.schieberamsch import SchieberamschUI

    ui, names = SchieberamschUI(), ["ann", "bo", "cy"]
    assert ui.narrate({"type": "kontra", "seat": 1}, names, lang) == f"bo: {kontra}!"
    assert ui.narrate({"type": "rekontra", "seat": 0}, names, lang) == f"ann: {rekontra}!"
    assert ui.label("rekontra", lang) == rekontra
