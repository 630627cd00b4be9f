"""Short rule summaries for `/rules`, in every supported language (the full rules: shared RULES.md)."""

from __future__ import annotations

RULES_SUMMARY: dict[str, dict[str, str]] = {
    "schrum": {
        "en": "2, 4 or 8 players, 32 cards dealt face down as talons. On your turn expose your top card: it must go to "
              "the centre (A 7 8 9 10 J Q K A …) or onto another player's reserve of the same rank; then expose the "
              "next. When it fits nowhere it goes onto your own reserve and your turn ends. An empty talon is refilled "
              "from your reserve, unshuffled. Get rid of all your cards to win.",
        "de": "2, 4 oder 8 Spieler, 32 Karten verdeckt als Talons. Am Zug deckst du deine oberste Karte auf: Sie muss "
              "in die Mitte (A 7 8 9 10 B D K A …) oder auf die gleichrangige Reserve eines anderen; dann die nächste. "
              "Passt sie nirgends, kommt sie auf deine Reserve und dein Zug endet. Ein leerer Talon wird aus der "
              "Reserve ungemischt neu gebildet. Wer alle Karten los ist, gewinnt.",
    },
    "tac": {
        "en": "Schrum Schrum with 52 cards for 2-4: the centre runs A 2 3 … K A and has priority; open-pile plays "
              "(same rank) only once an Ace lies in the centre. Putting a playable card on your own pile is a miss: "
              "anyone may call Tač! before the next card is exposed, and every other player gives you a card.",
        "de": "Schrum Schrum mit 52 Karten für 2-4: Die Mitte läuft A 2 3 … K A und hat Vorrang; auf offene Stapel "
              "(gleicher Rang) erst, wenn ein Ass in der Mitte liegt. Legst du eine spielbare Karte auf den eigenen "
              "Stapel, ist das ein Fehler: Jeder darf Tač! rufen, bevor die nächste Karte aufgedeckt wird, und alle "
              "anderen geben dir je eine Karte.",
    },
    "repezita": {
        "en": "Real time, 2-8 players (two decks above four). No turns: play any card onto the pile when it is one "
              "up or down from the top (A and K touch); an empty pile needs an Ace. A wrong card makes you take the "
              "whole pile. If someone was faster, your card bounces back without penalty. Empty your hand first; the "
              "last one holding cards loses.",
        "de": "Echtzeit, 2-8 Spieler (ab fünf zwei Decks). Keine Züge: Leg jederzeit eine Karte, die eins höher oder "
              "tiefer als die oberste ist (A und K grenzen an); ein leerer Stapel braucht ein Ass. Eine falsche Karte "
              "heißt: ganzen Stapel aufnehmen. War jemand schneller, kommt deine Karte straflos zurück. Wer zuletzt "
              "noch Karten hat, verliert.",
    },
    "schroeoem": {
        "en": "2-8 players, 32 cards ranked 10 9 8 7 A K Q J, four cards, four tricks, follow suit, no trumps: the "
              "last trick wins. Everyone starts with 7 points. Knock to raise the stake by one (not twice in a row, "
              "at most your points); the others hold or fold and lose the stake before the knock. Losers lose the "
              "stake; at 0 you are out. Hammer, Vier Bilder and Hübschen as in the pub.",
        "de": "2-8 Spieler, 32 Karten in der Folge 10 9 8 7 A K D B, vier Karten, vier Stiche, Farbzwang, keine "
              "Trümpfe: Der letzte Stich gewinnt. Alle starten mit 7 Punkten. Klopfen erhöht um eins (nicht zweimal "
              "hintereinander, höchstens bis zu deinen Punkten); die anderen halten oder steigen aus und verlieren "
              "den Wert vor dem Klopfen. Verlierer zahlen den Wert; wer auf 0 ist, ist raus. Hammer, Vier Bilder und "
              "Hübschen wie in der Kneipe.",
    },
    "treppenromme": {
        "en": "2-4 players, 52 cards, 7 each. Draw from the talon or take the top cards of the staircase (never from "
              "the middle), meld sets and sequences (Ace low, high or around the corner), lay off anywhere, discard. "
              "Points count the moment cards are placed. Going out scores the others' hand cards, doubled for a "
              "Rommé hand. First to 500 wins the session.",
        "de": "2-4 Spieler, 52 Karten, je 7. Vom Talon ziehen oder die obersten Karten der Treppe nehmen (nie aus der "
              "Mitte), Sätze und Folgen auslegen (Ass unten, oben oder ums Eck), überall anlegen, abwerfen. Punkte "
              "zählen beim Auslegen. Wer ausmacht, bekommt die Handkarten der anderen, doppelt bei Handrommé. Wer "
              "zuerst 500 hat, gewinnt.",
    },
    "schieberamsch": {
        "en": "3 players, 32 cards, only the four Jacks are trumps. First anyone may play Grand Hand alone. "
              "Otherwise each in turn takes the skat (and puts two cards back) or pushes it on unseen, doubling the "
              "game. Follow suit; the most card points lose (Jungfrau doubles, a Durchmarsch wins). Points / 10 go "
              "onto your total: lowest total wins the series.",
        "de": "3 Spieler, 32 Karten, nur die vier Buben sind Trumpf. Zuerst darf jeder allein Grand Hand spielen. "
              "Sonst nimmt jeder reihum den Skat (und drückt zwei Karten) oder schiebt ihn ungesehen weiter, was das "
              "Spiel verdoppelt. Farbe bedienen; die meisten Augen verlieren (Jungfrau doppelt, Durchmarsch gewinnt). "
              "Augen / 10 kommen auf dein Konto: Der niedrigste Stand gewinnt.",
    },
    "rufmariasch": {
        "en": "4 players, 32 cards ranked A 10 K O U 9 8 7; Aces and Tens count 10, the last trick 10. After four "
              "cards the forehand calls trumps and a card: its holder is the secret partner (holding it yourself: "
              "alone against three). Marriages (K+O) are announced in the first trick. Follow suit, beat the trick, "
              "trump when void. The callers need 50 (more with marriages); the difference is paid at the stake.",
        "de": "4 Spieler, 32 Karten in der Folge A 10 K O U 9 8 7; Asse und Zehner zählen 10, der letzte Stich 10. "
              "Nach vier Karten ruft die Vorhand Trumpf und eine Karte: Wer sie hat, ist heimlicher Partner (hat "
              "man sie selbst: allein gegen drei). Mariagen (K+O) werden im ersten Stich angesagt. Bedienen, "
              "überstechen, bei Fehlfarbe trumpfen. Die Rufer brauchen 50 (mehr mit Mariagen); die Differenz wird "
              "zum Einsatz bezahlt.",
    },
}
