"""Schieberamsch's computer players.

`easy` plays rules of thumb: in a Ramsch it ducks under the trick's best card with its highest card that
stays below, sheds Aces and Tens when it cannot follow, takes the skat with a dangerous hand and discards its
worst cards; it announces Grand Hand and says Kontra only with a strong hand.

`strong` is perfect-information Monte Carlo (`bot.ai.search.pimc`): it deals the unseen cards anew
(`Engine.sample`), plays every candidate action in each world and finishes the deal with the rules of thumb
for all three seats, and takes the action with the best average outcome. Every decision is searched that
way, the Grand Hand, push or take, the discard (the six most promising pairs) and Kontra as much as the cards.
The outcome is the seat's score relative to the others': in a Ramsch the loser's score counts against him
and for the other two, in a Grand Hand the solo's value goes to him and, with the sign turned, to both
opponents; a small term for the card points taken breaks the ties of deals nobody loses.

The playouts read the sampled world's hand masks directly (`_masks`, `_trick`, ...): a world is the
searcher's own copy, and going through `view()` would make every playout several times slower.
"""

from __future__ import annotations

import random
from itertools import combinations

from bot.games import Engine
from bot.games.schieberamsch import (
    PLAY,
    POINTS,
    SORTED_DECK,
    SUIT_MASK,
    SUIT_OF,
    TRUMP,
    TVALUE,
    Schieberamsch,
    mask_of,
)

from . import Budget, Knowledge
from .search import pimc

ITERATIONS = 24  # sampled worlds per decision; every candidate is played out once in each
DISCARD_CANDIDATES = 6
SOLO_TRIES = 30
BIDS = ("grand", "schieben", "kontra", "rekontra")
BID_FACTOR = 3  # worlds for a bid: this many times ITERATIONS

# card id k = display index (bit k of a hand mask); suit id 0 = Jacks, 1..4 = ♣ ♠ ♥ ♦
_SUITS = (TRUMP, "C", "S", "H", "D")
SUIT = tuple(_SUITS.index(SUIT_OF[c]) for c in SORTED_DECK)
PTS = tuple(POINTS[c] for c in SORTED_DECK)
STRENGTH = tuple(TVALUE[c] for c in SORTED_DECK)  # Jacks above every plain card, then by rank
MASK = tuple(SUIT_MASK[s] for s in _SUITS)
JACKS = MASK[0]
ACTION = tuple(PLAY[c] for c in SORTED_DECK)
_ACES = mask_of(["AC", "AS", "AH", "AD"])
_TENS = mask_of(["10C", "10S", "10H", "10D"])
_CLUB_JACK = 1


# the card ids of every byte of a hand mask, per byte position
_IDS_OF_BYTE = tuple(tuple(tuple(8 * pos + i for i in range(8) if b >> i & 1) for b in range(256))
                     for pos in range(4))
_I0, _I1, _I2, _I3 = _IDS_OF_BYTE
# per led suit id, per card id: the card's strength in that trick (-1: it cannot win)
WINS = tuple(tuple(STRENGTH[k] if SUIT[k] in (0, led) else -1 for k in range(32)) for led in range(5))


def ids(mask: int) -> tuple[int, ...]:
    """The card ids of a hand mask, ascending (display order)."""
    return _I0[mask & 255] + _I1[mask >> 8 & 255] + _I2[mask >> 16 & 255] + _I3[mask >> 24]


def wins(led: int, k: int) -> int:
    """The card's strength in a trick led with suit `led` (-1: it cannot win)."""
    return WINS[led][k]


# -- rules of thumb on hand masks (easy, and every seat in the playouts) ---------------------------------


