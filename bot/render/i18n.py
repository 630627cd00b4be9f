"""The words the pictures carry, as English msgids of the gettext catalogs (`bot.i18n`).

The pictures have no dictionary of their own: a table picture and the message beside it read their words
from the same `.po` files, so they cannot drift apart, and `python -m bot.i18n.extract LANG` (with the test
that fails on untranslated strings) finds these msgids like every other. The keys are the renderers' names
for the words; the picture-only German lives in `bot/i18n/locales/de/LC_MESSAGES/pictures.po`.
"""

from __future__ import annotations

from functools import cache

from bot.i18n import N_, normalize, tr

WORDS: dict[str, str] = {
    "seat": N_("Seat"), "hand": N_("Hand"), "deal": N_("Deal"), "game": N_("Game"), "last_trick": N_("Last trick"),
    "prev_trick": N_("Previous trick"),  # Schrööm's: there "the last trick" is the fourth, the one that decides
    "dealer": N_("D"), "total": N_("Total"), "trump": N_("Trump"), "called": N_("Called"), "skat": N_("Skat"),
    "pushes": N_("Pushes"), "centre": N_("Centre"), "talon": N_("Talon"), "reserve": N_("Reserve"),
    "open": N_("Open"), "closed": N_("Closed"), "stock": N_("Stock"), "staircase": N_("Staircase"),
    "melds_by": N_("Melds by {name}: {pts} pts"),
    "melds_others": N_("Melds by {name}: {pts} pts ({others} pts laid off by others)"), "laid": N_("+{n} pts laid"),
    "knock": N_("Value"), "over": N_("Match over"),
    "winner": N_("Winner"), "pile": N_("Pile"), "alone": N_("alone"), "partner": N_("partner"),
    "caller": N_("caller"), "solo": N_("Solo"), "kontra": N_("Kontra"), "rekontra": N_("Rekontra"),
    "with_n": N_("with {n}"), "without_n": N_("without {n}"), "schneider": N_("Schneider"), "schwarz": N_("Schwarz"),
    "ramsch": N_("Ramsch"), "grand": N_("Grand Hand"), "out": N_("out"), "folded": N_("folded"),
    "marriages": N_("Marriages"), "points": N_("pts"), "target": N_("target"), "no_cards": N_("no cards"),
    "empty": N_("empty"), "sheet": N_("Score sheet"), "no": N_("No."), "note": N_("Game"), "won": N_("won"),
    "lost": N_("lost"), "pushed": N_("pushed"), "took": N_("took"), "draw": N_("Drawn"), "loser": N_("Loser"),
    "exchange": N_("Vier Bilder"), "huebschen": N_("Hübschen?"), "huebschen_void": N_("void (hübschen)"), "proposed": N_("Hübschen?"),
    "callers": N_("Callers"), "defenders": N_("Defenders"), "romme": N_("Rommé hand"),
    "went_out": N_("went out"), "no_finisher": N_("Nobody went out"), "eliminated": N_("–"),
    "knocked": N_("knocked"), "next": N_("next"), "missed": N_("missed"),
    "played_by": N_("by {name}"), "place": N_("#{n}"),
    "dead": N_("Blocked piles set aside: {n} ({cards} cards)"),
    "any_start": N_("No Ace left in the hands: any card starts"),
    # a Schieberamsch deal's outcome (the engine's hand record names it)
    "jungfrau": N_("Jungfrau"), "durchmarsch": N_("Durchmarsch"), "most_points": N_("Ramsch"),
    # the answers to a Schrööm question (knock, Vier Bilder reveal, Hübschen), as the engine names them
    "hold": N_("holds"), "fold": N_("folds"), "reveal": N_("reveal"), "pass": N_("no reveal"),
    "accept": N_("yes"), "decline": N_("no"),
    # the header's status: who is to do what
    "st_play": N_("{name} to play"), "st_grand": N_("{name}: Grand Hand?"),
    "st_schieben": N_("{name}: take or push the skat"), "st_discard": N_("{name} puts two cards back"),
    "st_kontra": N_("{name}: Kontra?"), "st_rekontra": N_("{name}: Rekontra?"),
    "st_call": N_("{name} calls trump and a card"), "st_draw": N_("{name}: draw or take stairs"),
    "st_meld": N_("{name}: meld, lay off, discard"), "st_knock": N_("{name}: hold or fold?"),
    "st_exchange": N_("{name}: Vier Bilder?"), "st_reveal": N_("{name}: reveal the 4th card?"),
    "st_huebschen": N_("{name}: Hübschen?"), "st_all": N_("Everybody plays"),
    "st_go": N_("Waiting for {name}'s Go!"),
    "st_tac": N_("Tač? ({name} missed)"), "st_tac_give": N_("Tač! on {name} · to decide: {deciding}"),
    "tac_called": N_("Tač!"), "give_q": N_("give?"), "st_place": N_("{name} places the exposed card"),
    "st_over": N_("Match over – {name} wins"), "st_over_many": N_("Match over – {name} win"),
    "st_over_loser": N_("Match over – {name} loses"),
}

# suit names of each deck ("Acorns" on a German deck, "Clubs" on a French one), msgids of the catalogs
SUIT_NAMES = {
    "french": {"C": N_("Clubs"), "S": N_("Spades"), "H": N_("Hearts"), "D": N_("Diamonds")},
    "german": {"C": N_("Acorns"), "S": N_("Leaves"), "H": N_("Hearts"), "D": N_("Bells")},
}
# a German deck's court cards and Ace as a card's name says them ("Ace of Acorns", "Eichel Daus")
GERMAN_RANKS = {"J": N_("Under"), "Q": N_("Over"), "K": N_("King"), "A": N_("Ace")}


@cache
def _words(lang: str) -> dict[str, str]:
    return {key: tr(lang, msgid) for key, msgid in WORDS.items()}


def words(lang: str) -> dict[str, str]:
    """The pictures' words in `lang` (a language without a catalog reads English)."""
    return _words(normalize(lang))


def tricks_won(n: int, lang: str) -> str:
    """A seat plate's count of tricks taken, with the number's own plural form: "1 trick", "3 tricks"; Croatian
    has three ("1 štih", "3 štiha", "5 štihova") and Romanian writes "20 de levate" (one word for every number
    above 1 read "3 štihova")."""
    return tr(lang, "1 trick") if n == 1 else tr(lang, "{n} tricks", n=n)


def suit_name(suit: str, style: str, lang: str) -> str:
    return tr(lang, SUIT_NAMES.get(style, SUIT_NAMES["french"])[suit])


def german_card_name(rank: str, suit: str, lang: str) -> str:
    """A German-deck card by name: "Ace of Acorns", "Eichel Daus"."""
    named = GERMAN_RANKS.get(rank)
    return tr(lang, "{rank} of {suit}", rank=tr(lang, named) if named else rank,
              suit=suit_name(suit, "german", lang))
