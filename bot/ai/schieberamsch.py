"""Schieberamsch's computer players.

`easy` plays rules of thumb: in a Ramsch it ducks under the trick's best card with its highest card that
stays below, sheds Aces and Tens when it cannot follow, takes the skat with a dangerous hand and discards its
worst cards; it announces Grand Hand and says Kontra only with a strong hand.

`strong` is perfect-information Monte Carlo: it deals the unseen cards anew (`Engine.sample`), plays every
candidate action in each world and finishes the deal with the rules of thumb for all three seats, and takes
the action with the best average outcome. Every decision is searched that way, the Grand Hand, push or take,
the discard (the six most promising pairs) and Kontra as much as the cards. The outcome is the seat's score
relative to the others': in a Ramsch the loser's score counts against him and for the other two, in a Grand
Hand the solo's value goes to him and, with the sign turned, to both opponents; a small term for the card
points taken breaks the ties of deals nobody loses. Two ingredients (`bot.ai.INGREDIENTS`) make it read the
table:
- *endgame*: with `SOLVE_CARDS` cards or fewer left in the hands, each world is solved exactly instead of
  played out (`schieberamsch_solve`: alpha-beta, paranoid in a Ramsch, two against one in a Grand Hand);
- *inference*: the worlds follow what the others did (`worlds`, `likelihood`): each is kept from a few drawn
  with the chance that the others, holding its cards, would have announced or passed Grand Hand, said
  Kontra or Rekontra or not, pushed or taken the skat, put down that discard and played those cards, by the
  rules of thumb softened. Against a Grand Hand this replaces the former filter on the solo's hand.
Measured with `python -m benchmarks.ai --games schieberamsch --jobs 1` (24 worlds, no deadline) on a loaded
2-core machine, neither ingredient shows yet at the sizes that fitted: strong over easy +7.98 [6.14, 9.82]
points in 120 deals (seed 12), 66 % [51, 86] of the oracle's +12.03 (the code before the measured factors:
+7.15, 59 % [41, 81] on the same deals); against strong-no-inference (which searches the same worlds wherever
the likelihood is flat) +0.12 [-0.69, 0.92] in 400 deals (seeds 11-13). The endgame changed 32 of 600
seat-deals played from 12 cards on against strong-no-endgame opponents, +0.17 [-0.20, 0.54] points a deal.
Valued on the true deal by the search's own evaluation, the decisions the inference changes gain
+0.27 [0.05, 0.49] each against easy players (whom the rules of thumb describe exactly; +0.41 in a Ramsch,
+0.04 in a Grand Hand) and -0.05 [-0.30, 0.20] against strong players, whose actions the rules of thumb
describe poorly (the ratios above `P_GRAND`).

The playouts read the sampled world's hand masks directly (`_masks`, `_trick`, ...): a world is the
searcher's own copy, and going through `view()` would make every playout several times slower.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate, combinations

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

ITERATIONS = 24  # sampled worlds per decision; every candidate is played out once in each
SOLVE_CARDS = 10  # cards left in the hands at or below which each world is solved exactly (the endgame)
DISCARD_CANDIDATES = 6
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


# -- inference: how likely the others' actions were in a world --------------------------------------
#
# Each public action of another seat counts with the chance that a seat holding that world's cards took it,
# relative to the likeliest hand: a class of hands (by the rules of thumb) that takes the action more often
# counts more, never zero. The factors are measured: for every action with a choice of three strong players
# in 60 deals (`benchmarks.ai`'s deals 1000-1059, seed 1, 24 worlds), how often each class held the seat's
# true hand, against how often it held the hand that the other two seats' sampled worlds (8 each) gave it;
# the ratio of the two, scaled to 1 for the likeliest class (and rounded), is the factor. The ratios (n:
# decisions times the two seats that saw them):
# Grand Hand announced 0.55 / 2.42 / 2.00 (implausible / plausible / rule), passed 1.08 / 0.69 / 0 (n 282);
# taken 0.73 / 1.28 and pushed 1.04 / 0.96 (push / take hand by the rule, n 156); Kontra said 1.05 / 0.56
# (never passed, n 68); Rekontra 0.58 / 32 (n 68, 4 said with a rule hand); discards with 0 / 1 / 2 of the
# three most dangerous cards 0 / 0.64 / 4.67 (n 104); cards led 0.92 / 0.73 / 1.71 in a Ramsch and
# 0.85 / 0.80 / 2.20 in a Grand Hand, followed 0.57 / 0.89 / 1.73 and 0.55 / 0.87 / 2.09 (unlike / alike /
# the rule's card, n 2,742). So strong players take the skat and push it with almost any hand, announce
# Grand Hand with hands the rule would not and always say Kontra: those actions say little, while the
# discard and the cards played say much.
INFER_TRIES = 4  # worlds in the pool for each world searched (`worlds`)
SOLO_TRIES = 8  # against a Grand Hand, whose announcement says most
INFER_FLOOR = 0.02  # a world keeps at least this share of the likeliest world's weight in the pool
P_GRAND = (0.25, 1.0, 1.0)  # a Grand Hand announced with an implausible, a plausible, a rule-of-thumb hand
P_GRAND_PASS = (1.0, 0.7, 0.1)  # Grand Hand passed with an implausible, a plausible, a rule-of-thumb hand
P_TAKE = (0.55, 1.0)  # taking the skat with a hand the rule would push with, would take with
P_PUSH = (1.0, 0.9)  # pushing it with a hand the rule would push with, would take with
P_KONTRA = (1.0, 1.0)  # Kontra said without, with a Kontra hand
P_KONTRA_PASS = 0.4  # no Kontra with a Kontra hand
P_REKONTRA = (0.3, 1.0)  # Rekontra said without, with a Grand Hand hand by the rule
DISCARD_LIKELY = 3  # the cards the rule finds most dangerous, of which a taker likely discards two
P_DISCARD = (0.05, 0.15, 1.0)  # a discard with 0, 1, 2 of them
# a card unlike the rule's, like it (same suit, same side of the trick's best), the rule's own; led, followed
P_LEAD = (0.45, 0.45, 1.0)
P_FOLLOW = (0.3, 0.45, 1.0)


@dataclass(frozen=True)
class Reading:
    """The factors `likelihood` weighs one seat's actions by, each indexed by the class of the hand or the card
    (`card_class`, `discard_class`, `take_ok`, `solo_class`, `grand_ok`, `kontra_ok`)."""

    lead: tuple[float, ...]
    follow: tuple[float, ...]
    discard: tuple[float, ...]
    take: tuple[float, ...]
    push: tuple[float, ...]
    grand_pass: tuple[float, ...]
    grand: tuple[float, ...]
    rekontra: tuple[float, ...]
    kontra: tuple[float, ...]
    kontra_pass: float
    exact_discard: bool  # the discard's class is 2 for the rule's own pair and 0 for any other


# every seat but an easy computer: the factors measured on searching players (above)
SEARCHING = Reading(P_LEAD, P_FOLLOW, P_DISCARD, P_TAKE, P_PUSH, P_GRAND_PASS, P_GRAND, P_REKONTRA, P_KONTRA,
                    P_KONTRA_PASS, exact_discard=False)
# A seat the table shows as an easy computer plays by the rules of thumb exactly (`easy`): each of its actions
# that the rule would not have taken from a world's hand makes the world EPS_EASY times as likely.
EPS_EASY = 0.02
_E = EPS_EASY
EASY = Reading(lead=(_E, _E, 1.0), follow=(_E, _E, 1.0), discard=(_E, _E, 1.0), take=(_E, 1.0), push=(1.0, _E),
               grand_pass=(1.0, 1.0, _E), grand=(_E, _E, 1.0), rekontra=(_E, _E), kontra=(_E, 1.0), kontra_pass=_E,
               exact_discard=True)  # it never says Rekontra


def card_class(hand: int, trick: list[int], played: int, mode: str | None, seat: int, solo: int | None,
               seats: list[int]) -> int:
    """How the card played compares with the rule of thumb's from `hand`: 2 the same card, 1 alike (the same
    suit, and onto a trick the same side of its best card), 0 unlike."""
    thumb = card_to_play(hand, trick, mode, seat, solo, seats)
    if thumb == played:
        return 2
    if SUIT[thumb] != SUIT[played]:
        return 0
    if not trick:
        return 1
    wl = WINS[SUIT[trick[0]]]
    best = max(wl[k] for k in trick)
    return 1 if (wl[thumb] > best) == (wl[played] > best) else 0


def discard_class(twelve: int, put: int, jacks_allowed: bool, exact: bool = False) -> int:
    """How many of the two cards put into the skat are among the `DISCARD_LIKELY` the rule finds most
    dangerous in the twelve; `exact`: 2 if they are the rule's own pair (`discards`), else 0."""
    if exact:
        a, b = discards(twelve, jacks_allowed)[0]
        return 2 if put == 1 << a | 1 << b else 0
    pool = twelve if jacks_allowed else twelve & ~JACKS
    worst = sorted(ids(pool), key=lambda k: -_danger(twelve, k))[:DISCARD_LIKELY]
    return sum(put >> k & 1 for k in worst)


