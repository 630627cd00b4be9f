"""Schieberamsch at a Discord table: `/schieberamsch new` and how its moves look. The rules live in
`bot.games.schieberamsch`."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.i18n import N_, tr
from bot.ui import GameUI
from bot.ui.game_ui import card_label, signed_score
from bot.ui.options import DECK_CHOICES, TIMER_RANGE, table_settings

PHASE_ASK = {
    "grand": N_("{who}: Grand Hand or pass?"),
    "schieben": N_("{who}: take the skat or push it?"),
    "discard": N_("{who} is putting two cards back."),
    "kontra": N_("{who}: Kontra?"),
    "rekontra": N_("{who}: Rekontra?"),
    "play": N_("{who} to play."),
}


class SchieberamschUI(GameUI):
    key = "schieberamsch"
    table_verbs = frozenset({"pass", "grand", "push", "take", "kontra", "rekontra"})  # said out loud at a table
    live_cards = True

    def hand_note(self, table: Any, seat: int, view: dict[str, Any], legal: list[str], lang: str,
                  deadline: float | None) -> str | None:
        """After taking the skat: which two cards came from it, and what to do (its hand shows twelve cards)."""
        if view.get("phase") == "discard" and view.get("skat"):
            return tr(lang, "You took {cards} from the skat: put two cards back with the Put back menu.",
                      cards=" ".join(card_label(c) for c in view["skat"]))
        return None

    def status(self, view: dict[str, Any], names: list[str], lang: str) -> str:
        if view.get("over"):
            return super().status(view, names, lang)
        who = ", ".join(names[s] for s in view.get("to_act", []))
        parts = [tr(lang, PHASE_ASK.get(view.get("phase", ""), "{who}"), who=who)]
        if trick := self.trick_words(view, names, lang):
            parts.append(trick)
        if view.get("mode") == "grand" and view.get("solo") is not None:
            parts.append(tr(lang, "Grand Hand by {name}.", name=names[view["solo"]]))
        elif view.get("pushes"):
            parts.append(tr(lang, "Pushed {n}× (×{m}).", n=view["pushes"], m=view.get("multiplier", 1)))
        return " ".join(parts)

    def hand_title(self, view: dict[str, Any], lang: str) -> str:
        deals = view.get("options", {}).get("deals")
        if deals:
            return tr(lang, "Deal {n} of {total}", n=view.get("hand_no", 1), total=deals)
        return tr(lang, "Deal {n}", n=view.get("hand_no", 1))

    def label(self, action: str, lang: str, *, bare: bool = False) -> str:
        if action.startswith("pass"):
            return tr(lang, "Pass")
        verb, *cards = action.split()
        if verb == "discard":  # the two cards laid back, as their menu says: Skat's "drücken", not rummy's discard
            shown = " ".join(card_label(c) for c in cards)  # (named by a hint: "Put back A♥ 10♥")
            return shown if bare and cards else f"{tr(lang, 'Put back')} {shown}".strip()
        return super().label(action, lang, bare=bare)

    def narrate(self, event: dict[str, Any], names: list[str], lang: str) -> str | None:
        kind = event.get("type")
        if "private" in event:
            return None
        if kind == "grand_hand":
            return tr(lang, "{name} plays Grand Hand!", name=names[event["seat"]])
        if kind == "push":
            return tr(lang, "{name} pushes the skat.", name=names[event["seat"]])
        if kind == "take":
            return tr(lang, "{name} takes the skat.", name=names[event["seat"]])
        if kind in ("kontra", "rekontra"):  # the words of the buttons ("Re" in German, "Contra" in Romanian)
            return f"{names[event['seat']]}: {tr(lang, 'Kontra' if kind == 'kontra' else 'Rekontra')}!"
        if kind == "trick":
            cards = " ".join(card_label(c["card"]) for c in event.get("cards", []))
            return tr(lang, "{name} takes the trick ({cards}).", name=names[event["winner"]], cards=cards)
        if kind == "hand_scored":  # "Deal", as in the title ("Deal 2 of 12") and the picture
            parts = [f"{names[s]} {signed_score(d)}" for s, d in enumerate(event.get("deltas", [])) if d]
            points = event.get("points") or []
            if len(points) == len(names):  # what each took, so that a player can check the deal's result
                return tr(lang, "Deal {n} scored: {parts} (card points: {points}).", n=event.get("hand_no", "?"),
                          parts=", ".join(parts) or "±0",
                          points=", ".join(f"{names[s]} {p}" for s, p in enumerate(points)))
            return tr(lang, "Deal {n} scored: {parts}.", n=event.get("hand_no", "?"), parts=", ".join(parts) or "±0")
        return super().narrate(event, names, lang)


SKAT_TO_CHOICES = [app_commands.Choice(name=_T("The last trick's winner"), value="last_trick"),
                   app_commands.Choice(name=_T("The loser (most card points)"), value="loser")]
GH_DEALER_CHOICES = [app_commands.Choice(name=_T("The next player"), value="rotate"),
                     app_commands.Choice(name=_T("The same dealer again"), value="same")]


class Schieberamsch(commands.Cog):
    group = app_commands.Group(name="schieberamsch", description=_T("Schieberamsch: Skat's Ramsch for three"),
                               guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        bot.table_ui.register(SchieberamschUI())  # type: ignore[attr-defined]

    @group.command(name=_T("new"), description=_T("Open a Schieberamsch table for three players"))
    @app_commands.describe(deals=_T("Deals in the series, a multiple of 3 (default 12)"),
                           target=_T("End the series when a total reaches this"),
                           deck=_T("Card faces: German (default) or French"),
                           jacks_in_skat=_T("May Jacks be put into the skat? (default yes)"),
                           skat_to=_T("Who gets the skat's points in a Ramsch (default: the last trick's winner)"),
                           gh_dealer=_T("Who deals after a Grand Hand (default: the next player, as always)"),
                           turn_timer=_T("Seconds per move before the bot plays for you (default 300)"),
                           lit_cards=_T("Light up only the cards you may play (your hand is redrawn every turn)"))
    @app_commands.choices(deck=DECK_CHOICES, skat_to=SKAT_TO_CHOICES, gh_dealer=GH_DEALER_CHOICES)
    async def new(self, interaction: discord.Interaction,
                  deals: app_commands.Range[int, 3, 99] = 12, target: app_commands.Range[int, 10, 10000] | None = None,
                  deck: app_commands.Choice[str] | None = None, jacks_in_skat: bool = True,
                  skat_to: app_commands.Choice[str] | None = None, gh_dealer: app_commands.Choice[str] | None = None,
                  turn_timer: TIMER_RANGE = 300, lit_cards: bool = False) -> None:
        lang = interaction.locale
        if deals % 3:
            await interaction.response.send_message(
                tr(lang, "The number of deals must be a multiple of 3, so everyone deals equally often."),
                ephemeral=True)
            return
        options: dict[str, Any] = {"deals": deals, "jacks_in_skat": jacks_in_skat}
        for key, picked in (("skat_to", skat_to), ("gh_dealer", gh_dealer)):  # the house rules docs/rules names
            if picked is not None:
                options[key] = picked.value
        if target is not None:
            options["target"] = target
        await self.bot.table_ui.open_table(  # type: ignore[attr-defined]
            interaction, "schieberamsch", options=options, settings=table_settings(deck, turn_timer, lit_cards))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Schieberamsch(bot))
