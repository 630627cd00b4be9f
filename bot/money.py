"""Amounts of money: integers of minor units (cents), and how they are written in each language."""

from __future__ import annotations

from bot.i18n import number_symbols

SCALE = 100  # minor units per unit: two decimals


def format_money(minor: int, currency: str = "", lang: str = "en", *, signed: bool = False) -> str:
    """50 -> "0.50" (English) / "0,50" (German, Croatian, Romanian), with the label after it; `signed` adds "+"
    to gains."""
    sign = "−" if minor < 0 else "+" if signed and minor > 0 else ""
    units, cents = divmod(abs(int(minor)), SCALE)
    group, point = number_symbols(lang)
    text = f"{sign}{units:,}".replace(",", group) + f"{point}{cents:02d}"
    return f"{text} {currency}" if currency else text