def solo_class(hand: int) -> int:
    """2 a Grand Hand by the rule of thumb, 1 a plausible one (`plausible_solo`), 0 neither."""
    return 2 if grand_ok(hand) else int(plausible_solo(hand))


def likelihood(w: Schieberamsch, seat: int, easy_seats: frozenset[int] = frozenset()) -> float:
    """How likely the public actions of the seats other than `seat` were if they held world `w`'s cards
    (see the factors above): Grand Hand and its passes, Kontra and Rekontra, takes and pushes with the
    cards put into the skat, and every card played. The factors are those measured on searching players
    (`SEARCHING`), except for `easy_seats` (shown as easy computers), whose every action is the rule's
    (`EASY`). Reads the world's hidden cards and the public history only."""
    masks = w._masks
    mode, solo = w._mode, w._solo
    tricks = list(w._tricks)
    if w._trick:
        tricks.append((w._trick, w._leader, -1))
    later = list(masks)  # per seat: what it holds now and plays from this trick on, going back in time
    like = 1.0
    for cards, leader, _ in reversed(tricks):
        order = [(leader + i) % 3 for i in range(len(cards))]
        for i, (s, k) in enumerate(zip(order, cards, strict=True)):
            later[s] |= 1 << k
            if s != seat:
                r = EASY if s in easy_seats else SEARCHING
                like *= (r.follow if i else r.lead)[card_class(later[s], cards[:i], k, mode, s, solo, order[:i])]
    took = w._took_by
    for s in range(3):
        if s == seat:
            continue
        r = EASY if s in easy_seats else SEARCHING
        hand = later[s]  # the ten cards it played with
        if s in took:
            if s in w._discarded:
                put = mask_of(w._discarded[s])
                twelve = hand | put
                like *= r.discard[discard_class(twelve, put, w.options["jacks_in_skat"], r.exact_discard)]
                hand = twelve & ~mask_of(w._took_skat.get(s, []))
            else:  # taking it now (seat never decides then): the twelve cards
                hand = masks[s]
            like *= r.take[take_ok(hand)]
        elif s in w._pushed_by:
            like *= r.push[take_ok(hand)]
        if s in w._grand_passed:
            like *= r.grand_pass[solo_class(hand)]
        if s == solo:
            like *= r.grand[solo_class(hand)]
            if w._rekontra is not None:
                like *= r.rekontra[grand_ok(hand)]
        if w._kontra == s:
            like *= r.kontra[kontra_ok(hand)]
        elif s in w._kontra_passed and kontra_ok(hand):
            like *= r.kontra_pass
    return like


