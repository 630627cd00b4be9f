"""How Rufmariasch looks at a Discord table. The rules live in `bot.games.rufmariasch`, the money in `bot.ledger`;
the commands (and the ledger's and the settlement's components) in `cogs.rufmariasch`.

The call: the forehand sees four cards and must name a trump suit and a card (`call T C`, 128 choices).
The hand message offers it as three menus that only note a draft (trump; called card ♣/♠; called card
♥/♦: at most 25 options a menu) and a Call button that sends the drafted action. Drafts live in memory,
per table and state version, and die with that state (any move, the turn timer's call, a restart):
nothing of a draft is a move.

Pictures: the table image shows the plates in points (money / stake, exact) and, underneath, a strip with
the stake and each player's money balance at this table, and the tricks per side once the sides are known.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import discord

from bot.games.cards import SUITS
from bot.games.rufmariasch import DECK_32, SORT_KEY
from bot.i18n import N_, normalize, tr
from bot.ledger import format_money
from bot.render.money import table_png
from bot.tables import Table, UserError
from bot.tables.model import RUNNING
from bot.ui import GameUI
from bot.ui.components import ActionButton
from bot.ui.drawing import Drawing
from bot.ui.errors import reply_error
from bot.ui.game_ui import (
    Controls,
    Custom,
    card_label,
    count_cards,
    count_tricks,
    seat_line,
    snapshot,
    style_deck,
    suit_label,
)
from bot.ui.suits import SUIT_TEXT

KEY = "rufmariasch"
STALE = "That button is from an earlier moment of the game; here is your current hand."
SUIT_WORDS = {  # German-suited name first (the default deck), the French one after it
    "C": (N_("Acorns"), N_("Clubs")), "S": (N_("Leaves"), N_("Spades")), "H": (N_("Hearts"), N_("Hearts")),
    "D": (N_("Bells"), N_("Diamonds")),
}
CARD_MENUS = {"cards1": ("C", "S"), "cards2": ("H", "D")}


def _suit(suit: str, lang: str) -> str:
    """"🌰 Acorns" on German cards, "♣ Clubs" on French ones: the suit as the table's deck shows it; outside a
    `card_style` the names of both decks ("♣ Acorns / Clubs"), so it reads whichever deck is shown."""
    deck = style_deck()
    names = SUIT_WORDS[suit] if deck is None else SUIT_WORDS[suit][:1] if deck == "german" else SUIT_WORDS[suit][1:]
    words = dict.fromkeys(tr(lang, w) for w in names)
    return f"{suit_label(suit)} {' / '.join(words)}"


def _and(names: list[str]) -> str:
    return " & ".join(names)


# -- persistent components ----------------------------------------------------------------------------------
class CallMenu(discord.ui.DynamicItem[discord.ui.Select[Any]],
               template=r"st:rm:d:(?P<table>\d+):(?P<version>\d+):(?P<part>trump|cards1|cards2)"):
    """One menu of the call (trump, or a called card of two suits): choosing only notes a draft."""

    def __init__(self, table_id: int, version: int, part: str, *,
                 options: list[tuple[str, str, str | None, bool]] | None = None, placeholder: str = "",
                 row: int | None = None):
        opts = [discord.SelectOption(label=label[:100], value=value, description=(desc or "")[:100] or None,
                                     default=chosen)
                for value, label, desc, chosen in options or []] or [discord.SelectOption(label="-", value="-")]
        super().__init__(discord.ui.Select(custom_id=f"st:rm:d:{table_id}:{version}:{part}",
                                           placeholder=placeholder[:150] or None, options=opts, row=row))
        self.table_id, self.version, self.part = table_id, version, part

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> CallMenu:
        return cls(int(match["table"]), int(match["version"]), match["part"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(v) for v in (interaction.data or {}).get("values", [])]  # type: ignore[union-attr]
        table_ui = interaction.client.table_ui  # type: ignore[attr-defined]
        try:
            ui = table_ui.games.get(KEY)
            if not isinstance(ui, RufmariaschUI):
                raise UserError("Table #{id} is not open any more.", id=self.table_id)
            await ui.on_draft(interaction, self.table_id, self.version, self.part, values)
        except Exception as exc:
            await reply_error(interaction, exc, table_id=self.table_id)


# -- presentation ----------------------------------------------------------------------------------------------
@dataclass
class Draft:
    """The forehand's call so far. Kept per (table, state version): any move (or a restart) drops it."""

    trump: str | None = None
    card: str | None = None


