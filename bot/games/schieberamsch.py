"""Schieberamsch for three players (docs/rules/schieberamsch.md), with Grand Hand.

A match is a series of deals. Each deal: 3 cards to each seat clockwise from forehand (FH, left of the
dealer), 2 face down as the skat, 4 to each, 3 to each. FH, MH, RH (= dealer) may in turn announce Grand
Hand; the first `grand` ends that round. If nobody does, the deal is a Schieberamsch: FH, MH, RH each
`take` the skat (look at it, hand grows to 12, then `discard C1 C2` any two) or `push` it on unseen
(each push doubles the deal's score). Only the four Jacks are trumps (♣J > ♠J > ♥J > ♦J); a Jack never
belongs to its printed suit. The winner of the last trick takes the skat. Lower totals are better.

A Grand Hand is the solo against the other two: the skat stays face down and counts for the solo at the
end; the opponents may say Kontra (in order FH..RH, the first `kontra` ends their round) and then the
solo may say Rekontra, then FH leads. The solo wins with 61 card points; his total goes down by the
game value if he wins and up by it if he loses.

The engine is split by job: the card tables (a hand as a bit mask) in `schieberamsch_cards`, the normative
scoring formulas `ramsch_scores`, `matadors`, `grand_value` and `grand_delta` (docs/rules/schieberamsch.md,
"Scoring" and "Grand Hand") and the settling of a finished deal in `schieberamsch_scoring`, what a seat may know
and the worlds that fit it in `schieberamsch_worlds`, the view and the reasons for refusals in
`schieberamsch_view`; this module keeps the rules of play and re-exports the names the others use.
"""

from __future__ import annotations

import random
from typing import Any

from . import schieberamsch_scoring as scoring
from . import schieberamsch_view as views
from . import schieberamsch_worlds as worlds
from .base import Engine, choice, flag, integer
from .cards import DECK_32, validate_deal
from .schieberamsch_cards import (
    _ACT_INFO,
    _DIGIT_OF,
    _DISCARD,
    _FOLLOW,
    _LEAD_HI,
    _LEAD_LO,
    _LEAD_MID,
    _NEXT,
    _NOBODY,
    _ONE,
    _OWNER_AT,
    _PTS,
    _RANGE32,
    _SEATS_FROM,
    _SIMPLE,
    _SUIT_MASKS,
    _WIN_VALUE,
    BIT,
    JACKS,
    PLAY,
    PLAY_CARD,
    POINTS,
    POWER,
    SORT_KEY,
    SORTED_DECK,
    SUIT_IDS,
    SUIT_MASK,
    SUIT_OF,
    TRUMP,
    TVALUE,
    _sorted,
    cards_of,
    mask_of,
)
from .schieberamsch_scoring import (
    _MATADORS,
    grand_delta,
    grand_value,
    matadors,
    ramsch_deltas,
    ramsch_scores,
    trunc10,
)

# -- the engine --------------------------------------------------------------------------------------


