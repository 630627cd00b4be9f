"""Schieberamsch's rules of thumb on hand masks: every choice of the easy player, and every seat's in the
strong player's playouts.

A hand is a 32-bit mask, card id k = the card's display index (`SORTED_DECK`). The playouts read the sampled
world's hand masks directly (`_masks`, `_trick`, ...): a world is the searcher's own copy, and going through
`view()` would make every playout several times slower.
"""

from __future__ import annotations

from itertools import combinations

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

# card id k = display index (bit k of a hand mask); suit id 0 = Jacks, 1..4 = ♣ ♠ ♥ ♦
_SUITS = (TRUMP, "C", "S", "H", "D")
SUIT = tuple(_SUITS.index(SUIT_OF[c]) for c in SORTED_DECK)
PTS = tuple(POINTS[c] for c in SORTED_DECK)
STRENGTH = tuple(TVALUE[c] for c in SORTED_DECK)  # Jacks above every plain card, then by rank
MASK = tuple(SUIT_MASK[s] for s in _SUITS)
JACKS = MASK[0]
ACTION = tuple(PLAY[c] for c in SORTED_DECK)
ACES = mask_of(["AC", "AS", "AH", "AD"])
TENS = mask_of(["10C", "10S", "10H", "10D"])
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
        aces = hand & ACES
        if aces:
            return ids(aces)[0]
        return min(cards, key=lambda k: (PTS[k], STRENGTH[k]))
    # Ramsch: a low card of a plain suit, from the suit with the lowest card
    return min(cards, key=lambda k: (SUIT[k] == 0, STRENGTH[k] % 1000, PTS[k]))


def grand_ok(hand: int) -> bool:
    jacks = (hand & JACKS).bit_count()
    aces = (hand & ACES).bit_count()
    tens = (hand & TENS).bit_count()
    return (jacks >= 3 and hand & _CLUB_JACK and aces >= 2) or (jacks == 4 and aces + tens >= 2) or (
        jacks >= 2 and hand & _CLUB_JACK and aces >= 3 and tens >= 2)


def take_ok(hand: int) -> bool:
    """Take the skat when the hand is dangerous in a Ramsch (Jacks, many Aces and Tens)."""
    return (hand & JACKS).bit_count() >= 2 or ((hand & ACES).bit_count() + (hand & TENS).bit_count()) >= 4


def kontra_ok(hand: int) -> bool:
    return (hand & JACKS).bit_count() >= 2 and (hand & ACES).bit_count() >= 2


def danger(hand: int, k: int) -> int:
    if SUIT[k] == 0:
        return 30 + STRENGTH[k] - 1000
    short = (hand & MASK[SUIT[k]]).bit_count()
    return PTS[k] + STRENGTH[k] // 2 + (8 if short <= 2 else 0)


def discards(hand: int, jacks_allowed: bool) -> list[tuple[int, int]]:
    """Pairs of card ids to put into the skat, the most promising first: dangerous cards (Jacks, Aces,
    Tens), and a suit emptied so that later tricks of it can be shed on."""
    pool = hand if jacks_allowed else hand & ~JACKS
    worth = {k: danger(hand, k) for k in ids(pool)}  # each card's once, not once per pair it is in
    scored = []
    for a, b in combinations(worth, 2):
        rest = hand & ~(1 << a) & ~(1 << b)
        voided = SUIT[a] != 0 and not rest & MASK[SUIT[a]] or SUIT[b] != 0 and not rest & MASK[SUIT[b]]
        scored.append((worth[a] + worth[b] + (10 if voided else 0), a, b))
    scored.sort(key=lambda t: (-t[0], t[1], t[2]))
    return [(a, b) for _, a, b in scored]


def discard_action(a: int, b: int) -> str:
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
        return discard_action(*discards(hand, w.options["jacks_in_skat"])[0])
    if phase == "kontra":
        return "kontra" if kontra_ok(hand) else "pass"
    return "pass"  # rekontra


def plausible_solo(hand: int) -> bool:
    """Could a player have announced Grand Hand with these ten cards? (Loose: the rules of thumb are
    stricter, people less so.)"""
    jacks = (hand & JACKS).bit_count()
    aces = (hand & ACES).bit_count()
    return jacks >= 3 or (jacks == 2 and aces >= 2) or (jacks == 1 and aces >= 3)

