"""A hand's result in the middle of the table wraps a part too wide for its box after a comma: Rufmariasch's
"dieter & anna: Leaves, Under of Bells" (the side, the trump, the called card) was cut to "…Under of Be…" at a
table of four, in English, where the German "Grün, Schellen Unter" fitted."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.render.tables import table_canvas
from tests.render.helpers import play_until

NAMES4 = ["anna", "bernd", "claudia", "dieter"]


def _result_view(trump: str, called: str) -> dict:
    engine = play_until(GAMES["rufmariasch"].new(4, seed=5, options={"stake": 10}), "rufmariasch", 5,
                        lambda e: e.view(None).get("hand_no", 1) > 1)
    view = engine.view(None)
    assert view.get("last_hand") and not view.get("trick"), view.get("trick")
    record = dict(view["last_hand"], caller=3, partner=0, alone=False, trump=trump, called=called)
    return dict(view, last_hand=record)


@pytest.mark.parametrize(("trump", "called"), [("S", "JD"), ("C", "AS"), ("H", "QC")])
def test_the_called_card_in_a_hands_result_is_not_cut_off(trump, called):
    from bot.render.score import card_name

    view = _result_view(trump, called)
    drawn = [text.strip("\u2068\u2069") for text, _ in
             table_canvas("rufmariasch", view, NAMES4, "german", False, "en").c.written]
    cut = [text for text in drawn if text.endswith("…")]
    assert not cut, cut
    name = card_name(called, "german", "en")  # "Under of Bells"
    assert any(name in text for text in drawn), (name, drawn)