class Schieberamsch(Engine):
    """Schieberamsch with Grand Hand; see the module docstring and `view()` for the shapes."""

    key = "schieberamsch"
    title = "Schieberamsch"
    min_seats = 3
    max_seats = 3
    # Slots keep attribute access on the hot path fast (an instance dict with this many keys stops being
    # a shared-key dict, and CPython then looks every attribute up by name).
    __slots__ = ("_dealer", "_discarded", "_fh", "_grand_passed", "_hand_no", "_history", "_in_play", "_kontra",
                 "_kontra_passed", "_kontra_queue", "_last_trick", "_leader", "_led", "_masks", "_matadors",
                 "_mode", "_over", "_phase", "_picked", "_points", "_points_taken", "_pushed_by", "_pushes",
                 "_rekontra", "_schieben_done", "_skat", "_solo", "_took_by", "_took_skat", "_totals", "_trick",
                 "_trick_no", "_tricks", "_tricks_won", "_turn")
    OPTIONS = {
        "deals": integer(12, 3, 3000, "number of deals in the match, a multiple of 3; None = open-ended",
                         multiple_of=3, allow_none=True),
        "target": integer(None, 1, 100000, "the match also ends as soon as a total reaches this; None = no target",
                          allow_none=True),
        "jacks_in_skat": flag(True, "a player who took the skat may discard Jacks into it (seed: any two cards)"),
        "skat_to": choice("last_trick", ("last_trick", "loser"),
                          "who gets the skat's points in a Ramsch: the last trick's winner (seed) or the loser "
                          "(most card points from tricks)"),
        "gh_dealer": choice("rotate", ("rotate", "same"),
                            "after a Grand Hand the deal passes left (seed) or the same dealer deals again"),
    }

    # -- setup -------------------------------------------------------------------------------------
    def _setup(self, deal: dict[str, Any] | None) -> None:
        if deal is not None:
            if not isinstance(deal, dict):
                raise ValueError("deal: must be a dict with 'hands' and 'skat'")
            validate_deal(deal, deck_cards=DECK_32, sizes={"hands": [10, 10, 10], "skat": 2})
        dealer = self.options["dealer"]
        if dealer is None:
            dealer = self.rng.randrange(3)
        self._totals = [0, 0, 0]
        self._hand_no = 0
        self._history: list[dict[str, Any]] = []
        self._over = False
        self._start_hand(dealer, deal)

    def _start_hand(self, dealer: int, deal: dict[str, Any] | None = None) -> None:
        self._hand_no += 1
        self._dealer = dealer
        fh = self._fh = _NEXT[dealer]
        if deal is not None:
            masks = [mask_of(h) for h in deal["hands"]]
            skat = list(deal["skat"])
        else:
            # Shuffle: sorting 0..31 by 32 random 64-bit keys (one getrandbits call; a tie, p ~ 1e-16,
            # keeps index order) gives a uniformly random permutation, cheaper than rng.shuffle; entry k
            # is the position of card k (display key k) in the shuffled pack. The pack is dealt 3 each
            # clockwise from FH, 2 to the skat, 4 each, 3 each: `_OWNER_AT[fh]` maps a position to its
            # seat (3 = skat). The hand masks are then read off with bytes.translate and int(..., 2).
            keys = memoryview(self.rng.getrandbits(2048).to_bytes(256, "little")).cast("Q").tolist()
            owners = bytes(sorted(_RANGE32, key=keys.__getitem__)).translate(_OWNER_AT[fh])[::-1]
            masks = [int(owners.translate(_DIGIT_OF[s]), 2) for s in (0, 1, 2)]
            skat = cards_of(int(owners.translate(_DIGIT_OF[3]), 2))
        self._masks = masks
        self._skat = skat
        self._phase = "grand"
        self._turn: int | None = fh
        self._in_play = False
        self._led: int | None = None  # suit id of the card that led the current trick
        self._mode: str | None = None
        self._solo: int | None = None
        self._grand_passed: list[int] = []
        self._pushes = 0
        self._pushed_by: list[int] = []
        self._took_by: list[int] = []
        self._schieben_done = 0
        self._picked: list[str] = []
        self._discarded: dict[int, list[str]] = {}
        self._took_skat: dict[int, list[str]] = {}  # seat -> the skat it picked up (what passed its hands)
        self._kontra: int | None = None
        self._rekontra: int | None = None
        self._kontra_passed: list[int] = []
        self._kontra_queue: list[int] = []
        self._trick: list[int] = []  # card ids in play order, from self._leader clockwise
        self._last_trick: tuple[list[int], int, int] | None = None  # (card ids, leader, winner)
        self._tricks: list[tuple[list[int], int, int]] = []  # every finished trick of the deal, like _last_trick
        self._tricks_won = [0, 0, 0]
        self._points = [0, 0, 0]
        self._trick_no = 0
        self._leader: int | None = None
        self._matadors: tuple[int, bool] | None = None
        self._points_taken: list[int] | None = None

    def _hand(self, seat: int) -> list[str]:
        """The seat's cards in display order."""
        return cards_of(self._masks[seat])

    # -- contract surface --------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self._over

    def to_act(self) -> frozenset[int]:
        t = self._turn
        return _NOBODY if t is None else _ONE[t]

    def legal_actions(self, seat: int) -> list[str]:
        if seat != self._turn or seat is None:
            return []
        if self._in_play:  # the play phase (the match is not over: someone is to act)
            m = self._masks[seat]
            led = self._led
            if led is not None:
                sh, wm, table = _FOLLOW[led]
                follow = table[m >> sh & wm]
                if follow:
                    return list(follow)
            return [*_LEAD_LO[m & 2047], *_LEAD_MID[m >> 11 & 2047], *_LEAD_HI[m >> 22]]
        phase = self._phase
        if phase == "discard":
            return self._discard_actions(seat)
        simple = _SIMPLE.get(phase)
        return list(simple) if simple else []

    def _discard_actions(self, seat: int) -> list[str]:
        """Every pair of cards in the hand (Jacks only if allowed), each named in hand order."""
        m = self._masks[seat]
        if not self.options["jacks_in_skat"]:
            m &= ~SUIT_MASK[TRUMP]
        ok = cards_of(m)
        out: list[str] = []
        for i in range(len(ok) - 1):
            out += map(_DISCARD[ok[i]].__getitem__, ok[i + 1:])
        return out

    def default_action(self, seat: int) -> str:
        """Pass Grand Hand and Kontra, push the skat, put a taken skat back unchanged, shed the lowest card."""
        phase = self._phase
        if phase == "play":
            acts = self.legal_actions(seat)
            return min(acts, key=lambda a: (POINTS[a[5:]], SUIT_OF[a[5:]] == TRUMP, POWER[a[5:]]))
        if phase == "schieben":
            return "push"
        if phase == "discard":
            # put the skat straight back, or as much of it as the house rule allows
            picked = self._picked
            return max(self._discard_actions(seat), key=lambda a: sum(c in picked for c in a.split()[1:]))
        return self.legal_actions(seat)[0]

    def apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        # Fast paths for the legal actions of each phase (a random-play loop spends its time here);
        # anything they do not accept goes through the generic check, which raises IllegalAction.
        if seat == self._turn:
            if self._in_play:
                try:
                    k, bit, suit = _ACT_INFO[action]
                    m = self._masks[seat]
                except (KeyError, TypeError):  # not a card action, or a bad seat: the check explains
                    m = bit = 0
                if m & bit:
                    led = self._led
                    if led is None or suit == led or not m & _SUIT_MASKS[led]:
                        self._masks[seat] = m ^ bit
                        trick = self._trick
                        trick.append(k)
                        if led is None:
                            self._led = suit
                        elif len(trick) == 3:
                            return self._complete_trick(seat, SORTED_DECK[k])
                        self._turn = _NEXT[seat]
                        return [{"type": "play", "seat": seat, "card": SORTED_DECK[k]}]
                self._check(seat, action)  # raises: not a legal card
            phase = self._phase
            if phase == "discard" and seat.__class__ is int:
                pair = self._discard_pair(seat, action)
                if pair is not None:
                    return self._discard(seat, pair)
            elif seat.__class__ is int and action.__class__ is str:
                handler = _HANDLERS.get((phase, action))
                if handler is not None:
                    return handler(self, seat)
        self._check(seat, action)
        return self._apply(seat, action)

    def _discard_pair(self, seat: int, action: Any) -> tuple[str, str] | None:
        """The two cards of a legal `discard A B` (either order), in hand order; None if not legal."""
        if action.__class__ is not str:
            return None
        parts = action.split()
        if len(parts) != 3 or parts[0] != "discard":
            return None
        a, b = parts[1], parts[2]
        m = self._masks[seat]
        if a == b or not m & BIT.get(a, 0) or not m & BIT.get(b, 0):
            return None
        if not self.options["jacks_in_skat"] and (SUIT_OF[a] == TRUMP or SUIT_OF[b] == TRUMP):
            return None
        return (a, b) if SORT_KEY[a] < SORT_KEY[b] else (b, a)

    # -- transitions ---------------------------------------------------------------------------------
    def _apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        """An action already checked against legal_actions (the play phase never gets here)."""
        if self._phase == "discard":
            pair = self._discard_pair(seat, action)
            assert pair is not None
            return self._discard(seat, pair)
        return _HANDLERS[self._phase, action](self, seat)

    def _grand_pass(self, seat: int) -> list[dict[str, Any]]:
        self._grand_passed.append(seat)
        events: list[dict[str, Any]] = [{"type": "pass", "seat": seat, "phase": "grand"}]
        if len(self._grand_passed) == 3:
            self._mode = "ramsch"
            self._phase = "schieben"
            self._turn = self._fh
            events.append({"type": "ramsch", "forehand": self._fh})
        else:
            self._turn = _NEXT[seat]
        return events

    def _push(self, seat: int) -> list[dict[str, Any]]:
        self._pushes += 1
        self._pushed_by.append(seat)
        events = [{"type": "push", "seat": seat, "pushes": self._pushes}]
        return events + self._next_schieben()

    def _take(self, seat: int) -> list[dict[str, Any]]:
        self._took_by.append(seat)
        picked = self._picked = _sorted(self._skat)
        self._took_skat[seat] = picked
        self._skat = []
        self._masks[seat] |= BIT[picked[0]] | BIT[picked[1]]
        self._phase = "discard"
        return [{"type": "take", "seat": seat},
                {"type": "skat", "seat": seat, "cards": list(picked), "private": seat}]

    def _say_kontra(self, seat: int) -> list[dict[str, Any]]:
        self._kontra = seat
        self._phase = "rekontra"
        self._turn = self._solo
        return [{"type": "kontra", "seat": seat}]

    def _kontra_pass(self, seat: int) -> list[dict[str, Any]]:
        self._kontra_passed.append(seat)
        self._kontra_queue.pop(0)
        events = [{"type": "pass", "seat": seat, "phase": "kontra"}]
        if self._kontra_queue:
            self._turn = self._kontra_queue[0]
            return events
        return events + self._start_play()

    def _say_rekontra(self, seat: int) -> list[dict[str, Any]]:
        self._rekontra = seat
        return [{"type": "rekontra", "seat": seat}, *self._start_play()]

    def _rekontra_pass(self, seat: int) -> list[dict[str, Any]]:
        return [{"type": "pass", "seat": seat, "phase": "rekontra"}, *self._start_play()]

    def _discard(self, seat: int, pair: tuple[str, str]) -> list[dict[str, Any]]:
        a, b = pair
        self._masks[seat] ^= BIT[a] | BIT[b]
        self._skat = [a, b]
        self._discarded[seat] = [a, b]
        self._picked = []
        self._phase = "schieben"
        events = [{"type": "discard", "seat": seat},
                  {"type": "discarded", "seat": seat, "cards": [a, b], "private": seat}]
        return events + self._next_schieben()

    def _announce_grand(self, seat: int) -> list[dict[str, Any]]:
        self._mode = "grand"
        self._solo = seat
        self._matadors = _MATADORS[(self._masks[seat] | BIT[self._skat[0]] | BIT[self._skat[1]]) & 15]
        self._phase = "kontra"
        fh = self._fh
        self._kontra_queue = [s for s in (fh, _NEXT[fh], _NEXT[_NEXT[fh]]) if s != seat]
        self._turn = self._kontra_queue[0]
        return [{"type": "grand_hand", "seat": seat}]

    def _next_schieben(self) -> list[dict[str, Any]]:
        self._schieben_done += 1
        if self._schieben_done == 3:
            return self._start_play()
        self._turn = (self._fh + self._schieben_done) % 3
        return []

    def _start_play(self) -> list[dict[str, Any]]:
        self._in_play = True
        self._phase = "play"
        self._turn = self._leader = self._fh
        self._trick_no = 1
        return [{"type": "play_start", "mode": self._mode, "leader": self._fh,
                 "multiplier": (1 << self._pushes) if self._mode == "ramsch" else None}]

    def _complete_trick(self, seat: int, card: str) -> list[dict[str, Any]]:
        """`seat` just played `card`, the third of the trick: settle it (and the deal after trick 10)."""
        trick = self._trick
        k0, k1, k2 = trick
        # a Jack beats any other card, otherwise only the led suit can win
        wv = _WIN_VALUE[self._led]
        v0, v1, v2 = wv[k0], wv[k1], wv[k2]
        s0, s1, s2 = _SEATS_FROM[_NEXT[seat]]
        best_seat = s0 if v0 > v1 and v0 > v2 else (s1 if v1 > v2 else s2)
        pts = _PTS[k0] + _PTS[k1] + _PTS[k2]
        self._tricks_won[best_seat] += 1
        self._points[best_seat] += pts
        self._last_trick = last = (trick, s0, best_seat)
        self._tricks.append(last)
        self._trick = []
        self._led = None
        deck = SORTED_DECK
        events = [{"type": "play", "seat": seat, "card": card},
                  {"type": "trick", "cards": [{"seat": s0, "card": deck[k0]}, {"seat": s1, "card": deck[k1]},
                                              {"seat": s2, "card": card}],
                   "winner": best_seat, "points": pts, "trick_no": self._trick_no}]
        if self._trick_no == 10:
            events += scoring.end_hand(self, best_seat)
            return events
        self._trick_no += 1
        self._turn = self._leader = best_seat
        return events

    # -- end of a deal -------------------------------------------------------------------------------
    def _winners(self) -> list[int]:
        lo = min(self._totals)
        return [s for s in range(3) if self._totals[s] == lo]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The table as `seat` sees it (`None`: a spectator; no hidden card); its keys and the events are
        documented in `schieberamsch_view.view`."""
        return views.view(self, seat)

    def explain(self, seat: int, action: str) -> str:
        return views.explain(self, seat, action)

    def finish(self) -> list[dict[str, Any]]:
        """End the match now: the only way an open-ended ``deals=None`` series without a target ends (the table
        stops it). A deal in progress is abandoned unscored; the lowest total wins. Not an action, as Rufmariasch's:
        a restoring table replays the log and calls ``finish()`` again. Returns the ``match_over`` event (``[]`` if
        the match was already over)."""
        if self._over:
            return []
        self._over = True
        self._phase = "over"
        self._turn = None
        return [{"type": "match_over", "winners": self._winners(), "totals": list(self._totals)}]

    def result(self) -> dict[str, Any]:
        return {"winners": self._winners() if self._over else [], "totals": list(self._totals),
                "hands": [views.copy_record(h) for h in self._history]}

    # -- search support ------------------------------------------------------------------------------
    def clone(self) -> Schieberamsch:
        """An independent copy, field by field (~10x faster than the pickle round trip)."""
        c = Schieberamsch.__new__(Schieberamsch)
        c.seats, c.options = self.seats, self.options  # options are never changed after new()
        c.rng = rng = random.Random.__new__(random.Random)  # no seeding from the OS: the state is set next
        rng.setstate(self.rng.getstate())
        for name in _SHARED_SLOTS:  # immutable values, or lists never changed once a deal record holds them
            setattr(c, name, getattr(self, name))
        for name in _LIST_SLOTS:
            setattr(c, name, getattr(self, name)[:])
        c._discarded = dict(self._discarded)
        c._took_skat = dict(self._took_skat)
        c._history = self._history[:]
        return c

    def knowledge(self, seat: int) -> tuple[list[int], list[int]]:
        """See `schieberamsch_worlds.knowledge`."""
        return worlds.knowledge(self, seat)

    def sample(self, seat: int, rng: random.Random) -> Schieberamsch:
        """See `Engine.sample` and `schieberamsch_worlds.sample`."""
        return worlds.sample(self, seat, rng)


# the decision points other than discarding and playing: (phase, action) -> method
_HANDLERS: dict[tuple[str, str], Any] = {
    ("grand", "pass"): Schieberamsch._grand_pass, ("grand", "grand"): Schieberamsch._announce_grand,
    ("schieben", "push"): Schieberamsch._push, ("schieben", "take"): Schieberamsch._take,
    ("kontra", "pass"): Schieberamsch._kontra_pass, ("kontra", "kontra"): Schieberamsch._say_kontra,
    ("rekontra", "pass"): Schieberamsch._rekontra_pass, ("rekontra", "rekontra"): Schieberamsch._say_rekontra,
}


_LIST_SLOTS = ("_masks", "_totals", "_grand_passed", "_pushed_by", "_took_by", "_kontra_passed", "_kontra_queue",
               "_trick", "_tricks_won", "_points", "_tricks", "_skat", "_picked")
_SHARED_SLOTS = tuple(sorted(set(Schieberamsch.__slots__) - set(_LIST_SLOTS)
                             - {"_discarded", "_took_skat", "_history"}))


__all__ = [
    "Schieberamsch", "BIT", "JACKS", "PLAY", "PLAY_CARD", "POINTS", "POWER", "SORTED_DECK", "SORT_KEY", "SUIT_IDS",
    "SUIT_MASK", "SUIT_OF", "TRUMP", "TVALUE", "cards_of", "mask_of", "grand_delta", "grand_value", "matadors",
    "ramsch_deltas", "ramsch_scores", "trunc10"
]
