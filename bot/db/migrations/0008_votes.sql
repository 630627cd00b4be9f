-- An open absent-player vote ({"seat": s, "yes": [user ids]} as JSON; NULL when none), kept so that a restart
-- neither forgets a vote (its buttons on the table message would answer "no vote open") nor the votes cast.
ALTER TABLE tables ADD COLUMN vote TEXT;
