"""Treppenrommé's hand menus: a hand message that still works when a hand holds 30 or 40 cards. They turn
the engine's legal actions into Discord components and a menu choice back into a legal action; the words of
the table (status, narration, the table in text) are `cogs.ui.treppenromme`'s, the rules
`bot.games.treppenromme`'s.

The hand message (DM, or the ephemeral "My hand") of the player to act:

- Draw step: a **Draw** button (talon) and a **Take** menu, one option per legal `take K`, each naming the
  cards it brings, top card first ("Take 3: 7♥ A♣ 2♦"); more than 25 staircase cards give a second menu.
- Meld step:
  - **Finish** buttons: every legal action that leaves the hand empty (the last discard, the last lay-off,
    a meld of the whole hand). There is no separate "finish" move: a player has gone out when the hand is
    empty, and the engine then scores the hand at once.
  - **Meld** multi-selects listing only cards that appear in some legal meld (the union over
    `legal_actions`); the chosen cards are matched as a set to the legal meld with the same cards. When the
    union exceeds 25 cards, sequences (per suit) and sets (per rank) are packed into several menus.
    A whole suit (13 cards) has its own menu where the player chooses the low end (`meld … low R`).
  - **Lay off** menus: every legal `layoff C M [low|high]`, labelled with the meld's cards.
  - **Discard** menus: every hand card, 25 per menu. A card taken alone from the staircase is listed with a
    note; choosing it is answered with a translated reason (the engine forbids it).
  When all that needs more than Discord's five rows, the first row holds tabs and the other four rows the
  chosen tab's menus: Meld / Lay off / Discard, a kind split "1/2" when it needs more than four menus, and
  neighbours sharing one tab when their menus fit ("Meld · Lay off"). A tab click only re-draws the
  message (`TreppenrommeMenus.showing`); after any move the first tab is shown again.

Several menus of one kind and the tabs need their own persistent components (`TrSelect`, `TrPage`; the
generic ActionSelect allows one menu per verb): they reach the message through `bot.ui.game_ui.Custom`.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from typing import Any

import discord

from bot.i18n import N_, normalize, tr
from bot.tables import UserError
from bot.ui import GameUI
from bot.ui.errors import reply_error
from bot.ui.game_ui import (
    Button,
    Controls,
    Custom,
    card_label,
    card_style,
    suit_label,
)
from bot.ui.in_time import edit_in_time, send_in_time

KEY = "treppenromme"
MAX_OPTIONS = 25  # Discord: options per select menu
MAX_ROWS = 5  # Discord: action rows per message
MAX_LABEL = 100  # select option labels and descriptions
MAX_BUTTON_LABEL = 80
MAX_CUSTOM_ID = 100
TAB_ROWS = MAX_ROWS - 1  # rows under the tab row

SECTION_NAMES = {"meld": N_("Meld"), "lay": N_("Lay off"), "disc": N_("Discard")}
SUIT_ORDER = "CSHD"
RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def cards_text(cards: list[str]) -> str:
    return " ".join(card_label(c) for c in cards)


def _fit(text: str, limit: int = MAX_LABEL) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _short_run(cards: list[str], limit: int) -> str:
    """The cards as labels; long lists keep their first cards and the last one: `7♥ A♣ 2♦ … 9♠`."""
    full = cards_text(cards)
    if len(full) <= limit:
        return full
    head: list[str] = []
    tail = " … " + card_label(cards[-1])
    for c in cards[:-1]:
        if len(" ".join([*head, card_label(c)])) + len(tail) > limit:
            break
        head.append(card_label(c))
    return " ".join(head) + tail


def short_meld(meld: dict[str, Any]) -> str:
    """A meld on the table by its number, a run as its two ends: "#1 5♥–9♥" (its cards low to high, "Q♥–2♥" over
    the Ace), a set card by card: "#2 7♣ 7♠ 7♦"."""
    cards = list(meld.get("cards") or [])
    shown = f"{card_label(cards[0])}–{card_label(cards[-1])}" if meld.get("kind") == "seq" and len(cards) > 2 \
        else cards_text(cards)
    return f"#{meld.get('id', '?')} {shown}"


def _chunks(items: list[Any], size: int = MAX_OPTIONS) -> list[list[Any]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


# -- persistent components ----------------------------------------------------------------------------------
class TrSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
               template=r"st:tr:s:(?P<table>\d+):(?P<version>\d+):(?P<key>[a-z]+\d*)"):
    """A Treppenrommé menu. Its option values are whole actions (`take 3`, `layoff 7H 2 low`), except in a
    meld menu (key `meld…`), whose values are cards that together make the meld."""

    def __init__(self, table_id: int, version: int, key: str, *,
                 options: list[tuple[str, str, str | None]] | None = None, placeholder: str = "",
                 min_values: int = 1, max_values: int = 1, row: int | None = None):
        opts = [discord.SelectOption(label=_fit(label), value=value, description=_fit(desc) if desc else None)
                for value, label, desc in options or []] or [discord.SelectOption(label="-", value="-")]
        super().__init__(discord.ui.Select(
            custom_id=f"st:tr:s:{table_id}:{version}:{key}", placeholder=_fit(placeholder, 150) or None,
            min_values=min(min_values, len(opts)), max_values=min(max_values, len(opts)), options=opts, row=row))
        self.table_id, self.version, self.key = table_id, version, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TrSelect:
        return cls(int(match["table"]), int(match["version"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(v) for v in (interaction.data or {}).get("values", [])]  # type: ignore[union-attr]
        table_ui = interaction.client.table_ui  # type: ignore[attr-defined]
        try:
            if not values:
                raise UserError("Choose something first.")
            action = "meld " + " ".join(values) if self.key.startswith("meld") else values[0]
            table = table_ui.service.get(self.table_id)
            seat = table.seat_of(interaction.user.id)
            ui = table_ui.game_ui(table)
            if (seat is not None and table.engine is not None and isinstance(ui, TreppenrommeMenus)
                    and self.version >= table.seats[seat].last_change):  # a stale menu: the framework says so
                lang = normalize(interaction.locale)
                with card_style(ui.card_deck(table), lang):  # a card it names, as the hand's buttons name it
                    action = ui.resolve(action, table.engine.view(seat), table.engine.legal_actions(seat), lang)
        except Exception as exc:
            await reply_error(interaction, exc, table_id=self.table_id)
            return
        await table_ui.on_action(interaction, self.table_id, self.version, action)


class TrPage(discord.ui.DynamicItem[discord.ui.Button[Any]],
             template=r"st:tr:p:(?P<table>\d+):(?P<version>\d+):(?P<page>[a-z]+\d+)"):
    """A tab of a long hand's controls: shows another page of menus, changes nothing at the table."""

    def __init__(self, table_id: int, version: int, page: str, *, label: str = "", current: bool = False,
                 row: int | None = None):
        super().__init__(discord.ui.Button(
            label=_fit(label or page, MAX_BUTTON_LABEL), custom_id=f"st:tr:p:{table_id}:{version}:{page}",
            style=discord.ButtonStyle.primary if current else discord.ButtonStyle.secondary, disabled=current,
            row=row))
        self.table_id, self.version, self.page = table_id, version, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TrPage:
        return cls(int(match["table"]), int(match["version"]), match["page"])

    async def callback(self, interaction: discord.Interaction) -> None:
        since = time.monotonic()  # the click reached the bot: Discord's 3 s run (bot/ui/in_time.py)
        table_ui = interaction.client.table_ui  # type: ignore[attr-defined]
        try:
            table = table_ui.service.get(self.table_id)
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise UserError("You are not seated at this table.")
            if table.engine is None:
                raise UserError("The game has not started yet.")
            ui = table_ui.game_ui(table)
            with ui.showing(self.page) if isinstance(ui, TreppenrommeMenus) else contextlib.nullcontext():
                payload, job = table_ui.hand_message(table, seat, normalize(interaction.locale))

            async def drawing() -> dict[str, Any]:
                # the picture is drawn in the bot's drawing thread for replies, not on the event loop
                return table_ui.with_picture(payload, await table_ui.draw(job, reply=True) if job else None)

            old = interaction.message is not None and table_ui.delivery.too_old(interaction.message.id, interaction)
            if old:  # an hour-old DM is not edited (Discord limits that): the page comes as a private reply
                await send_in_time(interaction, drawing(), since=since)
            else:
                await edit_in_time(interaction, drawing(), since=since)  # a late picture: acknowledged, then shown
        except Exception as exc:
            await reply_error(interaction, exc, table_id=self.table_id)


