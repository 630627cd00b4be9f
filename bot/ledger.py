"""Rufmariasch money: the stake players type, amounts as text, and the append-only ledger in SQLite.

Amounts are integers in minor units: hundredths of the table's currency label ("0.50" -> 50, "2" -> 200).
The stake (minor units per point) is the engine option ``stake``, fixed when the table is created; the
label ("€", "KM", "ct" or nothing) is the table setting ``currency``.

The ledger (``rufmariasch_ledger``, migration 0002) gets one ``deal`` entry per player per scored deal:
:func:`deal_entries` is a result writer (``TableService.add_result_writer``), so its rows are committed in
the same transaction as the action that scored the deal. A restart therefore can neither lose an entry
(the action and its entries are stored together or not at all) nor write one twice (a replayed action
is not stored again; a unique index backs this up). Nothing ever updates or deletes an entry (triggers).

Balances are sums over the ledger per server and per currency label: tables with different labels
never mix. Every deal's entries sum to zero (each payment has a payee), so the balances of a server
always sum to zero. A settlement (:meth:`Ledger.settle`) squares everyone as of one entry id by adding
``settle`` counter-entries of minus each balance; deals after that id stay open.
"""

from __future__ import annotations

import asyncio
import heapq
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from bot.db import Database
from bot.money import SCALE, format_money
from bot.tables import Table, UserError

MAX_STAKE = 1000 * SCALE         # 1000.00 per point: anything above is a typo
MAX_LABEL = 6
PAGE = 10                        # ledger entries per page

_STAKE = re.compile(r"^(?P<pre>[^\d\s.,+\-−]*)\s*(?P<sign>[+\-−]?)\s*(?P<int>\d*)(?:[.,](?P<frac>\d+))?\s*"
                    r"(?P<post>[^\d\s.,+\-−]*)$")

