"""How a game's legal actions become buttons and select menus, and its events become short lines.

Each game's cog registers a `GameUI` subclass. The defaults here turn any engine's action strings
into controls, so a cog only overrides what its game needs (labels, a two-step choice, a status line).
No rules live here: what is legal always comes from `legal_actions`.
"""

from __future__ import annotations

import pickle
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from bot.games.cards import is_card
from bot.i18n import N_, tr, writing_cards
from bot.tables.model import default_signature

from .drawing import Drawing
from .suits import card_text, suit_text

if TYPE_CHECKING:
    from bot.tables import Table

MAX_CARD_BUTTONS = 20  # four rows of five; the fifth row holds the other buttons


def snapshot(data: Any) -> Any:
    """A private copy of engine data (a view, score records) for a drawing thread: the engine goes on changing on
    the event loop. A pickle round trip is ~4x cheaper than deepcopy for these small dicts of lists and strings."""
    return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))


@dataclass
class Button:
    action: str
    label: str
    style: str = "secondary"  # primary, secondary, success, danger
    disabled: bool = False
    row: int | None = None


@dataclass
class Select:
    """A select menu. Each chosen option is an argument; `verb` and the sorted choices make the action,
    matched against the legal actions as a set (so argument order never matters)."""

    verb: str
    placeholder: str
    options: list[tuple[str, str]]  # (value, label)
    min_values: int = 1
    max_values: int = 1
    row: int | None = None


@dataclass
class Custom:
    """A game's own persistent component, for what a Button or Select cannot say (several menus of one
    verb, a page of a long hand): `make(table_id, version)` returns a `discord.ui.Item` (usually a
    DynamicItem the game's cog registers). Rows are the item's own business."""

    make: Callable[[int, int], Any]


@dataclass
class Controls:
    items: list[Button | Select | Custom] = field(default_factory=list)


def verb_of(action: str) -> str:
    """An action's verb: `play` of `play AS`."""
    return action.split(" ", 1)[0]


# The corner letters of the pictures (bot/render/cards.py `rank_label`): U and O on German-suited cards in any
# language; B and D (Bube, Dame) on French cards in a German picture; J and Q otherwise.
GERMAN_DECK_RANKS = {"J": "U", "Q": "O"}
FRENCH_DECK_RANKS_DE = {"J": "B", "Q": "D"}
# The deck and language card labels follow where no deck is passed (see `card_style`); (None, "en"): J and Q.
_CARD_STYLE: ContextVar[tuple[str | None, str]] = ContextVar("card_style", default=(None, "en"))


@contextmanager
def card_style(deck: str | None, lang: str) -> Iterator[None]:
    """Within the block, `card_label` writes ranks as the pictures of `deck` ("french"/"german") in `lang` do."""
    token = _CARD_STYLE.set((deck, lang))
    try:
        with writing_cards(card_label, suit_label):  # and the cards and suits an engine's reason names
            yield
    finally:
        _CARD_STYLE.reset(token)


def card_label(card: str, deck: str | None = None, lang: str | None = None) -> str:
    """`"10H"` -> `"10♥"`: suit symbols read on every phone. With a deck (given, or the `card_style` in force),
    the ranks and suits are the pictures': `"JD"` -> `"U🔔"` (German deck), `"B♦"` (French deck in German).
    A suit drawn as a picture follows a U+2060 WORD JOINER (`bot.ui.suits.card_text`), so no line breaks a card."""
    if not is_card(card):
        return card
    if deck is None:
        deck, style_lang = _CARD_STYLE.get()
        lang = lang or style_lang
    rank = card[:-1]
    if deck == "german":
        rank = GERMAN_DECK_RANKS.get(rank, rank)
    elif deck == "french" and lang == "de":
        rank = FRENCH_DECK_RANKS_DE.get(rank, rank)
    return card_text(rank, suit_text(card[-1], deck))


def style_deck() -> str | None:
    """The deck of the `card_style` in force (None outside one)."""
    return _CARD_STYLE.get()[0]


def rank_label(rank: str) -> str:
    """A rank ("J") as `card_label` writes it under the `card_style` in force: "U" on German cards, "B" on French
    cards in German, "J" otherwise."""
    deck, lang = _CARD_STYLE.get()
    if deck == "german":
        return GERMAN_DECK_RANKS.get(rank, rank)
    if deck == "french" and lang == "de":
        return FRENCH_DECK_RANKS_DE.get(rank, rank)
    return rank


