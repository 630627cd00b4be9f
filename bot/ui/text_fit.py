"""Replies that fit a Discord message."""

from __future__ import annotations

from bot.i18n import tr
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


def fit_message(head: list[str], middle: list[str], tail: list[str], *, limit: int = MESSAGE_LIMIT) -> str:
    """The lines of `head`, `middle` and `tail` (empty ones left out) as one message of at most `limit` characters:
    the oldest lines of `middle` (a narration) give way first, then whatever line is still too long is cut short
    with "…", the longest first. A hard cut of the whole text would take the end, which is what matters most on a
    table message (who is to play, the final points of a match), and could leave a name cut in the middle."""
    head, middle, tail = [x for x in head if x], [x for x in middle if x], [x for x in tail if x]
    while len(middle) > 1 and len("\n".join(head + middle + tail)) > limit:
        middle = middle[1:]
    lines = head + middle + tail
    text = "\n".join(lines)
    while len(text) > limit:
        i = max(range(len(lines)), key=lambda k: len(lines[k]))
        lines[i] = lines[i][:max(len(lines[i]) - (len(text) - limit) - 1, 0)] + "…"
        text = "\n".join(lines)
    return text


def fit_block(lines: list[str], room: int) -> list[str]:
    """The first lines of `lines` that fit in `room` characters, joined by newlines with one before them (a block put
    into a message whose other lines take the rest): whole lines, in order, the first that does not fit and every
    line after it left out (a block lists what matters most first)."""
    kept: list[str] = []
    used = 0
    for line in lines:
        if not line:
            continue
        if used + len(line) + 1 > room:
            break
        kept.append(line)
        used += len(line) + 1
    return kept


def listing(lines: list[str], footer: str, lang: str, *, limit: int = MESSAGE_LIMIT) -> str:
    """A heading (`lines[0]`), one line per item, and a footer that says what to do next (/replay with a number):
    as many whole item lines as fit, then "… and 3 more", and the footer always. Ten tables of eight players with
    long names are some 3,500 characters; cut at 2,000, the list ended in the middle of a name, without its footer."""
    more = tr(lang, "… and {n} more", n="{n}")
    items = fit_lines(lines[1:], more, limit=limit - len(lines[0]) - len(footer) - 2)
    return "\n".join(x for x in (lines[0], items, footer) if x)
