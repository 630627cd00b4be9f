"""Every slash command as the bot's tree would sync it, in every Discord locale, keeps Discord's rules.

Discord refuses a whole sync for one bad name or description, so this checks the payloads discord.py builds
with the bot's translator: names match `^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$` and are lower case,
descriptions and choice names are 1-100 characters, options of a command have distinct names in every locale,
and every language the bot speaks has its localizations of each name, description and choice.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import discord
import pytest

from bot.app import StammtischBot
from bot.i18n import DEFAULT, SUPPORTED, catalog
from bot.i18n.extract import msgids
from bot.i18n.translator import CatalogTranslator, valid_name

# Discord's name pattern without the `regex` module: \p{L} and \p{N} are the Unicode categories L* and N*, and
# \p{sc=Deva} / \p{sc=Thai} the Devanagari (U+0900-U+097F) and Thai (U+0E00-U+0E7F) blocks (their marks too).
SCRIPTS = ((0x0900, 0x097F), (0x0E00, 0x0E7F))
LANGS = [lang for lang in SUPPORTED if lang != DEFAULT]


@pytest.fixture(scope="module")
def payloads(tmp_path_factory) -> list[dict[str, Any]]:
    import asyncio

    async def build() -> list[dict[str, Any]]:
        bot = StammtischBot(database_path=tmp_path_factory.mktemp("db") / "db.sqlite3", sync_commands=False)
        async with bot:  # the cogs are loaded as by `python -m bot`, without contacting Discord
            await bot.setup_hook()
            translator = CatalogTranslator()
            out = [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]
            bot.catch_up_task.cancel()
            return out

    return asyncio.run(build())


def _walk(payload: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """(qualified name, item) for each command, sub-command, group and option."""
    here = f"{path} {payload['name']}".strip()
    out = [(here, payload)]
    for option in payload.get("options", ()):
        out.extend(_walk(option, here))
    return out


def _name_char(ch: str) -> bool:
    return ch in "-_" or unicodedata.category(ch)[0] in "LN" or any(lo <= ord(ch) <= hi for lo, hi in SCRIPTS)


def _good_name(name: str) -> bool:
    r"""`^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, and lower case (Discord refuses "Stol")."""
    return 1 <= len(name) <= 32 and all(map(_name_char, name)) and name == name.lower()


def test_the_name_check_refuses_what_discord_refuses():
    assert _good_name("zaboravi-me") and _good_name("dečki_u_skat") and _good_name("pleacă")
    assert not any(map(_good_name, ["Stol", "moje karte", "", "x" * 33, "stol!", "stol/novi"]))


def test_names_and_lengths_keep_discords_rules_in_every_locale(payloads):
    bad: list[str] = []
    for command in payloads:
        for where, item in _walk(command):
            names = {"": item["name"], **(item.get("name_localizations") or {})}
            bad += [f"{where} name[{loc}] {n!r}" for loc, n in names.items() if not _good_name(n)]
            texts = {"": item.get("description", ""), **(item.get("description_localizations") or {})}
            bad += [f"{where} description[{loc}] {len(t)} chars" for loc, t in texts.items() if not 1 <= len(t) <= 100]
            for choice in item.get("choices", ()):
                shown = {"": choice["name"], **(choice.get("name_localizations") or {})}
                bad += [f"{where} choice[{loc}] {c!r}" for loc, c in shown.items() if not 1 <= len(c) <= 100]
            if len(item.get("options", ())) > 25:
                bad.append(f"{where}: more than 25 options")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("locale", [loc.value for loc in discord.Locale])
def test_options_of_a_command_have_distinct_names_in_every_locale(payloads, locale):
    for command in payloads:
        for where, item in _walk(command):
            shown = [(o.get("name_localizations") or {}).get(locale, o["name"]) for o in item.get("options", ())]
            assert len(shown) == len(set(shown)), f"{where} in {locale}: {shown}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_text_is_localized_in_each_language(payloads, lang):
    """A language the bot speaks localizes every description and choice, and every name its catalogs can
    have (game names such as `schrum` stay as they are)."""
    locales = [loc.value for loc in discord.Locale if loc.value.split("-")[0] == lang]
    names = {m.removeprefix("cmd:") for m in msgids() if m.startswith("cmd:")}
    gaps: list[str] = []
    for command in payloads:
        for where, item in _walk(command):
            for locale in locales:
                if item["name"] in names and locale not in (item.get("name_localizations") or {}):
                    gaps.append(f"{where}: name in {locale}")
                if locale not in (item.get("description_localizations") or {}):
                    gaps.append(f"{where}: description in {locale}")
                for choice in item.get("choices", ()):
                    translated = catalog(lang).gettext(choice["name"]) != choice["name"]
                    if translated and locale not in (choice.get("name_localizations") or {}):
                        gaps.append(f"{where}: choice {choice['name']!r} in {locale}")
    assert not gaps, "\n".join(gaps)


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_name_is_one_discord_accepts(lang):
    """The translator leaves out a name Discord would refuse; this names it instead."""
    bad = [f"{msgid} -> {text!r}" for msgid in msgids() if msgid.startswith("cmd:")
           if (text := catalog(lang).gettext(msgid)) != msgid and not valid_name(text)]
    assert not bad, "\n".join(bad)


def test_a_croatian_and_a_romanian_user_get_their_own_language():
    assert discord.Locale.croatian.value == "hr" and discord.Locale.romanian.value == "ro"


def test_a_localized_option_name_is_no_other_options_default_name(payloads):
    """Application Commands, Localization: a localized option name "must be distinct from all other default option
    names of that command" as well as from the others in its locale. The fake refuses both (a clash would make
    Discord refuse the whole sync); the bot's commands, as they sync in every locale, keep the rule."""
    from tests.fakediscord.validation import DiscordError, validate_commands

    def option(name: str, **loc: str) -> dict[str, Any]:
        return {"type": 3, "name": name, "description": "d", "name_localizations": loc or None}

    def command(*options: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"type": 1, "name": "x", "description": "d", "options": list(options)}]

    for bad in (command(option("game", de="spieler"), option("spieler")),  # another option's default name
                command(option("game", de="spiel"), option("deck", de="spiel"))):  # twice in one locale
        with pytest.raises(DiscordError) as refused:
            validate_commands(bad)
        assert refused.value.code == 50035
    validate_commands(command(option("game", de="spiel"), option("deck", de="blatt")))
    validate_commands(payloads)
