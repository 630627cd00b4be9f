"""Every user-facing string has a translation in every language the bot speaks, with the same placeholders."""

from __future__ import annotations

import re

import pytest

from bot.i18n import DEFAULT, SUPPORTED, format_number, normalize, tr
from bot.i18n.extract import missing, msgids, translated

FIELD = re.compile(r"{(\w*)}")


LANGS = [lang for lang in SUPPORTED if lang != DEFAULT]


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_is_translated(lang):
    gaps = missing(lang)
    assert not gaps, f"untranslated (run `python -m bot.i18n.extract {lang}`):\n" + "\n".join(
        f"{where}: {msgid!r}" for msgid, where in gaps.items())


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_keeps_a_string_the_code_no_longer_says(lang):
    """A dead entry is a translation nobody reviews again (a choice's text once looked up as `cmd:<text>`)."""
    used = msgids()
    dead = sorted(msgid for msgid in translated(lang) if msgid not in used)
    assert not dead, f"{lang}: entries no code uses: {dead}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_their_placeholders(lang):
    used = msgids()
    for msgid, text in translated(lang).items():
        if msgid in used:
            assert sorted(FIELD.findall(msgid)) == sorted(FIELD.findall(text)), msgid


def test_locale_follows_discord_locale():
    assert normalize("de") == "de"
    assert normalize("en-US") == "en"
    assert normalize("hr") == "hr" and normalize("ro") == "ro"
    assert normalize("fr") == "en"
    assert tr("de", "It is not your turn.") == "Du bist nicht am Zug."
    assert tr("en-GB", "It is not your turn.") == "It is not your turn."


def test_an_engine_reason_is_said_in_the_players_language():
    """The rule engines stay free of translation; their `Reason` carries its msgid, and `tr` translates it
    inside the bot's own sentence."""
    import random

    import pytest

    from bot.games import GAMES, IllegalAction

    engine = GAMES["schieberamsch"].new(3, seed=5, options={"deals": 3})
    rng = random.Random(1)
    for _ in range(200):
        seat = min(engine.to_act())
        view = engine.view(seat)
        legal = engine.legal_actions(seat)
        wrong = [c for c in view.get("hand", ()) if f"play {c}" not in legal]
        if view["phase"] == "play" and view["trick"] and wrong:
            break
        engine.apply(seat, rng.choice(legal))
    else:
        raise AssertionError("no follower who could not play every card")
    with pytest.raises(IllegalAction) as err:
        engine.apply(seat, f"play {wrong[0]}")
    reason = err.value.reason
    assert reason.startswith("you must follow")  # English as the engine says it
    german = tr("de", "Not allowed: {reason}", reason=reason)
    assert german.startswith("Nicht erlaubt: du musst ") and "bedienen" in german, german
    assert tr("en", "Not allowed: {reason}", reason=reason) == f"Not allowed: {reason}"


def test_the_pictures_read_their_words_from_the_catalogs():
    """The table pictures have no dictionary of their own: their words are msgids the extractor finds (so the
    untranslated-string test covers them), and a picture says what the message beside it says."""
    from bot.render.i18n import GERMAN_RANKS, SUIT_NAMES, WORDS, words

    found = msgids()
    picture_ids = set(WORDS.values()) | set(GERMAN_RANKS.values()) | {m for s in SUIT_NAMES.values() for m in s.values()}
    assert picture_ids <= set(found), sorted(picture_ids - set(found))
    assert all(found[m].startswith("bot/render/") or m in translated("de") for m in picture_ids)
    de = words("de")
    # Schrööm: the knock question and its answers in the words of the buttons and narration
    assert "halten oder aussteigen" in tr("de", "{who}: hold or fold? ({name} knocked to {value})")
    assert de["st_knock"].format(name="Anna") == "Anna: halten oder aussteigen?"
    assert de["folded"] == "ausgestiegen" and de["fold"] == "steigt aus"
    assert words("en")["st_rekontra"].format(name="Anna") == "Anna: Rekontra?"
    assert words("de-AT") == de and words("xx")["seat"] == "Seat"


@pytest.mark.parametrize(("lang", "expected"), [("en", "+1,234.50"), ("de", "+1.234,50"), ("hr", "+1.234,50"),
                                                ("ro", "+1.234,50")])
def test_numbers_are_written_as_the_language_writes_them(lang, expected):
    assert format_number(1234.5, lang, 2, signed=True) == expected


@pytest.mark.parametrize("lang", SUPPORTED)
def test_an_engine_reason_names_the_seat_by_its_player_in_every_language(lang):
    from bot.games.base import Reason
    from bot.i18n import naming_seats

    reason = Reason("it is not your turn (waiting for seat {seat})", seat=1)
    with naming_seats(["Ana", "Mirza"]):
        text = tr(lang, "Not allowed: {reason}", reason=reason)
    assert "Mirza" in text and "{" not in text, text


