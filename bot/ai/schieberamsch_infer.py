"""What the others' actions say about their cards: the strong Schieberamsch player's worlds, weighted
(the ingredient *inference*, `bot.ai.INGREDIENTS`).

`likelihood(world)` is the chance that the other seats, holding that world's cards, took the public actions
they took: Grand Hand announced or passed, Kontra and Rekontra said or not, the skat pushed or taken, the
discard put down and every card played, under the rules of thumb (`schieberamsch_thumb`) softened by factors
measured on searching players, or exactly for a seat the table shows as an easy computer. The cards of a seat the
table shows as a searching computer are read by a choice model fitted to searchers' cards instead
(`schieberamsch_choice`), its bids and discard by models fitted to searchers' bids (`schieberamsch_bids`). `worlds`
draws the worlds the search plays in proportion to it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from bot.games.schieberamsch import Schieberamsch, mask_of

from . import Budget, Knowledge
from .bitset import of_ids
from .schieberamsch_bids import p_bid, p_discard
from .schieberamsch_choice import p_card
from .schieberamsch_thumb import (
    JACKS,
    SUIT,
    WINS,
    card_to_play,
    danger,
    discards,
    grand_ok,
    ids,
    kontra_ok,
    plausible_solo,
    take_ok,
)
from .search import floored, locate

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
# discard and the cards played say much. Since stop 53 a seat the table shows as a searching computer has its
# cards read by the choice model fitted to searchers (`schieberamsch_choice`), which tells its hands apart
# better than these three classes (see `worlds`); people's cards are still read by the classes, since the
# model describes a searcher and reads a rule-of-thumb player worse than they do.
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
# a searching computer's card: the choice model's probability of it, to this power. On the positions of `python
# -m benchmarks.schieberamsch_reading --opponents strong-no-inference` (seeds 11 and 12, 100 deals each, the
# positions of the code before) the worlds put a hidden card with its holder 49.34 % and 50.02 % of the time
# at 1.0 (the fitted probabilities), 49.58 % and 50.19 % at 1.5; the classes above 47.72 % and 48.89 %
CHOICE_SHARPNESS = 1.5


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
    worst = sorted(ids(pool), key=lambda k: -danger(twelve, k))[:DISCARD_LIKELY]
    return sum(put >> k & 1 for k in worst)


def solo_class(hand: int) -> int:
    """2 a Grand Hand by the rule of thumb, 1 a plausible one (`plausible_solo`), 0 neither."""
    return 2 if grand_ok(hand) else int(plausible_solo(hand))


def likelihood(w: Schieberamsch, seat: int, easy_seats: frozenset[int] = frozenset(),
               searchers: frozenset[int] = frozenset()) -> float:
    """How likely the public actions of the seats other than `seat` were if they held world `w`'s cards
    (see the factors above): Grand Hand and its passes, Kontra and Rekontra, takes and pushes with the
    cards put into the skat, and every card played. The factors are those measured on searching players
    (`SEARCHING`), except for `easy_seats` (shown as easy computers), whose every action is the rule's
    (`EASY`); the cards of `searchers` (shown as searching computers) are read by the choice model
    (`schieberamsch_choice.p_card`), their bids and discards by the models of `schieberamsch_bids`. Reads the
    world's hidden cards and the public history only."""
    masks = w._masks
    mode, solo = w._mode, w._solo
    tricks = list(w._tricks)
    if w._trick:
        tricks.append((w._trick, w._leader, -1))
    before = [0] * len(tricks)  # per trick: the cards played before it (the choice model's unseen cards)
    for t in range(1, len(tricks)):
        before[t] = before[t - 1] | of_ids(tricks[t - 1][0])
    later = list(masks)  # per seat: what it holds now and plays from this trick on, going back in time
    like = 1.0
    for t in range(len(tricks) - 1, -1, -1):
        cards, leader, _ = tricks[t]
        order = [(leader + i) % 3 for i in range(len(cards))]
        for i, (s, k) in enumerate(zip(order, cards, strict=True)):
            later[s] |= 1 << k
            if s == seat:
                continue
            if s in searchers:
                like *= p_card(later[s], tuple(cards[:i]), tuple(order[:i]), mode, s, solo,
                               before[t] | of_ids(cards[:i]), k) ** CHOICE_SHARPNESS
            else:
                r = EASY if s in easy_seats else SEARCHING
                like *= (r.follow if i else r.lead)[card_class(later[s], cards[:i], k, mode, s, solo, order[:i])]
    took = w._took_by
    for s in range(3):
        if s == seat:
            continue
        hand = later[s]  # the ten cards it played with
        if s in searchers:
            like *= searcher_bids(w, s, hand)
            continue
        r = EASY if s in easy_seats else SEARCHING
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


