"""Croatian and Romanian beside English and German: the rules, dates and card words each language reads."""

from __future__ import annotations

import re

import pytest

from bot.games import GAMES
from bot.i18n import SUPPORTED, format_day, tr
from bot.rules_text import PAGE_LIMIT, pages, rules_path, rules_text


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_are_served_in_every_language_in_pages_that_fit(game, lang):
    assert rules_path(game, lang).is_file()
    assert rules_text(game, lang) != rules_text(game, "en") or lang == "en"
    assert all(len(page) <= PAGE_LIMIT for page in pages(game, lang))


@pytest.mark.parametrize(("lang", "day", "month"), [("en", "26 Nov 2026", "November 2026"),
                                                    ("de", "26.11.2026", "November 2026"),
                                                    ("hr", "26. stu 2026.", "studeni 2026."),
                                                    ("ro", "26 nov. 2026", "noiembrie 2026")])
def test_dates_are_written_as_the_language_writes_them(lang, day, month):
    assert format_day("2026-11-26T08:30:00Z", lang) == day
    assert format_day("2026-11", lang) == month
    assert format_day("", lang) == ""


def test_croatian_card_words_are_those_of_a_card_table():
    from bot.render.score import card_name

    assert [tr("hr", s) for s in ("Clubs", "Spades", "Hearts", "Diamonds")] == ["Tref", "Pik", "Herc", "Karo"]
    assert [tr("hr", s) for s in ("Acorns", "Leaves", "Bells")] == ["Žir", "Zelena", "Bundeva"]
    assert card_name("AC", "german", "hr") == "Žir as"
    assert card_name("QH", "french", "hr") == "Q♥"  # the corners keep the letters printed on the cards


@pytest.mark.parametrize("lang", ["hr", "ro"])
def test_default_locale_accepts_croatian_and_romanian(monkeypatch, tmp_path, lang):
    from bot.config import load_settings

    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DEFAULT_LOCALE", lang)
    for name in ("DEV_GUILD_ID", "SHARD_COUNT", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    assert load_settings(tmp_path / "no.env").default_locale == lang


@pytest.mark.parametrize("lang", SUPPORTED)
def test_plural_forms_pick_the_form_for_the_number_and_keep_the_placeholders(lang):
    from babel.messages.pofile import read_po

    from bot.i18n import LOCALES_DIR

    for path in sorted((LOCALES_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            for message in read_po(fh, locale=lang):
                if isinstance(message.id, tuple):
                    fields = {sorted(re.findall(r"{(\w*)}", form)).__repr__() for form in message.string}
                    assert fields == {sorted(re.findall(r"{(\w*)}", message.id[0])).__repr__()}, message.id
    if lang == "hr":
        assert [tr("hr", "{n} cards", n=n) for n in (1, 3, 5, 11, 21, 24)] == [
            "1 karta", "3 karte", "5 karata", "11 karata", "21 karta", "24 karte"]


@pytest.mark.parametrize("lang", ["de", "hr", "ro"])
def test_a_translation_names_commands_and_options_as_that_language_shows_them(lang):
    """Discord shows a German client `/tisch stand`, not `/table status` (the commands are localized, `cmd:` msgids):
    a translated text that tells the player what to type names the command and its options as the client does."""
    from babel.messages.pofile import read_po

    from bot.i18n import LOCALES_DIR

    messages, known = [], set()
    for path in sorted((LOCALES_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            for message in read_po(fh, locale=lang):
                if isinstance(message.id, str) and message.id.startswith("cmd:"):
                    known.add(message.id[4:])
                elif isinstance(message.id, str) and message.string:
                    messages.append(message)

    def local(word: str) -> str:
        shown = tr(lang, "cmd:" + word)
        return word if shown == "cmd:" + word else shown

    checked = 0
    for message in messages:
        for found in re.finditer(r"/([a-z][\w-]*)((?: [a-z][\w-]*(?::\S*)?)*)", message.id):
            if found[1] not in known and found[1] not in GAMES:
                continue
            path, options = [local(found[1])], []
            for token in found[2].split():
                name, colon, _ = token.partition(":")
                if name not in known:
                    break
                (options if colon else path).append(local(name))
            assert "/" + " ".join(path) in message.string, (message.id, message.string)
            assert all(f"{option}:" in message.string for option in options), (message.id, message.string)
            checked += 1
    assert checked >= 5  # (the texts that name a command: it reads some)