def worlds(know: Knowledge, rng: random.Random, budget: Budget, n: int) -> Iterator[tuple[Schieberamsch, int]]:
    """The `n` worlds to search, each with the number of times it counts (at least one world, even after
    the deadline). With inference they are resampled from one pool of `INFER_TRIES` times `n` worlds
    (`SOLO_TRIES` times against a Grand Hand, whose announcement says most) in proportion to their
    `likelihood`, each at least `INFER_FLOOR` times the likeliest one's (the likelihood of a whole deal's
    actions is a product of many factors, which an absolute floor would flatten): `n` evenly spaced points on
    the cumulative weights (systematic resampling), so a world drawn twice is searched once, counting twice.
    Before anyone but Grand Hand's passes acted there is nothing worth inferring.

    One pool follows the likelihood more closely than `INFER_TRIES` fresh worlds for each world searched, for
    the same work (as `rufmariasch_infer.Pool`): against easy players the worlds put a card of the other hands
    with its true holder 52.57 % of the time instead of 50.97 % (plain worlds 48.23 %; `python -m
    benchmarks.schieberamsch_reading`, 764 card decisions of 100 deals), and 55.39 % told that they are easy
    computers (`EPS_EASY`); against `strong-no-inference` 47.72 % instead of 47.83 % (47.22 %): its cards say
    little either way.

    Without inference the same seeds are drawn and, the weights being equal, every `INFER_TRIES`-th of them
    is dealt: every candidate world is dealt from a seed of its own, so a world chosen both ways is the same
    world (common random numbers). Strong and strong-no-inference then search the same worlds wherever the
    likelihood is flat, and a duplicate match between them measures the inference, not the sampling noise
    of two different sets of worlds."""
    seat = know.seat
    v = know.view
    n = max(1, n)
    infer = know.uses("inference") and v["mode"] is not None
    easy_seats = frozenset(s for s, level in enumerate(know.players) if level == "easy" and s != seat)
    tries = SOLO_TRIES if v["mode"] == "grand" and v["solo"] != seat else INFER_TRIES

    def deal(seed: int) -> Schieberamsch:
        world = know.sample(random.Random(seed))
        assert isinstance(world, Schieberamsch)
        return world

    seeds = [rng.getrandbits(64) for _ in range(n * tries)]
    offset = rng.random()
    picks = [(offset + i) / n for i in range(n)]
    drawn: dict[int, Schieberamsch] = {}
    if infer:
        for i, s in enumerate(seeds):
            if i and budget.expired():
                break
            drawn[i] = deal(s)
        weights = [likelihood(drawn[i], seat, easy_seats) for i in range(len(drawn))]
    else:
        weights = [1.0] * len(seeds)
    counts = Counter(pick(weights, picks))
    for i in sorted(counts):
        if i not in drawn:
            if drawn and budget.expired():
                break
            drawn[i] = deal(seeds[i])
        yield drawn[i], counts[i]


