-- Whether the end of a table that ended without a move (cancelled while running, abandoned by the absent vote or
-- its timeout) has been shown: its table message redrawn without the game's buttons and its hand DMs without
-- controls. 0 from the moment the end is stored until those messages went out: a restart in between shows the end
-- then (`TableService.ended_behind`), where the table message went on asking for a vote that no longer exists.
-- 1 for every table before this, and for tables whose end there is nothing to show of.
ALTER TABLE tables ADD COLUMN end_shown INTEGER NOT NULL DEFAULT 1;
