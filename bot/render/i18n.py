"""The few words the images carry, in English and German. Unknown languages fall back to English."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "seat": "Seat", "hand": "Hand", "deal": "Deal", "game": "Game", "of": "of", "last_trick": "Last trick",
        "trick": "Trick", "dealer": "D", "cards": "cards", "total": "Total", "totals": "Totals",
        "trump": "Trump", "called": "Called", "skat": "Skat", "pushes": "Pushes", "centre": "Centre",
        "talon": "Talon", "reserve": "Reserve", "open": "Open", "closed": "Closed", "stock": "Stock",
        "staircase": "Staircase", "melds": "Melds", "knock": "Value", "lives": "points", "tricks": "tricks",
        "one_trick": "trick",
        "over": "Match over", "winner": "Winner", "winners": "Winners", "to_act": "to act", "pile": "Pile",
        "alone": "alone", "partner": "partner", "caller": "caller", "solo": "Solo", "kontra": "Kontra",
        "rekontra": "Re", "ramsch": "Ramsch", "grand": "Grand Hand", "out": "out", "folded": "folded",
        "marriage": "Marriage", "marriages": "Marriages", "points": "pts", "target": "target", "no_cards": "no cards",
        "empty": "empty", "sheet": "Score sheet", "no": "No.", "note": "Game", "score": "Score",
        "won": "won", "lost": "lost", "pushed": "pushed", "took": "took", "value": "value",
        "jungfrau": "Jungfrau", "durchmarsch": "Durchmarsch", "most_points": "Ramsch",
        "draw": "Drawn", "finished": "out", "loser": "Loser", "waiting": "waiting",
        "hand_of": "Hand", "playable": "playable", "exchange": "Vier Bilder", "huebschen": "Hübschen?",
        "stake": "stake", "callers": "Callers", "defenders": "Defenders", "romme": "Rommé hand",
        "phase_call": "calling", "phase_play": "play", "phase_over": "over",
        "st_play": "{name} to play", "st_grand": "{name}: Grand Hand?", "st_schieben": "{name}: take or push the skat",
        "st_discard": "{name} lays two cards away", "st_kontra": "{name}: Kontra?", "st_rekontra": "{name}: Re?",
        "st_call": "{name} calls trump and a card", "st_draw": "{name}: draw or take stairs",
        "st_meld": "{name}: meld, lay off, discard", "st_knock": "{name}: hold or fold?",
        "st_exchange": "{name}: Vier Bilder?", "st_reveal": "{name}: reveal the 4th card?",
        "st_huebschen": "{name}: Hübschen?", "st_all": "Everybody plays", "st_tac": "Tač? ({name} missed)",
        "st_place": "{name} places the exposed card", "st_over": "Match over – {name} wins",
        "st_over_many": "Match over – {name} win", "knocked": "knocked", "hold": "hold", "fold": "fold",
        "next": "next", "dead": "Blocked piles set aside: {n} ({cards} cards)",
        "any_start": "No Ace left in the hands: any card starts", "played_by": "by {name}", "first": "1st", "place": "#{n}", "hand_pts": "this hand",
        "stall": "no centre play", "missed": "missed", "accept": "yes", "decline": "no", "proposed": "Hübschen?", "went_out": "went out", "no_finisher": "Nobody went out",
        "eliminated": "–",
    },
    "de": {
        "seat": "Platz", "hand": "Spiel", "deal": "Spiel", "game": "Spiel", "of": "von", "last_trick": "Letzter Stich",
        "trick": "Stich", "dealer": "G", "cards": "Karten", "total": "Summe", "totals": "Stand",
        "trump": "Trumpf", "called": "Gerufen", "skat": "Skat", "pushes": "Schübe", "centre": "Mitte",
        "talon": "Talon", "reserve": "Reserve", "open": "Offen", "closed": "Verdeckt", "stock": "Stock",
        "staircase": "Treppe", "melds": "Auslagen", "knock": "Wert", "lives": "Punkte", "tricks": "Stiche",
        "one_trick": "Stich",
        "over": "Partie beendet", "winner": "Sieger", "winners": "Sieger", "to_act": "am Zug",
        "pile": "Stapel", "alone": "allein", "partner": "Partner", "caller": "Rufer", "solo": "Solo",
        "kontra": "Kontra", "rekontra": "Re", "ramsch": "Ramsch", "grand": "Grand Hand", "out": "raus",
        "folded": "gepasst", "marriage": "Mariage", "marriages": "Mariagen", "points": "Pkt", "target": "Ziel",
        "no_cards": "keine Karten", "empty": "leer", "sheet": "Spielliste", "no": "Nr.", "note": "Spiel",
        "score": "Wertung", "won": "gewonnen", "lost": "verloren", "pushed": "geschoben",
        "took": "aufgenommen", "value": "Wert", "jungfrau": "Jungfrau", "durchmarsch": "Durchmarsch",
        "most_points": "Ramsch", "draw": "Unentschieden", "finished": "fertig", "loser": "Verlierer",
        "waiting": "wartet", "hand_of": "Blatt", "playable": "spielbar", "exchange": "Vier Bilder",
        "huebschen": "Hübschen?", "stake": "Einsatz", "callers": "Rufer", "defenders": "Gegner",
        "romme": "Rommé-Hand", "phase_call": "Ruf", "phase_play": "Spiel", "phase_over": "Ende",
        "st_play": "{name} ist am Zug", "st_grand": "{name}: Grand Hand?", "st_schieben": "{name}: Skat nehmen oder schieben",
        "st_discard": "{name} drückt zwei Karten", "st_kontra": "{name}: Kontra?", "st_rekontra": "{name}: Re?",
        "st_call": "{name} ruft Trumpf und Karte", "st_draw": "{name}: ziehen oder Treppe nehmen",
        "st_meld": "{name}: auslegen, anlegen, abwerfen", "st_knock": "{name}: mitgehen oder passen?",
        "st_exchange": "{name}: Vier Bilder?", "st_reveal": "{name}: vierte Karte aufdecken?",
        "st_huebschen": "{name}: Hübschen?", "st_all": "Alle spielen", "st_tac": "Tač? ({name} hat verpasst)",
        "st_place": "{name} legt die aufgedeckte Karte", "st_over": "Partie beendet – {name} gewinnt",
        "st_over_many": "Partie beendet – {name} gewinnen", "knocked": "geklopft", "hold": "hält", "fold": "passt",
        "next": "nächste", "dead": "Blockierte Stapel weggelegt: {n} ({cards} Karten)",
        "any_start": "Kein Ass mehr auf der Hand: jede Karte beginnt", "played_by": "von {name}", "first": "1.", "place": "{n}.", "hand_pts": "dieses Spiel",
        "stall": "kein Spiel zur Mitte", "missed": "verpasst", "accept": "ja", "decline": "nein", "proposed": "Hübschen?", "went_out": "ging raus",
        "no_finisher": "Niemand ging raus", "eliminated": "–",
    },
}

SUIT_NAMES = {
    ("en", "french"): {"C": "Clubs", "S": "Spades", "H": "Hearts", "D": "Diamonds"},
    ("de", "french"): {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo"},
    ("en", "german"): {"C": "Acorns", "S": "Leaves", "H": "Hearts", "D": "Bells"},
    ("de", "german"): {"C": "Eichel", "S": "Grün", "H": "Herz", "D": "Schellen"},
}


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def suit_name(suit: str, style: str, lang: str) -> str:
    return SUIT_NAMES.get((lang if lang in WORDS else "en", style), SUIT_NAMES[("en", "french")])[suit]
