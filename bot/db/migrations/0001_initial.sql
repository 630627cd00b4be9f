-- Servers, players, tables with their seats, the append-only action log and results.
CREATE TABLE guilds (
    guild_id     INTEGER PRIMARY KEY,
    locale       TEXT,
    settings     TEXT NOT NULL DEFAULT '{}',
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE players (
    user_id      INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    locale       TEXT,
    forgotten    INTEGER NOT NULL DEFAULT 0,
    updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE tables (
    table_id     INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,          -- where /<game> new was run
    thread_id    INTEGER,                   -- the table's thread, if the bot could create one
    lobby_message_id INTEGER,
    table_message_id INTEGER,
    game         TEXT NOT NULL,
    options      TEXT NOT NULL DEFAULT '{}', -- engine options (JSON)
    settings     TEXT NOT NULL DEFAULT '{}', -- table settings: deck style, turn timer, ... (JSON)
    seed         INTEGER NOT NULL,
    host_id      INTEGER NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled', 'abandoned')),
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    started_at   TEXT,
    ended_at     TEXT
);
CREATE INDEX tables_open ON tables (status) WHERE status IN ('lobby', 'running');
CREATE INDEX tables_channel ON tables (channel_id, status);

CREATE TABLE seats (
    table_id     INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    dm_channel_id INTEGER,
    dm_message_id INTEGER,
    dm_hand_no   INTEGER,
    dm_closed    INTEGER NOT NULL DEFAULT 0,
    last_change  INTEGER NOT NULL DEFAULT 0,  -- action count at which this seat's choices last changed
    timeouts     INTEGER NOT NULL DEFAULT 0,  -- consecutive turn-timer expiries
    autopilot    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    table_id     INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,            -- 1, 2, 3, ... per table
    seat         INTEGER NOT NULL,
    action       TEXT NOT NULL,
    auto         INTEGER NOT NULL DEFAULT 0,  -- taken by the turn timer
    at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
WHEN (SELECT COUNT(*) FROM tables WHERE table_id = OLD.table_id) > 0
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

CREATE TABLE hand_results (
    table_id     INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    hand_no      INTEGER NOT NULL,
    seat         INTEGER NOT NULL,
    delta        INTEGER NOT NULL,
    total        INTEGER NOT NULL,
    detail       TEXT NOT NULL DEFAULT '{}',
    at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (table_id, hand_no, seat)
);

CREATE TABLE match_results (
    table_id     INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    total        INTEGER NOT NULL,
    winner       INTEGER NOT NULL,
    at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX match_results_user ON match_results (user_id);
