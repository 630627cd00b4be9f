"""One translation layer for every user-facing string: gettext catalogs read with Babel.

Source strings are English msgids in the code (`tr(locale, "It is not your turn.")`); each other language
lives in `locales/<lang>/LC_MESSAGES/*.po` (the core in `stammtisch.po`, each game in its own file): German
(`de`), Croatian (`hr`, which Bosnian players read as their own: Tač is a Bosnian game) and Romanian (`ro`,
Repezita's home). The .po file is the single source: it is compiled in memory at start-up, so there is no
.mo file to forget to rebuild. A test checks that every msgid in the code has a translation in every language.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date
from functools import cache
from pathlib import Path

from babel.dates import format_date, format_skeleton
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol
from babel.support import NullTranslations, Translations

LOCALES_DIR = Path(__file__).with_name("locales")
DOMAIN = "stammtisch"
SUPPORTED = ("en", "de", "hr", "ro")
DEFAULT = "en"
# the Babel locale whose number formats (decimal sign, grouping) a language's players read
BABEL_LOCALES = {"en": "en_GB", "de": "de_DE", "hr": "hr_HR", "ro": "ro_RO"}


def normalize(locale: object) -> str:
    """Discord locales (`de`, `en-US`, `hr`, `Locale.romanian`) -> a supported language code."""
    text = str(getattr(locale, "value", locale) or "").lower()
    for lang in SUPPORTED:
        if text == lang or text.startswith(lang + "-") or text.startswith(lang + "_"):
            return lang
    return DEFAULT


@cache
def catalog(lang: str) -> NullTranslations:
    """All `.po` files of a language merged: `stammtisch.po` for the core, one file per game's cog."""
    files = sorted((LOCALES_DIR / lang / "LC_MESSAGES").glob("*.po"))
    if not files:
        return NullTranslations()
    merged: Translations | None = None
    for path in files:
        with path.open("rb") as fh:
            po = read_po(fh, locale=lang)
        buf = io.BytesIO()
        write_mo(buf, po)
        buf.seek(0)
        part = Translations(buf, domain=DOMAIN)
        if merged is None:
            merged = part
        else:
            merged.merge(part)
    assert merged is not None
    return merged


def command_name(locale: object, name: str) -> str:
    """A command's or an option's name as a client in `locale` shows it (the `cmd:<name>` msgids the command
    translator uses: `turn_timer` is `zugzeit` to a German client), for a text that tells the player what to type."""
    shown = catalog(normalize(locale)).gettext(f"cmd:{name}")
    return name if not shown or shown == f"cmd:{name}" else shown


def tr(locale: object, msgid: str, /, **fields: object) -> str:
    """Translate `msgid` for `locale` and fill `{fields}`. A field that carries its own `msgid` and `fields`
    (an engine's `Reason`) is translated first. Where the catalog gives the msgid plural forms (`msgid_plural`
    beside it: Croatian and Romanian have three, "1 karta", "2 karte", "5 karata"), the field `n` picks one."""
    cat = catalog(normalize(locale))
    n = fields.get("n")
    text = _plural(cat, msgid, n) if isinstance(n, int) and not isinstance(n, bool) else None
    if text is None:
        text = cat.gettext(msgid)
    if not fields:
        return text
    values = {k: _translated(locale, v) for k, v in fields.items()}
    for name in _compounds(text):
        if isinstance(value := values.get(name), str):
            values[name] = value.replace(" ", "-")
    return text.format(**values)


# A translation that joins a field to a word with a hyphen makes a compound of it ("{game}-Tisch"); a name of
# several words there is hyphenated throughout, as German writes it: "Schrum-Schrum-Tisch", not "Schrum
# Schrum-Tisch" (a catalogue cannot say so itself: the name is filled in, and stays spaced elsewhere).
_COMPOUND = re.compile(r"\{(\w+)\}-(?=\w)")


@cache  # (catalogue texts and msgids: a finite set)
def _compounds(text: str) -> tuple[str, ...]:
    """The fields `text` joins to a word with a hyphen: looked up once per catalogue text, not at every `tr`."""
    return tuple(_COMPOUND.findall(text))


def _plural(cat: NullTranslations, msgid: str, n: int) -> str | None:
    """The form of `msgid` for the number `n`, when the catalog has plural forms for it."""
    forms = getattr(cat, "_catalog", None)
    plural = getattr(cat, "plural", None)
    if not forms or plural is None:
        return None
    return forms.get((msgid, plural(n)))


# An engine names a seat by its number ("seat {seat}", "Platz {seat}", "mjesto {seat}", "locul {seat}"); at a
# table the bot knows the names. A translation writes its language's word right before "{seat}", and words
# the sentence so that a name fits there too (in Croatian, where the name stays in the nominative).
SEAT_WORDS = {"en": "seat", "de": "Platz", "hr": "mjesto", "ro": "locul"}
_SEAT_NAMES: ContextVar[tuple[str, ...] | None] = ContextVar("seat_names", default=None)
_SEAT_WORD = re.compile(r"\b(?:" + "|".join(SEAT_WORDS.values()) + r") \{seat\}", re.IGNORECASE)