DYNAMIC_ITEMS = (TrSelect, TrPage)


# -- the hand's menus ---------------------------------------------------------------------------------------
class TreppenrommeMenus(GameUI):
    """The controls of a Treppenrommé hand, the labels its options and buttons carry, and what a choice means."""

    def __init__(self) -> None:
        self._page: str | None = None  # set only while a tab click re-draws the hand (synchronously)

    @contextlib.contextmanager
    def showing(self, page: str) -> Iterator[None]:
        self._page = page
        try:
            yield
        finally:
            self._page = None

    # -- controls -------------------------------------------------------------------------------------------
    def controls(self, view: dict[str, Any], legal: list[str], lang: str) -> Controls:
        if not legal:
            return Controls()
        if view.get("turn_step") == "draw":
            return self._draw_controls(view, legal, lang)
        return self._meld_controls(view, legal, lang)

    def _draw_controls(self, view: dict[str, Any], legal: list[str], lang: str) -> Controls:
        out = Controls()
        talon = int(view.get("talon_count") or 0)
        if "draw" in legal:
            stairs_left = len(view.get("staircase") or [])
            if talon:
                label = tr(lang, "Draw from the talon ({n} left)", n=talon)
            elif view.get("rebuilt") or stairs_left < 2:  # the engine ends the hand then (no talon to rebuild)
                label = tr(lang, "Draw: the talon is used up, this ends the hand")
            else:
                label = tr(lang, "Draw (the staircase becomes the talon)")
            out.items.append(Button(action="draw", label=label, style="primary", row=0))
        stairs = list(view.get("staircase") or [])
        takes = [int(a.split()[1]) for a in legal if a.startswith("take ")]
        options = []
        for k in takes:
            brought = list(reversed(stairs[-k:])) if k <= len(stairs) else []
            prefix = tr(lang, "Take {k}:", k=k) + " "
            label = prefix + _short_run(brought, MAX_LABEL - len(prefix))
            desc = tr(lang, "down to {card}", card=card_label(brought[-1])) if k > 1 and brought else None
            options.append((f"take {k}", label, desc))
        chunks = _chunks(options)
        for i, chunk in enumerate(chunks[:MAX_ROWS - 1]):
            if len(chunks) == 1:
                placeholder = tr(lang, "…or take cards from the staircase")
            else:
                placeholder = tr(lang, "Take {lo}–{hi} staircase cards", lo=chunk[0][0].split()[1],
                                 hi=chunk[-1][0].split()[1])
            out.items.append(self._at_row(self._select(f"take{i}", chunk, placeholder), i + 1))
        return out

    def _meld_controls(self, view: dict[str, Any], legal: list[str], lang: str) -> Controls:
        hand = self.sort_hand(list(view.get("hand") or []), view)
        order = {c: i for i, c in enumerate(hand)}
        melds = {a: a.split()[1:] for a in legal if a.startswith("meld ")}
        plain = {a: cards for a, cards in melds.items() if "low" not in cards}
        whole_suit = [a for a, cards in melds.items() if "low" in cards]
        layoffs = [a for a in legal if a.startswith("layoff ")]
        discards = {a.split()[1] for a in legal if a.startswith("discard ")}
        melds_view = {m["id"]: m for m in view.get("melds") or []}

        finish = [a for a in legal if self._empties_hand(a, len(hand))]
        finish_buttons = []
        for action in finish:
            if len(f"st:a:{2**63}:{10**9}:{action}") > MAX_CUSTOM_ID:
                continue
            label = tr(lang, "Finish: {move}", move=self.describe(action, melds_view, lang))
            finish_buttons.append(Button(action=action, label=_fit(label, MAX_BUTTON_LABEL), style="success", row=0))

        sections: list[tuple[str, list[Custom]]] = []
        meld_items: list[Custom] = []
        groups = self._meld_groups(list(plain.values()), order)
        for i, (suits, ranks, cards) in enumerate(groups):
            placeholder = tr(lang, "Meld: pick 3 or more cards")
            if len(groups) > 1:
                parts = ([tr(lang, "runs in {suits}", suits=" ".join(suits))] if suits else []) + (
                    [tr(lang, "sets of {ranks}", ranks=" ".join(ranks))] if ranks else [])
                placeholder += f" ({' · '.join(parts)})"
            options = [(c, card_label(c), None) for c in cards]
            meld_items.append(self._select(f"meld{i}", options, placeholder, min_values=3, max_values=len(options)))
        by_suit: dict[str, list[tuple[str, str, str | None]]] = {}
        for a in whole_suit:  # a whole suit in hand: one menu per suit, an option per low end
            cards = melds[a][:-2]
            by_suit.setdefault(cards[0][-1], []).append(
                (a, tr(lang, "{first} up to {last}", first=card_label(cards[0]), last=card_label(cards[-1])), None))
        for suit in sorted(by_suit, key=SUIT_ORDER.index):
            meld_items.append(self._select(f"low{SUIT_ORDER.index(suit)}", by_suit[suit], tr(
                lang, "Meld all 13 {suit}: where does it start?", suit=suit_label(suit))))
        if meld_items:
            sections.append(("meld", meld_items))
        lay_options = [(a, self._layoff_label(a, melds_view, lang), tr(lang, "onto meld {id}", id=a.split()[2]))
                       for a in layoffs]
        lay_chunks = _chunks(lay_options)
        lay_items = [self._select(f"lay{i}", chunk, tr(lang, "Lay off a card onto a meld"))
                     for i, chunk in enumerate(lay_chunks)]
        if lay_items:
            sections.append(("lay", lay_items))
        forbidden = view.get("taken_single")
        disc_options = []
        for c in hand:
            if c in discards:
                disc_options.append((f"discard {c}", card_label(c), None))
            elif c == forbidden:
                disc_options.append((f"discard {c}", tr(lang, "{card} (taken alone: keep it this turn)",
                                                        card=card_label(c)), None))
        disc_chunks = _chunks(disc_options)
        disc_items = []
        for i, chunk in enumerate(disc_chunks):
            placeholder = tr(lang, "Discard a card and end your turn")
            if len(disc_chunks) > 1:
                placeholder += f" ({card_label(chunk[0][0].split()[1])} … {card_label(chunk[-1][0].split()[1])})"
            disc_items.append(self._select(f"disc{i}", chunk, placeholder))
        if disc_items and not (len(hand) == 1 and finish_buttons):
            sections.append(("disc", disc_items))
        return self._layout(finish_buttons, sections, lang)

    def _layout(self, buttons: list[Button], sections: list[tuple[str, list[Custom]]], lang: str) -> Controls:
        """Everything in order if it fits in five rows; else a tab row and the chosen tab's menus."""
        out = Controls()
        button_rows = 1 if buttons else 0
        if button_rows + sum(len(items) for _, items in sections) <= MAX_ROWS:
            out.items.extend(buttons[:5])
            row = button_rows
            for _, items in sections:
                for item in items:
                    out.items.append(self._at_row(item, row))
                    row += 1
            return out
        parts: list[tuple[str, str, list[Custom]]] = []  # (page id, tab label, items)
        for name, items in sections:
            chunks = _chunks(items, TAB_ROWS)
            for i, chunk in enumerate(chunks):
                label = tr(lang, SECTION_NAMES[name]) + (f" {i + 1}/{len(chunks)}" if len(chunks) > 1 else "")
                parts.append((f"{name}{i}", label, chunk))
        pages: list[tuple[str, str, list[Custom]]] = []  # neighbours share a tab when their menus fit
        for part in parts:
            if pages and len(pages[-1][2]) + len(part[2]) <= TAB_ROWS:
                page_id, label, page_items = pages[-1]
                pages[-1] = (page_id, f"{label} · {part[1]}", page_items + part[2])
            else:
                pages.append(part)
        if len(pages) > 5:  # cannot happen with one deck; keep the discard tab in any case
            pages = pages[:4] + pages[-1:]
        current = next((p for p in pages if p[0] == self._page), pages[0])
        for page_id, label, _ in pages:
            out.items.append(Custom(make=lambda t, v, p=page_id, lb=label: TrPage(
                t, v, p, label=lb, current=p == current[0], row=0)))
        out.items.extend(buttons[:5 - len(pages)])
        for row, item in enumerate(current[2], start=1):
            out.items.append(self._at_row(item, row))
        return out

    @staticmethod
    def _select(key: str, options: list[tuple[str, str, str | None]], placeholder: str, *, min_values: int = 1,
                max_values: int = 1) -> Custom:
        def make(table_id: int, version: int, row: int | None = None) -> TrSelect:
            return TrSelect(table_id, version, key, options=options, placeholder=placeholder,
                            min_values=min_values, max_values=max_values, row=row)
        return Custom(make=make)

    @staticmethod
    def _at_row(item: Custom, row: int) -> Custom:
        make = item.make
        return Custom(make=lambda t, v: make(t, v, row))

    @staticmethod
    def _empties_hand(action: str, hand_size: int) -> bool:
        verb, *args = action.split()
        if verb in ("discard", "layoff"):
            return hand_size == 1
        return verb == "meld" and "low" not in args and len(args) == hand_size

    @staticmethod
    def _meld_groups(melds: list[list[str]], order: dict[str, int]) -> list[tuple[list[str], list[str], list[str]]]:
        """The cards of the legal melds in menus of at most 25: one menu when they fit, else sequences per
        suit and sets per rank packed in that order. Returns (suits of the sequences, ranks of the sets,
        cards in hand order) per menu."""
        units: dict[tuple[int, int], set[str]] = {}
        for cards in melds:
            if len({c[:-1] for c in cards}) == 1:
                key = (1, RANK_ORDER.index(cards[0][:-1]))
            else:
                key = (0, SUIT_ORDER.index(cards[0][-1]))
            units.setdefault(key, set()).update(cards)
        groups: list[tuple[list[str], list[str], set[str]]] = []
        for (kind, idx), cards in sorted(units.items()):
            if not groups or len(groups[-1][2] | cards) > MAX_OPTIONS:
                groups.append(([], [], set()))
            suits, ranks, held = groups[-1]
            (ranks if kind else suits).append(RANK_ORDER[idx] if kind else suit_label(SUIT_ORDER[idx]))
            held.update(cards)
        return [(suits, ranks, sorted(held, key=lambda c: (order.get(c, 99), c))) for suits, ranks, held in groups]

    # -- labels -------------------------------------------------------------------------------------------------
    def _meld_cards(self, meld: dict[str, Any] | None, limit: int = 40) -> str:
        if not meld:
            return "?"
        cards = list(meld.get("cards") or [])
        if len(cards) <= 5:
            return cards_text(cards)
        return _fit(f"{card_label(cards[0])} … {card_label(cards[-1])} ({len(cards)})", limit)

    def _layoff_label(self, action: str, melds: dict[int, dict[str, Any]], lang: str) -> str:
        _, card, mid, *end = action.split()
        meld = melds.get(int(mid))
        label = f"{card_label(card)} → {self._meld_cards(meld)}"
        if end:
            label += " · " + (tr(lang, "low end") if end[0] == "low" else tr(lang, "high end"))
        return label

    def describe(self, action: str, melds: dict[int, dict[str, Any]], lang: str) -> str:
        verb, *args = action.split()
        if verb == "discard":
            return tr(lang, "discard {card}", card=card_label(args[0]))
        if verb == "layoff":
            return tr(lang, "lay off {move}", move=self._layoff_label(action, melds, lang))
        if verb == "meld":
            return tr(lang, "meld {cards}", cards=_short_run([a for a in args if a != "low"][:13], 60))
        return self.label(action, lang)

    # -- resolving a menu choice ----------------------------------------------------------------------------
    def resolve(self, action: str, view: dict[str, Any], legal: list[str], lang: str) -> str:
        """The legal action a menu choice stands for. A choice that is not legal goes to the engine, which
        gives the reason, except where a translated explanation reads better."""
        if action in legal:
            return action
        verb, *args = action.split()
        if verb == "meld":
            chosen = sorted(args)
            for candidate in legal:
                v, *cards = candidate.split()
                if v == "meld" and "low" not in cards and sorted(cards) == chosen:
                    return candidate
            if any(a.startswith("meld ") and "low" in a.split() and sorted(a.split()[1:-2]) == chosen
                   for a in legal):
                raise UserError("A whole suit of 13 cards has no single low end: choose where it starts in "
                                "the menu “Meld all 13”.")
        if verb == "discard" and args and args[0] == view.get("taken_single"):
            raise UserError("You took {card} alone from the staircase, so you may not discard it this turn. "
                            "Discard another card, or meld it or lay it off.", card=card_label(args[0]))
        return action