def card_to_play(hand: int, trick: list[int], mode: str | None, seat: int, solo: int | None,
                 trick_seats: list[int]) -> int:
    """The card id the rules of thumb play from `hand` onto `trick` (card ids in play order)."""
    if not trick:
        return _lead(hand, mode, seat, solo)
    led = SUIT[trick[0]]
    legal = hand & MASK[led] or hand
    cards = ids(legal)
    wl = WINS[led]
    values = [wl[k] for k in trick]
    best = max(values)
    winner = trick_seats[values.index(best)]
    last = len(trick) == 2
    under = [k for k in cards if wl[k] < best]
    over = [k for k in cards if wl[k] > best]
    if mode == "grand":
        friendly = (seat == solo) == (winner == solo)
        if friendly and (last or seat == solo):
            return max(under or cards, key=lambda k: (SUIT[k] != 0, PTS[k], -STRENGTH[k]))
        if over and not friendly:
            if last:
                return max(over, key=lambda k: (PTS[k], -STRENGTH[k]))
            return max(over, key=lambda k: STRENGTH[k])
        return min(cards, key=lambda k: (PTS[k], STRENGTH[k]))
    # Ramsch: stay under the best card with the highest card that does; shed Aces and Tens when void
    if under:
        plain = [k for k in under if SUIT[k] != 0] if led != 0 else under
        return max(plain or under, key=lambda k: (PTS[k] if legal == hand else 0, STRENGTH[k], PTS[k]))
    if last:
        return max(cards, key=lambda k: STRENGTH[k])
    return min(cards, key=lambda k: (STRENGTH[k], PTS[k]))


def _lead(hand: int, mode: str | None, seat: int, solo: int | None) -> int:
    cards = ids(hand)
    if mode == "grand":
        if seat == solo and hand & JACKS:
            return ids(hand & JACKS)[0]  # the highest Jack (Jacks are ids 0-3, ♣ first)
        aces = hand & _ACES
        if aces:
            return ids(aces)[0]
        return min(cards, key=lambda k: (PTS[k], STRENGTH[k]))
    # Ramsch: a low card of a plain suit, from the suit with the lowest card
    return min(cards, key=lambda k: (SUIT[k] == 0, STRENGTH[k] % 1000, PTS[k]))


def grand_ok(hand: int) -> bool:
    jacks = (hand & JACKS).bit_count()
    aces = (hand & _ACES).bit_count()
    tens = (hand & _TENS).bit_count()
    return (jacks >= 3 and hand & _CLUB_JACK and aces >= 2) or (jacks == 4 and aces + tens >= 2) or (
        jacks >= 2 and hand & _CLUB_JACK and aces >= 3 and tens >= 2)


def take_ok(hand: int) -> bool:
    """Take the skat when the hand is dangerous in a Ramsch (Jacks, many Aces and Tens)."""
    return (hand & JACKS).bit_count() >= 2 or ((hand & _ACES).bit_count() + (hand & _TENS).bit_count()) >= 4


def kontra_ok(hand: int) -> bool:
    return (hand & JACKS).bit_count() >= 2 and (hand & _ACES).bit_count() >= 2


def _danger(hand: int, k: int) -> int:
    if SUIT[k] == 0:
        return 30 + STRENGTH[k] - 1000
    short = (hand & MASK[SUIT[k]]).bit_count()
    return PTS[k] + STRENGTH[k] // 2 + (8 if short <= 2 else 0)


def discards(hand: int, jacks_allowed: bool) -> list[tuple[int, int]]:
    """Pairs of card ids to put into the skat, the most promising first: dangerous cards (Jacks, Aces,
    Tens), and a suit emptied so that later tricks of it can be shed on."""
    pool = hand if jacks_allowed else hand & ~JACKS
    scored = []
    for a, b in combinations(ids(pool), 2):
        rest = hand & ~(1 << a) & ~(1 << b)
        voided = SUIT[a] != 0 and not rest & MASK[SUIT[a]] or SUIT[b] != 0 and not rest & MASK[SUIT[b]]
        scored.append((_danger(hand, a) + _danger(hand, b) + (10 if voided else 0), a, b))
    scored.sort(key=lambda t: (-t[0], t[1], t[2]))
    return [(a, b) for _, a, b in scored]


def _discard_action(a: int, b: int) -> str:
    return f"discard {SORTED_DECK[a]} {SORTED_DECK[b]}"


def world_policy(w: Schieberamsch, seat: int) -> str:
    """The rules of thumb for `seat` in a world (its own hand and the trick only: no peeking in playouts)."""
    hand = w._masks[seat]
    if w._in_play:
        trick = w._trick
        seats = [(w._leader + i) % 3 for i in range(len(trick))] if trick else []
        return ACTION[card_to_play(hand, trick, w._mode, seat, w._solo, seats)]
    phase = w._phase
    if phase == "grand":
        return "grand" if grand_ok(hand) else "pass"
    if phase == "schieben":
        return "take" if take_ok(hand) else "push"
    if phase == "discard":
        return _discard_action(*discards(hand, w.options["jacks_in_skat"])[0])
    if phase == "kontra":
        return "kontra" if kontra_ok(hand) else "pass"
    return "pass"  # rekontra


