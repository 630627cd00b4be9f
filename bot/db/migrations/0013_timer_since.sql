-- When a running table's turn timer was last started by something other than a move (Unix time, seconds): the
-- table's start, the vote's end, the return of an absent player. A move's own start is its `actions.at`; a restart
-- resumes the timer from the later of the two with the time the turn had left (the countdown the hand DMs show)
-- instead of a whole new period. NULL: not known (a whole period, or the last move's time).
ALTER TABLE tables ADD COLUMN timer_since REAL;
