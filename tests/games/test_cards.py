"""The card codes' texts in reasons (`bot.games.cards`)."""

from __future__ import annotations

import copy
import pickle

from bot.games.base import IllegalAction, Reason
from bot.games.cards import CardText, pretty, pretty_cards


def test_a_reasons_cards_keep_their_codes_and_text_through_a_copy_and_a_pickle():
    """A reason may come back pickled from a worker process: its cards are still the same cards, written the same."""
    cards = [pretty("JC"), pretty_cards(["QH", "10D"], ", "), CardText(("7H",), mark="'")]
    assert [str(c) for c in cards] == ["J♣", "Q♥, 10♦", "7♥'"]
    for card in cards:
        for again in (copy.deepcopy(card), pickle.loads(pickle.dumps(card))):
            assert (str(again), again.codes, again.sep, again.mark) == (str(card), card.codes, card.sep, card.mark)
    reason = Reason("{card} is not allowed now (allowed: {allowed})", card=cards[0], allowed=cards[1])
    error = pickle.loads(pickle.dumps(IllegalAction(reason)))
    assert error.reason == "J♣ is not allowed now (allowed: Q♥, 10♦)"
    assert error.reason.fields["allowed"].codes == ("QH", "10D")
