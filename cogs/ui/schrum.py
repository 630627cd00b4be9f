"""How Schrum Schrum and Tač look at a Discord table: the engines' legal actions as buttons, their events as
lines. The rules live in `bot.games.schrum` and `.tac`; the command is `cogs.schrum`.

Schrum Schrum and Tač
- Nobody holds a hand: the talons are face down even for their owner. The table image shows every talon size,
  every reserve (Open pile) top, the centre and the exposed card. The player to act gets, in his DM, the
  exposed card and one button per legal destination: "Centre (on 8♦)", "Onto bob's reserve (9♠)", and in Tač
  "Onto my own Open pile (a miss)". There is no hand picture (the private view's hand is empty).
- A move runs the engine's automatic steps (cards without destination go onto their owner's reserve, turns
  pass, reserves are turned over): the table message tells them in one short log line.
- The piles are named as each variant's rules page names them (docs/rules/schrum.md, tac.md), in the log, the
  buttons and the DM notes as in the picture: Schrum Schrum's talon and reserve, Tač's Closed and Open pile.
  `SchrumUI.WORDS` holds the sentences that name them; `TacUI` overrides it.
- Tač: after a miss the engine keeps a window open until the next player exposes a card. The DMs of the
  other players get a "Tač!" button (the framework re-renders a DM whose legal actions change) and lose it
  when the window closes. The next player sees "Tač!" next to "Expose my next card". There is no extra
  delay before he may expose: every other player gives the offender a card when Tač! is called, the next
  player too, so he gains nothing by hurrying past a miss; and a delay would need a server-side clock the
  framework does not have. "Pass" (the engine's "I will not call") is not shown: nobody has to press it, the
  turn timer waits only for the next player (`Tac.waiting_for`).
- Once Tač! is called, every player who can give the offender a card gets "Give a card" and "Keep my card" in
  his DM (the original text: each *may* give). The turn timer gives for an absent player.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, command_name, tr
from bot.tables import Table
from bot.ui import GameUI
from bot.ui.game_ui import Button, Controls, card_label, count_cards, rank_label, seat_line, total_text

MAX_BUTTONS = 25  # Discord: five rows of five
MAX_LABEL = 80
LOG_CHARS = 300  # the longest narrated line; older steps give way to newer ones


def card_text(card: str | None) -> str:
    """`"10H"` -> `"10♥"`; the second deck's `"7H#2"` -> `"7♥'"`, as the rules and the engine's reasons write it
    (both copies play alike, but two buttons "7♥" side by side look like one card shown twice). Within a
    `card_style` the card is written as the table's pictures show it, as in the other games: `"U🌰"` on German
    cards, `"B♣"` on French cards in German."""
    if not card:
        return "–"
    base, _, copy = card.partition("#")
    return card_label(base) + ("'" if copy else "")


def cards(lang: str, n: int) -> str:
    """"1 card" / "7 cards" (German has the same two forms)."""
    return count_cards(lang, n)


def _hand_title(view: dict[str, Any], lang: str) -> str:
    total = (view.get("options") or {}).get("hands", 1)
    n = view.get("hand_no", 1)
    if total and total > 1:
        return tr(lang, "Hand {n} of {total}", n=n, total=total)
    return tr(lang, "Hand {n}", n=n)


def label_naming(lang: str, msgid: str, name: str, **fields: Any) -> str:
    """A button label naming a player, at most MAX_LABEL characters: a name too long for it loses its middle
    ("龍虎…金 (__…_3)"), not the label's end. A display name the pictures cannot draw comes with its username
    (bot.ui.seating.seat_name), up to 67 characters; cut at the end, "Auf den offenen Stapel von {name} ({card})"
    lost its card and the username's end, and two players of the same display name had the same button."""
    label = tr(lang, msgid, name=name, **fields)
    room = MAX_LABEL - (len(label) - len(name))  # the characters the name may have
    if len(label) <= MAX_LABEL or room < 5:
        return label[:MAX_LABEL]
    tail = (room - 1) // 2
    return tr(lang, msgid, name=name[:room - 1 - tail] + "…" + name[len(name) - tail:], **fields)


def _join(fragments: list[str]) -> str:
    """One log line of fragments; when too long, the oldest steps give way."""
    line = " · ".join(fragments)
    while len(fragments) > 1 and len(line) > LOG_CHARS:
        fragments = fragments[1:]
        line = "… " + " · ".join(fragments)
    return line[:LOG_CHARS + 20]