def searcher_bids(w: Schieberamsch, s: int, hand: int) -> float:
    """How likely the bids and the discard of seat `s`, a searching computer that played with the ten cards
    `hand`, were (`schieberamsch_bids`): Grand Hand announced or passed, the skat taken or pushed, the pair
    put down, Rekontra said or not. Kontra is left out: searchers say it with almost any hand."""
    like = 1.0
    position = (s - w._fh) % 3
    if s in w._took_by:
        picked = mask_of(w._took_skat.get(s, []))
        if s in w._discarded:
            put = mask_of(w._discarded[s])
            like *= p_discard(hand | put, put, w.options["jacks_in_skat"])
            hand = (hand | put) & ~picked
        else:  # taking it now (seat never decides then): the twelve cards less those it picked up
            hand = w._masks[s] & ~picked
        like *= p_bid("take", hand, position)
    elif s in w._pushed_by:
        like *= 1.0 - p_bid("take", hand, position)
    if s in w._grand_passed:
        like *= 1.0 - p_bid("grand", hand, position)
    if s == w._solo:
        like *= p_bid("grand", hand, position)
        if w._rekontra is not None:
            like *= p_bid("rekontra", hand, position)
        elif w._kontra is not None and w._phase not in ("kontra", "rekontra"):
            like *= 1.0 - p_bid("rekontra", hand, position)
    return like


def worlds(know: Knowledge, rng: random.Random, budget: Budget, n: int) -> Iterator[tuple[Schieberamsch, int]]:
    """The `n` worlds to search, each with the number of times it counts (at least one world, even after
    the deadline). With inference they are resampled from one pool of `INFER_TRIES` times `n` worlds
    (`SOLO_TRIES` times against a Grand Hand, whose announcement says most) in proportion to their
    `likelihood`, each at least `INFER_FLOOR` times the likeliest one's (the likelihood of a whole deal's
    actions is a product of many factors, which an absolute floor would flatten): `n` evenly spaced points on
    the cumulative weights (systematic resampling), so a world drawn twice is searched once, counting twice.
    Grand Hand's own decisions are searched on plain worlds, though a pass before says something (a searching
    computer passes with fewer points than it announces with, `schieberamsch_bids`): read there, the inference cost
    strong 0.26 [0.12, 0.40] points a deal against easy players (stop 56, 1,000 deals, 5.5 % of them changed; why,
    not measured: likely more Grand Hands announced on worlds that know the others weak, judged by playouts).

    One pool follows the likelihood more closely than `INFER_TRIES` fresh worlds for each world searched, for
    the same work (as `rufmariasch_infer.Pool`): against easy players the worlds put a card of the other hands
    with its true holder 52.57 % of the time instead of 50.97 % (plain worlds 48.23 %; `python -m
    benchmarks.schieberamsch_reading`, 764 card decisions of 100 deals), and 55.39 % told that they are easy
    computers (`EPS_EASY`); against `strong-no-inference` 47.72 % instead of 47.83 % (47.22 %): read by the
    rules of thumb, a searcher's cards say little either way. Told that they are searching computers and read
    by the choice model (`schieberamsch_choice`), on the same positions: 49.58 % (seed 11) and 50.19 % (seed
    12, where the classes gave 48.89 % and plain worlds 47.41 %).

    Without inference the same seeds are drawn and, the weights being equal, every `INFER_TRIES`-th of them
    is dealt: every candidate world is dealt from a seed of its own, so a world chosen both ways is the same
    world (common random numbers). Strong and strong-no-inference then search the same worlds wherever the
    likelihood is flat, and a duplicate match between them measures the inference, not the sampling noise
    of two different sets of worlds."""
    seat = know.seat
    v = know.view
    n = max(1, n)
    infer = know.uses("inference") and v["mode"] is not None
    easy_seats = know.easy_seats()
    searchers = frozenset(s for s in range(3) if s != seat and know.searching(s))
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
        weights = [likelihood(drawn[i], seat, easy_seats, searchers) for i in range(len(drawn))]
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
    return locate(floored(weights, INFER_FLOOR), points)
