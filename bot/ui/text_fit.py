"""Replies that fit a Discord message."""

from __future__ import annotations

from bot.rules_text import MESSAGE_LIMIT  # characters in a message's content (more is refused with 400)


def fit_lines(lines: list[str], more: str, *, limit: int = MESSAGE_LIMIT, most: int | None = None) -> str:
    """As many whole lines as fit in `limit` characters (and at most `most`), then `more` (a template with
    {n}: "… and {n} more") for the lines left out: a reply whose lines grow with what was played or booked
    never passes Discord's limit (a 400 the person would see as "This interaction failed")."""
    for k in range(len(lines) if most is None else min(len(lines), most), -1, -1):
        text = "\n".join(lines[:k])
        if k < len(lines):
            text += ("\n" if k else "") + more.format(n=len(lines) - k)
        if len(text) <= limit:
            return text
    return more.format(n=len(lines))[:limit]
