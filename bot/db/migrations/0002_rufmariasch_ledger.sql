-- Rufmariasch money: an append-only ledger (bot/ledger.py). One 'deal' entry per player per scored deal,
-- written in the same transaction as the action that scored it; a moderator-confirmed settlement adds
-- 'settle' counter-entries. Balances are sums over it, per server and currency; nothing edits an entry.
CREATE TABLE rufmariasch_ledger (
    entry_id     INTEGER PRIMARY KEY AUTOINCREMENT,   -- grows with every entry: a settlement covers ids <= N
    guild_id     INTEGER NOT NULL,
    table_id     INTEGER,                   -- 'deal': the table (no foreign key: money outlives tables)
    hand_no      INTEGER,                   -- 'deal': the deal number at that table
    user_id      INTEGER NOT NULL,
    amount       INTEGER NOT NULL,          -- integer minor units (hundredths); + received, - paid
    currency     TEXT NOT NULL DEFAULT '',  -- the table's label ('€', 'KM', ''); balances never mix labels
    kind         TEXT NOT NULL CHECK (kind IN ('deal', 'settle')),
    settled_upto INTEGER,                   -- 'settle': the last entry id the settlement squared
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK ((kind = 'deal' AND table_id IS NOT NULL AND hand_no IS NOT NULL AND settled_upto IS NULL)
        OR (kind = 'settle' AND settled_upto IS NOT NULL))
);
-- a deal is booked once per player, a settlement once per player and currency
CREATE UNIQUE INDEX rufmariasch_ledger_deal ON rufmariasch_ledger (table_id, hand_no, user_id) WHERE kind = 'deal';
CREATE UNIQUE INDEX rufmariasch_ledger_settle ON rufmariasch_ledger (guild_id, settled_upto, user_id, currency)
    WHERE kind = 'settle';
-- balances per server (covering: SUM(amount) GROUP BY currency, user_id never reads the table)
CREATE INDEX rufmariasch_ledger_balance ON rufmariasch_ledger (guild_id, currency, user_id, amount);
-- one player's recent entries, newest first
CREATE INDEX rufmariasch_ledger_user ON rufmariasch_ledger (guild_id, user_id, entry_id);

-- Append-only. The one update allowed is forgetting a person (/privacy forget-me): user_id becomes
-- -entry_id and nothing else changes, so every amount and everybody else's balance stay as they were.
CREATE TRIGGER rufmariasch_ledger_no_update BEFORE UPDATE ON rufmariasch_ledger
WHEN NOT (NEW.user_id = -OLD.entry_id AND OLD.user_id > 0 AND NEW.entry_id = OLD.entry_id
          AND NEW.guild_id = OLD.guild_id AND NEW.table_id IS OLD.table_id AND NEW.hand_no IS OLD.hand_no
          AND NEW.amount = OLD.amount AND NEW.currency = OLD.currency AND NEW.kind = OLD.kind
          AND NEW.settled_upto IS OLD.settled_upto AND NEW.created_at = OLD.created_at)
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER rufmariasch_ledger_no_delete BEFORE DELETE ON rufmariasch_ledger
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
