-- Engine snapshots, a start-up cache over the action log (which stays the truth): the pickled engine of a
-- running table after action `seq`, written in the same transaction as that action. Restore unpickles it
-- and replays only the later actions. `fingerprint` names the engine code that wrote it; a snapshot from
-- other code is deleted at start-up and that table is replayed from its first action.
CREATE TABLE snapshots (
    table_id     INTEGER PRIMARY KEY REFERENCES tables (table_id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,
    fingerprint  TEXT NOT NULL,
    state        BLOB NOT NULL
);