# -- easy ---------------------------------------------------------------------------------------------


def easy(know: Knowledge, rng: random.Random) -> str:
    v = know.view
    hand = mask_of(v["hand"])
    phase = v["phase"]
    if phase == "play":
        trick = [SORTED_DECK.index(t["card"]) for t in v["trick"]]
        seats = [t["seat"] for t in v["trick"]]
        action = ACTION[card_to_play(hand, trick, v["mode"], know.seat, v["solo"], seats)]
    elif phase == "discard":
        action = _discard_action(*discards(hand, v["options"]["jacks_in_skat"])[0])
    elif phase == "grand":
        action = "grand" if grand_ok(hand) else "pass"
    elif phase == "schieben":
        action = "take" if take_ok(hand) else "push"
    elif phase == "kontra":
        action = "kontra" if kontra_ok(hand) else "pass"
    else:
        action = "pass"
    if action not in know.legal:  # a discard names its cards in hand order
        parts = action.split()
        swapped = f"{parts[0]} {parts[2]} {parts[1]}" if len(parts) == 3 else action
        action = swapped if swapped in know.legal else know.legal[0]
    return action


# -- strong -------------------------------------------------------------------------------------------


def finish_deal(w: Schieberamsch) -> dict:
    """Play the current deal to its end with the rules of thumb; the deal's record."""
    hand_no = w._hand_no
    history = w._history
    while w._hand_no == hand_no and not w._over:
        seat = w._turn
        w.apply(seat, world_policy(w, seat))
    return history[-1]


def utility(record: dict, seat: int) -> float:
    """How good a finished deal is for `seat` (higher is better): its score against the others' mean, with
    a small term for card points (fewer in a Ramsch, more on its side in a Grand Hand)."""
    points = record["points"]
    if record["mode"] == "ramsch":
        raw = record["scores"]
        others = [raw[s] for s in range(3) if s != seat]
        return -(raw[seat] - sum(others) / 2) / 10 - points[seat] / 200
    solo = record["solo"]
    delta = record["deltas"][solo]
    margin = (record["solo_points"] - 60) / 100
    return -delta + margin if seat == solo else delta / 2 - margin


def plausible_solo(hand: int) -> bool:
    """Could a player have announced Grand Hand with these ten cards? (Loose: the rules of thumb are
    stricter, people less so.)"""
    jacks = (hand & JACKS).bit_count()
    aces = (hand & _ACES).bit_count()
    return jacks >= 3 or (jacks == 2 and aces >= 2) or (jacks == 1 and aces >= 3)


def inferring(know: Knowledge) -> Knowledge:
    """`know` whose worlds are also consistent with the Grand Hand said: against a solo, a world in which
    his ten cards could not have made a Grand Hand is dealt again (up to `SOLO_TRIES` times)."""
    v = know.view
    solo = v["solo"]
    if v["mode"] != "grand" or solo is None or solo == know.seat:
        return know

    def sample(rng: random.Random) -> Engine:
        for _ in range(SOLO_TRIES):
            world = know.sample(rng)
            assert isinstance(world, Schieberamsch)
            if plausible_solo(world._masks[solo] | world.knowledge(know.seat)[1][solo]):
                return world
        return world

    return Knowledge(know.game, know.seat, know.view, know.legal, sample)


def strong(know: Knowledge, rng: random.Random, budget: Budget) -> str:
    seat = know.seat
    know = inferring(know)
    if know.view["phase"] in BIDS:  # two candidates, and a whole deal hangs on them: search wider
        budget = Budget(budget.iterations * BID_FACTOR, budget.deadline)
    candidates: list[str] | None = None
    if know.view["phase"] == "discard":
        hand = mask_of(know.view["hand"])
        best = discards(hand, know.view["options"]["jacks_in_skat"])[:DISCARD_CANDIDATES]
        legal = set(know.legal)
        candidates = []
        for a, b in best:
            act = _discard_action(a, b)
            candidates.append(act if act in legal else _discard_action(b, a))

    def evaluate(world: Engine, _rng: random.Random) -> float:
        assert isinstance(world, Schieberamsch)
        return utility(finish_deal(world), seat)

    return pimc(know, rng, budget, evaluate, candidates=candidates)
