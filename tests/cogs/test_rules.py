"""`/rules` through the real bot in SimCord: the whole rules from docs/rules, page by page, with buttons that
survive a restart, in English and German."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules_text import pages, paginate
from tests.cogs.helpers import button, client_locale
from tests.conftest import World


@pytest.fixture
def german(monkeypatch):
    """Every interaction comes from a Discord client set to German."""
    client_locale(monkeypatch, "de")


async def test_rules_show_every_page_of_the_doc_and_turn_with_buttons(world: World):
    texts = pages("schroeoem", "en")
    assert len(texts) >= 3
    alice = world.users[0]
    first = await alice.slash(world.channel, "rules", game="schroeoem")
    assert first.ephemeral
    content = first.response.content
    assert content.startswith(texts[0]) and f"Page 1 of {len(texts)}" in content and len(content) <= 2000
    assert button(first.response, "◀ Previous").disabled and not button(first.response, "Next ▶").disabled

    seen = [content]
    message = first.response
    for n in range(2, len(texts) + 1):
        turned = await alice.click(message, custom_id=button(message, "Next ▶").custom_id)
        message = turned.response
        assert message.content.startswith(texts[n - 1]) and f"Page {n} of {len(texts)}" in message.content
        seen.append(message.content)
    assert button(message, "Next ▶").disabled and not button(message, "◀ Previous").disabled
    back = await alice.click(message, custom_id=button(message, "◀ Previous").custom_id)
    assert back.response.content.startswith(texts[-2])
    # together the pages are the whole text: every line of the doc is on some page
    whole = "\n".join(seen)
    doc = "\n".join(texts)
    assert all(line in whole for line in doc.splitlines())


async def test_rule_page_buttons_work_after_a_restart(world: World, make_bot):
    alice = world.users[0]
    first = await alice.slash(world.channel, "rules", game="rufmariasch")
    await world.env.restart_bot(make_bot())
    turned = await alice.click(first.response, custom_id=button(first.response, "Next ▶").custom_id)
    assert turned.response.content.startswith(pages("rufmariasch", "en")[1])


@pytest.mark.usefixtures("german")
async def test_rules_in_german_from_the_german_doc(world: World):
    from cogs.rules import choice_labels

    texts = pages("schieberamsch", "de", labels=choice_labels(world.bot.tree))
    assert texts != pages("schieberamsch", "en")
    alice = world.users[0]
    first = await alice.slash(world.channel, "rules", game="schieberamsch")
    assert first.response.content.startswith(texts[0]) and f"Seite 1 von {len(texts)}" in first.response.content
    turned = await alice.click(first.response, custom_id=button(first.response, "Weiter ▶").custom_id)
    assert turned.response.content.startswith(texts[1]) and f"Seite 2 von {len(texts)}" in turned.response.content
    assert not button(turned.response, "◀ Zurück").disabled


def test_a_page_past_the_end_shows_the_last_page_and_every_page_fits_a_message():
    """Pages are counted anew on every click, so a button from before a shorter text still lands on a page."""
    from bot.games import GAMES
    from bot.i18n import SUPPORTED
    from cogs.rules import rules_payload

    texts = pages("tac", "en")
    past = rules_payload("tac", "en", 99)
    assert past["content"].startswith(texts[-1]) and f"Page {len(texts)} of {len(texts)}" in past["content"]
    for game in GAMES:
        for lang in SUPPORTED:
            for n in range(len(pages(game, lang))):
                assert len(rules_payload(game, lang, n)["content"]) <= 2000, (game, lang, n)
    unknown = rules_payload("poker", "en", 0)
    assert unknown["view"] is None and "not written yet" in unknown["content"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["# Head", "## Sub", "", "word", "a much longer line of several words",
                                 "x" * 70]), max_size=120),
       st.integers(min_value=40, max_value=300))
def test_pages_never_exceed_the_limit_and_keep_every_word_in_order(lines, limit):
    text = "\n".join(lines)
    cut = paginate(text, limit)
    assert all(0 < len(page) <= limit for page in cut)
    assert "".join("".join(cut).split()) == "".join(text.split())


@pytest.mark.parametrize(("lang", "typed"), [("en", ["hands:", "open_rule:", "three_ace:"]),
                                             ("hr", ["igre:", "pravilo_otvorene:", "as_za_troje:"]),
                                             ("ro", ["maini:", "regula_deschis:", "as_la_trei:"])])
def test_the_rules_name_each_option_as_the_readers_client_shows_it(lang, typed):
    """A Croatian client shows `/schrum novi igre:`; the rules it reads say `igre:`, not the engine's `hands`."""
    text = "\n".join(pages("tac", lang))
    assert all(f"`{name}`" in text for name in typed), text[-1500:]
    assert "`hands`" not in text and "`three_ace`" not in text
    schrum = "\n".join(pages("schrum", lang))
    assert "`unequal`" not in schrum and "`unequal_piles:`" in schrum if lang == "en" else "`unequal`" not in schrum


