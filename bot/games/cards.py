"""Card codes shared by every engine: rank `2`-`10`, `J`, `Q`, `K`, `A` plus suit `C` `S` `H` `D`.

Cards are plain strings (`"10H"`, `"JC"`) so views, actions and the action log need no conversion.
Where a game uses two decks (Repezita with 5-8 players) the engine keeps its own ids for the copies.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS: tuple[str, ...] = ("C", "S", "H", "D")
RANKS_52: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS_32: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")

SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


def rank(card: str) -> str:
    """`"10H"` -> `"10"`."""
    return card[:-1]


def suit(card: str) -> str:
    """`"10H"` -> `"H"`."""
    return card[-1]


def deck(ranks: Iterable[str] = RANKS_32) -> list[str]:
    """A fresh ordered deck, suit by suit."""
    return [r + s for s in SUITS for r in ranks]


DECK_32: tuple[str, ...] = tuple(deck(RANKS_32))
DECK_52: tuple[str, ...] = tuple(deck(RANKS_52))


def is_card(code: object, ranks: Iterable[str] = RANKS_52) -> bool:
    return isinstance(code, str) and len(code) >= 2 and code[-1] in SUITS and code[:-1] in tuple(ranks)


class CardText(str):
    """Cards as a reason writes them (`"J♣ 10♥"`), keeping their codes: the bot writes them again as the table's
    deck names them ("U♣" on German cards, "B♣" on French cards in German), as it does the hand's buttons."""

    codes: tuple[str, ...]
    sep: str
    mark: str

    def __new__(cls, codes: Iterable[str], sep: str = " ", mark: str = "") -> CardText:
        codes = tuple(codes)
        text = super().__new__(cls, sep.join(rank(c) + SUIT_SYMBOLS.get(suit(c), "?") + mark for c in codes))
        text.codes, text.sep, text.mark = codes, sep, mark
        return text

    def __getnewargs__(self) -> tuple[tuple[str, ...], str, str]:  # a copy or pickle (a worker's reason) is made
        return self.codes, self.sep, self.mark                       # from the codes, not from the text


class SuitText(str):
    """A suit as a reason writes it (`"♣"`), keeping its code: the bot writes it again as the table's deck shows
    it ("🌰" on German cards), as it does the cards (`CardText`) and the hand's buttons."""

    suit_code: str

    def __new__(cls, code: str) -> SuitText:
        text = super().__new__(cls, SUIT_SYMBOLS.get(code, "?"))
        text.suit_code = code
        return text

    def __getnewargs__(self) -> tuple[str]:  # a copy or pickle (a worker's reason) is made from the code
        return (self.suit_code,)


def pretty_suit(code: str) -> SuitText:
    """`"C"` -> `"♣"` for reasons, written again as the table's deck shows it."""
    return SuitText(code)


def pretty(card: str) -> CardText:
    """`"10H"` -> `"10♥"` for log lines and reasons."""
    return CardText((card,))


def pretty_cards(cards: Iterable[str], sep: str = " ") -> CardText:
    """`["JC", "10H"]` -> `"J♣ 10♥"`, one text the bot can write in the table's deck."""
    return CardText(cards, sep=sep)


def validate_deal(
    piles: dict[str, list[list[str]] | list[str]],
    *,
    deck_cards: Iterable[str],
    sizes: dict[str, list[int] | int],
    allow_duplicates: bool = False,
) -> None:
    """Check a fixed `deal=` argument: right counts, known codes, no card twice.

    `piles` maps a key (`"hands"`, `"skat"`) to either a list of hands or one list of cards;
    `sizes` gives the expected length(s) for each key. Raises `ValueError` with a readable reason.
    """
    known = set(deck_cards)
    seen: set[str] = set()
    for key, expected in sizes.items():
        if key not in piles:
            raise ValueError(f"deal: missing {key!r}")
        value = piles[key]
        groups = value if isinstance(expected, list) else [value]
        wanted = expected if isinstance(expected, list) else [expected]
        if not isinstance(groups, list) or len(groups) != len(wanted):
            raise ValueError(f"deal: {key!r} needs {len(wanted)} entries")
        for i, (group, n) in enumerate(zip(groups, wanted, strict=True)):
            if not isinstance(group, list) or len(group) != n:
                raise ValueError(f"deal: {key}[{i}] needs exactly {n} cards")
            for card in group:
                if card not in known:
                    raise ValueError(f"deal: unknown card code {card!r}")
                if card in seen and not allow_duplicates:
                    raise ValueError(f"deal: card {card} appears twice")
                seen.add(card)
    extra = set(piles) - set(sizes)
    if extra:
        raise ValueError(f"deal: unknown key(s) {sorted(extra)}")