@contextmanager
def naming_seats(names: Sequence[str]) -> Iterator[None]:
    """While inside, a `Reason`'s `seat` field is said as that seat's name: "it is not your turn: Bernd plays
    next" instead of "... seat 1 plays next" (the engines count seats from 0, players do not)."""
    token = _SEAT_NAMES.set(tuple(names))
    try:
        yield
    finally:
        _SEAT_NAMES.reset(token)


# An engine writes the cards of a reason with the French letters (`bot.games.cards.CardText`: "J♣", with the codes
# kept); at a table the bot writes them as its deck's pictures and buttons name them ("U♣" on German cards).
# The suits a reason names (`bot.games.cards.SuitText`: "♣", with the code kept) likewise ("🌰" on German cards).
_CARD_WRITER: ContextVar[Callable[[str], str] | None] = ContextVar("card_writer", default=None)
_SUIT_WRITER: ContextVar[Callable[[str], str] | None] = ContextVar("suit_writer", default=None)


@contextmanager
def writing_cards(label: Callable[[str], str], suit: Callable[[str], str] | None = None) -> Iterator[None]:
    """While inside, the cards a `Reason` names are written by `label` (a card code -> its text), and its suits
    by `suit` (a suit code -> its text), where given."""
    token, suit_token = _CARD_WRITER.set(label), _SUIT_WRITER.set(suit)
    try:
        yield
    finally:
        _SUIT_WRITER.reset(suit_token)
        _CARD_WRITER.reset(token)


def _translated(locale: object, value: object) -> object:
    codes, label = getattr(value, "codes", None), _CARD_WRITER.get()
    if isinstance(value, str) and isinstance(codes, tuple) and label is not None:
        return getattr(value, "sep", " ").join(label(c) + getattr(value, "mark", "") for c in codes)
    suit_code, suit_label = getattr(value, "suit_code", None), _SUIT_WRITER.get()
    if isinstance(value, str) and isinstance(suit_code, str) and suit_label is not None:
        return suit_label(suit_code)
    msgid = getattr(value, "msgid", None)
    if not (isinstance(value, str) and isinstance(msgid, str)):
        return value
    fields = dict(getattr(value, "fields", {}))
    names, seat = _SEAT_NAMES.get(), fields.get("seat")
    if names and isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        text = _SEAT_WORD.sub("{seat}", catalog(normalize(locale)).gettext(msgid))
        fields["seat"] = names[seat]
        return text.format(**{k: _translated(locale, v) for k, v in fields.items()})
    return tr(locale, msgid, **fields)


def trn(locale: object, singular: str, plural: str, n: int, /, **fields: object) -> str:
    text = catalog(normalize(locale)).ngettext(singular, plural, n)
    return text.format(n=n, **fields)


def babel_locale(locale: object) -> str:
    """The Babel locale for number formats in `locale`'s language: "en_GB", "de_DE", "hr_HR", "ro_RO"."""
    return BABEL_LOCALES[normalize(locale)]


def format_number(value: float | int, locale: object, digits: int = 0, *, signed: bool = False) -> str:
    """`value` with `digits` decimals as the language writes numbers: 1,234.50 (en), 1.234,50 (de, hr, ro);
    `signed` puts "+" before gains. A loss has a real minus sign (−3,33), as every score the bot writes."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    if signed:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(value, format=pattern, locale=babel_locale(locale)).replace("-", "\N{MINUS SIGN}", 1)


QUOTES = {"de": ("„", "“"), "hr": ("„", "“"), "ro": ("„", "”")}  # the language's quotation marks; English: “ ”


def quoted(text: str, locale: object) -> str:
    """`text` in the language's quotation marks: “same rank”, „gleicher Rang“, „isti broj“, „aceeași valoare”."""
    left, right = QUOTES.get(normalize(locale), ("“", "”"))
    return f"{left}{text}{right}"


def either(items: list[str], locale: object) -> str:
    """"2, 4 or 8" as the language joins alternatives (Babel's list patterns: "2, 4 oder 8", "2, 4 ili 8")."""
    return format_list(items, style="or", locale=babel_locale(locale))


def format_day(iso: str, locale: object) -> str:
    """A stored day ("2026-11-26", or a timestamp beginning with one) as the language writes it: "26 Nov 2026",
    "26.11.2026", "26. stu 2026.", "26 nov. 2026"; a month ("2026-11") as "studeni 2026."; anything else as
    it is."""
    try:
        if len(iso) == 7:
            return format_skeleton("yMMMM", date.fromisoformat(iso + "-01"), locale=babel_locale(locale))
        return format_date(date.fromisoformat(iso[:10]), "medium", locale=babel_locale(locale))
    except (TypeError, ValueError):
        return iso


def number_symbols(locale: object) -> tuple[str, str]:
    """(grouping sign, decimal sign) of `locale`'s language: (",", ".") in English, (".", ",") in German,
    Croatian and Romanian."""
    where = babel_locale(locale)
    return get_group_symbol(where), get_decimal_symbol(where)


def N_(msgid: str) -> str:
    """Mark a string for translation where it is defined; translate it with `tr` where it is shown."""
    return msgid