def test_an_option_written_in_the_text_is_named_as_the_readers_client_shows_it():
    """The German rules say the deck is chosen with `deck:`; a German client shows that option as `blatt:`."""
    text = "\n".join(pages("schieberamsch", "de"))
    assert "`blatt:`" in text and "`deck:`" not in text


@pytest.mark.parametrize("lang", ["en", "de", "hr", "ro"])
def test_the_deck_option_is_named_once_as_the_readers_client_shows_it(lang):
    """The Romanian pages said "cu `pachet:` (`pachet:`) Franceze" once the option was written as typed."""
    import re

    from bot.i18n import command_name

    typed = f"`{command_name(lang, 'deck')}:`"
    for game in ("schieberamsch", "rufmariasch", "schrum"):
        text = "\n".join(pages(game, lang))
        assert typed in text and not re.search(re.escape(typed) + r"\s*\(" + re.escape(typed), text), game


@pytest.mark.usefixtures("german")
async def test_an_options_values_are_written_as_the_client_offers_them(world: World):
    """A German client offers `skat_geht_an:` as „Wer den letzten Stich macht“ or „Der Verlierer …“; the rules it
    reads name those, not the values the engine keeps (`last_trick`, `loser`), and the pages turned keep them."""
    alice = world.users[0]
    message = (await alice.slash(world.channel, "rules", game="schieberamsch")).response
    seen = [message.content]
    while not button(message, "Weiter ▶").disabled:
        message = (await alice.click(message, custom_id=button(message, "Weiter ▶").custom_id)).response
        seen.append(message.content)
    text = "\n".join(seen)
    assert "(Standard „Wer den letzten Stich macht“)" in text and "„Der Verlierer (die meisten Augen)“" in text
    assert "(„Der Nächste“)" in text
    assert "`last_trick`" not in text and "`loser`" not in text and "`rotate`" not in text


@pytest.mark.parametrize("lang", ["en", "de", "hr", "ro"])
async def test_no_rules_page_writes_a_value_the_client_never_shows(world: World, lang):
    """Every value of a command option's choices that a rules text writes is turned into the choice's label (the
    default's label without its "(default)"), in the language's quotation marks."""
    from bot.games import GAMES
    from cogs.rules import choice_labels

    labels = choice_labels(world.bot.tree)
    offered = {option: {value for value, _ in values} for option, values in labels}
    assert {"skat_to", "gh_dealer", "open_rule", "reserve_rule", "three_ace"} <= set(offered)
    for game in GAMES:
        text = "\n".join(pages(game, lang, labels=labels))
        for option in ("skat_to", "gh_dealer", "open_rule", "reserve_rule", "three_ace"):
            left = [v for v in offered[option] if f"`{v}`" in text and not v.isdigit()]
            assert not left, (game, option, left)
        assert "(default)" not in text and "(Standard)" not in text and "(zadano)" not in text
    tac = "\n".join(pages("tac", lang, labels=labels))
    assert {"en": "“same rank”", "de": "„gleicher Rang“", "hr": "„isti broj“", "ro": "„aceeași valoare”"}[lang] in tac