INSERT = ("INSERT INTO rufmariasch_ledger (guild_id, table_id, hand_no, user_id, amount, currency, kind, settled_upto)"
          " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
# minus every balance as of an entry, unless a settlement newer than that entry was booked meanwhile
SETTLE = ("INSERT INTO rufmariasch_ledger (guild_id, table_id, hand_no, user_id, amount, currency, kind, settled_upto)"
          " SELECT ?, NULL, NULL, user_id, -SUM(amount), currency, 'settle', ? FROM rufmariasch_ledger"
          " WHERE guild_id = ? AND entry_id <= ? AND NOT EXISTS (SELECT 1 FROM rufmariasch_ledger"
          " WHERE guild_id = ? AND kind = 'settle' AND entry_id > ?)"
          " GROUP BY currency, user_id HAVING SUM(amount) != 0 ORDER BY currency, user_id")


# -- typing and showing amounts --------------------------------------------------------------------------
def parse_label(text: str | None) -> str:
    """A currency label: up to six letters or currency signs ("€", "KM", "ct", "din"), or nothing."""
    label = (text or "").strip()
    if len(label) > MAX_LABEL or any(unicodedata.category(ch)[0] != "L" and unicodedata.category(ch) != "Sc"
                                     for ch in label):
        raise UserError("The currency label can be up to six letters or a currency sign, such as €, KM or ct.")
    return label


def parse_stake(text: str | None, currency: str | None = None, lang: str = "en") -> tuple[int, str]:
    """`"0.50"` -> (50, label); `"2"` -> (200, label); `"0,50 €"` -> (50, "€") unless `currency` names one.

    Raises `UserError` (shown to the user) for zero, negative, non-numeric, more than two decimals, or
    more than 1000 per point (that limit written as `lang`, the reader's language, writes amounts)."""
    raw = (text or "").strip()
    m = _STAKE.match(raw)
    if not m or not (m["int"] or m["frac"]) or (m["pre"] and m["post"]):
        raise UserError("The stake must be an amount of money per point, such as 0.50 or 2.")
    if m["frac"] and len(m["frac"]) > 2:
        raise UserError("The stake can have at most two decimal places, such as 0.05.")
    minor = int(m["int"] or "0") * SCALE + int((m["frac"] or "0").ljust(2, "0"))
    if m["sign"] in ("-", "−") or minor == 0:
        raise UserError("The stake must be more than zero.")
    if minor > MAX_STAKE:
        raise UserError("The stake can be at most {max} per point.", max=format_money(MAX_STAKE, lang=lang))
    label = parse_label(currency) if currency and currency.strip() else parse_label(m["pre"] or m["post"])
    return minor, label


# -- settling up -------------------------------------------------------------------------------------------
def parties(users: dict[int, int]) -> dict[int, int]:
    """The balances of one currency as a settlement names them: forgotten players (ids <= 0, one per anonymised
    entry) are one party, "a former player"; parties whose balance is zero are left out."""
    merged: dict[int, int] = {}
    for user_id, amount in users.items():
        merged[max(user_id, 0)] = merged.get(max(user_id, 0), 0) + amount
    return {u: a for u, a in merged.items() if a}


def fewest_transfers(balances: dict[int, int]) -> list[tuple[int, int, int]]:
    """Payments `(payer, payee, amount)` that bring every balance to zero (balances must sum to zero).

    First every debtor whose debt equals some creditor's credit pays that creditor directly (the usual
    2 v 2 result needs no more); then, greedily, the largest debtor pays the largest creditor as much as
    one of them needs, until all are square. That takes at most (players with a balance - 1) payments.
    The true minimum is a partition problem (NP-hard); greedy is what people do at a real table and is
    rarely more than one payment off. Ties go to the smaller user id, so the result is deterministic."""
    if sum(balances.values()) != 0:
        raise ValueError("balances must sum to zero")
    debts = {u: -b for u, b in balances.items() if b < 0}
    credits = {u: b for u, b in balances.items() if b > 0}
    out: list[tuple[int, int, int]] = []
    for payer in sorted(debts, key=lambda u: (-debts[u], u)):
        payee = next((c for c in sorted(credits) if credits[c] == debts[payer]), None)
        if payee is not None:
            out.append((payer, payee, debts.pop(payer)))
            del credits[payee]
    dh = [(-amount, u) for u, amount in debts.items()]
    ch = [(-amount, u) for u, amount in credits.items()]
    heapq.heapify(dh)
    heapq.heapify(ch)
    while dh:
        d, payer = heapq.heappop(dh)
        c, payee = heapq.heappop(ch)
        pay = min(-d, -c)
        out.append((payer, payee, pay))
        if -d > pay:
            heapq.heappush(dh, (d + pay, payer))
        if -c > pay:
            heapq.heappush(ch, (c + pay, payee))
    return out


# -- the ledger ----------------------------------------------------------------------------------------------
def deal_entries(table: Table, event: dict[str, Any], engine: object = None) -> list[tuple[str, Any]]:
    """Result writer: one 'deal' entry per seat for a `hand_scored` event (amounts = the engine's deltas,
    already in minor units because the engine's stake is)."""
    if event.get("type") != "hand_scored":
        return []
    currency = str(table.settings.get("currency") or "")
    return [(INSERT, (table.guild_id, table.id, int(event["hand_no"]), table.seats[s].user_id, int(delta), currency,
                      "deal", None))
            for s, delta in enumerate(event["deltas"])]


@dataclass
class Summary:
    currency: str
    balance: int
    deals: int
    tables: int


class Ledger:
    """Queries over the ledger and the one write that is not a deal: a settlement."""

    def __init__(self, db: Database):
        self.db = db
        self._settling = asyncio.Lock()

    async def last_entry(self, guild_id: int) -> int:
        row = await self.db.fetchone("SELECT MAX(entry_id) FROM rufmariasch_ledger WHERE guild_id = ?", (guild_id,))
        return int(row[0] or 0) if row else 0

    async def balances(self, guild_id: int, *, upto: int | None = None) -> dict[str, dict[int, int]]:
        """currency -> user -> balance (minor units), over the entries up to `upto` (default: all);
        users whose balance is zero are left out."""
        sql = "SELECT currency, user_id, SUM(amount) FROM rufmariasch_ledger WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        if upto is not None:
            sql += " AND entry_id <= ?"
            params.append(upto)
        out: dict[str, dict[int, int]] = {}
        for currency, user_id, total in await self.db.fetchall(sql + " GROUP BY currency, user_id", params):
            if total:
                out.setdefault(currency, {})[int(user_id)] = int(total)
        return out

    async def summary(self, guild_id: int, user_id: int) -> list[Summary]:
        """One player's balance per currency in this server, with how many deals and tables it took."""
        rows = await self.db.fetchall(
            "SELECT currency, SUM(amount), SUM(kind = 'deal'), COUNT(DISTINCT table_id) FROM rufmariasch_ledger"
            " WHERE guild_id = ? AND user_id = ? GROUP BY currency ORDER BY currency", (guild_id, user_id))
        return [Summary(r[0], int(r[1]), int(r[2]), int(r[3])) for r in rows]

    async def entries(self, guild_id: int, user_id: int, *, upto: int, page: int = 0,
                      per_page: int = PAGE) -> tuple[list[Any], int]:
        """(entries newest first, number of entries) of one player in this server, up to entry `upto`."""
        rows = await self.db.fetchall(
            "SELECT entry_id, table_id, hand_no, amount, currency, kind, created_at FROM rufmariasch_ledger"
            " WHERE guild_id = ? AND user_id = ? AND entry_id <= ? ORDER BY entry_id DESC LIMIT ? OFFSET ?",
            (guild_id, user_id, upto, per_page, page * per_page))
        count = await self.db.fetchone(
            "SELECT COUNT(*) FROM rufmariasch_ledger WHERE guild_id = ? AND user_id = ? AND entry_id <= ?",
            (guild_id, user_id, upto))
        return rows, int(count[0]) if count else 0

    async def names(self, user_ids: list[int]) -> dict[int, str]:
        """The names stored for these people when they last sat down (`players`), for those a settlement cannot
        mention (they left the server). A person /privacy forget-me forgot has none: their row is deleted and their
        entries carry no user id of theirs."""
        out: dict[int, str] = {}
        for i in range(0, len(user_ids), 500):
            chunk = [u for u in user_ids[i:i + 500] if u > 0]
            if chunk:
                rows = await self.db.fetchall(f"SELECT user_id, name FROM players WHERE NOT forgotten AND user_id IN"
                                              f" ({','.join('?' * len(chunk))})", chunk)
                out.update({int(r[0]): str(r[1]) for r in rows if r[1]})
        return out

    async def settle(self, guild_id: int, upto: int) -> dict[str, dict[int, int]]:
        """Square every balance as of entry `upto`: add a 'settle' entry of minus each balance. Returns the
        balances that were squared. Refused (UserError) when a settlement was confirmed after `upto` was
        read, so a proposal can be confirmed once and an old one never on top of a newer one."""
        async with self._settling:
            newer = await self.db.fetchone(
                "SELECT 1 FROM rufmariasch_ledger WHERE guild_id = ? AND kind = 'settle' AND entry_id > ? LIMIT 1",
                (guild_id, upto))
            if newer:
                raise UserError("This settlement is already booked, or a newer one is. Run /rufmariasch settle "
                                "again for the balances as they are now.")
            balances = await self.balances(guild_id, upto=upto)
            # a forgotten person's entries are one party each by id (-entry_id): those that net to zero leave
            # balances behind that nobody owes (a forget-me after a settlement), and are no settlement
            if not any(parties(users) for users in balances.values()):
                raise UserError("Everyone is square already: there is nothing to settle.")
            # the counter-entries are summed where they are written, in the same transaction: a forget-me that
            # commits between the read above and this write (it rewrites the person's entries to the former-player
            # party) is squared as it stands then, and never brings the forgotten id back
            await self.db.write([(SETTLE, (guild_id, upto, guild_id, upto, guild_id, upto))])
            return balances