def count_cards(lang: str, n: int) -> str:
    """"1 card" / "7 cards" (Croatian and Romanian: the catalog's plural form for the number)."""
    return tr(lang, "1 card") if n == 1 else tr(lang, "{n} cards", n=n)


def count_tricks(lang: str, n: int) -> str:
    """"1 trick" / "3 tricks", as a seat plate of the pictures counts them."""
    return tr(lang, "1 trick") if n == 1 else tr(lang, "{n} tricks", n=n)


SEAT_MARK = "• "  # a seat's line of the table in words: a plain bullet, not Markdown's "- " (whose list would take
# the next line, the status, into its last item)


def seat_line(name: str, parts: list[str]) -> str:
    """One seat of the table in words: "• alice: 8 cards · 2 tricks · total −12" (empty parts left out)."""
    return f"{SEAT_MARK}{name}: " + " · ".join(p for p in parts if p)


def total_text(lang: str, score: Any) -> str:
    """A seat's total as its plate in the picture shows it: "total −12" (a real minus sign)."""
    return tr(lang, "total {score}", score=score_text(score))


def suit_label(suit: str) -> str:
    """A suit ("C") as `card_label` writes it under the `card_style` in force: ♣ on French cards, 🌰 on German."""
    return suit_text(suit, _CARD_STYLE.get()[0])


