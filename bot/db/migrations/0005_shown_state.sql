-- What players see, kept beside what is stored, so a restart can bring the messages in line with the state:
-- the action count the table message shows, how many scored hands the last score sheet covered, and a digest
-- of what each seat's hand DM shows. A move is stored before any message goes out; these columns are written
-- after the messages went out, so a crash in between leaves them behind, and start-up sends what is missing.
ALTER TABLE tables ADD COLUMN shown_version INTEGER;           -- NULL: not known (tables from before this)
ALTER TABLE tables ADD COLUMN sheets_shown INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN dm_shows TEXT;                    -- NULL: not known

-- tables from before this migration: their sheets went out as the hands ended
UPDATE tables SET sheets_shown = COALESCE(
    (SELECT MAX(hand_no) FROM hand_results h WHERE h.table_id = tables.table_id), 0);
