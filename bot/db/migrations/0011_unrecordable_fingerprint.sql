-- 0009 gained its `fingerprint` column after some databases had run it without one (a migration edited after it
-- shipped: stats catch-up then failed at every start with "no such column"). The table is a cache of what catch-up
-- may skip, so it is made again as 0009 makes it now, on every database: anything skipped is tried once more.
DROP TABLE IF EXISTS stat_unrecordable;
CREATE TABLE stat_unrecordable (
    table_id INTEGER PRIMARY KEY REFERENCES tables (table_id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    noted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
