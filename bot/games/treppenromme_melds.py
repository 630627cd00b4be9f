"""Treppenrommé's cards and melds: the rank cycle (A-2-…-K-A), card values, a meld on the table and what may
be laid off at it, and the parsing of `meld` and `layoff` actions against a hand (docs/rules/treppenromme.md)."""

from __future__ import annotations

from typing import Any

from .base import IllegalAction, Reason
from .cards import SUITS, pretty, pretty_cards

CYCLE = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")  # cycle index: A=0 ... K=12
_RIDX = {r: i for i, r in enumerate(CYCLE)}
_CODE = [[r + s for r in CYCLE] for s in SUITS]  # _CODE[suit index][cycle index]
_INFO: dict[str, tuple[int, int]] = {_CODE[si][ri]: (si, ri) for si in range(4) for ri in range(13)}
_FACE = (0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # the Ace (index 0) depends on the context
HAND_VALUE: dict[str, int] = {c: (15 if ri == 0 else _FACE[ri]) for c, (si, ri) in _INFO.items()}
# display / hand order: suit C S H D, inside a suit 2 ... K A
_SORT: dict[str, int] = {c: si * 13 + (ri - 1) % 13 for c, (si, ri) in _INFO.items()}
_SEAT_SETS = [frozenset({i}) for i in range(4)]
_NOBODY: frozenset[int] = frozenset()


def seq_values(cards: list[str]) -> list[int]:
    """Values of a sequence's cards given low -> high (Ace: 1 low end, 10 high end, 5 middle)."""
    last = len(cards) - 1
    out = []
    for p, c in enumerate(cards):
        ri = _INFO[c][1]
        if ri:
            out.append(_FACE[ri])
        else:
            out.append(1 if p == 0 else 10 if p == last else 5)
    return out


def set_values(cards: list[str]) -> list[int]:
    """Values of a set's cards (Ace 15)."""
    return [HAND_VALUE[c] for c in cards]


def _copy_record(rec: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in rec.items()}


class _Meld:
    """One combination on the table. Sequences keep `low` (cycle index of the low end) and `suit`."""

    __slots__ = ("id", "owner", "kind", "suit", "rank", "low", "cards", "values", "by")

    def __init__(self, mid: int, owner: int, kind: str, cards: list[str], values: list[int],
                 suit: int, rank: int, low: int):
        self.id = mid
        self.owner = owner
        self.kind = kind
        self.cards = cards
        self.values = values
        self.by = [owner] * len(cards)
        self.suit = suit
        self.rank = rank
        self.low = low

    def fits(self) -> list[tuple[str, str | None]]:
        """(card, end) pairs that may be laid off; end is "low"/"high" for sequences, None for sets."""
        n = len(self.cards)
        if self.kind == "set":
            if n == 4:
                return []
            held = {_INFO[c][0] for c in self.cards}
            return [(_CODE[si][self.rank], None) for si in range(4) if si not in held]
        if n == 13:
            return []
        row = _CODE[self.suit]
        return [(row[(self.low - 1) % 13], "low"), (row[(self.low + n) % 13], "high")]

    def copy(self) -> _Meld:
        m = _Meld(self.id, self.owner, self.kind, list(self.cards), list(self.values), self.suit, self.rank,
                  self.low)
        m.by = list(self.by)
        return m

    def to_view(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "owner": self.owner, "kind": self.kind, "cards": list(self.cards),
            "values": list(self.values), "by": list(self.by), "points": sum(self.values),
        }
        # ends as rank/suit pairs, not card codes: the public view never spells a card that may be hidden
        out["ends"] = [{"rank": c[:-1], "suit": c[-1], "end": end} for c, end in self.fits()]
        if self.kind == "set":
            out["rank"] = CYCLE[self.rank]
        else:
            out["suit"] = SUITS[self.suit]
        return out


def card_in_hand(token: str, hand: list[str]) -> str:
    """The card a token names, if the hand holds it."""
    card = token.upper()
    if card not in _INFO:
        raise IllegalAction(Reason("{token} is not a card", token=repr(token)))
    if card not in hand:
        raise IllegalAction(Reason("you do not hold {card}", card=pretty(card)))
    return card


def parse_meld(args: list[str], hand: list[str], forb: str | None) -> tuple:
    """`meld C1 C2 C3 ... [low R]`: ("meld", kind, cards low to high, suit, rank, low), or IllegalAction.
    `forb`: the card taken alone from the staircase this turn, which must not be left alone in the hand."""
    named: int | None = None
    if len(args) >= 2 and args[-2].lower() == "low":
        tok = args[-1].upper()
        if tok in _RIDX:
            named = _RIDX[tok]
        elif tok in _INFO:
            named = _INFO[tok][1]
        else:
            raise IllegalAction(Reason("'low {rank}' does not name a rank", rank=args[-1]))
        args = args[:-2]
    cards = [card_in_hand(t, hand) for t in args]
    if len(set(cards)) != len(cards):
        raise IllegalAction(Reason("a card appears twice in the meld"))
    if len(cards) < 3:
        raise IllegalAction(Reason("a meld needs at least 3 cards"))
    shown = pretty_cards(cards)
    info = [_INFO[c] for c in cards]
    ranks = {ri for _, ri in info}
    suits = {si for si, _ in info}
    if len(ranks) == 1:
        if named is not None:
            raise IllegalAction(Reason("'low R' only names the low end of a sequence"))
        ordered = sorted(cards, key=_SORT.__getitem__)
        kind, suit, rank, low = "set", -1, info[0][1], -1
    elif len(suits) == 1:
        n = len(cards)
        if n == 13:
            if named is None:
                raise IllegalAction(Reason("a 13-card sequence has no unique low end: add 'low R', e.g. 'low 2'"))
            low = named
        else:
            starts = [ri for ri in ranks if (ri - 1) % 13 not in ranks]
            if len(starts) != 1:
                raise IllegalAction(Reason("{cards} is not a sequence: the ranks must follow each other "
                                                  "without a gap (A-2-…-K-A)", cards=shown))
            low = starts[0]
            if named is not None and named != low:
                raise IllegalAction(Reason("the low end of {cards} is {low}, not {named}", cards=shown,
                                                  low=CYCLE[low], named=CYCLE[named]))
        si = info[0][0]
        ordered = [_CODE[si][(low + i) % 13] for i in range(n)]
        kind, suit, rank = "seq", si, -1
    else:
        raise IllegalAction(Reason("{cards} is neither a set (one rank, different suits) "
                                  "nor a sequence (one suit, consecutive ranks)", cards=shown))
    if forb is not None and len(hand) - len(cards) == 1 and forb not in cards:
        raise IllegalAction(Reason("that would leave only {card}, which you may not discard this turn",
                                  card=pretty(forb)))
    return ("meld", kind, ordered, suit, rank, low)


def parse_layoff(args: list[str], hand: list[str], forb: str | None, melds: list[_Meld]) -> tuple:
    """`layoff C M [low|high]`: ("layoff", card, meld, end), or IllegalAction."""
    if len(args) not in (2, 3):
        raise IllegalAction(Reason("say 'layoff C M' (M: meld id), or 'layoff C M low|high'"))
    card = card_in_hand(args[0], hand)
    if not args[1].isdigit():
        raise IllegalAction(Reason("{token} is not a meld id", token=repr(args[1])))
    mid = int(args[1])
    if not 1 <= mid <= len(melds):
        raise IllegalAction(Reason("there is no meld {id}", id=mid))
    meld = melds[mid - 1]
    ends = [end for c, end in meld.fits() if c == card]
    if not ends:
        raise IllegalAction(Reason("{card} does not fit meld {id}", card=pretty(card), id=mid))
    if len(args) == 3:
        want = args[2].lower()
        if want not in ("low", "high") or meld.kind != "seq":
            raise IllegalAction(Reason("only a sequence has ends: 'low' or 'high'"))
        if want not in ends:
            raise IllegalAction(Reason("{card} does not fit the {end} of meld {id}", card=pretty(card),
                                        end=Reason(f"{want} end"), id=mid))
        end = want
    elif len(ends) == 2:
        raise IllegalAction(Reason("{card} fits both ends of meld {id}: say 'layoff {code} {id} low' or "
                                  "'layoff {code} {id} high'", card=pretty(card), id=mid, code=card))
    else:
        end = ends[0]
    if forb is not None and len(hand) == 2 and card != forb:
        raise IllegalAction(Reason("that would leave only {card}, which you may not discard this turn",
                                  card=pretty(forb)))
    return ("layoff", card, meld, end)