def _timer(deadline: float | None) -> str:
    return f" ⏱ <t:{int(deadline)}:R>" if deadline else ""


class StepLog(GameUI):
    """What the three games share: "Hand n of m" and one log line for all the steps of a move."""

    hand_image = False

    def hand_title(self, view: dict[str, Any], lang: str) -> str:
        return _hand_title(view, lang)

    def step(self, event: dict[str, Any], names: list[str], lang: str) -> str | None:
        """A short fragment for one event of a move, or None."""
        return None

    def narrate(self, event: dict[str, Any], names: list[str], lang: str) -> str | None:
        if "private" in event:
            return None
        if event.get("type") == "deal":
            return tr(lang, "Hand {n}: new cards, {name} deals.", n=event["hand_no"], name=names[event["dealer"]])
        return self.step(event, names, lang) or super().narrate(event, names, lang)

    def routine(self, event: dict[str, Any]) -> bool:
        """A step that only matters in bulk (a card that fits nowhere): three or more in a row are counted."""
        return False

    def run_text(self, n: int, lang: str) -> str:
        """The fragment that counts `n` routine steps in a row."""
        return cards(lang, n)

    def narrate_events(self, events: list[dict[str, Any]], names: list[str], lang: str) -> list[str]:
        lines: list[str] = []
        fragments: list[str] = []
        run: list[str] = []  # fragments of consecutive routine steps

        def close_run() -> None:
            if len(run) >= 3:
                fragments.append(self.run_text(len(run), lang))
            else:
                fragments.extend(run)
            run.clear()

        for event in events:
            if "private" in event:
                continue
            fragment = self.step(event, names, lang)
            if fragment:
                if self.routine(event):
                    run.append(fragment)
                else:
                    close_run()
                    fragments.append(fragment)
                continue
            line = self.narrate(event, names, lang)
            if line:  # a hand ends or starts: close the log line of the steps so far
                close_run()
                if fragments:
                    lines.append(_join(fragments))
                    fragments = []
                lines.append(line)
        close_run()
        if fragments:
            lines.append(_join(fragments))
        return lines


# -- Schrum Schrum and Tač ------------------------------------------------------------------------------
ORDER = {"tac": 0, "give": 0, "centre": 1, "onto": 2, "keep": 3, "expose": 4, "decline": 5}  # the call first


