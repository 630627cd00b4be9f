-- When the last reminder ("the turn timer plays for you …") went out (Unix time): a restart that resumes a timer
-- past its reminder's moment sends it then only if none went out since that timer started (the bot was down when
-- it was due), so a player is neither pinged twice nor left unwarned before the timer plays for them.
ALTER TABLE tables ADD COLUMN reminded_since REAL;
