"""Rufmariasch's table picture: the table in points, with a strip of money underneath (`strip.py`)."""

from __future__ import annotations

from typing import Any

from bot.i18n import tr
from bot.money import format_money

from . import drawable, table_image
from .layout import display_names
from .strip import Amount, with_strip
from .tables import public_only


def points_view(view: dict[str, Any]) -> dict[str, Any]:
    """The public view with money turned back into points (money / stake, always exact), for the table
    picture: the plates and the last deal's line count points, the strip underneath counts money."""
    stake = int(view.get("stake") or 1)
    out = dict(view)
    out["totals"] = [int(t) // stake for t in view.get("totals") or []]
    last = view.get("last_hand")
    if last:
        out["last_hand"] = {**last, "deltas": [int(d) // stake for d in last.get("deltas") or []],
                            "totals": [int(t) // stake for t in last.get("totals") or []]}
    return out


def table_png(game: str, view: dict[str, Any], names: list[str], deck: str | None, four_colour: bool, currency: str,
              lang: str) -> bytes:
    """The renderer's table in points, plus the money strip (stake, balances, tricks per side); a function of
    its arguments alone, so it may be drawn in a drawing process (bot/ui/drawing.py)."""
    png = table_image(game, points_view(view), names, deck=deck, four_colour=four_colour, lang=lang)
    return money_strip(png, view, names, currency, lang)


def money_strip(png: bytes, view: dict[str, Any], names: list[str], currency: str, lang: str) -> bytes:
    """The table picture with the money strip underneath (drawn by `bot.render.strip`): each player's money at
    this table, then the stake and, once the partner is known, the tricks each side has taken."""
    view = public_only("rufmariasch", view)  # a private view too draws what everyone sees (the sides once revealed)
    totals = view.get("totals") or []
    shown = display_names(drawable(names), len(totals), lang)
    amounts = [Amount(shown[i], format_money(int(t), currency, lang, signed=True), (int(t) > 0) - (int(t) < 0))
               for i, t in enumerate(totals)]
    stake = tr(lang, "Stake {amount} per point", amount=format_money(int(view.get("stake") or 0), currency, lang))
    sides = view.get("sides")
    tricks = ""
    if sides:
        won = list(view.get("tricks_won") or [0] * len(names))
        tricks = tr(lang, "Tricks: callers {c}, defenders {d}", c=sum(won[s] for s in sides.get("callers") or []),
                    d=sum(won[s] for s in sides.get("defenders") or []))
    return with_strip(png, amounts, stake, tricks)
