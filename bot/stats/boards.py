"""Each game's leaderboard: its natural measure, the columns shown and the order (pure, no I/O).

| game | ranked by (ties share a place) | columns |
|---|---|---|
| Schrööm | matches won, then games won | matches won, games won, matches, rating |
| Rufmariasch | net balance of the ledger's deal entries | balance, deals, deals won, matches, rating |
| Schieberamsch | average per deal over complete series (lower is better) | per deal, series, won, deals, rating |
| Treppenrommé | sessions won, then points per hand | sessions won, points/hand, sessions, rating |
| Schrum Schrum, Tač, Repezita | wins, then average finishing place | wins, avg. place, matches, rating |

Column titles are English msgids (translated by the caller with `tr`); values are formatted for a
language with Babel (decimal comma in German).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from bot.i18n import N_, format_number
from bot.money import format_money


@dataclass
class Aggregate:
    """One player's record in one game over a period."""

    user_id: int
    matches: int = 0
    wins: int = 0
    total: int = 0
    hands: int = 0
    hands_won: int = 0
    place_sum: int = 0
    money: int | None = None  # ledger minor units (Rufmariasch)
    # the board's currency label ("" is a table played without one); None: no money was booked at all (points)
    currency: str | None = None
    rating: int | None = None  # the shown rating (ratings.shown)
    name: str = ""
    rank: int = 0

    def per_hand(self) -> Fraction | None:
        return Fraction(self.total, self.hands) if self.hands else None

    def avg_place(self) -> Fraction | None:
        return Fraction(self.place_sum, self.matches) if self.matches else None


Formatter = Callable[[Aggregate, str], str]


@dataclass(frozen=True)
class Column:
    title: str  # msgid
    fmt: Formatter
    primary: bool = False
    counts: str = ""  # the Aggregate field it shows, where it shows one as it is ("wins")


@dataclass(frozen=True)
class BoardSpec:
    game: str
    columns: tuple[Column, ...]
    sort_key: Callable[[Aggregate], tuple[Any, ...]]
    measure: str  # msgid: what the board is ranked by, for the subtitle
    extra: dict[str, Any] = field(default_factory=dict)


def number(value: Fraction | float | int | None, lang: str, digits: int = 2, *, signed: bool = False) -> str:
    if value is None:
        return "–"
    return format_number(float(value), lang, digits, signed=signed)


def money(amount: int | None, currency: str, lang: str) -> str:
    """As the ledger writes money (`bot.money`): "−4.00 €" with a real minus, the same in every reply."""
    return "–" if amount is None else format_money(amount, currency, lang, signed=True)


def _int(attr: str) -> Formatter:
    return lambda a, lang: number(getattr(a, attr), lang, 0)


def _rating(a: Aggregate, lang: str) -> str:
    return "–" if a.rating is None else str(a.rating)


def _balance(a: Aggregate, lang: str) -> str:
    """The ledger's money in the board's currency; where no money was booked at all (no currency), the points.
    Someone who played only in another currency has no balance in this one ("–"): amounts of two currencies are
    never added."""
    if a.money is None:
        return number(a.total, lang, 0, signed=True) if a.currency is None else "–"
    return money(a.money, a.currency, lang)


def _by_balance(a: Aggregate) -> tuple[Any, ...]:
    """The money board's order: the balance in the board's currency, those without one after everybody with one;
    points where no money was booked at all."""
    if a.currency is None:
        return (False, -a.total)
    return (a.money is None, -(a.money or 0))


RATING = Column(N_("Rating"), _rating)
_BIG = Fraction(10**12)

SPECS: dict[str, BoardSpec] = {
    "schroeoem": BoardSpec(
        "schroeoem",
        (Column(N_("Matches won"), _int("wins"), True, "wins"), Column(N_("Games won"), _int("hands_won")),
         Column(N_("Matches"), _int("matches")), RATING),
        lambda a: (-a.wins, -a.hands_won), N_("matches won, then games won")),
    "rufmariasch": BoardSpec(
        "rufmariasch",
        (Column(N_("Balance"), _balance, True),
         Column(N_("Deals"), _int("hands")), Column(N_("Deals won"), _int("hands_won")),
         Column(N_("Matches"), _int("matches")), RATING),
        # (/rufmariasch balance counts an abandoned table's booked deals too)
        _by_balance, N_("net balance of finished matches")),
    "schieberamsch": BoardSpec(
        "schieberamsch",
        (Column(N_("Per deal"), lambda a, lang: number(a.per_hand(), lang, 2, signed=True), True),
         Column(N_("Series"), _int("matches")), Column(N_("Series won"), _int("wins")),
         Column(N_("Deals"), _int("hands")), RATING),
        lambda a: (Fraction(a.total, a.hands) if a.hands else _BIG,),
        N_("average per deal over complete series, lower is better")),
    "treppenromme": BoardSpec(
        "treppenromme",
        (Column(N_("Sessions won"), _int("wins"), True, "wins"),
         Column(N_("Points per hand"), lambda a, lang: number(a.per_hand(), lang, 1)),
         Column(N_("Sessions"), _int("matches")), RATING),
        lambda a: (-a.wins, -(a.per_hand() or 0)), N_("sessions won, then points per hand")),
}
for _key in ("schrum", "tac", "repezita"):
    SPECS[_key] = BoardSpec(
        _key,
        (Column(N_("Wins"), _int("wins"), True, "wins"),
         Column(N_("Avg. place"), lambda a, lang: number(a.avg_place(), lang, 2)),
         Column(N_("Matches"), _int("matches")), RATING),
        lambda a: (-a.wins, a.avg_place() if a.avg_place() is not None else _BIG),
        N_("wins, then average finishing place"))


def spec(game: str) -> BoardSpec:
    return SPECS.get(game) or SPECS["schrum"]


def rank(game: str, rows: list[Aggregate]) -> list[Aggregate]:
    """Sort by the game's measure (names break ties only in the order shown) and set `rank`:
    equal measures share a place, the next place is skipped (1, 1, 3).

    Averages are compared as floats: int / int is correctly rounded, so equal ratios give equal floats,
    and two different ratios of counts below 10^6 differ by far more than a float's precision."""
    key = spec(game).sort_key
    keyed = sorted(((tuple(float(x) for x in key(a)), a.name.casefold(), a.user_id, a) for a in rows),
                   key=lambda t: t[:3])
    prev: tuple[float, ...] | None = None
    out = []
    for i, (k, _, _, a) in enumerate(keyed):
        a.rank = out[-1].rank if prev is not None and k == prev else i + 1
        prev = k
        out.append(a)
    return out


def cells(game: str, a: Aggregate, lang: str) -> list[str]:
    return [c.fmt(a, lang) for c in spec(game).columns]
