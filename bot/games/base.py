"""What every engine shares: the error type, option parsing and the contract's common surface.

See `docs/engine.md`. An engine subclasses `Engine`, declares `OPTIONS`, and implements
`_setup`, `to_act`, `legal_actions`, `_apply`, `view` and `result`.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar


class Reason(str):
    """A reason a player reads: the English text, plus the `msgid` and `fields` it was made from, so the bot
    can say it in the player's language (engines stay free of any translation machinery)."""

    msgid: str
    fields: dict[str, Any]

    def __new__(cls, msgid: str, **fields: Any) -> Reason:
        text = super().__new__(cls, msgid.format(**fields) if fields else msgid)
        text.msgid, text.fields = msgid, fields
        return text


class IllegalAction(ValueError):
    """An action that is not legal for that seat now. `reason` is readable by a player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Option:
    """One house rule or match setting: its default, the values it accepts and what it means."""

    default: Any
    check: Callable[[Any], bool]
    help: str
    choices: tuple[Any, ...] | None = None


def choice(default: Any, choices: tuple[Any, ...], help: str) -> Option:
    return Option(default, lambda v: v in choices, help, choices)


def integer(default: int | None, lo: int, hi: int, help: str, *, multiple_of: int = 1,
            allow_none: bool = False) -> Option:
    def ok(v: Any) -> bool:
        if v is None:
            return allow_none
        return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi and v % multiple_of == 0

    return Option(default, ok, help)


def flag(default: bool, help: str) -> Option:
    return Option(default, lambda v: isinstance(v, bool), help)


def parse_options(spec: dict[str, Option], options: dict[str, Any] | None, seats: int) -> dict[str, Any]:
    """Defaults merged with `options`; unknown keys and bad values raise `ValueError`.

    Every engine accepts `"dealer"` (the first dealer's seat); without it the dealer is drawn by lot.
    """
    merged = {key: opt.default for key, opt in spec.items()}
    merged.setdefault("dealer", None)
    for key, value in (options or {}).items():
        if key == "dealer":
            if value is not None and not (isinstance(value, int) and not isinstance(value, bool)
                                          and 0 <= value < seats):
                raise ValueError(f"option dealer: must be a seat from 0 to {seats - 1}")
            merged[key] = value
            continue
        if key not in spec:
            raise ValueError(f"unknown option {key!r}; known: {', '.join(sorted(spec))}")
        if not spec[key].check(value):
            raise ValueError(f"option {key}: bad value {value!r} ({spec[key].help})")
        merged[key] = value
    return merged


class Engine:
    """Base class of a match engine. Subclasses set the class attributes and implement the hooks."""

    key: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    OPTIONS: ClassVar[dict[str, Option]] = {}
    # a turn is several actions of one seat in a row (draw, meld, discard): a turn timer plays the whole turn, as
    # one timeout, instead of waiting a full turn for each action
    TURN_IS_SEVERAL_ACTIONS: ClassVar[bool] = False
    # an action that changes nothing (Repezita's "pass": "nothing to play now"), which a computer may choose: the
    # table neither stores nor shows it, and the computer looks again after its next pause
    NOTHING: ClassVar[str | None] = None

    seats: int
    options: dict[str, Any]
    rng: random.Random

    @classmethod
    def seat_counts(cls, options: dict[str, Any] | None = None) -> tuple[int, ...]:
        """The numbers of players the game is played by with these options (a lobby says them, Start checks them)."""
        return tuple(range(cls.min_seats, cls.max_seats + 1))

    @classmethod
    def new(cls, seats: int, *, seed: int, options: dict[str, Any] | None = None,
            deal: dict[str, Any] | None = None) -> Engine:
        if not isinstance(seats, int) or not cls.min_seats <= seats <= cls.max_seats:
            raise ValueError(f"{cls.title} needs {cls.min_seats} to {cls.max_seats} players, not {seats}")
        self = cls.__new__(cls)
        self.seats = seats
        self.options = parse_options(cls.OPTIONS, options, seats)
        self.rng = random.Random(seed)
        self._setup(deal)
        return self

    # -- hooks -----------------------------------------------------------------------------------
    def _setup(self, deal: dict[str, Any] | None) -> None:
        raise NotImplementedError

    def _apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        """Apply an action already known to be legal."""
        raise NotImplementedError

    def to_act(self) -> frozenset[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[str]:
        raise NotImplementedError

    def view(self, seat: int | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def result(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        raise NotImplementedError

    # -- shared behaviour --------------------------------------------------------------------------
    def apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        """Apply `action` for `seat` and return its events, or raise `IllegalAction` leaving state untouched."""
        self._check(seat, action)
        return self._apply(seat, action)

    def _check(self, seat: int, action: str) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction(Reason("there is no seat {seat}", seat=seat))
        if self.over:
            raise IllegalAction(Reason("the match is over"))
        if seat not in self.to_act():
            raise IllegalAction(Reason("it is not your turn"))
        if action not in self.legal_actions(seat):
            raise IllegalAction(self.explain(seat, action))

    def waiting_for(self) -> frozenset[int]:
        """The seats the game is waiting on (a turn timer runs for them). Usually `to_act()`; engines
        where others *may* act at the same time (a knock, a Tač call) narrow it to the obliged seats."""
        return self.to_act()

    def default_action(self, seat: int) -> str:
        """The action a turn timer takes for an absent player: engines override with the mildest
        choice (pass, push, hold, the lowest legal card). Must be one of `legal_actions(seat)`."""
        return self.legal_actions(seat)[0]

    def sample(self, seat: int, rng: random.Random) -> Engine:
        """A copy in which every card `seat` cannot see is dealt again at random among the places it could
        be, consistent with all that seat has seen (cards played, its own discards, voids shown by not
        following suit, a called card someone must hold, how many cards each player holds). The copy's
        `view(seat)` and `legal_actions(seat)` equal this engine's, and its own random generator is reseeded
        from `rng` (future deals are hidden too). The result depends only on what `seat` knows and on `rng`:
        sampling from a sample with an equal `rng` gives an equal world (canonical order, no hidden state
        leaking through iteration order). Computer players (`bot.ai`) see an engine only through this."""
        raise NotImplementedError(f"{type(self).__name__}.sample")

    def clone(self) -> Engine:
        """An independent copy (a pickle round trip; engines may override with something faster)."""
        return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))

    def explain(self, seat: int, action: str) -> str:
        """Why `action` is not legal now; engines override for game-specific reasons."""
        return Reason("{action} is not allowed now", action=repr(action))
