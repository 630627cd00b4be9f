-- When a running table's turn timer was last started (Unix time, seconds): stored with the move, the vote's
-- end or the return of an absent player that started it, so that a restart resumes the timer with the time the
-- turn had left (the countdown the hand DMs show) instead of a whole new period, and does not ping again for a
-- reminder that went out before it. NULL: not known (tables from before this): a whole period, as before.
ALTER TABLE tables ADD COLUMN timer_since REAL;
