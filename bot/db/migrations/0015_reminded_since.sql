-- The `timer_since` whose reminder ("the turn timer plays for you …") went out: a restart that resumes that timer
-- past the reminder's moment sends it then only if it had not gone out (the bot was down when it was due), so
-- a player is neither pinged twice nor left unwarned before the timer plays for them. NULL: none yet.
ALTER TABLE tables ADD COLUMN reminded_since REAL;