class SchrumUI(StepLog):
    """Schrum Schrum: destination buttons, a one-line log of the automatic steps."""

    key = "schrum"
    # The sentences that name a seat's piles, in the rules page's words: Schrum Schrum's face-down *talon* and
    # face-up *reserve* (docs/rules/schrum.md, the option reserve_rule, the picture's labels); TacUI has Tač's.
    WORDS: dict[str, str] = {
        "onto": N_("Onto {name}'s reserve ({card})"),
        "to_own": N_("{name} {card} → own reserve"),
        "turnover": N_("{name} turns the reserve over as new talon ({count})"),
        "run": N_("{n} cards fit nowhere, onto their own reserves"),
        "ended": N_("Your last turn ended when your {card} fitted nowhere and went onto your reserve. Your "
                    "buttons appear here when it is your turn again."),
        "piles": N_("talon {talon} · reserve {reserve}"),
    }

    def hand_controls(self, view: dict[str, Any], legal: list[str], lang: str, *, table: Table,
                      seat: int) -> Controls:
        names = table.names
        out = Controls()
        centre = view.get("centre") or {}
        tops = view.get("reserve_tops") or []
        for action in sorted(legal, key=lambda a: ORDER.get(a.split()[0], 9)):
            verb, *args = action.split()
            if verb == "centre":
                top = centre.get("top")
                label = (tr(lang, "Centre (on {card})", card=card_text(top)) if top
                         else tr(lang, "Centre (new pile)"))
                out.items.append(Button(action=action, label=label, style="primary"))
            elif verb == "onto" and args:
                target = int(args[0])
                label = label_naming(lang, self.WORDS["onto"], names[target], card=card_text(tops[target]))
                out.items.append(Button(action=action, label=label, style="success"))
            elif verb == "keep":  # Tač only: Schrum Schrum has no miss
                out.items.append(Button(action=action, label=tr(lang, "Onto my own Open pile (a miss: others may "
                                                                      "call Tač!)"), style="secondary"))
            elif verb == "tac":
                out.items.append(Button(action=action, label=tr(lang, "Tač!"), style="danger"))
            elif verb == "expose":
                out.items.append(Button(action=action, label=tr(lang, "Expose my next card"), style="primary"))
            elif verb == "give":
                out.items.append(Button(action=action, label=tr(lang, "Give a card"), style="success"))
            elif verb == "decline":
                out.items.append(Button(action=action, label=tr(lang, "Keep my card"), style="secondary"))
            # "pass" (a Tač caller's "I will not call") is not offered: nobody waits for it.
        return out

    def hand_note(self, table: Any, seat: int, view: dict[str, Any], legal: list[str], lang: str,
                  deadline: float | None) -> str | None:
        names = table.text_names
        penalty = view.get("tac_penalty")
        if view.get("phase") == "give" and penalty:
            offender = names[penalty["offender"]]
            if "give" in legal:
                return tr(lang, "Tač! was called on {name}: you may give {name} the top card of your Closed pile "
                                "(that is one card less for you).", name=offender) + _timer(deadline)
            # (a DM not redrawn when another giver decides: who is still deciding is on the table message)
            if seat == penalty["offender"]:
                return tr(lang, "Tač! was called on you: the others decide whether to give you a card; the table "
                                "message shows who is still deciding.")
            return tr(lang, "Tač! was called on {name}: the others decide whether to give a card; the table "
                            "message shows who is still deciding.", name=offender)
        if view.get("phase") == "tac" and view.get("tac_window") is not None:
            offender = view["tac_window"]
            card = card_text((view.get("reserve_tops") or [None] * len(names))[offender])
            nxt = names[view["current"]]
            if seat == offender:
                return tr(lang, "You kept {card} although it could be played: the others may call Tač! until "
                                "{next} exposes a card.", card=card, next=nxt)
            if "expose" in legal:
                return tr(lang, "{name} kept {card} although it could be played. Call Tač!, or expose your "
                                "next card (that ends the chance to call).", name=names[offender],
                          card=card) + _timer(deadline)
            if "tac" in legal:
                return tr(lang, "{name} kept {card} although it could be played: call Tač! before {next} "
                                "exposes a card.", name=names[offender], card=card, next=nxt)
            return tr(lang, "Waiting for {next} to expose a card.", next=nxt)
        exposed = view.get("exposed")
        if legal and exposed:
            counts = view.get("counts") or []
            left = counts[seat] if seat < len(counts) else 0
            return tr(lang, "Your card: **{card}**. Where does it go? (left: {count})",
                      card=card_text(exposed["card"]), count=cards(lang, left)) + _timer(deadline)
        ended = [e for e in table.last_events if e.get("type") == "to_reserve" and e.get("seat") == seat
                 and not e.get("miss")]
        if ended and view.get("current") != seat:
            return tr(lang, self.WORDS["ended"], card=card_text(ended[-1]["card"]))
        return tr(lang, "Not your turn. Your buttons appear here when it is.")

    def status(self, view: dict[str, Any], names: list[str], lang: str) -> str:
        if view.get("over"):
            return super().status(view, names, lang)
        penalty = view.get("tac_penalty")
        if view.get("phase") == "give" and penalty:
            return tr(lang, "Tač! was called on {name}: waiting for {who} to give a card or not.",
                      name=names[penalty["offender"]], who=", ".join(names[s] for s in penalty["undecided"]))
        if view.get("phase") == "tac" and view.get("tac_window") is not None:
            offender = view["tac_window"]
            card = card_text((view.get("reserve_tops") or [None] * len(names))[offender])
            return tr(lang, "{name} kept {card} although it could be played: Tač! may be called until {next} "
                            "exposes a card.", name=names[offender], card=card, next=names[view["current"]])
        exposed = view.get("exposed")
        if exposed:
            return tr(lang, "{name} places {card}.", name=names[exposed["seat"]], card=card_text(exposed["card"]))
        return super().status(view, names, lang)

    def table_state(self, view: dict[str, Any], names: list[str], lang: str, *,
                    settings: dict[str, Any] | None = None) -> list[str]:
        """The centre (its top card, its size and the rank it needs next) and each seat's piles as the picture lays
        them out: the talon (Tač: Closed pile) by its size, its cards never shown, and the reserve (Open pile) by its
        top card and size, with the seat's hands won in a match of several. The exposed card is the status line's."""
        centre = view.get("centre") or {}
        top, count, needed = centre.get("top"), int(centre.get("count") or 0), centre.get("next")
        pile = f"{card_text(top)} ({cards(lang, count)})" if top and count else tr(lang, "empty")
        line = f"{tr(lang, 'Centre')}: {pile}"
        if needed and not view.get("over"):
            line += " · " + tr(lang, "next: {rank}", rank=rank_label(needed))
        lines = [line]
        talons = view.get("talon_counts") or []
        reserves = view.get("reserves") or []
        tops = view.get("reserve_tops") or []
        totals = view.get("totals") or []
        several = ((view.get("options") or {}).get("hands") or 1) > 1
        for i, name in enumerate(names):
            size = len(reserves[i]) if i < len(reserves) else 0
            shown = tops[i] if i < len(tops) else None
            reserve = f"{card_text(shown)} ({cards(lang, size)})" if shown and size else tr(lang, "empty")
            lines.append(seat_line(name, [
                tr(lang, self.WORDS["piles"], talon=cards(lang, talons[i]) if i < len(talons) and talons[i] else
                   tr(lang, "empty"), reserve=reserve),
                total_text(lang, totals[i]) if several and i < len(totals) else ""]))
        return lines

    def stale_note(self, view: dict[str, Any], lang: str) -> str | None:
        return tr(lang, "Too late: the game moved on before your click arrived, so nothing happened. Your "
                        "message shows where it stands now.")

    def lobby_note(self, table: Table, lang: str) -> str | None:
        """Three friends at a Schrum Schrum table: without `unequal_piles:` it deals only to 2, 4 or 8, and the
        lobby says how to play with the people there (a table opened again with the option) or with more."""
        counts = table.engine_cls.seat_counts(table.options)
        n = len(table.seats)
        if table.game != self.key or n < 2 or n in counts or n > max(counts):
            return None
        return tr(lang, "{n} players need unequal piles, which this table does not allow: open a new table with "
                        "{command} and {option} True, or seat players or computers up to {next}.",
                  n=n, next=min(k for k in counts if k > n),
                  option=f"`{command_name(lang, 'unequal_piles')}:`",
                  command=f"/{command_name(lang, 'schrum')} {command_name(lang, 'new')}")

    def routine(self, event: dict[str, Any]) -> bool:
        return event.get("type") == "to_reserve" and not event.get("miss")

    def run_text(self, n: int, lang: str) -> str:
        return tr(lang, self.WORDS["run"], n=n)

    def step(self, event: dict[str, Any], names: list[str], lang: str) -> str | None:
        kind = event.get("type")
        if kind == "play":
            name, card = names[event["seat"]], card_text(event["card"])
            if event.get("to") == "centre":
                return tr(lang, "{name} {card} → centre", name=name, card=card)
            return tr(lang, "{name} {card} → {target}", name=name, card=card, target=names[event["to"]])
        if kind == "to_reserve":
            name, card = names[event["seat"]], card_text(event["card"])
            if event.get("miss"):  # Tač only
                return tr(lang, "{name} {card} → own Open pile: a miss!", name=name, card=card)
            return tr(lang, self.WORDS["to_own"], name=name, card=card)
        if kind == "turnover":
            return tr(lang, self.WORDS["turnover"], name=names[event["seat"]], count=cards(lang, event["cards"]))
        if kind == "tac":
            return tr(lang, "{name}: Tač! on {offender}", name=names[event["seat"]], offender=names[event["offender"]])
        if kind == "give" and not event.get("given"):
            return tr(lang, "{name} gives no card", name=names[event["seat"]])
        if kind == "tac_given":
            return tr(lang, "{offender} gets {count}", offender=names[event["offender"]],
                      count=cards(lang, event["cards"]))
        if kind == "win":
            return tr(lang, "{name} has no cards left and wins the hand!", name=names[event["seat"]])
        if kind == "stall":
            # the engine counts turns; the rules (and players) count rounds of the table
            return tr(lang, "no card reached the centre for {n} rounds: the hand is a draw",
                      n=event["turns"] // max(1, len(names)))
        return None


class TacUI(SchrumUI):
    """Tač: the same table, plus the miss window's Tač! button."""

    key = "tac"
    # Tač's piles as its rules page names them (docs/rules/tac.md, the option open_rule): Closed and Open pile
    WORDS: dict[str, str] = {
        "onto": N_("Onto {name}'s Open pile ({card})"),
        "to_own": N_("{name} {card} → own Open pile"),
        "turnover": N_("{name} turns the Open pile over as new Closed pile ({count})"),
        "run": N_("{n} cards fit nowhere, onto their own Open piles"),
        "ended": N_("Your last turn ended when your {card} fitted nowhere and went onto your Open pile. Your "
                    "buttons appear here when it is your turn again."),
        "piles": N_("Closed pile {talon} · Open pile {reserve}"),
    }