class RufmariaschUI(GameUI):
    key = KEY
    stakes = True
    live_cards = True  # the call stays in the caller's DM: it shows which cards are in their own hand

    def __init__(self, table_ui: Any = None) -> None:
        self.table_ui = table_ui
        self.drafts: dict[tuple[int, int], Draft] = {}

    # -- the call: drafts ------------------------------------------------------------------------------------
    def draft(self, table_id: int, version: int) -> Draft:
        """The draft of the call at this table in this state (only the forehand acts while it is open)."""
        d = self.drafts.get((table_id, version))
        if d is None:
            for key in [k for k in self.drafts if k[0] == table_id]:
                del self.drafts[key]  # an earlier state of this table
            d = self.drafts[(table_id, version)] = Draft()
        return d

    async def on_draft(self, interaction: discord.Interaction, table_id: int, version: int, part: str,
                       values: list[str]) -> None:
        table_ui = self.table_ui or interaction.client.table_ui  # type: ignore[attr-defined]
        table = table_ui.service.get(table_id)
        lang = normalize(interaction.locale)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("You are not seated at this table.")
        engine = table.engine
        if table.status != RUNNING or engine is None:
            raise UserError("Table #{id} is not running.", id=table.id)
        if version != table.version or seat not in engine.to_act() or engine.view(None)["phase"] != "call":
            await table_ui.show_hand(interaction, table_id, note="⚠️ " + tr(lang, STALE))
            return
        value = values[0] if values else ""
        d = self.draft(table.id, version)
        if part == "trump" and value in SUITS:
            d.trump = value
        elif part in CARD_MENUS and value in DECK_32:
            d.card = value
        else:
            raise UserError("Choose something first.")
        if interaction.message is not None and table_ui.delivery.too_old(interaction.message.id, interaction):
            # an hour-old message (the caller took long): an edit would meet Discord's limit on edits of old
            # messages (30046). A private "My hand" answer is followed by a fresh one with the draft; the hand DM is
            # deferred, and the hand with the draft comes as a fresh DM while the old one goes (send_hand)
            if interaction.message.flags.ephemeral:
                await table_ui.show_hand(interaction, table.id)
                return
            await table_ui.delivery.safe(interaction.response.defer())
            # under the table's lock, as every hand DM goes out: a batch on its way (the turn timer's move) would
            # otherwise replace the same hour-old DM too, leaving two fresh DMs with live menus; what fails is caught up
            await table_ui.delivery.redraw_hand(table, seat)
            return
        payload, _ = table_ui.hand_message(table, seat, lang)  # the picture is not drawn: it stays as it is
        payload.pop("filename", None)
        await interaction.response.edit_message(**payload)

    def controls(self, view: dict[str, Any], legal: list[str], lang: str, *, live: bool = False) -> Controls:
        """The call: three menus that note a draft and a Call button that sends it (built when the message
        is, with the table id and state version, so each shows the draft of this table in this state)."""
        if view.get("phase") != "call" or not legal:
            return super().controls(view, legal, lang, live=live)
        hand = set(view.get("hand") or [])
        out = Controls()
        out.items.append(Custom(make=lambda t, v: CallMenu(
            t, v, "trump", row=0, placeholder=tr(lang, "1. Trump suit …"),
            options=[(s, _suit(s, lang), None, s == self.draft(t, v).trump) for s in SUITS])))
        mine = tr(lang, "in your hand: you would play alone")
        for row, (part, suits) in enumerate(CARD_MENUS.items(), start=1):
            cards = sorted((c for c in DECK_32 if c[-1] in suits), key=SORT_KEY.__getitem__)
            shown = " ".join(suit_label(s) for s in suits)  # one card from either menu: the second says "or"
            holder = tr(lang, "2. Called card: {suits} …", suits=shown) if row == 1 else \
                tr(lang, "… or a called card: {suits} …", suits=shown)
            out.items.append(Custom(make=lambda t, v, p=part, cs=cards, r=row, ph=holder: CallMenu(
                t, v, p, row=r, placeholder=ph,
                options=[(c, card_label(c), mine if c in hand else None, c == self.draft(t, v).card) for c in cs])))
        out.items.append(Custom(make=lambda t, v: self._call_button(t, v, hand, legal, lang)))
        return out

    def _call_button(self, table_id: int, version: int, hand: set[str], legal: list[str], lang: str) -> ActionButton:
        d = self.draft(table_id, version)
        action = f"call {d.trump} {d.card}" if d.trump and d.card else None
        if action is None or action not in legal:
            return ActionButton(table_id, version, "call", label=tr(lang, "Call (choose trump and a card first)"),
                                style="success", disabled=True, row=3)
        fields = {"suit": _suit(d.trump or "", lang), "card": card_label(d.card or "")}
        label = (tr(lang, "Call {suit}, {card}: alone", **fields) if d.card in hand
                 else tr(lang, "Call {suit}, {card}", **fields))
        return ActionButton(table_id, version, action, label=label, style="success", row=3)

    def hand_note(self, table: Any, seat: int, view: dict[str, Any], legal: list[str], lang: str,
                  deadline: float | None) -> str | None:
        if view.get("phase") == "call" and legal:
            return tr(lang, "You see your first four cards. Choose the trump suit and the card that calls your "
                            "partner (whoever holds it after the deal); then press Call.")
        if view.get("phase") != "play" or view.get("revealed"):
            return None
        # private: this seat's own role, which nobody else learns before the called card is played or shown
        note = None
        if view.get("role") == "partner":
            note = tr(lang, "You hold the called card {card}: you are {name}'s silent partner.",
                      card=card_label(view.get("called") or ""), name=table.text_names[view["caller"]])
        elif view.get("role") == "caller" and view.get("alone"):
            note = tr(lang, "You hold the called card yourself: you play alone against three.")
        if note and legal and not self.live(table):  # a live hand is not redrawn when the turn comes round
            note += " " + tr(lang, "Your move.")
        return note

    # -- labels and text ---------------------------------------------------------------------------------------
    def label(self, action: str, lang: str, *, bare: bool = False) -> str:
        verb, *args = action.split()
        if verb == "announce" and args and args[0] in SUIT_TEXT:  # the cards as the deck names them (K O, K Q)
            return f"{tr(lang, 'Marriage')} {card_label('K' + args[0])} {card_label('Q' + args[0])}"[:80]
        if verb == "call" and len(args) == 2 and args[0] in SUIT_TEXT:  # (a hint's words: the call is menus)
            return tr(lang, "Trump {suit}, called {card}", suit=suit_label(args[0]), card=card_label(args[1]))[:80]
        return super().label(action, lang, bare=bare)

    def hand_title(self, view: dict[str, Any], lang: str) -> str:
        deals = view.get("deals") or view.get("options", {}).get("deals")
        title = (tr(lang, "Deal {n} of {total}", n=view.get("hand_no", 1), total=deals) if deals
                 else tr(lang, "Deal {n}", n=view.get("hand_no", 1)))
        if view.get("trump") and view.get("called"):
            title += " · " + tr(lang, "Trump {suit}, called {card}", suit=suit_label(view["trump"]),
                                card=card_label(view["called"]))
        return title

    def status(self, view: dict[str, Any], names: list[str], lang: str) -> str:
        if view.get("over"):
            return super().status(view, names, lang)
        who = ", ".join(names[s] for s in view.get("to_act", []))
        if view.get("phase") == "call":
            return tr(lang, "{who} looks at four cards and calls trump and a partner card.", who=who)
        trick = self.trick_words(view, names, lang)
        return tr(lang, "{who} is to play.", who=who) + (" " + trick if trick else "")

    def table_state(self, view: dict[str, Any], names: list[str], lang: str, *,
                    settings: dict[str, Any] | None = None) -> list[str]:
        """The last trick while the next one is played (the trick being played is in the status line, trump and the
        called card in the title), the sides and their card points once the called card has shown them, the
        marriages announced, and each seat as its plate: cards, tricks, card points, balance at this table and role.
        The partner is named only where the public view names him (`partner`, `sides`: once revealed)."""
        lines = []
        if view.get("trick") and (last := self.last_trick_words(view, names, lang)):
            lines.append(last)
        sides, by_side = view.get("sides"), view.get("points_by_side")
        if sides and by_side:
            lines.append(f"{tr(lang, 'Callers')} ({_and([names[s] for s in sides['callers']])}) "
                         f"{by_side.get('callers', 0)} : {by_side.get('defenders', 0)} {tr(lang, 'Defenders')} "
                         f"({_and([names[s] for s in sides['defenders']])})"
                         + (f" · {tr(lang, 'target')} {view['target']}" if view.get("target") else ""))
        if marriages := view.get("marriages"):
            lines.append(f"{tr(lang, 'Marriages')}: " + ", ".join(
                f"{names[m['seat']]} {' '.join(card_label(c) for c in m.get('cards') or [])} (+{m.get('points', 0)})"
                for m in marriages))
        currency = str((settings or {}).get("currency") or "")
        counts, tricks = view.get("counts") or [], view.get("tricks_won") or []
        points, totals = view.get("card_points") or [], view.get("totals") or []
        playing = view.get("phase") == "play"
        for i, name in enumerate(names):
            role = ""
            if i == view.get("caller"):
                role = tr(lang, "caller") + (f", {tr(lang, 'alone')}" if view.get("alone") else "")
            elif view.get("partner") == i:
                role = tr(lang, "partner")
            lines.append(seat_line(name, [
                count_cards(lang, counts[i]) if i < len(counts) else "",
                count_tricks(lang, tricks[i]) if playing and i < len(tricks) and tricks[i] else "",
                f"{points[i]} {tr(lang, 'pts')}" if playing and i < len(tricks) and tricks[i] and i < len(points) else "",
                format_money(int(totals[i]), currency, lang, signed=True) if i < len(totals) else "", role]))
        return lines

    def narrate(self, event: dict[str, Any], names: list[str], lang: str) -> str | None:
        if "private" in event:
            return None
        kind = event.get("type")
        if kind == "call":
            return tr(lang, "{name} calls {suit} as trump and the {card}: whoever holds it is the partner.",
                      name=names[event["seat"]], suit=suit_label(event["trump"]), card=card_label(event["card"]))
        if kind == "announce":
            return tr(lang, "{name} announces the marriage {cards} ({points}).", name=names[event["seat"]],
                      cards=" ".join(card_label(c) for c in event.get("cards", [])), points=event.get("points", 0))
        if kind == "partner_revealed":
            if event.get("alone"):
                return tr(lang, "{name} holds the called card: alone against three!", name=names[event["caller"]])
            return tr(lang, "{partner} is {caller}'s partner.", partner=names[event["partner"]],
                      caller=names[event["caller"]])
        if kind == "trick":
            cards = " ".join(card_label(c["card"]) for c in event.get("cards", []))
            return tr(lang, "{name} takes the trick ({cards}): {points} points.", name=names[event["winner"]],
                      cards=cards, points=event.get("points", 0))
        if kind == "hand_scored":
            fields = {"n": event.get("hand_no", "?"), "callers": _and([names[s] for s in event.get("callers", [])]),
                      "c": event.get("callers_total", 0), "d": event.get("defenders_total", 0),
                      "target": event.get("target", 0), "p": event.get("payment", 0) // max(1, event.get("stake", 1))}
            if len(event.get("callers", [])) == 1:  # the caller held the called card: alone against three
                if event.get("callers_win"):
                    return tr(lang, "Deal {n}: {callers} wins alone {c}:{d} (target {target}), a difference of {p} "
                                    "points.", **fields)
                return tr(lang, "Deal {n}: {callers} loses alone {c}:{d} (target {target}), a difference of {p} "
                                "points.", **fields)
            if event.get("callers_win"):
                return tr(lang, "Deal {n}: {callers} win {c}:{d} (target {target}), a difference of {p} points.",
                          **fields)
            return tr(lang, "Deal {n}: {callers} lose {c}:{d} (target {target}), a difference of {p} points.",
                      **fields)
        return super().narrate(event, names, lang)

    # -- pictures ------------------------------------------------------------------------------------------------
    def table_image(self, table: Table, view: dict[str, Any], lang: str) -> bytes:
        """The renderer's table in points, plus the money strip (stake, balances, tricks per side)."""
        return self.table_job(table, view, lang)()

    def table_job(self, table: Table, view: dict[str, Any], lang: str) -> Callable[[], bytes]:
        return Drawing(table_png, table.game, view, list(table.names), self.deck_style(table.settings),
                       bool(table.settings.get("four_colour")), str(table.settings.get("currency") or ""), lang)

    def score_sheet_job(self, table: Table, hands: list[dict[str, Any]], totals: list[int],
                        lang: str) -> Callable[[], bytes]:
        """The score sheet in points (money / stake): a Rufmariasch tally, not a column of cents."""
        import bot.render as render

        stake = int(table.options.get("stake") or 1)
        records = table.engine.result()["hands"] if table.engine is not None else []
        if len(records) == len(hands):  # the engine's records say what each deal was (caller, trump, score)
            hands = records

        def points(values: list[int]) -> list[int]:
            return [int(x) // stake for x in values]

        rows = []
        for h in hands:
            row = {**h, "deltas": points(h.get("deltas") or [])}
            if h.get("totals"):
                row["totals"] = points(h["totals"])
            rows.append(row)
        title = tr(lang, "{game} table #{id}", game=table.engine_cls.title, id=table.id) + " · " + tr(
            lang, "points × {stake}", stake=format_money(stake, str(table.settings.get("currency") or ""), lang))
        return partial(render.score_sheet, table.game, list(table.names), snapshot(rows), points(totals), title=title,
                       lang=lang)
