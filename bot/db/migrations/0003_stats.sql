-- Leaderboards, personal stats, ratings and seasons (bot/stats).
--
-- A season is a numbered span of a server's play; season 1 runs from the first game until a moderator
-- starts season 2. A guild with no row here is in season 1.
CREATE TABLE seasons (
    guild_id     INTEGER NOT NULL,
    number       INTEGER NOT NULL,            -- 1, 2, 3, ... per guild
    name         TEXT,
    started_by   INTEGER,
    started_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (guild_id, number)
);

-- One row per seat of a FINISHED match, written in the same transaction as its match_over (abandoned
-- and cancelled tables never get rows). Everything a leaderboard needs, so a leaderboard is one
-- index-only aggregate. user_id <= 0 is "a former player" (see /privacy forget-me).
CREATE TABLE stat_results (
    table_id     INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    game         TEXT NOT NULL,
    season       INTEGER NOT NULL,
    ended_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    user_id      INTEGER NOT NULL,
    name         TEXT NOT NULL,               -- the name shown at the table (replays draw it again)
    seats        INTEGER NOT NULL,
    total        INTEGER NOT NULL,            -- final standing in the game's unit
    winner       INTEGER NOT NULL,            -- 1 if among the match's winners
    place        INTEGER NOT NULL,            -- 1 = best; tied seats share a place
    hands        INTEGER NOT NULL,            -- hands (deals, games) scored in the match
    hands_won    INTEGER NOT NULL,            -- of those, won by this seat (the game's own sense)
    money        INTEGER,                     -- Rufmariasch: this table's 'deal' entries in the ledger
    currency     TEXT,                        --   (minor units) and their currency label; else NULL
    PRIMARY KEY (table_id, seat)
);
-- leaderboards: all time, per season, per month. Covering, in GROUP BY order (user_id, currency): the
-- aggregate reads only the index range of one server and game, never the table, and needs no sort.
CREATE INDEX stat_results_board ON stat_results
    (guild_id, game, user_id, currency, winner, total, hands, hands_won, place, money);
CREATE INDEX stat_results_season ON stat_results
    (guild_id, game, season, user_id, currency, winner, total, hands, hands_won, place, money);
CREATE INDEX stat_results_time ON stat_results
    (guild_id, game, ended_at, user_id, currency, winner, total, hands, hands_won, place, money);
-- recent tables of a server (/history)
CREATE INDEX stat_results_recent ON stat_results (guild_id, ended_at);
-- one person's record (/stats, /history user)
CREATE INDEX stat_results_user ON stat_results (user_id, guild_id, ended_at);

-- Current skill rating (openskill Plackett-Luce mu/sigma) per server, game and stream:
-- season 0 is the all-time stream, season N the stream of season N.
CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    game         TEXT NOT NULL,
    season       INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    mu           REAL NOT NULL,
    sigma        REAL NOT NULL,
    matches      INTEGER NOT NULL DEFAULT 0,
    updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (guild_id, game, season, user_id)
) WITHOUT ROWID;

-- The rating after every rated match, for the chart on /stats.
CREATE TABLE rating_history (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    game         TEXT NOT NULL,
    season       INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    table_id     INTEGER NOT NULL,
    mu           REAL NOT NULL,
    sigma        REAL NOT NULL,
    at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX rating_history_user ON rating_history (user_id, guild_id, season, game, id);
CREATE INDEX rating_history_table ON rating_history (table_id);

-- Finished tables whose ratings are applied (ratings run after the commit; a restart catches up).
CREATE TABLE rated_tables (
    table_id     INTEGER PRIMARY KEY,
    rated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- /privacy forget-me anonymises a person's ledger entries (user_id -> -entry_id, "a former player"):
-- the money stays, so everybody else's balance is unchanged. The ledger stays append-only otherwise:
-- this is the one update it allows.
DROP TRIGGER IF EXISTS rufmariasch_ledger_no_update;
CREATE TRIGGER rufmariasch_ledger_no_update BEFORE UPDATE ON rufmariasch_ledger
WHEN NOT (OLD.user_id > 0 AND NEW.user_id = -OLD.entry_id AND NEW.entry_id = OLD.entry_id
          AND NEW.guild_id = OLD.guild_id AND NEW.table_id IS OLD.table_id AND NEW.hand_no IS OLD.hand_no
          AND NEW.amount = OLD.amount AND NEW.currency = OLD.currency AND NEW.kind = OLD.kind
          AND NEW.settled_upto IS OLD.settled_upto AND NEW.created_at = OLD.created_at)
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
