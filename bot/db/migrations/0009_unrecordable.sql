-- Finished tables whose action log cannot rebuild a stats record (the log does not end the match, or replaying
-- it fails): stats catch-up at start skips them instead of retrying them at every start, where they would take
-- places in its batch from tables it can record. A version that learns to record one deletes its row here.
CREATE TABLE stat_unrecordable (
    table_id INTEGER PRIMARY KEY REFERENCES tables (table_id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    noted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