def signed_score(n: int) -> str:
    """A score change as the pictures write it: "+24", "−24" (a real minus sign, not a hyphen), "0"."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def score_text(n: Any) -> str:
    """A score as the pictures write it: "24", "−24" (a real minus sign)."""
    return f"−{-n}" if isinstance(n, int) and n < 0 else str(n)


VERB_LABELS = {
    "pass": N_("Pass"), "grand": N_("Grand Hand"), "take": N_("Take the skat"), "push": N_("Push"),
    "kontra": N_("Kontra"), "rekontra": N_("Rekontra"), "knock": N_("Knock"), "hold": N_("Hold"),
    "fold": N_("Fold"), "exchange": N_("Vier Bilder"), "reveal": N_("Reveal"), "huebschen": N_("Hübschen?"),
    "accept": N_("Accept"), "decline": N_("Decline"), "draw": N_("Draw"), "centre": N_("Centre"),
    "keep": N_("Keep"), "tac": N_("Tač!"), "discard": N_("Discard"), "meld": N_("Meld"),
    "layoff": N_("Lay off"), "call": N_("Call"), "announce": N_("Announce"), "onto": N_("Onto"),
}
DANGER = {"fold", "decline"}
PRIMARY = {"grand", "take", "knock", "kontra", "rekontra", "tac", "draw", "centre"}


class GameUI:
    """Default presentation of a game; subclass per game in its cog."""

    key: str = ""
    stakes = False  # played for money, booked in a ledger (Rufmariasch)
    card_verbs = ("play",)  # verbs whose single argument is a hand card, shown as card buttons
    hand_image = True  # False: the hand message has no picture of the cards (its buttons show them)
    realtime = False  # True: after a move, every changed DM is edited at once, before the table message
    # Public decisions (bids, passes, "take the skat"): asked with buttons on the table message, where everyone
    # sees them, so answering one edits the table in the answer to the click and no hand message changes.
    table_verbs: frozenset[str] = frozenset()
    # Live cards: every card of a hand message stays clickable, and the engine refuses one that cannot be played
    # now (with the playable ones named). The hand message then changes only when the hand does, not whenever
    # the turn comes round: one Discord call less per move. A table may ask for lit cards instead (setting
    # `cards: "lit"`, `/schieberamsch new lit_cards:`): only the playable cards are clickable, at the cost of a
    # DM edit per turn.
    live_cards = False

    def live(self, table: Table) -> bool:
        return self.live_cards and table.settings.get("cards", "live") == "live"

    def trick_cards(self, cards: list[dict[str, Any]], names: list[str]) -> str:
        """The cards of a trick, each with who played it: "anna A♣, bernd 10♣" (who played what shows who is out of
        a suit, which the cards alone do not)."""
        return ", ".join(f"{names[c['seat']]} {card_label(c['card'])}" for c in cards)

    def trick_words(self, view: dict[str, Any], names: list[str], lang: str) -> str | None:
        """The cards of the trick on the table, in words ("Trick: anna A♣, bernd 10♣."): with live cards the
        next player's hand does not say what must be followed, so the table message's status line does."""
        trick = view.get("trick")
        if not trick:
            return None
        return tr(lang, "Trick: {cards}.", cards=self.trick_cards(trick, names))

    def last_trick_words(self, view: dict[str, Any], names: list[str], lang: str) -> str | None:
        """The last trick taken, who played what and who took it, or None."""
        last = view.get("last_trick")
        if not last or not last.get("cards") or last.get("winner") is None:
            return None
        return tr(lang, "Last trick, taken by {name}: {cards}.", name=names[last["winner"]],
                  cards=self.trick_cards(last["cards"], names))

    def hand_actions(self, legal: list[str]) -> list[str]:
        """The legal actions a hand message offers (the others are asked on the table message)."""
        if not self.table_verbs:
            return legal
        return [a for a in legal if verb_of(a) not in self.table_verbs]

    def table_actions(self, legal: list[str]) -> list[str]:
        return [a for a in legal if verb_of(a) in self.table_verbs]

    def asked_in_hand(self, table: Table, shown: list[str]) -> list[str]:
        """Of a hand message's actions, those that depend on whose turn it is: all of them, or with live cards
        the ones other than playing a card (a menu, an announcement)."""
        if not self.live(table):
            return shown
        return [a for a in shown if verb_of(a) not in self.card_verbs]

    def hand_signature(self, table: Table, view: dict[str, Any], legal: list[str]) -> tuple[Any, ...]:
        """What a seat's hand message shows: when it changes, the message is re-rendered and that seat's older
        buttons become stale. With live cards, whose turn it is and which cards are playable are not shown."""
        shown = self.hand_actions(legal)
        if self.live(table):
            return (tuple(self.asked_in_hand(table, shown)), tuple(view.get("hand", ())), view.get("hand_no"))
        if self.table_actions(legal):  # "Your move, on the table message.": its line goes when the bid moves on
            return (*default_signature(view, shown), "asked on the table")
        return default_signature(view, shown)

    # -- controls ---------------------------------------------------------------------------------
    def hand_controls(self, view: dict[str, Any], legal: list[str], lang: str, *, table: Table,
                      seat: int) -> Controls:
        """The controls (and an optional `note`) of `seat`'s hand message. Default: `controls()`.
        Override when they need more than the view: the players' names, the last events
        (`table.names`, `table.last_events`), the table settings."""
        if self.live(table):  # games without live cards may override `controls` without the keyword
            return self.controls(view, legal, lang, live=True)
        return self.controls(view, legal, lang)

    def controls(self, view: dict[str, Any], legal: list[str], lang: str, *, live: bool = False) -> Controls:
        """Card buttons (or a card menu) and the other actions' buttons and menus. `live`: every card is a
        button, whatever is legal now (see `live_cards`)."""
        hand = list(view.get("hand", []))
        by_verb: dict[str, list[list[str]]] = defaultdict(list)
        for action in legal:
            verb, *args = action.split()
            if not (live and verb in self.card_verbs):
                by_verb[verb].append(args)
        out = Controls()
        if live:
            playable, card_verb = set(hand), self.card_verbs[0]
        else:
            playable = {args[0] for verb in self.card_verbs for args in by_verb.get(verb, []) if len(args) == 1}
            card_verb = next((v for v in self.card_verbs if v in by_verb), None)
        if hand and len(hand) <= MAX_CARD_BUTTONS:
            for i, card in enumerate(self.sort_hand(hand, view)):
                ok = card in playable
                out.items.append(Button(action=f"{card_verb or 'play'} {card}", label=card_label(card),
                                        style="primary" if ok and not live else "secondary", disabled=not ok,
                                        row=i // 5))
        elif playable and card_verb:
            cards = [c for c in self.sort_hand(hand, view) if c in playable] or sorted(playable)
            out.items.extend(self._select(card_verb, [[c] for c in cards], lang))
        for verb, arglists in by_verb.items():
            if verb in self.card_verbs:
                continue
            if all(not a for a in arglists):
                out.items.append(Button(action=verb, label=self.label(verb, lang),
                                        style=self.style(verb), row=4))
            elif len(arglists) <= 3:
                for args in arglists:
                    action = " ".join([verb, *args])
                    out.items.append(Button(action=action, label=self.label(action, lang),
                                            style=self.style(verb), row=4))
            else:
                out.items.extend(self._select(verb, arglists, lang, view))
        return out

    def _select(self, verb: str, arglists: list[list[str]], lang: str,
                view: dict[str, Any] | None = None) -> list[Select]:
        lengths = {len(a) for a in arglists}
        placeholder = self.label(verb, lang) + " …"
        if len(arglists) <= 25:
            opts = [(" ".join(a), self.label(" ".join([verb, *a]), lang, bare=True)) for a in arglists]
            return [Select(verb=verb, placeholder=placeholder, options=opts)]
        if len(lengths) == 1:
            k = lengths.pop()
            values = list(dict.fromkeys(x for a in arglists for x in a))
            if view is not None and set(values) <= set(view.get("hand") or []):  # in the hand's own order
                values = self.sort_hand(values, view)
            values = values[:25]
            return [Select(verb=verb, placeholder=placeholder,
                           options=[(v, card_label(v)) for v in values], min_values=k, max_values=k)]
        return [Select(verb=verb, placeholder=placeholder,
                       options=[(" ".join(a), self.label(" ".join([verb, *a]), lang, bare=True))
                                for a in arglists[:25]])]

    def sort_hand(self, hand: list[str], view: dict[str, Any]) -> list[str]:
        try:
            from bot.render import sort_hand
        except ImportError:  # pragma: no cover - the renderer is part of the package
            return hand
        return sort_hand(self.key, hand, view)

    def label(self, action: str, lang: str, *, bare: bool = False) -> str:
        verb, *args = action.split()
        text = "" if bare and args else tr(lang, VERB_LABELS.get(verb, verb))
        shown = " ".join(card_label(a) for a in args)
        return (f"{text} {shown}".strip())[:80]

    def move_text(self, action: str, view: dict[str, Any] | None, lang: str) -> str:
        """A move as a line says it (a hint, a replay), from the view before it where there is one: a card played is
        its card ("K♥"), anything else its label. Games whose labels need the table (a rummy's melds) override."""
        if verb_of(action) in self.card_verbs:
            return self.label(action, lang, bare=True)
        return self.label(action, lang)

    def style(self, verb: str) -> str:
        return "danger" if verb in DANGER else "primary" if verb in PRIMARY else "secondary"

    # -- text -------------------------------------------------------------------------------------
    def status(self, view: dict[str, Any], names: list[str], lang: str) -> str:
        """One line under the table image: whose turn and what is asked of them."""
        if view.get("over"):
            return tr(lang, "The match is over.")
        waiting = view.get("to_act") or []
        who = ", ".join(names[s] for s in waiting)
        return tr(lang, "Waiting for {who}.", who=who) if who else ""

    def table_state(self, view: dict[str, Any], names: list[str], lang: str, *,
                    settings: dict[str, Any] | None = None) -> list[str]:
        """The public table in words, for the table message shown as text where Discord refuses its picture
        (`TableMessages.table_text`): what the picture shows and neither the narration nor the status line says (a
        centre pile and its next rank, the staircase and the melds, each seat's cards and total), so that the game
        stays playable without it. `view` is the public view (`engine.view(None)`) and the only thing read: never a
        private view, never the engine (`settings`: the table's, for what only the table knows, such as the
        currency). Lines, what matters most first: where the message has no room for them all, the last give way
        (a seat's line, one per seat, usually comes last). Cards as `card_label` writes them (the table's
        `card_style` is in force). Default: each seat's cards in hand and total."""
        counts, totals = view.get("counts") or [], view.get("totals") or []
        return [seat_line(name, [count_cards(lang, counts[i]) if i < len(counts) else "",
                                 total_text(lang, totals[i]) if i < len(totals) else ""])
                for i, name in enumerate(names)]

    @staticmethod
    def actor(event: dict[str, Any], names: list[str]) -> str:
        """The name of the seat an event is about ("?" where it names none)."""
        seat = event.get("seat")
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    def narrate(self, event: dict[str, Any], names: list[str], lang: str) -> str | None:
        """A short public line for an event, or None. Private events are never narrated."""
        if "private" in event:
            return None
        kind = event.get("type")
        if kind == "trick" and "winner" in event:
            return tr(lang, "{name} takes the trick.", name=names[event["winner"]])
        if kind == "hand_scored":
            parts = [f"{names[s]} {signed_score(d)}" for s, d in enumerate(event.get("deltas", [])) if d]
            return tr(lang, "Hand {n} scored: {parts}.", n=event.get("hand_no", "?"),
                      parts=", ".join(parts) or "±0")
        if kind == "match_over":
            seats = event.get("winners", [])
            winners = ", ".join(names[s] for s in seats)
            if not seats:  # (every hand drawn)
                return tr(lang, "The match is over.")
            if len(seats) > 1:
                return tr(lang, "Match over. Winners: {names}.", names=winners)
            return tr(lang, "Match over. Winner: {names}.", names=winners)
        return None

    def narrate_events(self, events: list[dict[str, Any]], names: list[str], lang: str) -> list[str]:
        """The public lines for one move's events (the table message shows the last four).
        Default: a `narrate()` line per event; override to merge automatic steps into one line."""
        return [line for e in events if (line := self.narrate(e, names, lang))]

    def stale_note(self, view: dict[str, Any], lang: str) -> str | None:
        """What a player is told whose click came after another move changed their options (someone
        was faster), from the public view. None: the default, a note with a fresh hand message. With a
        note, a click in the DM is answered with the note alone (ephemeral): the move that was faster
        re-renders that DM anyway."""
        return None

    def hand_title(self, view: dict[str, Any], lang: str) -> str:
        return tr(lang, "Hand {n}", n=view.get("hand_no", 1))

    def lobby_note(self, table: Table, lang: str) -> str | None:
        """A line of the lobby under its seats, or None: what the host can do when the seats taken are a number of
        players the game is not played by with the table's options (Start is greyed out; nothing else says why)."""
        return None

    def hand_note(self, table: Any, seat: int, view: dict[str, Any], legal: list[str], lang: str,
                  deadline: float | None) -> str | None:
        """The line under the title of `seat`'s hand message while the table runs, or None for the default
        ("Your move." when the seat has legal actions, else the status line). `view` is that seat's view;
        `deadline` is when the turn timer runs out (Unix time) or None. Only seats whose legal actions,
        hand or phase changed are re-rendered, so a note must not name things that change without them."""
        return None

    def deck_style(self, settings: dict[str, Any]) -> str | None:
        return settings.get("deck")

    def card_deck(self, table: Table) -> str:
        """The deck a table's pictures show ("french"/"german"): its setting, else the game's default."""
        deck = self.deck_style(table.settings)
        if deck:
            return deck
        from bot.render import default_deck

        return default_deck(table.game)

    # -- pictures ---------------------------------------------------------------------------------
    def table_job(self, table: Any, view: dict[str, Any], lang: str) -> Callable[[], bytes]:
        """The job that draws the table picture from the public `view` (a snapshot): the renderer's picture as a
        `Drawing`, which may run in a drawing process; a game that overrides `table_image` gets that, in a thread."""
        if type(self).table_image is not GameUI.table_image:
            return lambda: self.table_image(table, view, lang)
        from bot.render import table_image

        return Drawing(table_image, table.game, view, list(table.names), deck=self.deck_style(table.settings),
                       four_colour=bool(table.settings.get("four_colour")), lang=lang)

    def table_image(self, table: Any, view: dict[str, Any], lang: str) -> bytes:
        """PNG of the table message from the public `view`. Default: the renderer's picture; override to
        show what only the table knows (its settings, such as a stake and its currency)."""
        from bot.render import table_image

        return table_image(table.game, view, table.names, deck=self.deck_style(table.settings),
                           four_colour=bool(table.settings.get("four_colour")), lang=lang)

    def score_sheet_job(self, table: Any, hands: list[dict[str, Any]], totals: list[int],
                        lang: str) -> Callable[[], bytes]:
        """The score sheet posted after a hand, as a drawing job for a drawing thread: `hands` (each with
        `deltas`) and `totals` as stored. What the job reads is gathered here, on the event loop, and copied.
        Default: the renderer's sheet. The stored rows hold only the points; what each deal was (its "Game"
        column: a Grand Hand, who went out, the loser) comes from the engine's own records of its hands."""
        from bot.render import score_sheet

        records = (table.engine.result().get("hands") or []) if table.engine is not None else []
        hands = [dict(records[i], deltas=h["deltas"]) if i < len(records) else h for i, h in enumerate(hands)]
        return partial(score_sheet, table.game, list(table.names), snapshot(hands), list(totals), lang=lang,
                       title=tr(lang, "{game} table #{id}", game=table.engine_cls.title, id=table.id))