def pick(weights: list[float], points: list[float]) -> list[int]:
    """The index each of `points` (in [0, 1)) falls on, with the weights laid end to end, each at least
    `INFER_FLOOR` times the largest."""
    floor = INFER_FLOOR * max(weights)
    ends = list(accumulate(max(x, floor) for x in weights))
    last = len(ends) - 1
    return [min(last, bisect_right(ends, u * ends[-1])) for u in points]


def strong(know: Knowledge, rng: random.Random, budget: Budget) -> str:
    seat = know.seat
    v = know.view
    phase = v["phase"]
    n = budget.iterations * (BID_FACTOR if phase in BIDS else 1)  # a bid: a whole deal hangs on it
    moves = list(know.legal)
    if phase == "discard":
        hand = mask_of(v["hand"])
        legal = set(moves)
        moves = []
        for a, b in discards(hand, v["options"]["jacks_in_skat"])[:DISCARD_CANDIDATES]:
            act = _discard_action(a, b)
            moves.append(act if act in legal else _discard_action(b, a))
    exact = phase == "play" and sum(v["counts"]) <= SOLVE_CARDS and know.uses("endgame")
    if exact:
        from .schieberamsch_solve import Endgame  # it builds on this module's tables
        cards = [SORTED_DECK.index(a[5:]) for a in moves]
    totals = [0.0] * len(moves)
    for world, count in worlds(know, rng, budget, n):
        if exact:
            solver = Endgame(world, seat)
            for i, k in enumerate(cards):
                totals[i] += count * solver.value(world, k)
        else:
            for i, move in enumerate(moves):
                after = world.clone()
                after.apply(seat, move)
                totals[i] += count * utility(finish_deal(after), seat)
        if budget.expired():
            break
    best = max(range(len(moves)), key=lambda i: (totals[i], -i))  # ties: the earlier move
    return moves[best]
