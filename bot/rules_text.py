"""The rules of every game as players read them, from one text: the Markdown files in `docs/rules/`.

`docs/rules/<game>.md` is the English text and `docs/rules/<lang>/<game>.md` its translation into each other
language the bot speaks (`de`, `hr`, `ro`: `bot.i18n.SUPPORTED`; a missing one reads English). The repository's
documentation and `/rules` show the same files, so the two cannot drift apart. `/rules` shows a text in
pages that fit a Discord message, cut at headings and paragraphs (`pages`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from bot.i18n import DEFAULT, command_name, quoted, tr

MESSAGE_LIMIT = 2000  # characters in one Discord message
PAGE_LIMIT = 1900  # a page of rules, leaving room for the page footer
OPTION_NAMES = {"unequal": "unequal_piles"}  # an engine option the texts name, and the command option that sets it
# The choices of the commands' options, as the client offers them: (option, ((value, English label), ...)), ...
# (hashable, for the cache of `pages`); the Discord layer reads them from its command tree
Labels = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]


def rules_dir() -> Path:
    """The folder of the rule texts (the only place that knows where they are): the repository's docs/rules,
    or its copy inside an installed wheel."""
    from bot.assets import shipped

    return shipped("docs/rules")


def rules_path(game: str, lang: str = DEFAULT) -> Path:
    """The rule text of `game` in `lang` (English lives at the top of the folder)."""
    base = rules_dir()
    return base / f"{game}.md" if lang == DEFAULT else base / lang / f"{game}.md"


@cache
def rules_text(game: str, lang: str = DEFAULT) -> str:
    """The whole rules of `game` in `lang`, falling back to English; "" when there is no text at all."""
    for path in (rules_path(game, lang), rules_path(game)):
        if path.is_file():
            return path.read_text(encoding="utf-8").strip()
    return ""


@cache
def pages(game: str, lang: str = DEFAULT, limit: int = PAGE_LIMIT, labels: Labels = ()) -> tuple[str, ...]:
    """`rules_text` cut into pages of at most `limit` characters, its ♣ and ♠ as Discord should show them
    (`bot.ui.suits`: as text, not black emoji), its options and their values as the client shows them."""
    from bot.ui.suits import text_suits  # here, not above: bot.ui imports discord, this module does not

    return tuple(paginate(text_suits(as_typed(rules_text(game, lang), lang, labels)), limit))


def as_typed(text: str, lang: str, labels: Labels = ()) -> str:
    """The options a rules text lists (its "- `name`" lines), or writes as options anywhere (`deck:`), written as
    the player's Discord client shows them beside the command: `hands` is `igre:` to a Croatian client, `hands:`
    to an English one (the command translator's `cmd:` names), wherever the text names them. An option's values
    (`last_trick`), in its own line of the list or right after its name, are written as the client offers them
    (“The last trick's winner”, „Wer den letzten Stich macht“), when `labels` gives the choices."""
    names = set(re.findall(r"^- `([a-z_]+)`", text, re.MULTILINE))
    choices = {option: dict(values) for option, values in labels}

    def label(option: str, value: str) -> str | None:
        english = choices.get(OPTION_NAMES.get(option, option), {}).get(value)
        if english is None:
            return None
        shown = tr(lang, english)
        if english.endswith("(default)"):  # "(default …)" says so already where the text names the default
            shown = re.sub(r"\s*\([^()]*\)$", "", shown)
        return quoted(shown, lang)

    def values(line: str) -> str:
        own = re.match(r"- `([a-z_]+)`", line)
        if own:  # the option's own line: its values, wherever they stand in it
            line = line[:own.end()] + re.sub(r"`([a-z_]+)`", lambda m: label(own[1], m[1]) or m[0], line[own.end():])
        return re.sub(r"(`([a-z_]+)` )`([a-z_]+)`", lambda m: m[1] + (label(m[2], m[3]) or f"`{m[3]}`"), line)

    if choices:
        text = "\n".join(values(line) for line in text.split("\n"))
    return re.sub(r"`([a-z_]+)(:?)`", lambda m: f"`{command_name(lang, OPTION_NAMES.get(m[1], m[1]))}:`"
                  if m[1] in names or m[2] else m[0], text)


def paginate(text: str, limit: int) -> list[str]:
    """Cut Markdown into pages of at most `limit` characters. A page holds whole sections (a heading and
    what follows it up to the next heading) while they fit; a section too long for a page is cut between
    paragraphs, a paragraph between lines, a line between words."""
    return _pack((piece for section in _sections(text) for piece in _split(section, limit)), "\n\n", limit)


def _sections(text: str) -> list[str]:
    sections: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("#") or not sections:
            sections.append([])
        sections[-1].append(line)
    return [s for s in ("\n".join(lines).strip() for lines in sections) if s]


# separators to cut at, coarsest first: between paragraphs, lines, words
_CUTS = ("\n\n", "\n", " ")


def _split(text: str, limit: int, level: int = 0) -> list[str]:
    """Pieces of `text` of at most `limit` characters, cut at the coarsest separator that works."""
    if len(text) <= limit:
        return [text]
    if level == len(_CUTS):
        return [text[i:i + limit] for i in range(0, len(text), limit)]
    sep = _CUTS[level]
    pieces = (piece for part in text.split(sep) for piece in _split(part, limit, level + 1))
    return [p.strip() for p in _pack(pieces, sep, limit) if p.strip()]


def _pack(pieces: Iterable[str], sep: str, limit: int) -> list[str]:
    """Join `pieces` (each at most `limit` long) with `sep` into as few chunks of at most `limit` as go in order."""
    out: list[str] = []
    current = ""
    for piece in pieces:
        joined = f"{current}{sep}{piece}" if current else piece
        if len(joined) <= limit:
            current = joined
        else:
            out.append(current)
            current = piece
    if current:
        out.append(current)
    return out
