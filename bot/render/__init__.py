"""Table, hand and score-sheet images, drawn with Pillow from the engines' views.

The Discord layer calls only these functions; they return PNG bytes.

- `table_image(game_key, view, names, deck=None, four_colour=False, lang="en")`: the table everyone
  sees, drawn from the public view (`view(None)`) and the display names only. A private view may be
  passed too: only public keys are read, so the picture is the same.
- `hand_image(game_key, cards, playable, deck=None, four_colour=False)`: a player's hand for the DM.
- `score_sheet(game_key, names, hands, totals, title="", lang="en")`: rows per hand, a column per player.
- `sort_hand(game_key, cards, view=None)`: the order players of that game hold their cards in.

Deck styles: "french" (♣ ♠ ♥ ♦; `four_colour` paints ♣ green and ♦ blue) and "german" (Eichel, Grün,
Herz, Schellen; Unter, Ober, König, Daus). Default: German for Schrööm, Schieberamsch and Rufmariasch,
French for the others. Layering: imports bot.games and PIL only.

The drawing modules are imported when first used, not with the package, so that
`python -m bot.render.cards` runs its module once (runpy warns when the package already imported it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

GERMAN_DEFAULT = frozenset({"schroeoem", "schieberamsch", "rufmariasch"})
DECKS = ("french", "german")


# a computer seat's name ("🤖 Computer 2 (strong)", in any language) as a plate has room for it: "⚙ Strong 2";
# the pictures' font (DejaVu) has no robot, the gear marks a computer there
COMPUTER_NAME = re.compile(r"\N{ROBOT FACE} \S+(?: (?P<n>\d+))? \((?P<level>[^)]+)\)")


def drawable(names: Iterable[str]) -> list[str]:
    """Player names as the pictures draw them: people's as they are, computers' short and marked with a gear."""
    def short(m: re.Match[str]) -> str:
        return f"\N{GEAR} {m['level'][:1].upper()}{m['level'][1:]}" + (f" {m['n']}" if m["n"] else "")

    return [COMPUTER_NAME.sub(short, name).replace("\N{ROBOT FACE}", "\N{GEAR}") for name in names]


def default_deck(game_key: str) -> str:
    return "german" if game_key in GERMAN_DEFAULT else "french"


def _deck(game_key: str, deck: str | None) -> str:
    if deck is None:
        return default_deck(game_key)
    if deck not in DECKS:
        raise ValueError(f"deck must be one of {', '.join(DECKS)}, not {deck!r}")
    return deck


def table_image(game_key: str, view: dict[str, Any], names: list[str], *, deck: str | None = None,
                four_colour: bool = False, lang: str = "en") -> bytes:
    """PNG of the table from the public view; hidden cards appear only as backs."""
    from .tables import table_png

    return table_png(game_key, view, drawable(names), _deck(game_key, deck), bool(four_colour), lang)


def hand_image(game_key: str, cards: list[str], playable: set[str] | list[str] | Iterable[str], *,
               deck: str | None = None, four_colour: bool = False, view: dict[str, Any] | None = None,
               lang: str = "en") -> bytes:
    """PNG of one player's hand, sorted for the game; `playable` cards raised, the others greyed
    (nothing is greyed when `playable` is empty). `view` (optional) gives Rufmariasch its trump."""
    from .hand import hand_png

    return hand_png(game_key, list(cards), set(playable), _deck(game_key, deck), bool(four_colour), view, lang)


def score_sheet(game_key: str, names: list[str], hands: list[dict[str, Any]], totals: list[int], *,
                title: str = "", lang: str = "en", winners: list[int] | None = None) -> bytes:
    """PNG of the score sheet: a row per hand (what was played, each player's change and running
    total), the totals underneath, a star by the winners (`winners`, e.g. result()["winners"]; by
    default the leaders by the game's own measure)."""
    from .score import score_png

    return score_png(game_key, drawable(names), list(hands), list(totals), title, lang,
                     None if winners is None else list(winners))


def hands_sheet(game_key: str, hands: list[list[str]], names: list[str], *, deck: str | None = None,
                four_colour: bool = False, lang: str = "en", title: str = "") -> bytes:
    """Every seat's hand under its name, one picture (a replay shows them once the match is over)."""
    from .leaderboard import hands_png

    pngs = [hand_image(game_key, h, [], deck=deck, four_colour=four_colour, lang=lang) for h in hands]
    return hands_png(names, pngs, title=title)


def sort_hand(game_key: str, cards: list[str], view: dict[str, Any] | None = None) -> list[str]:
    """The hand in the order a player of that game holds it (see bot.render.sorting)."""
    from .sorting import sort_hand as _sort

    return _sort(game_key, cards, view)


__all__ = ["table_image", "hand_image", "hands_sheet", "score_sheet", "sort_hand", "default_deck"]
