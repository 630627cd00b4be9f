-- Computer players. A computer seat has `computer` set to its level ('easy', 'strong') and a negative user_id
-- (no Discord user: ids count down from -1 within a table). A table with a computer seat, or with hints, is a
-- practice table: its hands and matches are kept for the score sheets and replays, but nothing is booked in the
-- stakes ledger or counted in ratings and leaderboards. A computer standing in for an absent person (autopilot)
-- changes nothing: that seat stays a person's. actions.auto: 0 a person, 1 the turn timer, 2 a computer.
ALTER TABLE seats ADD COLUMN computer TEXT CHECK (computer IN ('easy', 'strong'));
ALTER TABLE tables ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
