-- Finished tables whose action log could not rebuild a stats record (the log does not end the match, or replaying
-- it failed) under the engine code of `fingerprint` (bot.tables.snapshots.fingerprint): stats catch-up at start
-- skips them while the engines are the same, instead of retrying them at every start, where they would take places
-- in its batch from tables it can record. Engines that changed try each one once more.
CREATE TABLE stat_unrecordable (
    table_id INTEGER PRIMARY KEY REFERENCES tables (table_id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    noted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