def _refused_card_play(game: str):
    """An engine's reason for refusing a card in hand that names an Unter or Ober (a trick to head, a trump to
    beat), found by random legal play of `game`."""
    import random

    from bot.games import GAMES
    from bot.games.base import IllegalAction

    for seed in range(50):
        rng = random.Random(seed)
        engine = GAMES[game].new(4 if game == "rufmariasch" else 3, seed=seed)
        while not engine.over and engine.to_act():
            seat = min(engine.to_act())
            legal = engine.legal_actions(seat)
            if any(a.startswith("play ") for a in legal):
                for card in engine.view(seat)["hand"]:
                    if f"play {card}" not in legal:
                        try:
                            engine.clone().apply(seat, f"play {card}")
                        except IllegalAction as exc:
                            named = [c for v in exc.reason.fields.values() for c in getattr(v, "codes", ())]
                            if any(c[0] in "JQ" for c in named):  # a card whose letter differs on German cards
                                return exc.reason
            engine.apply(seat, rng.choice(legal))
    raise AssertionError("no refusal named a Jack or Queen")


@pytest.mark.parametrize("game", ["rufmariasch", "schieberamsch"])
def test_the_cards_an_engine_reason_names_are_written_as_the_tables_deck_names_them(game):
    """The engines write "J♣"; at a table of German cards the player reads "U🌰", as the buttons and pictures say
    (and "B♣" on French cards in German)."""
    import re

    from bot.games.base import Reason
    from bot.games.cards import pretty, pretty_cards
    from bot.ui.game_ui import card_label, card_style
    from bot.ui.suits import unjoined

    reason = Reason("{card} is not allowed now (allowed: {allowed})", card=pretty("QC"),
                    allowed=pretty_cards(["JD", "10H"], ", "))
    with card_style("german", "en"):
        assert unjoined(tr("en", "Not allowed: {reason}", reason=reason)) == \
            "Not allowed: O🌰 is not allowed now (allowed: U🔔, 10♥)"  # the suits as the pictures show them
    with card_style("french", "de"):
        assert "D♣\ufe0e ist" in tr("de", "Not allowed: {reason}", reason=reason)
    assert str(reason) == "Q♣ is not allowed now (allowed: J♦, 10♥)"  # the engine's own text (logs, tests)

    refused = _refused_card_play(game)
    with card_style("german", "en"):
        text = tr("en", "Not allowed: {reason}", reason=refused)
    assert not re.search(r"\b[JQ]\u2060?[♣♠♥♦🌰🍃🔔]", text), text
    for code in refused.fields.values():
        for c in getattr(code, "codes", ()):
            assert card_label(c, "german") in text


@pytest.mark.parametrize("lang", ["en", "de", "hr", "ro"])
def test_a_negative_number_has_a_real_minus_sign_as_every_score(lang):
    """The Schieberamsch leaderboard's "per deal" wrote -3,33 with a hyphen beside scores written −19."""
    assert format_number(-10 / 3, lang, 2, signed=True)[0] == "\N{MINUS SIGN}"
    assert format_number(-5, lang)[0] == "\N{MINUS SIGN}" and "-" not in format_number(-5, lang)


def test_a_game_name_of_several_words_in_a_german_compound_is_hyphenated_throughout():
    """German writes "Schrum-Schrum-Tisch", not "Schrum Schrum-Tisch": the catalogue joins the name it is given to
    the word ("{game}-Tisch"), so the spaces in that name become hyphens there, and only there."""
    game = "Schrum Schrum"
    assert tr("de", "{game} table #{id}", game=game, id=3) == "Schrum-Schrum-Tisch #3"
    assert tr("de", "Replay · {game} table #{id}", game=game, id=3) == "Wiederholung · Schrum-Schrum-Tisch #3"
    assert tr("de", "No finished {game} matches here for {period} yet.", game=game, period="März") == (
        "Hier gibt es für März noch keine beendeten Schrum-Schrum-Partien.")
    assert tr("de", "Leaderboard · {game}", game=game) == "Rangliste · Schrum Schrum"  # no compound: as it is
    assert tr("en", "{game} table #{id}", game=game, id=3) == "Schrum Schrum table #3"
    assert tr("de", "{game} table #{id}", game="Tač", id=3) == "Tač-Tisch #3"


def test_no_german_text_writes_a_game_name_of_several_words_into_a_compound_with_its_spaces():
    from bot.games import GAMES
    from bot.i18n import LOCALES_DIR

    texts = [*(LOCALES_DIR / "de" / "LC_MESSAGES").glob("*.po"),
             *(LOCALES_DIR.parents[2] / "docs" / "rules" / "de").glob("*.md")]
    titles = {cls.title for cls in GAMES.values() if " " in cls.title}
    assert titles and texts
    wrong = [(path.name, f"{title}-") for path in texts for title in titles
             if f"{title}-" in path.read_text(encoding="utf-8")]
    assert not wrong, wrong
